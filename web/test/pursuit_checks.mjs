// The pursuit page's part of the browser test: #result-json against `kinema pursue --json` byte for byte on
// two of our levels and several strategies (query parameters mirror the CLI's flags), a route drawn with
// mouse clicks against the CLI for the same route, a route through a wall showing the CLI's one-line
// message, and a screenshot (view_checks.mjs takes the one docs/images/web-pursuit.png copies). Teams
// (teamChecks): two NPCs on the equal T junction, split and shared, against the CLI and the destinations
// docs/pursuit.md "Teams" gives, each NPC drawn in its colour, NPCs added and removed with the mouse, and
// NPCs too close showing the CLI's message.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const runs = [
  [{ map: "levels/corner.txt", route: "12.5,2.5;17.5,2.5;17.5,28.5", npc: "2.5,2.5", view_range: "10",
    player_speed: "7.5", strategy: "flood" }, "corner.txt, flood (docs/pursuit.md's example)"],
  [{ map: "levels/corner.txt", route: "12.5,2.5;17.5,2.5;17.5,28.5", npc: "2.5,2.5", view_range: "10",
    player_speed: "7.5", strategy: "dead-reckoning" }, "corner.txt, dead-reckoning"],
  [{ map: "levels/t_junction_unequal.txt", route: "16.5,7.5;16.5,2.5;40.5,2.5", npc: "16.5,9.5",
    npc_dir: "0,-1", strategy: "flood-paced", npc_model: "dishonored", search_time: "5" },
  "t_junction_unequal.txt, flood-paced, Dishonored NPC"],
  [{ map: "levels/t_junction_unequal.txt", route: "16.5,7.5;16.5,2.5;40.5,2.5", npc: "16.5,9.5",
    strategy: "last-known", view_range: "8", set: "spread=0.25" }, "t_junction_unequal.txt, last-known, --set spread"],
  [{ map: "levels/corner.txt", route: "12.5,2.5;17.5,2.5;17.5,28.5", npc: "2.5,2.5", view_range: "10",
    player_speed: "7.5", strategy: "intercept" }, "corner.txt, intercept"],
];

// A query's values may be lists: a repeated flag (--npc, --npc-dir) and a repeated query parameter.
const queryPairs = (query) => Object.entries(query).flatMap(([k, v]) => [].concat(v).map((one) => [k, one]));

function cliArgs(query) {
  const args = ["pursue", "--json"];
  for (const [k, v] of queryPairs(query)) args.push("--" + k.replace(/_/g, "-"), v);
  return args;
}

async function pursuitPage(page, base, query) {
  await page.goto(`${base}/pursuit.html?${new URLSearchParams(queryPairs(query))}`);
  await page.waitForFunction(() => ["done", "error", "ready"].includes(document.body.dataset.state), null,
    { timeout: 60000 });
  const state = await page.evaluate(() => document.body.dataset.state);
  if (state === "error") return { error: await page.textContent("#error") };
  return { json: await page.textContent("#result-json") };
}

