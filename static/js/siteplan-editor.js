// The site-plan editor: draws the lot, its neighbours and the plan's shapes as SVG, lets a
// mouse, pen or finger move and turn them, keeps the number form (the record) in step, and
// asks the server to re-measure the distances and recheck the rules after each change.
// Plain SVG and our own few lines: no map tiles or projection library is needed for a plan
// a few hundred feet across, and the form stays the accessible way to edit every shape.
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var canvas = document.getElementById("plan-canvas");
  var form = document.getElementById("plan-form");
  if (!canvas || !form) { return; }
  var map = JSON.parse(canvas.getAttribute("data-map"));
  var measureUrl = canvas.getAttribute("data-measure-url");
  var rowsBody = document.getElementById("plan-rows");
  var countInput = document.getElementById("shape-count");
  var MARGIN = 60;
  var ext = map.extent;
  var view = [ext[0] - MARGIN, -(ext[3] + MARGIN), ext[2] - ext[0] + 2 * MARGIN, ext[3] - ext[1] + 2 * MARGIN];

  function el(name, attrs, parent) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    if (parent) { parent.appendChild(node); }
    return node;
  }
  function pts(ring) { return ring.map(function (p) { return p[0] + "," + (-p[1]); }).join(" "); }

  var svg = el("svg", { viewBox: view.join(" "), class: "plan-svg", role: "img",
    "aria-label": "Site plan drawing; use the form below to edit with the keyboard" }, canvas);
  var under = el("g", { class: "plan-map" }, svg);
  map.neighbours.forEach(function (n) {
    n.rings.forEach(function (ring) { el("polygon", { points: pts(ring), class: n.way ? "map-way" : "map-neighbour" }, under); });
  });
  map.footprints.forEach(function (f) { f.forEach(function (ring) { el("polygon", { points: pts(ring), class: "map-footprint" }, under); }); });
  map.lot.forEach(function (ring) { el("polygon", { points: pts(ring), class: "map-lot" }, under); });
  var layer = el("g", { class: "plan-shapes" }, svg);
  // North arrow and scale bar, in feet like everything else.
  var nx = view[0] + view[2] - 20, ny = view[1] + 14;
  el("path", { d: "M" + nx + "," + ny + " l-6,20 l6,-5 l6,5 z", class: "plan-ink" }, svg);
  var north = el("text", { x: nx, y: ny + 32, class: "plan-label", "text-anchor": "middle" }, svg);
  north.textContent = "N";
  var bar = view[2] > 400 ? 100 : 50, bx = view[0] + 10, by = view[1] + view[3] - 12;
  el("rect", { x: bx, y: by - 4, width: bar, height: 4, class: "plan-ink" }, svg);
  var barText = el("text", { x: bx + bar, y: by + 10, class: "plan-label", "text-anchor": "end" }, svg);
  barText.textContent = bar + " ft";

  function field(row, name) { return row.querySelector("[name$='-" + name + "']"); }
  function num(row, name, fallback) {
    var value = parseFloat(field(row, name).value);
    return isFinite(value) ? value : fallback;
  }
  function setNum(row, name, value) { field(row, name).value = (Math.round(value * 10) / 10).toString(); }
  function parsePoints(text) {
    return (text || "").trim().split(/[\s;]+/).filter(Boolean).map(function (pair) {
      var xy = pair.split(","); return [parseFloat(xy[0]), parseFloat(xy[1])];
    }).filter(function (p) { return isFinite(p[0]) && isFinite(p[1]); });
  }
  function pointsText(points) {
    return points.map(function (p) { return (Math.round(p[0] * 10) / 10) + "," + (Math.round(p[1] * 10) / 10); }).join(" ");
  }
  function corners(row) {
    var x = num(row, "x", 0), y = num(row, "y", 0), w = num(row, "width_ft", 10) / 2, d = num(row, "depth_ft", 10) / 2;
    var t = num(row, "rotation_deg", 0) * Math.PI / 180, c = Math.cos(t), s = Math.sin(t);
    return [[-w, -d], [w, -d], [w, d], [-w, d]].map(function (p) {
      return [x + p[0] * c + p[1] * s, y - p[0] * s + p[1] * c];
    });
  }
  function rows() {
    return Array.prototype.slice.call(rowsBody.querySelectorAll(".shape-entry")).filter(function (row) {
      return field(row, "id").value.trim() && !field(row, "remove").checked;
    });
  }

  var selected = null;
  function draw() {
    while (layer.firstChild) { layer.removeChild(layer.firstChild); }
    rows().forEach(function (row) {
      var kind = field(row, "kind").value, shape = field(row, "form").value, id = field(row, "id").value.trim();
      var group = el("g", { class: "plan-shape kind-" + kind + (row === selected ? " is-selected" : ""), "data-shape": id }, layer);
      var centre;
      if (shape === "rect") {
        var c = corners(row);
        el("polygon", { points: pts(c), class: "shape-body" }, group);
        centre = [num(row, "x", 0), num(row, "y", 0)];
        if (row === selected) {
          var top = [(c[2][0] + c[3][0]) / 2, (c[2][1] + c[3][1]) / 2];
          var t = num(row, "rotation_deg", 0) * Math.PI / 180;
          var handle = [top[0] + 8 * Math.sin(t), top[1] + 8 * Math.cos(t)];
          el("line", { x1: top[0], y1: -top[1], x2: handle[0], y2: -handle[1], class: "plan-ink-line" }, group);
          var knob = el("circle", { cx: handle[0], cy: -handle[1], r: 4, class: "rotate-handle" }, group);
          knob.addEventListener("pointerdown", function (event) { start(event, row, "turn"); });
        }
      } else if (shape === "point") {
        centre = [num(row, "x", 0), num(row, "y", 0)];
        el("circle", { cx: centre[0], cy: -centre[1], r: 4, class: "shape-body" }, group);
      } else {
        var p = parsePoints(field(row, "points").value);
        if (p.length < 2) { return; }
        el(shape === "line" ? "polyline" : "polygon", { points: pts(p), class: "shape-body" }, group);
        centre = p[0];
      }
      var label = el("text", { x: centre[0], y: -centre[1] + 3, class: "plan-label", "text-anchor": "middle" }, group);
      label.textContent = id;
      group.addEventListener("pointerdown", function (event) { if (!event.defaultPrevented) { start(event, row, "move"); } });
    });
  }

  function local(event) {
    var m = svg.getScreenCTM().inverse(), p = svg.createSVGPoint();
    p.x = event.clientX; p.y = event.clientY;
    var q = p.matrixTransform(m);
    return [q.x, -q.y];
  }
  var drag = null;
  function start(event, row, mode) {
    event.preventDefault();
    selected = row;
    var at = local(event);
    drag = { row: row, mode: mode, last: at };
    svg.setPointerCapture(event.pointerId);
    draw();
  }
  svg.addEventListener("pointermove", function (event) {
    if (!drag) { return; }
    var at = local(event), row = drag.row, shape = field(row, "form").value;
    if (drag.mode === "turn") {
      var dx = at[0] - num(row, "x", 0), dy = at[1] - num(row, "y", 0);
      setNum(row, "rotation_deg", (Math.atan2(dx, dy) * 180 / Math.PI + 360) % 360);
    } else if (shape === "rect" || shape === "point") {
      setNum(row, "x", num(row, "x", 0) + at[0] - drag.last[0]);
      setNum(row, "y", num(row, "y", 0) + at[1] - drag.last[1]);
    } else {
      var moved = parsePoints(field(row, "points").value).map(function (p) {
        return [p[0] + at[0] - drag.last[0], p[1] + at[1] - drag.last[1]];
      });
      field(row, "points").value = pointsText(moved);
    }
    drag.last = at;
    draw();
    remeasure();
  });
  function stop() { if (drag) { drag = null; remeasure(true); } }
  svg.addEventListener("pointerup", stop);
  svg.addEventListener("pointercancel", stop);

  var timer = null, pending = null;
  function remeasure(now) {
    clearTimeout(timer);
    timer = setTimeout(send, now ? 0 : 120);
  }
  function send() {
    if (pending) { pending.abort(); }
    pending = new AbortController();
    var token = form.querySelector("[name=csrfmiddlewaretoken]").value;
    fetch(measureUrl, { method: "POST", body: new FormData(form), headers: { "X-CSRFToken": token },
      credentials: "same-origin", signal: pending.signal })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var box = document.getElementById("plan-results");
        box.innerHTML = html;
        box.setAttribute("data-updated", String(Date.now()));
      })
      .catch(function () { /* a newer request replaced this one */ });
  }

  form.addEventListener("input", function () { draw(); remeasure(); });
  form.addEventListener("change", function () { draw(); remeasure(true); });

  function blankRow() { var all = rowsBody.querySelectorAll(".shape-entry"); return all[all.length - 1]; }
  function addRow(kind, id) {
    var row = blankRow(), index = rowsBody.querySelectorAll(".shape-entry").length;
    var copy = row.cloneNode(true);
    copy.setAttribute("data-index", index);
    copy.querySelectorAll("[name]").forEach(function (input) {
      var name = input.getAttribute("name").replace(/^s\d+-/, "s" + index + "-");
      input.setAttribute("name", name); input.id = name;
      if (input.type === "checkbox") { input.checked = false; } else if (input.tagName !== "SELECT") { input.value = ""; }
    });
    copy.querySelectorAll("label").forEach(function (label) {
      label.setAttribute("for", label.getAttribute("for").replace(/^s\d+-/, "s" + index + "-"));
    });
    rowsBody.appendChild(copy);
    countInput.value = String(index + 1);
    var cx = (ext[0] + ext[2]) / 2, cy = (ext[1] + ext[3]) / 2;
    field(row, "id").value = id;
    field(row, "kind").value = kind;
    var shape = { well: "point", watercourse: "line" }[kind] || "rect";
    field(row, "form").value = shape;
    if (shape === "line") {
      field(row, "points").value = pointsText([[cx - 40, cy - 60], [cx + 40, cy - 60]]);
    } else {
      setNum(row, "x", cx); setNum(row, "y", cy);
      if (shape === "rect") {
        var size = { dwelling: [40, 30], septic: [20, 20], wetland: [60, 40] }[kind] || [12, 12];
        setNum(row, "width_ft", size[0]); setNum(row, "depth_ft", size[1]); setNum(row, "rotation_deg", 0);
      }
    }
    selected = row;
    draw();
    remeasure(true);
    field(row, "x").focus();
  }
  var counters = {};
  function nextId(kind) {
    counters[kind] = (counters[kind] || 0) + 1;
    return kind.slice(0, 4).toUpperCase() + counters[kind];
  }
  document.querySelectorAll("[data-add-kind]").forEach(function (button) {
    button.classList.remove("d-none");
    button.addEventListener("click", function () { var kind = button.getAttribute("data-add-kind"); addRow(kind, nextId(kind)); });
  });
  var addStructure = document.getElementById("add-structure");
  if (addStructure) {
    addStructure.classList.remove("d-none");
    addStructure.addEventListener("click", function () {
      var drawn = rows().map(function (row) { return field(row, "id").value.trim(); });
      var labels = (addStructure.getAttribute("data-labels") || "").split(",").filter(Boolean);
      var free = labels.filter(function (label) { return drawn.indexOf(label) < 0; });
      addRow("structure", free[0] || nextId("structure"));
    });
  }
  draw();
})();
