// "Add another" for Django inline formsets: clones the <template> of the empty form,
// numbers it, and bumps the management form's TOTAL_FORMS. Without JavaScript the page
// still offers one blank row, and another appears after each save.
(function () {
  "use strict";
  function addRow(prefix) {
    var total = document.getElementById("id_" + prefix + "-TOTAL_FORMS");
    var template = document.getElementById(prefix + "-template");
    var container = document.getElementById(prefix + "-forms");
    if (!total || !template || !container) { return; }
    var index = parseInt(total.value, 10);
    var html = template.innerHTML.replace(/__prefix__/g, String(index));
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var row = holder.firstElementChild;
    container.appendChild(row);
    total.value = String(index + 1);
    var first = row.querySelector("input:not([type=hidden]), select");
    if (first) { first.focus(); }
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-formset-add]");
    if (button) {
      event.preventDefault();
      addRow(button.getAttribute("data-formset-add"));
    }
  });
})();
