// The pre-check asks, for each structure, only the questions its kind raises
// (a corral's fence, a stable's window...), once a kind is chosen. Without this script
// every question shows.
(function () {
  "use strict";

  function showFor(row) {
    var select = row.querySelector("select[name$='-kind']");
    if (!select) return;
    var kind = select.value;
    row.querySelectorAll("[data-show-for]").forEach(function (part) {
      var kinds = part.getAttribute("data-show-for").split(" ");
      part.hidden = kinds.indexOf(kind) === -1;
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-structure-row]").forEach(function (row) {
      showFor(row);
      row.addEventListener("change", function (event) {
        if (event.target.matches("select[name$='-kind']")) showFor(row);
      });
    });
  });
})();
