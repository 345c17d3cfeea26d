"""Arguments the module took wrongly (issue 40): a batch in which no scenario fits returned an empty result
where the CLI exits 2; out-of-range whole numbers raised pybind11's bare TypeError; an unknown keyword of
distributed.audit listed only the flood's keywords; a bad client raised AttributeError from inside the run; a
path with a NUL loaded the file named by the part before it. Each is now one error naming the argument.
Also the batch rows' reprs: `team` tells apart the rows of one strategy, and a run without a re-acquisition
time says why instead of "-1 s"."""

import re
import subprocess

import pytest

import kinema
from kinema import analysis, chase, distributed, movement, pursuit


@pytest.fixture
def corner(levels_dir):
    return str(levels_dir / "corner.txt")


def cli_error(cli, *args):
    done = subprocess.run([cli, *args], capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stdout == ""
    return done.stderr.strip().removeprefix("kinema: error: ")


def test_a_batch_without_a_scenario_raises_what_the_cli_says(cli, corner):
    with pytest.raises(ValueError) as raised:
        pursuit.run_batch(corner, scenarios=3, min_route=1e6)
    expected = cli_error(cli, "pursue", "--map", corner, "--batch", "3", "--min-route", "1e6")
    assert "--" + str(raised.value).replace("min_route", "min-route", 1) == expected
    assert str(raised.value).startswith("min_route: no scenario fits on ")
    with pytest.raises(ValueError) as raised:
        pursuit.run_batch(corner, scenarios=3, view_range=0.5)
    expected = cli_error(cli, "pursue", "--map", corner, "--batch", "3", "--view-range", "0.5")
    assert "--" + str(raised.value).replace("view_range", "view-range", 1) == expected


def test_a_distributed_batch_without_a_scenario_raises(corner):
    dask = pytest.importorskip("distributed", reason="dask.distributed is not importable")
    with dask.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0") as cluster, \
            dask.Client(cluster) as client:
        with pytest.raises(ValueError, match=r"^min_route: no scenario fits on .*corner.txt \(no path of 1000000 "):
            distributed.batch(corner, scenarios=3, min_route=1e6, client=client, shards=2)


def test_whole_numbers_out_of_range_are_value_errors_naming_the_argument():
    with pytest.raises(ValueError, match=r"^invalid simulation: frames must be in \[0, 200000\], got -1$"):
        movement.simulate("unreal", 0.01, -1, "0:1,0")
    with pytest.raises(ValueError, match=r"^invalid simulation: frames must be in \[0, 200000\], got 1180591620717411303424$"):
        movement.simulate("unreal", 0.01, 2**70, "0:1,0")
    with pytest.raises(TypeError, match=r"^invalid simulation: frames must be a whole number, got float$"):
        movement.simulate("unreal", 0.01, 2.5, "0:1,0")
    assert len(movement.simulate("unreal", 0.01, 3, "0:1,0")) == 4
    flood = chase.Flood(chase.default_level()).start()
    with pytest.raises(ValueError, match=r"^advance: k must be in \[0, 2147483647\], got 1180591620717411303424$"):
        flood.advance(2**70)
    with pytest.raises(ValueError, match=r"^advance: k must be in \[0, 2147483647\], got -1$"):
        flood.advance(-1)
    assert flood.advance(2**31 - 1) is True


def test_a_stop_refuses_a_braking_too_weak_to_stop_within_a_double():
    # A braking friction of 1e-323 1/s with no deceleration gave an infinite Epic estimate and continuous
    # limit; a stop now needs a braking term of at least 1e-12, or none at all.
    with pytest.raises(ValueError, match=r"ground_friction makes the braking friction \(ground_friction x "
                                         r"braking_friction_factor\) 1e-323 1/s, with a braking deceleration "
                                         r"of 0: .* must be at least 1e-12 for a stop prediction"):
        analysis.stop(600, 60, ground_friction=4.9e-324, braking_deceleration_walking=0)
    with pytest.raises(ValueError, match=r"braking_deceleration_walking is 1e-300 with no braking friction"):
        analysis.stop(600, 60, ground_friction=0, braking_deceleration_walking=1e-300)
    least = analysis.stop(10**6, 60, ground_friction=5e-13, braking_deceleration_walking=0)
    assert re.search(r"\b(nan|inf|NaN|Infinity)\b", least.to_json()) is None, least.to_json()


def test_value_at_names_the_cell_and_the_level_for_any_int():
    # ChaseResult.value_at took C ints: 2**70 raised pybind11's bare "incompatible function arguments".
    result = chase.run(chase.default_level())
    rows, cols = result.values.shape
    flood = chase.Flood(chase.default_level()).start()
    for reader in (result, flood):
        for col, row in ((2**70, 0), (0, -2**70), (-1, 0), (cols, rows - 1)):
            expected = (rf"^value_at: \(col {col}, row {row}\) is outside the {cols} x {rows} level: "
                        rf"col in \[0, {cols - 1}\], row in \[0, {rows - 1}\]$")
            with pytest.raises(IndexError, match=expected):
                reader.value_at(col, row)
        with pytest.raises(TypeError, match=r"^value_at: col must be a whole number, got float$"):
            reader.value_at(1.0, 0)
        with pytest.raises(TypeError, match=r"^value_at: row must be a whole number, got bool$"):
            reader.value_at(0, True)
    assert result.value_at(cols - 1, rows - 1) == result.values[rows - 1, cols - 1]
    assert flood.value_at(cols - 1, rows - 1) == flood.values[rows - 1, cols - 1]


def test_an_unknown_keyword_lists_every_valid_one(corner):
    with pytest.raises(ValueError) as raised:
        distributed.audit(corner, foo=1)
    message = str(raised.value)
    assert message.startswith("kinema.distributed.audit: unknown keyword argument 'foo'; valid: directions, ")
    assert "give_up_steps" in message and "hot" in message and "max_steps" in message
    for function, name in ((pursuit.run_batch, "kinema.pursuit.run_batch"),
                           (distributed.batch, "kinema.distributed.batch")):
        with pytest.raises(ValueError) as raised:
            function(corner, foo=1)
        message = str(raised.value)
        assert message.startswith(name + ": unknown keyword argument 'foo'; valid: scenarios, seed, ")
        assert "view_range" in message and "hot" in message


def test_a_client_that_is_not_a_client_is_a_type_error(corner):
    pytest.importorskip("distributed", reason="dask.distributed is not importable")
    for function in (distributed.audit, distributed.batch):
        with pytest.raises(TypeError, match=r"^client: expected a dask.distributed.Client .*, got str$"):
            function(corner, client="scheduler:8786")


def test_a_path_with_a_nul_is_refused_naming_the_argument(corner):
    bad = corner + "\0.png"
    at = len(corner)
    with pytest.raises(ValueError, match=rf"^path: the path contains a NUL character \(at index {at}\)$"):
        chase.load_level(bad)
    for call in (lambda: chase.run(bad, (3.5, 2.5), (1, 0)), lambda: pursuit.run_batch(bad, scenarios=1),
                 lambda: distributed.audit(bad), lambda: distributed.batch(bad, scenarios=1),
                 lambda: chase.Flood(bad.encode())):
        with pytest.raises(ValueError, match=rf"^level: the path contains a NUL character \(at index {at}\)$"):
            call()
    if chase.HAS_NAV:
        with pytest.raises(ValueError, match=r"^path: the path contains a NUL character"):
            chase.load_level_3d("floor.obj\0x")


def test_batch_reprs_name_the_team_and_say_why_there_is_no_time(corner):
    result = pursuit.run_batch(corner, scenarios=3, npcs=2)
    floods = [s for s in result.summaries if s.strategy == "flood"]
    assert [s.team for s in floods] == ["independent", "shared", "split"]
    assert [repr(s).split(", runs=")[0] for s in floods] == [
        "StrategySummary(strategy='flood', team='independent'", "StrategySummary(strategy='flood', team='shared'",
        "StrategySummary(strategy='flood', team='split'"]
    assert [repr(r).split(", outcome=")[0] for r in result.runs[:3]] == [
        "BatchRun(scenario=0, strategy='flood', team='independent'", "BatchRun(scenario=0, strategy='flood', team='shared'",
        "BatchRun(scenario=0, strategy='flood', team='split'"]
    single = pursuit.run_batch(corner, scenarios=1)
    assert "team=" not in repr(single.summaries[0]) and "team=" not in repr(single.runs[0])  # one NPC: no team
    never_lost = [r for r in result.runs if r.outcome == "never_lost"]
    assert never_lost, "the corner's scenario 2 never loses sight"
    assert never_lost[0].time_to_reacquire == -1  # the number the JSON and the CSV write
    assert "time_to_reacquire=never lost sight, " in repr(never_lost[0])
    assert "-1 s" not in repr(never_lost[0])
    reacquired = [r for r in result.runs if r.time_to_reacquire >= 0]
    assert f"time_to_reacquire={reacquired[0].time_to_reacquire:.6g} s" in repr(reacquired[0])
    nobody = pursuit.run_batch(corner, scenarios=2, seed=4).summaries[0]  # none re-acquired
    assert nobody.median_time_to_reacquire == -1
    assert "median_time_to_reacquire=none re-acquired, " in repr(nobody)
