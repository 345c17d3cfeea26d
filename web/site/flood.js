// The flood page (docs/web.md): a level editor around kinema's chase flood. The page's FloodLab holds the
// level (edits, files, settings' messages); the flood itself runs in a worker (flood_worker.js) on a copy of
// it, so no call that grows with the map blocks the page: the worker posts only the tiles whose drawn value
// changed, which the page writes into a one-pixel-per-tile image, and, when settled, the result JSON. No
// editing handler does more than O(changed tiles) work (docs/web.md, "How the page stays responsive").
// #result-json holds the worker's FloodLab.resultJson, the library's chase_json: exactly what
// `kinema chase --json` prints for the same query. A 3D level (.obj, .nav) is built and flooded in the same
// worker by a NavFloodLab (nav_flood_lab.cpp; docs/web.md "3D levels on the flood page"), drawn as one pixel
// per navmesh column in the same view.
"use strict";

const PLAY_STEPS_PER_S = 8;
const BASE = -100; // a worker's change meaning "the level's own tile" (flood_worker.js)
// Settings the page shows (the registry's names; docs/chase.md), with slider ranges for convenience: the
// number fields accept the registry's whole range.
const SHOWN = { hot: [1, 100], max_heated: [1, 500], max_steps: [0, 200], connectivity: null, destination: null };
// Maps with more tiles than this skip the legend picture: its scene has a shape per drawn tile, too many to
// parse and draw within a frame; the map view shows the same tiles in the same palette.
const PICTURE_MAX_TILES = 40000;
// Maps with more tiles than this re-run the flood when a stroke ends rather than at every tile: the worker
// rebuilds the grid space's per-cell arrays for each edited level.
const LIVE_EDIT_MAX_TILES = 65536;

const page = {
  K: null,
  lab: null, // the page's level, settings checks and level text (the flood runs in the worker)
  worker: null,
  mapName: "",
  from: null, // [x, y] map units, or null: the level's marked seed
  dir: null, // [dx, dy], or null: the level's marked direction (or 0,0 with an explicit from)
  settings: new Map(), // name -> text, every setting the page set (the worker applies them in order)
  destinations: "1", // K of the split for a team (FloodLab.setDestinations); "1": one destination, no split
  borders: null, // Float64Array [x0, y0, x1, y1, ...]: the borders between the split's regions, world units
  hot: 20,
  target: Infinity, // the step the flood runs to
  playing: false,
  lastPlay: 0,
  jobWanted: false, // post a job at the next frame (coalesces the changes of one frame)
  jobId: 0,
  levelVersion: 0, // bumped by every edit of the level
  layout: 0, // bumped when the level's size (and so the tile image) changes
  steps: 0, // the current job's step, as the worker last said
  done: false,
  settled: false, // the worker finished the current job (the result JSON is shown)
  result: null, // the parsed head of the result JSON
  parses: new Map(), // pending level parses in the worker: id -> resolve
  parseId: 0,
  view: null, // the zoomable map view (view.js)
  tilesCanvas: document.createElement("canvas"), // the level and the flood, one pixel per tile
  image: null, // one pixel per tile
  words: null, // Uint32Array on image's pixels
  colours: null, // Uint32Array: value + 3 -> pixel word, for colourHot
  colourHot: 20,
  mapDirty: true,
  scale: 1,
  cellSize: 1,
  is3d: false, // the shown level is a 3D one, built in the worker
  level3d: null, // its file: {content, name} (rebuilt when a navmesh setting changes)
  grid3d: null, // a 3D level's column grid: [columns, rows, cell size, origin x, origin z]
  pixels3d: null, // its top view as the worker last posted it, one RGBA word per column
  floors3d: null, // Float64Array: each column's highest floor (world y), NaN where none
  navSettings: new Map(), // navmesh field -> text, as `kinema chase --agent-...` (NAV_FIELDS)
  navDefaults: new Map(), // navmesh field -> its default (NavSettings'), left out of share links
  navCheck: null, // a NavFloodLab without a level: checks a navmesh setting as it is typed
  flood3dMs: 0, // the last 3D flood's time in the worker (start, steps, JSON, picture), ms
  load3dMs: 0, // the last 3D level's build time in the worker (OBJ parse, navmesh, cells), ms
  taskLog: [], // [name, ms] of every handler and frame the page ran (for the browser test; docs/web.md)
};

// The navmesh settings the page offers for 3D levels: `kinema chase`'s --agent-* flags (NavSettings; the CLI
// takes no --cell-size for a 3D level: its columns follow from the agent).
const NAV_FIELDS = ["agent_height", "agent_radius", "agent_max_climb", "agent_max_slope"];

