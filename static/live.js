// Scopa Scorekeeper: follow a game or an event as it changes. Loaded before scoreboard.js and event.js.
// The page holds one stream (Server-Sent Events, /g/<id>/live or /e/<id>/live): the server sends the version the
// page should show at once and again within a second of every change. Where no stream gets through (a proxy that
// buffers or cuts it, an old browser, a server that answers it once and closes), the page asks the version every
// few seconds instead, waiting longer after each failure (up to a minute), and tries the stream again later.
// A hidden page holds no stream and asks nothing; shown again, back online or after a dropped stream, it hears the
// server's version at once. seen(version) is called with every version heard; the page decides what it means.
"use strict";
var Live = (function () {
  var FIRST_EVENT_MS = 5000;  // a stream that says nothing this long is buffered somewhere: poll instead
  var STREAM_AGAIN_MS = 60000;  // after giving up on the stream, try it again this much later (on any page)
  var GAVE_UP = "live-stream-after";  // sessionStorage: until when this tab's pages poll without trying a stream
  var WAIT_MAX = 60000;

  function stored(name) {
    try { return sessionStorage.getItem(name); } catch (e) { return null; }
  }
  function store(name, value) {
    try { sessionStorage.setItem(name, value); } catch (e) { /* private mode: this page alone remembers */ }
  }
  // opts: {stream: url, poll: url, every: ms, tag: function () -> the version the page shows (If-None-Match),
  //        seen: function (version)}
  function follow(opts) {
    var source = null, heard = false, failures = 0, firstTimer = null;
    var streamAfter = Number(stored(GAVE_UP)) || 0;
    var timer = null, asking = false, wait = opts.every, leaving = false;

    function hear(version) {
      wait = opts.every;
      opts.seen(Number(version));
    }
    // --- the stream
    function canStream() {
      return !!opts.stream && typeof EventSource !== "undefined" && Date.now() >= streamAfter;
    }
    function open() {
      if (source || document.hidden || !canStream()) return false;
      heard = false;
      source = new EventSource(opts.stream);
      source.addEventListener("version", function (ev) {
        var d;
        if (leaving) return;  // the page is going (a form sent, a link): what comes next is the server's answer
        try { d = JSON.parse(ev.data); } catch (e) { return; }
        heard = true;
        failures = 0;
        clearTimeout(firstTimer);
        clearTimeout(timer);  // the stream says it all now: no poll
        timer = null;
        hear(d.version);
      });
      source.addEventListener("error", function () {
        if (leaving) return;  // the page is going (a reload, a link): the browser closed the stream, nothing failed
        // The browser opens the stream again by itself (the server's retry:). A stream that keeps failing before
        // it says anything, or that the browser gave up on, is left for the poll.
        if (!heard) failures += 1;
        heard = false;  // until it speaks again, the poll covers
        if (!source || source.readyState === EventSource.CLOSED || failures >= 3) giveUp();
        else if (!timer) later(opts.every);
      });
      clearTimeout(firstTimer);
      firstTimer = setTimeout(function () { if (!heard) giveUp(); }, FIRST_EVENT_MS);
      later(opts.every);  // until the stream speaks, the poll goes on
      return true;
    }
    function close() {
      clearTimeout(firstTimer);
      if (source) { source.close(); source = null; }
    }
    function giveUp() {
      close();
      failures = 0;
      streamAfter = Date.now() + STREAM_AGAIN_MS;
      store(GAVE_UP, String(streamAfter));
      later(0);
    }
    // --- the poll, while no stream speaks
    function later(ms) {
      clearTimeout(timer);
      timer = document.hidden ? null : setTimeout(ask, ms);
    }
    function ask() {
      timer = null;
      if (document.hidden || asking) return;
      if (source && heard) return;  // the stream speaks: nothing to ask
      if (!source && open()) return;  // the stream may be tried again: it says the version at once
      if (!navigator.onLine) { wait = Math.min(WAIT_MAX, wait * 2); later(wait); return; }
      asking = true;
      var headers = { Accept: "application/json" };
      var tag = opts.tag ? opts.tag() : null;
      if (tag !== null && tag !== undefined) headers["If-None-Match"] = '"' + tag + '"';
      fetch(opts.poll, { cache: "no-store", headers: headers })
        .then(function (r) {
          if (r.status === 304) return null;
          if (!r.ok) throw new Error(String(r.status));
          return r.json();
        })
        .then(function (d) { wait = opts.every; if (d && !leaving) hear(d.version); })
        .catch(function () { wait = Math.min(WAIT_MAX, wait * 2); })
        .finally(function () { asking = false; if (!(source && heard)) later(wait); });
    }
    function now() {
      // Shown again, back online: the server's version at once (a new stream says it; else a poll now).
      close();
      failures = 0;
      wait = opts.every;
      if (!open()) later(0);
    }
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
