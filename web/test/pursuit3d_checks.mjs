// The pursuit page's 3D levels (docs/web.md "3D levels on the pursuit page"), for browser_test.mjs:
//   - #result-json equals `kinema pursue --map levels/corner_ramp.obj ... --json` byte for byte, run in the
//     site's folder: the flood strategy on docs/pursuit.md's example route carried to the 3D twin of corner.txt,
//     dead reckoning with a wider agent (agent_radius, the CLI's --agent-radius) and a team of two;
//   - the view is the navmesh's columns from above, one pixel per column, the first chase's heat on them;
//   - the agent_radius field builds the navmesh again and runs as the CLI with --agent-radius;
//   - a route clicked and an NPC placed with the mouse land on the columns' floors and run as the CLI runs
//     the fields' texts;
//   - bad input: a file that is not an OBJ mesh and a route off the navmesh show the CLI's message, and the
//     previous level stays.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// The corner_ramp.obj runs (its header: a corridor east, a corner, a ramp up to an upper corridor). The route
// runs round the corner and up the ramp, as docs/pursuit.md's example runs round corner.txt's corner.
const ROUTE = "12,0,2;18,0,2;18,3,28";
const runs = [
  [{ map: "levels/corner_ramp.obj", route: ROUTE, npc: "2,0,2", view_range: "10", player_speed: "7.5" },
    "corner_ramp.obj, flood (lost at the corner, re-acquired up the ramp)"],
  [{ map: "levels/corner_ramp.obj", route: ROUTE, npc: "2,0,2", view_range: "10", player_speed: "7.5",
    strategy: "dead-reckoning", agent_radius: "0.9" }, "corner_ramp.obj, dead-reckoning, agent_radius 0.9"],
  [{ map: "levels/corner_ramp.obj", route: ROUTE, npc: ["2,0,2", "2,0,3"], view_range: "10", player_speed: "7.5",
    team: "split" }, "corner_ramp.obj, a team of two, split"],
];

const queryPairs = (query) => Object.entries(query).flatMap(([k, v]) => [].concat(v).map((one) => [k, one]));

function cliArgs(query) {
  const args = ["pursue", "--json"];
  for (const [k, v] of queryPairs(query)) args.push("--" + k.replace(/_/g, "-"), v);
  return args;
}

async function settled(page) {
  await page.waitForFunction(() => ["done", "error", "ready"].includes(document.body.dataset.state), null,
    { timeout: 60000 });
  return page.evaluate(() => document.body.dataset.state);
}

// The view after a run: one pixel per navmesh column, heat on some of them, the pursuit's shapes over it.
async function viewChecks({ page, check }) {
  const r = await page.evaluate(() => {
    const p = kinemaPursuit;
    const [columns, rows] = p.grid3d;
    const words = new Uint32Array(p.heatCanvas.getContext("2d").getImageData(0, 0, columns, rows).data.buffer);
    let coloured = 0;
    for (const w of words) {
      const [r, g, b] = [w & 255, (w >> 8) & 255, (w >> 16) & 255];
      if (!(r === g && g === b)) coloured += 1;
    }
    return { columns, rows, canvas: [p.heatCanvas.width, p.heatCanvas.height], coloured,
      heat: p.result.frames.length, moving: p.overlay.moving.length, still: p.overlay.still.length,
      ms: p.pursuitMs };
  });
  check(r.canvas[0] === r.columns && r.canvas[1] === r.rows && r.coloured > 0 && r.moving > 0 && r.still > 0,
    `the view: one pixel per navmesh column (${r.columns} x ${r.rows}), ${r.coloured} columns in the first ` +
    `chase's heat, ${r.still} still and ${r.moving} moving shapes of the pursuit over them (run ${r.ms.toFixed(1)} ms)`,
    JSON.stringify(r));
}

// A route of three waypoints clicked on the lower corridor and the NPC pressed on its west end and dragged east (a level facing, y 0):
// the points land on the columns' floors (the lower corridor's and the upper one's) and the run is the CLI's for the fields' texts.
async function mouseChecks({ page, base, check, runCli, firstDifference }) {
  await page.goto(`${base}/pursuit.html?map=levels/corner_ramp.obj&view_range=10`);
  await settled(page);
  // The view point of world (x, z): columns from the grid's corner.
  const at = (x, z) => page.evaluate(([wx, wz]) => {
    const [, , cell, ox, oz] = kinemaPursuit.grid3d;
    return kinemaPursuit.view.clientPoint((wx - ox) / cell, (wz - oz) / cell);
  }, [x, z]);
  await page.selectOption("#tool", "npc");
  await page.mouse.move(...(await at(2.2, 2.2)));
  await page.mouse.down();
  await page.mouse.move(...(await at(6.2, 2.2)), { steps: 4 });
  await page.mouse.up();
  await page.selectOption("#tool", "route");
  for (const [x, z] of [[12.2, 2.2], [18.2, 2.2], [18.2, 27.8]]) {
    await page.mouse.click(...(await at(x, z)));
  }
  await page.waitForFunction(() => document.body.dataset.state === "done" &&
    document.getElementById("route").value.split(";").length === 3);
  const fields = await page.evaluate(() => ["route", "npc", "npc-dir"].map((id) => document.getElementById(id).value));
  const got = await page.textContent("#result-json");
  const want = runCli(["pursue", "--json", "--map", "levels/corner_ramp.obj", "--view-range", "10",
    "--route", fields[0], "--npc", fields[1], "--npc-dir", fields[2]]);
  const points = fields[0].split(";").concat([fields[1]]).map((p) => p.split(",").map(Number));
  check(got === want && points.every((p) => p.length === 3) && points[0][1] < 1 && points[2][1] > 2.5 &&
    fields[2].split(",")[1] === "0" && Number(fields[2].split(",")[0]) > 3,
  `route and NPC placed with the mouse on the navmesh (route ${fields[0]}, npc ${fields[1]} facing ${fields[2]}) run as the CLI`,
  got === want ? JSON.stringify(fields) : firstDifference(got, want));
}