// A point or direction typed or given in the URL: X,Y on a grid, X,Y,Z (metres, y up) on a 3D level.
function parsePair(text, name) {
  const parts = text.split(",");
  const nums = parts.map((p) => (p.trim() === "" ? NaN : Number(p)));
  const n = page.is3d ? 3 : 2;
  if (parts.length !== n || nums.some((v) => !Number.isFinite(v))) {
    throw new Error(name + (n === 3 ? ": expected three numbers X,Y,Z" : ": expected two numbers X,Y") +
      ", got '" + text + "'");
  }
  return nums;
}

// Wraps an event handler so that its duration goes into page.taskLog.
function timed(name, fn) {
  return (...args) => {
    const t0 = performance.now();
    try {
      return fn(...args);
    } finally {
      page.taskLog.push([name, performance.now() - t0, t0]);
    }
  };
}

// ---- level -------------------------------------------------------------------------------------------

function levelLoaded(name) {
  page.mapName = name;
  page.from = null;
  page.dir = null;
  // The old level's seed is not this one's: a level that marks none (a Moving AI map, an image) then shows
  // empty fields beside the message asking for from=X,Y, not the previous level's numbers.
  $("from").value = "";
  $("dir").value = "";
  const size = page.is3d ? page.grid3d : [page.lab.width(), page.lab.height()];
  document.body.classList.toggle("level3d", page.is3d);
  if (page.is3d) $("tool").value = "seed"; // the wall tools are hidden on a 3D level
  $("level-width").value = size[0];
  $("level-height").value = size[1];
  layoutMap();
  requestRun();
}

// Parses a level file in the worker (a 1024 x 1024 file takes a few hundred ms to parse) and, when it is
// well-formed, copies its tiles into the page's FloodLab; resolves to the loader's message or "".
function parseLevel(text, name) {
  if (is3dLevel(name)) return parseLevel3d(text, name);
  const id = ++page.parseId;
  $("step-state").textContent = " (loading " + name + ")";
  return new Promise((resolve) => {
    page.parses.set(id, (m) => {
      $("step-state").textContent = "";
      if (m.error) return resolve(m.error);
      const error = page.lab.setLevel(m.width, m.height, m.floor, m.seed, m.name);
      if (!error) page.is3d = false;
      resolve(error);
    });
    page.worker.postMessage({ parse: text, name, id });
  });
}

// Builds a 3D level's navmesh in the worker (NavFloodLab.loadLevel with the page's navmesh settings, as
// `kinema chase --map LEVEL.obj --agent-...`); resolves to the CLI's message or "". On error the shown level
// stays. A file larger than the CLI reads (K.maxLevelBytes3d) is refused before it is sent.
function parseLevel3d(content, name) {
  const limit = page.K.maxLevelBytes3d(name);
  const size = typeof content === "string" ? new Blob([content]).size : content.length;
  if (size > limit) return Promise.resolve(`${name}: larger than the limit of ${limit} bytes (${size} bytes)`);
  const id = ++page.parseId;
  $("step-state").textContent = " (building the navmesh of " + name + ")";
  return new Promise((resolve) => {
    page.parses.set(id, (m) => {
      $("step-state").textContent = "";
      if (m.error) return resolve(m.error);
      page.levelVersion += 1;
      Object.assign(page, { is3d: true, level3d: { content, name }, grid3d: m.grid, pixels3d: m.pixels,
        floors3d: m.floors, load3dMs: m.ms, level3dVersion: page.levelVersion });
      resolve("");
    });
    page.worker.postMessage({ parse3d: content, name, navSettings: [...page.navSettings], id,
      version: page.levelVersion + 1 });
  });
}

const loadText = (text, name) => loadLevelText(page, text, name);
const loadUrl = (url) => loadLevelUrl(page, url);
const loadFile = (file) => loadLevelFile(page, file);

// ---- settings ----------------------------------------------------------------------------------------