export async function pursuitChecks({ page, base, check, runCli, firstDifference, shots, root, cli, site }) {
  console.log("pursuit page: #result-json against kinema pursue --json");
  for (const [query, what] of runs) {
    const got = await pursuitPage(page, base, query);
    if (got.error) {
      check(false, what, "page error: " + got.error);
      continue;
    }
    const want = runCli(cliArgs(query));
    check(got.json === want, what, got.json === want ? "" : firstDifference(got.json, want));
  }

  // Clicks: three waypoints and the NPC (pressed on a tile, dragged west) on corner.txt.
  await page.goto(`${base}/pursuit.html?map=levels/corner.txt`);
  await page.waitForFunction(() => document.body.dataset.state === "ready");
  // The client point of a tile point in the zoomable view (view.js).
  const at = (x, y) => page.evaluate(([px, py]) => kinemaPursuit.view.clientPoint(px, py), [x, y]);
  await page.selectOption("#tool", "npc");
  await page.mouse.move(...(await at(3.4, 2.6)));
  await page.mouse.down();
  await page.mouse.move(...(await at(1.5, 2.5)), { steps: 4 });
  await page.mouse.up();
  await page.selectOption("#tool", "route");
  for (const [x, y] of [[12.2, 2.7], [17.6, 2.1], [17.3, 20.8]]) await page.mouse.click(...(await at(x, y)));
  await page.waitForFunction(() => document.body.dataset.state === "done");
  const clicked = await page.textContent("#result-json");
  const drawn = await page.evaluate(() => ["route", "npc", "npc-dir"].map((id) => document.getElementById(id).value));
  const dir = drawn[2].split(",").map(Number);
  check(drawn[0] === "12.5,2.5;17.5,2.5;17.5,20.5" && drawn[1] === "3.5,2.5" &&
    Math.hypot(dir[0] + 2, dir[1]) < 0.1, "clicks give tile-centre waypoints and the NPC, the drag its facing",
  drawn.join(" | "));
  const wantClicked = runCli(cliArgs({ map: "levels/corner.txt", route: drawn[0], npc: drawn[1],
    npc_dir: drawn[2] }));
  check(clicked === wantClicked, "route and NPC drawn with the mouse: page JSON = CLI JSON",
    clicked === wantClicked ? "" : firstDifference(clicked, wantClicked));
  // Play and Pause on docs/pursuit.md's example (a run of several seconds), then the screenshot mid-run.
  await pursuitPage(page, base, runs[0][0]);
  await page.click("#play");
  await page.waitForTimeout(400);
  await page.click("#pause");
  const frame = await page.evaluate(() => window.kinemaPursuit.frame);
  const last = await page.evaluate(() => window.kinemaPursuit.scene.frame_count - 1);
  check(frame > 0 && frame < last, `Play from the start then Pause stops mid-run (animation frame ${frame} of ${last})`);
  await page.fill("#scrub", String(last >> 1));
  const scrubbed = await page.evaluate(() => [window.kinemaPursuit.frame, document.getElementById("time").textContent]);
  check(scrubbed[0] === last >> 1, `the time slider shows frame ${last >> 1} (t = ${scrubbed[1]} s)`);
  await page.screenshot({ path: path.join(shots, "pursuit.png") });

  // A level file through the file picker (the map named by its file name, as `--map NAME` in its directory),
  // the scenario typed into the fields.
  const fileDir = fs.mkdtempSync(path.join(site, "..", "pursuit-file-"));
  const file = path.join(fileDir, "room.txt");
  fs.writeFileSync(file, "name: room\n#########\n#.......#\n#.......#\n#...#...#\n#...#...#\n#.......#\n#########\n");
  await page.goto(`${base}/pursuit.html?map=levels/corner.txt`);
  await page.waitForFunction(() => document.body.dataset.state === "ready");
  await page.setInputFiles("#level-file", file);
  await page.waitForFunction(() => window.kinemaPursuit.mapName === "room.txt");
  await page.fill("#npc", "1.5,1.5");
  await page.fill("#route", "3.5,5.5;7.5,5.5;7.5,1.5");
  await page.selectOption("#setting-strategy", "breadcrumbs");
  await page.click("#run");
  const typed = await page.textContent("#result-json");
  const wantTyped = runCli(cliArgs({ map: "room.txt", route: "3.5,5.5;7.5,5.5;7.5,1.5", npc: "1.5,1.5",
    strategy: "breadcrumbs" }), fileDir);
  fs.rmSync(fileDir, { recursive: true, force: true });
  check(typed === wantTyped, "a level file from the picker, the scenario typed: page JSON = CLI JSON",
    typed === wantTyped ? "" : firstDifference(typed, wantTyped));

  // A route through a wall: the CLI's one-line message, no result.
  const bad = { map: "levels/corner.txt", route: "2.5,2.5;17.5,5.5", npc: "12.5,2.5" };
  const got = await pursuitPage(page, base, bad);
  let cliMessage = "";
  try {
    execFileSync(cli, cliArgs(bad), { cwd: site, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (e) {
    cliMessage = String(e.stderr).trim().replace(/^kinema: error: /, "");
  }
  check(got.error !== undefined && got.error === cliMessage && !cliMessage.includes("\n") &&
    cliMessage.startsWith("--route: segment 1 "), "a route through a wall: the CLI's message: " + got.error,
    "CLI: " + cliMessage);
  check((await page.textContent("#result-json")) === "", "a route through a wall: no result shown");
  await teamChecks({ page, base, check, runCli, firstDifference, shots });
}

// The main view's device pixels of each colour (0xRRGGBB), below the timeline strip.
async function colourCounts(page, colours, top) {
  return page.evaluate(([list, y0]) => {
    const c = document.getElementById("map");
    const data = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    const counts = list.map(() => 0);
    for (let i = y0 * c.width * 4; i < data.length; i += 4) {
      const k = list.indexOf((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      if (k >= 0) counts[k] += 1;
    }
    return counts;
  }, [colours, top]);
}

// The chase events' destinations, by NPC (the JSON's npc is 0-based).
function chaseDestinations(json) {
  const out = [];
  for (const e of JSON.parse(json).events) if (e.kind === "chase") out[e.npc] = e.destination;
  return JSON.stringify(out);
}

const TEAM = { map: "levels/t_junction_equal.txt", route: "16.5,6.5;16.5,2.5;3.5,2.5", npc: ["16.5,9.5", "16.5,8.5"],
  view_range: "3", player_speed: "7.5" };

export async function teamChecks({ page, base, check, runCli, firstDifference, shots }) {
  console.log("pursuit page: a team of two NPCs on the equal T junction");
  // docs/pursuit.md "Teams": split sends one NPC down each branch, shared both to the junction.
  const want = { split: "[[25.5,2.5],[7.5,2.5]]", shared: "[[16.5,2.5],[16.5,2.5]]" };
  for (const team of ["split", "shared"]) {
    const query = { ...TEAM, team };
    const got = await pursuitPage(page, base, query);
    const cli = runCli(cliArgs(query));
    check(got.json === cli, `two NPCs, ${team}: page JSON = CLI JSON`, got.error || firstDifference(got.json, cli));
    const destinations = got.json ? chaseDestinations(got.json) : got.error;
    check(destinations === want[team], `two NPCs, ${team}: chase destinations ${destinations}`, "want " + want[team]);
  }
  await pursuitPage(page, base, { ...TEAM, team: "split" });
  const shown = await page.evaluate(() => [getComputedStyle(document.getElementById("team")).display !== "none" &&
    document.getElementById("team").offsetParent !== null, document.getElementById("team").value,
  document.getElementById("team-explain").textContent, document.getElementById("numbers").innerText]);
  check(shown[0] && shown[1] === "split" && /flood/.test(shown[2]), "the team select shows split and explains it: " + shown[2]);
  check(/NPC 2\s+chase/.test(shown[3]) && /NPC 1\s+chase/.test(shown[3]), "the events name their NPC (NPC 1, NPC 2)",
    shown[3].replace(/\s+/g, " ").slice(0, 200));
  const top = await page.evaluate(() => 30 * kinemaPursuit.view.dpr());
  const [first, second] = await colourCounts(page, [0xd55e00, 0x009e73], top);
  check(first > 50 && second > 50, `the map shows NPC 1 and NPC 2 in their colours (${first} and ${second} device px)`);
  await page.screenshot({ path: path.join(shots, "pursuit-team-split.png") });

  // The mouse: "add an NPC" adds a second NPC (the team select appears), remove leaves one (it hides).
  await page.goto(`${base}/pursuit.html?${new URLSearchParams(queryPairs({ ...TEAM, npc: "16.5,9.5" }))}`);
  await page.waitForFunction(() => document.body.dataset.state === "done");
  const teamVisible = () => page.evaluate(() => document.getElementById("team").offsetParent !== null);
  const alone = await teamVisible();
  await page.click("#add-npc");
  const at = await page.evaluate(() => kinemaPursuit.view.clientPoint(16.3, 8.6));
  await page.mouse.click(...at);
  await page.waitForFunction(() => document.body.dataset.state === "done");
  const added = await page.evaluate(() => document.getElementById("npc").value);
  const together = await teamVisible();
  check(!alone && together && added === "16.5,9.5;16.5,8.5",
    `a press with "add an NPC" adds NPC 2 (npc ${added}) and shows the team select (before: ${alone})`);
  const clicked = await page.textContent("#result-json");
  const cliClicked = runCli(cliArgs(TEAM));
  check(clicked === cliClicked, "the NPC added with the mouse: page JSON = CLI JSON (split by default)",
    firstDifference(clicked, cliClicked));
  await page.click("#npc-list li:nth-child(1) button:has-text('remove')");
  const left = await page.evaluate(() => [document.getElementById("npc").value, document.body.dataset.state]);
  check(left[0] === "16.5,8.5" && !(await teamVisible()), `remove NPC 1 leaves NPC 2 alone (npc ${left[0]}, ${left[1]})`);

  // NPCs closer than npc_separation: the CLI's one-line message, no result.
  const close = { ...TEAM, npc: ["16.5,9.5", "16.5,9.3"] };
  const got = await pursuitPage(page, base, close);
  let message = "";
  try {
    runCli(cliArgs(close));
  } catch (e) {
    message = String(e.stderr).trim().replace(/^kinema: error: /, "");
  }
  check(got.error !== undefined && got.error === message && message.startsWith("--npc: NPC 2 "),
    "two NPCs too close: the CLI's message: " + got.error, "CLI: " + message);
  const badTeam = { ...TEAM, team: "pairs" };
  const gotTeam = await pursuitPage(page, base, badTeam);
  check(gotTeam.error === "--team: expected independent, shared or split, got 'pairs'",
    "an unknown team mode: the CLI's message: " + gotTeam.error);
}
