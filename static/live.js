// Scopa Scorekeeper: follow a game or event: its stream (SSE) says each version; where none gets through, a poll
// (the stream tried again later). Hidden: nothing held; shown or online again: the version at once.
"use strict";
var Live = (function () {
  var FIRST_MS = 5000, AGAIN_MS = 60000, WAIT_MAX = 60000, GAVE_UP = "live-stream-after";
  function stored() { try { return Number(sessionStorage.getItem(GAVE_UP)) || 0; } catch (e) { return 0; } }
  function store(v) { try { sessionStorage.setItem(GAVE_UP, String(v)); } catch (e) { /* */ } }
  // opts: stream, poll (urls), every (ms), tag() (the version shown), seen(version)
  function follow(opts) {
    var source = null, heard = false, failures = 0, first = null, after = stored();
    var timer = null, asking = false, wait = opts.every, leaving = false;
    function hear(v) { wait = opts.every; if (!leaving) opts.seen(Number(v)); }
    function open() {
      if (source || document.hidden || !opts.stream || typeof EventSource === "undefined" || Date.now() < after) {
        return false;
      }
      heard = false;
      source = new EventSource(opts.stream);
      source.addEventListener("version", function (ev) {
        var d;
        try { d = JSON.parse(ev.data); } catch (e) { return; }
        heard = true; failures = 0;
        clearTimeout(first); clearTimeout(timer); timer = null;
        hear(d.version);
      });
      source.addEventListener("error", function () {
        if (leaving) return;
        if (!heard) failures += 1;
        heard = false;
        if (!source || source.readyState === EventSource.CLOSED || failures >= 3) giveUp();
        else if (!timer) later(opts.every);
      });
      clearTimeout(first);
      first = setTimeout(function () { if (!heard) giveUp(); }, FIRST_MS);  // silent: buffered
      later(opts.every);
      return true;
    }
    function close() { clearTimeout(first); if (source) { source.close(); source = null; } }
    function giveUp() { close(); failures = 0; after = Date.now() + AGAIN_MS; store(after); later(0); }
    function later(ms) { clearTimeout(timer); timer = document.hidden ? null : setTimeout(ask, ms); }
    function ask() {
      timer = null;
      if (document.hidden || asking || (source && heard)) return;
      if (!source && open()) return;
      if (!navigator.onLine) { wait = Math.min(WAIT_MAX, wait * 2); later(wait); return; }
      asking = true;
      var headers = { Accept: "application/json" }, tag = opts.tag ? opts.tag() : null;
      if (tag !== null && tag !== undefined) headers["If-None-Match"] = '"' + tag + '"';
      fetch(opts.poll, { cache: "no-store", headers: headers })
        .then(function (r) {
          if (r.status === 304) return null;
          if (!r.ok) throw new Error(String(r.status));
          return r.json();
        })
        .then(function (d) { wait = opts.every; if (d) hear(d.version); })
        .catch(function () { wait = Math.min(WAIT_MAX, wait * 2); })
        .finally(function () { asking = false; if (!(source && heard)) later(wait); });
    }
    function now() { close(); failures = 0; wait = opts.every; if (!open()) later(0); }
    document.addEventListener("visibilitychange", function () {
      if (document.hidden) { close(); clearTimeout(timer); timer = null; } else now();
    });
    window.addEventListener("online", now);
    window.addEventListener("beforeunload", function () { leaving = true; });
    window.addEventListener("pagehide", function () { leaving = true; close(); clearTimeout(timer); });
    window.addEventListener("pageshow", function (ev) { if (ev.persisted) { leaving = false; now(); } });
    if (!open()) later(opts.every);
    return { now: now };
  }
  return { follow: follow };
})();