function buildSettings() {
  const fields = JSON.parse(page.lab.floodFields()).concat(JSON.parse(page.lab.gridFields()));
  const box = $("settings");
  for (const f of fields) {
    if (!(f.name in SHOWN)) continue;
    const { label, input } = registryField(f);
    if (f.type !== "choice") {
      const slider = Object.assign(document.createElement("input"), { type: "range", id: "slider-" + f.name });
      [slider.min, slider.max] = SHOWN[f.name];
      slider.value = f.value;
      slider.addEventListener("input", timed("slider", () => {
        input.value = slider.value;
        setSetting(f.name, slider.value);
      }));
      input.addEventListener("input", () => (slider.value = input.value));
      input.before(slider);
    }
    if (f.name === "hot") page.hot = Number(f.value);
    // A grid's neighbourhood: a 3D level's cells are joined by its navmesh (hidden there, as kinema chase
    // refuses --connectivity on a 3D level).
    if (f.name === "connectivity") label.classList.add("only2d");
    input.addEventListener("change", timed("setting", () => setSetting(f.name, input.value)));
    box.appendChild(label);
  }
}

// The navmesh fields (NAV_FIELDS) from the registry (NavFloodLab.navFields: names, units, ranges, docs).
function buildNavSettings() {
  const fields = new Map(JSON.parse(page.navCheck.navFields()).map((f) => [f.name, f]));
  for (const name of NAV_FIELDS) {
    const f = fields.get(name);
    const { label, input } = registryField(f);
    page.navSettings.set(f.name, String(f.value)); // every field, so that a rebuild sends the whole agent
    page.navDefaults.set(f.name, String(f.value));
    input.addEventListener("change", timed("nav-setting", () => setNavSetting(f.name, input.value, true)));
    $("nav-settings").appendChild(label);
  }
}

// A navmesh setting, checked as `kinema chase --agent-...` checks it (the message names the flag); with
// `rebuild`, the shown 3D level is built again with it and flooded. False after showing a refusal.
async function setNavSetting(name, text, rebuild) {
  const error = page.navCheck.setNavSetting(name, String(text));
  if (error) {
    showError(error);
    return false;
  }
  const before = page.navSettings.get(name);
  page.navSettings.set(name, String(text));
  $("setting-" + name).value = text;
  if (rebuild && page.is3d) {
    const { content, name: file } = page.level3d;
    const message = await parseLevel3d(content, file);
    if (message) {
      // The level shown stays the one built before, so the setting does too (the share link holds it).
      page.navCheck.setNavSetting(name, before);
      page.navSettings.set(name, before);
      return showError(message), false;
    }
    showError("");
    layoutMap();
    requestRun();
  }
  return true;
}

function setSetting(name, text) {
  const error = page.lab.setSetting(name, String(text));
  if (error) {
    showError(error);
    return false;
  }
  const input = $("setting-" + name);
  if (input) input.value = text;
  page.settings.delete(name); // re-inserted last: the worker applies them in the page's order
  page.settings.set(name, String(text));
  if (name === "hot") page.hot = Number(text);
  requestRun();
  return true;
}

// The split for a team (docs/chase.md "Split destinations for a team"): K destinations from one flood.
function setDestinations(text) {
  const error = page.lab.setDestinations(String(text).trim());
  if (error) {
    showError(error);
    return false;
  }
  page.destinations = String(Number(text));
  $("destinations").value = page.destinations;
  requestRun();
  return true;
}

// ---- running (in the worker) -------------------------------------------------------------------------

// Asks the worker to run the flood to `target` (the newest request of a frame is posted at the frame).
function requestRun(target = Infinity) {
  page.target = target;
  page.jobWanted = true;
  page.settled = false;
  document.body.dataset.state = "running";
}

function postJob() {
  page.jobWanted = false;
  if (page.is3d) return run3d();
  const w = page.lab.width();
  const h = page.lab.height();
  const [x, y] = page.from || [0, 0];
  const [dx, dy] = page.dir || [0, 0];
  const floor = page.lab.floor().slice(); // a copy of the level's bytes, handed over (transferred)
  page.cellSize = page.lab.cellSize();
  showError("");
  document.body.dataset.state = "running";
  page.worker.postMessage({
    id: ++page.jobId,
    layout: page.layout,
    level: { version: page.levelVersion, width: w, height: h, floor, seed: page.lab.seed(), name: page.lab.name() },
    settings: [...page.settings],
    destinations: page.destinations,
    start: [x, y, dx, dy, page.from === null, page.dir !== null],
    target: page.target,
    hot: page.hot,
    map: page.mapName,
    picture: w * h <= PICTURE_MAX_TILES,
    title: page.mapName.split("/").pop(),
  }, [floor.buffer]);
}

