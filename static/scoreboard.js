// Scopa Scorekeeper: the scoreboard (after app.js and live.js; works without them): the game as the server has it
// within a second of any change, scopa buttons without a page load, the winners form keeping the scopas shown.
"use strict";
(function () {
  var board = $(".scoreboard");
  if (!board) return;
  var version = board.dataset.version, winners = $("#winners"), STASH = "taps:" + location.pathname;
  // A field of the winners form that holds what its page did not come with.
  function changedHere(i) {
    if (/^(hidden|submit|button)$/.test(i.type) || !i.name) return false;
    if (i.type === "radio" || i.type === "checkbox") return i.checked !== i.defaultChecked;
    if (i.tagName === "SELECT") return $$("option", i).some(function (o) { return o.selected !== o.defaultSelected; });
    return i.value !== i.defaultValue;
  }
  function fields() { return winners ? $$("input, select", winners) : []; }
  function tapped() { return fields().some(changedHere); }
  function handNumber() { var h = winners && $("input[name=hand]", winners); return h ? h.value : null; }
  // Taps carried over a reload (sessionStorage), into the same hand only.
  function stash() {
    var kept = fields().filter(changedHere).map(function (i) {
      return { name: i.name, value: i.value, checked: i.checked, box: i.type === "radio" || i.type === "checkbox" };
    });
    try { sessionStorage.setItem(STASH, JSON.stringify({ hand: handNumber(), fields: kept })); } catch (e) { /* */ }
  }
  (function unstash() {
    var kept = null;
    try { kept = JSON.parse(sessionStorage.getItem(STASH) || "null"); sessionStorage.removeItem(STASH); } catch (e) { return; }
    if (!kept || kept.hand !== handNumber()) return;
    kept.fields.forEach(function (f) {
      var i = fields().filter(function (x) { return x.name === f.name && (!f.box || x.value === f.value); })[0];
      if (!i) return;
      if (f.box) i.checked = f.checked; else i.value = f.value;
      i.dispatchEvent(new Event("change", { bubbles: true }));
    });
  })();
  // A newer version loads the page again. Taps stay: over the reload after this phone's own kept changes
  // (kept-sent, app.js); after another phone's, the page says so (saving then compares the two hands).
  var own = false;
  function seen(heard) {
    if (sending || !(heard > Number(version))) return;
    if (tapped()) {
      if (!own) { $("#changed-elsewhere").hidden = false; return; }
      stash();
    }
    location.reload();
  }
  var live = Live.follow({
    stream: board.dataset.live,
    poll: board.dataset.poll,
    every: 1000 * (Number(board.dataset.pollSeconds) || 1.5),
    tag: function () { return version; },
    seen: seen,
  });
  document.addEventListener("kept-sent", function () { own = true; live.now(); });
  // Each answer puts the scopas shown into the winners form.
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
  // Save waits for a scopa on its way.
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
  // A tap sends at once; the same within 350 ms is a double tap, dropped; one while the last is on its way waits.
  function send(form, change) {
    var notice = $("#scopa-failed");
    if (notice) notice.hidden = true;
    sending += 1;
    form.dataset.busy = "1";
    var body = new FormData(form);
    body.set("change", change);
    fetch(form.action, { method: "POST", body: body, headers: { Accept: "application/json" } })
      .then(function (r) {
        // Refused: the game moved on (another phone saved the hand). The page as it is now, with why.
        if (r.status === 409) { location.reload(); return new Promise(function () {}); }
        return r.json();
      })
      .then(function (d) {
        showScopas(d.pending_scopas);
        $$(".scopa-form").forEach(function (f, i) {
          $("input[name=submission_id]", f).value = d.submission_id + "-" + i;
        });
        // The version after this scopa: the page's own change is never another phone's.
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
  // A scopa not sent by script: with taps in the form, the page stays and says so (a waiting Save held back);
  // else the form goes the plain way with the button's own change.
  function failed(form, change) {
    if (!navigator.onLine && typeof Offline !== "undefined") {
      // Offline: kept on the phone and sent in order when the connection returns; the count shows it.
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
    if (tapped() || saveAfter) {
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
