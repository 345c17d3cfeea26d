// The audit page (docs/web.md "The audit page"): a level's audit as `kinema audit` draws and prints it (its
// pictures, its numbered places with their reasons, what each share means), and a wall brush. The page's
// FloodLab holds the level (files, edits, saving); the audit runs in a worker (audit_worker.js) on a copy of
// it, re-audited after each edit by the library's audit_reusing (`kinema audit --reuse`), so the page never
// waits. #result-json holds the worker's AuditLab.resultJson, the library's audit_json: exactly what
// `kinema audit --json FILE` writes (without the file's final newline) for the same level and settings.
"use strict";

// The settings the page offers, as `kinema audit`'s flags and the query parameters name them (the registry's
// LevelAuditSettings), in the CLI's order.
const AUDIT_SETTINGS = ["directions", "hot", "max_heated", "max_steps", "give_up_steps", "corner_radius",
  "exit_cells"];
// Audits with more rows than this get their JSON only when the JSON box is opened: the JSON is about 300
// bytes a row (a 256 x 256 map at 8 directions: tens of megabytes).
const JSON_AUTO_MAX_ROWS = 100000;

const page = {
  K: null,
  lab: null, // the page's level (FloodLab: files, edits, .txt and .map text)
  check: null, // an AuditLab without a level: checks a setting as it is typed, gives the registry's fields
  worker: null,
  mapName: "",
  settings: new Map(), // name -> text, as given (the worker applies them in this order)
  picture: "distance",
  jobId: 0,
  inFlight: false, // a job is with the worker
  pending: false, // the level or settings changed since the job in flight was posted
  shownId: 0, // the job whose result is shown
  frame: null, // [left, top, tile px] of the picture's map (AuditLab.frame)
  editAt: 0, // performance.now() of the first edit not yet shown in the picture
  latencies: [], // ms from an edit to its picture drawn, for the browser test and docs/web.md
  last: null, // the last worker result: {stats, ms}
};


// ---- the worker ----------------------------------------------------------------------------------------

// Posts the level and settings to the worker, unless a job is with it (then once it returns).
function requestAudit() {
  document.body.dataset.state = "running";
  if (page.inFlight) {
    page.pending = true;
    return;
  }
  page.pending = false;
  page.inFlight = true;
  const floor = page.lab.floor().slice();
  const w = page.lab.width();
  const h = page.lab.height();
  page.worker.postMessage({
    id: ++page.jobId,
    level: { width: w, height: h, floor, name: page.lab.name() },
    settings: [...page.settings],
    picture: page.picture,
    title: page.mapName.split("/").pop(),
    json: $("json-details").open || auditRows(floor) <= JSON_AUTO_MAX_ROWS,
  }, [floor.buffer]);
}

// The rows the audit of these floor bytes will hold: floor tiles x directions (before the audit, so that a
// large level's first audit does not write its JSON either).
function auditRows(floor) {
  let cells = 0;
  for (let i = 0; i < floor.length; ++i) cells += floor[i] ? 1 : 0;
  const directions = Number(page.settings.get("directions") || $("setting-directions").value);
  return cells * directions;
}

function onWorkerMessage(m) {
  page.inFlight = false;
  if (m.error) {
    showError(m.error);
  } else {
    showResult(m);
  }
  if (page.pending) return requestAudit();
  // The picture is current: the time from the first edit it holds to now (after drawing it).
  if (page.editAt && !m.error) {
    page.latencies.push(performance.now() - page.editAt);
    page.editAt = 0;
  }
  document.body.dataset.state = m.error ? "error" : "ready";
}

function showResult(m) {
  showError("");
  page.shownId = m.id;
  page.last = { stats: m.stats, ms: m.ms, times: m.times };
  const scene = JSON.parse(m.scene);
  drawScene($("picture"), scene);
  page.frame = m.frame;
  fillPictureSelect(m.names);
  const s = JSON.parse(m.summary);
  showPlaces(s.places);
  showShares(s.summary);
  const [cells, rerun, tiles] = m.stats;
  $("status").textContent = `${cells} cells x ${s.rows / Math.max(cells, 1)} directions = ${s.rows} seeds; ` +
    (rerun === cells ? "audited in full" : `${tiles} tile${tiles === 1 ? "" : "s"} changed, ${rerun} of ${cells} cells audited again`) +
    ` in ${m.ms.audit.toFixed(0)} ms (picture ${m.ms.rest.toFixed(0)} ms)`;
  if (m.json !== undefined) $("result-json").textContent = m.json;
  else $("result-json").textContent = "";
}

function fillPictureSelect(names) {
  const select = $("picture-select");
  if ([...select.options].map((o) => o.value).join() === names.join()) return;
  select.replaceChildren(...names.map((n) => new Option(n, n)));
  select.value = page.picture;
}

function cellText(c) {
  return "(" + c.join(", ") + ")";
}

// The places as the CLI's table lists them: rank, finding, cells, seeds, centre; the reason below.
function showPlaces(places) {
  const rows = [["#", "finding", "cells", "seeds", "centre cell", "why"]];
  for (const p of places) rows.push([p.rank, p.finding, p.cells, p.seeds, cellText(p.centre_cell), p.reason]);
  fillTable($("places"), places.length ? rows : [["no places: no finding clusters on this level"]]);
}

// What each share means and what would change it (the summary's readings).
function showShares(summary) {
  const rows = [];
  for (const group of ["stop_reasons", "findings"]) {
    for (const [name, r] of Object.entries(summary[group])) {
      rows.push([name, (100 * r.share).toFixed(1) + "%", r.meaning + "; " + r.to_change]);
    }
  }
  fillTable($("shares"), rows);
}

