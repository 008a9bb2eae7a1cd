// Scopa Scorekeeper: the new-game page. Loaded after app.js (which defines $, $$ and plural); works without it.
"use strict";
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
