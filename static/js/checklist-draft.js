// The checklist kept on the phone as the agent fills it in (static/js/phone-store.js): every
// answer, note and photo is saved at once, so a reload, a crash or a form sent back with an
// error loses nothing. Photos are shrunk here before anything is sent (long edge
// MAX_EDGE px, JPEG), and put back into the form's file fields from the phone's copy. Without
// a signal, "Record the inspection" keeps the checklist on the phone, to be sent by
// static/js/offline-inspections.js when the signal returns; with one, the form is sent as ever.
(function () {
  "use strict";
  const phone = window.BOHPhone;
  const form = document.querySelector("form[data-checklist]");
  if (!phone || !phone.user || !form) return;
  const MAX_EDGE = 2000;
  const QUALITY = 0.85;
  const inspection = form.dataset.inspection;
  const address = form.dataset.address;
  const detailUrl = form.dataset.detailUrl;
  const recordUrl = form.dataset.recordUrl;
  const notice = document.querySelector("[data-phone-notice]");
  const fileInputs = Array.from(form.querySelectorAll("input[type=file]"));
  let photos = [];          // {field, name, type, size, blob}
  let queued = null;        // the copy waiting to be sent, if "Record" was tapped offline
  let saving = null;
  let restoring = false;    // putting the phone's copy back: nothing to save
  const STALE_MINUTES = 15;
  const when = form.querySelector("input[name=performed_at]");
  let whenTyped = false;    // the agent set the time of the inspection: it is theirs
  if (when) {
    when.addEventListener("input", function () { whenTyped = true; });
    when.addEventListener("change", function () { whenTyped = true; });
  }

  function fields() {
    const pairs = [];
    new FormData(form).forEach(function (value, name) {
      if (typeof value !== "string" || name === "csrfmiddlewaretoken") return;
      pairs.push([name, value]);
    });
    return pairs;
  }

  function record(extra) {
    const copy = {
      inspection: inspection,
      address: address,
      detailUrl: detailUrl,
      recordUrl: recordUrl,
      fields: fields(),
      photos: photos,
      savedAt: new Date().toISOString(),
    };
    return Object.assign(copy, extra || {});
  }

  // The agent sees when the phone holds the latest answers: a write to the phone's database
  // takes a moment (photos are megabytes), and a page closed in that moment keeps the copy
  // before it. "Kept on this phone" is shown once every write begun has finished.
  const draftState = form.querySelector("[data-draft-state]");
  let writing = 0;

  function keep(store, copy) {
    writing += 1;
    if (draftState) {
      draftState.dataset.draftState = "saving";
      draftState.textContent = "Saving on this phone…";
      draftState.hidden = false;
    }
    return phone.put(store, copy).finally(function () {
      writing -= 1;
      if (writing === 0 && draftState) {
        const moment = new Date().toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });
        draftState.dataset.draftState = "saved";
        draftState.textContent = "Kept on this phone at " + moment;
      }
    });
  }

  function saveNow() {
    window.clearTimeout(saving);
    saving = null;
    if (restoring) return;
    keep("drafts", record()).catch(function () { /* nothing kept: the form still works */ });
    if (queued && queued.state !== "refused") {
      // Changed after "Record": the copy waiting to be sent follows, as if recorded again.
      queued = record({ recordedAt: queued.recordedAt, state: "waiting" });
      keep("queue", queued).then(announce);
    }
  }

  // Typing is saved a moment after it stops; a tap at once.
  function save(soon) {
    window.clearTimeout(saving);
    if (soon) {
      saving = window.setTimeout(saveNow, 250);
    } else {
      saveNow();
    }
  }

  function announce() {
    document.dispatchEvent(new CustomEvent("boh-phone-queued"));
  }

  function kb(bytes) {
    return bytes >= 1048576 ? (bytes / 1048576).toFixed(1) + " MB" : Math.max(1, Math.round(bytes / 1024)) + " KB";
  }

  // Each file field holds the phone's copies of its photos, and lists them with a way to
  // remove one.
  function showPhotos() {
    fileInputs.forEach(function (input) {
      const mine = photos.filter(function (photo) { return photo.field === input.name; });
      const transfer = new DataTransfer();
      mine.forEach(function (photo) {
        transfer.items.add(new File([photo.blob], photo.name, { type: photo.type }));
      });
      input.files = transfer.files;
      let list = input.parentNode.querySelector("[data-photo-list]");
      if (!list) {
        list = document.createElement("ul");
        list.className = "list-unstyled small mt-2 mb-0 photo-list";
        list.setAttribute("data-photo-list", "");
        list.setAttribute("aria-label", "Photos kept on this phone for this item");
        input.insertAdjacentElement("afterend", list);
      }
      list.replaceChildren();
      mine.forEach(function (photo) {
        const row = document.createElement("li");
        row.className = "d-flex align-items-center gap-2 mb-1";
        const label = document.createElement("span");
        label.className = "flex-grow-1";
        label.textContent = photo.name + " (" + kb(photo.size) + ")";
        const remove = document.createElement("button");
        remove.type = "button";
        remove.className = "btn btn-outline-secondary btn-sm touch-target";
        remove.textContent = "Remove";
        remove.setAttribute("aria-label", "Remove the photo " + photo.name);
        remove.addEventListener("click", function () {
          photos = photos.filter(function (p) { return p !== photo; });
          showPhotos();
          save();
        });
        row.append(label, remove);
        list.appendChild(row);
      });
    });
    const kept = document.querySelector("[data-photos-kept]");
    const lost = document.querySelector("[data-photos-lost]");
    if (kept && lost && photos.length) {
      kept.hidden = false;
      lost.hidden = true;
    }
  }

  function shrink(file) {
    if (!window.createImageBitmap) return Promise.resolve(file);
    return createImageBitmap(file, { imageOrientation: "from-image" }).then(function (bitmap) {
      const scale = Math.min(1, MAX_EDGE / Math.max(bitmap.width, bitmap.height));
      if (scale === 1 && file.type === "image/jpeg" && file.size < 1536 * 1024) {
        bitmap.close();
        return file;  // already small enough: sent as taken
      }
      const canvas = document.createElement("canvas");
      canvas.width = Math.round(bitmap.width * scale);
      canvas.height = Math.round(bitmap.height * scale);
      canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      bitmap.close();
      return new Promise(function (resolve) {
        canvas.toBlob(function (blob) {
          const name = (file.name || "photo").replace(/\.[^.]*$/, "") + ".jpg";
          resolve(blob ? new File([blob], name, { type: "image/jpeg" }) : file);
        }, "image/jpeg", QUALITY);
      });
    }, function () {
      return file;  // a format this browser cannot draw (HEIC): sent as taken, the office checks it
    });
  }

  fileInputs.forEach(function (input) {
    input.addEventListener("change", function () {
      const chosen = Array.from(input.files).filter(function (file) {
        return !photos.some(function (p) { return p.field === input.name && p.name === file.name && p.size === file.size; });
      });
      input.disabled = true;
      Promise.all(chosen.map(shrink)).then(function (files) {
        files.forEach(function (file) {
          photos.push({ field: input.name, name: file.name, type: file.type || "image/jpeg", size: file.size, blob: file });
        });
        input.disabled = false;
        showPhotos();
        save();
      });
    });
  });

  form.addEventListener("input", function (event) {
    if (event.target.type !== "file" && event.target.type !== "radio") save(true);
  });
  form.addEventListener("change", function (event) {
    if (event.target.type !== "file") save();
  });
  window.addEventListener("pagehide", function () {
    if (saving) saveNow();
  });

  function restore(copy) {
    restoring = true;
    photos = copy.photos || [];
    const values = {};
    copy.fields.forEach(function (pair) { values[pair[0]] = pair[1]; });
    Array.from(form.elements).forEach(function (input) {
      if (!input.name || !(input.name in values) || input.type === "file" ||
          input.name === "csrfmiddlewaretoken") return;
      if (input.type === "radio") {
        input.checked = input.value === values[input.name];
        if (input.checked) input.dispatchEvent(new Event("change", { bubbles: true }));
      } else {
        input.value = values[input.name];
      }
    });
    showPhotos();
    restoring = false;
  }

  function say(kind, title, text) {
    if (!notice) return;
    notice.hidden = false;
    notice.className = "alert alert-" + kind;
    notice.replaceChildren();
    const strong = document.createElement("p");
    strong.className = "fw-semibold mb-1";
    strong.textContent = title;
    const rest = document.createElement("p");
    rest.className = "mb-0";
    rest.textContent = text;
    notice.append(strong, rest);
  }

  function sayQueued() {
    const moment = new Date(queued.recordedAt).toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });
    say("info", "Saved on this phone at " + moment + ": it will be sent when the signal returns.",
      "Nothing more to do: the phone sends it on its own (or tap “Send now” at the top). A " +
      "change made here before then is sent with it.");
  }

  // What the office needs before it records: every item answered, each violation described.
  function faults() {
    const found = [];
    form.querySelectorAll("[data-item]").forEach(function (item) {
      const choice = item.querySelector("input[type=radio]:checked");
      const citation = item.querySelector(".citation").textContent;
      if (!choice) {
        found.push({ item: item, text: citation + ": choose complies, violation or not applicable." });
      } else if (choice.value === "violation" && !item.querySelector("textarea").value.trim()) {
        found.push({ item: item, text: citation + ": describe the violation you found." });
      }
    });
    return found;
  }

  function sayFaults(found) {
    if (!notice) return;
    say("danger", "Nothing was kept to send yet: please correct the answers below.", "");
    const list = document.createElement("ul");
    list.className = "mb-0";
    found.forEach(function (fault) {
      const link = document.createElement("a");
      link.href = "#" + fault.item.id;
      link.textContent = fault.text;
      const row = document.createElement("li");
      row.appendChild(link);
      list.appendChild(row);
    });
    notice.replaceChild(list, notice.lastChild);
  }

  form.addEventListener("submit", function (event) {
    window.clearTimeout(saving);
    const draft = record();
    if (navigator.onLine) {
      // Sent as the form is; kept until the office shows it recorded.
      phone.put("drafts", draft).catch(function () {});
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    const found = faults();
    if (found.length) {
      sayFaults(found);
      notice.focus();
      return;
    }
    queued = record({ recordedAt: new Date().toISOString(), state: "waiting" });
    Promise.all([phone.put("drafts", draft), phone.put("queue", queued)]).then(function () {
      sayQueued();
      notice.scrollIntoView({ block: "start" });
      notice.focus();
      announce();
    }, function () {
      say("danger", "This phone could not keep the checklist.",
        "Its storage may be full or switched off. Keep the page open and send it when the signal returns.");
    });
  }, true);

  // Sent from this page when the signal returned: the checklist is the office's now.
  document.addEventListener("boh-phone-sent", function (event) {
    if (String(event.detail.inspection) !== String(inspection)) return;
    queued = null;
    window.clearTimeout(saving);
    form.hidden = true;
    say("success", "Sent and recorded at the office.", event.detail.message);
    const link = document.createElement("a");
    link.className = "btn btn-primary touch-target d-inline-flex align-items-center mt-2";
    link.href = event.detail.url;
    link.textContent = "Open the inspection";
    notice.appendChild(link);
  });

  // Refused when it arrived (done or cancelled meanwhile) and kept at the office as the agent's
  // field report: this form can no longer record it, and the phone's copy is gone.
  document.addEventListener("boh-phone-filed", function (event) {
    if (String(event.detail.inspection) !== String(inspection)) return;
    queued = null;
    window.clearTimeout(saving);
    form.hidden = true;
    say("danger", "Not recorded. " + event.detail.message,
      "What you recorded, notes and photos, is kept at the office as your field report: " +
      "carry it into a re-inspection from there, or keep it on the record.");
    const link = document.createElement("a");
    link.className = "btn btn-primary touch-target d-inline-flex align-items-center mt-2";
    link.href = event.detail.url;
    link.textContent = "Open your field report";
    notice.appendChild(link);
  });

  phone.ready.then(function () {
    return Promise.all([phone.get("queue", inspection), phone.get("drafts", inspection)]);
  }).then(function (found) {
    queued = found[0] || null;
    const copy = queued || found[1];
    if (copy) {
      restore(copy);
      if (queued && queued.state === "refused") {
        say("danger", "Not recorded. " + ((queued.refusal && queued.refusal.message) || address),
          ((queued.refusal && queued.refusal.reasons) || []).join(" ") +
          " Correct the checklist and tap “Record the inspection” again, or remove it at the top.");
      } else if (queued) {
        sayQueued();
      }
    } else if (!form.querySelector("#form-errors") && when && !whenTyped
               && when.value === when.defaultValue) {
      // A copy of the page kept since the morning: the inspection is now, not then. Only a
      // time the phone's clock has left behind by more than STALE_MINUTES is moved on: a
      // fresh page keeps the office's time even where the phone's clock is off, and a time
      // the agent typed (before the phone's store answered, too) is never replaced.
      const now = new Date();
      now.setSeconds(0, 0);
      const rendered = Number(form.dataset.renderedAt) * 1000;  // the office's clock, UTC
      if (rendered && now.getTime() - rendered > STALE_MINUTES * 60000) {
        const local = new Date(now.getTime() - now.getTimezoneOffset() * 60000);
        when.value = local.toISOString().slice(0, 16);
      }
    }
  }).catch(function () { /* nothing kept on this phone: the form works as ever */ });
})();
