// The browser test's checks of what a newcomer meets first (docs/web.md, "Test"): the landing page (each link
// opens a page that loads without a console error; no internal shorthand on any page), the zoomable map view
// (wheel zoom about the cursor, Shift+drag pan, the keys, Fit to level; its redraw time), the shared maps list
// (served from ../shared/data without copying), the pursuit's result drawn on the main view (the heat's
// colours and the timeline's on the main canvas) and the movement page's layout (a checkbox for a boolean, the
// settings inside their panel, "1 frame"), with screenshots.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

// Internal shorthand no page may show (docs/web.md; the house rules).
const SHORTHAND = [/seed 0\d\d/i, /issue \d/i, /\bthe chapter\b/i];

async function viewState(page, global) {
  return page.evaluate((g) => {
    const v = window[g].view;
    return { scale: v.scale, x0: v.x0, y0: v.y0, range: v.visibleRange(), canvas: [v.canvas.width, v.canvas.height],
      css: [v.canvas.clientWidth, v.canvas.clientHeight], dpr: v.dpr() };
  }, global);
}

// Pixels of the view canvas (device pixels) whose colour is one of `colours` (0xRRGGBB), in rows [y0, y1).
async function countColours(page, colours, y0 = 0, y1 = Infinity) {
  return page.evaluate(([list, top, bottom]) => {
    const c = document.getElementById("map");
    const data = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    const wanted = new Set(list);
    let n = 0;
    for (let y = top; y < Math.min(bottom, c.height); ++y) {
      for (let x = 0; x < c.width; ++x) {
        const i = (y * c.width + x) * 4;
        if (wanted.has((data[i] << 16) | (data[i + 1] << 8) | data[i + 2])) n += 1;
      }
    }
    return n;
  }, [colours, y0, y1]);
}

async function landingChecks({ page, base, check, shots }) {
  console.log("landing page: links, thumbnails, no internal shorthand");
  await page.goto(`${base}/index.html`);
  const links = await page.evaluate(() => [...document.querySelectorAll("a[href]")].map((a) => [a.textContent.trim(), a.getAttribute("href")]));
  const cards = await page.evaluate(() => [...document.querySelectorAll(".card")].map((c) => [c.getAttribute("href"),
    c.querySelectorAll("svg").length, c.querySelector("h2").textContent, c.querySelector("p").textContent.length]));
  check(cards.length === 4 && cards.every(([, svgs, , words]) => svgs === 1 && words > 100),
    `four cards, each with a thumbnail and a sentence: ${cards.map((c) => c[2] + " -> " + c[0]).join(", ")}`);
  const header = await page.evaluate(() => [...document.querySelectorAll("header a")].map((a) => a.textContent));
  check(!links.some(([text]) => /MovementPursuit|PursuitMovement|FloodMovement/.test(text)),
    "no run-together links; the header's: " + header.join(" | "));
  const pages = [...new Set(["index.html", ...links.map(([, href]) => href)])];
  for (const href of pages) {
    const errors = [];
    const onConsole = (m) => m.type() === "error" && errors.push(m.text());
    const onError = (e) => errors.push(String(e));
    page.on("console", onConsole);
    page.on("pageerror", onError);
    await page.goto(`${base}/${href}`);
    if (href !== "index.html") {
      await page.waitForFunction(() => ["ready", "done"].includes(document.body.dataset.state), null, { timeout: 60000 });
    }
    await page.waitForTimeout(200);
    page.off("console", onConsole);
    page.off("pageerror", onError);
    const text = await page.evaluate(() => document.body.innerText + document.title);
    const found = SHORTHAND.filter((re) => re.test(text)).map(String);
    check(errors.length === 0 && found.length === 0, `${href} loads without console errors and without internal ` +
      `shorthand`, errors.concat(found).join("; "));
    if (href === "index.html") await page.screenshot({ path: path.join(shots, "index.png") });
  }
}

