// The movement page (docs/web.md): a movement model (MovementLab, kinema's own step in WebAssembly) stepped
// at a fixed frame time 1/fps whatever the display's refresh rate: each display frame runs as many model
// frames as the elapsed time holds. ?clock=manual stops the real-time clock; frames then advance only
// through kinemaMovement.advance(n) (the browser test's deterministic mode).
"use strict";

const $ = (id) => document.getElementById(id);
const TRAIL_DOTS = 4000; // simulated frames kept in the trail
const MAX_CATCH_UP_S = 0.25; // a stalled tab does not replay more than this much time at once
const GRID_UNITS = 100; // the grid's spacing in the model's length unit
const PX_PER_UNIT = { dishonored: 0.5, crosscode: 1, unreal: 0.35 }; // view scale per model's length unit
const KEYS = { KeyW: [0, -1], ArrowUp: [0, -1], KeyS: [0, 1], ArrowDown: [0, 1], KeyA: [-1, 0], ArrowLeft: [-1, 0],
  KeyD: [1, 0], ArrowRight: [1, 0] };

const sim = {
  K: null,
  lab: null,
  fps: 60,
  manual: false,
  held: new Set(),
  frames: 0,
  trail: [],
  stop: null, // the prediction made at the last release: {exact, epic, distance, frames}
  wasDriving: false,
  acc: 0,
  last: null,
};

function dt() {
  return 1 / sim.fps;
}

function showError(message) {
  $("error").textContent = message;
}

function input() {
  let x = 0;
  let y = 0;
  for (const code of sim.held) {
    x += KEYS[code][0];
    y += KEYS[code][1];
  }
  const pads = navigator.getGamepads ? navigator.getGamepads() : [];
  for (const pad of pads) {
    if (pad && Math.hypot(pad.axes[0], pad.axes[1]) > 0.2) {
      x += pad.axes[0];
      y += pad.axes[1];
    }
  }
  const len = Math.hypot(x, y);
  return len > 1 ? [x / len, y / len] : [x, y];
}

// One model frame of dt with the current input; on release, the exact stop and Epic's estimate.
function simulateFrame() {
  const [ix, iy] = input();
  const driving = ix !== 0 || iy !== 0;
  if (sim.wasDriving && !driving) {
    sim.stop = JSON.parse(sim.lab.stopJson(dt()));
    sim.stop.releasedAt = sim.frames;
  }
  if (driving) sim.stop = null;
  sim.wasDriving = driving;
  sim.lab.step(ix, iy, dt());
  sim.frames += 1;
  sim.trail.push([sim.lab.x(), sim.lab.y()]);
  if (sim.trail.length > TRAIL_DOTS) sim.trail.shift();
}

function advance(n) {
  for (let i = 0; i < n; ++i) simulateFrame();
  draw();
  showNumbers();
}

function frame(now) {
  if (!sim.manual) {
    if (sim.last !== null) sim.acc += Math.min((now - sim.last) / 1000, MAX_CATCH_UP_S);
    sim.last = now;
    let n = 0;
    while (sim.acc >= dt()) {
      sim.acc -= dt();
      simulateFrame();
      n += 1;
    }
  }
  draw();
  showNumbers();
  requestAnimationFrame(frame);
}

// ---- drawing -----------------------------------------------------------------------------------------

function draw() {
  const canvas = $("stage");
  const ctx = canvas.getContext("2d");
  const scale = PX_PER_UNIT[sim.lab.model()] || 1;
  const cx = sim.lab.x();
  const cy = sim.lab.y();
  const toPx = (x, y) => [canvas.width / 2 + (x - cx) * scale, canvas.height / 2 + (y - cy) * scale];
  ctx.fillStyle = "#f4f1ea";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  // A grid every 100 length units, so motion reads when the camera follows.
  ctx.strokeStyle = "#e0dccf";
  ctx.lineWidth = 1;
  const step = GRID_UNITS * scale;
  const [ox, oy] = toPx(0, 0);
  ctx.beginPath();
  for (let x = ((ox % step) + step) % step; x < canvas.width; x += step) {
    ctx.moveTo(x, 0);
    ctx.lineTo(x, canvas.height);
  }
  for (let y = ((oy % step) + step) % step; y < canvas.height; y += step) {
    ctx.moveTo(0, y);
    ctx.lineTo(canvas.width, y);
  }
  ctx.stroke();
  ctx.fillStyle = "#4b5ea8";
  for (const [x, y] of sim.trail) {
    const [px, py] = toPx(x, y);
    ctx.fillRect(px - 1, py - 1, 2, 2);
  }
  drawCone(ctx, toPx(cx, cy));
  const [px, py] = toPx(cx, cy);
  ctx.beginPath();
  ctx.arc(px, py, 7, 0, 2 * Math.PI);
  ctx.fillStyle = "#ffffff";
  ctx.fill();
  ctx.strokeStyle = "#141414";
  ctx.lineWidth = 2;
  ctx.stroke();
  // The stop markers over the character (which comes to rest on the ring), Epic's x over the ring, each
  // labelled on its own side: both stay visible when they coincide.
  if (sim.stop) drawStopMarkers(ctx, toPx(...sim.stop.exact), sim.stop.epic && toPx(...sim.stop.epic));
  drawGridScale(ctx, step, sim.lab.lengthUnit());
}

