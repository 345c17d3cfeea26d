// Writes the landing page's three thumbnails (web/site/index.html, between its "<!-- thumbnail:NAME -->" and
// "<!-- /thumbnail -->" comments) from the CLI's own pictures, as small inline SVG (scripts/web.sh copies only
// the site's HTML, CSS and JS, so the pictures travel inside the page):
//   flood    kinema chase --svg on data/levels/corner.txt (the flood's heat, seed, destination)
//   pursuit  kinema pursue --svg on corner.txt with docs/pursuit.md's example (route, NPC trail by state)
//   movement kinema simulate --json, Dishonored at 60 fps: a sprint east, a turn north, the release
// The map part of each SVG is kept (the legend and the faint tile grid are dropped), runs of equal tiles in a
// row become one rectangle, lines keep at most 60 points, and numbers are rounded to whole pixels.
// Usage: node web/test/make_thumbnails.mjs   (needs build/bin/kinema; KINEMA_CLI overrides)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const cli = process.env.KINEMA_CLI || path.join(root, "build/bin/kinema");
const indexHtml = path.join(root, "web/site/index.html");

function runCli(args) {
  return execFileSync(cli, args, { cwd: root, encoding: "utf8" });
}

const attrs = (tag) => Object.fromEntries([...tag.matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
const round = (v) => String(Math.round(Number(v)));

// The map part of a CLI SVG as a small SVG element with the given title.
function shrink(svg, title) {
  const tags = svg.split("\n").filter((l) => /^<(rect|circle|polyline|polygon)\b/.test(l));
  const clip = svg.match(/<clipPath id="map"><rect ([^/]*)\/>/);
  const tiles = tags.filter((t) => t.startsWith("<rect") && !t.includes('width="100%"')).map(attrs);
  const box = clip ? attrs(clip[1]) : {
    x: Math.min(...tiles.map((r) => +r.x)), y: Math.min(...tiles.map((r) => +r.y)),
    width: Math.max(...tiles.map((r) => +r.x + +r.width)) - Math.min(...tiles.map((r) => +r.x)),
    height: Math.max(...tiles.map((r) => +r.y + +r.height)) - Math.min(...tiles.map((r) => +r.y)) };
  const [x0, y0, x1, y1] = [+box.x, +box.y, +box.x + +box.width, +box.y + +box.height];
  const inside = (x, y) => x >= x0 - 1 && x <= x1 + 1 && y >= y0 - 1 && y <= y1 + 1;
  const out = [];
  let run = null; // a row of equal rectangles being merged
  const flush = () => {
    if (run) out.push(`<rect x="${round(run.x)}" y="${round(run.y)}" width="${round(run.w)}" height="${round(run.h)}" fill="${run.fill}"/>`);
    run = null;
  };
  for (const tag of tags) {
    const a = attrs(tag);
    if (tag.startsWith("<rect")) {
      if (a.width === "100%" || !inside(+a.x, +a.y)) continue;
      if (run && run.y === +a.y && run.h === +a.height && run.fill === a.fill && Math.abs(run.x + run.w - a.x) < 0.01) {
        run.w += +a.width;
        continue;
      }
      flush();
      run = { x: +a.x, y: +a.y, w: +a.width, h: +a.height, fill: a.fill };
      continue;
    }
    flush();
    if (a["stroke-opacity"] && +a["stroke-opacity"] < 0.5) continue; // the faint tile grid
    const style = ["fill", "stroke", "stroke-width", "stroke-dasharray"].filter((k) => a[k] !== undefined)
      .map((k) => `${k}="${a[k]}"`).join(" ");
    if (tag.startsWith("<circle")) {
      if (inside(+a.cx, +a.cy)) out.push(`<circle cx="${round(a.cx)}" cy="${round(a.cy)}" r="${a.r}" ${style}/>`);
      continue;
    }
    const points = a.points.trim().split(/\s+/).map((p) => p.split(",").map(Number));
    if (!points.every(([x, y]) => inside(x, y))) continue;
    const every = Math.max(1, Math.ceil(points.length / 60));
    const kept = points.filter((_, i) => i % every === 0 || i === points.length - 1);
    const type = tag.startsWith("<polygon") ? "polygon" : "polyline";
    out.push(`<${type} points="${kept.map(([x, y]) => round(x) + "," + round(y)).join(" ")}" ${style} stroke-linecap="round"/>`);
  }
  flush();
  return `<svg viewBox="${round(x0)} ${round(y0)} ${round(x1 - x0)} ${round(y1 - y0)}" role="img" ` +
    `preserveAspectRatio="xMidYMid meet"><title>${title}</title>\n${out.join("\n")}\n</svg>`;
}

function cliSvg(args, title) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kinema-thumb-"));
  const file = path.join(dir, "picture.svg");
  runCli([...args, "--svg", file]);
  const svg = fs.readFileSync(file, "utf8");
  fs.rmSync(dir, { recursive: true, force: true });
  return shrink(svg, title);
}

// The audit's distance picture (`kinema audit --svg PREFIX` writes PREFIX-distance.svg) with its places.
function auditSvg(level, title) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kinema-thumb-"));
  runCli(["audit", "--map", level, "--quiet", "--svg", path.join(dir, "a")]);
  const svg = fs.readFileSync(path.join(dir, "a-distance.svg"), "utf8");
  fs.rmSync(dir, { recursive: true, force: true });
  return shrink(svg, title);
}

