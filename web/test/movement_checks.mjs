// The movement page's part of the browser test: key presses at two frame rates (and two models), in the
// page's manual clock (?clock=manual: frames advance only by kinemaMovement.advance), against the last frame
// of `kinema simulate` for the same input schedule; on release the character must end on the exact stop
// point the page drew.
import path from "node:path";

// [model, fps, key, input vector of that key, frames held, frames after release]
const runs = [
  ["dishonored", 60, "KeyD", "1,0", 30, 400],
  ["dishonored", 13, "KeyS", "0,1", 8, 40],
  ["unreal", 144, "ArrowLeft", "-1,0", 100, 150],
  ["unreal", 30, "KeyW", "0,-1", 20, 40],
];

export async function movementChecks({ page, base, check, runCli, shots }) {
  console.log("movement page: key presses against kinema simulate");
  for (const [model, fps, key, vector, held, after] of runs) {
    await page.goto(`${base}/movement.html?clock=manual&model=${model}&fps=${fps}`);
    await page.waitForFunction(() => document.body.dataset.state === "ready");
    await page.click("#stage");
    await page.keyboard.down(key);
    await page.evaluate((n) => kinemaMovement.advance(n), held);
    await page.keyboard.up(key);
    await page.evaluate((n) => kinemaMovement.advance(n), after);
    const got = await page.evaluate(() => {
      const { lab, stop, frames } = kinemaMovement.sim;
      return { x: lab.x(), y: lab.y(), frames, stop, dt: 1 / kinemaMovement.sim.fps };
    });
    const frames = held + after;
    const out = JSON.parse(runCli(["simulate", "--model", model, "--dt", String(got.dt), "--frames", String(frames),
      "--input", `0:${vector};${held}:0,0`, "--json"], path.resolve(".")));
    const last = out.frames[out.frames.length - 1];
    const what = `${model} at ${fps} fps, ${key} for ${held} frames then ${after} released`;
    check(got.frames === frames && last.frame === frames && last.position[0] === got.x && last.position[1] === got.y,
      `${what}: page (${got.x}, ${got.y}) = kinema simulate (${last.position})`);
    const [ex, ey] = got.stop ? got.stop.exact : [NaN, NaN];
    const off = Math.hypot(got.x - ex, got.y - ey);
    check(off <= 1e-9 * Math.max(1, Math.hypot(ex, ey)),
      `${what}: ends on the exact stop point drawn at release (off by ${off.toExponential(2)})`);
  }
  // A picture of a run with a turn: the trail, the cone and both stop marks.
  await page.goto(`${base}/movement.html?clock=manual&model=unreal&fps=60`);
  await page.waitForFunction(() => document.body.dataset.state === "ready");
  await page.click("#stage");
  await page.keyboard.down("KeyD");
  await page.evaluate(() => kinemaMovement.advance(50));
  await page.keyboard.down("KeyS");
  await page.evaluate(() => kinemaMovement.advance(25));
  await page.keyboard.up("KeyD");
  await page.keyboard.up("KeyS");
  await page.evaluate(() => kinemaMovement.advance(2));
  await page.screenshot({ path: path.join(shots, "movement.png") });
  await page.goto(`${base}/movement.html?clock=manual&model=dishonored&fps=30`);
  await page.waitForFunction(() => document.body.dataset.state === "ready");
  await page.click("#stage");
  await page.keyboard.down("KeyD");
  await page.evaluate(() => kinemaMovement.advance(40));
  await page.keyboard.down("KeyW");
  await page.evaluate(() => kinemaMovement.advance(6));
  await page.keyboard.up("KeyD");
  await page.keyboard.up("KeyW");
  await page.evaluate(() => kinemaMovement.advance(2));
  await page.screenshot({ path: path.join(shots, "movement-dishonored.png") });
}
