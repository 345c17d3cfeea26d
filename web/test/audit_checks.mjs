// The audit page's part of the browser test (docs/web.md "The audit page"): #result-json against
// `kinema audit --json` on a small level, before and after an edit painted with the mouse (the CLI run on the
// edited level as the page saves it, .map and ASCII, and with --reuse of the earlier report), the edit undone,
// and the time from a one-cell paint to the updated picture on a 256 x 256 map (den520d cut, as
// scripts/bench-audit-reuse.sh cuts it), logged for docs/web.md.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

async function ready(page) {
  await page.waitForFunction(() => ["ready", "error"].includes(document.body.dataset.state), null, { timeout: 120000 });
  return page.evaluate(() => document.body.dataset.state);
}

// The CLI's audit JSON of `level` (a file) with `flags`, as written to its --json file, less the newline.
function cliAudit(runCli, level, flags, dir, extra = []) {
  const out = path.join(dir, "cli-" + path.basename(level) + ".json");
  runCli(["audit", "--map", level, "--quiet", "--threads", "1", "--json", out, ...flags, ...extra]);
  return fs.readFileSync(out, "utf8").replace(/\n$/, "");
}

// Presses and releases the mouse on tile (col, row) of the picture (its frame: AuditLab.frame).
async function paintTile(page, col, row) {
  const [x, y] = await page.evaluate(([c, r]) => {
    const canvas = document.getElementById("picture");
    const box = canvas.getBoundingClientRect();
    const [left, top, px] = kinemaAudit.frame;
    return [box.left + ((left + (c + 0.5) * px) * box.width) / canvas.width,
      box.top + ((top + (r + 0.5) * px) * box.height) / canvas.height];
  }, [col, row]);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.up();
}

function compare(check, firstDifference, got, want, what) {
  check(got === want, what, got === want ? "" : firstDifference(got, want));
}

