// The runtime pursuer from JavaScript: ticked through data/levels/corner.txt with the simulated player's frames
// of `kinema pursue --json` (Couvidou's Figure 1 scenario) it takes the decisions the JSON records -- each
// frame's state, each event's kind and time, each chase's destination -- for every strategy; the corridor of
// c/tests/c99_test.c worked out by hand; a time-sliced flood reaches the same destination; bad input throws.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { before, describe, test } from "node:test";

import { cliOutput, levelsDir, loadPackage } from "./helpers.mjs";

let kinema;
before(async () => {
    kinema = await loadPackage();
});

const route = [[12.5, 2.5], [17.5, 2.5], [17.5, 28.5]];
const playerSpeed = 7.5;
// A stopped NPC this close to its goal has arrived (docs/pursuit.md "Arrival": 0.25 level units).
const arriveDistance = 0.25;
const corner = path.join(levelsDir, "corner.txt");

function pursueJson(strategy) {
    const args = ["pursue", "--map", corner, "--route", route.map((p) => p.join(",")).join(";"), "--npc", "2.5,2.5",
                  "--view-range", "10", "--player-speed", String(playerSpeed), "--strategy", strategy, "--json"];
    return JSON.parse(cliOutput(args));
}

// The direction of the route segment the scripted player runs along at time t (zero once standing).
function routeSegment(t) {
    let left = playerSpeed * t;
    for (let i = 0; i + 1 < route.length; ++i) {
        const dx = route[i + 1][0] - route[i][0];
        const dy = route[i + 1][1] - route[i][1];
        const length = Math.hypot(dx, dy);
        if (left < length) {
            return { x: dx, y: dy };
        }
        left -= length;
    }
    return { x: 0, y: 0 };
}

const point = ([x, y]) => ({ x, y });
const unit = ({ x, y }) => ({ x: x / Math.hypot(x, y), y: y / Math.hypot(x, y) });

/** Ticks a pursuer through the JSON's frames as a game would; returns the states and events it decided. */
function replay(pursuer, frames) {
    const states = [];
    const events = [];
    const output = {};
    let facing = { x: 1, y: 0 };
    let arrived = false;
    let goal = null;
    let goalChanged = false;
    let time = 0;
    frames.forEach((frame, k) => {
        // The game's agent arrived when it stood still within reach of the goal it was given.
        if (k > 0) {
            const before = frames[k - 1];
            const still = before.npc_velocity[0] === 0 && before.npc_velocity[1] === 0;
            const near = Math.hypot(before.npc[0] - goal.x, before.npc[1] - goal.y) <= arriveDistance;
            arrived = (arrived && !goalChanged) || (still && near);
        }
        if (frame.npc_velocity[0] !== 0 || frame.npc_velocity[1] !== 0) {
            facing = unit(point(frame.npc_velocity));
        }
        pursuer.update({
            dt: frame.t - time,
            npcPosition: point(frame.npc),
            npcFacing: facing,
            seesPlayer: frame.sees_player,
            playerPosition: point(frame.player),
            playerVelocity: routeSegment(frame.t),
            arrived,
        }, output);
        ({ time, goalChanged } = output);
        goal = { ...output.goal };
        states.push(output.state);
        for (const e of pursuer.events()) {
            assert.notEqual(output.events & kinema.eventBit(e.kind), 0);
            events.push(e.kind === "chase" ? { t: e.t, kind: e.kind, destination: [e.position.x, e.position.y] }
                                           : { t: e.t, kind: e.kind });
        }
    });
    return { states, events };
}

describe("ticked through the corner it takes kinema pursue --json's decisions", () => {
    for (const strategy of ["flood", "flood-paced", "dead-reckoning", "breadcrumbs", "last-known", "intercept"]) {
        test(strategy, () => {
            const json = pursueJson(strategy);
            assert.ok(json.frames.length > 100 && json.events.length > 1);
            const space = kinema.Space.fromLevelText(fs.readFileSync(corner, "utf8"), corner);
            const pursuer = new kinema.Pursuer(space, { strategy, viewRange: 10, playerSpeed });
            try {
                const got = replay(pursuer, json.frames);
                assert.deepEqual(got.states, json.frames.map((f) => f.state));
                const expected = json.events.map((e) => e.kind === "chase"
                    ? { t: e.t, kind: e.kind, destination: e.destination }
                    : { t: e.t, kind: e.kind });
                assert.deepEqual(got.events, expected);
            } finally {
                pursuer.dispose();
                space.dispose();
            }
        });
    }
});

test("the defaults are kinema pursue's", () => {
    const s = kinema.pursuerSettingsDefault();
    assert.deepEqual(s, {
        strategy: "flood", viewRange: 20, viewAngle: 120, contactRange: 1, searchTime: 30, playerSpeed: 6,
        spread: 0.5, floodStepsPerTick: 0,
        flood: { ...kinema.floodSettingsDefault(), maxRestarts: 3 },
    });
});

