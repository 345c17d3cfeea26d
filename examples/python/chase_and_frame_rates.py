#!/usr/bin/env python3
"""kinema from Python: the README's two pictures drawn with matplotlib.

Left: the Dishonored 2 chase flood on the built-in default level (what `kinema chase --png` draws): heat by
value, the barrier behind the player, walls dark; the last known position and direction, the warm cells'
centroid, the NPC's destination and where dead reckoning would send it.
Right: frame-rate dependence of every step model (what `kinema sweep --png` draws): stop distance and top speed
divided by their continuous-time limits.

    PYTHONPATH=build/python MPLBACKEND=Agg /usr/bin/python3 examples/python/chase_and_frame_rates.py out.png
"""

import os
import sys

import matplotlib

if "MPLBACKEND" not in os.environ:
    matplotlib.use("Agg")  # headless by default: the script writes a file
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import kinema  # noqa: E402
from kinema import analysis, chase, movement  # noqa: E402


def draw_flood(ax):
    level = chase.default_level()
    result = chase.run(level)  # the seed the level marks, H 20, M_H 25, M_S 40
    v = result.values.astype(float)
    heat = np.ma.masked_where(v < 0, v)
    # Walls dark grey, untouched floor light grey, barrier red; heat from cool to hot on top.
    base = np.where(level.passable, 0.92, 0.25)
    base_rgb = np.dstack([base, base, base])
    base_rgb[result.values == chase.BARRIER] = (0.85, 0.2, 0.2)
    extent = (0, level.width, level.height, 0)  # map units: x = column, y = row downwards
    ax.imshow(base_rgb, extent=extent, interpolation="nearest")
    im = ax.imshow(heat, extent=extent, cmap="inferno", vmin=0, vmax=result.hot, interpolation="nearest")
    (x, y), (dx, dy) = result.from_, result.dir
    ax.annotate("", xy=(x + 2 * dx, y + 2 * dy), xytext=(x, y),
                arrowprops=dict(arrowstyle="->", color="deepskyblue", lw=2))
    ax.plot(*result.from_, "o", color="deepskyblue", label="last known position")
    ax.plot(*result.centroid, "+", color="lime", ms=12, mew=2, label="warm centroid")
    ax.plot(*result.destination, "*", color="lime", ms=14, label="NPC destination")
    ax.plot(*result.dead_reckoning, "s", color="magenta", label="dead reckoning")
    ax.set_title(f"chase flood: {result.steps} steps ({result.stop_reason}), {result.heated_cells} heated")
    ax.legend(loc="lower left", fontsize=7)
    plt.colorbar(im, ax=ax, label="heat (0..H)", shrink=0.8)


def draw_sweep(ax):
    fps = np.arange(10.0, 241.0, 2.0)
    for model, colour in zip(movement.MODELS, ("tab:blue", "tab:orange", "tab:green")):
        s = analysis.sweep(model, fps)
        ax.plot(s.fps, s.stop_distance / s.continuous.stop_distance, color=colour, label=f"{model} stop distance")
        ax.plot(s.fps, s.top_speed / s.continuous.top_speed, color=colour, ls="--", label=f"{model} top speed")
    ax.axhline(1.0, color="grey", lw=0.8)
    ax.set_xlabel("frame rate (1/s)")
    ax.set_ylabel("metric / continuous limit")
    ax.set_title("frame-rate dependence")
    ax.legend(fontsize=7)


def main(out):
    fig, (left, right) = plt.subplots(1, 2, figsize=(13, 5.5))
    draw_flood(left)
    draw_sweep(right)
    fig.suptitle(f"kinema {kinema.__version__} from Python")
    fig.tight_layout()
    fig.savefig(out, dpi=90)
    print(f"wrote {out}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "kinema-python.png")
