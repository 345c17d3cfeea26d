// The zoomable map view the flood and pursuit pages share (docs/web.md, "Zoom and pan"). The level is kept as
// one pixel per tile in an offscreen canvas; each redraw copies only the visible tiles into the view canvas,
// whose backing store has devicePixelRatio pixels per CSS pixel, with smoothing off: tiles stay sharp at any
// zoom, and a 1024 x 1024 level costs no more to draw than the view's own pixels.
// Wheel zooms about the cursor; a drag with the middle or right button, or with Shift held, pans; the keys
// + and - zoom, the arrows pan, 0 fits the level. A page draws its marks in tile coordinates through
// view.toCanvas (device pixels) and asks for a redraw with view.changed().
"use strict";

const ZOOM_STEP = 1.25; // one wheel notch or key press
const MIN_PX_PER_TILE = 0.05;
const MAX_PX_PER_TILE = 96;
const PAN_KEY_FRACTION = 0.1; // an arrow key pans a tenth of the view

class MapView {
  // canvas: the view's <canvas>, sized by CSS (its style width and height); onChange(): the page redraws.
  constructor(canvas, onChange) {
    this.canvas = canvas;
    this.onChange = onChange;
    this.width = 1; // the level, tiles
    this.height = 1;
    this.scale = 1; // CSS px per tile
    this.x0 = 0; // the tile coordinate at the view's left and top edges
    this.y0 = 0;
    this.follow = null; // () => [x, y] tiles to keep centred, or null
    this.drawMs = []; // the last redraws' durations (the browser test prints them)
    this.panning = null;
    this.insetTop = 0;
    this.resize();
    this.bind();
  }

  dpr() {
    return window.devicePixelRatio || 1;
  }

  // Sizes the backing store to the canvas's CSS box at devicePixelRatio.
  resize() {
    const cssW = this.canvas.clientWidth || 640;
    const cssH = this.canvas.clientHeight || 640;
    this.cssW = cssW;
    this.cssH = cssH;
    const w = Math.round(cssW * this.dpr());
    const h = Math.round(cssH * this.dpr());
    if (this.canvas.width !== w) this.canvas.width = w;
    if (this.canvas.height !== h) this.canvas.height = h;
  }

  // A new level: the view fits it.
  setLevel(width, height) {
    this.width = width;
    this.height = height;
    this.fit();
  }

  // The whole level in the view, below the page's strip along the top edge (insetTop CSS px).
  fit() {
    this.resize();
    const h = this.cssH - this.insetTop;
    this.scale = Math.min(this.cssW / this.width, h / this.height);
    this.x0 = (this.width - this.cssW / this.scale) / 2;
    this.y0 = (this.height - h / this.scale) / 2 - this.insetTop / this.scale;
    this.changed();
  }

  // Zooms by `factor` keeping the tile under CSS point (px, py) of the view where it is.
  zoomAt(factor, px, py) {
    const scale = Math.min(MAX_PX_PER_TILE, Math.max(MIN_PX_PER_TILE, this.scale * factor));
    const [tx, ty] = this.cssToTile(px, py);
    this.scale = scale;
    this.x0 = tx - px / scale;
    this.y0 = ty - py / scale;
    this.changed();
  }

  panBy(dx, dy) {
    this.x0 -= dx / this.scale;
    this.y0 -= dy / this.scale;
    this.changed();
  }

  centreOn(x, y) {
    this.x0 = x - this.cssW / 2 / this.scale;
    this.y0 = y - this.cssH / 2 / this.scale;
    this.changed();
  }

  changed() {
    this.onChange();
  }

  cssToTile(px, py) {
    return [this.x0 + px / this.scale, this.y0 + py / this.scale];
  }

  // The tile point (fractional) under a pointer event.
  eventTile(event) {
    const rect = this.canvas.getBoundingClientRect();
    return this.cssToTile(event.clientX - rect.left - this.canvas.clientLeft, event.clientY - rect.top - this.canvas.clientTop);
  }

  // A tile point in the page's client coordinates (for tests and tooltips).
  clientPoint(x, y) {
    const rect = this.canvas.getBoundingClientRect();
    return [rect.left + this.canvas.clientLeft + (x - this.x0) * this.scale,
      rect.top + this.canvas.clientTop + (y - this.y0) * this.scale];
  }

  // A tile point in the canvas's device pixels.
  toCanvas(x, y) {
    const k = this.scale * this.dpr();
    return [(x - this.x0) * k, (y - this.y0) * k];
  }

  // Device pixels per tile.
  pxPerTile() {
    return this.scale * this.dpr();
  }

  // The tiles at least partly visible: [col0, row0, col1, row1), clamped to the level.
  visibleRange() {
    const col0 = Math.max(0, Math.floor(this.x0));
    const row0 = Math.max(0, Math.floor(this.y0));
    const col1 = Math.min(this.width, Math.ceil(this.x0 + this.cssW / this.scale));
    const row1 = Math.min(this.height, Math.ceil(this.y0 + this.cssH / this.scale));
    return [col0, row0, Math.max(col0, col1), Math.max(row0, row1)];
  }

