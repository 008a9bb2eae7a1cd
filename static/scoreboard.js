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
  // Refresh: ask the version every few seconds (data-poll-seconds, set by the server) while the page is shown,
  // sending the version seen as If-None-Match, so an unchanged game costs a 304 with no body. A hidden page does
  // not ask; shown again, it asks at once. Offline or refused, it waits longer each time (up to a minute) and
  // asks at once when the phone is back online.
  var every = 1000 * (Number(board.dataset.pollSeconds) || 1.5), wait = every, timer = null, asking = false;
  function later(ms) {
    clearTimeout(timer);
    timer = document.hidden ? null : setTimeout(ask, ms);
  }
  function ask() {
    timer = null;
    if (document.hidden || asking) return;
    if (!navigator.onLine) { wait = Math.min(60000, wait * 2); later(wait); return; }
    asking = true;
    fetch(board.dataset.poll, { cache: "no-store", headers: { Accept: "application/json", "If-None-Match": '"' + version + '"' } })
      .then(function (r) {
        if (r.status === 304) return null;
        if (!r.ok) throw new Error(String(r.status));
        return r.json();
      })
      .then(function (d) {
        wait = every;
        // Versions only grow: an answer older than the version this page knows (a poll that crossed this
        // phone's own scopa) or any answer while a scopa is on its way changes nothing.
        if (!d || sending || Number(d.version) <= Number(version)) return;
        if (touched) { $("#changed-elsewhere").hidden = false; return; }
        location.reload();
      })
      .catch(function () { wait = Math.min(60000, wait * 2); })
      .finally(function () { asking = false; later(wait); });
  }
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) { clearTimeout(timer); timer = null; } else ask();
  });
  window.addEventListener("online", function () { wait = every; ask(); });
  later(every);
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
        // The game's version after this scopa: the page's own change never reads as one from another phone.
        if (Number(d.version) > Number(version)) { version = String(d.version); board.dataset.version = version; }
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