// Dishonored at 60 fps: east for 50 frames, north-east for 30, then released; the trail one dot a frame and
// the last frame (where it came to rest) ringed.
function movementSvg() {
  const out = JSON.parse(runCli(["simulate", "--model", "dishonored", "--dt", String(1 / 60), "--frames", "160",
    "--input", "0:1,0;50:0.7071,-0.7071;80:0,0", "--json"]));
  const points = out.frames.map((f) => f.position);
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const pad = 40;
  const [x0, y0] = [Math.min(...xs) - pad, Math.min(...ys) - pad];
  const [w, h] = [Math.max(...xs) - x0 + pad, Math.max(...ys) - y0 + pad];
  const dots = points.map(([x, y]) => `<circle cx="${round(x)}" cy="${round(y)}" r="3" fill="#4b5ea8"/>`);
  const [ex, ey] = points[points.length - 1];
  return `<svg viewBox="${round(x0)} ${round(y0)} ${round(w)} ${round(h)}" role="img" ` +
    `preserveAspectRatio="xMidYMid meet"><title>Dishonored's movement at 60 fps: a sprint, a turn, the release ` +
    `and the stop point</title>\n${dots.join("\n")}\n` +
    `<circle cx="${round(ex)}" cy="${round(ey)}" r="14" fill="none" stroke="#1b9e3e" stroke-width="5"/>\n` +
    `<circle cx="${round(points[0][0])}" cy="${round(points[0][1])}" r="10" fill="#ffffff" stroke="#141414" stroke-width="3"/>\n</svg>`;
}

const thumbnails = {
  flood: cliSvg(["chase", "--map", "data/levels/corner.txt"], "The chase flood on corner.txt: heat from the seed, the guard's destination"),
  pursuit: cliSvg(["pursue", "--map", "data/levels/corner.txt", "--route", "12.5,2.5;17.5,2.5;17.5,28.5",
    "--npc", "2.5,2.5"], "A pursuit on corner.txt: the player's route, the NPC's trail by state"),
  movement: movementSvg(),
  audit: auditSvg("data/levels/warehouse_loop.txt",
    "The audit of warehouse_loop.txt: the mean chase distance from every cell, the numbered places"),
};
let html = fs.readFileSync(indexHtml, "utf8");
for (const [name, svg] of Object.entries(thumbnails)) {
  const re = new RegExp(`(<!-- thumbnail:${name} -->)[\\s\\S]*?(<!-- /thumbnail -->)`);
  if (!re.test(html)) throw new Error(`${indexHtml}: no thumbnail:${name} block`);
  html = html.replace(re, (_, open, close) => `${open}\n${svg}\n${close}`);
  console.log(`${name}: ${svg.length} characters`);
}
fs.writeFileSync(indexHtml, html);
