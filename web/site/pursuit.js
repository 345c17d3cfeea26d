// The pursuit page (docs/web.md): pick a level, click the player's route, place the NPC and its facing,
// choose the strategy and settings, and play the pursuit kinema's core runs in WebAssembly (PursuitLab).
// #result-json holds PursuitLab.resultJson, the library's pursuit_json: exactly what `kinema pursue --json`
// prints for the same arguments. The picture is the PNG's scene (render::pursuit_json_scene): its still
// shapes are drawn once to an offscreen canvas, and each animation frame adds only the moving discs. The main
// view (view.js, zoom and pan) draws the same result in tile coordinates: the scene's tiles (the flood's heat
// at the first chase) as one pixel per tile, its trails, occupancy and marks over them, the moving player and
// NPC, and a timeline of the NPC's states along its top edge.
"use strict";

// The settings the page shows (registry names; docs/pursuit.md), in the CLI's order.
const SHOWN = ["strategy", "player_speed", "view_range", "view_angle", "search_time", "max_time", "hz",
  "model_scale", "contact_range", "hot", "max_heated", "max_steps"];
// Query parameters that set a field (the CLI's flags with '_' for '-'); `set` (NAME=VALUE) is repeatable.
const QUERY_SETTINGS = ["hz", "max_time", "view_range", "view_angle", "search_time", "player_speed",
  "model_scale", "strategy", "hot", "max_heated", "max_steps"];
// The built-in level's example (docs/pursuit.md): Figure 1 of Couvidou's Dishonored 2 chase chapter (Game AI
// Pro 3) on corner.txt.
const DEFAULT_ROUTE = "12.5,2.5;17.5,2.5;17.5,28.5";
const DEFAULT_NPC = "2.5,2.5";

const page = {
  K: null,
  lab: null,
  mapName: "", // the `map` the JSON names (the URL, as `kinema pursue --map`)
  title: "",
  scale: 1,
  result: null, // the parsed pursuit JSON
  scene: null,
  still: document.createElement("canvas"), // the scene's still shapes
  frameShapes: [], // per animation frame, the shapes visible in it
  frame: 0,
  playing: false,
  lastTick: 0,
  drag: null,
  view: null, // the zoomable main view (view.js)
  tilesCanvas: document.createElement("canvas"), // the level, one pixel per tile
  heatCanvas: document.createElement("canvas"), // the result's tiles (heat at the first chase), one per tile
  overlay: null, // the result's map shapes in tile coordinates: {still, moving}
};
// The search occupancy's dots (pursuit_picture.cpp kOccupancy): their radius is in tiles, not screen pixels.
const OCCUPANCY = "#7540a0";
const TIMELINE_PX = 26; // the timeline strip along the view's top edge, CSS px
const STATE_COLOURS = { engage: "#d55e00", chase: "#e69f00", search: "#009e73", gave_up: "#6e6e6e" };

const fmt = (v) => String(Math.round(v * 1000) / 1000);

// ---- level -------------------------------------------------------------------------------------------

function levelLoaded(name) {
  pause();
  if (page.started) {
    // A new level from the picker, a file or a drop: the old scenario does not fit it.
    $("route").value = "";
    $("npc").value = "";
    $("npc-dir").value = "";
  }
  clearResult();
  if (document.body.dataset.state !== "loading") document.body.dataset.state = "ready";
  page.mapName = name;
  page.title = name.split("/").pop();
  drawTiles();
  page.view.setLevel(page.lab.width(), page.lab.height());
  drawMap();
}

const loadText = (text, name) => loadLevelText(page, text, name);
const loadUrl = (url) => loadLevelUrl(page, url);

// ---- settings ----------------------------------------------------------------------------------------

function allFields() {
  return JSON.parse(page.lab.pursuitFields()).concat(JSON.parse(page.lab.floodFields()));
}

