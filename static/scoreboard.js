// Scopa Scorekeeper: the scoreboard. Loaded after app.js (which defines $, $$ and plural) and live.js; works without
// them.
"use strict";
// Scoreboard: show the game as the server has it within a second of any change (live.js); scopa buttons without a
// page load; the winners form keeps the scopas the buttons show.
(function () {
  var board = $(".scoreboard");
  if (!board) return;
  var version = board.dataset.version;
  var winners = $("#winners");
  // What the winners form holds now that its page did not come with (a form emptied after its hand was kept
  // offline holds nothing).
  function changedHere(i) {
    if (i.type === "hidden" || i.type === "submit" || i.type === "button" || !i.name) return false;
    if (i.type === "radio" || i.type === "checkbox") return i.checked !== i.defaultChecked;
    if (i.tagName === "SELECT") return $$("option", i).some(function (o) { return o.selected !== o.defaultSelected; });
    return i.value !== i.defaultValue;
  }
  function tapped() { return !!winners && $$("input, select", winners).some(changedHere); }
  // Taps carried over a reload (this tab's sessionStorage), for the same hand only: the page shows the server's
  // state and keeps what the keeper was entering.
  var STASH = "taps:" + location.pathname;
  function handNumber() { var h = winners && $("input[name=hand]", winners); return h ? h.value : null; }
  function stash() {
    var fields = $$("input, select", winners).filter(changedHere).map(function (i) {
      return { name: i.name, value: i.value, checked: i.checked, box: i.type === "radio" || i.type === "checkbox" };
    });
    try { sessionStorage.setItem(STASH, JSON.stringify({ hand: handNumber(), fields: fields })); } catch (e) { /* none */ }
  }
  (function unstash() {
    var kept = null;
    try { kept = JSON.parse(sessionStorage.getItem(STASH) || "null"); sessionStorage.removeItem(STASH); } catch (e) { return; }
    if (!kept || !winners || kept.hand !== handNumber()) return;
    kept.fields.forEach(function (f) {
      var found = $$("input, select", winners).filter(function (i) {
        return i.name === f.name && (!f.box || i.value === f.value);
      })[0];
      if (!found) return;
      if (f.box) found.checked = f.checked; else found.value = f.value;
      found.dispatchEvent(new Event("change", { bubbles: true }));
    });
  })();
  // Changes this phone kept offline reached the server since the page was made (app.js says so): the versions
  // they moved are this phone's own, never "another phone's", and the page shows them at once, taps kept.
  var own = false;
  // Follow the game (live.js): every version heard newer than the page's own loads the page again. Taps in the
  // winners form are never thrown away: after this phone's own kept changes they are carried over the reload; after
  // another phone's change the page says what changed instead (saving then compares the two phones' hands).
  // Versions only grow: an older one (crossing this phone's own scopa) or any heard while a scopa is on its way
  // changes nothing.
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
