// The pursuit page (docs/web.md): pick a level, click the player's route, place the NPC and its facing (or a
// team of up to 16 NPCs and how they share what they know), choose the strategy and settings, and play the pursuit kinema's core runs in WebAssembly (PursuitLab).
// #result-json holds PursuitLab.resultJson, the library's pursuit_json: exactly what `kinema pursue --json`
// prints for the same arguments. The picture is the PNG's scene (render::pursuit_json_scene): its still
// shapes are drawn once to an offscreen canvas, and each animation frame adds only the moving discs. The main
// view (view.js, zoom and pan) draws the same result in tile coordinates: the scene's tiles (the flood's heat
// at the first chase) as one pixel per tile, its trails, occupancy and marks over them, the moving player and
// NPC, and a timeline of the NPC's states along its top edge. A 3D level (.obj, .nav) is the same lab's: its
// navmesh built as `kinema pursue --map LEVEL.obj` builds it, the points X,Y,Z (y up), the view its navmesh
// columns from above (x right, z down), one pixel per column as a grid's tile (docs/web.md "3D levels on the
// pursuit page").
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
  chosen: 0, // the NPC the NPC tool places (0-based)
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
  is3d: false, // the level is a 3D one (PursuitLab.is3d): points X,Y,Z, the view its columns
  grid3d: null, // a 3D level's column grid: [columns, rows, cell size, origin x, origin z]
  pursuitMs: 0, // the last run's time (the pursuit, its JSON and its scene), ms
};
// The navmesh settings a query may give (`kinema pursue --agent-radius ...`, '_' for '-'): applied before the
// level is built, as the CLI builds it with them.
const NAV_QUERY = ["agent_height", "agent_radius", "agent_max_climb", "agent_max_slope"];
// The search occupancy's rings (pursuit_picture.cpp kOccupancy): their radius is in tiles, not screen pixels.
const OCCUPANCY = "#7540a0";
const TIMELINE_PX = 26; // the timeline strip along the view's top edge, CSS px
const STATE_COLOURS = { engage: "#d55e00", chase: "#e69f00", search: "#009e73", gave_up: "#6e6e6e" };
// A team's NPCs, NPC 1 first: pursuit_picture.cpp kTeamColours, in order (repeating past the twelfth).
const TEAM_COLOURS = ["#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#332288", "#44aa99", "#999933",
  "#882255", "#cc6677", "#88ccee", "#6e6e6e"];
const teamColour = (i) => TEAM_COLOURS[i % TEAM_COLOURS.length];
// The team modes (docs/pursuit.md "Teams") in the page's words.
const TEAM_MODES = {
  independent: "each NPC sees, chases and searches alone, as one NPC does (the baseline)",
  shared: "one NPC's sighting is everyone's: the team loses the player together and every NPC runs to the " +
    "one destination of Couvidou's flood (the naive team)",
  split: "the flood of Couvidou's Dishonored 2 chase chapter split along the level into one destination per " +
    "NPC (the least total path), and one search that every NPC's eye clears for all",
};

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
  page.chosen = 0;
  page.is3d = page.lab.is3d();
  page.grid3d = page.is3d ? page.lab.grid() : null;
  document.body.classList.toggle("level3d", page.is3d);
  showNpcs();
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
    const { label, input } = registryField(f);
    input.addEventListener("change", () => setSetting(f.name, input.value) && run());
    box.appendChild(label);
  }
  for (const name of page.K.MovementLab.modelNames().split(",")) $("npc-model").add(new Option(name, name));
  $("npc-model").value = page.lab.model();
}

// The navmesh fields (NAV_QUERY) from the registry (PursuitLab.navFields), shown on 3D levels.
function buildNavSettings() {
  const fields = new Map(JSON.parse(page.lab.navFields()).map((f) => [f.name, f]));
  for (const name of NAV_QUERY) {
    const f = fields.get(name);
    const { label, input } = registryField(f);
    input.addEventListener("change", () => setNavSetting(f.name, input.value, true));
    $("nav-settings").appendChild(label);
  }
}

