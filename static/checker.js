// Scopa Scorekeeper: the capture checker. Loaded after app.js (which defines $, $$ and plural); works without it.
"use strict";
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
