// The flood page (docs/web.md): a level editor around kinema's chase flood, run in WebAssembly (FloodLab).
// The flood advances in time slices of at most SLICE_MS per animation frame and the map is redrawn only
// where tiles changed, so 1024 x 1024 maps stay responsive. #result-json holds FloodLab.resultJson, the
// library's chase_json: exactly what `kinema chase --json` prints for the same query.
"use strict";

const $ = (id) => document.getElementById(id);
const SLICE_MS = 8; // flood work per animation frame, ms: leaves the rest of a 60 Hz frame to the browser
const MAP_PX = 640; // the map view's largest side, px
const PLAY_STEPS_PER_S = 8;
// Settings the page shows (the registry's names; docs/chase.md), with slider ranges for convenience: the
// number fields accept the registry's whole range.
const SHOWN = { hot: [1, 100], max_heated: [1, 500], max_steps: [0, 200], connectivity: null, destination: null };

const page = {
  K: null,
  lab: null,
  mapName: "",
  from: null, // [x, y] map units, or null: the level's marked seed
  dir: null, // [dx, dy], or null: the level's marked direction (or 0,0 with an explicit from)
  target: Infinity, // the step the flood runs to
  playing: false,
  lastPlay: 0,
  started: false,
  done: false,
  restartWanted: false,
  dirty: true, // the tile layer must be compared with the flood again
  result: null, // the parsed result JSON of the shown step
  prev: null, // tile values drawn last
  colours: new Map(),
  tileCanvas: document.createElement("canvas"),
  image: null,
  scale: 1,
  hot: 20,
  cellSize: 1,
};

function showError(message) {
  $("error").textContent = message;
  if (message) document.body.dataset.state = "error";
}

function parsePair(text, name) {
  const parts = text.split(",");
  const nums = parts.map((p) => (p.trim() === "" ? NaN : Number(p)));
  if (parts.length !== 2 || nums.some((v) => !Number.isFinite(v))) {
    throw new Error(name + ": expected two numbers X,Y, got '" + text + "'");
  }
  return nums;
}

// ---- level -------------------------------------------------------------------------------------------

function levelLoaded(name) {
  page.mapName = name;
  page.from = null;
  page.dir = null;
  page.prev = null;
  $("level-width").value = page.lab.width();
  $("level-height").value = page.lab.height();
  layoutMap();
  requestRestart();
}

function loadText(text, name) {
  const error = page.lab.loadLevel(text, name);
  if (error) {
    showError(error); // the previous level stays (FloodLab keeps it)
    return false;
  }
  showError("");
  levelLoaded(name);
  return true;
}

async function loadUrl(url) {
  const select = $("level-select");
  if ([...select.options].some((o) => o.value === url)) select.value = url;
  const response = await fetch(url);
  if (!response.ok) {
    showError(url + ": cannot load (HTTP " + response.status + ")");
    return false;
  }
  return loadText(await response.text(), url);
}

async function loadFile(file) {
  return loadText(await file.text(), file.name);
}

async function fillLevelList() {
  try {
    const names = await (await fetch("levels/index.json")).json();
    for (const name of names) {
      const option = document.createElement("option");
      option.value = "levels/" + name;
      option.textContent = name;
      $("level-select").appendChild(option);
    }
  } catch (e) {
    // A page served without levels/ still works with files and the built-in level.
  }
}

// ---- settings ----------------------------------------------------------------------------------------

function buildSettings() {
  const fields = JSON.parse(page.lab.floodFields()).concat(JSON.parse(page.lab.gridFields()));
  const box = $("settings");
  for (const f of fields) {
    if (!(f.name in SHOWN)) continue;
    const label = document.createElement("label");
    label.title = f.doc + " (" + f.unit + ", " + f.range + ", default " + f.default + ")";
    label.append(f.name + " ");
    let input;
    if (f.type === "choice") {
      input = document.createElement("select");
      for (const c of f.choices) input.add(new Option(c, c));
      input.value = f.value;
      label.append(input);
    } else {
      input = document.createElement("input");
      input.type = "number";
      input.value = f.value;
      if (f.min !== null) input.min = f.min;
      if (f.max !== null) input.max = f.max;
      const slider = document.createElement("input");
      slider.type = "range";
      [slider.min, slider.max] = SHOWN[f.name];
      slider.value = f.value;
      slider.addEventListener("input", () => {
        input.value = slider.value;
        setSetting(f.name, slider.value);
      });
      input.addEventListener("input", () => (slider.value = input.value));
      const span = document.createElement("span");
      span.append(slider, input, " ");
      const unit = document.createElement("span");
      unit.className = "unit";
      unit.textContent = f.unit;
      span.append(unit);
      label.append(span);
    }
    input.id = "setting-" + f.name;
    input.addEventListener("change", () => setSetting(f.name, input.value));
    box.appendChild(label);
  }
}