export async function auditChecks({ page, base, check, runCli, firstDifference, shots, site, sharedMaps }) {
  console.log("audit page: #result-json against kinema audit --json, before and after a painted edit");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kinema-audit-"));
  const flags = ["--directions", "4", "--max-steps", "30"];
  await page.goto(`${base}/audit.html?map=levels/corner.txt&directions=4&max_steps=30`);
  check((await ready(page)) === "ready", "audit page: corner.txt audited", await page.textContent("#error"));
  const before = await page.textContent("#result-json");
  const level = path.join(site, "levels/corner.txt");
  compare(check, firstDifference, before, cliAudit(runCli, level, flags, dir), "audit page: corner.txt equals kinema audit --json");
  const places = await page.locator("#places tr").count();
  check(places > 1, "audit page: the places listed, with their reasons", `${places} rows`);
  fs.writeFileSync(path.join(dir, "before.json"), before + "\n");

  // A wall painted on a floor tile in the middle of the first corridor: the worker re-audits only near it.
  const tile = await page.evaluate(() => {
    const lab = kinemaAudit.lab;
    for (let r = 1; r < lab.height(); ++r) for (let c = 3; c < lab.width(); ++c) if (lab.passable(c, r)) return [c, r];
    return null;
  });
  await paintTile(page, ...tile);
  check((await ready(page)) === "ready", "audit page: re-audited after painting a wall", await page.textContent("#error"));
  check(await page.evaluate(([c, r]) => !kinemaAudit.lab.passable(c, r), tile), "audit page: the painted tile is a wall");
  const stats = await page.evaluate(() => kinemaAudit.last.stats);
  check(stats[1] > 0 && stats[1] < stats[0] && stats[2] === 1,
    "audit page: the edit re-audited part of the level (audit_reusing)", `stats ${stats}`);
  const after = await page.textContent("#result-json");
  check(after !== before, "audit page: the painted wall changed the audit");
  const saved = await page.evaluate(() => [kinemaAudit.lab.mapText(), kinemaAudit.lab.levelText()]);
  fs.writeFileSync(path.join(dir, "edited.map"), saved[0]);
  fs.writeFileSync(path.join(dir, "edited.txt"), saved[1]);
  compare(check, firstDifference, after, cliAudit(runCli, path.join(dir, "edited.map"), flags, dir),
    "audit page: after the edit, equals kinema audit --json on the level saved as .map");
  compare(check, firstDifference, after, cliAudit(runCli, path.join(dir, "edited.txt"), flags, dir),
    "audit page: after the edit, equals kinema audit --json on the level saved as ASCII");
  compare(check, firstDifference, after,
    cliAudit(runCli, path.join(dir, "edited.map"), flags, dir, ["--reuse", path.join(dir, "before.json")]),
    "audit page: after the edit, equals kinema audit --reuse BEFORE.json");
  await page.screenshot({ path: path.join(shots, "audit.png") });

  await page.selectOption("#tool", "erase");
  await paintTile(page, ...tile);
  await ready(page);
  compare(check, firstDifference, await page.textContent("#result-json"), before,
    "audit page: the wall erased again, the audit is the first one");

  // A refused setting: the registry's message, and the next setting is taken on its own (the refused value
  // is not kept).
  await page.fill("#setting-directions", "0");
  await page.dispatchEvent("#setting-directions", "change");
  const refused = await page.textContent("#error");
  check(/^directions: must be in \[1, 360\], got 0/.test(refused), "audit page: directions 0 refused with the registry's message", refused);
  await page.fill("#setting-max_steps", "20");
  await page.dispatchEvent("#setting-max_steps", "change");
  check((await ready(page)) === "ready", "audit page: max_steps 20 after the refused value audits", await page.textContent("#error"));
  compare(check, firstDifference, await page.textContent("#result-json"),
    cliAudit(runCli, level, ["--directions", "4", "--max-steps", "20"], dir), "audit page: max_steps 20 typed equals kinema audit --max-steps 20");

  // A one-cell paint on a 256 x 256 map: the time until the picture is current (docs/web.md).
  const den = path.join(sharedMaps, "den520d.map");
  if (!fs.existsSync(den)) return console.log("  skip the 256 x 256 timing: " + den + " missing");
  const lines = fs.readFileSync(den, "utf8").split("\n");
  const cut = ["type octile", "height 256", ...lines.slice(2, 4), ...lines.slice(4, 260)].join("\n") + "\n";
  await page.goto(`${base}/audit.html`); // the default settings: 8 directions, as bench-audit-reuse.sh
  await ready(page);
  await page.evaluate((text) => loadLevelText(kinemaAudit, text, "den520d-256.map"), cut);
  check((await ready(page)) === "ready", "audit page: den520d cut to 256 x 256 audited", await page.textContent("#error"));
  const full = await page.evaluate(() => kinemaAudit.last.ms.audit);
  const times = [];
  for (const [c, r] of [[128, 128], [60, 200], [200, 60]]) {
    const t = await page.evaluate(([cc, rr]) => {
      const lab = kinemaAudit.lab;
      for (let d = 0; d < 40; ++d) if (lab.passable(cc + d, rr)) return [cc + d, rr];
      return null;
    }, [c, r]);
    await page.selectOption("#tool", "wall");
    await paintTile(page, ...t);
    await ready(page);
    const [latency, audit, cells, parts] = await page.evaluate(() =>
      [kinemaAudit.latencies.at(-1), kinemaAudit.last.ms.audit, kinemaAudit.last.stats[1], kinemaAudit.last.times]);
    times.push(latency);
    console.log(`  den520d 256 x 256: paint to picture ${latency.toFixed(0)} ms (re-audit ${audit.toFixed(0)} ms, ` +
      `${cells} cells again; full audit ${full.toFixed(0)} ms; space, audit, report, places ms: ` +
      parts.map((v) => v.toFixed(0)).join(", ") + ")");
  }
  check(times.every((t) => t < 4000), "audit page: a one-cell paint on 256 x 256 is drawn within 4 s, not a full audit's time (goal 0.5 s: docs/web.md)",
    times.map((t) => t.toFixed(0)).join(", "));
  await page.screenshot({ path: path.join(shots, "audit-den520d.png") });
  fs.rmSync(dir, { recursive: true, force: true });
}
