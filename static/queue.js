// Scopa Scorekeeper: changes made while offline (a hand, a scopa, a correction, a delete), kept on the phone in
// IndexedDB and sent in order when the connection returns. Each carries its form's submission id, so a change
// sent twice (by the page and by Background Sync, or after a timeout) is recorded once. Used by the pages
// (app.js) and by the service worker (sw.js); nothing here computes a score.
"use strict";
var OfflineQueue = (function () {
  var DB = "scopa-offline", QUEUE = "queue", REFUSED = "refused";
  var sending = null;

  function open() {
    return new Promise(function (resolve, reject) {
      var req = indexedDB.open(DB, 1);
      req.onupgradeneeded = function () {
        req.result.createObjectStore(QUEUE, { keyPath: "id", autoIncrement: true });
        req.result.createObjectStore(REFUSED, { keyPath: "id", autoIncrement: true });
      };
      req.onsuccess = function () { resolve(req.result); };
      req.onerror = function () { reject(req.error); };
    });
  }
  function run(store, mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(store, mode), result;
        tx.oncomplete = function () { db.close(); resolve(result); };
        tx.onerror = function () { db.close(); reject(tx.error); };
        var req = work(tx.objectStore(store));
        if (req) req.onsuccess = function () { result = req.result; };
      });
    });
  }
  // A change to send later: {game, url, fields: [[name, value], ...], label}.
  function add(item) {
    item.created = new Date().toISOString();
    return run(QUEUE, "readwrite", function (s) { return s.add(item); });
  }
  function all(store) { return run(store || QUEUE, "readonly", function (s) { return s.getAll(); }); }
  function remove(store, id) { return run(store, "readwrite", function (s) { s.delete(id); }); }

  function announce() {
    // Tell the pages (from the worker) or this page that the queue changed.
    if (typeof document !== "undefined") { document.dispatchEvent(new Event("queue-changed")); return; }
    self.clients.matchAll().then(function (list) {
      list.forEach(function (c) { c.postMessage({ queue: "changed" }); });
    });
  }

  // Send every kept change, oldest first. A network failure stops the round (the rest wait, in order); a change
  // the server refuses (the game changed on another phone, or ended) is kept apart to be shown, never dropped.
  function sendAll() {
    if (sending) return sending;
    sending = all(QUEUE).then(function (items) {
      return items.reduce(function (chain, item) {
        return chain.then(function (go) {
          if (!go) return false;
          var body = new URLSearchParams();
          item.fields.forEach(function (f) { body.append(f[0], f[1]); });
          return fetch(item.url, { method: "POST", body: body, credentials: "same-origin", redirect: "follow" })
            .then(function (response) {
              if (response.status >= 400) {
                item.status = response.status;
                item.page = response.url;
                return run(REFUSED, "readwrite", function (s) { s.add(item); })
                  .then(function () { return remove(QUEUE, item.id); }).then(function () { return true; });
              }
              return remove(QUEUE, item.id).then(function () { return true; });
            }, function () { return false; });  // still offline: try again later
        });
      }, Promise.resolve(true));
    }).finally(function () { sending = null; announce(); });
    return sending;
  }

  // The fields of a form worth keeping for later, or null: a change to the score (a hand, a correction, a delete,
  // a scopa, an undo) carries a submission id. A hand sent to be checked first (counts, cards, a correction)
  // cannot be checked without the server: it is kept to be saved, and the server checks it when it arrives (a
  // hand it refuses is shown, and can be opened again with everything entered). Any other step of a form (the
  // rest of the cards to a side, back from the check) needs the connection.
  function keepable(fields) {
    if (!fields.some(function (f) { return f[0] === "submission_id" && f[1]; })) return null;
    var action = fields.filter(function (f) { return f[0] === "action"; }).map(function (f) { return f[1]; });
    if (action.some(function (a) { return a !== "save" && a !== "check"; })) return null;
    return fields.map(function (f) { return f[0] === "action" ? ["action", "save"] : f; });
  }

  return { add: add, all: all, remove: remove, sendAll: sendAll, keepable: keepable, REFUSED: REFUSED };
})();
