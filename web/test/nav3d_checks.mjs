// The flood page's 3D levels (docs/web.md "3D levels on the flood page"), for browser_test.mjs:
//   - #result-json equals `kinema chase --map NAME.obj --from X,Y,Z --dir DX,DY,DZ --json` byte for byte on
//     our corner_ramp.obj (served as levels/) and on the Recast demo's dungeon.obj (served as meshes/ from
//     ../shared/data/meshes) when present;
//   - the map view shows the navmesh columns from above: one pixel per column in the page's tile image, the
//     flood's heated columns in the heat colours, the rest floor grey or wall;
//   - an .obj and a .nav opened from disk flood as the CLI floods them, and a malformed .obj shows the CLI's message with
//     the previous level still shown;
//   - the page's offer on 3D levels (pageChecks): the navmesh settings (agent_* in the query and the fields, as
//     the CLI's --agent-* flags), the split (destinations), the share link and Save JSON, against the CLI; the
//     build and the flood run in the worker (no page handler as long as the navmesh build); bad files (not an
//     OBJ, larger than the CLI reads, too wide for one navmesh tile) show the CLI's message.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

async function settled(page) {
  await page.waitForFunction(() => ["done", "error"].includes(document.body.dataset.state), null, { timeout: 60000 });
  return page.evaluate(() => document.body.dataset.state);
}

function cliArgs(query) {
  const args = ["chase", "--json"];
  for (const [k, v] of Object.entries(query)) args.push("--" + k.replace(/_/g, "-"), v);
  return args;
}

async function compare({ page, base, check, runCli, firstDifference }, query, what, cwd) {
  await page.goto(`${base}/flood.html?${new URLSearchParams(query)}`);
  const state = await settled(page);
  if (state === "error") return check(false, what, "page error: " + (await page.textContent("#error")));
  const got = await page.textContent("#result-json");
  const want = runCli(cliArgs(query), cwd);
  const [load, ms] = await page.evaluate(() => [kinemaFlood.load3dMs, kinemaFlood.flood3dMs]);
  check(got === want, `${what} (navmesh built in ${load.toFixed(0)} ms; flood and JSON ${ms.toFixed(1)} ms)`,
    got === want ? "" : firstDifference(got, want));
}

// The page's tile image against the top view's columns: as many pixels as columns, the heated columns in
// heat colours (neither wall, floor grey nor cooled), and the count of those equal to the JSON's heated
// columns (each column shows its highest touched cell).
async function columnChecks({ page, check }) {
  const r = await page.evaluate(() => {
    const f = kinemaFlood;
    const [columns, rows] = f.grid3d;
    const words = f.words;
    const result = JSON.parse(document.getElementById("result-json").textContent);
    const heated = new Set(result.touched.filter((t) => t[3] > 0).map((t) => t[0] + "," + t[2]));
    const wall = words[words.length - 1] === words[0] ? words[0] : null;
    let grey = 0;
    let coloured = 0;
    for (const w of words) {
      const [r, g, b] = [w & 255, (w >> 8) & 255, (w >> 16) & 255];
      if (r === g && g === b) grey += 1;
      else coloured += 1;
    }
    return { columns, rows, pixels: words.length, canvas: [f.tilesCanvas.width, f.tilesCanvas.height],
      heated: heated.size, coloured, grey, wall, scale: f.view.scale };
  });
  check(r.pixels === r.columns * r.rows && r.canvas[0] === r.columns && r.canvas[1] === r.rows,
    `the view's image is one pixel per navmesh column (${r.columns} x ${r.rows})`, JSON.stringify(r));
  check(r.coloured >= r.heated && r.heated > 0, `heated columns drawn in heat colours (${r.heated} heated, ${r.coloured} coloured)`,
    JSON.stringify(r));
  // Zoom as on a grid: the wheel about the centre changes the scale.
  const box = await page.locator("#map").boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -300);
  await page.waitForTimeout(200);
  const zoomed = await page.evaluate(() => kinemaFlood.view.scale);
  check(zoomed > r.scale, `the wheel zooms the 3D view (${r.scale.toFixed(2)} -> ${zoomed.toFixed(2)} px a column)`);
}