function setSetting(name, text) {
  const error = page.lab.setSetting(name, String(text));
  if (error) {
    showError(error);
    return false;
  }
  const input = $("setting-" + name);
  if (input) input.value = text;
  if (name === "hot") page.colours.clear();
  requestRestart();
  return true;
}

// ---- running -----------------------------------------------------------------------------------------

function requestRestart(target = Infinity) {
  page.restartWanted = true;
  page.target = target;
  document.body.dataset.state = "running";
}

function restart() {
  page.restartWanted = false;
  const useLevelSeed = page.from === null;
  const [x, y] = page.from || [0, 0];
  const [dx, dy] = page.dir || [0, 0];
  const error = page.lab.start(x, y, dx, dy, useLevelSeed, page.dir !== null);
  page.started = !error;
  page.done = false;
  page.result = null;
  page.pictureWanted = false;
  page.dirty = true;
  if (error) {
    showError(error);
    return;
  }
  showError("");
  page.hot = Number($("setting-hot").value);
  page.cellSize = page.lab.cellSize();
}

// Advances the flood towards page.target for at most SLICE_MS.
function advanceSlice() {
  const t0 = performance.now();
  while (!page.done && page.lab.steps() < page.target && performance.now() - t0 < SLICE_MS) {
    page.done = page.lab.advance(1);
    page.dirty = true;
  }
}

function settled() {
  return page.started && (page.done || page.lab.steps() >= page.target);
}

// The result JSON of the shown step; the picture follows in the next frame (each is one long call on
// large maps). Only the JSON's head is parsed: "touched" lists every touched cell and is last.
function showResult() {
  const json = page.lab.resultJson(page.mapName);
  if (json === "") return; // no flood started (an error is shown)
  $("result-json").textContent = json;
  page.result = JSON.parse(json.slice(0, json.indexOf(',"touched":')) + "}");
  showNumbers(page.result);
  // The effective seed, unless the user is typing in the field.
  for (const id of ["from", "dir"]) {
    if (document.activeElement !== $(id)) $(id).value = page.result[id].join(",");
  }
  page.pictureWanted = true;
}

// Maps with more tiles than this skip the legend picture: its scene has a shape per drawn tile, too many to
// draw within a frame; the map view shows the same tiles in the same palette.
const PICTURE_MAX_TILES = 300000;

function showPicture() {
  page.pictureWanted = false;
  document.body.dataset.state = page.done ? "done" : "paused";
  if (page.lab.width() * page.lab.height() > PICTURE_MAX_TILES) {
    $("picture").width = $("picture").height = 1;
    return;
  }
  const title = page.mapName.split("/").pop() + (page.done ? "" : " (step " + page.lab.steps() + ")");
  drawScene($("picture"), JSON.parse(page.lab.sceneJson(title)));
}

function showNumbers(r) {
  const rows = [
    ["steps", r.steps + " of " + r.max_steps],
    ["stop reason", page.done ? r.stop_reason : "(running)"],
    ["heated / warm / barrier", r.heated_cells + " / " + r.warm_cells + " / " + r.barrier_cells],
    ["seed cell", r.seed_cell.join(", ") + (r.seed_snapped ? " (snapped)" : "")],
    ["centroid", r.centroid.map((v) => +v.toFixed(3)).join(", ")],
    ["destination", r.destination.join(", ")],
    ["dead reckoning", r.dead_reckoning.join(", ") + (r.dead_reckoning_blocked ? " (blocked)" : "")],
  ];
  const table = document.createElement("table");
  for (const [k, v] of rows) table.insertRow().append(Object.assign(document.createElement("td"), { textContent: k }),
    Object.assign(document.createElement("td"), { textContent: v }));
  $("numbers").replaceChildren(table);
}

