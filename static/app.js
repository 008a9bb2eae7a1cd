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
// A form sent by the language switch's button (which carries it to the same page in another language) is not
// the person's own submission: the page scripts let it go as it is.
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