function buildSettings() {
  const fields = new Map(allFields().map((f) => [f.name, f]));
  const box = $("settings");
  for (const name of SHOWN) {
    const f = fields.get(name);
    const label = document.createElement("label");
    label.title = f.doc + " (" + f.unit + ", " + f.range + ", default " + f.default + ")";
    label.append(f.name + " ");
    let input;
    if (f.type === "choice") {
      input = document.createElement("select");
      for (const c of f.choices) input.add(new Option(c, c));
    } else {
      input = document.createElement("input");
      input.type = "number";
      if (f.min !== null) input.min = f.min;
      if (f.max !== null) input.max = f.max;
    }
    input.value = f.value;
    input.id = "setting-" + f.name;
    input.addEventListener("change", () => setSetting(f.name, input.value) && run());
    const span = document.createElement("span");
    const unit = document.createElement("span");
    unit.className = "unit";
    unit.textContent = f.type === "choice" ? "" : " " + f.unit;
    span.append(input, unit);
    label.append(span);
    box.appendChild(label);
  }
  for (const name of page.K.MovementLab.modelNames().split(",")) $("npc-model").add(new Option(name, name));
  $("npc-model").value = page.lab.model();
}

// Sets a field; shows the registry's message (naming the CLI flag) and returns false when refused.
function setSetting(name, text) {
  const error = page.lab.setSetting(name, text);
  if (error) {
    showError(error);
    return false;
  }
  const input = $("setting-" + name);
  if (input) input.value = text;
  return true;
}

// ---- the run -----------------------------------------------------------------------------------------

function stimuli() {
  return page.stimuli || "";
}

function run() {
  pause();
  document.body.dataset.state = "running";
  const error = page.lab.run(page.mapName, $("route").value.trim(), $("npc").value.trim(),
    $("npc-dir").value.trim(), "", stimuli());
  drawMap();
  if (error) {
    clearResult();
    showError(error);
    return false;
  }
  showError("");
  const json = page.lab.resultJson();
  $("result-json").textContent = json;
  page.result = JSON.parse(json);
  prepareScene(JSON.parse(page.lab.sceneJson(page.title)));
  showNumbers(page.result);
  showFrame(page.scene.frame_count - 1);
  document.body.dataset.state = "done";
  return true;
}

// No run to show (an error, or a new level without a route yet).
function clearResult() {
  page.result = null;
  page.scene = null;
  page.overlay = null;
  $("result-json").textContent = "";
  $("numbers").textContent = "";
  const canvas = $("picture");
  canvas.width = canvas.height = 10;
  $("scrub").max = 0;
  $("time").textContent = "0";
  $("npc-state").textContent = "-";
}

function prepareScene(scene) {
  page.scene = scene;
  page.still.width = scene.width;
  page.still.height = scene.height;
  drawScene(page.still, { ...scene, shapes: scene.shapes.filter((s) => !s.frame_visible) }, 0);
  page.frameShapes = Array.from({ length: scene.frame_count }, () => []);
  for (const s of scene.shapes) {
    if (!s.frame_visible) continue;
    s.frame_visible.forEach((v, i) => v && page.frameShapes[i].push(s));
  }
  const canvas = $("picture");
  canvas.width = scene.width;
  canvas.height = scene.height;
  $("scrub").max = scene.frame_count - 1;
  page.overlay = sceneInTiles(scene);
}

