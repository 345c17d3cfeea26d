// The flood page's split destinations for a team (docs/chase.md "Split destinations for a team"), part of the
// browser test: on the T junction with equal branches the page's #result-json, its destinations and the
// result panel's lines equal `kinema chase --destinations 2` (JSON and text); its region border is the one
// tile edge between columns 14 and 15 of the cross corridor (tests/chase/split_test.cpp works out that the
// west region is columns 1-14); the numbered discs are drawn at both destinations; the destinations field
// gives K = 3 as the CLI, K = 1 as the CLI without the flag, and K = 0 the query's one-line message.
import path from "node:path";

const level = "levels/t_junction_equal.txt";
const GREEN = [27, 158, 62]; // palette::destination, the discs' fill

// Pixels of the map canvas in the discs' green within `half` device pixels of tile point (x, y).
async function greenPixelsNear(page, x, y, half) {
  return page.evaluate(([tx, ty, h, green]) => {
    const p = kinemaFlood;
    const [cx, cy] = p.view.toCanvas(tx / p.cellSize, ty / p.cellSize);
    const data = document.getElementById("map").getContext("2d")
      .getImageData(Math.round(cx - h), Math.round(cy - h), 2 * h, 2 * h).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      n += data[i] === green[0] && data[i + 1] === green[1] && data[i + 2] === green[2] ? 1 : 0;
    }
    return n;
  }, [x, y, half, GREEN]);
}

async function settled(page) {
  await page.waitForFunction(() => ["done", "error"].includes(document.body.dataset.state), null, { timeout: 60000 });
}

// Sets the destinations field as a user does (type, then change) and waits for the run.
async function typeDestinations(page, k) {
  await page.fill("#destinations", String(k));
  await page.dispatchEvent("#destinations", "change");
  await page.waitForTimeout(50);
  await settled(page);
}

// The CLI summary's split lines ("  1          tile (24, 2) at (24.5, 2.5): 23 cells, heat 216") as
// [number, text] pairs, and its header's text after "split".
function cliSplitLines(text) {
  const lines = text.split("\n");
  const at = lines.findIndex((l) => l.startsWith("split "));
  const header = lines[at].replace(/^split\s+/, "");
  const rows = [];
  for (const l of lines.slice(at + 1)) {
    const m = /^ {2}(\d+)\s+(tile .*)$/.exec(l);
    if (!m) break;
    rows.push([m[1], m[2]]);
  }
  return { header, rows };
}

export async function splitChecks({ page, base, check, runCli, compareWithCli, shots }) {
  console.log("flood page: split destinations for a team (destinations K) against kinema chase --destinations K");
  const json = await compareWithCli(page, base, { map: level, destinations: "2" },
    "t_junction_equal.txt, destinations 2: page JSON = CLI JSON");
  const want = JSON.parse(runCli(["chase", "--json", "--map", level, "--destinations", "2"]));
  const shown = await page.evaluate(() => kinemaFlood.result.destinations);
  check(JSON.stringify(shown) === JSON.stringify(want.destinations) &&
    JSON.stringify(shown) === "[[24.5,2.5],[6.5,2.5]]",
  `the page's two destinations are the CLI's: ${JSON.stringify(shown)} (one in each branch)`,
  "CLI: " + JSON.stringify(want.destinations));
  check(json !== undefined && JSON.parse(json).destination_regions.map((g) => [g.heat, g.cells]).join(";") === "216,23;189,14",
    "regions by hand: heat 216 over 23 cells (east, with the junction and the stem), 189 over 14 (west)");

  // The result panel: one line per destination, the CLI summary's words.
  const cli = cliSplitLines(runCli(["chase", "--map", level, "--destinations", "2"]));
  const panel = await page.$$eval("#numbers tr", (trs) => trs.map((tr) => [tr.dataset.destination || "",
    ...[...tr.cells].map((c) => c.textContent)]));
  const header = panel.find((r) => r[1] === "split");
  const rows = panel.filter((r) => r[0]).map((r) => [r[1], r[2]]);
  check(header && header[2] === cli.header && JSON.stringify(rows) === JSON.stringify(cli.rows) && rows.length === 2,
    `the result panel's lines are the CLI's: ${rows.map((r) => r.join(" ")).join(" | ")}`,
    `page ${JSON.stringify([header, rows])}, CLI ${JSON.stringify(cli)}`);

  // The border between the two regions: the west region is columns 1-14 of row 2, so one tile edge, x = 15.
  const borders = await page.evaluate(() => Array.from(kinemaFlood.borders || []));
  check(JSON.stringify(borders) === "[15,2,15,3]", `one region border, the edge x = 15 of row 2: ${JSON.stringify(borders)}`);
  // The numbered discs on the map: the destination green around each destination, none on a plain heated tile.
  const radius = await page.evaluate(() => Math.round(Math.min(12 * kinemaFlood.view.dpr(), kinemaFlood.view.pxPerTile())));
  const greens = [];
  for (const [x, y] of want.destinations) greens.push(await greenPixelsNear(page, x, y, radius));
  const away = await greenPixelsNear(page, 11.5, 2.5, radius);
  check(greens.every((n) => n > 20) && away === 0,
    `numbered discs drawn at both destinations (${greens.join(", ")} green pixels; ${away} at tile (11, 2))`);
  await page.screenshot({ path: path.join(shots, "flood-split.png") });

  // The field: K = 3 as the CLI; K = 1 as the CLI without the flag (no split fields); 0 the query's message.
  await typeDestinations(page, 3);
  const three = await page.textContent("#result-json");
  const wantThree = runCli(["chase", "--json", "--map", level, "--destinations", "3"]);
  check(three === wantThree, "destinations field 3: page JSON = CLI JSON with --destinations 3");
  await typeDestinations(page, 1);
  const one = await page.textContent("#result-json");
  check(one === runCli(["chase", "--json", "--map", level]) && !one.includes("destination_regions") &&
    (await page.$$("#numbers tr[data-destination]")).length === 0,
  "destinations field 1: page JSON = CLI JSON without --destinations, no split lines");
  await page.fill("#destinations", "0");
  await page.dispatchEvent("#destinations", "change");
  const message = await page.textContent("#error");
  let cliMessage = "";
  try {
    runCli(["chase", "--map", level, "--destinations", "0"]);
  } catch (e) {
    cliMessage = String(e.stderr).trim().replace(/^kinema: error: --/, "");
  }
  check(message === cliMessage && message === "destinations: must be in [1, 16], got 0",
    "destinations 0: the query's one-line message, as the CLI's: " + message, "CLI: " + cliMessage);
}
