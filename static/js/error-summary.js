// A form sent back with errors: focus its summary (templates/includes/error_summary.html), so
// the person starts at the list of what to correct, and each link puts the caret in its field.
(function () {
  "use strict";
  const summary = document.querySelector("[data-error-summary]");
  if (!summary) return;
  summary.focus();
  summary.addEventListener("click", function (event) {
    const link = event.target.closest("a[href^='#']");
    if (!link) return;
    const field = document.getElementById(link.getAttribute("href").slice(1));
    if (!field) return;
    event.preventDefault();
    field.scrollIntoView({ block: "center" });
    field.focus({ preventScroll: true });
  });
})();
