// Scopa Scorekeeper: the scoreboard. Loaded after app.js (which defines $, $$ and plural); works without it.
"use strict";
// Scoreboard: refresh when the game changes on another phone; scopa buttons without a page load; the winners
// form keeps the scopas the buttons show.
(function () {
  var board = $(".scoreboard");
  if (!board) return;
  var version = board.dataset.version;
  var winners = $("#winners");
  // A winners form with a tap in it is never thrown away by a refresh: the page says what changed instead.
  var touched = false;
  if (winners) {
    winners.addEventListener("change", function () { touched = true; });
  }
  setInterval(function () {
    if (document.hidden) return;
    fetch(board.dataset.poll, { headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (d) {
        if (!d || String(d.version) === version) return;
        if (touched) { $("#changed-elsewhere").hidden = false; return; }
        location.reload();
      })
      .catch(function () {});
  }, 5000);
  // The hand takes the scopas shown on the buttons: each answer updates the winners form's hidden fields.
  function showScopas(pending) {
    $$(".scopa-form").forEach(function (f, i) {
      $(".count", f).textContent = pending[i];
      $(".scopa-undo", f).disabled = !pending[i];
    });
    if (!winners) return;
    $$("input[data-scopas]", winners).forEach(function (input) {
      input.value = pending[Number(input.dataset.scopas)];
    });
    var shown = $("input[data-scopas-shown]", winners);
    if (shown) shown.value = pending.join(",");
  }
  // Save waits for a scopa still on its way, so the hand takes every scopa tapped before it.
  var sending = 0, saveAfter = null;
  if (winners) {
    winners.addEventListener("submit", function (ev) {
      if (!sending) return;
      ev.preventDefault();
      saveAfter = ev.submitter || true;
    });
  }
  function settled() {
    if (sending || !saveAfter) return;
    var submitter = saveAfter === true ? null : saveAfter;
    saveAfter = null;
    winners.dataset.sent = "";  // app.js marked the held-back submit as sent
    winners.requestSubmit(submitter);
  }
  // A tap sends at once; the same tap again within 350 ms is a double tap and is dropped; a tap while
  // the previous one is on its way waits for it (each send needs the fresh submission id it returns).
  function send(form, change) {
    sending += 1;
    form.dataset.busy = "1";
    var body = new FormData(form);
    body.set("change", change);
    fetch(form.action, { method: "POST", body: body, headers: { Accept: "application/json" } })
      .then(function (r) { return r.json(); })
      .then(function (d) {
        showScopas(d.pending_scopas);
        $$(".scopa-form").forEach(function (f, i) {
          $("input[name=submission_id]", f).value = d.submission_id + "-" + i;
        });
        return fetch(board.dataset.poll).then(function (r) { return r.json(); })
          .then(function (v) { version = String(v.version); board.dataset.version = version; });
      })
      .catch(function () { form.submit(); })
      .finally(function () {
        sending -= 1;
        form.dataset.busy = "";
        var next = form.dataset.queued;
        form.dataset.queued = "";
        if (next) send(form, next);
        else settled();
      });
  }
  $$(".scopa-form").forEach(function (form) {
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var change = ev.submitter ? ev.submitter.value : "1", now = Date.now();
      if (form.dataset.last === change && now - Number(form.dataset.lastAt || 0) < 350) return;
      form.dataset.last = change;
      form.dataset.lastAt = String(now);
      if (form.dataset.busy === "1") { form.dataset.queued = change; return; }
      send(form, change);
    });
  });
})();
