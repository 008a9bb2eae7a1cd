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
var Offline = (function () {
  var banner = $("#offline-banner"), queued = $("#queue-banner");
  var gameMatch = location.pathname.match(/^\/g\/([\w-]+)/);
  function clock(iso) {
    var d = new Date(iso);
    return isNaN(d) ? "" : String(d.getHours()).padStart(2, "0") + ":" + String(d.getMinutes()).padStart(2, "0");
  }
  function showState() {
    if (!banner) return;
    banner.hidden = navigator.onLine;
    var time = clock(document.body.dataset.rendered || "");
    banner.textContent = $(".scoreboard") && time ? tr("offline_as_of", { time: time }) : tr("offline");
  }
  function label(item) { return item.label || tr("kept_change"); }
  function showQueue() {
    if (!queued || typeof OfflineQueue === "undefined") return Promise.resolve();
    return Promise.all([OfflineQueue.all(), OfflineQueue.all(OfflineQueue.REFUSED)]).then(function (lists) {
      var waiting = lists[0], refused = lists[1];
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
    // getAttribute: a form with a control named "action" (the Save button) hides the form's own action property.
    return keepFields(new URL(form.getAttribute("action") || location.href, location.href).href, fields, what);
  }
  function keepFields(url, fields, what) {
    var item = { game: gameMatch ? gameMatch[1] : "", url: url, fields: fields, label: what };
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
    if (typeof OfflineQueue === "undefined" || !navigator.onLine) return;
    OfflineQueue.all().then(function (waiting) {
      if (!waiting.length) return showQueue();
      return OfflineQueue.sendAll().then(function () {
        // The server has the changes now: the page shows its totals (a scoreboard reloads itself).
        if ($(".scoreboard") && !document.querySelector("#winners input[type=radio]:checked")) location.reload();
        else showQueue();
      });
    });
  }
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(function () {});
    navigator.serviceWorker.addEventListener("message", function (ev) {
      if (ev.data && ev.data.queue) showQueue();
    });
  }
  window.addEventListener("online", function () { showState(); sendQueued(); });
  window.addEventListener("offline", showState);
  document.addEventListener("queue-changed", showQueue);
  // A page shown again (offline, the copy from the last visit) after hands were kept: its winners form is for the
  // hand after them, with an id of its own, so it is never taken for one of them.
  function fitWinners() {
    var form = $("#winners");
    if (!form || typeof OfflineQueue === "undefined") return Promise.resolve();
    return OfflineQueue.all().then(function (items) {
      var hand = $("input[name=hand]", form), url = form.getAttribute("action");
      var kept = items.filter(function (i) { return i.url.indexOf(url) >= 0; });
      if (!kept.length || !hand) return;
      var last = kept.map(function (i) {
        var f = i.fields.filter(function (x) { return x[0] === "hand"; })[0];
        return f ? Number(f[1]) : 0;
      }).reduce(function (a, b) { return Math.max(a, b); }, 0);
      if (Number(hand.value) <= last) {
        hand.value = String(last + 1);
        $("input[name=submission_id]", form).value = "offline-" + Date.now().toString(36) + "-" +
          Math.random().toString(36).slice(2, 10);
      }
    });
  }
  showState();
  fitWinners().then(showQueue).then(sendQueued);
  return { keep: keep, keepFields: keepFields, showQueue: showQueue };
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
    Offline.keep(form, ev.submitter, what).then(function () {
      if (form.id !== "winners") return;
      // The winners form on the scoreboard is ready for the next hand: a fresh id, the next number, no taps,
      // the scopas taken by the hand kept.
      var id = $("input[name=submission_id]", form);
      id.value = "offline-" + Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 10);
      if (hand && hand.value) hand.value = String(Number(hand.value) + 1);
      $$("input[type=radio]", form).forEach(function (r) { r.checked = false; });
      $$("input[data-scopas]", form).forEach(function (i) { i.value = "0"; });
      var shown = $("input[data-scopas-shown]", form);
      if (shown) shown.value = shown.value.split(",").map(function () { return "0"; }).join(",");
      $$(".scopa-form .count").forEach(function (c) { c.textContent = "0"; });
    });
  });
});
