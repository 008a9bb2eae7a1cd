// Progressive enhancement for Scopa Scorekeeper. Every form works without this file; the rules
// (counts, primiera, who scores what) always come from the server, never from here.
"use strict";
document.documentElement.classList.add("js");

function $(sel, root) { return (root || document).querySelector(sel); }
function $$(sel, root) { return Array.from((root || document).querySelectorAll(sel)); }

// The words the scripts show come from the page, in the reader's language (base.html's data-strings, made by
// scorekeeper/web/jsstrings.py): tr("name", {n: 2}) fills the %(n)s placeholders.
var STRINGS = (function () {
  try { return JSON.parse(document.body.dataset.strings || "{}"); } catch (e) { return {}; }
})();
function fill(text, params) {
  return text.replace(/%\((\w+)\)s/g, function (whole, key) {
    return params && Object.prototype.hasOwnProperty.call(params, key) ? String(params[key]) : whole;
  });
}
function tr(name, params) { return fill(typeof STRINGS[name] === "string" ? STRINGS[name] : name, params); }
// A counted string: its form for n (one for 1, other otherwise), with %(n)s filled in.
function trN(name, n, params) {
  var forms = STRINGS[name] || {};
  var p = Object.assign({ n: n }, params || {});
  return fill((n === 1 ? forms.one : forms.other) || name, p);
}
// House rules that mean something only with others (the core's OPTION_NEEDS, in each menu's data-needs): shown
// only while those have the values needed (``chosen(key)`` says what an option is now), else hidden and set back
// to the profile's, as the core would refuse them. A menu showing an error stays in view.
function fitHouseRules(options, chosen) {
  options.forEach(function (div) {
    var needs = JSON.parse(div.dataset.needs || "{}"), sel = $("select", div);
    var applies = Object.keys(needs).every(function (k) { return chosen(k) === needs[k]; });
    div.hidden = !applies && !div.classList.contains("has-error");
    if (div.hidden && sel) sel.value = "";
  });
}
// A form sent by the language switch's button (which carries it to the same page in another language) is not
// the person's own submission: the page scripts let it go as it is.
function bySwitch(ev) { return !!(ev && ev.submitter && ev.submitter.closest(".lang-switch")); }

// After *Stop keeping score on this phone*: the page names the addresses (body's data-forget, each with every
// address under it) whose copies the service worker kept (static/sw.js, cache "pages"), and their QR codes; they
// are deleted, so nothing of the game stays on the phone for offline use.
(function forgetPages() {
  var paths = (document.body.dataset.forget || "").split(" ").filter(Boolean);
  if (!paths.length || !("caches" in window)) return;
  caches.open("pages").then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.filter(function (r) {
        var url = new URL(r.url);
        var path = url.pathname === "/qr.svg" ? url.searchParams.get("path") || "" : url.pathname;
        return paths.some(function (p) { return path === p || path.indexOf(p + "/") === 0; });
      }).map(function (r) { return cache.delete(r); }));
    });
  }).then(function () { document.body.dataset.forgotten = ""; }).catch(function () {});
})();

// Never send a form twice: a double tap re-sends nothing (the server also ignores repeats).
$$("form").forEach(function (form) {
  form.addEventListener("submit", function (ev) {
    if (bySwitch(ev)) return;
    if (form.dataset.sent === "1" && !form.classList.contains("scopa-form")) { ev.preventDefault(); return; }
    if (ev.submitter && ev.submitter.name === "action" && ev.submitter.value.indexOf("rest:") === 0) return;
    form.dataset.sent = "1";
    setTimeout(function () { form.dataset.sent = ""; }, 4000);
  });
});