async function zoomChecks({ page, base, check, shots, sharedMaps }) {
  console.log("flood page: zoom and pan");
  const shared = fs.existsSync(path.join(sharedMaps, "den011d.map"));
  const query = shared ? "map=maps/den011d.map&from=120.5,80.5&dir=1,0" : "map=levels/t_junction_unequal.txt";
  await page.goto(`${base}/flood.html?${query}`);
  await page.waitForFunction(() => document.body.dataset.state === "done", null, { timeout: 60000 });
  const fit = await viewState(page, "kinemaFlood");
  const [lw, lh] = await page.evaluate(() => [kinemaFlood.lab.width(), kinemaFlood.lab.height()]);
  check(fit.canvas[0] === Math.round(fit.css[0] * fit.dpr) && fit.range[2] - fit.range[0] === lw &&
    fit.range[3] - fit.range[1] === lh, `fit to level: all ${lw} x ${lh} tiles visible, the canvas ` +
    `${fit.canvas.join(" x ")} device px for ${fit.css.join(" x ")} CSS px (no CSS scaling)`);
  // Wheel up over a tile: the view zooms in about the cursor (that tile stays under it).
  // Whole pixels: the wheel event's clientX and clientY are whole CSS pixels.
  const [cx, cy] = (await page.evaluate(() => kinemaFlood.view.clientPoint(kinemaFlood.result.seed_position[0],
    kinemaFlood.result.seed_position[1]))).map(Math.round);
  await page.mouse.move(cx, cy);
  const before = await page.evaluate(([x, y]) => {
    const v = kinemaFlood.view;
    const r = v.canvas.getBoundingClientRect();
    return v.cssToTile(x - r.left - v.canvas.clientLeft, y - r.top - v.canvas.clientTop);
  }, [cx, cy]);
  for (let i = 0; i < 8; ++i) {
    await page.mouse.wheel(0, -100);
    await page.waitForTimeout(30);
  }
  const zoomed = await viewState(page, "kinemaFlood");
  const after = await page.evaluate(([x, y]) => {
    const v = kinemaFlood.view;
    const r = v.canvas.getBoundingClientRect();
    return v.cssToTile(x - r.left - v.canvas.clientLeft, y - r.top - v.canvas.clientTop);
  }, [cx, cy]);
  const visible = (s) => (s.range[2] - s.range[0]) * (s.range[3] - s.range[1]);
  check(zoomed.scale > fit.scale * 5 && visible(zoomed) < visible(fit) / 20 &&
    Math.hypot(after[0] - before[0], after[1] - before[1]) < 1e-6,
    `wheel: ${fit.scale.toFixed(2)} -> ${zoomed.scale.toFixed(2)} px a tile, visible tiles ${visible(fit)} -> ` +
    `${visible(zoomed)}, the tile under the cursor stays (${before.map((v) => v.toFixed(2))})`);
  // Shift+drag pans by the drag; the arrow keys pan; + zooms; Fit to level restores the fit.
  await page.keyboard.down("Shift");
  await page.mouse.down();
  await page.mouse.move(cx - 100, cy - 40, { steps: 4 });
  await page.mouse.up();
  await page.keyboard.up("Shift");
  const panned = await viewState(page, "kinemaFlood");
  check(Math.abs(panned.x0 - (zoomed.x0 + 100 / zoomed.scale)) < 1e-6 && Math.abs(panned.y0 - (zoomed.y0 + 40 / zoomed.scale)) < 1e-6,
    `Shift+drag 100 px left, 40 up: the view moves ${(panned.x0 - zoomed.x0).toFixed(3)}, ${(panned.y0 - zoomed.y0).toFixed(3)} tiles`);
  const seedFrom = await page.evaluate(() => document.getElementById("from").value);
  check(seedFrom === "120.5,80.5" || !shared, `a pan drag is not a seed drag (from stays ${seedFrom})`);
  await page.focus("#map");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("+");
  const keyed = await viewState(page, "kinemaFlood");
  check(keyed.x0 > panned.x0 && Math.abs(keyed.scale - panned.scale * 1.25) < 1e-9,
    `keys: ArrowRight pans right, + zooms by 1.25 (${panned.scale.toFixed(2)} -> ${keyed.scale.toFixed(2)})`);
  await page.click("#fit");
  const refit = await viewState(page, "kinemaFlood");
  check(refit.scale === fit.scale && refit.x0 === fit.x0 && refit.y0 === fit.y0, "Fit to level restores the fit");
  await page.click("#follow");
  await page.waitForTimeout(100);
  const follow = await page.evaluate(() => {
    const v = kinemaFlood.view;
    const [sx, sy] = kinemaFlood.result.seed_position;
    return [v.x0 + v.cssW / 2 / v.scale - sx, v.y0 + v.cssH / 2 / v.scale - sy, v.scale];
  });
  check(Math.abs(follow[0]) < 1e-9 && Math.abs(follow[1]) < 1e-9 && follow[2] >= 8,
    `Follow the seed: the seed at the view's centre, ${follow[2].toFixed(1)} px a tile`);
  await page.click("#follow");
  // The screenshot: 12 px a tile about the middle of the seed and the destination (both marks in view).
  await page.evaluate(() => {
    const r = kinemaFlood.result;
    kinemaFlood.view.scale = 12;
    kinemaFlood.view.centreOn((r.seed_position[0] + r.destination[0]) / 2, (r.seed_position[1] + r.destination[1]) / 2);
  });
  await page.waitForTimeout(100);
  await page.screenshot({ path: path.join(shots, "flood-zoomed.png") });
  if (shared) fs.copyFileSync(path.join(shots, "flood-zoomed.png"), path.join(root, "docs/images/web-flood.png"));
  await page.click("#fit");
}