function onWorkerMessage(m) {
  if (m.parse !== undefined) {
    const resolve = page.parses.get(m.id);
    page.parses.delete(m.id);
    return resolve && resolve(m);
  }
  if (m.layout === page.layout && m.changes) timed("draw", drawChanges)(m.changes, m.hot);
  if (m.pixels && page.is3d && m.level3d === page.level3dVersion) {
    page.pixels3d = m.pixels;
    draw3dColumns();
  }
  // A replaced job's progress is drawn (the worker's diff assumes it) but not shown; a message that only
  // carries changes has no steps.
  if (m.id !== page.jobId) return;
  if (m.error) {
    page.settled = true;
    return showError(m.error);
  }
  if (m.steps === undefined) return;
  page.steps = m.steps;
  page.done = m.done;
  if (m.ms !== undefined) page.flood3dMs = m.ms;
  if (m.json !== undefined) {
    page.borders = m.borders || null;
    if (m.scene) drawScene($("picture"), JSON.parse(m.scene));
    else $("picture").width = $("picture").height = 1;
    $("picture-note").hidden = !!m.scene;
    page.feed = { bytes: m.json, at: 0, decoder: new TextDecoder(), id: m.id };
    $("result-json").replaceChildren();
    feedJson();
  }
}

// Asks the worker to flood the 3D level to page.target, as a grid's job (its result arrives as the grid's
// do: the columns after every slice, then the JSON and the picture).
function run3d() {
  page.jobId += 1;
  showError("");
  if (!page.from) {
    page.settled = true;
    return showError("from: required for a 3D level (" + page.mapName + "): X,Y,Z");
  }
  document.body.dataset.state = "running";
  page.worker.postMessage({
    id: page.jobId,
    level3d: page.level3dVersion,
    settings: [...page.settings],
    destinations: page.destinations,
    start: [...page.from, ...(page.dir || [0, 0, 0])],
    target: page.target,
    map: page.mapName,
  });
}

// Puts the next JSON_CHUNK bytes of the result JSON into #result-json (one text node each: a 5 MB JSON in
// one node blocks the page for tens of ms); when all are in, the run is settled (data-state done/paused).
const JSON_CHUNK = 1 << 18;
function feedJson() {
  const feed = page.feed;
  if (feed.id !== page.jobId) return (page.feed = null); // replaced by a newer job
  const end = Math.min(feed.bytes.length, feed.at + JSON_CHUNK);
  const text = feed.decoder.decode(feed.bytes.subarray(feed.at, end), { stream: end < feed.bytes.length });
  $("result-json").append(text);
  if (feed.at === 0) showResult(text);
  feed.at = end;
  if (end < feed.bytes.length) return;
  page.feed = null;
  page.settled = true;
  if (!$("error").textContent) document.body.dataset.state = page.done ? "done" : "paused";
}

// The head of the result JSON (the first chunk holds it): "touched" lists every touched cell and is last.
function showResult(json) {
  page.result = JSON.parse(json.slice(0, json.indexOf(',"touched":')) + "}");
  showNumbers(page.result);
  // The effective seed, unless the user is typing in the field.
  for (const id of ["from", "dir"]) {
    if (document.activeElement !== $(id)) $(id).value = page.result[id].join(",");
  }
  page.mapDirty = true;
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
  const row = (k, v) => {
    const tr = table.insertRow();
    tr.append(Object.assign(document.createElement("td"), { textContent: k }),
      Object.assign(document.createElement("td"), { textContent: v }));
    return tr;
  };
  for (const [k, v] of rows) row(k, v);
  // The split's lines as `kinema chase --destinations K` prints them (report/chase_text.cpp), largest first.
  if (r.destination_regions) {
    const n = r.destination_regions.length;
    row("split", n + " destination" + (n === 1 ? "" : "s") + " (heat split along the level, largest first)");
    r.destination_regions.forEach((g, i) => {
      const [x, y] = r.destinations[i];
      row(String(i + 1), `tile (${g.destination_cell.join(", ")}) at (${x}, ${y}): ${g.cells} cells, heat ${g.heat}`)
        .dataset.destination = i + 1;
    });
  }
  $("numbers").replaceChildren(table);
}

function frame(now) {
  const t0 = performance.now();
  if (page.playing && page.settled && !page.done && now - page.lastPlay > 1000 / PLAY_STEPS_PER_S) {
    requestRun(page.steps + 1);
    page.lastPlay = now;
  }
  if (page.jobWanted) postJob();
  if (page.feed) timed("json", feedJson)();
  if (page.done && page.settled) page.playing = false;
  setText("step", page.result || page.steps ? page.steps : "-");
  if (!page.parses.size) setText("step-state", page.done && page.settled ? " (finished)" : page.playing ? " (playing)" : "");
  if (page.mapDirty) timed("map", drawMap)();
  page.taskLog.push(["frame", performance.now() - t0, t0]);
  requestAnimationFrame(frame);
}

