// Scopa Scorekeeper: a hand entered from the piles. Loaded after grid.js and app.js (which defines $, $$ and
// plural); the form works without it.
"use strict";
// Say whose pile is in hand, tap its cards; the server counts. The rest: with two sides and one side's cards
// tapped, they are the other side's pile; otherwise Check hand asks where they go (PilesForm decides the same).
(function () {
  var form = $("#hand-form");
  if (!form) return;
  var names = JSON.parse(form.dataset.names), rules = JSON.parse(form.dataset.rules);
  var marks = JSON.parse(form.dataset.marks), piles = JSON.parse(form.dataset.piles);
  var live = $("#live"), holding = null;
  var ask = $("#holding-ask"), now = $("#holding-now"), hint = $("#holding-hint");
  var restAsk = $("#rest-ask"), restBar = $(".rest", form);
  var teams = form.dataset.teams === "true";

  var grid = new CardGrid($(".grid", form), {
    values: names.map(function (n, i) { return String(i); }),
    owner: function (v) { return { label: piles[v], mark: marks[v], cls: "side" + v }; },
    none: tr("not_given"),
    pick: function () { return holding; },
    ask: function () { askHolding(true); },
    changed: schedule
  });

  // Whose pile: asked before the first tap, then shown in a bar that stays in view while tapping.
  function askHolding(tapped) {
    holding = null;
    $("#holding").classList.remove("held");
    ask.hidden = false;
    now.hidden = true;
    hint.hidden = !tapped;
    ask.classList.toggle("asking", !!tapped);
    $$(".pick", ask).forEach(function (b) { b.setAttribute("aria-pressed", "false"); });
    ask.scrollIntoView({ block: "nearest" });
    $(".pick", ask).focus();
  }
  function hold(side, focusGrid) {
    holding = String(side);
    $$(".pick", ask).forEach(function (b) { b.setAttribute("aria-pressed", b.dataset.side === holding ? "true" : "false"); });
    $(".holding-name", now).textContent = piles[side];
    var mark = $(".holding-mark", now);
    mark.textContent = marks[side];
    mark.className = "holding-mark side" + side;
    ask.hidden = true;
    now.hidden = false;
    $("#holding").classList.add("held");
    if (focusGrid) grid.focus();
  }
  $$(".pick", ask).forEach(function (b) {
    b.addEventListener("click", function () { hold(parseInt(b.dataset.side, 10), true); });
  });
  $("#holding-change").addEventListener("click", function () { askHolding(false); });

  // The rest: who gets the cards nobody was given, if anyone can say without asking.
  function given() {
    var out = names.map(function () { return []; }), free = [];
    grid.cells.forEach(function (cell) {
      var v = grid.value(cell);
      if (v === "") free.push(cell); else out[parseInt(v, 10)].push(cell.dataset.card);
    });
    return { piles: out, free: free };
  }
  // Where the rest go is the rules core's to say (rest_goes_to): each count from the server says it (rest_to),
  // for the piles as they were sent. Until the answer for the cards as they are now has come (or with no
  // connection), the page asks.
  var restTo = null, fresh = false;
  function restQuestion(n) {
    return trN("where_rest", n);
  }
  function missingChosen() { var m = $("#rest-missing"); return !!(m && m.value === "missing"); }

  // "The rest go to" is offered only when it decides something: some cards are given, some are not, and the
  // rules do not already say whose they are. Hidden until the first count says so.
  function offerRest(g, to) {
    var some = g.piles.some(function (p) { return p.length; });
    restBar.hidden = !(g.free.length && some && to === null && !missingChosen());
  }
  restBar.hidden = true;

  $$(".rest-to").forEach(function (b) {
    b.addEventListener("click", function (ev) {
      ev.preventDefault();
      grid.cells.forEach(function (cell) { if (grid.value(cell) === "") grid.set(cell, b.dataset.side); });
      schedule();
    });
  });
  // Check hand (or Enter in a field) asks where the rest go when nothing else says, in one tap: a side's
  // button there or "missing" sends the form with that choice. Handled on click, before the form is sent. Tapped
  // while the count of the last taps is on its way, it waits for that count (the rules may say where the rest go),
  // then sends the form or asks.
  var checking = null;
  function askRest(free) {
    $("#rest-ask-q").textContent = restQuestion(free);
    restAsk.hidden = false;
    restAsk.scrollIntoView({ block: "center" });
    $("button", restAsk).focus();
  }
  function checkNow(button) {
    var g = given();
    if (!g.free.length || (fresh && restTo !== null) || missingChosen()) form.requestSubmit(button);
    else askRest(g.free.length);
  }
  $$("button[name=action][value=check]", form).forEach(function (b) {
    b.addEventListener("click", function (ev) {
      var g = given();
      if (!g.free.length || (fresh && restTo !== null) || missingChosen()) return;
      ev.preventDefault();
      if (fresh || !navigator.onLine) { askRest(g.free.length); return; }
      checking = b;
      if (timer) { clearTimeout(timer); count(); }
    });
  });

  form.addEventListener("change", schedule);
  var timer = null, seq = 0;
  function schedule() {
    fresh = false;
    checking = null;  // the hand changed after Check hand: it is tapped again once done
    clearTimeout(timer);
    timer = setTimeout(count, 200);
    if (restAsk.hidden) return;
    var free = given().free.length;
    if (free) $("#rest-ask-q").textContent = restQuestion(free);
    else restAsk.hidden = true;
  }
  function count() {
    timer = null;
    var g = given(), free = g.free.length;
    // The counts show the hand as it will be saved: the server puts the rest where the rules say ("auto").
    var sides = names.map(function (n, i) { return { name: n, pile: g.piles[i] }; });
    var mine = ++seq;
    fetch(form.dataset.scoreUrl, {
      method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ sides: sides, rules: rules, rest: "auto" })
    }).then(function (r) { return r.json(); }).then(function (d) {
      if (mine !== seq) return;
      var to = typeof d.rest_to === "number" ? d.rest_to : null;
      restTo = to;
      fresh = !timer;
      offerRest(g, to);
      if (checking && fresh) { var button = checking; checking = null; checkNow(button); }
      live.textContent = "";
      if (!d.sides) { live.textContent = d.message || ""; return; }
      d.sides.forEach(function (s, i) {
        var row = document.createElement("div");
        row.className = "row side" + i;
        row.textContent = tr("live_row", { name: s.name, cards: trN("n_cards", s.cards), coins: trN("n_coins", s.coins) })
          + (s.settebello ? " · " + tr("settebello") : "")
          + " · " + tr("live_primiera", { value: s.primiera === null ? "–" : s.primiera });
        live.appendChild(row);
      });
      if (free) {
        var rest = document.createElement("div");
        rest.className = "rest-line";
        if (to !== null) rest.textContent = trN("rest_goes_to", free, { name: names[to] });
        else if (missingChosen()) rest.textContent = trN("rest_missing", free);
        else if (names.length === 2 && g.piles.every(function (p) { return !p.length; })) {
          rest.textContent = trN(teams ? "rest_two_sides" : "rest_two_players", free);
        } else rest.textContent = trN("rest_ask", free);
        live.appendChild(rest);
      }
    }).catch(function () {
      // No connection: the server does the counting, so there is none to show; the hand can still be saved.
      if (mine === seq) {
        live.textContent = tr("live_offline");
        offerRest(given(), null);
        if (checking) { checking = null; askRest(given().free.length); }
      }
    });
  }
  count();
})();