// The scene's map part in tile coordinates: its first width x height shapes are the tiles (row-major,
// add_tiles), drawn into heatCanvas; the other shapes left of the legend are converted from the picture's
// pixels (margin + tile * px per tile) to tiles. Text belongs to the legend, which the page shows in HTML.
function sceneInTiles(scene) {
  const w = page.lab.width();
  const h = page.lab.height();
  const first = scene.shapes[0];
  const margin = first.x;
  const k = first.w;
  const right = margin + w * k + 1;
  page.heatCanvas.width = w;
  page.heatCanvas.height = h;
  const image = new ImageData(w, h);
  const words = new Uint32Array(image.data.buffer);
  for (let i = 0; i < w * h; ++i) words[i] = rgba(parseInt(scene.shapes[i].fill.slice(1), 16));
  page.heatCanvas.getContext("2d").putImageData(image, 0, 0);
  const t = (v) => (v - margin) / k;
  const still = [];
  const moving = [];
  for (const s of scene.shapes.slice(w * h)) {
    const x = s.points ? s.points[0][0] : s.x;
    if (s.type === "text" || s.type === "rect" || x > right) continue;
    const o = { ...s };
    if (s.points) o.points = s.points.map(([px, py]) => [t(px), t(py)]);
    else [o.x, o.y] = [t(s.x), t(s.y)];
    o.tileRadius = s.type === "circle" && s.fill === OCCUPANCY ? s.r / k : null;
    (s.frame_visible ? moving : still).push(o);
  }
  return { still, moving };
}

// The pursuit frame an animation frame shows (pursuit_picture.cpp add_animation: every round(0.1 hz)-th
// frame, the last one last).
function simFrame(i) {
  const frames = page.result.frames;
  const stride = Math.max(1, Math.round(0.1 * page.result.settings.pursuit.hz));
  return i >= page.scene.frame_count - 1 ? frames[frames.length - 1] : frames[Math.min(i * stride, frames.length - 1)];
}

function showFrame(i) {
  if (!page.scene) return;
  page.frame = i;
  const ctx = $("picture").getContext("2d");
  ctx.drawImage(page.still, 0, 0);
  drawShapes(ctx, page.scene, page.frameShapes[i], i);
  $("scrub").value = i;
  drawMap();
  const f = simFrame(i);
  $("time").textContent = fmt(f.t);
  $("npc-state").textContent = f.state + (f.sees_player ? " (sees the player)" : "");
}

function showNumbers(r) {
  const rows = [["outcome", r.outcome],
    ["time to re-acquire", r.time_to_reacquire === null ? "-" : fmt(r.time_to_reacquire) + " s"],
    ["NPC distance (end)", fmt(r.npc_distance) + " level units"],
    ["destination changes", r.destination_changes],
    ["max heading rate", fmt(r.max_heading_rate) + " deg/s"],
    ["simulated", fmt(r.frames[r.frames.length - 1].t) + " s (" + r.frames.length + " frames)"]];
  for (const e of r.events) rows.push([fmt(e.t) + " s", e.kind]);
  const table = document.createElement("table");
  for (const [k, v] of rows) {
    const tr = table.insertRow();
    tr.insertCell().textContent = k;
    tr.insertCell().textContent = v;
  }
  $("numbers").replaceChildren(table);
}

// ---- play --------------------------------------------------------------------------------------------

function play() {
  if (!page.scene) return;
  if (page.frame >= page.scene.frame_count - 1) showFrame(0);
  page.playing = true;
  page.lastTick = performance.now();
  requestAnimationFrame(tick);
}

function pause() {
  page.playing = false;
}

// Real time: one animation frame per scene.frame_seconds (a tenth of a simulated second).
function tick(now) {
  if (!page.playing) return;
  const steps = Math.floor((now - page.lastTick) / (1000 * page.scene.frame_seconds));
  if (steps > 0) {
    page.lastTick += steps * 1000 * page.scene.frame_seconds;
    const next = Math.min(page.frame + steps, page.scene.frame_count - 1);
    showFrame(next);
    if (next === page.scene.frame_count - 1) page.playing = false;
  }
  if (page.playing) requestAnimationFrame(tick);
}

// ---- the map -----------------------------------------------------------------------------------------

function drawTiles() {
  const w = page.lab.width();
  const tiles = page.tilesCanvas;
  tiles.width = w;
  tiles.height = page.lab.height();
  tiles.getContext("2d").putImageData(levelImage(page.K, w, tiles.height,
    (i) => page.lab.passable(i % w, Math.floor(i / w))), 0, 0);
}

