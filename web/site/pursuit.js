// The pursuit page (docs/web.md): pick a level, click the player's route, place the NPC and its facing,
// choose the strategy and settings, and play the pursuit kinema's core runs in WebAssembly (PursuitLab).
// #result-json holds PursuitLab.resultJson, the library's pursuit_json: exactly what `kinema pursue --json`
// prints for the same arguments. The picture is the PNG's scene (render::pursuit_json_scene): its still
// shapes are drawn once to an offscreen canvas, and each animation frame adds only the moving discs.
"use strict";

// The settings the page shows (registry names; docs/pursuit.md), in the CLI's order.
const SHOWN = ["strategy", "player_speed", "view_range", "view_angle", "search_time", "max_time", "hz",
  "model_scale", "contact_range", "hot", "max_heated", "max_steps"];
// Query parameters that set a field (the CLI's flags with '_' for '-'); `set` (NAME=VALUE) is repeatable.
const QUERY_SETTINGS = ["hz", "max_time", "view_range", "view_angle", "search_time", "player_speed",
  "model_scale", "strategy", "hot", "max_heated", "max_steps"];
// The built-in level's example (docs/pursuit.md): the chapter's Figure 1 on corner.txt.
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
};

const fmt = (v) => String(Math.round(v * 1000) / 1000);

// ---- level -------------------------------------------------------------------------------------------

function levelLoaded(name) {
  pause();
  clearResult();
  if (document.body.dataset.state !== "loading") document.body.dataset.state = "ready";
  page.mapName = name;
  page.title = name.split("/").pop();
  const longest = Math.max(page.lab.width(), page.lab.height());
  page.scale = Math.max(1, Math.floor(mapScale(longest, longest, Infinity)));
  const canvas = $("map");
  canvas.width = page.lab.width() * page.scale;
  canvas.height = page.lab.height() * page.scale;
  drawTiles();
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
    $("npc-dir").value.trim(), stimuli());
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
  page.tiles = document.createElement("canvas");
  page.tiles.width = w;
  page.tiles.height = page.lab.height();
  page.tiles.getContext("2d").putImageData(levelImage(page.K, w, page.tiles.height,
    (i) => page.lab.passable(i % w, Math.floor(i / w))), 0, 0);
}

function parsePoints(text) {
  return text.split(";").map((p) => p.split(",").map(Number)).filter((p) => p.length === 2 && p.every(Number.isFinite));
}

function drawMap() {
  const canvas = $("map");
  const ctx = canvas.getContext("2d");
  const s = page.scale;
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(page.tiles, 0, 0, canvas.width, canvas.height);
  const route = parsePoints($("route").value);
  ctx.strokeStyle = "#0072b2";
  ctx.fillStyle = "#0072b2";
  ctx.lineWidth = 2;
  ctx.setLineDash([6, 4]);
  ctx.beginPath();
  route.forEach(([x, y], i) => (i ? ctx.lineTo(x * s, y * s) : ctx.moveTo(x * s, y * s)));
  ctx.stroke();
  ctx.setLineDash([]);
  for (const [x, y] of route) {
    ctx.beginPath();
    ctx.arc(x * s, y * s, 3, 0, 2 * Math.PI);
    ctx.fill();
  }
  const [npc] = parsePoints($("npc").value);
  if (!npc) return;
  const [dir] = parsePoints($("npc-dir").value);
  const toward = dir || (route[0] ? [route[0][0] - npc[0], route[0][1] - npc[1]] : null);
  ctx.fillStyle = "#d55e00";
  ctx.strokeStyle = "#d55e00";
  ctx.beginPath();
  ctx.arc(npc[0] * s, npc[1] * s, 6, 0, 2 * Math.PI);
  ctx.fill();
  const len = toward ? Math.hypot(toward[0], toward[1]) : 0;
  if (len > 0) {
    ctx.lineWidth = 2.5;
    ctx.beginPath();
    ctx.moveTo(npc[0] * s, npc[1] * s);
    ctx.lineTo(npc[0] * s + (24 * toward[0]) / len, npc[1] * s + (24 * toward[1]) / len);
    ctx.stroke();
  }
}

// The level point (level units) under a mouse event; route waypoints and the NPC snap to tile centres.
function eventPoint(event) {
  const canvas = $("map");
  const rect = canvas.getBoundingClientRect();
  const x = ((event.clientX - rect.left - canvas.clientLeft) * canvas.width) / canvas.clientWidth / page.scale;
  const y = ((event.clientY - rect.top - canvas.clientTop) * canvas.height) / canvas.clientHeight / page.scale;
  return [x, y];
}

const centre = ([x, y]) => [Math.floor(x) + 0.5, Math.floor(y) + 0.5];

function bindMap() {
  const canvas = $("map");
  canvas.addEventListener("pointerdown", (event) => {
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
    const ok = url ? await loadUrl(url) : loadDefault();
    if (ok) {
      $("route").value = "";
      $("npc").value = "";
      $("npc-dir").value = "";
      drawMap();
    }
  });
  $("level-file").addEventListener("change", async () => {
    const file = $("level-file").files[0];
    if (file && (await loadText(await file.text(), file.name))) {
      $("route").value = "";
      $("npc").value = "";
      drawMap();
    }
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