function fillTable(table, rows) {
  table.replaceChildren(...rows.map((cells) => {
    const tr = document.createElement("tr");
    for (const c of cells) {
      const td = document.createElement("td");
      td.textContent = String(c);
      tr.append(td);
    }
    return tr;
  }));
}

// ---- level ---------------------------------------------------------------------------------------------

function parseLevel(text, name) {
  return page.lab.loadLevel(text, name);
}

function levelLoaded(name) {
  page.mapName = name;
  requestAudit();
}

// ---- editing -------------------------------------------------------------------------------------------

// The tile under a pointer event on the picture, or null off the map.
function eventTile(e) {
  if (!page.frame || page.frame.length !== 3) return null;
  const canvas = $("picture");
  const box = canvas.getBoundingClientRect();
  const x = ((e.clientX - box.left) * canvas.width) / box.width;
  const y = ((e.clientY - box.top) * canvas.height) / box.height;
  const [left, top, px] = page.frame;
  const col = Math.floor((x - left) / px);
  const row = Math.floor((y - top) / px);
  if (col < 0 || row < 0 || col >= page.lab.width() || row >= page.lab.height()) return null;
  return [col, row];
}

// One tile of a stroke: the level, the tile drawn at once in the wall or floor colour, and a re-audit.
function paint(e) {
  const tile = eventTile(e);
  if (!tile) return;
  const [col, row] = tile;
  const open = $("tool").value === "erase";
  if (page.lab.passable(col, row) === open) return;
  page.lab.setPassable(col, row, open);
  if (!page.editAt) page.editAt = performance.now();
  const [left, top, px] = page.frame;
  const ctx = $("picture").getContext("2d");
  ctx.fillStyle = "#" + page.K.tileColour(open ? -2 : -3, 1).toString(16).padStart(6, "0");
  ctx.fillRect(left + col * px, top + row * px, px, px);
  requestAudit();
}

function bindPicture() {
  const canvas = $("picture");
  let painting = false;
  canvas.addEventListener("pointerdown", (e) => {
    canvas.setPointerCapture(e.pointerId);
    painting = true;
    paint(e);
  });
  canvas.addEventListener("pointermove", (e) => painting && paint(e));
  canvas.addEventListener("pointerup", () => (painting = false));
  bindDrop(page, canvas);
}

// ---- settings ------------------------------------------------------------------------------------------

function buildSettings() {
  const fields = new Map(JSON.parse(page.check.fields()).map((f) => [f.name, f]));
  for (const name of AUDIT_SETTINGS) {
    const { label, input } = registryField(fields.get(name));
    input.addEventListener("change", () => setSetting(name, input.value));
    $("settings").append(label);
  }
}

// Checks a setting (the registry's message, as `kinema audit --NAME TEXT`) and re-audits with it.
function setSetting(name, text) {
  const error = page.check.setSetting(name, text);
  if (error) {
    showError(error);
    return false;
  }
  page.settings.set(name, text);
  const input = $("setting-" + name);
  if (input) input.value = text;
  requestAudit();
  return true;
}

// ---- saving --------------------------------------------------------------------------------------------

function save(text, name, type) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
}

const baseName = () => (page.lab.name() || "level").replace(/\.[^./]*$/, "");

function bindControls() {
  $("level-select").addEventListener("change", (e) => {
    if (e.target.value) loadLevelUrl(page, e.target.value);
    else loadDefault();
  });
  $("level-file").addEventListener("change", (e) => {
    if (e.target.files.length) loadLevelFile(page, e.target.files[0]);
    e.target.value = "";
  });
  $("picture-select").addEventListener("change", (e) => {
    page.picture = e.target.value;
    requestAudit();
  });
  $("json-details").addEventListener("toggle", () => $("json-details").open && !$("result-json").textContent && requestAudit());
  $("save-map").addEventListener("click", () => save(page.lab.mapText(), baseName() + ".map", "text/plain"));
  $("save-txt").addEventListener("click", () => save(page.lab.levelText(), baseName() + ".txt", "text/plain"));
  // As `kinema audit --json NAME.json` writes it (with its newline).
  $("save-json").addEventListener("click", () => {
    if (!$("result-json").textContent) return showError("save JSON: open 'kinema audit --json' first (large audits write it on demand)");
    save($("result-json").textContent + "\n", baseName() + "-audit.json", "application/json");
  });
}

function loadDefault() {
  page.lab.loadLevel(page.defaultText, "corner");
  $("level-select").value = "";
  levelLoaded("built-in default level (" + page.lab.name() + ")");
}

async function main() {
  page.K = await createKinema();
  page.lab = new page.K.FloodLab();
  page.check = new page.K.AuditLab();
  page.worker = new Worker("audit_worker.js");
  page.worker.onmessage = (e) => onWorkerMessage(e.data);
  page.parseLevel = parseLevel;
  page.levelLoaded = levelLoaded;
  page.defaultText = page.lab.levelText();
  window.kinemaAudit = page; // for the browser test and the console (docs/web.md)
  buildSettings();
  bindControls();
  bindPicture();
  await fillLevelList(false);
  const query = new URLSearchParams(location.search);
  for (const name of AUDIT_SETTINGS) {
    if (query.has(name) && !setSetting(name, query.get(name))) return;
  }
  if (query.has("map")) await loadLevelUrl(page, query.get("map"));
  else levelLoaded("built-in default level (" + page.lab.name() + ")");
}

main().catch((e) => showError(String(e)));
