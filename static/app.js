// Progressive enhancement for Scopa Scorekeeper. Every form works without this file; the rules
// (counts, primiera, who scores what) always come from the server, never from here.
"use strict";
document.documentElement.classList.add("js");

function $(sel, root) { return (root || document).querySelector(sel); }
function $$(sel, root) { return Array.from((root || document).querySelectorAll(sel)); }
function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

// Never send a form twice: a double tap re-sends nothing (the server also ignores repeats).
$$("form").forEach(function (form) {
  form.addEventListener("submit", function (ev) {
    if (form.dataset.sent === "1" && !form.classList.contains("scopa-form")) { ev.preventDefault(); return; }
    if (ev.submitter && ev.submitter.name === "action" && ev.submitter.value.indexOf("rest:") === 0) return;
    form.dataset.sent = "1";
    setTimeout(function () { form.dataset.sent = ""; }, 4000);
  });
});

// New game: show the chosen profile's description, its target for the players named, fixed options.
(function () {
  var data = $("#profiles-data");
  if (!data) return;
  var profiles = JSON.parse(data.textContent);
  var select = $("#profile"), target = $("#target"), hint = $("#target-hint"), desc = $("#profile-description");
  function update() {
    var p = profiles[select.value];
    var players = Math.max(2, $$(".players input").filter(function (i) { return i.value.trim(); }).length);
    desc.textContent = p.description;
    var t = p.targets[String(players)];
    target.placeholder = t ? String(t) : "";
    hint.textContent = t ? "Leave empty to play to " + t + " (" + players + " players, this profile)."
      : "This profile is for " + p.players.join(", ") + " players.";
    $$(".house-rules .option").forEach(function (div) {
      var key = div.dataset.option, sel = $("select", div), fixed = p.fixed.indexOf(key) >= 0;
      div.classList.toggle("fixed", fixed);
      sel.disabled = fixed;
      sel.options[0].textContent = "as the profile (" + (p.options[key] === "true" ? "yes" : p.options[key] === "false" ? "no" : p.options[key].replace("_", " ")) + ")";
    });
  }
  select.addEventListener("change", update);
  $$(".players input").forEach(function (i) { i.addEventListener("input", update); });
  update();
})();

// Scoreboard: refresh when the game changes on another phone; scopa buttons without a page load.
(function () {
  var board = $(".scoreboard");
  if (!board) return;
  var version = board.dataset.version;
  setInterval(function () {
    if (document.hidden) return;
    fetch(board.dataset.poll, { headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (d) { if (d && String(d.version) !== version) location.reload(); })
      .catch(function () {});
  }, 5000);
  // A tap sends at once; the same tap again within 350 ms is a double tap and is dropped; a tap while
  // the previous one is on its way waits for it (each send needs the fresh submission id it returns).
  function send(form, change) {
    form.dataset.busy = "1";
    var body = new FormData(form);
    body.set("change", change);
    fetch(form.action, { method: "POST", body: body, headers: { Accept: "application/json" } })
      .then(function (r) { return r.json(); })
      .then(function (d) {
        $$(".scopa-form").forEach(function (f, i) {
          $(".count", f).textContent = d.pending_scopas[i];
          $(".scopa-undo", f).disabled = !d.pending_scopas[i];
          $("input[name=submission_id]", f).value = d.submission_id + "-" + i;
        });
        return fetch(board.dataset.poll).then(function (r) { return r.json(); })
          .then(function (v) { version = String(v.version); board.dataset.version = version; });
      })
      .catch(function () { form.submit(); })
      .finally(function () {
        form.dataset.busy = "";
        var next = form.dataset.queued;
        form.dataset.queued = "";
        if (next) send(form, next);
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

// Number steppers: big - and + beside each scopa count, within the field's own min and max (from the server).
$$(".stepper input").forEach(function (input) {
  var low = Number(input.min || 0), high = input.max === "" ? Infinity : Number(input.max);
  function step(d) {
    return function () {
      input.value = Math.max(low, Math.min(high, (parseInt(input.value, 10) || 0) + d));
      input.dispatchEvent(new Event("change", { bubbles: true }));
    };
  }
  var minus = document.createElement("button"), plus = document.createElement("button");
  minus.type = plus.type = "button";
  minus.textContent = "−"; plus.textContent = "+";
  minus.setAttribute("aria-label", "one scopa less"); plus.setAttribute("aria-label", "one scopa more");
  minus.addEventListener("click", step(-1)); plus.addEventListener("click", step(1));
  input.before(minus); input.after(plus);
});

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

// Capture checker: tap cards for the table or the hand; the URL carries the position in short form.
(function () {
  var form = $("#checker-form");
  if (!form) return;
  var active = "t";
  function paint(cell) {
    var v = $("select", cell).value;
    cell.classList.remove("where-t", "where-h");
    if (v) cell.classList.add("where-" + v);
  }
  function codes(where) {
    return $$(".cell", form).filter(function (c) { return $("select", c).value === where; })
      .map(function (c) { return c.dataset.card; });
  }
  function summary() {
    $(".where-t-text").textContent = "Table: " + (codes("t").join(" ") || "empty");
    $(".where-h-text").textContent = "Hand: " + (codes("h").join(" ") || "empty");
  }
  $$(".pick", form).forEach(function (b) {
    b.addEventListener("click", function () {
      active = b.dataset.where;
      $$(".pick", form).forEach(function (o) { o.setAttribute("aria-pressed", o === b ? "true" : "false"); });
    });
  });
  $$(".cell", form).forEach(function (cell) {
    cell.addEventListener("click", function (ev) {
      ev.preventDefault();
      var sel = $("select", cell);
      sel.value = sel.value === active ? "" : active;
      paint(cell);
      summary();
    });
  });
  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    var params = new URLSearchParams();
    var table = codes("t"), hand = codes("h");
    if (table.length) params.set("table", table.join(","));
    if (hand.length) params.set("hand", hand.join(","));
    new FormData(form).forEach(function (value, key) {
      if (key.indexOf("c_") !== 0 && value) params.set(key, value);
    });
    location.href = form.action + "?" + params.toString();
  });
})();

// Paper: the Print button.
$$("[data-print]").forEach(function (b) { b.addEventListener("click", function () { window.print(); }); });

// Menus that choose what the page shows (the pads' rules): send their form on change. Kept here, not
// in an onchange attribute, because the Content-Security-Policy allows no inline script.
$$("select[data-submit-on-change]").forEach(function (select) {
  select.addEventListener("change", function () { select.form.submit(); });
});
