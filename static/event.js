// Scopa Scorekeeper: an event's page, its big screen and each player's own page follow the tables as they play
// (live.js: the event's stream, else a poll of its version) and load themselves again when a table's game or the
// event changed. A page where the organiser has typed (a result being corrected) is never reloaded under them: it
// is loaded again once they send it. An opened <details> (a correction form, a player's own page and its QR code
// being scanned) holds the page only while it stays open: closing it loads a change that came meanwhile at once.
// Loaded after app.js and live.js.
"use strict";
(function () {
  var root = $(".big-screen") || $(".event-page") || $(".entrant-page");
  if (!root) return;
  var version = root.dataset.version || null, typed = false, changed = false;
  function holding() { return typed || document.querySelector("details[open]") !== null; }
  function follow() { if (changed && !holding()) location.reload(); }
  document.addEventListener("input", function () { typed = true; });
  document.addEventListener("toggle", function (ev) { if (!ev.target.open) follow(); }, true);
  Live.follow({
    stream: root.dataset.live,
    poll: root.dataset.versionUrl,
    every: root.classList.contains("big-screen") ? 4000 : 8000,
    seen: function (heard) {
      if (version === null) { version = String(heard); return; }
      changed = changed || String(heard) !== version;
      follow();
    },
  });
})();
