// The checklist form on a phone: open the note when a violation is chosen, count the answers,
// fill the unanswered as "complies" on request, and block a second tap while sending.
// Everything works without this file; it only saves the agent taps.
(function () {
  "use strict";
  const form = document.querySelector("form[data-checklist]");
  if (!form) return;
  const items = Array.from(form.querySelectorAll("[data-item]"));
  const progress = form.querySelector("[data-progress]");
  const markRest = form.querySelector("[data-mark-rest]");
  const submit = form.querySelector("[data-submit]");

  function answered(item) {
    return item.querySelector("input[type=radio]:checked");
  }

  function refresh() {
    const done = items.filter(answered).length;
    if (progress) progress.textContent = done + " of " + items.length + " answered";
    if (markRest) markRest.hidden = done === items.length;
    items.forEach(function (item) {
      const choice = answered(item);
      item.classList.toggle("answered-violation", !!choice && choice.value === "violation");
    });
  }

  function openNote(item) {
    const details = item.querySelector("[data-details]");
    if (details) details.open = true;
  }

  form.addEventListener("change", function (event) {
    const input = event.target;
    if (input.type !== "radio") return;
    if (input.value === "violation") openNote(input.closest("[data-item]"));
    refresh();
  });

  if (markRest) {
    markRest.addEventListener("click", function () {
      items.forEach(function (item) {
        if (answered(item)) return;
        const complies = item.querySelector("input[type=radio][value=" + markRest.dataset.markRest + "]");
        if (complies) complies.checked = true;
      });
      refresh();
      // Answers set here are saved on the phone like those tapped (checklist-draft.js).
      form.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  form.addEventListener("submit", function () {
    // The hidden token already makes a second send harmless; this spares the wait.
    if (submit) {
      window.setTimeout(function () {
        submit.disabled = true;
        submit.textContent = "Recording…";
      }, 0);
    }
  });

  // Sent back with errors: open the first item at fault and take the agent to it; the
  // summary above lists every one of them with a link.
  const errors = document.getElementById("form-errors");
  const fault = document.querySelector("[data-fault]");
  if (fault) {
    const details = fault.querySelector("details");
    if (details) details.open = true;
    const field = fault.querySelector(".is-invalid, [aria-invalid=true]") || fault;
    fault.scrollIntoView({ block: "start" });
    field.focus({ preventScroll: true });
  } else if (errors) {
    errors.focus();
  }
  // A violation chosen before this script ran (a tap while a slow phone still loads the page)
  // opens its note as a later one would.
  items.forEach(function (item) {
    const choice = answered(item);
    if (choice && choice.value === "violation") openNote(item);
  });
  refresh();
})();
