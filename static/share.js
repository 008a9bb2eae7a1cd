// Scopa Scorekeeper: sharing a game (scoreboard, stop-keeping page). Loaded after app.js; works without it.
"use strict";
// Share and Copy beside a read-only link: the phone's share sheet where it has one, the clipboard otherwise.
(function () {
  $$(".link-actions").forEach(function (box) {
    var input = document.getElementById(box.dataset.link);
    if (!input) return;
    var shareButton = $(".share-link", box), copyButton = $(".copy-link", box), said = $(".copied", box);
    var timer = null;
    function say(text) {
      said.textContent = text;
      clearTimeout(timer);
      timer = setTimeout(function () { said.textContent = ""; }, 4000);
    }
    // The share sheet and the async clipboard exist only on https or localhost; a phone on the table's
    // network opens the app over plain http, where the older copy command still works.
    function copyBySelection() {
      input.focus();
      input.select();
      input.setSelectionRange(0, input.value.length);
      var done = false;
      try { done = document.execCommand("copy"); } catch (e) { done = false; }
      say(done ? tr("copied") : tr("copy_by_hand"));
    }
    copyButton.addEventListener("click", function () {
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(input.value).then(function () { say(tr("copied")); }, copyBySelection);
      } else {
        copyBySelection();
      }
    });
    if (shareButton && navigator.share) {
      shareButton.hidden = false;
      shareButton.addEventListener("click", function () {
        navigator.share({ title: box.dataset.title, url: input.value }).catch(function () { /* dismissed */ });
      });
    }
    box.hidden = false;
  });
})();

// One QR code on screen at a time: while the keeper code is open, the viewer code is hidden (start.css does
// the same with :has() where the browser has it).
(function () {
  var keeper = $("#keeper-code"), viewer = $("#viewer-qr");
  if (!keeper || !viewer) return;
  var share = viewer.closest(".share");
  function sync() { share.classList.toggle("keeper-open", keeper.open); }
  keeper.addEventListener("toggle", sync);
  sync();
})();

// The rematch is named after the players and this phone's time.
$$("input.local-time").forEach(function (input) {
  function hhmm() {
    var now = new Date();
    return String(now.getHours()).padStart(2, "0") + ":" + String(now.getMinutes()).padStart(2, "0");
  }
  input.value = hhmm();
  if (input.form) input.form.addEventListener("submit", function () { input.value = hhmm(); });
});
