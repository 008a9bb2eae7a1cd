// Scopa Scorekeeper: a hand entered from the piles. Loaded after app.js (which defines $, $$ and plural); works without it.
"use strict";
// Hand from piles: tap a card to give it to the chosen side; the server counts.
(function () {
  var form = $("#hand-form");
  if (!form) return;
  var active = 0;
  var names = JSON.parse(form.dataset.names), rules = JSON.parse(form.dataset.rules);
  var live = $("#live");
  function paint(cell) {
    var v = $("select", cell).value;
    cell.className = cell.className.replace(/\bside\d\b/g, "").trim();
    if (v !== "") cell.classList.add("side" + v);
  }
  $$(".pick").forEach(function (b) {
    b.addEventListener("click", function () {
      active = parseInt(b.dataset.side, 10);
      $$(".pick").forEach(function (o) { o.setAttribute("aria-pressed", o === b ? "true" : "false"); });
    });
  });
  $$(".cell").forEach(function (cell) {
    cell.addEventListener("click", function (ev) {
      ev.preventDefault();
      var sel = $("select", cell);
      sel.value = sel.value === String(active) ? "" : String(active);
      paint(cell);
      schedule();
    });
  });
  $$(".rest-to").forEach(function (b) {
    b.addEventListener("click", function (ev) {
      ev.preventDefault();
      $$(".cell").forEach(function (cell) {
        var sel = $("select", cell);
        if (sel.value === "") { sel.value = b.dataset.side; paint(cell); }
      });
      schedule();
    });
  });
  form.addEventListener("change", schedule);
  var timer = null, seq = 0;
  function schedule() { clearTimeout(timer); timer = setTimeout(count, 200); }
  function count() {
    var piles = names.map(function () { return []; }), free = 0;
    $$(".cell").forEach(function (cell) {
      var v = $("select", cell).value;
      if (v === "") free += 1; else piles[parseInt(v, 10)].push(cell.dataset.card);
    });
    var sides = names.map(function (n, i) { return { name: n, pile: piles[i] }; });
    var mine = ++seq;
    fetch(form.dataset.scoreUrl, {
      method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ sides: sides, rules: rules })
    }).then(function (r) { return r.json(); }).then(function (d) {
      if (mine !== seq) return;
      live.textContent = "";
      if (!d.sides) { live.textContent = d.message || ""; return; }
      d.sides.forEach(function (s, i) {
        var row = document.createElement("div");
        row.className = "row side" + i;
        row.textContent = s.name + ": " + plural(s.cards, "card") + " · " + plural(s.coins, "coin") + (s.settebello ? " · settebello" : "") +
          " · primiera " + (s.primiera === null ? "–" : s.primiera);
        live.appendChild(row);
      });
      if (free) {
        var rest = document.createElement("div");
        rest.textContent = free + (free === 1 ? " card" : " cards") + " not given yet";
        live.appendChild(rest);
      }
    }).catch(function () {});
  }
  count();
})();