// Number steppers: big - and + beside each scopa count, within the field's own min and max (from the server).
$$(".stepper input").forEach(function (input) {
  var low = Number(input.min || 0), high = input.max === "" ? Infinity : Number(input.max);
  function step(d) {
    return function () {
      input.value = Math.max(low, Math.min(high, (parseInt(input.value, 10) || 0) + d));
      input.dispatchEvent(new Event("change", { bubbles: true }));
    };
  }
  var minus = document.createElement("button"), plus = document.createElement("button");
  minus.type = plus.type = "button";
  minus.textContent = "−"; plus.textContent = "+";
  minus.setAttribute("aria-label", tr("stepper_less")); plus.setAttribute("aria-label", tr("stepper_more"));
  minus.addEventListener("click", step(-1)); plus.addEventListener("click", step(1));
  input.before(minus); input.after(plus);
});

// The language switch on a page whose form is sent by GET (the checker): such a form is an address, so the switch
// goes back to the address the form would open, with every field filled in so far.
$$(".lang-switch[data-carry]").forEach(function (switcher) {
  switcher.addEventListener("submit", function () {
    var source = document.getElementById(switcher.dataset.carry);
    if (!source) return;
    var params = new URLSearchParams();
    new FormData(source).forEach(function (value, key) {
      if (typeof value === "string" && value !== "") params.append(key, value);
    });
    var target = new URL(source.getAttribute("action") || location.pathname, location.href);
    var back = target.pathname + (params.toString() ? "?" + params.toString() : "");
    var action = new URL(switcher.action, location.href);
    action.searchParams.set("next", back);
    switcher.action = action.pathname + action.search;
  });
});

// Paper: the Print button.
$$("[data-print]").forEach(function (b) { b.addEventListener("click", function () { window.print(); }); });

// Menus that choose what the page shows (the pads' rules): send their form on change. Kept here, not
// in an onchange attribute, because the Content-Security-Policy allows no inline script.
$$("select[data-submit-on-change]").forEach(function (select) {
  select.addEventListener("change", function () { select.form.submit(); });
});

// Keep the screen on while a game is open (its scoreboard and the hand's pages): the phone lies on the table
// between hands and should not lock. Where the Screen Wake Lock API is missing or refuses, nothing changes.
(function () {
  // The capture checker shares the hand pages' layout (body.hand-page) but is not a game being kept.
  var gameOpen = $(".scoreboard") || (document.body.classList.contains("hand-page") && !$("#checker-form"));
  if (!gameOpen || !("wakeLock" in navigator)) return;
  var lock = null, asking = false;
  function acquire() {
    if (document.visibilityState !== "visible" || asking || (lock && !lock.released)) return;
    asking = true;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      asking = false;
      lock = sentinel;
      // The browser lets go by itself when the page is hidden; visibilitychange asks again on return.
      sentinel.addEventListener("release", function () { if (lock === sentinel) lock = null; });
    }).catch(function () { asking = false; lock = null; });  // refused (battery saver, not in front): the screen may sleep
  }
  function release() {
    if (lock) { var held = lock; lock = null; held.release().catch(function () {}); }
  }
  document.addEventListener("visibilitychange", acquire);
  window.addEventListener("pagehide", release);
  window.addEventListener("pageshow", acquire);  // back to this page from the browser's history
  acquire();
})();

// Offline (the service worker, sw.js, keeps the app's shell and the game pages this phone opened): a banner says
// the page is the copy kept from the last visit; a hand, a scopa, a correction or a delete made now is kept on
// the phone (queue.js) and sent, in order, when the connection returns. The totals shown are always the server's.
// The scoreboard's winners form made ready for hand n (after hands kept offline): its number, title and button;
// the scopa buttons count for hand n too.
function numberWinners(n) {
  $$(".scopa-form input[name=hand]").forEach(function (i) { i.value = String(n); });
  var form = $(".scoreboard #winners"), hand = form && $("input[name=hand]", form);
  if (!hand) return;
  hand.value = String(n);
  $("#winners-title").textContent = tr("who_won_what", { n: n });
  $("#save-won").textContent = tr("save_hand", { n: n });
}

