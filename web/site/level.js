// What the flood and pursuit pages share (docs/web.md): the level picker (our levels, a file, a URL) and the
// map canvas's set-up (its scale, the tile under the pointer, the walls and floor in render::tile_colour's
// palette). A page passes its `page` object: page.parseLevel(text, name) (resolves to the loader's message,
// "" when the level was loaded; on error the previous level stays) and page.levelLoaded(name), called after a
// level was loaded.
"use strict";

const $ = (id) => document.getElementById(id);
const MAP_PX = 640; // the map view's largest side, px

function showError(message) {
  $("error").textContent = message;
  if (message) document.body.dataset.state = "error";
}

// Parses a level file's text; false after showing the loader's message (NAME:LINE: ...).
async function loadLevelText(page, text, name) {
  const error = await page.parseLevel(text, name);
  if (error) {
    showError(error); // the previous level stays (the lab keeps it)
    return false;
  }
  showError("");
  page.levelLoaded(name);
  return true;
}

async function loadLevelUrl(page, url) {
  const select = $("level-select");
  if ([...select.options].some((o) => o.value === url)) select.value = url;
  const response = await fetch(url);
  if (!response.ok) {
    showError(url + ": cannot load (HTTP " + response.status + ")");
    return false;
  }
  return loadLevelText(page, await response.text(), url);
}

// Adds our levels (levels/index.json, written by scripts/web.sh) to the level picker.
async function fillLevelList() {
  try {
    const names = await (await fetch("levels/index.json")).json();
    for (const name of names) $("level-select").add(new Option(name, "levels/" + name));
  } catch (e) {
    // A page served without levels/ still works with files and the built-in level.
  }
}

// Pixels per tile for a width x height level in the map view (at most maxTile, the longest side MAP_PX).
function mapScale(width, height, maxTile) {
  return Math.min(maxTile, MAP_PX / Math.max(width, height));
}

// The point under a pointer event in tiles (fractional), for a canvas showing width x height tiles.
function eventTile(canvas, event, width, height) {
  const rect = canvas.getBoundingClientRect();
  return [((event.clientX - rect.left) / rect.width) * width, ((event.clientY - rect.top) / rect.height) * height];
}

// An ImageData of one pixel per tile: walls and floor in render::tile_colour's colours (-3 wall, -2 floor).
// isFloor(i) says whether tile i (row-major) is floor.
function levelImage(K, width, height, isFloor) {
  const image = new ImageData(width, height);
  const words = new Uint32Array(image.data.buffer); // RGBA bytes as little-endian words: 0xAABBGGRR
  const wall = rgba(K.tileColour(-3, 1));
  const floor = rgba(K.tileColour(-2, 1));
  for (let i = 0; i < words.length; ++i) words[i] = isFloor(i) ? floor : wall;
  return image;
}

// 0xRRGGBB as an opaque pixel word of a Uint32Array view on ImageData (little-endian: 0xAABBGGRR).
function rgba(c) {
  return (0xff000000 | ((c & 255) << 16) | (c & 0xff00) | (c >> 16)) >>> 0;
}