function drawStopMarkers(ctx, [ex, ey], epic) {
  ctx.beginPath();
  ctx.arc(ex, ey, 12, 0, 2 * Math.PI);
  ctx.strokeStyle = "#1b9e3e";
  ctx.lineWidth = 3;
  ctx.stroke();
  ctx.font = '12px "DejaVu Sans", Verdana, sans-serif';
  labelText(ctx, "exact stop", ex + 16, ey + 18, "#1b9e3e");
  if (!epic) return;
  const [mx, my] = epic;
  for (const [colour, width] of [["#ffffff", 5], ["#d01c8b", 2.5]]) {
    ctx.beginPath();
    ctx.moveTo(mx - 8, my - 8);
    ctx.lineTo(mx + 8, my + 8);
    ctx.moveTo(mx - 8, my + 8);
    ctx.lineTo(mx + 8, my - 8);
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.stroke();
  }
  labelText(ctx, "Epic's estimate", mx + 14, my - 12, "#d01c8b");
}

function labelText(ctx, text, x, y, colour) {
  ctx.lineWidth = 3;
  ctx.strokeStyle = "#ffffff";
  ctx.strokeText(text, x, y);
  ctx.fillStyle = colour;
  ctx.fillText(text, x, y);
}

// The grid's spacing as a scale bar in the bottom-left corner.
function drawGridScale(ctx, step, unit) {
  const x = 12;
  const y = ctx.canvas.height - 14;
  ctx.fillStyle = "rgba(255,255,255,0.85)";
  ctx.fillRect(x - 6, y - 18, step + 150, 26);
  ctx.strokeStyle = "#141414";
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(x, y - 6);
  ctx.lineTo(x, y);
  ctx.lineTo(x + step, y);
  ctx.lineTo(x + step, y - 6);
  ctx.stroke();
  ctx.fillStyle = "#141414";
  ctx.font = '12px "DejaVu Sans", Verdana, sans-serif';
  ctx.fillText(GRID_UNITS + " " + unit + " (one grid square)", x + step + 8, y);
}

// "1 frame", "2 frames".
function plural(n, word) {
  return n + " " + word + (n === 1 ? "" : "s");
}

// Dishonored: the largest turn one frame can make keeping full speed, a wedge about the velocity.
function drawCone(ctx, [px, py]) {
  const turn = sim.lab.maxFullSpeedTurn(dt());
  const vx = sim.lab.vx();
  const vy = sim.lab.vy();
  if (!Number.isFinite(turn) || Math.hypot(vx, vy) < 1e-9) return;
  const heading = Math.atan2(vy, vx);
  ctx.beginPath();
  ctx.moveTo(px, py);
  ctx.arc(px, py, 70, heading - turn, heading + turn);
  ctx.closePath();
  ctx.fillStyle = "rgba(254, 178, 76, 0.35)";
  ctx.fill();
  ctx.strokeStyle = "#fd8d3c";
  ctx.lineWidth = 1;
  ctx.stroke();
}