// The corridor of c/tests/c99_test.c: seven floor tiles in a row; the player, seen at column 2 running east,
// is lost; the flood's destination is the centre of column 4 (worked out by hand there).
function corridor() {
    return kinema.Space.fromGrid(7, 1, new Uint8Array(7).fill(1));
}

const engaged = {
    dt: 0.5, npcPosition: { x: 0.5, y: 0.5 }, npcFacing: { x: 1, y: 0 }, seesPlayer: true,
    playerPosition: { x: 2.5, y: 0.5 }, playerVelocity: { x: 6, y: 0 }, arrived: false,
};

test("the corridor: engaged, lost running east, a noise restarts the chase", () => {
    const space = corridor();
    const pursuer = new kinema.Pursuer(space);
    try {
        const first = pursuer.update(engaged);
        assert.equal(first.state, "engage");
        assert.equal(first.goalInSight, true);
        assert.deepEqual(first.goal, { x: 2.5, y: 0.5, z: 0 });
        const lost = pursuer.update({ ...engaged, seesPlayer: false });
        assert.equal(lost.state, "chase");
        assert.deepEqual(lost.goal, { x: 4.5, y: 0.5, z: 0 });
        assert.equal(lost.goalChanged, true);
        assert.equal(lost.time, 1);
        assert.equal(lost.events, kinema.eventBit("lost_sight") | kinema.eventBit("chase"));
        assert.deepEqual(pursuer.events().map((e) => e.kind), ["lost_sight", "chase"]);
        assert.deepEqual(pursuer.events()[0].direction, { x: 1, y: 0, z: 0 });
        const heard = pursuer.stimulus({ x: 6.5, y: 0.5 });
        assert.notEqual(heard.events & kinema.eventBit("stimulus"), 0);
        const events = pursuer.events();
        assert.equal(events.length, 2);
        assert.equal(events[0].accepted, true);
        pursuer.reset();
        assert.equal(pursuer.update(engaged).time, 0.5);
    } finally {
        pursuer.dispose();
        space.dispose();
    }
});

test("a flood sliced over updates reaches the destination one update gives", () => {
    const space = kinema.Space.fromLevelText(fs.readFileSync(corner, "utf8"), corner);
    const whole = new kinema.Pursuer(space);
    const sliced = new kinema.Pursuer(space, { floodStepsPerTick: 4 });
    try {
        const start = { ...engaged, npcPosition: { x: 2.5, y: 2.5 }, playerPosition: { x: 12.5, y: 2.5 } };
        whole.update(start);
        sliced.update(start);
        const lost = { ...start, seesPlayer: false, dt: 1 / 60 };
        const goal = whole.update(lost).goal;
        let updates = 1;
        const out = sliced.update(lost);
        while ((out.events & kinema.eventBit("chase")) === 0) {
            // Until the flood finishes, the goal is the last seen position (the flood strategy).
            assert.deepEqual(out.goal, { x: 12.5, y: 2.5, z: 0 });
            sliced.update(lost, out);
            ++updates;
        }
        assert.deepEqual(out.goal, goal);
        assert.equal(updates, 8);  // 31 propagation steps (kinema pursue's chase result), 4 an update
    } finally {
        whole.dispose();
        sliced.dispose();
        space.dispose();
    }
});

test("bad settings and input throw the C ABI's messages; a disposed space stops the pursuer", () => {
    const space = corridor();
    assert.throws(() => new kinema.Pursuer(space, { strategy: "wander" }), /strategy: must be flood, flood-paced/);
    assert.throws(() => new kinema.Pursuer(space, { viewAngle: 400 }), /view_angle/);
    assert.throws(() => new kinema.Pursuer(space, { floodStepsPerTick: 1.5 }), /floodStepsPerTick/);
    assert.throws(() => new kinema.Pursuer(space, { speed: 3 }), /unknown setting 'speed'/);
    assert.throws(() => new kinema.Pursuer(space, { flood: { hot: 0 } }), /hot/);
    const pursuer = new kinema.Pursuer(space);
    assert.throws(() => pursuer.update({ ...engaged, dt: NaN }), /dt/);
    assert.throws(() => pursuer.update({ ...engaged, dt: -1 }), /dt/);
    pursuer.update(engaged);
    assert.throws(() => pursuer.stimulus({ x: 0.5, y: 0.5 }, -1), /delay/);
    space.dispose();
    assert.throws(() => pursuer.update(engaged), /space has been disposed/);
    pursuer.dispose();
    assert.throws(() => pursuer.update(engaged), /disposed/);
    pursuer.dispose();  // a second dispose does nothing
});
