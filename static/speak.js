// Scopa Scorekeeper: the score read aloud, for players who cannot see the screen (the scoreboard).
//
// The words come from the server in the page's language (the data-say attribute of #speak, made by the rules
// core); this script only hands them to the browser's speech synthesis, in the page's language. "Read aloud"
// says them now; the switch (kept on this phone in localStorage) says them again each time this phone saves a
// hand (the page after a save carries the .just-saved message). Where the browser cannot speak, both stay hidden.
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
  if (remembered() && document.querySelector(".just-saved")) say();
})();
