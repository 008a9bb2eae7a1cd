// Scopa Scorekeeper: the score read aloud, for players who cannot see the screen (the scoreboard).
//
// The words come from the server in the page's language (the data-say attribute of #speak, made by the rules
// core); this script only hands them to the browser's speech synthesis, in the page's language. "Read aloud"
// says them now; the switch (kept on this phone in localStorage) says them again after each hand the scoreboard
// learns of: saved on this phone, or on another one and picked up by the live refresh (which reloads the page).
// Each hand is read once: the hands this tab has seen (data-hand: the last hand's id and version) are kept in
// sessionStorage, which outlives those reloads. Where the browser cannot speak, both controls stay hidden.
(function () {
  "use strict";
  var box = document.getElementById("speak");
  if (!box) return;
  var synth = window.speechSynthesis;
  if (!synth || typeof synth.speak !== "function" || typeof window.SpeechSynthesisUtterance !== "function") return;
  var KEY = "scorekeeper.speak-each";
  var text = box.getAttribute("data-say") || "";
  var lang = document.documentElement.getAttribute("lang") || "en";

  function say() {
    var utterance = new window.SpeechSynthesisUtterance(text);
    utterance.lang = lang;
    if (typeof synth.cancel === "function") synth.cancel(); // a second tap starts again, never queues
    synth.speak(utterance);
  }

  function remembered() {
    try { return window.localStorage.getItem(KEY) === "1"; } catch (e) { return false; }
  }

  box.hidden = false;
  document.getElementById("speak-now").addEventListener("click", say);
  var row = document.getElementById("speak-each-row");
  var each = document.getElementById("speak-each");
  if (row && each) {
    row.hidden = false;
    each.checked = remembered();
    each.addEventListener("change", function () {
      try { window.localStorage.setItem(KEY, each.checked ? "1" : "0"); } catch (e) { /* private mode: this page only */ }
    });
  }
  // A hand is new to this tab if the tab has not seen it; on the tab's first look at this game, only the hand
  // this phone has just saved is (without sessionStorage, that is the only way to tell).
  var hand = box.getAttribute("data-hand") || "";
  var HEARD = "scorekeeper.heard:" + (box.getAttribute("data-game") || "");
  var seen = null;
  try { seen = JSON.parse(window.sessionStorage.getItem(HEARD) || "null"); } catch (e) { seen = null; }
  var fresh = !!hand && (Array.isArray(seen) ? seen.indexOf(hand) < 0 : !!document.querySelector(".just-saved"));
  var kept = (Array.isArray(seen) ? seen : []).filter(function (h) { return h !== hand; });
  if (hand) kept.push(hand);
  try { window.sessionStorage.setItem(HEARD, JSON.stringify(kept.slice(-400))); } catch (e) { /* the page only */ }
  if (each && remembered() && fresh) say();
})();
