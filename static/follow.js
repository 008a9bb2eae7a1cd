// Scopa Scorekeeper: a page that holds an entry for a game (a hand's form, a delete to confirm, the comparison of
// two entries) follows the game (live.js) and says so within a second when another phone changes it. Nothing on
// the page is reloaded or cleared: what was entered stays, and saving checks it against the game as it is then.
"use strict";
(function () {
  var notice = document.querySelector("[data-follow]");
  if (!notice || typeof Live === "undefined") return;
  var shown = Number(notice.dataset.version), version = shown;
  Live.follow({
    stream: notice.dataset.live,
    poll: notice.dataset.poll,
    every: 1000 * Number(notice.dataset.pollSeconds),
    tag: function () { return version; },
    seen: function (heard) {
      if (!(heard > version)) return;
      version = heard;  // asked again with the newest tag: a 304 while nothing more changes
      notice.hidden = heard === shown;
    },
  });
})();
