// Scopa Scorekeeper: an event's page, its big screen and each player's own page follow the tables as they play. The
// page asks the server for the event's state every few seconds and loads itself again when a table's game or the
// event changed. A page where the organiser has typed (a result being corrected) is never reloaded under them: it
// is loaded again once they send it. An opened <details> (a correction form, a player's own page and its QR code
// being scanned) holds the page only while it stays open: closing it loads a change that came meanwhile at once.
// Loaded after app.js.
"use strict";
(function () {
  var root = $(".big-screen") || $(".event-page") || $(".entrant-page");
  if (!root) return;
  var url = root.dataset.versionUrl, version = root.dataset.version || null, typed = false, changed = false;
  function holding() { return typed || document.querySelector("details[open]") !== null; }
  function follow() { if (changed && !holding()) location.reload(); }
  document.addEventListener("input", function () { typed = true; });
  document.addEventListener("toggle", function (ev) { if (!ev.target.open) follow(); }, true);
  function check() {
    if (document.hidden) return;
    fetch(url, { headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (d) {
        if (!d) return;
        if (version === null) { version = String(d.version); return; }
        changed = String(d.version) !== version;
        follow();
      }).catch(function () {});
  }
  check();
  setInterval(check, root.classList.contains("big-screen") ? 4000 : 8000);
})();
