// What the flood, pursuit and audit pages share (docs/web.md): a registry field as a labelled input, the level picker (our levels, the shared Moving AI
// maps when the server has a maps/ list, a file opened or dropped, a URL) and the walls and floor in
// render::tile_colour's palette. A page passes its `page` object: page.parseLevel(text, name) (resolves to the loader's message,
// "" when the level was loaded; on error the previous level stays) and page.levelLoaded(name), called after a
// level was loaded.
"use strict";

const $ = (id) => document.getElementById(id);
const openedFiles = new Map(); // picker value "file:NAME" -> the content of a file opened from disk

// The level formats whose files are binary (collision-mask images): read as bytes (a Uint8Array, which the
// WebAssembly module takes as the file's bytes), since decoding them as text would change them. The other
// formats (.map, .txt, Tiled's .tmx/.tmj/.json, LDtk's .ldtk) are read as text.
// A navmesh file (.nav) is binary too.
const isBinaryLevel = (name) => /\.(png|bmp|nav)$/i.test(name);
// 3D levels (an OBJ mesh, a navmesh file): the flood and pursuit pages build their navmeshes (docs/web.md
// "3D levels on the flood page").
const is3dLevel = (name) => /\.(obj|nav)$/i.test(name);

// One registry field (a lab's fields(): name, type, value, unit, range, default, doc, min, max, choices) as a
// label holding its name, its input (id "setting-NAME": a <select> for a choice, a number otherwise) and its
// unit, with the field's doc, range and default as the tooltip. The page adds the input's listeners.
function registryField(f) {
  const label = document.createElement("label");
  label.title = f.doc + " (" + f.unit + ", " + f.range + ", default " + f.default + ")";
  label.append(f.name + " ");
  let input;
  if (f.type === "choice") {
    input = document.createElement("select");
    for (const c of f.choices) input.add(new Option(c, c));
  } else {
    input = Object.assign(document.createElement("input"), { type: "number", step: "any" });
    if (f.min !== null && f.min !== undefined) input.min = f.min;
    if (f.max !== null && f.max !== undefined) input.max = f.max;
  }
  input.value = f.value;
  input.id = "setting-" + f.name;
  const unit = Object.assign(document.createElement("span"), { className: "unit",
    textContent: f.type === "choice" ? "" : " " + f.unit });
  const span = document.createElement("span");
  span.append(input, unit);
  label.append(span);
  return { label, input };
}

function showError(message) {
  $("error").textContent = message;
  if (message) document.body.dataset.state = "error";
}

// Parses a level file's content (its text, or its bytes for an image); false after showing the loader's
// message (NAME:LINE: ...). `value` is its entry in the level picker (a URL, or "file:NAME" for a file from
// disk, added to the picker).
async function loadLevelText(page, text, name, value = "file:" + name) {
  const error = await page.parseLevel(text, name);
  if (error) {
    showError(error); // the previous level stays (the lab keeps it)
    return false;
  }
  showError("");
  if (value.startsWith("file:")) openedFiles.set(value, text);
  showInPicker(value, name.split("/").pop() + " (opened)");
  page.levelLoaded(name);
  return true;
}

// Selects the picker's entry for the loaded level, adding it when it is not listed.
function showInPicker(value, label) {
  const select = $("level-select");
  if (![...select.options].some((o) => o.value === value)) select.add(new Option(label, value));
  select.value = value;
}

// A file from the file input or dropped on the view. A 3D level larger than the CLI reads
// (K.maxLevelBytes3d: 64 MiB of OBJ, 256 MiB of navmesh file) is refused with the CLI's message before it is read: a
// file of gigabytes would not fit in the page's memory, let alone the module's.
async function loadLevelFile(page, file) {
  const limit = is3dLevel(file.name) ? page.K.maxLevelBytes3d(file.name) : Infinity;
  if (file.size > limit) {
    showError(`${file.name}: larger than the limit of ${limit} bytes (${file.size} bytes)`);
    return false;
  }
  const content = isBinaryLevel(file.name) ? new Uint8Array(await file.arrayBuffer()) : await file.text();
  return loadLevelText(page, content, file.name);
}

// Lets files be dropped on `canvas`.
function bindDrop(page, canvas) {
  canvas.addEventListener("dragover", (e) => {
    e.preventDefault();
    canvas.classList.add("dragover");
  });
  canvas.addEventListener("dragleave", () => canvas.classList.remove("dragover"));
  canvas.addEventListener("drop", (e) => {
    e.preventDefault();
    canvas.classList.remove("dragover");
    if (e.dataTransfer.files.length) loadLevelFile(page, e.dataTransfer.files[0]);
  });
}

async function loadLevelUrl(page, url) {
  if (openedFiles.has(url)) return loadLevelText(page, openedFiles.get(url), url.slice(5));
  const response = await fetch(url);
  if (!response.ok) {
    showError(url + ": cannot load (HTTP " + response.status + ")");
    return false;
  }
  const content = isBinaryLevel(url) ? new Uint8Array(await response.arrayBuffer()) : await response.text();
  return loadLevelText(page, content, url, url);
}

// Adds our levels (levels/index.json, written by scripts/web.sh) and, when the server lists them, the shared
// Moving AI maps (maps/index.json: web/test/serve.mjs serves ../shared/data/maps there, without copying) to
// the level picker; with `with3d`, our 3D levels too and the shared meshes (meshes/index.json, from
// ../shared/data/meshes likewise).
async function fillLevelList(with3d = false) {
  const dirs = [["levels", "Our levels"], ["maps", "Moving AI maps (../shared/data)"]];
  if (with3d) dirs.push(["meshes", "3D meshes (../shared/data)"]);
  for (const [dir, label] of dirs) {
    try {
      const response = await fetch(dir + "/index.json");
      if (!response.ok) continue;
      const group = document.createElement("optgroup");
      group.label = label;
      for (const name of await response.json()) {
        if (with3d || !is3dLevel(name)) group.append(new Option(name, dir + "/" + name));
      }
      if (!group.children.length) continue;
      $("level-select").append(group);
    } catch (e) {
      // A page served without levels/ or maps/ still works with files and the built-in level.
    }
  }
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