// Sets an element's text only when it changes (a change makes the browser lay the page out again).
function setText(id, text) {
  if ($(id).textContent !== String(text)) $(id).textContent = text;
}

// ---- drawing -----------------------------------------------------------------------------------------

// A new level size: the tile image is drawn once from the level's bytes; afterwards only changed tiles.
function layoutMap() {
  if (page.is3d) return layout3d();
  const w = page.lab.width();
  const h = page.lab.height();
  page.layout += 1;
  page.levelVersion += 1;
  const tiles = page.tilesCanvas;
  tiles.width = w;
  tiles.height = h;
  const floor = page.lab.floor();
  page.image = levelImage(page.K, w, h, (i) => floor[i] !== 0);
  page.words = new Uint32Array(page.image.data.buffer);
  tiles.getContext("2d").putImageData(page.image, 0, 0);
  page.result = null;
  page.view.setLevel(w, h);
  page.mapDirty = true;
}

// A 3D level's top view, one pixel per navmesh column (x right, z down), as the tile image: the view zooms
// and pans it as it does a grid's tiles. The marks are placed by world (x, z) (toPx).
function layout3d() {
  const [columns, rows, cellSize] = page.grid3d;
  page.layout += 1;
  page.cellSize = cellSize;
  page.tilesCanvas.width = columns;
  page.tilesCanvas.height = rows;
  page.image = new ImageData(columns, rows);
  page.words = new Uint32Array(page.image.data.buffer);
  draw3dColumns();
  page.result = null;
  page.view.setLevel(columns, rows);
  page.mapDirty = true;
}

// The columns' colours the worker posted (NavFloodLab.pixels: render::level_top_view in
// render::level_cell_colour, floors lighter when higher, the flood's heat as on grids), into the tile image.
function draw3dColumns() {
  page.words.set(page.pixels3d);
  page.tilesCanvas.getContext("2d").putImageData(page.image, 0, 0);
  page.mapDirty = true;
}

// The pixel word of tile value v (-3 wall, -2 untouched, -1 barrier, heat 0..hot) in render::tile_colour's
// palette, from a table per H.
function colourWord(v, hot) {
  if (hot !== page.colourHot || page.colours === null) {
    page.colours = new Uint32Array(hot + 4);
    for (let k = -3; k <= hot; ++k) page.colours[k + 3] = rgba(page.K.tileColour(k, hot));
    page.colourHot = hot;
  }
  return page.colours[v + 3];
}

// Writes the worker's changed tiles ((tile, value) pairs) into the image and puts only their bounding box.
// A tile that is a wall in the page's level is drawn as a wall whatever a replaced job said.
function drawChanges(changes, hot) {
  if (changes.length === 0) return;
  const w = page.lab.width();
  const floor = page.lab.floor();
  const words = page.words;
  const wall = colourWord(-3, hot);
  let x0 = w;
  let y0 = Infinity;
  let x1 = -1;
  let y1 = -1;
  for (let i = 0; i < changes.length; i += 2) {
    const t = changes[i];
    const v = changes[i + 1];
    words[t] = floor[t] === 0 ? wall : colourWord(v === BASE ? -2 : v, hot);
    const x = t % w;
    const y = (t - x) / w;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  page.tilesCanvas.getContext("2d").putImageData(page.image, 0, 0, x0, y0, x1 - x0 + 1, y1 - y0 + 1);
  page.mapDirty = true;
}

// A world point to canvas pixels: (x, y) on a grid; (x, y, z) on a 3D level, seen from above (x, z).
function toPx(p) {
  if (page.is3d) {
    const [, , cellSize, ox, oz] = page.grid3d;
    return page.view.toCanvas((p[0] - ox) / cellSize, (p[2] - oz) / cellSize);
  }
  return page.view.toCanvas(p[0] / page.cellSize, p[1] / page.cellSize);
}

// A direction as drawn from above: (dx, dy) on a grid, (dx, dz) on a 3D level.
const planDir = (d) => (page.is3d ? [d[0], d[2]] : d);

function drawMap() {
  page.mapDirty = false;
  page.view.timed(drawView);
}

// The visible tiles, then the marks (sizes in device pixels: they stay readable at any zoom).
function drawView() {
  const view = page.view;
  const ctx = view.drawTiles(page.tilesCanvas);
  const d = view.dpr();
  const marker = Math.max(5 * d, Math.min(12 * d, view.pxPerTile() * 0.6));
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
    if (r.destinations) drawSplit(ctx, r.destinations, marker, d);
  }
  const seed = page.dragSeed || (r ? [r.seed_position, r.dir] : null);
  if (seed) drawSeed(ctx, toPx(seed[0]), planDir(seed[1]), marker);
  view.drawScaleBar(ctx, page.is3d ? "m" : page.cellSize === 1 ? "tiles" : "level units", page.cellSize);
}