// The redraw time of the view on the 1024 x 1024 level (called by the large-map test with its page open): five
// redraws at each of five zooms, each rasterized (a pixel read back) before the next.
export async function redrawTime({ page, check }) {
  const ms = await page.evaluate(async () => {
    const v = kinemaFlood.view;
    const times = [];
    for (const factor of [1, 4, 16, 64, 1 / 64]) {
      if (factor !== 1) v.zoomAt(factor, v.cssW / 2, v.cssH / 2);
      const t0 = performance.now();
      // Reading a pixel back makes the browser rasterize the recorded drawing now, so it is timed too.
      for (let i = 0; i < 5; ++i) {
        drawMap();
        v.canvas.getContext("2d").getImageData(0, 0, 1, 1);
      }
      times.push([v.scale, (performance.now() - t0) / 5]);
    }
    v.fit();
    return times;
  });
  console.log("  redraw of the view, 1024 x 1024 level: " + ms.map(([s, t]) => `${t.toFixed(2)} ms at ` +
    `${s.toFixed(2)} px a tile`).join(", "));
  check(ms.every(([, t]) => t < 1000 / 60), "1024 x 1024: every redraw of the view fits a 60 Hz frame " +
    `(longest ${Math.max(...ms.map(([, t]) => t)).toFixed(2)} ms)`);
}

async function mapsListChecks({ page, base, check, shots, sharedMaps }) {
  if (!fs.existsSync(sharedMaps)) {
    console.log("  skip the maps list: " + sharedMaps + " not found");
    return;
  }
  console.log("flood page: the shared maps list");
  await page.goto(`${base}/flood.html`);
  await page.waitForFunction(() => document.body.dataset.state === "done");
  const options = await page.evaluate(() => [...document.querySelectorAll("#level-select optgroup")]
    .map((g) => [g.label, g.querySelectorAll("option").length]));
  const files = fs.readdirSync(sharedMaps).filter((f) => f.endsWith(".map")).length;
  // And the shared 3D meshes (../shared/data/meshes, served as meshes/), when present.
  const meshDir = path.join(path.dirname(sharedMaps), "meshes");
  const meshes = fs.existsSync(meshDir) ? fs.readdirSync(meshDir).filter((f) => f.endsWith(".obj")).length : 0;
  const groups = meshes ? 3 : 2;
  check(options.length === groups && options[1][1] === files && (!meshes || options[2][1] === meshes),
    `the level picker lists our levels, the ${files} shared maps and the ${meshes} shared meshes: ` +
    JSON.stringify(options));
  await page.selectOption("#level-select", "maps/den011d.map");
  await page.waitForFunction(() => kinemaFlood.mapName === "maps/den011d.map");
  await page.fill("#from", "120.5,80.5");
  await page.dispatchEvent("#from", "change");
  await page.waitForFunction(() => document.body.dataset.state === "done");
  const shown = await page.evaluate(() => {
    const s = document.getElementById("level-select");
    const from = document.getElementById("from");
    return [s.options[s.selectedIndex].textContent, from.scrollWidth <= from.clientWidth, from.value];
  });
  check(shown[0] === "den011d.map" && !/built-in/.test(shown[0]) && shown[1],
    `the picker shows the loaded map ("${shown[0]}"), the from box shows all of "${shown[2]}"`);
  await page.screenshot({ path: path.join(shots, "flood-den011d.png") });
}

