// Progressive enhancement for Scopa Scorekeeper. Every form works without this file; the rules
// (counts, primiera, who scores what) always come from the server, never from here.
"use strict";
document.documentElement.classList.add("js");

function $(sel, root) { return (root || document).querySelector(sel); }
function $$(sel, root) { return Array.from((root || document).querySelectorAll(sel)); }
function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

// Never send a form twice: a double tap re-sends nothing (the server also ignores repeats).
$$("form").forEach(function (form) {
  form.addEventListener("submit", function (ev) {
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
  minus.setAttribute("aria-label", "one scopa less"); plus.setAttribute("aria-label", "one scopa more");
  minus.addEventListener("click", step(-1)); plus.addEventListener("click", step(1));
  input.before(minus); input.after(plus);
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