// The seed tool on a 3D level: a press on a column with a floor, dragged east, puts the player on that floor,
// facing +x; the result is the CLI's for the same from/dir.
async function seedToolCheck({ page, check, runCli, firstDifference }) {
  const target = await page.evaluate(() => {
    const f = kinemaFlood;
    const [columns, rows] = f.grid3d;
    for (let row = Math.floor(rows / 2); row < rows; ++row) {
      for (let col = 0; col < columns; ++col) {
        if (Number.isFinite(f.floors3d[row * columns + col])) return [col, row];
      }
    }
    return null;
  });
  const [x0, y0] = await page.evaluate(([c, r]) => kinemaFlood.view.clientPoint(c + 0.5, r + 0.5), target);
  const [x1, y1] = await page.evaluate(([c, r]) => kinemaFlood.view.clientPoint(c + 3.5, r + 0.5), target);
  await page.selectOption("#tool", "seed");
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move(x1, y1, { steps: 4 });
  await page.mouse.up();
  await page.waitForFunction(() => document.body.dataset.state === "done" && kinemaFlood.from !== null &&
    JSON.parse(document.getElementById("result-json").textContent).from.join(",") === kinemaFlood.from.join(","));
  const [from, dir, got] = await page.evaluate(() => [kinemaFlood.from.join(","), kinemaFlood.dir.join(","),
    document.getElementById("result-json").textContent]);
  const want = runCli(["chase", "--json", "--map", "levels/corner_ramp.obj", "--from", from, "--dir", dir]);
  check(got === want && dir.endsWith(",0,0") && from.split(",").length === 3,
    `the seed tool puts the player on the column's floor (from ${from}, dir ${dir}) and floods as the CLI`,
    got === want ? `from ${from} dir ${dir}` : firstDifference(got, want));
}

// Waits until the page settled a run on a level built after `version` (a rebuild with new navmesh settings).
async function rebuilt(page, version) {
  await page.waitForFunction((v) => kinemaFlood.levelVersion > v && kinemaFlood.settled &&
    ["done", "error"].includes(document.body.dataset.state), version, { timeout: 60000 });
}

// The navmesh settings (query and fields), the split, the share link and Save JSON on corner_ramp.obj.
async function settingsChecks(ctx) {
  const { page, base, check, runCli, cliMessage, firstDifference } = ctx;
  const ramp = { map: "levels/corner_ramp.obj", from: "1,0,1", dir: "1,0,0" };
  await compare(ctx, { ...ramp, agent_radius: "0.9", agent_height: "1.8" },
    "corner_ramp.obj agent_radius 0.9, agent_height 1.8 (the CLI's --agent-radius, --agent-height)");
  await compare(ctx, { ...ramp, destinations: "2" }, "corner_ramp.obj destinations 2 (the split for a team)");

  // A field: the level is built again with it, as the CLI builds it with the flag.
  await page.goto(`${base}/flood.html?${new URLSearchParams(ramp)}`);
  await settled(page);
  let version = await page.evaluate(() => kinemaFlood.levelVersion);
  await page.fill("#setting-agent_radius", "0.3");
  await page.dispatchEvent("#setting-agent_radius", "change");
  await rebuilt(page, version);
  const got = await page.textContent("#result-json");
  const want = runCli(cliArgs({ ...ramp, agent_radius: "0.3" }));
  check(got === want, "the agent_radius field builds the navmesh again: = kinema chase --agent-radius 0.3",
    got === want ? "" : firstDifference(got, want));
  const refused = cliMessage(cliArgs({ ...ramp, agent_radius: "-1" }));
  await page.fill("#setting-agent_radius", "-1");
  await page.dispatchEvent("#setting-agent_radius", "change");
  const shown = await page.textContent("#error");
  check(shown === refused && refused.startsWith("--agent-radius"), `agent_radius -1: the CLI's message (${refused})`, shown);

  // A value the CLI takes but no navmesh survives (a 3 m radius in 4 m corridors): its message, the level built
  // before and its setting stay (the share link below holds 0.3).
  const none = cliMessage(cliArgs({ ...ramp, map: "corner_ramp.obj", agent_radius: "3" }),
    path.join(path.dirname(new URL(import.meta.url).pathname), "../../data/levels"));
  await page.fill("#setting-agent_radius", "3");
  await page.dispatchEvent("#setting-agent_radius", "change");
  await page.waitForFunction(() => document.getElementById("error").textContent.includes("no walkable"), null,
    { timeout: 60000 });
  const noneShown = await page.textContent("#error");
  const kept = await page.evaluate(() => [kinemaFlood.navSettings.get("agent_radius"), document.getElementById("result-json").textContent]);
  check(noneShown === none.replace(/^corner_ramp/, "levels/corner_ramp") && kept[0] === "0.3" && kept[1] === want,
    `agent_radius 3: the CLI's message (${none}), the navmesh built before and its result stay`, `page: ${noneShown}`);

  // Save JSON: the result as `kinema chase --json` writes it.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#save-json")]);
  const saved = fs.readFileSync(await download.path(), "utf8");
  check(saved === want + "\n" && download.suggestedFilename() === "corner_ramp.json",
    `Save JSON downloads ${download.suggestedFilename()}: kinema chase --json's output`);

  // Share link of a level the page loaded from a URL: the query contract, with the navmesh setting.
  version = await page.evaluate(() => kinemaFlood.levelVersion);
  await page.click("#share");
  await page.waitForFunction(() => location.search.includes("agent_radius"));
  const link = await page.evaluate(() => location.href);
  await page.goto(link);
  await settled(page);
  const shared = await page.textContent("#result-json");
  check(shared === want && link.includes("map=levels%2Fcorner_ramp.obj"), "the share link of a 3D level reopens its flood",
    link + (shared === want ? "" : "\n       " + firstDifference(shared, want)));
}

