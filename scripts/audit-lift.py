#!/usr/bin/env python3
"""The audit's lift: does a finding predict that the pursuit loses the player? (docs/audit.md)

Per grid level: `kinema audit --csv` gives every seed (cell, direction k of D) and its findings; `kinema pursue
--batch N --sightings-csv` runs the batch's random scenarios (docs/pursuit.md "Comparing strategies") and
writes where each run first lost sight of the player and the direction they ran then. Each flood run whose
NPC lost sight is put on the audit's seed of that moment: the cell holding the last-seen point and the
nearest of the D directions. A run is lost when its outcome is gave_up or timeout (not re-acquired). Per
finding: the share of runs lost from flagged seeds, from unflagged ones, and the lift (their ratio).

Usage: scripts/audit-lift.py [--kinema build/bin/kinema] [--scenarios 400] [--seed 1] [--threads 2]
                             [--directions 8] [--strategy flood] [--audit-flag=--exit-cells=12]...
                             [--junction-behind] [LEVEL...]
Without levels: every grid map of ../shared/data/maps. Prints a Markdown table; deterministic for given flags.
"""
import argparse
import csv
import glob
import math
import os
import subprocess
import sys
import tempfile

FINDINGS = ["wrong_way", "gives_up_at_once", "short_of_a_corner", "barrier_blocks_exit"]
# barrier_blocks_exit with a junction behind the seed (--junction-behind), in Python: the finding and a cell
# within RADIUS steps, behind the heading, whose cells 1 .. DEPTH steps away fall into three groups or more that
# reach DEPTH deep (docs/audit.md "Findings", condition 4; the library's default since issue 45, exit_junction,
# at the default corner_radius + exit_cells and exit_cells). With the library's default its column equals the
# finding's own (a check of the two implementations); with --audit-flag=--exit-junction=0 it applies the rule
# to the first form's rows.
RADIUS, DEPTH = 6, 3


def moving_ai_floor(path):
    """The floor tiles of a Moving AI .map ('.', 'G', 'S' passable), as a set of (col, row)."""
    with open(path) as f:
        lines = f.read().splitlines()
    start = lines.index("map") + 1
    return {(c, r) for r, line in enumerate(lines[start:]) for c, ch in enumerate(line) if ch in ".GS"}


def neighbours(floor, t):
    """8-connected without corner cutting, as the flood's grid."""
    c, r = t
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            n = (c + dc, r + dr)
            if n == t or n not in floor:
                continue
            if dc and dr and ((c + dc, r) not in floor or (c, r + dr) not in floor):
                continue
            yield n


def ball(floor, sources, radius):
    steps = {s: 0 for s in sources}
    order = list(sources)
    for t in order:
        if steps[t] < radius:
            for n in neighbours(floor, t):
                if n not in steps:
                    steps[n] = steps[t] + 1
                    order.append(n)
    return steps


def is_junction(floor, t, cache):
    if t not in cache:
        steps = ball(floor, [t], DEPTH)
        shell = {u for u, s in steps.items() if s >= 1}
        ways, seen = 0, set()
        for u in shell:
            if u in seen:
                continue
            group, deep = [u], False
            seen.add(u)
            for v in group:
                deep = deep or steps[v] == DEPTH
                for n in neighbours(floor, v):
                    if n in shell and n not in seen:
                        seen.add(n)
                        group.append(n)
            ways += 1 if deep else 0
        cache[t] = ways >= 3
    return cache[t]


def junction_behind(floor, seed, directions, cache):
    col, row, k = seed
    dx, dy = math.cos(2 * math.pi * k / directions), math.sin(2 * math.pi * k / directions)
    for t, _ in sorted(ball(floor, [(col, row)], RADIUS).items(), key=lambda i: (i[1], i[0][1], i[0][0])):
        if (t[0] - col) * dx + (t[1] - row) * dy < -1e-9 and is_junction(floor, t, cache):
            return True
    return False


def audit_rows(kinema, level, directions, threads, extra, workdir):
    path = os.path.join(workdir, "audit.csv")
    subprocess.run([kinema, "audit", "--map", level, "--directions", str(directions), "--threads",
                    str(threads), "--quiet", "--csv", path] + extra, check=True, stdout=subprocess.DEVNULL)
    rows = {}
    cell_size = None
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            k = round(math.atan2(float(r["dy"]), float(r["dx"])) / (2 * math.pi / directions)) % directions
            rows[(int(r["col"]), int(r["row"]), k)] = [r[name] == "1" for name in FINDINGS]
            if cell_size is None:
                # destination_x = (destination_col + 0.5) * cell size
                cell_size = float(r["destination_x"]) / (int(r["destination_col"]) + 0.5)
    return rows, cell_size