var Offline = (function () {
  var banner = $("#offline-banner"), queued = $("#queue-banner");
  var gameMatch = location.pathname.match(/^\/g\/([\w-]+)/);
  function clock(iso) {
    var d = new Date(iso);
    return isNaN(d) ? "" : String(d.getHours()).padStart(2, "0") + ":" + String(d.getMinutes()).padStart(2, "0");
  }
  // A page the service worker served from its copy (sw.js marks it): offline, whatever navigator.onLine says.
  function fromCache() { return document.body.hasAttribute("data-from-cache"); }
  function busy() { return !!document.querySelector("#winners input[type=radio]:checked"); }
  function showState() {
    if (!banner) return;
    banner.hidden = navigator.onLine && !fromCache();
    var time = clock(document.body.dataset.rendered || "");
    banner.textContent = $(".scoreboard") && time ? tr("offline_as_of", { time: time }) : tr("offline");
  }
  // What a kept change is, from where it goes: "hand 3", "correction of hand 2", "a scopa"...
  function label(item) {
    var path = new URL(item.url, location.href).pathname, m = path.match(/\/hands\/(\d+)\/(edit|delete)$/);
    if (m) return tr(m[2] === "edit" ? "kept_correction" : "kept_delete", { n: m[1] });
    if (/\/scopa$/.test(path)) return tr("kept_scopa");
    if (/\/undo$/.test(path)) return tr("kept_undo");
    var hand = handOf(item);
    return hand ? tr("kept_hand", { n: hand }) : item.label || tr("kept_change");
  }
  function handOf(item) {
    if (!/\/(won|hand|counts)$/.test(new URL(item.url, location.href).pathname)) return 0;
    var f = item.fields.filter(function (x) { return x[0] === "hand"; })[0];
    return f ? Number(f[1]) : 0;
  }
  // The scoreboard marks the hands of this game kept on the phone and not yet confirmed by the server; their
  // points are the server's to count, so none are shown. The deal line, which the server works out from the hands
  // it has, is hidden while any wait.
  var keptBefore = 0;
  function showUnconfirmed(waiting) {
    var box = $("#unconfirmed");
    if (!box || !gameMatch) return;
    var list = $("ul", box), mine = waiting.filter(function (i) { return i.game === gameMatch[1]; });
    // Fewer of this game's changes wait: the server has them (scoreboard.js takes their versions as its own).
    if (mine.length < keptBefore) document.dispatchEvent(new Event("kept-sent"));
    keptBefore = mine.length;
    list.textContent = "";
    mine.forEach(function (item) {
      var li = document.createElement("li");
      var what = label(item);
      li.textContent = tr("unconfirmed_line", { what: what.charAt(0).toUpperCase() + what.slice(1) });
      list.appendChild(li);
    });
    box.hidden = !mine.length;
    var deal = $(".deal");
    if (deal) deal.hidden = mine.some(handOf);
  }
  function showQueue() {
    if (!queued || typeof OfflineQueue === "undefined") return Promise.resolve();
    return Promise.all([OfflineQueue.all(), OfflineQueue.all(OfflineQueue.REFUSED)]).then(function (lists) {
      var waiting = lists[0], refused = lists[1];
      showUnconfirmed(waiting);
      queued.textContent = "";
      queued.hidden = !waiting.length && !refused.length;
      if (waiting.length) {
        var line = document.createElement("span");
        line.className = "waiting";
        line.textContent = trN("waiting", waiting.length, { what: waiting.map(label).join(", ") });
        queued.appendChild(line);
      }
      refused.forEach(function (item) {
        var p = document.createElement("span");
        p.className = "refused";
        p.textContent = tr("refused") + " (" + label(item) + ") ";
        var open = document.createElement("a");
        open.href = item.page || "/";
        open.textContent = tr("refused_open");
        if (handOf(item) || /\/edit$/.test(new URL(item.url, location.href).pathname)) {
          // A hand or a correction: opened again as it was entered, to be checked, with the server's reason.
          open.addEventListener("click", function (ev) {
            ev.preventDefault();
            var again = document.createElement("form");
            again.method = "post";
            again.setAttribute("action", item.url);
            item.fields.forEach(function (f) {
              var input = document.createElement("input");
              input.type = "hidden"; input.name = f[0]; input.value = f[0] === "action" ? "check" : f[1];
              again.appendChild(input);
            });
            document.body.appendChild(again);
            OfflineQueue.remove(OfflineQueue.REFUSED, item.id).then(function () { again.submit(); });
          });
        }
        var dismiss = document.createElement("button");
        dismiss.type = "button"; dismiss.className = "small"; dismiss.textContent = tr("dismiss");
        dismiss.addEventListener("click", function () { OfflineQueue.remove(OfflineQueue.REFUSED, item.id).then(showQueue); });
        p.appendChild(open); p.appendChild(document.createTextNode(" ")); p.appendChild(dismiss);
        queued.appendChild(p);
      });
    });
  }
  // Keep a change for later: the form's fields as they would have been sent (with the button pressed).
  function keep(form, submitter, what) {
    var fields = [];
    new FormData(form).forEach(function (value, key) { if (typeof value === "string") fields.push([key, value]); });
    if (submitter && submitter.name) fields.push([submitter.name, submitter.value]);
    fields = OfflineQueue.keepable(fields);
    if (!fields) return Promise.reject(new Error("needs the connection"));
    // getAttribute: a form with a control named "action" (the Save button) hides the form's own action property.
    return keepFields(new URL(form.getAttribute("action") || location.href, location.href).href, fields, what);
  }
  function keepFields(url, fields, what) {
    var item = { game: (url.match(/\/g\/([\w-]+)/) || gameMatch || ["", ""])[1], url: url, fields: fields, label: what };
    return OfflineQueue.add(item).then(function () {
      if ("serviceWorker" in navigator) {
        navigator.serviceWorker.ready.then(function (reg) {
          if (reg.sync) return reg.sync.register("send-queued");
        }).catch(function () {});
      }
      return showQueue();
    });
  }
  function sendQueued() {
    if (typeof OfflineQueue === "undefined" || !navigator.onLine) return Promise.resolve();
    return OfflineQueue.all().then(function (waiting) {
      if (!waiting.length) return showQueue();
      return OfflineQueue.sendAll().then(OfflineQueue.all).then(function (left) {
        // The server has (some of) the changes now: the page shows its totals (a scoreboard reloads itself).
        // Nothing got through (the phone says it is online, but it is not): the page stays as it is.
        if (left.length < waiting.length && ($(".scoreboard") || fromCache()) && !busy()) location.reload();
        else showQueue();
      });
    });
  }
  // The connection can come back without an "online" event (a phone that believed it was online all along):
  // while changes wait, or the page is the kept copy, the server is tried again now and then.
  function retry() {
    if (document.hidden || !navigator.onLine || typeof OfflineQueue === "undefined") return;
    OfflineQueue.all().then(function (waiting) {
      if (waiting.length) return sendQueued();
      if (!fromCache()) return;
      return fetch("/offline", { method: "HEAD", cache: "no-store" }).then(function (r) {
        if (r.ok && !busy()) location.reload();
      });
    }).catch(function () {});
  }
  setInterval(retry, 15000);
  document.addEventListener("visibilitychange", retry);
  if ("serviceWorker" in navigator) {
    // A new version of the app takes over (sw.js): this page still runs the old scripts, so it reloads, unless
    // something was typed or tapped in it, which is never thrown away: then it says to reload when done.
    var hadWorker = !!navigator.serviceWorker.controller, edited = false;
    document.addEventListener("input", function () { edited = true; });
    document.addEventListener("change", function () { edited = true; });
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (!hadWorker) { hadWorker = true; return; }  // the first worker of this phone: nothing was old
      var notice = $("#update-banner");
      if (!edited && !busy()) location.reload();
      else if (notice) notice.hidden = false;
    });
    navigator.serviceWorker.register("/sw.js").catch(function () {});
    navigator.serviceWorker.addEventListener("message", function (ev) {
      if (ev.data && ev.data.queue) showQueue();
    });
  }
  window.addEventListener("online", function () { showState(); sendQueued(); });
  window.addEventListener("offline", showState);
  document.addEventListener("queue-changed", showQueue);
  // A page shown again (offline, the copy from the last visit) after hands were kept: its hand forms (winners,
  // counts, cards) are for the hand after them, with ids of their own, so they are never taken for one of them.
  function fitWinners() {
    if (!gameMatch || typeof OfflineQueue === "undefined") return Promise.resolve();
    return OfflineQueue.all().then(function (items) {
      var kept = items.filter(function (i) { return i.game === gameMatch[1]; });
      var last = kept.map(handOf).reduce(function (a, b) { return Math.max(a, b); }, 0);
      $$("form[method=post]").forEach(function (form) {
        var hand = $("input[name=hand]", form), url = form.getAttribute("action") || location.href;
        if (!hand || !last || Number(hand.value) > last) return;
        // A scopa made now belongs to the hand after the kept ones (its own ids are made when it is kept).
        if (form.classList.contains("scopa-form")) { hand.value = String(last + 1); return; }
        if (!handOf({ url: url, fields: [["hand", "1"]] })) return;
        if (form.id === "winners" && $(".scoreboard")) numberWinners(last + 1);
        else hand.value = String(last + 1);
        $("input[name=submission_id]", form).value = "offline-" + Date.now().toString(36) + "-" +
          Math.random().toString(36).slice(2, 10);
      });
    });
  }
  showState();
  fitWinners().then(showQueue).then(sendQueued);
  return { keep: keep, keepFields: keepFields, showQueue: showQueue, numberWinners: numberWinners };
})();

