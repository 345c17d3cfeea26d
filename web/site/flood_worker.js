// The flood page's worker (docs/web.md, "How the page stays responsive"): runs the chase flood in its own
// WebAssembly instance (a FloodLab holding a copy of the page's level), so that the calls that grow with the
// map (building the grid space's per-cell arrays after an edit, several hundred ms on 1024 x 1024 tiles;
// writing a result JSON of megabytes) never block the page. It runs a job (the level, the settings, the
// seed and the step to run to) in slices of SLICE_MS and posts, after each slice, only the tiles whose
// drawn value changed; when the job is settled, the result JSON (chase_json, exactly `kinema chase --json`)
// and, on small maps, the picture's scene JSON. A newer job replaces the running one between slices.
// A 3D level (.obj, .nav) is built here too (NavFloodLab: its navmesh takes from milliseconds to seconds) and
// flooded in the same slices; after each slice the page gets the top view's columns (one pixel each), and when
// settled the JSON and the picture (docs/web.md "3D levels on the flood page").
"use strict";
importScripts("kinema.js");

const SLICE_MS = 12;
const BASE = -100; // "draw the level's own tile" (wall or floor): the tile left the touched set
// The most (tile, value) pairs in one message: the page draws each message in a few ms.
const MAX_PAIRS = 4096;

const state = {
  lab: null,
  parser: null, // parses level files
  job: null, // the newest job not yet taken
  busy: false,
  level: -1, // the level version the lab holds
  layout: -1, // the page's layout (level size) the diff below refers to
  settings: "", // the settings applied, as JSON
  runKey: "", // what the current run started from
  shown: null, // Int32Array: per tile, the value the page shows (BASE: the level's tile)
  listed: new Int32Array(0), // the tiles the last diff left touched
  stamp: null,
  generation: 0,
  hot: -1,
  nav: null, // the NavFloodLab of the 3D level the page shows (made at the first one)
  navLevel: -1, // the page's level version it holds
  navKey: "", // what its current 3D run started from
};

const ready = createKinema().then((K) => {
  state.K = K;
  state.lab = new K.FloodLab();
  state.parser = new K.FloodLab();
});

onmessage = (e) => {
  if (e.data.parse3d !== undefined) return ready.then(() => parse3d(e.data));
  if (e.data.parse !== undefined) return ready.then(() => parse(e.data));
  state.job = e.data;
  if (!state.busy) work();
};

// Builds a 3D level (NavFloodLab.loadLevel with the page's navmesh settings, as `kinema chase --map LEVEL.obj
// --agent-...`) and posts its column grid, its top view and each column's floor height (the page's seed tool
// reads them), or the CLI's message; on error the lab keeps the previous level.
function parse3d({ parse3d: content, name, navSettings, version, id }) {
  if (!state.nav) state.nav = new state.K.NavFloodLab();
  const nav = state.nav;
  for (const [field, text] of navSettings) {
    const error = nav.setNavSetting(field, text);
    if (error) return postMessage({ parse: true, id, error });
  }
  const t0 = performance.now();
  const error = nav.loadLevel(content, name);
  const ms = performance.now() - t0;
  if (error) return postMessage({ parse: true, id, error });
  state.navLevel = version;
  state.navKey = "";
  const pixels = nav.pixels().slice();
  const floors = nav.floorHeights().slice();
  postMessage({ parse: true, id, is3d: true, grid: nav.grid(), pixels, floors, ms }, [pixels.buffer, floors.buffer]);
}

// Parses a level file's text (FloodLab.loadLevel, a separate lab from the running one) and posts its tiles,
// or the loader's message.
function parse({ parse: text, name, id }) {
  const error = state.parser.loadLevel(text, name);
  if (error) return postMessage({ parse: true, id, error });
  const floor = state.parser.floor().slice();
  postMessage({ parse: true, id, width: state.parser.width(), height: state.parser.height(), floor,
    seed: state.parser.seed(), name: state.parser.name() }, [floor.buffer]);
}

async function work() {
  state.busy = true;
  await ready;
  while (state.job) {
    const job = state.job;
    state.job = null;
    await run(job);
  }
  state.busy = false;
}

const yieldToMessages = () => new Promise((resolve) => setTimeout(resolve, 0));