async function pursuitViewChecks({ page, base, check, shots }) {
  console.log("pursuit page: the result on the main view");
  await page.goto(`${base}/pursuit.html?map=levels/corner.txt`);
  await page.waitForFunction(() => document.body.dataset.state === "ready");
  const heat = await page.evaluate(() => {
    const p = kinemaPursuit;
    const hot = JSON.parse(p.lab.floodFields()).find((f) => f.name === "hot").value;
    return Array.from({ length: Number(hot) }, (_, k) => p.K.tileColour(k + 1, Number(hot)));
  });
  const states = [0xe69f00, 0x009e73]; // chase, search
  const stripPx = await page.evaluate(() => 30 * kinemaPursuit.view.dpr());
  const noRun = await countColours(page, heat);
  await page.goto(`${base}/pursuit.html?map=levels/corner.txt&route=12.5,2.5;17.5,2.5;17.5,28.5&npc=2.5,2.5&view_range=10`);
  await page.waitForFunction(() => document.body.dataset.state === "done");
  await page.waitForTimeout(100);
  const withRun = await countColours(page, heat, stripPx);
  const timeline = await countColours(page, states, 0, stripPx);
  check(noRun === 0 && withRun > 1000, `the main view draws the flood's heat after a run (${withRun} device px ` +
    `of heat colours; ${noRun} before it)`);
  check(timeline > 100, `the timeline on the main view shows the NPC's states (${timeline} px of chase/search colours)`);
  const legend = await page.evaluate(() => document.getElementById("legend").innerText);
  check(/flood heat/.test(legend) && /search/.test(legend) && /route/.test(legend), "the legend names the heat, " +
    "the NPC's states and the route: " + legend.replace(/\s+/g, " ").slice(0, 80) + "...");
  // A click on the timeline shows that time.
  const [x0, x1, y] = await page.evaluate(() => timelineBox().map((v) => v / kinemaPursuit.view.dpr()));
  const box = await page.locator("#map").boundingBox();
  await page.mouse.click(box.x + 1 + (x0 + x1) / 2, box.y + 1 + y + 4);
  const mid = await page.evaluate(() => [kinemaPursuit.frame, kinemaPursuit.scene.frame_count - 1]);
  check(Math.abs(mid[0] - mid[1] / 2) <= 2, `a click mid-timeline shows the middle of the run (frame ${mid[0]} of ${mid[1]})`);
  await page.screenshot({ path: path.join(shots, "pursuit-main.png") });
  fs.copyFileSync(path.join(shots, "pursuit-main.png"), path.join(root, "docs/images/web-pursuit.png"));
}

async function movementLayoutChecks({ page, base, check, shots }) {
  console.log("movement page: layout");
  await page.goto(`${base}/movement.html?clock=manual&model=unreal&fps=60`);
  await page.waitForFunction(() => document.body.dataset.state === "ready");
  const layout = await page.evaluate(() => {
    const box = document.getElementById("settings");
    const inside = [...box.querySelectorAll("input")].every((i) => i.getBoundingClientRect().right <= box.getBoundingClientRect().right);
    const flag = document.getElementById("setting-use_separate_braking_friction");
    return [inside, flag.type, flag.checked];
  });
  check(layout[0], "every settings field is inside its box");
  check(layout[1] === "checkbox" && layout[2] === false, "a boolean setting is a checkbox (use_separate_braking_friction)");
  await page.check("#setting-use_separate_braking_friction");
  const value = await page.evaluate(() => JSON.parse(kinemaMovement.sim.lab.fields())
    .find((f) => f.name === "use_separate_braking_friction").value);
  check(value === "true", "ticking it sets the field (" + value + ")");
  await page.uncheck("#setting-use_separate_braking_friction");
  await page.evaluate(() => kinemaMovement.advance(1));
  const numbers = await page.textContent("#numbers");
  check(/(^|\D)1 frame(?!s)/.test(numbers) && !/(^|\D)1 frames/.test(numbers), "one frame reads \"1 frame\": " +
    numbers.match(/simulated[^a-z]*[a-z]*/)[0]);
  // Both stop marks on a release (Unreal: the exact ring and Epic's estimate), labelled.
  await page.click("#stage");
  await page.keyboard.down("KeyD");
  await page.evaluate(() => kinemaMovement.advance(60));
  await page.keyboard.up("KeyD");
  await page.evaluate(() => kinemaMovement.advance(1));
  const marks = await page.evaluate(() => {
    const c = document.getElementById("stage");
    const data = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    let ring = 0;
    let epic = 0;
    for (let i = 0; i < data.length; i += 4) {
      const rgb = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
      if (rgb === 0x1b9e3e) ring += 1;
      if (rgb === 0xd01c8b) epic += 1;
    }
    return [ring, epic];
  });
  check(marks[0] > 50 && marks[1] > 50, `both stop marks are visible (${marks[0]} px of the exact ring's green, ` +
    `${marks[1]} px of Epic's magenta)`);
  await page.screenshot({ path: path.join(shots, "movement-unreal.png") });
  fs.copyFileSync(path.join(shots, "movement-unreal.png"), path.join(root, "docs/images/web-movement.png"));
}

export async function viewChecks(ctx) {
  await landingChecks(ctx);
  await zoomChecks(ctx);
  await mapsListChecks(ctx);
  await pursuitViewChecks(ctx);
  await movementLayoutChecks(ctx);
}