// A hand form (winners, counts, cards), a correction or a delete sent while offline is kept instead of lost.
$$("form[method=post]").forEach(function (form) {
  if (!$("input[name=submission_id]", form) || form.classList.contains("scopa-form")) return;
  form.addEventListener("submit", function (ev) {
    if (navigator.onLine || bySwitch(ev) || ev.defaultPrevented) return;
    ev.preventDefault();
    form.dataset.sent = "";
    var hand = $("input[name=hand]", form);
    var what = hand && hand.value ? tr("kept_hand", { n: hand.value }) : tr("kept_change");
    Offline.keep(form, ev.submitter, what).catch(function () {
      alert(tr("needs_connection"));  // a step that is not a change to the score (see OfflineQueue.keepable)
      return Promise.reject(new Error("not kept"));
    }).then(function () {
      // A hand entered by counts or cards, a correction or a delete: back to the scoreboard, which lists it.
      var game = location.pathname.match(/^\/g\/([\w-]+)/);
      if (form.id !== "winners" || !$(".scoreboard")) { if (game) location.assign("/g/" + game[1]); return; }
      // The winners form on the scoreboard is ready for the next hand: a fresh id, the next number, no taps,
      // the scopas taken by the hand kept.
      var id = $("input[name=submission_id]", form);
      id.value = "offline-" + Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 10);
      if (hand && hand.value) numberWinners(Number(hand.value) + 1);
      $$("input[type=radio]", form).forEach(function (r) { r.checked = false; });
      $$("input[data-scopas]", form).forEach(function (i) { i.value = "0"; });
      var shown = $("input[data-scopas-shown]", form);
      if (shown) shown.value = shown.value.split(",").map(function () { return "0"; }).join(",");
      $$(".scopa-form .count").forEach(function (c) { c.textContent = "0"; });
    }).catch(function () {});
  });
});