// A split's region borders (black on a white halo) and its destinations as green discs numbered 1..K, most
// heat first: the marks of `kinema chase --png --destinations K` (render/flood_picture.cpp add_split_marks).
function drawSplit(ctx, destinations, marker, dpr) {
  const b = page.borders;
  if (b) {
    for (const [colour, width] of [["#ffffff", 4 * dpr], ["#141414", 2.5 * dpr]]) {
      ctx.beginPath();
      for (let i = 0; i < b.length; i += 4) {
        ctx.moveTo(...toPx([b[i], b[i + 1]]));
        ctx.lineTo(...toPx([b[i + 2], b[i + 3]]));
      }
      ctx.strokeStyle = colour;
      ctx.lineWidth = width;
      ctx.stroke();
    }
  }
  const radius = marker * 1.1;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.font = `bold ${Math.round(radius * 1.25)}px "DejaVu Sans", Verdana, Arial, sans-serif`;
  destinations.forEach((p, i) => {
    const [x, y] = toPx(p);
    ctx.beginPath();
    ctx.arc(x, y, radius, 0, 2 * Math.PI);
    ctx.fillStyle = "#1b9e3e";
    ctx.fill();
    ctx.strokeStyle = "#ffffff";
    ctx.lineWidth = 2 * dpr;
    ctx.stroke();
    ctx.fillStyle = "#ffffff";
    ctx.fillText(String(i + 1), x, y + radius * 0.08);
  });
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

const mapTile = (event) => page.view.eventTile(event);

// One tile of a wall stroke: the page's level and the tile's pixel at once; the worker's flood follows.
function paint(event) {
  if (page.is3d) return showError("draw walls: a 3D level is edited in its modelling tool, not here");
  const [x, y] = mapTile(event);
  const col = Math.floor(x);
  const row = Math.floor(y);
  const open = $("tool").value === "erase";
  if (col < 0 || row < 0 || col >= page.lab.width() || row >= page.lab.height()) return;
  if (page.lab.passable(col, row) === open) return;
  page.lab.setPassable(col, row, open);
  page.levelVersion += 1;
  page.words[row * page.lab.width() + col] = colourWord(open ? -2 : -3, page.colourHot);
  page.tilesCanvas.getContext("2d").putImageData(page.image, 0, 0, col, row, 1, 1);
  page.mapDirty = true;
  if (page.lab.width() * page.lab.height() <= LIVE_EDIT_MAX_TILES) requestRun();
  else page.editPending = true;
}

// The seed the seed tool puts at tile or column (col, row): the tile's centre; on a 3D level the column's
// centre on its highest floor (the worker's NavFloodLab.floorHeights), null outside the navmesh.
function seedAt(col, row) {
  if (!page.is3d) return [(col + 0.5) * page.cellSize, (row + 0.5) * page.cellSize];
  const [columns, rows, cellSize, ox, oz] = page.grid3d;
  const y = col >= 0 && row >= 0 && col < columns && row < rows ? page.floors3d[row * columns + col] : NaN;
  if (!Number.isFinite(y)) return null;
  return [ox + (col + 0.5) * cellSize, y, oz + (row + 0.5) * cellSize];
}

function bindMap() {
  const canvas = $("map");
  let mode = null;
  canvas.addEventListener("pointerdown", timed("pointerdown", (e) => {
    canvas.setPointerCapture(e.pointerId);
    mode = $("tool").value;
    if (mode === "seed") {
      const [x, y] = mapTile(e);
      const centre = seedAt(Math.floor(x), Math.floor(y));
      if (!centre) return (mode = null);
      page.dragSeed = [centre, page.result ? page.result.dir : page.is3d ? [0, 0, 0] : [0, 0]];
      page.mapDirty = true;
    } else paint(e);
  }));
  canvas.addEventListener("pointermove", timed("pointermove", (e) => {
    if (mode === "seed") {
      const [x, y] = mapTile(e);
      const c = page.dragSeed[0];
      const d = page.is3d
        ? [page.grid3d[3] + x * page.cellSize - c[0], page.grid3d[4] + y * page.cellSize - c[2]]
        : [x * page.cellSize - c[0], y * page.cellSize - c[1]];
      if (Math.hypot(d[0], d[1]) > 0.5 * page.cellSize) {
        const dir = d.map((v) => +v.toFixed(2));
        page.dragSeed[1] = page.is3d ? [dir[0], 0, dir[1]] : dir;
      }
      page.mapDirty = true;
    } else if (mode) paint(e);
  }));
  canvas.addEventListener("pointerup", timed("pointerup", () => {
    if (page.editPending) {
      page.editPending = false;
      requestRun();
    }
    if (mode === "seed" && page.dragSeed) {
      [page.from, page.dir] = page.dragSeed;
      page.dragSeed = null;
      requestRun();
    }
    mode = null;
  }));
  bindDrop(page, canvas);
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
    if (page.is3d) return showError("size: a 3D level's extent is its mesh's");
    const error = page.lab.resize(Number($("level-width").value), Number($("level-height").value));
    if (error) return showError(error);
    layoutMap();
    requestRun();
  });
  for (const [id, key] of [["from", "from"], ["dir", "dir"]]) {
    $(id).addEventListener("change", () => {
      try {
        page[key] = parsePair($(id).value, id);
        if (key === "from" && page.dir === null) page.dir = page.is3d ? [0, 0, 0] : [0, 0];
        requestRun();
      } catch (e) {
        showError(e.message);
      }
    });
  }
  $("run").addEventListener("click", timed("run", () => {
    page.playing = false;
    requestRun();
  }));
  $("play").addEventListener("click", timed("play", () => {
    if (page.done) requestRun(0);
    page.playing = true;
  }));
  $("pause").addEventListener("click", () => (page.playing = false));
  $("forward").addEventListener("click", timed("forward", () => {
    page.playing = false;
    if (!page.done) requestRun(page.steps + 1);
  }));
  // The flood keeps no history: the worker re-runs it from the seed to the step before (the core runs a
  // step in microseconds to milliseconds).
  $("back").addEventListener("click", timed("back", () => {
    page.playing = false;
    requestRun(Math.max(0, page.steps - 1));
  }));
  $("destinations").addEventListener("change", timed("destinations", () => setDestinations($("destinations").value)));
  $("share").addEventListener("click", share);
  // The result as `kinema chase --json > NAME.json` writes it (with its newline), once the run settled.
  $("save-json").addEventListener("click", () => {
    if (!page.settled || !$("result-json").textContent) return showError("save JSON: no result yet (run the flood first)");
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([$("result-json").textContent + "\n"], { type: "application/json" }));
    a.download = page.mapName.split("/").pop().replace(/\.[^.]*$/, "") + ".json";
    a.click();
  });
  $("download").addEventListener("click", () => {
    if (page.is3d) return showError("save level: a 3D level is saved from its modelling tool (it is read, not edited, here)");
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([page.lab.levelText()], { type: "text/plain" }));
    a.download = (page.lab.name() || "level") + ".txt";
    a.click();
  });
}

