// The flood page's 3D levels (docs/web.md "3D levels on the flood page"), for browser_test.mjs:
//   - #result-json equals `kinema chase --map NAME.obj --from X,Y,Z --dir DX,DY,DZ --json` byte for byte on
//     our corner_ramp.obj (served as levels/) and on the Recast demo's dungeon.obj (served as meshes/ from
//     ../shared/data/meshes) when present;
//   - the map view shows the navmesh columns from above: one pixel per column in the page's tile image, the
//     flood's heated columns in the heat colours, the rest floor grey or wall;
//   - an .obj and a .nav opened from disk flood as the CLI floods them, and a malformed .obj shows the CLI's message with
//     the previous level still shown.
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
        if (Number.isFinite(f.navLab.floorHeight(col, row))) return [col, row];
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

async function openFile(page, file) {
  await page.setInputFiles("#level-file", file);
}

export async function nav3dChecks({ page, base, check, runCli, firstDifference, shots, sharedMeshes }) {
  console.log("flood page: 3D levels (.obj) against kinema chase --json");
  const ctx = { page, base, check, runCli, firstDifference };
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
    await page.waitForFunction(() => document.body.dataset.state === "done" &&
      JSON.parse(document.getElementById("result-json").textContent).from.length === 3, null, { timeout: 60000 });
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
    await page.waitForFunction(() => document.body.dataset.state === "done" &&
      JSON.parse(document.getElementById("result-json").textContent).map === "my_ramp.nav", null, { timeout: 60000 });
    const gotNav = await page.textContent("#result-json");
    const wantNav = runCli(["chase", "--json", "--map", "my_ramp.nav", "--from", "1,0,1", "--dir", "1,0,0"], dir);
    check(gotNav === wantNav, "a .nav navmesh file opened from disk floods as kinema chase on that file",
      gotNav === wantNav ? "" : firstDifference(gotNav, wantNav));

    fs.writeFileSync(path.join(dir, "broken.obj"), "v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 x\n");
    let cliError = "";
    try {
      runCli(["chase", "--map", "broken.obj", "--from", "0,0,0"], dir);
    } catch (e) {
      cliError = String(e.stderr).trim().replace(/^kinema: error: /, "");
    }
    await openFile(page, path.join(dir, "broken.obj"));
    await page.waitForFunction(() => document.getElementById("error").textContent !== "");
    const shown = await page.textContent("#error");
    check(shown === cliError && cliError.startsWith("broken.obj:4:"), `a malformed .obj shows the CLI's message (${cliError})`,
      `page: ${shown}`);
    const still = await page.evaluate(() => [kinemaFlood.is3d, kinemaFlood.mapName, document.getElementById("result-json").textContent]);
    check(still[0] && still[1] === "my_ramp.nav" && still[2] === wantNav, "and the previous 3D level and its result stay");

    fs.writeFileSync(path.join(dir, "flat.obj"), "v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 3\n");
    try {
      runCli(["chase", "--map", "flat.obj", "--from", "0,0,0"], dir);
      cliError = "";
    } catch (e) {
      cliError = String(e.stderr).trim().replace(/^kinema: error: /, "");
    }
    await page.evaluate(() => (document.getElementById("error").textContent = ""));
    await openFile(page, path.join(dir, "flat.obj"));
    await page.waitForFunction(() => document.getElementById("error").textContent !== "");
    const flat = await page.textContent("#error");
    check(flat === cliError && cliError !== "", `a mesh too small for a navmesh shows the CLI's message (${cliError})`, `page: ${flat}`);

    // Back to a grid level in the same page: the worker's grid flood again, as the CLI.
    await page.selectOption("#level-select", "levels/corner.txt");
    await page.waitForFunction(() => !kinemaFlood.is3d && document.body.dataset.state === "done" &&
      JSON.parse(document.getElementById("result-json").textContent).map === "levels/corner.txt", null, { timeout: 60000 });
    const grid = await page.textContent("#result-json");
    const wantGrid = runCli(["chase", "--json", "--map", "levels/corner.txt"]);
    check(grid === wantGrid, "after a 3D level, a grid level picked in the same page floods as the CLI",
      grid === wantGrid ? "" : firstDifference(grid, wantGrid));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
