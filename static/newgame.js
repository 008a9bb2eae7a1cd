// Scopa Scorekeeper: the new-game page. Loaded after app.js (which defines $, $$ and tr); works without it.
"use strict";
// New game: the game (Scopa, Escoba, Cirulla) first; choosing another game or profile, or a house rule others
// depend on, brings the page again for it (the server says which house rules apply, the page's "Show its rules"
// button, which this script presses and hides). Then the target as a number for the profile and the names
// written, the rules in one line above Start,
// the sides choice only when the names written can team up in more than one way, and a name from the players and
// this phone's time. Who sits with whom, the sides' names and the game's name are the server's to say (the rules
// core's seats): the page carries the seatings as data, and the name is asked of POST /api/v1/sides as names are
// typed.
(function () {
  var data = $("#profile-data");
  if (!data) return;
  var p = JSON.parse(data.textContent);
  var seating = JSON.parse($("#seating-data").textContent), form = $(".new-game");
  var target = $("#target"), shown = $("#target-shown"), hint = $("#target-hint");
  var summary = $("#rules-summary"), sides = $("#sides");
  // The page for the game, profile or house rule just chosen: everything typed is sent along and kept. The
  // buttons that ask for it are the page's without script: with it, Enter in a name starts the game.
  $$("button[name=refresh]").forEach(function (b) { b.remove(); });
  // The page comes back scrolled to what was changed.
  function reload(ev) {
    var ask = document.createElement("input");
    // "house": the house rules were open, and come back open.
    ask.type = "hidden"; ask.name = "refresh"; ask.value = $(".house-rules").open ? "house" : "1";
    form.appendChild(ask);
    form.action = form.action.split("#")[0] + "#" + (ev.target.name === "family" ? "family" : ev.target.id);
    form.submit();
  }
  var nameInput = $("#game-name"), clock = $("#local-time");
  var inputs = $$(".players input");

  function names() {
    return inputs.map(function (i) { return i.value.trim().replace(/\s+/g, " "); }).filter(Boolean);
  }
  function hhmm() {
    var now = new Date();
    return String(now.getHours()).padStart(2, "0") + ":" + String(now.getMinutes()).padStart(2, "0");
  }
  // The name the game gets if none is written, as the server makes it from the names, the layout and this
  // phone's time: asked a moment after the typing stops; the last question's answer wins. Offline, or with
  // fewer than two names, the placeholder says what the name will be made of.
  var timer = null, seq = 0, asked = null;
  function suggest(list) {
    var layout = ($("input[name=layout]:checked") || {}).value || "teams";
    var question = { players: list, layout: layout, clock: hhmm() }, key = JSON.stringify(question);
    if (key === asked) return;  // a change elsewhere on the form (the target, a house rule): the same name
    asked = key;
    clearTimeout(timer);
    var mine = ++seq;
    if (list.length < 2) { nameInput.placeholder = tr("name_placeholder"); return; }
    timer = setTimeout(function () {
      fetch(form.dataset.sidesUrl, {
        method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: key
      }).then(function (r) { return r.json(); }).then(function (d) {
        if (mine !== seq) return;
        nameInput.placeholder = typeof d.name === "string" ? d.name : tr("name_placeholder");
      }).catch(function () {
        if (mine !== seq) return;
        nameInput.placeholder = tr("name_placeholder");
        asked = null;  // offline: ask again at the next change
      });
    }, 200);
  }
  function update(ev) {
    var list = names(), count = Math.max(2, list.length);
    // The target follows the profile and the names until the person types their own.
    var t = p.targets[String(count)];
    var typing = ev && ev.target === target;
    if (t && !typing && (target.value === "" || target.value === shown.value)) {
      target.value = String(t);
      shown.value = String(t);
    }
    var counts = Object.keys(p.targets).filter(function (n) { return p.players.indexOf(Number(n)) >= 0; });
    var parts = counts.map(function (n) { return tr("players_target", { n: n, target: p.targets[n] }); });
    var several = new Set(counts.map(function (n) { return p.targets[n]; })).size > 1;
    hint.textContent = (p.players.indexOf(list.length) < 0 && list.length >= 2
      ? tr("profile_for", { players: p.players.join(", ") })
      : several ? tr("profile_targets", { targets: parts.join(", ") }) : tr("profile_target"))
      + " " + tr("change_target");
    var deck = $("input[name=deck_style]:checked");
    var changed = $$(".house-rules select").filter(function (s) { return s.value && !s.disabled; }).length;
    summary.textContent = [p.title, tr("to_target", { n: target.value || t || "?" }),
      deck ? deck.parentNode.textContent.trim() : tr("italian_deck")]
      .concat(changed ? [trN("house_rules", changed)] : []).join(" · ");
    // The sides choice matters only when the core seats this many players in more than one way (4 or 6); each
    // layout is shown only where it is offered (three teams of two only with six).
    var offered = seating[String(list.length)] || {}, layouts = Object.keys(offered);
    sides.hidden = layouts.length < 2;
    $$("label[data-layout]", sides).forEach(function (label) {
      label.hidden = !sides.hidden && !(label.dataset.layout in offered);
      // A layout this many players do not have is unticked for the first one they do (teams).
      if (label.hidden && $("input", label).checked) $("input[value=" + layouts[0] + "]", sides).checked = true;
    });
    suggest(list);
  }
  $$("input[name=family], #profile, .option[data-refresh] select").forEach(function (i) {
    i.addEventListener("change", reload);
  });
  target.addEventListener("input", update);
  $$("input[name=deck_style], input[name=layout], .house-rules select").forEach(function (i) {
    i.addEventListener("change", update);
  });
  inputs.forEach(function (i) { i.addEventListener("input", update); });
  // The phone's own clock names the game: the server's may be in another time zone.
  form.addEventListener("submit", function () { clock.value = hhmm(); });
  clock.value = hhmm();
  update();
})();