// The build and the flood run in the worker: no handler of the page takes as long as the navmesh build did.
async function workerCheck({ page, base, check }) {
  await page.goto(`${base}/flood.html?map=meshes/dungeon.obj&from=-19.39,3.8,-2.67&dir=0,0,-1`);
  await settled(page);
  const [longest, load, flood] = await page.evaluate(() => [
    Math.max(...kinemaFlood.taskLog.map((t) => t[1])), kinemaFlood.load3dMs, kinemaFlood.flood3dMs]);
  check(longest < load, `dungeon.obj built (${load.toFixed(0)} ms) and flooded (${flood.toFixed(0)} ms) in the worker: ` +
    `the page's longest handler ${longest.toFixed(1)} ms`);
}

// Files the page refuses with the CLI's message: not an OBJ, larger than the CLI reads (refused before it is
// read), a mesh too wide for one navmesh tile.
async function badFileChecks({ page, base, check, cliMessage }, dir) {
  await page.goto(`${base}/flood.html?map=levels/corner_ramp.obj&from=1,0,1`);
  await settled(page);
  const images = path.join(path.dirname(new URL(import.meta.url).pathname), "../../data/levels/images");
  const png = fs.readdirSync(images).find((f) => f.endsWith(".png"));
  fs.copyFileSync(path.join(images, png), path.join(dir, "not_a_mesh.obj"));
  fs.writeFileSync(path.join(dir, "wide.obj"), "v 0 0 0\nv 5000 0 0\nv 0 0 5000\nf 1 2 3\n");
  for (const [name, what] of [["not_a_mesh.obj", "a PNG named .obj"], ["wide.obj", "a mesh too wide for one navmesh tile"]]) {
    const want = cliMessage(["chase", "--map", name, "--from", "0,0,0"], dir);
    await page.evaluate(() => (document.getElementById("error").textContent = ""));
    await openFile(page, path.join(dir, name));
    await page.waitForFunction(() => document.getElementById("error").textContent !== "", null, { timeout: 60000 });
    const shown = await page.textContent("#error");
    const kept = await page.evaluate(() => kinemaFlood.mapName);
    check(shown === want && want.startsWith(name) && kept === "levels/corner_ramp.obj",
      `${what}: the CLI's message (${want}), the level stays`, `page: ${shown}`);
  }
  // Larger than the CLI reads: a sparse file for the CLI, a File of as many zero bytes in the page.
  const limit = await page.evaluate(() => kinemaFlood.K.maxLevelBytes3d("big.obj"));
  fs.closeSync(fs.openSync(path.join(dir, "big.obj"), "w"));
  fs.truncateSync(path.join(dir, "big.obj"), limit + 1);
  const want = cliMessage(["chase", "--map", "big.obj", "--from", "0,0,0"], dir);
  const shown = await page.evaluate(async (n) => {
    await loadLevelFile(kinemaFlood, new File([new Uint8Array(n)], "big.obj"));
    return document.getElementById("error").textContent;
  }, limit + 1);
  check(shown === want && want.includes("larger than the limit"), `a mesh larger than the CLI reads: its message (${want})`,
    `page: ${shown}`);
}