export async function pursuit3dChecks({ page, base, check, runCli, cliMessage, firstDifference, shots }) {
  console.log("pursuit page: 3D levels (.obj) against kinema pursue --json");
  for (const [query, what] of runs) {
    await page.goto(`${base}/pursuit.html?${new URLSearchParams(queryPairs(query))}`);
    const state = await settled(page);
    if (state !== "done") {
      check(false, what, "page state " + state + ": " + (await page.textContent("#error")));
      continue;
    }
    const got = await page.textContent("#result-json");
    const want = runCli(cliArgs(query));
    const ms = await page.evaluate(() => kinemaPursuit.pursuitMs);
    check(got === want, `${what} (pursuit, JSON and picture ${ms.toFixed(1)} ms)`, got === want ? "" : firstDifference(got, want));
    if (what.includes("flood")) {
      await viewChecks({ page, check });
      await page.screenshot({ path: path.join(shots, "pursuit-3d.png") });
      // The agent_radius field: the navmesh built again, the scenario kept, the pursuit the CLI's with the flag.
      await page.fill("#setting-agent_radius", "0.9");
      await page.dispatchEvent("#setting-agent_radius", "change");
      await page.waitForFunction(() => document.body.dataset.state === "done" &&
        JSON.parse(kinemaPursuit.lab.navFields()).find((f) => f.name === "agent_radius").value === "0.9");
      const field = await page.textContent("#result-json");
      const wantField = runCli(cliArgs({ ...query, agent_radius: "0.9" }));
      check(field === wantField && field !== got, "the agent_radius field builds the navmesh again: = kinema pursue --agent-radius 0.9",
        field === wantField ? "" : firstDifference(field, wantField));
    }
  }
  await mouseChecks({ page, base, check, runCli, firstDifference });

  // A route off the navmesh (x 10, z 10 is in no corridor): the CLI's message.
  const off = { map: "levels/corner_ramp.obj", route: "10,0,10;12,0,2", npc: "2,0,2" };
  await page.goto(`${base}/pursuit.html?${new URLSearchParams(off)}`);
  const offState = await settled(page);
  const offShown = await page.textContent("#error");
  const offWant = cliMessage(["pursue", "--map", off.map, "--route", off.route, "--npc", off.npc]);
  check(offState === "error" && offShown === offWant && offWant !== "", `a route off the navmesh: the CLI's message (${offWant})`,
    `page: ${offShown}`);

  // A file that is not an OBJ mesh (a PNG's bytes named .obj): the CLI's message, the level stays.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kinema-web-pursuit3d-"));
  try {
    await page.goto(`${base}/pursuit.html?${new URLSearchParams(queryPairs(runs[0][0]))}`);
    await settled(page);
    const before = await page.textContent("#result-json");
    const png = fs.readdirSync(path.join(path.dirname(new URL(import.meta.url).pathname), "../../data/levels/images"))
      .find((f) => f.endsWith(".png"));
    fs.copyFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), "../../data/levels/images", png),
      path.join(dir, "not_a_mesh.obj"));
    const want = cliMessage(["pursue", "--map", "not_a_mesh.obj", "--route", ROUTE, "--npc", "2,0,2"], dir);
    await page.setInputFiles("#level-file", path.join(dir, "not_a_mesh.obj"));
    await page.waitForFunction(() => document.getElementById("error").textContent !== "");
    const shown = await page.textContent("#error");
    const still = await page.evaluate(() => [kinemaPursuit.is3d, kinemaPursuit.mapName]);
    check(shown === want && want.startsWith("not_a_mesh.obj") && still[0] && still[1] === "levels/corner_ramp.obj" &&
      (await page.textContent("#result-json")) === before,
    `a file that is not an OBJ mesh: the CLI's message (${want}), the level and its result stay`, `page: ${shown}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