// The longest time each kind of work took in one frame, ms (shown to the browser test; docs/web.md).
const timings = {};
function timed(name, fn) {
  const t0 = performance.now();
  const out = fn();
  timings[name] = Math.max(timings[name] || 0, performance.now() - t0);
  return out;
}

function frame(now) {
  if (page.restartWanted) timed("start", restart);
  if (page.playing && settled() && !page.done && now - page.lastPlay > 1000 / PLAY_STEPS_PER_S) {
    page.target = page.lab.steps() + 1;
    page.lastPlay = now;
  }
  if (page.started && !settled()) timed("advance", advanceSlice);
  if (page.dirty) timed("tiles", drawTiles);
  if (page.pictureWanted && !page.restartWanted) timed("picture", showPicture);
  else if (settled() && page.result === null) timed("json", showResult);
  if (page.done) page.playing = false;
  $("step").textContent = page.started ? page.lab.steps() : "-";
  $("step-state").textContent = page.done ? " (finished)" : page.playing ? " (playing)" : "";
  timed("map", drawMap);
  requestAnimationFrame(frame);
}

// ---- drawing -----------------------------------------------------------------------------------------

function layoutMap() {
  const w = page.lab.width();
  const h = page.lab.height();
  page.scale = Math.min(24, MAP_PX / Math.max(w, h));
  page.tileCanvas.width = w;
  page.tileCanvas.height = h;
  page.image = new ImageData(w, h);
  page.prev = null;
  $("map").width = Math.round(w * page.scale);
  $("map").height = Math.round(h * page.scale);
  page.dirty = true;
}

function colour(v) {
  let c = page.colours.get(v);
  if (c === undefined) {
    c = page.K.tileColour(v, page.hot);
    page.colours.set(v, c);
  }
  return c;
}

// Writes only the tiles whose value changed since the last drawing into the 1-px-per-tile image.
function drawTiles() {
  page.dirty = false;
  const tiles = page.lab.tiles();
  const data = page.image.data;
  const prev = page.prev;
  if (tiles.length !== data.length / 4) return;
  for (let i = 0; i < tiles.length; ++i) {
    const v = tiles[i];
    if (prev !== null && prev[i] === v) continue;
    const c = colour(v);
    data[4 * i] = c >> 16;
    data[4 * i + 1] = (c >> 8) & 255;
    data[4 * i + 2] = c & 255;
    data[4 * i + 3] = 255;
  }
  page.prev = Int32Array.from(tiles);
  page.tileCanvas.getContext("2d").putImageData(page.image, 0, 0);
}

function toPx([x, y]) {
  return [(x / page.cellSize) * page.scale, (y / page.cellSize) * page.scale];
}

function drawMap() {
  const canvas = $("map");
  const ctx = canvas.getContext("2d");
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(page.tileCanvas, 0, 0, canvas.width, canvas.height);
  const marker = Math.max(4, Math.min(12, page.scale * 0.6));
  const r = page.result;
  if (r) {
    const [sx, sy] = toPx(r.seed_position);
    const [ex, ey] = toPx(r.dead_reckoning);
    ctx.setLineDash([6, 5]);
    line(ctx, [[sx, sy], [ex, ey]], "#d01c8b", 2);
    ctx.setLineDash([]);
    line(ctx, [[ex - marker, ey - marker], [ex + marker, ey + marker]], "#d01c8b", 3);
    line(ctx, [[ex - marker, ey + marker], [ex + marker, ey - marker]], "#d01c8b", 3);
    const [cx, cy] = toPx(r.centroid);
    line(ctx, [[cx - marker, cy], [cx + marker, cy]], "#141414", 2);
    line(ctx, [[cx, cy - marker], [cx, cy + marker]], "#141414", 2);
    const [dx, dy] = toPx(r.destination);
    ctx.beginPath();
    ctx.arc(dx, dy, marker, 0, 2 * Math.PI);
    ctx.strokeStyle = "#1b9e3e";
    ctx.lineWidth = 3;
    ctx.stroke();
  }
  const seed = page.dragSeed || (r ? [r.seed_position, r.dir] : null);
  if (seed) drawSeed(ctx, toPx(seed[0]), seed[1], marker);
}