// A navmesh setting as `kinema pursue --agent-...` takes it (the message names the flag); with `rebuild`,
// the shown 3D level is built again with it and the pursuit run on it, the scenario kept. A setting the CLI
// refuses, or one no navmesh survives, is not kept. False after showing the message.
function setNavSetting(name, text, rebuild) {
  const before = JSON.parse(page.lab.navFields()).find((f) => f.name === name).value;
  let error = page.lab.setNavSetting(name, String(text));
  if (!error && rebuild && page.is3d) {
    error = page.lab.loadLevel(page.level3d.content, page.level3d.name);
    if (error) page.lab.setNavSetting(name, before);
    else {
      page.grid3d = page.lab.grid();
      drawTiles();
      page.view.setLevel(page.lab.width(), page.lab.height());
      run();
    }
  }
  if (error) return showError(error), false;
  $("setting-" + name).value = text;
  return true;
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

// `--team`: a query's unknown mode as typed (for the CLI's message), else the select's mode with two or more
// NPCs, else none, so that one NPC runs exactly as `kinema pursue` without --team.
function teamMode() {
  if (page.queryTeam !== undefined) return page.queryTeam;
  return npcTexts().length < 2 ? "" : $("team").value;
}

function run() {
  pause();
  document.body.dataset.state = "running";
  showNpcs();
  const t0 = performance.now();
  const error = page.lab.run(page.mapName, $("route").value.trim(), $("npc").value.trim(),
    $("npc-dir").value.trim(), teamMode(), stimuli());
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
  page.pursuitMs = performance.now() - t0;
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
  $("npc-state").textContent = "NPC -";
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
// add_tiles), drawn into heatCanvas; the other shapes on the map are converted from the picture's pixels
// (corner + tile * px per tile) to tiles. Text right of the map belongs to the legend, which the page shows in
// HTML, and the coordinates above and left of it to the picture's axes, which the page's view draws itself;
// text on the map (the numbers in a team's start discs) keeps its offset below its disc's centre in screen
// pixels, as the discs keep their radius.
// A 3D level's scene starts with its top view (render::draw_level_map: the level's extent, the navmesh
// surface, its axes; PursuitLab.mapShapeCount() of them) in the "map" clip, one cell_px square per column:
// the view draws the same columns from PursuitLab.pixels() and only the pursuit's shapes (and the view's
// point marks) over them.
function sceneInTiles(scene) {
  const w = page.lab.width();
  const h = page.lab.height();
  const map = scene.clips.find((c) => c.id === "map");
  const first = scene.shapes[0];
  const [left, top] = page.is3d ? [map.x, map.y] : [first.x, first.y];
  const k = page.is3d ? map.w / w : first.w;
  const right = left + w * k + 1;
  const base = page.is3d ? page.lab.mapShapeCount(page.title) : w * h;
  page.heatCanvas.width = w;
  page.heatCanvas.height = h;
  const image = new ImageData(w, h);
  const words = new Uint32Array(image.data.buffer);
  if (page.is3d) words.set(page.lab.pixels());
  else for (let i = 0; i < w * h; ++i) words[i] = rgba(parseInt(scene.shapes[i].fill.slice(1), 16));
  page.heatCanvas.getContext("2d").putImageData(image, 0, 0);
  const tx = (v) => (v - left) / k;
  const ty = (v) => (v - top) / k;
  const still = [];
  const moving = [];
  scene.shapes.forEach((s, i) => {
    const [x, y] = s.points ? s.points[0] : [s.x, s.y];
    if (s.type === "rect" || x > right || x < left - 1 || y < top - 1) return;
    // The 3D view's surface and coordinates are drawn by the view itself; its marks (the lost-sight seed
    // and its arrow) are kept.
    if (i < base && (!page.is3d || s.type === "polygon" || s.type === "text")) return;
    const o = { ...s };
    if (s.points) o.points = s.points.map(([px, py]) => [tx(px), ty(py)]);
    else [o.x, o.y] = [tx(s.x), ty(s.y)];
    // numbered_disc (render/scene.cpp): the baseline 0.45 radius below the centre, the text 1.25 radius high.
    if (s.type === "text") [o.y, o.baseline] = [ty(s.y - 0.36 * s.font_size), 0.36 * s.font_size];
    // The search's occupancy: purple rings (pursuit_picture.cpp occupancy_ring) whose area is the probability.
    o.tileRadius = s.type === "circle" && s.stroke === OCCUPANCY && !s.fill ? s.r / k : null;
    (s.frame_visible ? moving : still).push(o);
  });
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
  const seen = (n) => n.state + (n.sees_player ? " (sees the player)" : "");
  $("npc-state").textContent = f.npcs ? f.npcs.map((n, k) => "NPC " + (k + 1) + " " + seen(n)).join(", ")
    : "NPC " + seen(f);
}

function showNumbers(r) {
  const team = r.settings.npcs;
  const rows = team ? [["team", team.length + " NPCs, " + r.settings.team]] : [];
  rows.push(["outcome", r.outcome],
    ["time to re-acquire", r.time_to_reacquire === null ? "-" : fmt(r.time_to_reacquire) + " s"],
    [team ? "nearest NPC's distance (end)" : "NPC distance (end)", fmt(r.npc_distance) + " level units"],
    ["destination changes", r.destination_changes],
    ["max heading rate", fmt(r.max_heading_rate) + " deg/s"],
    ["simulated", fmt(r.frames[r.frames.length - 1].t) + " s (" + r.frames.length + " frames)"]);
  // Events as the CLI's table names them: NPC 1, NPC 2, ... (the JSON's npc is 0-based).
  for (const e of r.events) rows.push([fmt(e.t) + " s", (e.npc !== undefined ? "NPC " + (e.npc + 1) + " " : "") + e.kind]);
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
  let image;
  if (page.is3d) {
    // The navmesh columns from above, floors lighter when higher (render::level_top_view, as the CLI draws).
    image = new ImageData(w, tiles.height);
    new Uint32Array(image.data.buffer).set(page.lab.pixels());
  } else {
    image = levelImage(page.K, w, tiles.height, (i) => page.lab.passable(i % w, Math.floor(i / w)));
  }
  tiles.getContext("2d").putImageData(image, 0, 0);
}

// The numbers of a point typed as the CLI's flags take it: X,Y on a grid, X,Y,Z on a 3D level.
const pointSize = () => (page.is3d ? 3 : 2);

function parsePoints(text) {
  return text.split(";").map((p) => p.split(",").map(Number))
    .filter((p) => p.length === pointSize() && p.every(Number.isFinite));
}

// A level point (X,Y on a grid, X,Y,Z on a 3D level) in the view's tile coordinates: on a 3D level its
// (x, z) in columns from the column grid's corner.
function toView(p) {
  if (!page.is3d) return p;
  const [, , cellSize, ox, oz] = page.grid3d;
  return [(p[0] - ox) / cellSize, (p[2] - oz) / cellSize];
}

// A direction as drawn from above: (dx, dy) on a grid, (dx, dz) on a 3D level.
const planDir = (d) => (page.is3d ? [d[0], d[2]] : d);

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
  if (page.is3d) view.drawScaleBar(ctx, "m", page.grid3d[2]);
  else view.drawScaleBar(ctx, "tiles", 1);
}

// Scene shapes in tile coordinates (sceneInTiles), sizes in screen pixels except the occupancy's radius.
function drawTileShapes(ctx, shapes, frame) {
  const view = page.view;
  const d = view.dpr();
  for (const s of shapes) {
    if (s.frame_visible && !s.frame_visible[frame]) continue;
    if (s.type === "text") {
      const [x, y] = view.toCanvas(s.x, s.y);
      ctx.save();
      ctx.font = (s.bold ? "bold " : "") + s.font_size * d + "px " + page.scene.font_family;
      ctx.textAlign = { start: "left", middle: "center", end: "right" }[s.anchor];
      ctx.fillStyle = s.fill || "#141414";
      ctx.fillText(s.text, x, y + s.baseline * d);
      ctx.restore();
      continue;
    }
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
  const npcs = frames[0].npcs ? frames[0].npcs.length : 0;
  if (npcs) {
    for (let i = 0; i < npcs; ++i) drawStates(ctx, X, y + (h * i) / npcs, h / npcs, (f) => f.npcs[i].state, i);
  } else {
    drawStates(ctx, X, y, h, (f) => f.state, -1);
  }
  ctx.fillStyle = "#141414";
  for (const e of page.result.events) ctx.fillRect(X(e.t) - d / 2, y - 3 * d, d, h + 6 * d);
  const now = simFrame(page.frame).t;
  ctx.fillRect(X(now) - 1.5 * d, y - 4 * d, 3 * d, h + 8 * d);
  ctx.font = `${11 * d}px "DejaVu Sans", Verdana, sans-serif`;
  ctx.fillText("t = " + fmt(now) + " s of " + fmt(end) + " s", x1 + 8 * d, y + h - d);
}

// One NPC's states over the run as a row of the timeline: by state colour (npc < 0: the lone NPC), or in
// its team colour, solid while it engages or chases, pale while it searches, grey once it gave up.
function drawStates(ctx, X, y, h, stateOf, npc) {
  const frames = page.result.frames;
  let begin = 0;
  for (let k = 1; k <= frames.length; ++k) {
    if (k < frames.length && stateOf(frames[k]) === stateOf(frames[begin])) continue;
    const state = stateOf(frames[begin]);
    const solo = STATE_COLOURS[state] || "#141414";
    ctx.fillStyle = npc < 0 || state === "gave_up" ? solo : teamColour(npc);
    ctx.globalAlpha = npc >= 0 && state === "search" ? 0.35 : 1;
    ctx.fillRect(X(frames[begin].t), y, Math.max(1, X(frames[Math.min(k, frames.length - 1)].t) - X(frames[begin].t)), h);
    ctx.globalAlpha = 1;
    begin = k;
  }
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
  const px = (p) => view.toCanvas(...toView(p));
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
  const starts = npcTexts().map(parsePoint);
  const facings = npcFacings().map((f) => f && parsePoint(f));
  const team = starts.length > 1;
  starts.forEach((npc, i) => npc && drawNpcStart(ctx, px(npc), facings[i] ? planDir(facings[i]) :
    route[0] ? planDir(route[0].map((v, k) => v - npc[k])) : null, team ? i : -1));
}

// An NPC's start before a run: a disc and an arrow along its facing, vermillion for a lone NPC, else in its
// team colour and numbered as the picture numbers it, the NPC the NPC tool places ringed.
function drawNpcStart(ctx, [nx, ny], toward, npc) {
  const d = page.view.dpr();
  const colour = teamColour(Math.max(npc, 0));
  ctx.fillStyle = colour;
  ctx.strokeStyle = colour;
  const len = toward ? Math.hypot(toward[0], toward[1]) : 0;
  if (len > 0) {
    ctx.lineWidth = 2.5 * d;
    ctx.beginPath();
    ctx.moveTo(nx, ny);
    ctx.lineTo(nx + (24 * d * toward[0]) / len, ny + (24 * d * toward[1]) / len);
    ctx.stroke();
  }
  ctx.beginPath();
  ctx.arc(nx, ny, (npc < 0 ? 6 : 8) * d, 0, 2 * Math.PI);
  ctx.fill();
  if (npc < 0) return;
  ctx.lineWidth = (npc === page.chosen ? 2.5 : 1) * d;
  ctx.strokeStyle = "#141414";
  ctx.stroke();
  ctx.fillStyle = "#ffffff";
  ctx.font = `bold ${10 * d}px "DejaVu Sans", Verdana, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(String(npc + 1), nx, ny + 0.5 * d);
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
}

// ---- the NPCs ----------------------------------------------------------------------------------------
// The #npc and #npc-dir fields hold the scenario as the CLI's flags: the starts joined by ';' (--npc
// repeated, NPC 1 first) and none or one facing per NPC likewise (--npc-dir). The mouse and the list edit
// them; the run passes them as they are, so a typed error gets the CLI's message.

const splitList = (text) => (text.trim() ? text.trim().split(";") : []);
const npcTexts = () => splitList($("npc").value);

function parsePoint(text) {
  const p = text.split(",").map(Number);
  return p.length === pointSize() && p.every(Number.isFinite) && text.trim() !== "" ? p : null;
}

// One facing text per NPC, null where it faces the player (all null when #npc-dir is empty).
function npcFacings() {
  const facings = splitList($("npc-dir").value);
  return npcTexts().map((_, i) => (facings[i] !== undefined && facings[i].trim() ? facings[i] : null));
}

// Writes the NPCs back: with any facing given, every NPC needs one (`--npc-dir` none or one per NPC), so
// those facing the player get the direction to the route's first point, which is what the library takes
// without a facing.
function writeNpcs(starts, facings) {
  const [first] = parsePoints($("route").value);
  const toward = (i) => {
    const p = parsePoint(starts[i]);
    return p && first ? first.map((v, k) => v - p[k]).map(fmt).join(",") : page.is3d ? "1,0,0" : "1,0";
  };
  $("npc").value = starts.join(";");
  $("npc-dir").value = facings.some((f) => f) ? facings.map((f, i) => f || toward(i)).join(";") : "";
  page.chosen = Math.min(page.chosen, Math.max(0, starts.length - 1));
  showNpcs();
}

function removeNpc(i) {
  const starts = npcTexts();
  const facings = npcFacings();
  starts.splice(i, 1);
  facings.splice(i, 1);
  if (page.chosen >= i && page.chosen > 0) page.chosen -= 1;
  writeNpcs(starts, facings);
  if (starts.length) run();
  else drawMap();
}

// The list of NPCs (number in its colour, start, facing, remove), the team select with 2+ NPCs and its
// explanation, and the legend's team entries.
function showNpcs() {
  const starts = npcTexts();
  const facings = npcFacings();
  const team = starts.length > 1;
  document.body.classList.toggle("team", team);
  const items = starts.map((start, i) => {
    const li = document.createElement("li");
    li.className = team && i === page.chosen ? "chosen" : "";
    const num = document.createElement("span");
    num.className = "num";
    num.style.background = teamColour(i);
    num.textContent = String(i + 1);
    const text = document.createElement("span");
    text.textContent = "NPC " + (i + 1) + " at " + start + (facings[i] ? ", facing " + facings[i] : "");
    const place = document.createElement("button");
    place.textContent = "place";
    place.title = "the NPC tool places this NPC";
    place.addEventListener("click", () => {
      page.chosen = i;
      $("tool").value = "npc";
      showNpcs();
      drawMap();
    });
    const remove = document.createElement("button");
    remove.textContent = "remove";
    remove.addEventListener("click", () => removeNpc(i));
    li.append(num, text);
    if (team) li.append(place, remove);
    return li;
  });
  $("npc-list").replaceChildren(...items);
  $("team-explain").textContent = TEAM_MODES[$("team").value] || "";
  const legend = starts.map((_, i) => {
    const span = document.createElement("span");
    const line = document.createElement("i");
    line.className = "line";
    line.style.borderColor = teamColour(i);
    span.append(line, "NPC " + (i + 1) + " ");
    return span;
  });
  $("team-legend").replaceChildren(...legend);
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

// The point a press at view point (x, y) places: the tile's centre on a grid; on a 3D level the column's
// centre on its highest floor (PursuitLab.floorHeight), null where the column has none.
function centre([x, y]) {
  if (!page.is3d) return [Math.floor(x) + 0.5, Math.floor(y) + 0.5];
  const [col, row] = [Math.floor(x), Math.floor(y)];
  const floor = page.lab.floorHeight(col, row);
  if (!Number.isFinite(floor)) return null;
  const [, , cellSize, ox, oz] = page.grid3d;
  return [ox + (col + 0.5) * cellSize, floor, oz + (row + 0.5) * cellSize].map((v) => Number(fmt(v)));
}

function bindMap() {
  const canvas = $("map");
  canvas.addEventListener("pointerdown", (event) => {
    if (timelineClick(event)) return;
    const p = centre(eventPoint(event));
    if (!p) return showError("no floor there: the navmesh has no walkable surface in that column");
    if ($("tool").value === "route") {
      const route = $("route").value.trim();
      $("route").value = (route ? route + ";" : "") + p.join(",");
      run();
      return;
    }
    // The NPC tool places the chosen NPC (the first one placed when there is none), "add an NPC" one more;
    // either faces the player until dragged.
    const starts = npcTexts();
    const facings = npcFacings();
    if ($("tool").value === "add-npc" || starts.length === 0) page.chosen = starts.length;
    starts[page.chosen] = p.join(",");
    facings[page.chosen] = null;
    writeNpcs(starts, facings);
    page.drag = p;
    canvas.setPointerCapture(event.pointerId);
    drawMap();
  });
  canvas.addEventListener("pointermove", (event) => {
    if (!page.drag) return;
    const [x, y] = eventPoint(event);
    const [sx, sy] = toView(page.drag);
    const d = [x - sx, y - sy];
    if (Math.hypot(d[0], d[1]) > 0.5) {
      const facings = npcFacings();
      // On a 3D level the facing is level (y 0), in metres: columns times the cell size.
      const facing = page.is3d ? [d[0] * page.grid3d[2], 0, d[1] * page.grid3d[2]] : d;
      facings[page.chosen] = facing.map(fmt).join(",");
      writeNpcs(npcTexts(), facings);
    }
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
  $("team").addEventListener("change", () => {
    page.queryTeam = undefined;
    run();
  });
  $("add-npc").addEventListener("click", () => ($("tool").value = "add-npc")); // then press on the map
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
  // --npc and --npc-dir are repeatable (a team): their values joined by ';', as the fields hold them.
  for (const [param, id] of [["route", "route"], ["npc", "npc"], ["npc_dir", "npc-dir"]]) {
    if (params.has(param)) $(id).value = params.getAll(param).join(";");
  }
  if (params.has("team")) {
    const mode = params.get("team");
    $("team").value = mode in TEAM_MODES ? mode : "split";
    page.queryTeam = mode in TEAM_MODES ? undefined : mode;
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
    if (page.scene) {
      const f = simFrame(page.frame);
      return toView(f.npcs ? f.npcs[page.chosen].position : f.npc); // a team: the chosen NPC
    }
    const start = parsePoint(npcTexts()[page.chosen] || "");
    return start && toView(start);
  });
  // The built-in default level as PursuitLab starts with it, kept for the level list's first entry.
  const flood = new page.K.FloodLab();
  page.defaultText = flood.levelText();
  flood.delete();
  page.parseLevel = (content, name) => {
    const error = page.lab.loadLevel(content, name);
    if (!error && page.lab.is3d()) page.level3d = { content, name }; // rebuilt when a navmesh setting changes
    return error;
  };
  page.levelLoaded = levelLoaded;
  window.kinemaPursuit = page; // for the browser test and the console (docs/web.md)
  buildSettings();
  buildNavSettings();
  bindControls();
  bindMap();
  bindDrop(page, $("map"));
  await fillLevelList(true);
  const query = new URLSearchParams(location.search);
  let ok = true;
  for (const name of NAV_QUERY) {
    if (query.has(name) && !setNavSetting(name, query.get(name), false)) return;
  }
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
    showNpcs();
    drawMap();
    document.body.dataset.state = "ready";
    $("error").textContent = "";
  }
}

main().catch((e) => showError(String(e)));
