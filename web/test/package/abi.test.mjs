// The package's low-level layer against the header (scripts/bindings.py's kinema_abi.g.js): every C function the
// WebAssembly exports is one kinema.h declares, and the settings read at the generated offsets hold what the C
// ABI's _default() functions put there.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import path from "node:path";

import { packageDir } from "./helpers.mjs";

const require = createRequire(import.meta.url);
const abi = require(path.join(packageDir, "kinema_abi.g.js"));
const createKinemaCore = require(path.join(packageDir, "kinema_core.js"));

test("every C function the WebAssembly exports is declared in kinema.h", async () => {
    const core = await createKinemaCore();
    const exported = Object.keys(core).filter((name) => /^_kinema_/.test(name) && !/^_kinema_js_/.test(name));
    assert.ok(exported.length >= 15, `only ${exported.length} C functions exported`);
    for (const name of exported) {
        assert.ok(abi.functions.includes(name.slice(1)), `${name} is not in kinema.h (kinema_abi.g.js)`);
    }
    assert.ok(exported.includes("_kinema_flood_get_result"));
});

test("the settings at kinema_abi.g.js's offsets are the _default() functions'", async () => {
    const core = await createKinemaCore();
    const layout = abi.structs.kinema_pursuer_settings;
    const pointer = core._malloc(layout.size);
    core._kinema_js_pursuer_settings_default(pointer);
    const i32 = (field, base = pointer, struct = layout) => core.HEAP32[(base + struct.fields[field].offset) >> 2];
    const f64 = (field) => core.HEAPF64[(pointer + layout.fields[field].offset) >> 3];
    const flood = pointer + layout.fields.flood.offset;
    const floodLayout = abi.structs.kinema_flood_settings;
    // `kinema pursue`'s defaults (kinema.h): flood, view range 20, view angle 120; the flood's 20, 25, 40, 3.
    assert.equal(i32("strategy"), abi.enums.kinema_pursuit_strategy.KINEMA_STRATEGY_FLOOD);
    assert.equal(f64("view_range"), 20);
    assert.equal(f64("view_angle"), 120);
    assert.deepEqual(["hot", "max_heated", "max_steps", "max_restarts"].map((f) => i32(f, flood, floodLayout)),
                     [20, 25, 40, 3]);
    assert.equal(i32("internal_check"), abi.constants.KINEMA_INTERNAL_CHECK);
    assert.equal(i32("internal_check", flood, floodLayout), abi.constants.KINEMA_INTERNAL_CHECK);
    core._free(pointer);
});