async function openFile(page, file) {
  await page.setInputFiles("#level-file", file);
}

export async function nav3dChecks({ page, base, check, runCli, cliMessage, firstDifference, shots, sharedMeshes }) {
  console.log("flood page: 3D levels (.obj) against kinema chase --json");
  const ctx = { page, base, check, runCli, cliMessage, firstDifference };
  const ramp = { map: "levels/corner_ramp.obj", from: "1,0,1", dir: "1,0,0" };
  await compare(ctx, ramp, "corner_ramp.obj from 1,0,1 dir 1,0,0");
  await compare(ctx, { ...ramp, hot: "10", max_heated: "60", max_steps: "80" }, "corner_ramp.obj hot 10, max_heated 60, max_steps 80");
  await page.goto(`${base}/flood.html?${new URLSearchParams(ramp)}`);
  await settled(page);
  await columnChecks(ctx);
  await page.screenshot({ path: path.join(shots, "flood-3d.png") });
  await seedToolCheck(ctx);

  const dungeon = path.join(sharedMeshes, "dungeon.obj");
  if (fs.existsSync(dungeon)) {
    // The stairs query of docs/nav.md; the CLI reads the same file under the same relative name.
    await compare(ctx, { map: "meshes/dungeon.obj", from: "-19.39,3.8,-2.67", dir: "0,0,-1" },
      "shared mesh dungeon.obj (served as meshes/) from -19.39,3.8,-2.67", path.dirname(sharedMeshes));
    await page.screenshot({ path: path.join(shots, "flood-3d-dungeon.png") });
  } else {
    console.log("  skip shared mesh: " + dungeon + " not found");
  }

  await settingsChecks(ctx);
  if (fs.existsSync(dungeon)) await workerCheck(ctx);

  // Without from: the CLI's requirement, in the page's words.
  await page.goto(`${base}/flood.html?map=levels/corner_ramp.obj`);
  const noFrom = await settled(page);
  const noFromText = await page.textContent("#error");
  check(noFrom === "error" && noFromText.startsWith("from: required for a 3D level"), "a 3D level without from asks for X,Y,Z",
    noFromText);

  // A file from disk: a good one floods as the CLI; a bad one shows the CLI's message, the level stays.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kinema-web-3d-"));
  try {
    const src = fs.readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), "../../data/levels/corner_ramp.obj"));
    fs.writeFileSync(path.join(dir, "my_ramp.obj"), src);
    await page.goto(`${base}/flood.html?map=levels/corner.txt`);
    await settled(page);
    await openFile(page, path.join(dir, "my_ramp.obj"));
    await page.waitForFunction(() => kinemaFlood.is3d);
    await page.fill("#from", "1,0,1");
    await page.dispatchEvent("#from", "change");
    await page.fill("#dir", "1,0,0");
    await page.dispatchEvent("#dir", "change");
    // The flood runs in the worker: wait for the run of both fields (the from change starts one of its own).
    await page.waitForFunction(() => document.body.dataset.state === "done" && kinemaFlood.settled &&
      JSON.parse(document.getElementById("result-json").textContent).dir.join(",") === "1,0,0", null, { timeout: 60000 });
    const got = await page.textContent("#result-json");
    const want = runCli(["chase", "--json", "--map", "my_ramp.obj", "--from", "1,0,1", "--dir", "1,0,0"], dir);
    check(got === want, "an .obj opened from disk floods as kinema chase on that file", got === want ? "" : firstDifference(got, want));

    // A navmesh file (kinema navmesh build), read as bytes: the same flood as the CLI on it.
    runCli(["navmesh", "build", "my_ramp.obj", "-o", "my_ramp.nav"], dir);
    await openFile(page, path.join(dir, "my_ramp.nav"));
    await page.waitForFunction(() => kinemaFlood.mapName === "my_ramp.nav");
    await page.fill("#from", "1,0,1");
    await page.dispatchEvent("#from", "change");
    await page.fill("#dir", "1,0,0");
    await page.dispatchEvent("#dir", "change");
    await page.waitForFunction(() => document.body.dataset.state === "done" && kinemaFlood.settled && (({ map, dir }) =>
      map === "my_ramp.nav" && dir.join(",") === "1,0,0")(JSON.parse(document.getElementById("result-json").textContent)),
    null, { timeout: 60000 });
    const gotNav = await page.textContent("#result-json");
    const wantNav = runCli(["chase", "--json", "--map", "my_ramp.nav", "--from", "1,0,1", "--dir", "1,0,0"], dir);
    check(gotNav === wantNav, "a .nav navmesh file opened from disk floods as kinema chase on that file",
      gotNav === wantNav ? "" : firstDifference(gotNav, wantNav));

    fs.writeFileSync(path.join(dir, "broken.obj"), "v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 x\n");
    const cliError = cliMessage(["chase", "--map", "broken.obj", "--from", "0,0,0"], dir);
    await openFile(page, path.join(dir, "broken.obj"));
    await page.waitForFunction(() => document.getElementById("error").textContent !== "");
    const shown = await page.textContent("#error");
    check(shown === cliError && cliError.startsWith("broken.obj:4:"), `a malformed .obj shows the CLI's message (${cliError})`,
      `page: ${shown}`);
    const still = await page.evaluate(() => [kinemaFlood.is3d, kinemaFlood.mapName, document.getElementById("result-json").textContent]);
    check(still[0] && still[1] === "my_ramp.nav" && still[2] === wantNav, "and the previous 3D level and its result stay");

    fs.writeFileSync(path.join(dir, "flat.obj"), "v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 3\n");
    const flatError = cliMessage(["chase", "--map", "flat.obj", "--from", "0,0,0"], dir);
    await page.evaluate(() => (document.getElementById("error").textContent = ""));
    await openFile(page, path.join(dir, "flat.obj"));
    await page.waitForFunction(() => document.getElementById("error").textContent !== "");
    const flat = await page.textContent("#error");
    check(flat === flatError && flatError !== "", `a mesh too small for a navmesh shows the CLI's message (${flatError})`, `page: ${flat}`);

    // Back to a grid level in the same page: the worker's grid flood again, as the CLI.
    await page.selectOption("#level-select", "levels/corner.txt");
    await page.waitForFunction(() => !kinemaFlood.is3d && document.body.dataset.state === "done" &&
      JSON.parse(document.getElementById("result-json").textContent).map === "levels/corner.txt", null, { timeout: 60000 });
    const grid = await page.textContent("#result-json");
    const wantGrid = runCli(["chase", "--json", "--map", "levels/corner.txt"]);
    check(grid === wantGrid, "after a 3D level, a grid level picked in the same page floods as the CLI",
      grid === wantGrid ? "" : firstDifference(grid, wantGrid));

    // A share link of an .obj opened from disk holds its text, as a grid level's link holds the level.
    await openFile(page, path.join(dir, "my_ramp.obj"));
    await page.waitForFunction(() => kinemaFlood.is3d);
    await page.fill("#from", "1,0,1");
    await page.dispatchEvent("#from", "change");
    await page.waitForFunction(() => document.body.dataset.state === "done" && kinemaFlood.settled &&
      JSON.parse(document.getElementById("result-json").textContent).map === "my_ramp.obj", null, { timeout: 60000 });
    await page.click("#share");
    await page.waitForFunction(() => location.hash.includes("level="));
    await page.goto(await page.evaluate(() => location.href));
    await page.reload(); // a fragment change alone does not reload the page
    await settled(page);
    const sharedDisk = await page.textContent("#result-json");
    const wantDisk = runCli(["chase", "--json", "--map", "my_ramp.obj", "--from", "1,0,1", "--dir", "0,0,0"], dir);
    check(sharedDisk === wantDisk, "the share link of an .obj opened from disk holds it and reopens its flood",
      sharedDisk === wantDisk ? "" : firstDifference(sharedDisk, wantDisk));

    await badFileChecks(ctx, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