function parsePoints(text) {
  return text.split(";").map((p) => p.split(",").map(Number)).filter((p) => p.length === 2 && p.every(Number.isFinite));
}

function drawMap() {
  page.view.timed(drawView);
}

// The visible tiles (with the result's heat when there is a result), the result's shapes, the scenario being
// edited, the timeline and a scale bar.
function drawView() {
  const view = page.view;
  const ctx = view.drawTiles(page.overlay ? page.heatCanvas : page.tilesCanvas);
  if (page.overlay) {
    drawTileShapes(ctx, page.overlay.still, 0);
    drawTileShapes(ctx, page.overlay.moving, page.frame);
  }
  if (!page.overlay || page.drag) drawScenario(ctx);
  if (page.scene) drawTimeline(ctx);
  view.drawScaleBar(ctx, "tiles", 1);
}

// Scene shapes in tile coordinates (sceneInTiles), sizes in screen pixels except the occupancy's radius.
function drawTileShapes(ctx, shapes, frame) {
  const view = page.view;
  const d = view.dpr();
  for (const s of shapes) {
    if (s.frame_visible && !s.frame_visible[frame]) continue;
    ctx.beginPath();
    if (s.type === "circle") {
      const [x, y] = view.toCanvas(s.x, s.y);
      ctx.arc(x, y, s.tileRadius !== null ? s.tileRadius * view.pxPerTile() : s.r * d, 0, 2 * Math.PI);
    } else {
      s.points.forEach((p, i) => (i ? ctx.lineTo(...view.toCanvas(...p)) : ctx.moveTo(...view.toCanvas(...p))));
      if (s.type === "polygon") ctx.closePath();
    }
    if (s.fill && s.type !== "polyline") {
      ctx.fillStyle = s.fill;
      ctx.fill();
    }
    if (s.stroke) {
      ctx.lineWidth = s.stroke_width * d;
      ctx.globalAlpha = s.stroke_opacity;
      ctx.setLineDash((s.dash || []).map((v) => v * d));
      ctx.lineJoin = "round";
      ctx.lineCap = s.dash && s.dash.length ? "butt" : "round";
      ctx.strokeStyle = s.stroke;
      ctx.stroke();
      ctx.globalAlpha = 1;
      ctx.setLineDash([]);
    }
  }
}

// The NPC's state over the run along the view's top edge, the events as ticks and the shown time as a cursor;
// a click on it shows that time.
function drawTimeline(ctx) {
  const d = page.view.dpr();
  const [x0, x1, y, h] = timelineBox();
  const frames = page.result.frames;
  const end = frames[frames.length - 1].t || 1;
  const X = (t) => x0 + ((x1 - x0) * t) / end;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = "rgba(255,255,255,0.85)";
  ctx.fillRect(0, 0, page.view.canvas.width, (TIMELINE_PX + 4) * d);
  let begin = 0;
  for (let k = 1; k <= frames.length; ++k) {
    if (k === frames.length || frames[k].state !== frames[begin].state) {
      ctx.fillStyle = STATE_COLOURS[frames[begin].state] || "#141414";
      ctx.fillRect(X(frames[begin].t), y, Math.max(1, X(frames[Math.min(k, frames.length - 1)].t) - X(frames[begin].t)), h);
      begin = k;
    }
  }
  ctx.fillStyle = "#141414";
  for (const e of page.result.events) ctx.fillRect(X(e.t) - d / 2, y - 3 * d, d, h + 6 * d);
  const now = simFrame(page.frame).t;
  ctx.fillRect(X(now) - 1.5 * d, y - 4 * d, 3 * d, h + 8 * d);
  ctx.font = `${11 * d}px "DejaVu Sans", Verdana, sans-serif`;
  ctx.fillText("t = " + fmt(now) + " s of " + fmt(end) + " s", x1 + 8 * d, y + h - d);
}

