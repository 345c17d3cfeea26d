"""Values at the edges through the Python module: the library's bounds reach Python as exceptions (never a
crash, an inf or a silent default): simulate's frame cap, None for a level, the turn solver's arguments, the
Morrowind take-off bound and unknown settings names."""

import math
import os
import subprocess
import sys

import pytest

from kinema import analysis, morrowind, movement
from kinema import _kinema


def test_simulate_shares_the_cli_frame_cap():
    for frames in (200_001, 10**9, 2**63 - 1):
        with pytest.raises(ValueError, match=r"frames must be in \[0, 200000\], got " + str(frames)):
            movement.simulate("unreal", 1 / 60, frames, "0:1,0")
    t = movement.simulate("dishonored", 0.5, 200_000, "0:1,0")
    assert t.time.shape == (200_001,)
    assert t.time[-1] == 100_000.0


def run_python(code):
    # In a child interpreter: before the fix these calls killed the process with SIGSEGV.
    env = dict(os.environ)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)


@pytest.mark.parametrize("call", [
    "_kinema.chase.FloodRun(None, {})",
    "_kinema.chase.run_batch(None, [[1.5, 1.5]], [[1, 0]], {})",
])
def test_none_for_a_level_is_a_type_error(call):
    child = run_python("from kinema import _kinema\n"
                       "try:\n"
                       f"    {call}\n"
                       "except TypeError as e:\n"
                       "    print('TypeError')\n")
    assert child.returncode == 0, child.stderr
    assert child.stdout.strip() == "TypeError"
    with pytest.raises(TypeError):
        eval(call)


def test_turn_refuses_nan_and_endless_frames():
    with pytest.raises(ValueError, match="angle must be a finite number, got nan"):
        analysis.turn(math.nan, 1 / 30)
    with pytest.raises(ValueError, match=r"dt must be in \(0, 10\], got 1e\+308"):
        analysis.turn(0.5, 1e308)
    assert analysis.turn(0.5, 1 / 30).reachable


def test_morrowind_jump_refuses_what_the_cli_refuses():
    # Acrobatics 1e308 gave an infinite take-off; the skill ends at 1e6 now (issue 40).
    with pytest.raises(ValueError, match=r"acrobatics must be in \[0, 1000000\], got 1e\+308"):
        morrowind.jump(acrobatics=1e308)
    with pytest.raises(ValueError, match=r"take_off_speed must be in \[0, 1000000\]"):
        morrowind.jump(acrobatics=1e6)
    assert morrowind.jump(acrobatics=50).take_off_speed > 0


def test_settings_fields_refuses_unknown_names():
    with pytest.raises(ValueError, match="unknown settings 'bogus'; valid: settings, actor"):
        morrowind.settings_fields("bogus")
    with pytest.raises(ValueError, match="unknown settings 'bogus'; valid: turn, sweep, bake, unreal"):
        _kinema.analysis.settings_fields("bogus")
    assert morrowind.settings_fields("actor")
    assert _kinema.analysis.settings_fields("unreal")
    with pytest.raises(ValueError):
        movement.settings_fields("bogus")


def test_simulate_refuses_a_start_velocity_faster_than_every_speed():
    # (1e308, 1e308) is finite, its length not: Unreal clamped it to 34 cm/s after one frame, Dishonored gave
    # NaN positions (issue 40). The CLI's --start-velocity and the C ABI share the library's check.
    with pytest.raises(ValueError, match=r"must be at most 1000000 long"):
        movement.simulate("unreal", 1 / 60, 3, "0:1,0", start_velocity=(1e308, 1e308))
    assert movement.simulate("unreal", 1 / 60, 3, "0:1,0", start_velocity=(1e6, 0)) is not None
