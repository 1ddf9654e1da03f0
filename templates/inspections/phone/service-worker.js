{% load static %}// The agent's service worker (served by inspections.views.phone at the inspections prefix, so
// that it controls the agent's pages and no other role's).
//
// It keeps two things: the site's own scripts and styles (no record in them), and copies of
// the pages the server marks as the signed-in agent's day (header X-Keep-On-Phone: the agent's
// id), in a cache of that agent's alone; caching a page of one agent deletes any other's.
// Pages are read from the network first and from the copy only without a signal. The page's
// own sending of queued checklists (header X-Phone-Sync) always goes to the network.
//
// A copy belongs to the session it was kept in (header X-Phone-Session: its tag and last
// moment; stoneham_boh/accounts/phone_session.py). It is kept only while that session is the
// live one (the browser's cookie, which it forgets when it closes), and shown only then and
// never past the session's lifetime: otherwise every copy is deleted, unread. A keep under way
// when the session ends (a log-out) looks again once written, and deletes what it wrote.
"use strict";
const STATIC_CACHE = "boh-static-{{ version }}";
const PAGES_PREFIX = "boh-pages-";
const SESSION_COOKIE = "boh_phone";
const SCOPE = "{% url 'inspections:agenda' %}";
const STATIC_PREFIX = "{% get_static_prefix %}";
const STATIC_FILES = [{% for name in kept_static %}
  "{% static name %}",{% endfor %}
];

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC_CACHE).then(function (cache) { return cache.addAll(STATIC_FILES); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("boh-static-") === 0 && name !== STATIC_CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function pageCaches() {
  return caches.keys().then(function (names) {
    return names.filter(function (name) { return name.indexOf(PAGES_PREFIX) === 0; });
  });
}

function parseSession(value) {
  const parts = String(value || "").replace(/"/g, "").split(".");
  const until = Number(parts[1]) * 1000;
  return parts[0] && until > Date.now() ? { tag: parts[0], until: until } : null;
}

// The live session's tag, from the browser's cookie: a tag, null (no live session), or
// undefined where this browser lets no worker read cookies (the copies' own lifetime and the
// page's check then decide).
function liveTag() {
  if (!self.cookieStore) return Promise.resolve(undefined);
  return self.cookieStore.get(SESSION_COOKIE).then(function (cookie) {
    const session = cookie && parseSession(cookie.value);
    return session ? session.tag : null;
  }, function () { return undefined; });
}

function isCurrent(response, live) {
  const session = parseSession(response.headers.get("X-Phone-Session"));
  if (!session || live === null) return false;
  return live === undefined || live === session.tag;
}

function dropAllPages() {
  return pageCaches().then(function (names) {
    return Promise.all(names.map(function (name) { return caches.delete(name); }));
  });
}

function keep(request, response) {
  const owner = response.headers.get("X-Keep-On-Phone");
  if (!owner || !response.ok || response.redirected || !/^\d+$/.test(owner)) {
    return Promise.resolve();
  }
  const mine = PAGES_PREFIX + owner;
  const copy = response.clone();
  return liveTag().then(function (live) {
    if (!isCurrent(response, live)) return undefined;
    return pageCaches().then(function (names) {
      return Promise.all(names.filter(function (name) { return name !== mine; })
        .map(function (name) { return caches.delete(name); }));
    }).then(function () {
      return caches.open(mine);
    }).then(function (cache) {
      return cache.put(request.url, copy);
    }).then(function () {
      // The session may have ended while this was written: then nothing stays.
      return liveTag().then(function (after) {
        if (!isCurrent(response, after)) return dropAllPages();
        return undefined;
      });
    });
  });
}

function keptCopy(url) {
  return Promise.all([pageCaches(), liveTag()]).then(function (found) {
    const names = found[0];
    const live = found[1];
    if (!names.length) return undefined;
    if (live === null) return ended();  // no live session: whatever is kept goes, unread
    if (names.length !== 1) return undefined;  // (briefly) two users': show neither
    return caches.open(names[0]).then(function (cache) { return cache.match(url); })
      .then(function (copy) {
        if (!copy) return undefined;
        return isCurrent(copy, live) ? copy : ended();
      });
  });
}

function ended() {
  return dropAllPages().then(function () {
    return noSignalPage(401, "Your session has ended",
      "Nothing kept on this phone is shown once the session it was kept in has ended, " +
      "and it has been deleted from the phone. Log in again with a signal.", true);
  });
}

function noSignalPage(status, title, text, clearing) {
  const body = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">" +
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">" +
    "<title>" + title + "</title>" +
    "<link rel=\"stylesheet\" href=\"{% static 'vendor/bootstrap/css/bootstrap.min.css' %}\">" +
    "<link rel=\"stylesheet\" href=\"{% static 'css/boh.css' %}\">" +
    // Once the session has ended, the phone's store (with nobody signed in) clears whatever
    // the session kept in the phone's database too.
    (clearing ? "<script src=\"{% static 'js/phone-store.js' %}\" data-user=\"\" defer></script>" : "") +
    "</head>" +
    "<body><main id=\"main\" class=\"container-xl py-4\"><h1 class=\"page-title\">" + title +
    "</h1><p>" + text + "</p><p><a class=\"btn btn-primary touch-target\" href=\"" + SCOPE +
    "\">Today's inspections</a></p></main></body></html>";
  return new Response(body, {
    status: status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || request.headers.get("X-Phone-Sync")) return;

  if (request.method === "GET" && url.pathname.indexOf(STATIC_PREFIX) === 0) {
    event.respondWith(caches.open(STATIC_CACHE).then(function (cache) {
      return cache.match(request).then(function (hit) { return hit || fetch(request); });
    }));
    return;
  }
  if (url.pathname.indexOf(SCOPE) !== 0) return;
  const isPage = request.mode === "navigate" ||
    (request.headers.get("Accept") || "").indexOf("text/html") !== -1;
  if (!isPage || request.headers.get("HX-Request")) return;

  if (request.method === "GET") {
    event.respondWith(fetch(request).then(function (response) {
      event.waitUntil(keep(request, response));
      return response;
    }).catch(function () {
      return keptCopy(request.url).then(function (copy) {
        return copy || noSignalPage(503, "No signal",
          "This page is not kept on the phone. Today's inspections and their checklists are: " +
          "open them from the list.");
      });
    }));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(function () {
      return noSignalPage(503, "No signal: nothing was sent",
        "Go back: your answers and photos are kept on this phone. Tap “Record the " +
        "inspection” again and it is kept here, to be sent when the signal returns.");
    }));
  }
});