// ---- URL: query parameters (docs/web.md's contract) and the shared fragment ---------------------------

const QUERY_SETTINGS = ["hot", "max_heated", "max_steps", "connectivity", "destination"];

// The largest deflated 3D level a link holds (base64url characters): beyond it a link is too long to paste
// anywhere, and the level is better shared as its file (or by a URL beside the page: map=URL).
const SHARE_MAX_3D = 64 * 1024;

// A 3D level's link: a level the page loaded from a URL (our levels, the shared meshes) as the query
// contract (map=URL and the settings), one opened from disk deflated into the fragment (an .obj's text), as a
// grid level's; a .nav file (bytes) or a mesh too large for a link is refused with what to do instead.
async function share3d() {
  const params = new URLSearchParams();
  const fromUrl = !$("level-select").value.startsWith("file:");
  if (!fromUrl) {
    if (typeof page.level3d.content !== "string") {
      return showError("share link: " + page.level3d.name + " is a navmesh file (bytes): share the file, or its .obj");
    }
    const level = await deflateText(page.level3d.content);
    if (level.length > SHARE_MAX_3D) {
      return showError(`share link: ${page.level3d.name} is too large for a link (${level.length} characters deflated, ` +
        `at most ${SHARE_MAX_3D}): put it beside the page and share flood.html?map=NAME.obj`);
    }
    params.set("level", level);
    params.set("name", page.level3d.name);
  } else {
    params.set("map", page.mapName);
  }
  if (page.result) {
    params.set("from", page.result.from.join(","));
    params.set("dir", page.result.dir.join(","));
  }
  for (const s of QUERY_SETTINGS) if (s !== "connectivity") params.set(s, $("setting-" + s).value);
  for (const [name, text] of page.navSettings) if (text !== page.navDefaults.get(name)) params.set(name, text);
  if (page.destinations !== "1") params.set("destinations", page.destinations);
  const link = fromUrl ? location.pathname + "?" + params.toString() : location.pathname + "#" + params.toString();
  history.replaceState(null, "", link);
  try {
    await navigator.clipboard.writeText(location.href);
  } catch (e) {
    // Clipboard access needs a user gesture and permission; the address bar has the link anyway.
  }
}