function line(ctx, points, colour, width) {
  ctx.beginPath();
  points.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.stroke();
}

function drawSeed(ctx, [x, y], dir, size) {
  const len = Math.hypot(dir[0], dir[1]);
  if (len > 0) {
    const ux = dir[0] / len;
    const uy = dir[1] / len;
    const tip = [x + ux * size * 3, y + uy * size * 3];
    line(ctx, [[x, y], tip], "#141414", 2.5);
    line(ctx, [[tip[0] - ux * size + uy * size * 0.6, tip[1] - uy * size - ux * size * 0.6], tip,
      [tip[0] - ux * size - uy * size * 0.6, tip[1] - uy * size + ux * size * 0.6]], "#141414", 2.5);
  }
  ctx.beginPath();
  ctx.arc(x, y, size * 0.8, 0, 2 * Math.PI);
  ctx.fillStyle = "#ffffff";
  ctx.fill();
  ctx.strokeStyle = "#141414";
  ctx.lineWidth = 1.5;
  ctx.stroke();
}

// ---- editing -----------------------------------------------------------------------------------------

function eventTile(event) {
  const rect = $("map").getBoundingClientRect();
  const x = ((event.clientX - rect.left) / rect.width) * page.lab.width();
  const y = ((event.clientY - rect.top) / rect.height) * page.lab.height();
  return [x, y];
}

// Maps with more tiles than this re-run the flood when a stroke ends rather than at every tile: rebuilding
// the grid is one call over every tile.
const LIVE_EDIT_MAX_TILES = 65536;

function paint(event) {
  const [x, y] = eventTile(event);
  const col = Math.floor(x);
  const row = Math.floor(y);
  const open = $("tool").value === "erase";
  if (col < 0 || row < 0 || col >= page.lab.width() || row >= page.lab.height()) return;
  if (page.lab.passable(col, row) === open) return;
  page.lab.setPassable(col, row, open);
  // Shown at once in the tile layer; the flood follows.
  const i = row * page.lab.width() + col;
  const c = colour(open ? -2 : -3);
  page.image.data.set([c >> 16, (c >> 8) & 255, c & 255, 255], 4 * i);
  if (page.prev) page.prev[i] = open ? -2 : -3;
  page.tileCanvas.getContext("2d").putImageData(page.image, 0, 0, col, row, 1, 1);
  if (page.lab.width() * page.lab.height() <= LIVE_EDIT_MAX_TILES) requestRestart();
  else page.editPending = true;
}

function bindMap() {
  const canvas = $("map");
  let mode = null;
  canvas.addEventListener("pointerdown", (e) => {
    canvas.setPointerCapture(e.pointerId);
    mode = $("tool").value;
    if (mode === "seed") {
      const [x, y] = eventTile(e);
      const centre = [(Math.floor(x) + 0.5) * page.cellSize, (Math.floor(y) + 0.5) * page.cellSize];
      page.dragSeed = [centre, page.result ? page.result.dir : [0, 0]];
    } else paint(e);
  });
  canvas.addEventListener("pointermove", (e) => {
    if (mode === "seed") {
      const [x, y] = eventTile(e);
      const [cx, cy] = page.dragSeed[0];
      const d = [x * page.cellSize - cx, y * page.cellSize - cy];
      if (Math.hypot(d[0], d[1]) > 0.5 * page.cellSize) page.dragSeed[1] = d.map((v) => +v.toFixed(2));
    } else if (mode) paint(e);
  });
  canvas.addEventListener("pointerup", () => {
    if (page.editPending) {
      page.editPending = false;
      requestRestart();
    }
    if (mode === "seed" && page.dragSeed) {
      [page.from, page.dir] = page.dragSeed;
      page.dragSeed = null;
      requestRestart();
    }
    mode = null;
  });
  canvas.addEventListener("dragover", (e) => {
    e.preventDefault();
    canvas.classList.add("dragover");
  });
  canvas.addEventListener("dragleave", () => canvas.classList.remove("dragover"));
  canvas.addEventListener("drop", (e) => {
    e.preventDefault();
    canvas.classList.remove("dragover");
    if (e.dataTransfer.files.length) loadFile(e.dataTransfer.files[0]);
  });
}

