// What the agent's phone keeps between signals (README, Security): checklists being filled in
// ("drafts") and checklists recorded without a signal ("queue"), in IndexedDB, each under the
// signed-in user's id; the copies of the day's pages live in the service worker's cache
// (static/js/ via templates/inspections/service-worker.js). Loaded on every page, so that
// logging out, or another user signing in, clears all of it wherever it happens.
(function () {
  "use strict";
  const DB_NAME = "boh-phone";
  const STORES = ["drafts", "queue"];
  const CACHE_PREFIX = "boh-pages-";
  const USER_KEY = "boh-phone-user";
  const script = document.currentScript;
  const user = (script && script.dataset.user) || "";

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

  const store = {
    user: user,
    keyOf: keyOf,
    get: function (storeName, inspection) {
      if (!user) return Promise.resolve(undefined);
      return run(storeName, "readonly", function (s) { return s.get(keyOf(inspection)); });
    },
    put: function (storeName, record) {
      if (!user) return Promise.reject(new Error("Nobody is signed in."));
      record.key = keyOf(record.inspection);
      record.user = user;
      return run(storeName, "readwrite", function (s) { return s.put(record); });
    },
    remove: function (storeName, inspection) {
      if (!user) return Promise.resolve();
      return run(storeName, "readwrite", function (s) { return s.delete(keyOf(inspection)); });
    },
    // Only the signed-in user's records, oldest first.
    all: function (storeName) {
      if (!user) return Promise.resolve([]);
      return run(storeName, "readonly", function (s) {
        return s.index("user").getAll(user);
      }).then(function (records) {
        return (records || []).sort(function (a, b) {
          return (a.recordedAt || a.savedAt || "").localeCompare(b.recordedAt || b.savedAt || "");
        });
      });
    },
    clearAll: clearAll,
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

  // Another user signed in on this phone: nothing of the previous one stays.
  let known = null;
  try { known = localStorage.getItem(USER_KEY); } catch (e) { known = null; }
  const ready = (user && known && known !== user) ? clearAll() : Promise.resolve();
  store.ready = ready.then(function () {
    if (user) {
      try { localStorage.setItem(USER_KEY, user); } catch (e) { /* nothing kept */ }
    }
  });

  // Logging out clears the phone; checklists still waiting to be sent are named first.
  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!form.matches("form[data-logout]") || form.dataset.cleared) return;
    event.preventDefault();
    store.all("queue").catch(function () { return []; }).then(function (waiting) {
      if (waiting.length && !window.confirm(
        waiting.length + " inspection" + (waiting.length === 1 ? " is" : "s are") +
        " recorded on this phone and not yet sent. Logging out deletes " +
        (waiting.length === 1 ? "it" : "them") + " from the phone. Log out anyway?")) {
        return;
      }
      clearAll().then(function () {
        form.dataset.cleared = "1";
        form.submit();
      });
    });
  });

  window.BOHPhone = store;
})();
