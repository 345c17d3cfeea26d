// The flood page's worker (docs/web.md, "How the page stays responsive"): runs the chase flood in its own
// WebAssembly instance (a FloodLab holding a copy of the page's level), so that the calls that grow with the
// map (building the grid space's per-cell arrays after an edit, several hundred ms on 1024 x 1024 tiles;
// writing a result JSON of megabytes) never block the page. It runs a job (the level, the settings, the
// seed and the step to run to) in slices of SLICE_MS and posts, after each slice, only the tiles whose
// drawn value changed; when the job is settled, the result JSON (chase_json, exactly `kinema chase --json`)
// and, on small maps, the picture's scene JSON. A newer job replaces the running one between slices.
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
};

const ready = createKinema().then((K) => {
  state.lab = new K.FloodLab();
  state.parser = new K.FloodLab();
});

onmessage = (e) => {
  if (e.data.parse !== undefined) return ready.then(() => parse(e.data));
  state.job = e.data;
  if (!state.busy) work();
};

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
