// The agent's pages without a signal: the service worker that keeps the day's pages on the
// phone, the banner that says when there is no signal and how many checklists wait on the
// phone, and the sending of those checklists when the signal returns (on its own, and by
// "Send now"). Each is sent as the form would be, with a fresh CSRF token, and the server
// answers as data: recorded, or refused with its reasons, which stay on the phone and on the
// screen until the agent deals with them. Nothing is ever dropped without the agent's say.
(function () {
  "use strict";
  const phone = window.BOHPhone;
  const script = document.currentScript;
  if (!phone || !phone.user || !script) return;
  const config = script.dataset;
  const main = document.querySelector("main .container-xl") || document.querySelector("main");
  if (!main) return;

  // The banner: a live region that is always there, filled as things change.
  const banner = document.createElement("section");
  banner.className = "phone-status mb-3";
  banner.id = "phone-status";
  banner.setAttribute("aria-label", "This phone's copy");
  const live = document.createElement("div");
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  banner.appendChild(live);
  main.insertBefore(banner, main.firstChild);

  let sending = false;
  let note = "";            // the last thing that happened: sent, session ended, still no signal
  let noteKind = "info";
  const sent = [];          // confirmed in this page: {message, url}
  const filed = [];         // refused in this page, and kept at the office: the server's answer

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    if (text) node.textContent = text;
    return node;
  }

  function clock(iso) {
    const moment = new Date(iso);
    return moment.toLocaleString([], { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
  }

  function render() {
    return phone.all("queue").catch(function () { return []; }).then(function (queue) {
      const waiting = queue.filter(function (item) { return item.state !== "refused"; });
      const refused = queue.filter(function (item) { return item.state === "refused"; });
      live.replaceChildren();
      if (!navigator.onLine) {
        const offline = el("div", { class: "alert alert-warning mb-2", "data-offline-banner": "" });
        offline.appendChild(el("strong", {}, "No signal. "));
        offline.appendChild(document.createTextNode(
          "You are working from the copy of today's inspections kept on this phone. A checklist " +
          "you record is kept here and sent when the signal returns."));
        live.appendChild(offline);
      }
      if (waiting.length) {
        const box = el("div", { class: "alert alert-info mb-2" });
        const text = el("p", { class: "mb-2" });
        text.appendChild(el("span", { class: "badge text-bg-primary me-1", "data-queue-count": "" },
          String(waiting.length)));
        text.appendChild(document.createTextNode(
          (waiting.length === 1 ? "inspection is" : "inspections are") +
          " recorded on this phone, waiting to be sent: " +
          waiting.map(function (item) { return item.address; }).join("; ") + "."));
        box.appendChild(text);
        const button = el("button", { type: "button", class: "btn btn-primary touch-target", "data-send-now": "" },
          sending ? "Sending…" : "Send now");
        if (sending) button.disabled = true;
        button.addEventListener("click", function () { sendAll(true); });
        box.appendChild(button);
        live.appendChild(box);
      }
      refused.forEach(function (item) {
        const box = el("div", { class: "alert alert-danger mb-2", "data-refused": item.inspection });
        box.appendChild(el("p", { class: "fw-semibold mb-1" },
          "Not recorded. " + (item.refusal && item.refusal.message || item.address)));
        const reasons = (item.refusal && item.refusal.reasons) || [];
        if (reasons.length) {
          const list = el("ul", { class: "mb-2" });
          reasons.forEach(function (reason) { list.appendChild(el("li", {}, reason)); });
          box.appendChild(list);
        }
        box.appendChild(el("p", { class: "small mb-2" },
          "Recorded on this phone " + clock(item.recordedAt) + ". It stays here until you remove it."));
        const actions = el("div", { class: "d-flex flex-wrap gap-2" });
        actions.appendChild(el("a", { class: "btn btn-light border touch-target d-inline-flex align-items-center", href: item.detailUrl },
          "Open the inspection"));
        const remove = el("button", { type: "button", class: "btn btn-danger touch-target" },
          "Remove it from this phone");
        remove.addEventListener("click", function () {
          if (!window.confirm("Remove the checklist of " + item.address + " from this phone? It was not recorded.")) return;
          Promise.all([phone.remove("queue", item.inspection), phone.remove("drafts", item.inspection)])
            .then(changed);
        });
        actions.appendChild(remove);
        box.appendChild(actions);
        live.appendChild(box);
      });
      filed.forEach(function (data) { live.appendChild(filedRefusal(data)); });
      sent.forEach(function (done) {
        const box = el("div", { class: "alert alert-success mb-2", "data-sent": "" });
        box.appendChild(document.createTextNode("Sent. " + done.message + " "));
        box.appendChild(el("a", { href: done.url }, "Open it"));
        live.appendChild(box);
      });
      if (note) live.appendChild(el("div", { class: "alert alert-" + noteKind + " mb-2", "data-phone-note": "" }, note));
      markRows(queue);
    });
  }

  // A refusal the office kept as a field report: why, and everything the agent recorded, with
  // the way to the report (where it is carried into a re-inspection or kept on the record).
  function filedRefusal(data) {
    const box = el("div", { class: "alert alert-danger mb-2", "data-refused": data.inspection || "" });
    box.appendChild(el("p", { class: "fw-semibold mb-1" }, "Not recorded. " + data.message));
    if ((data.reasons || []).length) {
      const list = el("ul", { class: "mb-2" });
      data.reasons.forEach(function (reason) { list.appendChild(el("li", {}, reason)); });
      box.appendChild(list);
    }
    box.appendChild(el("p", { class: "mb-2" },
      "What you recorded is kept at the office as your field report, with its notes and photos:"));
    // What the agent found is shown item by item; the items answered without a note are counted.
    const answers = data.answers || [];
    const found = answers.filter(function (a) { return a.result === "violation" || a.note || a.photos; });
    const list = el("ul", { class: "list-unstyled mb-2 refused-answers", "aria-label": "What you recorded" });
    found.forEach(function (answer) {
      const row = el("li", { class: "mb-2" + (answer.result === "violation" ? " refused-answer" : "") });
      const head = el("p", { class: "mb-0" });
      head.appendChild(el("strong", {}, answer.result_label + ": "));
      head.appendChild(document.createTextNode(answer.citation + " " + answer.question));
      row.appendChild(head);
      if (answer.note) row.appendChild(el("p", { class: "mb-0 refused-note" }, answer.note));
      if (answer.photos) {
        row.appendChild(el("p", { class: "mb-0 small" },
          answer.photos + " photo" + (answer.photos === 1 ? "" : "s") + " kept with it"));
      }
      list.appendChild(row);
    });
    box.appendChild(list);
    const others = {};
    answers.filter(function (a) { return found.indexOf(a) === -1; }).forEach(function (a) {
      others[a.result_label] = (others[a.result_label] || 0) + 1;
    });
    const counted = Object.keys(others).map(function (label) {
      return others[label] + " " + label.toLowerCase();
    });
    if (counted.length) {
      box.appendChild(el("p", { class: "mb-2 small" },
        "The other items, without a note: " + counted.join(", ") + "."));
    }
    box.appendChild(el("a", { class: "btn btn-light border touch-target d-inline-flex align-items-center", href: data.report_url },
      "Open your field report"));
    return box;
  }

  // The list's rows of inspections waiting on the phone say so.
  function markRows(queue) {
    document.querySelectorAll("[data-phone-badge]").forEach(function (badge) { badge.remove(); });
    queue.forEach(function (item) {
      document.querySelectorAll('a[href="' + item.detailUrl + '"].list-group-item').forEach(function (row) {
        const badge = el("span", { class: "badge badge-status d-block mt-1 " + (item.state === "refused" ? "status-fail" : "status-pending"), "data-phone-badge": "" },
          item.state === "refused" ? "Refused: see above" : "On this phone, to send");
        const end = row.querySelector(".text-end") || row;
        end.appendChild(badge);
      });
    });
  }

  function changed() {
    render();
    document.dispatchEvent(new CustomEvent("boh-phone-changed"));
  }

  // A token of the session as it is now (the log-in rotates it), read from a page fetched
  // straight from the network; null when the session has ended.
  function freshToken() {
    return fetch(config.agenda, {
      credentials: "same-origin",
      cache: "no-store",
      headers: { Accept: "text/html", "X-Phone-Sync": "1" },
    }).then(function (response) {
      const path = new URL(response.url).pathname;
      if (!response.ok || path.indexOf(config.agenda) !== 0) return null;
      return response.text().then(function (html) {
        const doc = new DOMParser().parseFromString(html, "text/html");
        const store = doc.querySelector("script[data-user]");
        if (!store || store.dataset.user !== phone.user) return null;
        try {
          return JSON.parse(doc.body.getAttribute("data-hx-headers"))["X-CSRFToken"] || null;
        } catch (e) {
          return null;
        }
      });
    });
  }

  function formOf(item, token) {
    const data = new FormData();
    item.fields.forEach(function (pair) { data.append(pair[0], pair[1]); });
    (item.photos || []).forEach(function (photo) {
      data.append(photo.field, new File([photo.blob], photo.name, { type: photo.type }));
    });
    data.set("csrfmiddlewaretoken", token);
    data.set("recorded_on_phone_at", item.recordedAt);
    return data;
  }

  function sendOne(item, token) {
    return fetch(item.recordUrl, {
      method: "POST",
      body: formOf(item, token),
      credentials: "same-origin",
      redirect: "manual",
      headers: { Accept: "application/json", "X-CSRFToken": token, "X-Phone-Sync": "1" },
    }).then(function (response) {
      if (response.status === 401 || response.status === 403 || response.type === "opaqueredirect") {
        return "session";
      }
      const json = (response.headers.get("Content-Type") || "").indexOf("application/json") === 0;
      const answer = json ? response.json() : Promise.resolve({
        message: item.address + ": not recorded (the office answered " + response.status + ").",
        reasons: response.status === 413
          ? ["The photos together are larger than the office accepts in one inspection: remove some."]
          : [],
      });
      return answer.then(function (data) {
        if (response.ok && data.recorded) {
          sent.push({ message: data.message, url: data.url });
          document.dispatchEvent(new CustomEvent("boh-phone-sent", {
            detail: { inspection: item.inspection, message: data.message, url: data.url },
          }));
          return Promise.all([phone.remove("queue", item.inspection), phone.remove("drafts", item.inspection)])
            .then(function () { return "sent"; });
        }
        if (data.report_url) {
          // Refused, and kept at the office as the agent's field report: the phone's copy is
          // no longer the only one, and goes.
          filed.push(data);
          document.dispatchEvent(new CustomEvent("boh-phone-filed", {
            detail: { inspection: item.inspection, message: data.message, url: data.report_url },
          }));
          return Promise.all([phone.remove("queue", item.inspection), phone.remove("drafts", item.inspection)])
            .then(function () { return "refused"; });
        }
        item.state = "refused";
        item.refusal = { message: data.message, reasons: data.reasons || [] };
        return phone.put("queue", item).then(function () { return "refused"; });
      });
    });
  }

  function sendAll(asked) {
    // One sending at a time: the "online" event, "Send now" and the page opening may all ask.
    if (sending) return Promise.resolve();
    sending = true;
    return phone.all("queue").then(function (queue) {
      const waiting = queue.filter(function (item) { return item.state !== "refused"; });
      if (!waiting.length) return "none";
      if (!navigator.onLine) {
        if (asked) { note = "Still no signal: the checklists stay on this phone."; noteKind = "warning"; }
        return "none";
      }
      note = "";
      render();
      return freshToken().then(function (token) {
        if (!token) return "session";
        let chain = Promise.resolve();
        let outcome = "sent";
        waiting.forEach(function (item) {
          chain = chain.then(function () {
            if (outcome === "session") return;
            return sendOne(item, token).then(function (result) {
              if (result === "session") outcome = "session";
            });
          });
        });
        return chain.then(function () { return outcome; });
      });
    }).then(function (outcome) {
      if (outcome === "session") {
        // The office says the session has ended: what was kept under it goes, unread.
        sending = false;
        return phone.sessionEnded().then(function () { return "ended"; });
      }
      return outcome;
    }, function () {
      note = "The signal dropped while sending: what was not sent stays on this phone.";
      noteKind = "warning";
    }).then(function (outcome) {
      sending = false;
      if (outcome !== "ended") changed();
    });
  }

  // The day's pages, kept by the service worker as they are fetched: the list itself, and
  // each of today's and the overdue inspections with its checklist.
  function keepTheDay() {
    const status = document.querySelector("[data-phone-day-status]");
    if (!status || !navigator.onLine || !navigator.serviceWorker || !navigator.serviceWorker.controller) return;
    const pages = [config.agenda];
    // The server states how many of the day's inspections the phone keeps (all of them, up to
    // its stated size) and how many are due.
    const keeps = parseInt(status.dataset.phoneKeeps, 10);
    const due = parseInt(status.dataset.phoneDue, 10);
    const rows = Array.prototype.slice.call(
      document.querySelectorAll("[data-phone-day] a.list-group-item[href]")
    );
    rows.slice(0, isNaN(keeps) ? rows.length : keeps).forEach(function (row) {
      const detail = row.getAttribute("href");
      pages.push(detail, detail + "record/");
    });
    Promise.all(pages.map(function (url) {
      return fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } })
        .then(function (response) { return response.ok; }, function () { return false; });
    })).then(function (results) {
      prune(pages);
      const kept = results.filter(Boolean).length === pages.length;
      const count = (pages.length - 1) / 2;
      status.dataset.phoneReady = kept ? "yes" : "partly";
      const all = isNaN(due) || count >= due;
      status.textContent = !kept
        ? "Part of today's list could not be kept on this phone; open it again with a signal."
        : all
          ? "Kept on this phone for places without a signal: today's list and its " + count +
            " inspection" + (count === 1 ? "" : "s") + " due."
          : "Kept on this phone for places without a signal: today's list and the first " +
            count + " of its " + due + " inspections due; open the others with a signal.";
    });
  }

  // Pages of earlier days leave the phone: it keeps today's and no more.
  function prune(pages) {
    if (!window.caches) return;
    const today = pages.map(function (url) { return new URL(url, location.href).href; });
    caches.open("boh-pages-" + phone.user).then(function (cache) {
      return cache.keys().then(function (requests) {
        return Promise.all(requests.filter(function (request) {
          return today.indexOf(request.url) === -1;
        }).map(function (request) { return cache.delete(request); }));
      });
    }).catch(function () {});
  }

  function register() {
    if (!navigator.serviceWorker || !config.worker) return;
    navigator.serviceWorker.register(config.worker, { scope: config.scope }).then(function () {
      if (navigator.serviceWorker.controller) {
        keepTheDay();
      } else {
        navigator.serviceWorker.addEventListener("controllerchange", keepTheDay, { once: true });
      }
    }).catch(function () { /* no worker (an old browser, a private window): the pages still work */ });
  }

  // A checklist recorded and shown by the server is done with on the phone.
  const recorded = document.querySelector("[data-recorded-inspection]");
  const cleared = recorded
    ? phone.remove("drafts", recorded.dataset.recordedInspection).catch(function () {})
    : Promise.resolve();

  window.addEventListener("online", function () { render(); sendAll(false); });
  window.addEventListener("offline", render);
  document.addEventListener("boh-phone-queued", function () { render(); });
  phone.ready.then(function () { return cleared; }).then(function () {
    if (!phone.isLive()) return;  // a page of a session that has ended: it shows nothing kept
    render();
    register();
    sendAll(false);
  });
})();