  // Clears the view and draws the visible tiles of `image` (a canvas of one pixel per tile); returns ctx.
  drawTiles(image, background = "#d8d8d8") {
    if (this.follow) {
      const p = this.follow();
      if (p) {
        this.x0 = p[0] - this.cssW / 2 / this.scale;
        this.y0 = p[1] - this.cssH / 2 / this.scale;
      }
    }
    const ctx = this.canvas.getContext("2d");
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    const [c0, r0, c1, r1] = this.visibleRange();
    if (c1 > c0 && r1 > r0) {
      ctx.imageSmoothingEnabled = false;
      const [dx, dy] = this.toCanvas(c0, r0);
      const k = this.pxPerTile();
      ctx.drawImage(image, c0, r0, c1 - c0, r1 - r0, dx, dy, (c1 - c0) * k, (r1 - r0) * k);
    }
    return ctx;
  }

  // Records one redraw's duration (ms) for the browser test.
  timed(fn) {
    const t0 = performance.now();
    fn();
    this.drawMs.push(performance.now() - t0);
    if (this.drawMs.length > 200) this.drawMs.shift();
  }

  // A scale bar in the view's bottom-left corner: a round number of tiles about 100 CSS px long.
  drawScaleBar(ctx, unitName, unitsPerTile) {
    const d = this.dpr();
    const units = (100 / this.scale) * unitsPerTile;
    const nice = niceNumber(units);
    const len = (nice / unitsPerTile) * this.scale * d;
    const x = 10 * d;
    const y = this.canvas.height - 12 * d;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = "rgba(255,255,255,0.8)";
    ctx.fillRect(x - 4 * d, y - 18 * d, len + 8 * d + 90 * d, 24 * d);
    ctx.strokeStyle = "#141414";
    ctx.lineWidth = 2 * d;
    ctx.beginPath();
    ctx.moveTo(x, y - 6 * d);
    ctx.lineTo(x, y);
    ctx.lineTo(x + len, y);
    ctx.lineTo(x + len, y - 6 * d);
    ctx.stroke();
    ctx.fillStyle = "#141414";
    ctx.font = `${12 * d}px "DejaVu Sans", Verdana, sans-serif`;
    ctx.fillText(`${nice} ${unitName}`, x + len + 6 * d, y);
  }

  bind() {
    const c = this.canvas;
    c.tabIndex = 0;
    c.addEventListener("wheel", (e) => {
      e.preventDefault();
      const rect = c.getBoundingClientRect();
      this.follow = null;
      this.zoomAt(e.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, e.clientX - rect.left - c.clientLeft,
        e.clientY - rect.top - c.clientTop);
    }, { passive: false });
    // Capture phase: a pan drag never reaches the page's tools.
    c.addEventListener("pointerdown", (e) => {
      if (e.button === 0 && !e.shiftKey) return;
      e.stopImmediatePropagation();
      e.preventDefault();
      this.panning = [e.clientX, e.clientY];
      this.follow = null;
      c.setPointerCapture(e.pointerId);
    }, true);
    c.addEventListener("pointermove", (e) => {
      if (!this.panning) return;
      e.stopImmediatePropagation();
      this.panBy(e.clientX - this.panning[0], e.clientY - this.panning[1]);
      this.panning = [e.clientX, e.clientY];
    }, true);
    c.addEventListener("pointerup", (e) => {
      if (!this.panning) return;
      e.stopImmediatePropagation();
      this.panning = null;
    }, true);
    c.addEventListener("contextmenu", (e) => e.preventDefault());
    c.addEventListener("keydown", (e) => this.onKey(e));
    if (window.ResizeObserver) new ResizeObserver(() => (this.resize(), this.changed())).observe(c);
  }

  onKey(e) {
    const step = PAN_KEY_FRACTION * Math.min(this.cssW, this.cssH);
    const pans = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    if (e.key === "+" || e.key === "=") this.zoomAt(ZOOM_STEP, this.cssW / 2, this.cssH / 2);
    else if (e.key === "-") this.zoomAt(1 / ZOOM_STEP, this.cssW / 2, this.cssH / 2);
    else if (e.key === "0") this.fit();
    else if (e.key in pans) {
      this.follow = null;
      this.panBy(...pans[e.key]);
    } else return;
    e.preventDefault();
  }
}

// 1, 2 or 5 times a power of ten, at most x.
function niceNumber(x) {
  const p = Math.pow(10, Math.floor(Math.log10(x)));
  for (const m of [5, 2, 1]) if (m * p <= x) return m * p;
  return p;
}

// Binds a page's "Fit to level" and "Follow" buttons (#fit, #follow) to its view; follow() gives the point
// to keep centred ([x, y] tiles, or null).
function bindViewButtons(view, follow) {
  $("fit").addEventListener("click", () => {
    view.follow = null;
    $("follow").classList.remove("on");
    view.fit();
  });
  $("follow").addEventListener("click", () => {
    view.follow = view.follow ? null : follow;
    $("follow").classList.toggle("on", !!view.follow);
    if (view.follow && view.scale < 8) view.scale = 8; // following at fit-to-level would not move anything
    view.changed();
  });
}
