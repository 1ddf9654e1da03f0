// What the agent's phone keeps between signals (README, Security): checklists being filled in
// ("drafts") and checklists recorded without a signal ("queue"), in IndexedDB, each under the
// signed-in user's id; the copies of the day's pages live in the service worker's cache
// (static/js/ via templates/inspections/service-worker.js). Loaded on every page, so that
// logging out, or another user signing in, clears all of it wherever it happens.
//
// Every copy is bound to the log-in session it was made in (stoneham_boh/accounts/
// phone_session.py): the page names its session's tag (data-session) and the browser holds the
// live session's tag in a cookie it forgets when it closes, with the moment the session ends at
// the latest. A copy of another session is dropped unread; a page whose session has ended (the
// browser was closed, the session outlived its lifetime, the office ended it) shows nothing kept
// and clears the phone; and nothing is written once the session has ended, so that a keep still
// under way when the agent logs out cannot write the copies again.
(function () {
  "use strict";
  const DB_NAME = "boh-phone";
  const STORES = ["drafts", "queue"];
  const CACHE_PREFIX = "boh-pages-";
  const USER_KEY = "boh-phone-user";
  const script = document.currentScript;
  const user = (script && script.dataset.user) || "";
  const pageTag = (script && script.dataset.session) || "";
  const COOKIE = (script && script.dataset.cookie) || "boh_phone";
  const LIFETIME = Number((script && script.dataset.sessionLifetime) || 0);
  let ending = false;  // logging out: nothing more is written

  // When this device first saw the session `tag` (kept per tag: a new tab does not renew it).
  function firstSeen(tag) {
    const key = "boh_phone_seen:" + tag;
    try {
      const kept = Number(window.localStorage.getItem(key));
      if (kept > 0) return kept;
      Object.keys(window.localStorage).forEach(function (name) {
        if (name.indexOf("boh_phone_seen:") === 0) window.localStorage.removeItem(name);
      });
      window.localStorage.setItem(key, String(Date.now()));
    } catch (error) {
      // No storage: the session is counted from this page.
    }
    return Number(window.localStorage && window.localStorage.getItem(key)) || Date.now();
  }

  // The live session as the browser holds it now: its tag and its last moment, or null.
  function liveSession() {
    const prefix = COOKIE + "=";
    const found = document.cookie.split(";").map(function (part) { return part.trim(); })
      .filter(function (part) { return part.indexOf(prefix) === 0; })[0];
    if (!found) return null;
    const parts = found.slice(prefix.length).replace(/"/g, "").split(".");
    if (!parts[0]) return null;
    // The session's end on this device's clock: its lifetime from the moment this device first
    // saw it, not the office's clock, which a phone's may be hours away from.
    const until = firstSeen(parts[0]) + LIFETIME * 1000;
    if (!(LIFETIME > 0 ? until > Date.now() : Number(parts[1]) * 1000 > Date.now())) return null;
    return { tag: parts[0], until: until };
  }

  // This page belongs to the session that is live now.
  function isLive() {
    const session = liveSession();
    return !ending && !!user && !!pageTag && !!session && session.tag === pageTag;
  }

  function open() {
    return new Promise(function (resolve, reject) {
      if (!window.indexedDB) return reject(new Error("This browser keeps nothing on the phone."));
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = function () {
        STORES.forEach(function (name) {
          if (!request.result.objectStoreNames.contains(name)) {
            request.result.createObjectStore(name, { keyPath: "key" }).createIndex("user", "user");
          }
        });
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }

  function run(storeName, mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        const tx = db.transaction(storeName, mode);
        const result = work(tx.objectStore(storeName));
        tx.oncomplete = function () { db.close(); resolve(result && result.result); };
        tx.onerror = function () { db.close(); reject(tx.error); };
      });
    });
  }

  function keyOf(inspection) {
    return user + ":" + inspection;
  }

  // A copy of another session (or none recorded) is dropped unread.
  function ours(record) {
    return !!record && record.session === pageTag;
  }

  function ended() {
    return Promise.reject(new Error("The session has ended: nothing is kept on this phone."));
  }

  const store = {
    user: user,
    keyOf: keyOf,
    isLive: isLive,
    get: function (storeName, inspection) {
      if (!isLive()) return Promise.resolve(undefined);
      return run(storeName, "readonly", function (s) { return s.get(keyOf(inspection)); })
        .then(function (record) { return ours(record) ? record : undefined; });
    },
    put: function (storeName, record) {
      if (!user) return Promise.reject(new Error("Nobody is signed in."));
      if (!isLive()) return ended();
      record.key = keyOf(record.inspection);
      record.user = user;
      record.session = pageTag;
      return run(storeName, "readwrite", function (s) { return s.put(record); }).then(function (result) {
        // Logged out while it was being written: the log-out's clearing has the last word.
        if (!isLive()) return clearAll().then(ended);
        return result;
      });
    },
    remove: function (storeName, inspection) {
      if (!user) return Promise.resolve();
      return run(storeName, "readwrite", function (s) { return s.delete(keyOf(inspection)); });
    },
    // Only the signed-in user's records of this session, oldest first.
    all: function (storeName) {
      if (!isLive()) return Promise.resolve([]);
      return run(storeName, "readonly", function (s) {
        return s.index("user").getAll(user);
      }).then(function (records) {
        return (records || []).filter(ours).sort(function (a, b) {
          return (a.recordedAt || a.savedAt || "").localeCompare(b.recordedAt || b.savedAt || "");
        });
      });
    },
    clearAll: clearAll,
    // The server said the session has ended (a sending answered 401, or led to the log-in).
    sessionEnded: function () {
      ending = true;
      return clearAll().then(showEnded);
    },
  };

  function clearAll() {
    const steps = [];
    try { localStorage.removeItem(USER_KEY); } catch (e) { /* storage off: nothing kept */ }
    if (window.caches) {
      steps.push(caches.keys().then(function (names) {
        return Promise.all(names.filter(function (n) { return n.indexOf(CACHE_PREFIX) === 0; })
          .map(function (n) { return caches.delete(n); }));
      }));
    }
    if (window.indexedDB) {
      steps.push(new Promise(function (resolve) {
        const request = indexedDB.deleteDatabase(DB_NAME);
        request.onsuccess = request.onerror = request.onblocked = function () { resolve(); };
      }));
    }
    return Promise.all(steps).catch(function () {});
  }

  // Copies of earlier sessions of this user (a tag of its own each) are dropped unread.
  function dropOtherSessions() {
    // Only where something was kept: a clerk's pages need no database of their own.
    const kept = window.indexedDB && indexedDB.databases
      ? indexedDB.databases().then(function (list) {
        return list.some(function (db) { return db.name === DB_NAME; });
      }, function () { return true; })
      : Promise.resolve(!!window.indexedDB);
    return kept.then(function (found) { return found ? dropFromStores() : undefined; });
  }

  function dropFromStores() {
    return Promise.all(STORES.map(function (name) {
      return run(name, "readwrite", function (s) {
        const request = s.openCursor();
        request.onsuccess = function () {
          const cursor = request.result;
          if (!cursor) return;
          if (!ours(cursor.value)) cursor.delete();
          cursor.continue();
        };
      });
    })).catch(function () {});
  }

  // A page kept on the phone, opened after its session ended: what it shows is not for whoever
  // holds the phone now.
  function showEnded() {
    document.documentElement.dataset.phoneSession = "ended";
    const main = document.querySelector("main");
    if (!main || !user) return;
    const box = document.createElement("div");
    box.className = "container-xl py-4";
    box.setAttribute("data-session-ended", "");
    const title = document.createElement("h1");
    title.className = "page-title";
    title.textContent = "Your session has ended";
    const text = document.createElement("p");
    text.textContent = "Nothing kept on this phone is shown once the session it was kept in has " +
      "ended, and it has been deleted from the phone. Log in again with a signal.";
    box.append(title, text);
    main.replaceChildren(box);
  }

  // Another user signed in on this phone: nothing of the previous one stays.
  let known = null;
  try { known = localStorage.getItem(USER_KEY); } catch (e) { known = null; }
  let ready;
  if (!user) {
    // No session on this page: whatever an earlier one kept goes.
    ready = known ? clearAll() : Promise.resolve();
  } else if (!isLive()) {
    ending = true;
    ready = clearAll().then(showEnded);
  } else if (known && known !== user) {
    ready = clearAll();
  } else {
    ready = dropOtherSessions();
  }
  store.ready = ready.then(function () {
    if (user && !ending) {
      try { localStorage.setItem(USER_KEY, user); } catch (e) { /* nothing kept */ }
    }
  });

  // Logging out clears the phone; checklists still waiting to be sent are named first, and
  // the agent chooses. From then on nothing is written.
  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!form.matches("form[data-logout]") || form.dataset.cleared) return;
    event.preventDefault();
    store.all("queue").catch(function () { return []; }).then(function (waiting) {
      if (waiting.length && !window.confirm(
        waiting.length + " inspection" + (waiting.length === 1 ? " is" : "s are") +
        " recorded on this phone and not yet at the office. Logging out deletes " +
        (waiting.length === 1 ? "it" : "them") + " from the phone: send " +
        (waiting.length === 1 ? "it" : "them") + " first with a signal. Log out anyway?")) {
        return;
      }
      ending = true;
      clearAll().then(function () {
        form.dataset.cleared = "1";
        form.submit();
      });
    });
  });

  window.BOHPhone = store;
})();