// Runs one job to its target step, posting the changed tiles after every slice; returns early when a newer
// job arrives (it continues from this state when only its target differs).
async function run(job) {
  if (job.level3d) return run3d(job);
  const lab = state.lab;
  if (job.level.version !== state.level) {
    const error = lab.setLevel(job.level.width, job.level.height, job.level.floor, job.level.seed, job.level.name);
    if (error) return postMessage({ id: job.id, error });
    state.level = job.level.version;
    state.settings = "";
  }
  if (job.layout !== state.layout) {
    state.layout = job.layout;
    state.shown = new Int32Array(job.level.width * job.level.height).fill(BASE);
    state.stamp = new Uint32Array(job.level.width * job.level.height);
    state.listed = new Int32Array(0);
  }
  const settings = JSON.stringify([job.settings, job.destinations]);
  if (settings !== state.settings) {
    for (const [name, text] of job.settings) lab.setSetting(name, text); // checked by the page already
    lab.setDestinations(job.destinations);
    state.settings = settings;
    state.runKey = "";
  }
  const key = JSON.stringify([state.level, settings, job.start]);
  if (key !== state.runKey || lab.steps() > job.target) {
    const error = lab.start(...job.start);
    if (error) {
      state.runKey = "";
      return postMessage({ id: job.id, error });
    }
    state.runKey = key;
  }
  for (;;) {
    const t0 = performance.now();
    let done = lab.finished();
    while (!done && lab.steps() < job.target && performance.now() - t0 < SLICE_MS) done = lab.advance(1);
    const settled = done || lab.steps() >= job.target;
    const changes = diff(job.hot);
    for (let i = 0; i + 2 * MAX_PAIRS < changes.length; i += 2 * MAX_PAIRS) {
      const part = changes.slice(i, i + 2 * MAX_PAIRS);
      postMessage({ id: job.id, layout: job.layout, hot: job.hot, changes: part }, [part.buffer]);
    }
    const last = changes.slice(Math.floor(Math.max(0, changes.length - 1) / (2 * MAX_PAIRS)) * 2 * MAX_PAIRS);
    const message = { id: job.id, layout: job.layout, hot: job.hot, steps: lab.steps(), done, changes: last };
    if (settled) {
      // The JSON as UTF-8 bytes, handed over without a copy (a 5 MB string would be copied into the page).
      message.json = new TextEncoder().encode(lab.resultJson(job.map));
      if (job.picture) message.scene = lab.sceneJson(job.title + (done ? "" : " (step " + lab.steps() + ")"));
      // The split's region borders (none without one), copied out of WebAssembly memory.
      message.borders = lab.regionBorders().slice();
      return postMessage(message, [last.buffer, message.json.buffer, message.borders.buffer]);
    }
    postMessage(message, [last.buffer]);
    await yieldToMessages();
    if (state.job) return; // a newer job: it starts over or continues from here
  }
}

// A 3D level's job: the flood on the level parse3d built, in slices as a grid's; after each slice the top
// view's columns (render::level_top_view's colours, a copy handed over), when settled the JSON (exactly
// `kinema chase --map LEVEL.obj --json`) and the picture (the CLI's 3D picture as scene JSON).
async function run3d(job) {
  const nav = state.nav;
  if (!nav || job.level3d !== state.navLevel) return postMessage({ id: job.id, error: "no 3D level built" });
  const key = JSON.stringify([state.navLevel, job.settings, job.destinations, job.start]);
  if (key !== state.navKey || nav.steps() > job.target) {
    for (const [name, text] of job.settings) if (name !== "connectivity") nav.setSetting(name, text);
    let error = nav.setDestinations(job.destinations);
    if (!error) error = nav.start(...job.start);
    if (error) {
      state.navKey = "";
      return postMessage({ id: job.id, error });
    }
    state.navKey = key;
  }
  const t0 = performance.now();
  for (;;) {
    const slice = performance.now();
    let done = nav.finished();
    while (!done && nav.steps() < job.target && performance.now() - slice < SLICE_MS) done = nav.advance(1);
    const settled = done || nav.steps() >= job.target;
    const pixels = nav.pixels().slice();
    const message = { id: job.id, level3d: job.level3d, pixels, steps: nav.steps(), done };
    if (settled) {
      message.json = new TextEncoder().encode(nav.resultJson(job.map));
      message.scene = nav.sceneJson();
      message.ms = performance.now() - t0; // the flood, its JSON and its picture
      return postMessage(message, [pixels.buffer, message.json.buffer]);
    }
    postMessage(message, [pixels.buffer]);
    await yieldToMessages();
    // A newer job (it starts over or continues from here), or a newer level built between the slices (its
    // job follows).
    if (state.job || job.level3d !== state.navLevel) return;
  }
}

// The (tile, value) pairs whose shown value changed since the last diff: the flood's touched tiles with a
// new value, and BASE for tiles no longer touched. O(touched cells), never O(tiles).
function diff(hot) {
  const touched = state.lab.touched();
  const shown = state.shown;
  const stamp = state.stamp;
  const generation = ++state.generation;
  if (hot !== state.hot) {
    for (const t of state.listed) shown[t] = BASE - 1; // every colour changes with H: redraw them all
    state.hot = hot;
  }
  const out = [];
  const listed = new Int32Array(touched.length / 2);
  for (let i = 0; i < touched.length; i += 2) {
    const t = touched[i];
    const v = touched[i + 1];
    listed[i / 2] = t;
    stamp[t] = generation;
    if (shown[t] !== v) {
      shown[t] = v;
      out.push(t, v);
    }
  }
  for (const t of state.listed) {
    if (stamp[t] !== generation && shown[t] !== BASE) {
      shown[t] = BASE;
      out.push(t, BASE);
    }
  }
  state.listed = listed;
  return Int32Array.from(out);
}
