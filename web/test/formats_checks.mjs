// The designers' level formats on the pages (docs/web.md "Level formats"), part of the browser test: both
// pages' file pickers accept exactly the grid formats the WebAssembly module's registry reads, and their
// hints name each; a Tiled map opened through the flood page's picker floods as `kinema chase` floods the same
// file and as its kinema ASCII twin (our own levels in data/levels when there, and a room written here); a
// PNG mask is read as bytes and floods as the CLI floods it; a Tiled map whose tileset is another file shows a
// message that says the browser cannot read it, and the previous level stays; a Tiled map's share link holds it
// as kinema ASCII named .txt. Screenshot: flood-tiled.png.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { png, refersToFiles, tmj, tmx, twinText, wallGids } from "./level_files.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function settled(page) {
  await page.waitForFunction(() => ["done", "error"].includes(document.body.dataset.state), null, { timeout: 60000 });
  return page.evaluate(() => document.body.dataset.state);
}

/** The CLI's JSON (or its one-line error) for `kinema chase --map FILE FLAGS --json` run in FILE's folder. */
function cliChase(runCli, file, flags = []) {
  try {
    return { json: runCli(["chase", "--map", path.basename(file), ...flags, "--json"], path.dirname(file)) };
  } catch (e) {
    return { error: String(e.stderr).trim().replace(/^kinema: error: /, "") };
  }
}