// The timeline strip in device pixels: [left, right, top, height].
function timelineBox() {
  const d = page.view.dpr();
  return [10 * d, page.view.canvas.width - 150 * d, 8 * d, 12 * d];
}

function drawScenario(ctx) {
  const view = page.view;
  const d = view.dpr();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  const px = ([x, y]) => view.toCanvas(x, y);
  const route = parsePoints($("route").value);
  ctx.strokeStyle = "#0072b2";
  ctx.fillStyle = "#0072b2";
  ctx.lineWidth = 2 * d;
  ctx.setLineDash([6 * d, 4 * d]);
  ctx.beginPath();
  route.forEach((p, i) => (i ? ctx.lineTo(...px(p)) : ctx.moveTo(...px(p))));
  ctx.stroke();
  ctx.setLineDash([]);
  for (const p of route) {
    ctx.beginPath();
    ctx.arc(...px(p), 3 * d, 0, 2 * Math.PI);
    ctx.fill();
  }
  const [npc] = parsePoints($("npc").value);
  if (!npc) return;
  const [dir] = parsePoints($("npc-dir").value);
  const toward = dir || (route[0] ? [route[0][0] - npc[0], route[0][1] - npc[1]] : null);
  ctx.fillStyle = "#d55e00";
  ctx.strokeStyle = "#d55e00";
  const [nx, ny] = px(npc);
  ctx.beginPath();
  ctx.arc(nx, ny, 6 * d, 0, 2 * Math.PI);
  ctx.fill();
  const len = toward ? Math.hypot(toward[0], toward[1]) : 0;
  if (len > 0) {
    ctx.lineWidth = 2.5 * d;
    ctx.beginPath();
    ctx.moveTo(nx, ny);
    ctx.lineTo(nx + (24 * d * toward[0]) / len, ny + (24 * d * toward[1]) / len);
    ctx.stroke();
  }
}

// The level point (level units) under a mouse event; route waypoints and the NPC snap to tile centres.
function eventPoint(event) {
  return page.view.eventTile(event);
}

// A press on the timeline strip: the frame at that time (true), else false.
function timelineClick(event) {
  if (!page.scene) return false;
  const rect = page.view.canvas.getBoundingClientRect();
  const d = page.view.dpr();
  const x = (event.clientX - rect.left) * d;
  const y = (event.clientY - rect.top) * d;
  const [x0, x1] = timelineBox();
  if (y > (TIMELINE_PX + 4) * d || x < x0 - 5 * d || x > x1 + 5 * d) return false;
  const frames = page.result.frames;
  const t = Math.min(1, Math.max(0, (x - x0) / (x1 - x0))) * frames[frames.length - 1].t;
  pause();
  showFrame(Math.min(page.scene.frame_count - 1, Math.round(t / page.scene.frame_seconds)));
  return true;
}

const centre = ([x, y]) => [Math.floor(x) + 0.5, Math.floor(y) + 0.5];

function bindMap() {
  const canvas = $("map");
  canvas.addEventListener("pointerdown", (event) => {
    if (timelineClick(event)) return;
    const p = centre(eventPoint(event));
    if ($("tool").value === "route") {
      const route = $("route").value.trim();
      $("route").value = (route ? route + ";" : "") + p.join(",");
      run();
      return;
    }
    page.drag = p;
    $("npc").value = p.join(",");
    $("npc-dir").value = "";
    canvas.setPointerCapture(event.pointerId);
    drawMap();
  });
  canvas.addEventListener("pointermove", (event) => {
    if (!page.drag) return;
    const [x, y] = eventPoint(event);
    const d = [x - page.drag[0], y - page.drag[1]];
    if (Math.hypot(d[0], d[1]) > 0.5) $("npc-dir").value = d.map(fmt).join(",");
    drawMap();
  });
  canvas.addEventListener("pointerup", () => {
    if (!page.drag) return;
    page.drag = null;
    run();
  });
}

