// Scopa Scorekeeper: the 40-card grid as a widget, shared by the hand from the piles and the capture checker.
// The server draws each card as a cell with a menu (the page without JavaScript); this turns each cell into a
// toggle button named by the card and its owner ("7 di Denari, Anna's pile"), the menu kept hidden as the value
// the form sends. The grid is one Tab stop (a roving tabindex): an arrow key moves to the card drawn next in
// that direction, whatever the layout (a suit in two rows of 5 on a phone, one row of 10 on a wider screen);
// Left/Right at a row's end go on to the suit's next or previous card. Home/End go to the ends of a suit (with
// Ctrl, of the grid); Space or Enter toggles the card.
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
      // Named by what it shows as well as by the card: a speech user says "F 8", which the name starts with
      // whenever the card's name does not already hold it ("F 8, Fante di Denari"; "7 di Denari" as it is).
      var name = select.getAttribute("aria-label"), shown = label.querySelector(".rank").textContent.trim();
      button.dataset.name = name;
      button.said = name.toLowerCase().indexOf(shown.toLowerCase()) === 0 ? name : shown + ", " + name;
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
    button.setAttribute("aria-label", button.said + ", " + (owner ? owner.label : options.none));
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
  // The card drawn nearest in a direction (dx, dy one of -1, 0, 1) from a cell: among the cells wholly on that
  // side of it, the nearest line of them, then the one nearest across (so Down from the coins' Ace is the coins'
  // 6 under it on a phone, the cups' Ace on a wide screen).
  function nearest(from, dx, dy) {
    var a = from.getBoundingClientRect(), best = null, bestKey = null;
    var ax = (a.left + a.right) / 2, ay = (a.top + a.bottom) / 2;
    self.cells.forEach(function (c) {
      if (c === from) return;
      var b = c.getBoundingClientRect();
      var bx = (b.left + b.right) / 2, by = (b.top + b.bottom) / 2, along, across;
      if (dy) {
        along = dy > 0 ? b.top - a.bottom : a.top - b.bottom;
        across = Math.abs(bx - ax);
        if (along < -1) return;
      } else {
        if (b.bottom <= a.top + 1 || b.top >= a.bottom - 1) return;  // only cells on the same line
        along = dx > 0 ? b.left - a.right : a.left - b.right;
        across = Math.abs(by - ay);
        if (along < -1) return;
      }
      var key = [Math.round(along), across];
      if (bestKey === null || key[0] < bestKey[0] || (key[0] === bestKey[0] && key[1] < bestKey[1])) {
        best = c; bestKey = key;
      }
    });
    return best;
  }

  root.addEventListener("keydown", function (ev) {
    var r = -1, c = -1;
    self.rows.forEach(function (row, i) { var j = row.indexOf(ev.target); if (j >= 0) { r = i; c = j; } });
    if (r < 0) return;
    var row = self.rows[r], last = self.rows.length - 1, to = null;
    switch (ev.key) {
      case "ArrowRight": to = nearest(ev.target, 1, 0) || row[Math.min(c + 1, row.length - 1)]; break;
      case "ArrowLeft": to = nearest(ev.target, -1, 0) || row[Math.max(c - 1, 0)]; break;
      case "ArrowDown": to = nearest(ev.target, 0, 1); break;
      case "ArrowUp": to = nearest(ev.target, 0, -1); break;
      case "Home": to = ev.ctrlKey ? self.rows[0][0] : row[0]; break;
      case "End": to = ev.ctrlKey ? self.rows[last][self.rows[last].length - 1] : row[row.length - 1]; break;
      default: return;
    }
    ev.preventDefault();
    if (to) moveTo(to);
  });
}