const withoutMap = (json) => json.replace(/^\{"map":"[^"]*",/, "{");

/**
 * Opens `file` through the flood page's picker (its bytes, under its own name, as a user picks it), types
 * `from`/`dir` when given, and returns the page's JSON or error.
 */
async function openThroughPicker(page, file, from, dir) {
  const name = path.basename(file);
  await page.evaluate(() => (document.getElementById("error").textContent = ""));
  await page.setInputFiles("#level-file", { name, mimeType: "application/octet-stream", buffer: fs.readFileSync(file) });
  await page.waitForFunction((n) => kinemaFlood.mapName === n || document.getElementById("error").textContent !== "",
    name, { timeout: 60000 });
  // The loader's message (the previous level stays); a level without a seed loads, then asks for from=X,Y.
  if (await page.evaluate((n) => kinemaFlood.mapName !== n, name)) return { error: await page.textContent("#error") };
  if (from) {
    await page.fill("#from", from);
    await page.dispatchEvent("#from", "change");
    await page.fill("#dir", dir);
    await page.dispatchEvent("#dir", "change");
    await page.waitForTimeout(50);
  }
  const state = await settled(page);
  if (state === "error") return { error: await page.textContent("#error") };
  return { json: await page.textContent("#result-json") };
}

async function acceptChecks({ page, base, check }) {
  await page.goto(`${base}/flood.html`);
  await settled(page);
  const grids = (await page.evaluate(() => kinemaFlood.K.levelExtensions())).split(",");
  // Both pages read the 3D formats too (docs/web.md "3D levels on the flood page", "3D levels on the pursuit page").
  const meshes = (await page.evaluate(() => kinemaFlood.K.levelExtensions3d())).split(",");
  for (const [html, registry, what] of [["flood.html", grids.concat(meshes).sort(), "grid and 3D"],
    ["pursuit.html", grids.concat(meshes).sort(), "grid and 3D"]]) {
    await page.goto(`${base}/${html}`);
    const accept = (await page.getAttribute("#level-file", "accept")).split(",").sort();
    const hint = await page.evaluate(() => document.getElementById("level-file").closest("label").nextElementSibling.textContent);
    check(JSON.stringify(accept) === JSON.stringify(registry),
      `${html}: the picker accepts the registry's ${what} formats (${registry.join(" ")})`, `accept=${accept.join(",")}`);
    const unnamed = registry.filter((ext) => !hint.toLowerCase().includes(ext.slice(1)));
    check(unnamed.length === 0, `${html}: the hint names each of them`, `not named: ${unnamed.join(" ")} in "${hint}"`);
  }
}

export async function formatsChecks({ page, base, check, runCli, shots }) {
  console.log("the designers' formats on the pages (Tiled, LDtk, PNG/BMP)");
  await acceptChecks({ page, base, check });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kinema-web-formats-"));
  try {
    await page.goto(`${base}/flood.html?map=levels/corner.txt`);
    await settled(page);
    fs.writeFileSync(path.join(dir, "room.txt"), twinText);
    const twin = cliChase(runCli, path.join(dir, "room.txt"), ["--from", "1.5,1.5", "--dir", "1,0"]);
    for (const [name, content] of [["room.tmx", tmx()], ["room.tmj", tmj(wallGids)], ["room.png", png()]]) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, content);
      const got = await openThroughPicker(page, file, "1.5,1.5", "1,0");
      const want = cliChase(runCli, file, ["--from", "1.5,1.5", "--dir", "1,0"]);
      check(got.json !== undefined && got.json === want.json && withoutMap(got.json) === withoutMap(twin.json),
        `${name} through the picker: page JSON = CLI JSON = its ASCII twin's`,
        `page: ${got.error || got.json.slice(0, 200)}\n       cli: ${want.error || want.json.slice(0, 200)}`);
    }

    // Our own levels as Tiled maps, with their markers (the page runs from the player marker, as the CLI): one
    // with its tileset embedded, which floods as the CLI floods it and as its .txt original, and one whose
    // tileset is another file, which the browser cannot read.
    const tiled = path.join(root, "data/levels/tiled");
    const ours = fs.existsSync(tiled) ? fs.readdirSync(tiled).filter((f) => /\.(tmx|tmj)$/.test(f)).sort() : [];
    if (ours.length === 0) console.log("  skip our Tiled levels: data/levels/tiled not found");
    const embedded = ours.find((f) => !refersToFiles(fs.readFileSync(path.join(tiled, f), "utf8")));
    const apart = ours.find((f) => refersToFiles(fs.readFileSync(path.join(tiled, f), "utf8")));
    if (embedded) {
      await page.evaluate(() => document.activeElement.blur()); // the page fills a field only when not typed in
      const file = path.join(tiled, embedded);
      const got = await openThroughPicker(page, file);
      const want = cliChase(runCli, file);
      const original = path.join(root, "data/levels", embedded.replace(/\.[^.]*$/, ".txt"));
      const twinJson = cliChase(runCli, original).json;
      check(got.json !== undefined && got.json === want.json && withoutMap(got.json) === withoutMap(twinJson),
        `data/levels/tiled/${embedded} through the picker: page JSON = CLI JSON = ${path.basename(original)}'s`,
        got.error || "");
      await page.screenshot({ path: path.join(shots, "flood-tiled.png") });

      // Its share link holds the level as kinema ASCII, named .txt, and reopens to the same flood.
      await page.click("#share");
      await page.waitForFunction(() => location.hash.startsWith("#level="));
      const hash = new URL(page.url()).hash;
      const sharedName = new URLSearchParams(hash.slice(1)).get("name");
      await page.goto("about:blank");
      await page.goto(`${base}/flood.html${hash}`);
      const state = await settled(page);
      const again = state === "done" ? await page.textContent("#result-json") : await page.textContent("#error");
      check(sharedName === embedded.replace(/\.[^.]*$/, ".txt") && got.json !== undefined &&
        withoutMap(again) === withoutMap(got.json), `its share link names it ${sharedName} and reopens to the same flood`,
        again.slice(0, 200));
    }
    if (apart) {
      const got = await openThroughPicker(page, path.join(tiled, apart));
      check(got.error !== undefined && got.error.startsWith(apart + ": ") && /cannot be read in the browser/.test(got.error),
        `data/levels/tiled/${apart} (its tileset another file): the message says the browser cannot read it`,
        got.error || "no error");
    }

    // A tileset in another file: the browser has only the file picked.
    const before = await page.textContent("#result-json");
    const external = path.join(dir, "external.tmj");
    fs.writeFileSync(external, tmj(wallGids, undefined, [{ firstgid: 1, source: "walls.tsj" }]));
    const refused = await openThroughPicker(page, external);
    check(refused.error !== undefined && refused.error.startsWith("external.tmj: ") && refused.error.includes("walls.tsj") &&
      /cannot be read in the browser/.test(refused.error), "a tileset in another file: the message names it and says the browser cannot read it",
      refused.error || "no error");
    check(await page.textContent("#result-json") === before, "the previous level and its result stay");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
