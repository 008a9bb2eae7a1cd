// Scopa Scorekeeper: the capture checker. Loaded after grid.js and app.js (which defines $, $$ and tr);
// the form works without it.
"use strict";
// Tap cards for the table or the hand; the address carries the position in short form and opens on the answer.
(function () {
  var form = $("#checker-form");
  if (!form) return;
  var active = "t";
  var places = {
    t: { label: tr("on_the_table"), mark: tr("table_mark"), cls: "where-t" },
    h: { label: tr("in_the_hand"), mark: tr("hand_mark"), cls: "where-h" }
  };
  var grid = new CardGrid($(".grid", form), {
    values: ["t", "h"],
    owner: function (v) { return places[v]; },
    none: tr("not_placed"),
    pick: function () { return active; },
    ask: function () {},
    changed: summary
  });
  function placed(where) {
    return grid.cells.filter(function (c) { return grid.value(c) === where; });
  }
  function summary() {
    var table = $(".where-t-text"), hand = $(".where-h-text");
    function names(where) { return placed(where).map(function (c) { return c.dataset.name; }).join(", ") || tr("empty"); }
    if (table) table.textContent = tr("table_line", { cards: names("t") });
    if (hand) hand.textContent = tr("hand_line", { cards: names("h") });
  }
  summary();
  $$(".pick", form).forEach(function (b) {
    b.addEventListener("click", function () {
      active = b.dataset.where;
      $$(".pick", form).forEach(function (o) { o.setAttribute("aria-pressed", o === b ? "true" : "false"); });
    });
  });
  // A house rule shows only where it applies (the ace's rules with ace takes all), as the rules now chosen say.
  var profiles = JSON.parse(($("#profile-options") || {}).textContent || "{}");
  Object.keys(profiles).forEach(function (name) {
    profiles[name] = Object.assign({}, profiles.classic, profiles[name]);
  });
  var profile = $("select[name=profile]", form);
  function fit() {
    fitHouseRules($$(".house-rules .option[data-option]", form), function (key) {
      var sel = $("select[name=" + key + "]", form);
      return sel && sel.value ? sel.value : (profiles[profile.value] || {})[key];
    });
  }
  $$(".house-rules select", form).forEach(function (s) { s.addEventListener("change", fit); });
  fit();
  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    var params = new URLSearchParams();
    function codes(where) { return placed(where).map(function (c) { return c.dataset.card; }); }
    var table = codes("t"), hand = codes("h");
    if (table.length) params.set("table", table.join(","));
    if (hand.length) params.set("hand", hand.join(","));
    new FormData(form).forEach(function (value, key) {
      if (key.indexOf("c_") !== 0 && value) params.set(key, value);
    });
    // The answer (legal plays, the deal check) is below the grid: open the page there.
    location.href = form.action + "?" + params.toString() + "#answer";
  });
})();