function showNumbers() {
  const unit = sim.lab.lengthUnit();
  const f = (v) => (Math.abs(v) < 1e-9 ? "0" : v.toFixed(3));
  const rows = [
    ["frame rate", sim.fps + " fps (dt " + dt().toPrecision(6) + " s)"],
    ["simulated", plural(sim.frames, "frame")],
    ["position", f(sim.lab.x()) + ", " + f(sim.lab.y()) + " " + unit],
    ["speed", f(Math.hypot(sim.lab.vx(), sim.lab.vy())) + " " + unit + "/s"],
  ];
  const turn = sim.lab.maxFullSpeedTurn(dt());
  if (Number.isFinite(turn)) rows.push(["full-speed turn", ((turn * 180) / Math.PI).toFixed(2) + " deg per frame"]);
  if (sim.stop) {
    rows.push(["exact stop", f(sim.stop.distance) + " " + unit + (sim.stop.stops
      ? " in " + plural(sim.stop.frames, "frame") : " (the limit: the speed only tends to 0)")]);
    const [ex, ey] = sim.stop.exact;
    rows.push(["exact stop point", f(ex) + ", " + f(ey)]);
    if (sim.stop.epic) {
      const [mx, my] = sim.stop.epic;
      rows.push(["Epic's estimate", f(mx) + ", " + f(my)]);
    }
    rows.push(["off the exact point", f(Math.hypot(sim.lab.x() - ex, sim.lab.y() - ey)) + " " + unit]);
  }
  const table = document.createElement("table");
  for (const [k, v] of rows) {
    const row = table.insertRow();
    row.insertCell().textContent = k;
    row.insertCell().textContent = v;
  }
  $("numbers").replaceChildren(table);
}

// ---- controls ----------------------------------------------------------------------------------------

function buildSettings() {
  const box = $("settings");
  box.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Settings (registry names)" }));
  for (const f of JSON.parse(sim.lab.fields())) {
    const label = document.createElement("label");
    label.title = f.doc + " (" + f.unit + ", " + f.range + ", default " + f.default + ")";
    label.append(Object.assign(document.createElement("span"), { className: "name", textContent: f.name }));
    const input = document.createElement("input");
    const boolean = f.type === "boolean";
    input.type = boolean ? "checkbox" : "number";
    if (boolean) input.checked = f.value === "true";
    else input.value = f.value;
    input.id = "setting-" + f.name;
    if (f.min !== null) input.min = f.min;
    if (f.max !== null) input.max = f.max;
    input.step = "any";
    input.addEventListener("change", () => {
      const error = sim.lab.setSetting(f.name, boolean ? String(input.checked) : input.value);
      showError(error);
      if (!error) return;
      const value = JSON.parse(sim.lab.fields()).find((g) => g.name === f.name).value;
      if (boolean) input.checked = value === "true";
      else input.value = value;
    });
    const span = document.createElement("span");
    span.append(input, " ", Object.assign(document.createElement("span"), { className: "unit",
      textContent: boolean ? "" : f.unit }));
    label.append(span);
    box.appendChild(label);
  }
  $("presets").style.display = sim.lab.model() === "dishonored" ? "" : "none";
}

function setModel(name) {
  const error = sim.lab.setModel(name);
  if (error) return showError(error);
  showError("");
  $("model").value = name;
  reset();
  buildSettings();
}

function setFps(value) {
  const fps = Number(value);
  if (!(fps >= 5 && fps <= 1000)) return showError("frame rate: must be in [5, 1000] fps, got " + value);
  showError("");
  sim.fps = fps;
  $("fps").value = fps;
  $("fps-slider").value = Math.min(fps, 240);
}

function reset() {
  sim.lab.reset();
  sim.frames = 0;
  sim.trail = [];
  sim.stop = null;
  sim.wasDriving = false;
  sim.acc = 0;
}

function bindControls() {
  for (const name of sim.K.MovementLab.modelNames().split(",")) $("model").add(new Option(name, name));
  $("model").addEventListener("change", (e) => setModel(e.target.value));
  $("fps").addEventListener("change", (e) => setFps(e.target.value));
  $("fps-slider").addEventListener("input", (e) => setFps(e.target.value));
  $("reset").addEventListener("click", reset);
  for (const button of $("presets").querySelectorAll("button")) {
    button.addEventListener("click", () => {
      sim.lab.setSetting("speed_scale", button.dataset.scale);
      buildSettings();
    });
  }
  window.addEventListener("keydown", (e) => {
    if (!(e.code in KEYS) || e.target.tagName === "INPUT") return;
    sim.held.add(e.code);
    e.preventDefault();
  });
  window.addEventListener("keyup", (e) => sim.held.delete(e.code));
  window.addEventListener("blur", () => sim.held.clear());
}

async function main() {
  sim.K = await createKinema();
  sim.lab = new sim.K.MovementLab();
  const query = new URLSearchParams(location.search);
  sim.manual = query.get("clock") === "manual";
  bindControls();
  setModel(query.get("model") || "dishonored");
  if (query.has("fps")) setFps(query.get("fps"));
  window.kinemaMovement = { sim, advance, reset, setModel, setFps };
  document.body.dataset.state = "ready";
  $("stage").focus();
  requestAnimationFrame(frame);
}

main().catch((e) => showError(String(e)));
