// Scopa Scorekeeper: the 40-card grid as a widget, shared by the hand from the piles and the capture checker.
// The server draws each card as a cell with a menu (the page without JavaScript); this turns each cell into a
// toggle button named by the card and its owner ("7 di Denari, Anna's pile"), the menu kept hidden as the value
// the form sends. The grid is one Tab stop (a roving tabindex): Left/Right move within a suit, Up/Down between
// suits, Home/End to the ends of a suit (with Ctrl, of the grid); Space or Enter toggles the card.
// Loaded before app.js; it only defines CardGrid, which the page's own script creates.
"use strict";
/* exported CardGrid */
function CardGrid(root, options) {
  // options: values (the menu values that mean an owner), owner(value) -> {label, mark, cls},
  // none (the name's ending for a card nobody has), pick() -> the value a tap gives (null: ask first),
  // ask(button) (called on a tap when pick() is null), changed() (after any change).
  var self = this;
  var classes = options.values.map(function (v) { return options.owner(v).cls; });
  var rows = Array.prototype.slice.call(root.querySelectorAll(".suit"));
  this.root = root;
  this.options = options;
  this.cells = [];
  this.rows = rows.map(function (row) {
    return Array.prototype.slice.call(row.querySelectorAll(".cell")).map(function (label) {
      var select = label.querySelector("select");
      var button = document.createElement("button");
      button.type = "button";
      button.className = label.className;
      button.dataset.card = label.dataset.card;
      button.dataset.name = select.getAttribute("aria-label");
      button.tabIndex = -1;
      var rank = label.querySelector(".rank"), mark = document.createElement("span");
      mark.className = "mark";
      mark.setAttribute("aria-hidden", "true");
      button.appendChild(rank);
      button.appendChild(mark);
      label.replaceWith(button);
      // The menu stays in the form (hidden, out of the tab order) and carries the value it sends.
      select.hidden = true;
      select.tabIndex = -1;
      button.after(select);
      button.select = select;
      self.cells.push(button);
      return button;
    });
  });
  this.paint = function (button) {
    var value = button.select.value, owner = value === "" ? null : options.owner(value);
    classes.forEach(function (c) { button.classList.remove(c); });
    if (owner) button.classList.add(owner.cls);
    // Drawn by CSS from data-mark: the name already says whose pile it is, and a letter in the button's own
    // text would not match that name (speech users say what they see).
    button.querySelector(".mark").dataset.mark = owner ? owner.mark : "";
    button.setAttribute("aria-pressed", owner ? "true" : "false");
    button.setAttribute("aria-label", button.dataset.name + ", " + (owner ? owner.label : options.none));
  };
  this.cells.forEach(this.paint);
  if (this.cells.length) this.cells[0].tabIndex = 0;

  this.set = function (button, value) {
    button.select.value = value;
    button.classList.remove("error-cell");
    self.paint(button);
  };
  this.value = function (button) { return button.select.value; };
  this.refresh = function () { self.cells.forEach(self.paint); };
  this.current = function () {
    return self.cells.filter(function (c) { return c.tabIndex === 0; })[0] || self.cells[0];
  };
  this.focus = function () { self.current().focus(); };
  function moveTo(button) {
    self.cells.forEach(function (c) { c.tabIndex = c === button ? 0 : -1; });
    button.focus();
  }

  this.cells.forEach(function (button) {
    button.addEventListener("click", function () {
      moveTo(button);
      var give = options.pick();
      if (give === null) { options.ask(button); return; }
      self.set(button, button.select.value === give ? "" : give);
      options.changed();
    });
  });
  root.addEventListener("keydown", function (ev) {
    var r = -1, c = -1;
    self.rows.forEach(function (row, i) { var j = row.indexOf(ev.target); if (j >= 0) { r = i; c = j; } });
    if (r < 0) return;
    var row = self.rows[r], last = self.rows.length - 1, to = null;
    switch (ev.key) {
      case "ArrowRight": to = row[Math.min(c + 1, row.length - 1)]; break;
      case "ArrowLeft": to = row[Math.max(c - 1, 0)]; break;
      case "ArrowDown": to = self.rows[Math.min(r + 1, last)][c]; break;
      case "ArrowUp": to = self.rows[Math.max(r - 1, 0)][c]; break;
      case "Home": to = ev.ctrlKey ? self.rows[0][0] : row[0]; break;
      case "End": to = ev.ctrlKey ? self.rows[last][self.rows[last].length - 1] : row[row.length - 1]; break;
      default: return;
    }
    ev.preventDefault();
    if (to) moveTo(to);
  });
}