def sightings(kinema, level, scenarios, seed, threads, strategy, workdir):
    path = os.path.join(workdir, "sightings.csv")
    subprocess.run([kinema, "pursue", "--map", level, "--batch", str(scenarios), "--seed", str(seed),
                    "--threads", str(threads), "--sightings-csv", path], check=True,
                   stdout=subprocess.DEVNULL)
    with open(path, newline="") as f:
        return [r for r in csv.DictReader(f) if r["strategy"] == strategy and r["outcome"] != "never_lost"]


def seed_of(run, cell_size, directions):
    col = math.floor(float(run["last_seen_x"]) / cell_size)
    row = math.floor(float(run["last_seen_y"]) / cell_size)
    dx, dy = float(run["direction_x"]), float(run["direction_y"])
    k = round(math.atan2(dy, dx) / (2 * math.pi / directions)) % directions
    return col, row, k


def count(level, args):
    """Per finding: [flagged runs, flagged lost, unflagged runs, unflagged lost]."""
    with tempfile.TemporaryDirectory() as workdir:
        rows, cell_size = audit_rows(args.kinema, level, args.directions, args.threads, args.audit_flag,
                                     workdir)
        runs = sightings(args.kinema, level, args.scenarios, args.seed, args.threads, args.strategy, workdir)
    counts = [[0, 0, 0, 0] for _ in names(args)]
    placed = 0
    floor = moving_ai_floor(level) if args.junction_behind else None
    cache = {}
    for run in runs:
        seed = seed_of(run, cell_size, args.directions)
        flags = rows.get(seed)
        if flags is None:
            continue  # the last-seen point off the floor (on a tile edge next to a wall)
        if args.junction_behind:
            flags = flags + [flags[3] and junction_behind(floor, seed, args.directions, cache)]
        placed += 1
        lost = run["outcome"] in ("gave_up", "timeout")
        for i, flagged in enumerate(flags):
            counts[i][0 if flagged else 2] += 1
            counts[i][1 if flagged else 3] += 1 if lost else 0
    return len(runs), placed, counts


def names(args):
    return FINDINGS + (["barrier_blocks_exit with a junction behind"] if args.junction_behind else [])


def share(lost, runs):
    return lost / runs if runs else float("nan")


def lift_text(c):
    a, b = share(c[1], c[0]), share(c[3], c[2])
    if c[0] == 0 or c[2] == 0 or b == 0:
        return "-"
    return f"{a / b:.2f}"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("levels", nargs="*")
    p.add_argument("--kinema", default=os.path.join(here, "..", "build", "bin", "kinema"))
    p.add_argument("--scenarios", type=int, default=400)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--directions", type=int, default=8)
    p.add_argument("--strategy", default="flood")
    p.add_argument("--junction-behind", action="store_true",
                   help="also count barrier_blocks_exit only where a junction lies behind the seed, computed "
                        "here in Python (Moving AI maps; the library's default rule, exit_junction)")
    p.add_argument("--audit-flag", action="append", default=[],
                   help="a further flag for kinema audit, e.g. --audit-flag=--exit-cells=12 (repeatable)")
    args = p.parse_args()
    levels = args.levels or sorted(glob.glob(os.path.join(here, "..", "..", "shared", "data", "maps", "*.map")))
    total = [[0, 0, 0, 0] for _ in names(args)]
    print("| level | runs lost sight | on a seed | " + " | ".join(
        f"{f}: flagged lost / unflagged lost (lift)" for f in names(args)) + " |")
    print("|---|---|---|" + "---|" * len(names(args)))
    for level in levels:
        runs, placed, counts = count(level, args)
        cells = []
        for i, c in enumerate(counts):
            total[i] = [t + v for t, v in zip(total[i], c)]
            cells.append(f"{c[1]}/{c[0]} = {100 * share(c[1], c[0]):.1f}% / {c[3]}/{c[2]} = "
                         f"{100 * share(c[3], c[2]):.1f}% ({lift_text(c)})")
        print(f"| {os.path.basename(level)} | {runs} | {placed} | " + " | ".join(cells) + " |", flush=True)
    cells = [f"{c[1]}/{c[0]} = {100 * share(c[1], c[0]):.1f}% / {c[3]}/{c[2]} = {100 * share(c[3], c[2]):.1f}% "
             f"({lift_text(c)})" for c in total]
    print("| **all** | | | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    sys.exit(main())