function bindControls() {
  $("level-select").addEventListener("change", async () => {
    const url = $("level-select").value;
      if (url) await loadUrl(url);
    else loadDefault();
  });
  $("level-file").addEventListener("change", async () => {
    const file = $("level-file").files[0];
    $("level-file").value = "";
    if (file) await loadLevelFile(page, file);
  });
  for (const id of ["route", "npc", "npc-dir"]) $(id).addEventListener("change", run);
  $("npc-model").addEventListener("change", () => {
    const error = page.lab.setModel($("npc-model").value);
    if (error) showError(error);
    else run();
  });
  $("clear-route").addEventListener("click", () => {
    $("route").value = "";
    drawMap();
  });
  $("undo-route").addEventListener("click", () => {
    $("route").value = $("route").value.split(";").slice(0, -1).join(";");
    run();
  });
  $("run").addEventListener("click", run);
  $("play").addEventListener("click", play);
  $("pause").addEventListener("click", pause);
  $("scrub").addEventListener("input", () => {
    pause();
    showFrame(Number($("scrub").value));
  });
}

function loadDefault() {
  page.lab.loadLevel(page.defaultText, "corner");
  $("level-select").value = "";
  levelLoaded("built-in default level (" + page.lab.name() + ")");
  return true;
}

// Applies the query: npc_model, the settings, set=NAME=VALUE (as `--set`), route, npc, npc_dir, stimulus;
// returns false after showing an error.
function applyParams(params) {
  if (params.has("npc_model")) {
    const error = page.lab.setModel(params.get("npc_model"));
    if (error) return showError(error), false;
    $("npc-model").value = params.get("npc_model");
  }
  for (const s of QUERY_SETTINGS) {
    if (params.has(s) && !setSetting(s, params.get(s))) return false;
  }
  for (const set of params.getAll("set")) {
    const at = set.indexOf("=");
    if (at <= 0) return showError("--set: expected name=value, got '" + set + "'"), false;
    if (!setSetting(set.slice(0, at), set.slice(at + 1))) return false;
  }
  for (const [param, id] of [["route", "route"], ["npc", "npc"], ["npc_dir", "npc-dir"]]) {
    if (params.has(param)) $(id).value = params.get(param);
  }
  page.stimuli = params.getAll("stimulus").join(";");
  return true;
}

async function main() {
  page.K = await createKinema();
  page.lab = new page.K.PursuitLab();
  page.view = new MapView($("map"), () => {
    if (page.redrawWanted) return;
    page.redrawWanted = true;
    requestAnimationFrame(() => {
      page.redrawWanted = false;
      drawMap();
    });
  });
  page.view.insetTop = TIMELINE_PX + 4; // the timeline strip
  bindViewButtons(page.view, () => {
    if (page.scene) return simFrame(page.frame).npc;
    const [npc] = parsePoints($("npc").value);
    return npc || null;
  });
  // The built-in default level as PursuitLab starts with it, kept for the level list's first entry.
  const flood = new page.K.FloodLab();
  page.defaultText = flood.levelText();
  flood.delete();
  page.parseLevel = (text, name) => page.lab.loadLevel(text, name);
  page.levelLoaded = levelLoaded;
  window.kinemaPursuit = page; // for the browser test and the console (docs/web.md)
  buildSettings();
  bindControls();
  bindMap();
  bindDrop(page, $("map"));
  await fillLevelList();
  const query = new URLSearchParams(location.search);
  let ok = true;
  if (query.has("map")) {
    ok = await loadUrl(query.get("map"));
  } else {
    levelLoaded("built-in default level (" + page.lab.name() + ")");
    $("route").value = DEFAULT_ROUTE;
    $("npc").value = DEFAULT_NPC;
  }
  page.started = true;
  if (!ok || !applyParams(query)) return;
  if ($("route").value && $("npc").value) {
    run();
  } else {
    drawMap();
    document.body.dataset.state = "ready";
    $("error").textContent = "";
  }
}

main().catch((e) => showError(String(e)));
