// Two guards for a form a person types into for a long time (the resident's application).
//
// 1. Leaving with changes not saved asks first (beforeunload): a form marked
//    data-warn-unsaved is "changed" once any of its fields (those inside it and those that
//    name it with the form attribute) is edited, and no longer once it is sent, by any of its
//    buttons. The server saves what is typed with every button, uploads included.
// 2. A file larger than its input's data-max-bytes is refused at its field before anything is
//    sent: the request would otherwise be refused whole (413) and what was typed with it lost.
//    The server checks again (stoneham_boh/lib/uploads.py); this only saves the round trip.
(function () {
  "use strict";
  let changed = false;

  function guarded(element) {
    const form = element && element.form;
    return form && form.hasAttribute("data-warn-unsaved") ? form : null;
  }

  function size(bytes) {
    const mb = bytes / (1024 * 1024);
    if (mb >= 1) return mb.toFixed(1).replace(/\.0$/, "") + " MB";
    return Math.max(1, Math.round(bytes / 1024)) + " KB";
  }

  // The server's message about the file chosen before (crispy's error_N_<id>): a new
  // choice is judged afresh.
  function forgetEarlierErrors(input) {
    document.querySelectorAll("[id^='error_'][id$='_" + input.id + "']").forEach(function (old) {
      old.remove();
    });
  }

  function tooLarge(input) {
    const limit = Number(input.dataset.maxBytes);
    const file = input.files && input.files[0];
    return limit && file && file.size > limit ? { size: file.size, limit: limit } : null;
  }

  // The message sits where the server's would: after the input, tied to it for screen readers.
  function showAtField(input, text) {
    const id = input.id + "-size-error";
    let message = document.getElementById(id);
    if (!text) {
      if (message) message.remove();
      input.classList.remove("is-invalid");
      input.removeAttribute("aria-invalid");
      return;
    }
    if (!message) {
      message = document.createElement("div");
      message.id = id;
      message.className = "invalid-feedback d-block";
      message.setAttribute("role", "alert");
      input.insertAdjacentElement("afterend", message);
      const described = (input.getAttribute("aria-describedby") || "").split(" ");
      if (described.indexOf(id) < 0) described.push(id);
      input.setAttribute("aria-describedby", described.join(" ").trim());
    }
    message.textContent = text;
    input.classList.add("is-invalid");
    input.setAttribute("aria-invalid", "true");
  }

  function checkSize(input) {
    const found = tooLarge(input);
    showAtField(
      input,
      found
        ? "The file is " + size(found.size) + "; the most we accept is " +
            size(found.limit) + ". Choose a smaller file (a PDF, or a photo taken at a " +
            "lower size). Nothing was sent."
        : "",
    );
    return !found;
  }

  // The file inputs a submission carries: those its button names (data-sends); on a guarded
  // form, none for its other buttons (Save sends no file); else every file input of the form.
  function filesSent(form, submitter) {
    const named = submitter && submitter.dataset.sends;
    if (named) {
      const input = document.getElementById(named);
      return input ? [input] : [];
    }
    if (form.hasAttribute("data-warn-unsaved")) return [];
    return Array.prototype.filter.call(form.elements, function (element) {
      return element.type === "file" && element.dataset.maxBytes;
    });
  }

  document.addEventListener("input", function (event) {
    if (guarded(event.target)) changed = true;
  });
  document.addEventListener("change", function (event) {
    const input = event.target;
    if (input.type === "file" && input.dataset.maxBytes) {
      forgetEarlierErrors(input);
      checkSize(input);
    }
    if (guarded(input)) changed = true;
  });
  document.addEventListener("submit", function (event) {
    const form = event.target;
    const sent = filesSent(form, event.submitter);
    const refused = sent.filter(function (input) {
      return !checkSize(input);
    });
    if (refused.length) {
      event.preventDefault();
      refused[0].focus();
      return;
    }
    if (form.hasAttribute("data-warn-unsaved")) changed = false;
  });
  window.addEventListener("beforeunload", function (event) {
    if (!changed) return;
    event.preventDefault();
    event.returnValue = ""; // the browser shows its own words
  });
})();