async function share() {
  if (page.is3d) return share3d();
  const params = new URLSearchParams();
  params.set("level", await deflateText(page.lab.levelText()));
  // The link holds the level as kinema ASCII whatever it was read from (a Tiled map, an image, a Moving AI
  // map), so a name with another extension gets .txt instead: the loaders choose by the extension.
  params.set("name", page.mapName.replace(/\.[^./]*$/, (ext) => (ext.toLowerCase() === ".txt" ? ext : ".txt")));
  if (page.result) {
    params.set("from", page.result.from.join(","));
    params.set("dir", page.result.dir.join(","));
  }
  for (const s of QUERY_SETTINGS) params.set(s, $("setting-" + s).value);
  if (page.destinations !== "1") params.set("destinations", page.destinations);
  history.replaceState(null, "", location.pathname + "#" + params.toString());
  try {
    await navigator.clipboard.writeText(location.href);
  } catch (e) {
    // Clipboard access needs a user gesture and permission; the address bar has the link anyway.
  }
}

function loadDefault() {
  page.lab.loadLevel(page.defaultText, "corner");
  page.is3d = false;
  $("level-select").value = "";
  levelLoaded("built-in default level (" + page.lab.name() + ")");
}

// Applies from/dir/settings from URL parameters; returns false after showing an error.
function applyParams(params) {
  for (const s of QUERY_SETTINGS) {
    if (params.has(s) && !setSetting(s, params.get(s))) return false;
  }
  if (params.has("destinations") && !setDestinations(params.get("destinations"))) return false;
  try {
    if (params.has("from")) {
      page.from = parsePair(params.get("from"), "from");
      page.dir = page.is3d ? [0, 0, 0] : [0, 0];
    }
    if (params.has("dir")) page.dir = parsePair(params.get("dir"), "dir");
  } catch (e) {
    showError(e.message);
    return false;
  }
  requestRun();
  return true;
}

async function main() {
  page.K = await createKinema();
  page.lab = new page.K.FloodLab();
  page.view = new MapView($("map"), () => (page.mapDirty = true));
  bindViewButtons(page.view, () => {
    const seed = page.dragSeed ? page.dragSeed[0] : page.result && page.result.seed_position;
    if (!seed) return null;
    if (page.is3d) return [(seed[0] - page.grid3d[3]) / page.cellSize, (seed[2] - page.grid3d[4]) / page.cellSize];
    return [seed[0] / page.cellSize, seed[1] / page.cellSize];
  });
  page.navCheck = new page.K.NavFloodLab();
  page.worker = new Worker("flood_worker.js");
  page.worker.onmessage = timed("worker", (e) => onWorkerMessage(e.data));
  page.parseLevel = parseLevel;
  page.levelLoaded = levelLoaded;
  page.defaultText = page.lab.levelText(); // the built-in default level, as FloodLab starts with it
  window.kinemaFlood = page; // for the browser test and the console (docs/web.md)
  buildSettings();
  buildNavSettings();
  bindControls();
  bindMap();
  await fillLevelList(true);
  const query = new URLSearchParams(location.search);
  const fragment = new URLSearchParams(location.hash.slice(1));
  let ok = true;
  // The navmesh settings first: a 3D level is built with them, as the CLI's --agent-* flags build it.
  const params = query.has("map") || !fragment.has("level") ? query : fragment;
  for (const name of NAV_FIELDS) {
    if (params.has(name) && !(await setNavSetting(name, params.get(name), false))) ok = false;
  }
  if (!ok) {
    requestAnimationFrame(frame);
    return;
  }
  if (query.has("map")) {
    ok = await loadUrl(query.get("map"));
  } else if (fragment.has("level")) {
    ok = await loadText(await inflateText(fragment.get("level")), fragment.get("name") || "shared.txt");
  } else {
    levelLoaded("built-in default level (" + page.lab.name() + ")");
  }
  if (ok) applyParams(query.has("map") || !fragment.has("level") ? query : fragment);
  requestAnimationFrame(frame);
}

main().catch((e) => showError(String(e)));
