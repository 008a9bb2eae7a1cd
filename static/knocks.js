// Scopa Scorekeeper: each side's knock points (Cirulla's bussare) on a hand form. The number field works alone
// (without JavaScript); this shows the buttons beside it that add one knock's worth (+3, +10) or clear it,
// within the field's own max (from the server). Loaded by every form with the knocks, once.
"use strict";
(function () {
  document.querySelectorAll(".knocks .knock").forEach(function (row) {
    var input = row.querySelector("input"), adds = row.querySelector(".knock-adds");
    if (!input || !adds || adds.dataset.ready) return;
    adds.dataset.ready = "1";
    adds.hidden = false;
    var high = input.max === "" ? Infinity : Number(input.max);
    function set(value) {
      input.value = String(value);
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }
    adds.addEventListener("click", function (ev) {
      var button = ev.target.closest("button");
      if (!button) return;
      if (button.hasAttribute("data-clear")) { set(0); return; }
      set(Math.min(high, (parseInt(input.value, 10) || 0) + Number(button.dataset.add)));
    });
  });
})();