function bindControls() {
  $("level-select").addEventListener("change", (e) => {
    if (e.target.value) loadUrl(e.target.value);
    else loadDefault();
  });
  $("level-file").addEventListener("change", (e) => {
    if (e.target.files.length) loadFile(e.target.files[0]);
    e.target.value = "";
  });
  $("resize").addEventListener("click", () => {
    const error = page.lab.resize(Number($("level-width").value), Number($("level-height").value));
    if (error) return showError(error);
    layoutMap();
    requestRestart();
  });
  for (const [id, key] of [["from", "from"], ["dir", "dir"]]) {
    $(id).addEventListener("change", () => {
      try {
        page[key] = parsePair($(id).value, id);
        if (key === "from" && page.dir === null) page.dir = [0, 0];
        requestRestart();
      } catch (e) {
        showError(e.message);
      }
    });
  }
  $("run").addEventListener("click", () => {
    page.playing = false;
    if (page.done || !page.started) requestRestart();
    else page.target = Infinity;
    page.result = null;
  });
  $("play").addEventListener("click", () => {
    if (page.done) requestRestart(0);
    page.playing = true;
  });
  $("pause").addEventListener("click", () => (page.playing = false));
  $("forward").addEventListener("click", () => {
    page.playing = false;
    if (!page.started || page.done) return;
    page.target = page.lab.steps() + 1;
    page.result = null;
  });
  $("back").addEventListener("click", () => {
    page.playing = false;
    if (!page.started) return;
    // The flood keeps no history: re-run from the seed to the step before (the core runs it in microseconds).
    requestRestart(Math.max(0, page.lab.steps() - 1));
  });
  $("share").addEventListener("click", share);
  $("download").addEventListener("click", () => {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([page.lab.levelText()], { type: "text/plain" }));
    a.download = (page.lab.name() || "level") + ".txt";
    a.click();
  });
}

// ---- URL: query parameters (docs/web.md's contract) and the shared fragment ---------------------------

const QUERY_SETTINGS = ["hot", "max_heated", "max_steps", "connectivity", "destination"];

async function share() {
  const params = new URLSearchParams();
  params.set("level", await deflateText(page.lab.levelText()));
  params.set("name", page.mapName);
  if (page.result) {
    params.set("from", page.result.from.join(","));
    params.set("dir", page.result.dir.join(","));
  }
  for (const s of QUERY_SETTINGS) params.set(s, $("setting-" + s).value);
  history.replaceState(null, "", location.pathname + "#" + params.toString());
  try {
    await navigator.clipboard.writeText(location.href);
  } catch (e) {
    // Clipboard access needs a user gesture and permission; the address bar has the link anyway.
  }
}

function loadDefault() {
  page.lab.loadLevel(page.defaultText, "corner");
  levelLoaded("built-in default level (" + page.lab.name() + ")");
}

// Applies from/dir/settings from URL parameters; returns false after showing an error.
function applyParams(params) {
  for (const s of QUERY_SETTINGS) {
    if (params.has(s) && !setSetting(s, params.get(s))) return false;
  }
  try {
    if (params.has("from")) {
      page.from = parsePair(params.get("from"), "from");
      page.dir = [0, 0];
    }
    if (params.has("dir")) page.dir = parsePair(params.get("dir"), "dir");
  } catch (e) {
    showError(e.message);
    return false;
  }
  requestRestart();
  return true;
}

async function main() {
  page.K = await createKinema();
  page.lab = new page.K.FloodLab();
  page.defaultText = page.lab.levelText(); // the built-in default level, as FloodLab starts with it
  window.kinemaFlood = page; // for the browser test and the console (docs/web.md)
  page.timings = timings;
  buildSettings();
  bindControls();
  bindMap();
  await fillLevelList();
  const query = new URLSearchParams(location.search);
  const fragment = new URLSearchParams(location.hash.slice(1));
  let ok = true;
  if (query.has("map")) {
    ok = await loadUrl(query.get("map"));
  } else if (fragment.has("level")) {
    ok = loadText(await inflateText(fragment.get("level")), fragment.get("name") || "shared.txt");
  } else {
    levelLoaded("built-in default level (" + page.lab.name() + ")");
  }
  if (ok) applyParams(query.has("map") || !fragment.has("level") ? query : fragment);
  requestAnimationFrame(frame);
}

main().catch((e) => showError(String(e)));
