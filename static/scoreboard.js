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
    var notice = $("#scopa-failed");
    if (notice) notice.hidden = true;
    sending += 1;
    form.dataset.busy = "1";
    var body = new FormData(form);
    body.set("change", change);
    fetch(form.action, { method: "POST", body: body, headers: { Accept: "application/json" } })
      .then(function (r) {
        // Refused because the game moved on (a hand saved on another phone): the page as it is now, with why.
        if (r.status === 409) { location.reload(); return new Promise(function () {}); }
        return r.json();
      })
      .then(function (d) {
        showScopas(d.pending_scopas);
        $$(".scopa-form").forEach(function (f, i) {
          $("input[name=submission_id]", f).value = d.submission_id + "-" + i;
        });
        return fetch(board.dataset.poll).then(function (r) { return r.json(); })
          .then(function (v) { version = String(v.version); board.dataset.version = version; });
      })
      .catch(function () { failed(form, change); })
      .finally(function () {
        sending -= 1;
        form.dataset.busy = "";
        var next = (queues.get(form) || []).shift();
        if (next) send(form, next);
        else settled();
      });
  }
  // A scopa that could not be sent by script. With taps in the winners form, nothing leaves the page: the
  // person is told, a waiting Save is held back, and the taps stay. Otherwise the form is sent the plain way
  // (the button's own change, never a default), and the page that comes back says what happened.
  function failed(form, change) {
    if (!navigator.onLine && typeof Offline !== "undefined") {
      // Offline: the tap is kept on the phone and sent in order when the connection returns; the count shows it.
      var id = "offline-" + Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 10);
      var fields = [];
      new FormData(form).forEach(function (v, k) { if (k !== "submission_id") fields.push([k, v]); });
      var side = Number($("input[name=side]", form).value);
      var count = $(".count", form), now = Math.max(0, Number(count.textContent) + Number(change));
      fields.push(["submission_id", id], ["change", change]);
      Offline.keepFields(form.action, fields, tr("kept_scopa"));
      var pending = $$(".scopa-form .count").map(function (c) { return Number(c.textContent); });
      pending[side] = now;
      showScopas(pending);
      return;
    }
    queues.set(form, []);
    if (touched || saveAfter) {
      saveAfter = null;
      if (winners) winners.dataset.sent = "";
      var notice = $("#scopa-failed");
      if (notice) notice.hidden = false;
      return;
    }
    var field = document.createElement("input");
    field.type = "hidden"; field.name = "change"; field.value = change;
    form.appendChild(field);
    form.submit();
  }
  var queues = new Map();  // taps waiting for the one on its way, in order, per side
  $$(".scopa-form").forEach(function (form) {
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var change = ev.submitter ? ev.submitter.value : "1", now = Date.now();
      if (form.dataset.last === change && now - Number(form.dataset.lastAt || 0) < 350) return;
      form.dataset.last = change;
      form.dataset.lastAt = String(now);
      if (form.dataset.busy === "1") {
        if (!queues.has(form)) queues.set(form, []);
        queues.get(form).push(change);
        return;
      }
      send(form, change);
    });
  });
})();
