// Scopa Scorekeeper's service worker: the app opens without a connection, and a game this phone has open shows
// its score as of the last time it was loaded. Served from /sw.js (scorekeeper/web/offline.py), which fills in
// the version and the files of the shell; a new version of the app is a new worker with a new cache, and the
// old caches are deleted once it takes over.
"use strict";
var VERSION = "__VERSION__";
var SHELL = __SHELL__;  // the stylesheets, scripts, icons and the offline page, as the server lists them
var SHELL_CACHE = "shell-" + VERSION;
var PAGES_CACHE = "pages";  // kept across versions: a game opened before an update still opens offline
var PAGES_MAX = 30;  // the game pages kept for offline use, the least recently loaded let go first

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL_CACHE).then(function (cache) { return cache.addAll(SHELL); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n.indexOf("shell-") === 0 && n !== SHELL_CACHE; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

// The pages worth keeping for offline use: the home page, a game's pages (scoreboard, hands, sheet, its forms),
// a group's page, an event's page, big screen and result sheet.
function keepable(url) {
  return url.pathname === "/" || /^\/g\/[\w-]+(\/(hands(\/\d+(\/(edit|delete))?)?|sheet|counts|hand))?$/.test(url.pathname) ||
    /^\/groups\/[\w-]+$/.test(url.pathname) || /^\/e\/[\w-]+(\/(screen|sheet))?$/.test(url.pathname);
}

// An answer the server marked never to be stored: a page opened by a key (the keeper's scoreboard and forms,
// the group's keeper page, the organiser's event page) or a keeper QR code. Never put in Cache Storage.
function noStore(response) {
  return /(^|,)\s*no-store\s*(,|$)/i.test(response.headers.get("Cache-Control") || "");
}

function store(address, response) {
  return caches.open(PAGES_CACHE).then(function (cache) {
    return cache.put(address, response).then(function () { return cache.keys(); })
      .then(function (keys) {
        return Promise.all(keys.slice(0, Math.max(0, keys.length - PAGES_MAX)).map(function (k) {
          return cache.delete(k);
        }));
      });
  });
}

// The offline copy of a page opened by a key: the server renders it without any key in it (no keeper or
// organiser link, no keeper QR; a group or an event as its viewers see it; a game keeps its hand forms) and
// marks it storable. Resolves to the copy stored, or null.
var OFFLINE_COPY = { "X-Offline-Copy": "1" };
function storeCopy(address, version) {
  return fetch(address, { headers: OFFLINE_COPY, credentials: "same-origin", cache: "no-store" })
    .then(function (copy) {
      if (!copy.ok || copy.redirected || noStore(copy)) return null;
      if (version === undefined) return store(address, copy.clone()).then(function () { return copy; });
      // A hand form's copy remembers the game version it was made at (see keepEntryPages).
      return copy.text().then(function (html) {
        var headers = new Headers(copy.headers);
        headers.set("X-Copy-Version", version);
        return store(address, new Response(html, { status: 200, headers: headers }));
      });
    }).catch(function () { return null; });
}

// The keeper's scoreboard kept: the game's other hand forms (quick counts, card by card) are kept too, so they
// open offline without having been opened before. Once per game version: a copy made at this version is kept.
var ENTRY_PAGES = ["/counts", "/hand"];
function keepEntryPages(game, version) {
  return caches.open(PAGES_CACHE).then(function (cache) {
    return Promise.all(ENTRY_PAGES.map(function (page) {
      var address = game + page;
      return cache.match(address).then(function (kept) {
        if (kept && kept.headers.get("X-Copy-Version") === version) return null;
        return storeCopy(address, version);
      });
    }));
  });
}

// The game version a keeper's scoreboard shows (null for a finished game, which has no hand forms).
function versionOf(html) {
  var found = html.match(/class="scoreboard" data-version="(\d+)"/);
  return found ? found[1] : null;
}

// Keep a page for offline use (its address without the query: a draft (?d=) or a filter shows the same page).
// A page that must not be stored is kept as its offline copy, asked for in the background; for a keeper's
// scoreboard once per game version, like its hand forms: reloading it asks the server for nothing more.
function remember(request, response) {
  var url = new URL(request.url);
  if (!response.ok || response.redirected || !keepable(url)) return Promise.resolve();
  var address = url.origin + url.pathname;
  if (!noStore(response)) return store(address, response.clone());
  if (!/^\/g\/[\w-]+$/.test(url.pathname)) return storeCopy(address);
  return response.clone().text().then(function (html) {
    var version = versionOf(html);
    if (version === null) return storeCopy(address);
    return caches.open(PAGES_CACHE).then(function (cache) { return cache.match(address); }).then(function (kept) {
      var made = kept && kept.headers.get("X-Copy-Version") === version ? null : storeCopy(address, version);
      return Promise.resolve(made).then(function () { return keepEntryPages(address, version); });
    });
  });
}

// A page kept from an earlier visit, marked so that it says so (the phone may believe it is online when nothing
// gets through: the page cannot tell from navigator.onLine alone).
function fromCache(kept) {
  return kept.text().then(function (html) {
    var headers = new Headers(kept.headers);
    return new Response(html.replace("<body ", "<body data-from-cache "), { status: 200, headers: headers });
  });
}

// A form sent as a page (a hand, a correction, a delete) that cannot reach the server, even though the page
// thought it was online: kept in the queue with its submission id, to be sent when the connection returns, and
// the game's page shown from the copy kept. Anything else (see OfflineQueue.keepable) is not kept: the offline
// page says it needs the connection.
var POST_WAIT = 20000;  // a request with no answer after this long is kept for later (sent again, it counts once)
function keepPost(request, url) {
  var copy = request.clone();
  var sent = fetch(request);
  var late = new Promise(function (resolve, reject) { setTimeout(function () { reject(new Error("late")); }, POST_WAIT); });
  return Promise.race([sent, late]).catch(function () {
    return copy.formData().then(function (data) {
      var fields = [];
      data.forEach(function (value, key) { if (typeof value === "string") fields.push([key, value]); });
      var game = url.pathname.match(/^\/g\/([\w-]+)/);
      fields = OfflineQueue.keepable(fields);
      if (!game || !fields) return caches.match("/offline?page=step");
      return OfflineQueue.add({ game: game[1], url: url.href, fields: fields, label: "" }).then(function () {
        if (self.registration.sync) self.registration.sync.register("send-queued").catch(function () {});
        return Response.redirect(url.origin + "/g/" + game[1], 303);
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && request.mode === "navigate") {
    event.respondWith(keepPost(request, url));
    return;
  }
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    // A page: the network first (the score is the server's), the copy kept from the last visit when offline.
    event.respondWith(fetch(request).then(function (response) {
      event.waitUntil(remember(request, response).catch(function () {}));  // not holding up the page
      return response;
    }).catch(function () {
      return caches.open(PAGES_CACHE).then(function (cache) { return cache.match(url.origin + url.pathname); })
        .then(function (kept) {
          if (kept) return fromCache(kept);
          var fallback = url.pathname.indexOf("/check") === 0 ? "/offline?page=checker" : "/offline";
          return caches.match(fallback);
        });
    }));
    return;
  }
  if (url.pathname === "/qr.svg") {
    // A game's QR code (the share panel): from the network, else the copy kept with the game's page; a keeper
    // link's code (no-store: a password in a picture) is never kept.
    event.respondWith(fetch(request).then(function (response) {
      if (response.ok && !noStore(response)) {
        var copy = response.clone();
        caches.open(PAGES_CACHE).then(function (cache) { return cache.put(request.url, copy); });
      }
      return response;
    }).catch(function () { return caches.open(PAGES_CACHE).then(function (c) { return c.match(request.url); }); }));
    return;
  }
  if (url.pathname.indexOf("/static/") === 0 || url.pathname === "/manifest.webmanifest") {
    // The shell: from the cache of this version, else from the network.
    event.respondWith(caches.match(request, { ignoreSearch: false }).then(function (hit) {
      return hit || fetch(request);
    }));
  }
});

// Background Sync: the hands and scopas kept while offline are sent when the connection returns, even if the
// page was closed (queue.js holds them; the page sends them too when it opens or comes back online).
self.importScripts("/static/queue.js");
self.addEventListener("sync", function (event) {
  if (event.tag === "send-queued") event.waitUntil(OfflineQueue.sendAll());
});
