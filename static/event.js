// Scopa Scorekeeper: an event's page, its big screen and each player's own page follow the tables as they play. The
// page asks the server for the event's state every few seconds and loads itself again when a table's game or the
// event changed; a page where the organiser is typing a result is never reloaded under them. Loaded after app.js.
"use strict";
(function () {
  var root = $(".big-screen") || $(".event-page") || $(".entrant-page");
  if (!root) return;
  var url = root.dataset.versionUrl, version = root.dataset.version || null, editing = false;
  document.addEventListener("input", function () { editing = true; });
  document.addEventListener("toggle", function (ev) { if (ev.target.open) editing = true; }, true);
  function check() {
    if (document.hidden) return;
    fetch(url, { headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (d) {
        if (!d) return;
        if (version === null) { version = String(d.version); return; }
        if (String(d.version) !== version && !editing) location.reload();
      }).catch(function () {});
  }
  check();
  setInterval(check, root.classList.contains("big-screen") ? 4000 : 8000);
})();
