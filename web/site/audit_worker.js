// The audit page's worker (docs/web.md "The audit page"): audits the page's level in its own WebAssembly
// instance (an AuditLab, web/src/audit_lab.cpp), so the page never waits for an audit. Each job carries the
// page's level and settings; the lab re-audits through the library's audit_reusing (`kinema audit --reuse`),
// so after a small edit only the cells the edit can reach run again. Jobs that arrive while one runs are
// coalesced: only the newest is taken.
"use strict";
importScripts("kinema.js");

const state = { lab: null, job: null, busy: false, settings: "" };

const ready = createKinema().then((K) => {
  state.lab = new K.AuditLab();
});

onmessage = (e) => {
  state.job = e.data;
  if (!state.busy) {
    state.busy = true;
    // A task later, so that jobs already queued replace this one before it runs.
    ready.then(() => setTimeout(work, 0));
  }
};

function work() {
  const job = state.job;
  state.job = null;
  try {
    postMessage(runJob(job));
  } catch (e) {
    postMessage({ id: job.id, error: String(e) });
  }
  if (state.job) setTimeout(work, 0);
  else state.busy = false;
}

// Applies the settings when they changed (in the page's order, as the CLI's flags), the level, audits, and
// returns the picture, the summary and the places, and the JSON when asked.
function runJob(job) {
  const lab = state.lab;
  const t0 = performance.now();
  const settings = JSON.stringify(job.settings);
  if (settings !== state.settings) {
    for (const [field, text] of job.settings) {
      const error = lab.setSetting(field, text);
      if (error) return { id: job.id, error };
    }
    state.settings = settings;
  }
  const { width, height, floor, name } = job.level;
  let error = lab.setLevel(width, height, floor, name);
  if (!error) error = lab.run();
  if (error) return { id: job.id, error };
  const t1 = performance.now();
  const out = {
    id: job.id,
    stats: lab.stats(),
    times: lab.times(),
    summary: lab.summaryJson(),
    names: lab.pictureNames(),
    scene: lab.sceneJson(job.picture, job.title),
    frame: lab.frame(job.picture, job.title),
  };
  if (job.json) out.json = lab.resultJson();
  out.ms = { audit: t1 - t0, rest: performance.now() - t1 };
  return out;
}
