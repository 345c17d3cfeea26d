// Draws a kinema scene (render::scene_json, docs/render.md "The scene as JSON") on a 2D canvas, exactly as
// that section says, so the page shows the same picture as `kinema chase --png`.
"use strict";

function drawScene(canvas, scene, frame = scene.frame_count - 1) {
  if (scene.format !== "kinema-scene" || scene.version !== 1) {
    throw new Error("not a kinema scene (format " + scene.format + ", version " + scene.version + ")");
  }
  canvas.width = scene.width;
  canvas.height = scene.height;
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = scene.background;
  ctx.fillRect(0, 0, scene.width, scene.height);
  drawShapes(ctx, scene, scene.shapes, frame);
}

// Draws `shapes` (some of scene.shapes) as they are in animation frame `frame`, over what ctx holds.
function drawShapes(ctx, scene, shapes, frame) {
  for (const s of shapes) {
    if (s.frame_visible && !s.frame_visible[frame]) continue;
    ctx.save();
    if (s.clip !== undefined && s.clip >= 0) {
      const c = scene.clips[s.clip];
      ctx.beginPath();
      ctx.rect(c.x, c.y, c.w, c.h);
      ctx.clip();
    }
    const fill = s.frame_fill ? s.frame_fill[frame] : s.fill;
    if (s.type === "text") {
      ctx.font = (s.bold ? "bold " : "") + s.font_size + "px " + scene.font_family;
      ctx.textAlign = { start: "left", middle: "center", end: "right" }[s.anchor];
      ctx.textBaseline = "alphabetic";
      ctx.fillStyle = fill || "#141414";
      ctx.translate(s.x, s.y);
      ctx.rotate((s.angle * Math.PI) / 180);
      ctx.fillText(s.text, 0, 0);
      ctx.restore();
      continue;
    }
    ctx.beginPath();
    if (s.type === "rect") ctx.rect(s.x, s.y, s.w, s.h);
    else if (s.type === "circle") ctx.arc(s.x, s.y, s.r, 0, 2 * Math.PI);
    else {
      s.points.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      if (s.type === "polygon") ctx.closePath();
    }
    if (fill && s.type !== "polyline") {
      ctx.fillStyle = fill;
      ctx.fill();
    }
    if (s.stroke) {
      ctx.lineWidth = s.stroke_width;
      ctx.globalAlpha = s.stroke_opacity;
      ctx.setLineDash(s.dash || []);
      ctx.lineJoin = "round";
      ctx.lineCap = s.dash && s.dash.length ? "butt" : "round";
      ctx.strokeStyle = s.stroke;
      ctx.stroke();
    }
    ctx.restore();
  }
}
