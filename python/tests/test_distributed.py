"""kinema.distributed on a 2-process LocalCluster: the merged audit and batch equal the CLI's --json files
byte for byte (docs/python.md "Distributed")."""

import subprocess

import pytest

import kinema.distributed

distributed = pytest.importorskip(
    "distributed", reason="dask.distributed is not importable: install python3-distributed "
    "(scripts/install-deps.sh lists it)")


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster, distributed.Client(cluster) as c:
        yield c


def cli_file(cli, tmp_path, *args):
    out = tmp_path / "cli.json"
    subprocess.run([cli, *args, "--json", str(out)], check=True, capture_output=True)
    return out.read_text()


@pytest.mark.parametrize("shards", [1, 2, 3])
def test_audit_on_the_cluster_is_the_cli_json(cli, client, levels_dir, tmp_path, shards):
    level = levels_dir / "corner.txt"
    expected = cli_file(cli, tmp_path, "audit", "--quiet", "--map", str(level), "--directions", "6")
    report = kinema.distributed.audit(level, directions=6, client=client, shards=shards)
    assert report.to_json() + "\n" == expected
    assert report.directions == 6
    assert report.rows == report.cells * 6


@pytest.mark.parametrize("shards", [1, 2, 4])
def test_batch_on_the_cluster_is_the_cli_json(cli, client, levels_dir, tmp_path, shards):
    level = levels_dir / "corner.txt"
    expected = cli_file(cli, tmp_path, "pursue", "--map", str(level), "--batch", "9", "--seed", "4",
                        "--search-time", "20")
    result = kinema.distributed.batch(level, scenarios=9, seed=4, search_time=20, client=client, shards=shards)
    assert result.to_json() + "\n" == expected
    single = kinema.pursuit.run_batch(level, scenarios=9, seed=4, search_time=20)
    assert result.to_json() == single.to_json()
    assert result.scenarios == single.scenarios == 9


def test_parts_of_other_settings_are_refused(levels_dir):
    level = str(levels_dir / "corner.txt")
    one = kinema._kinema.pursuit.run_batch_part(level, "unreal", {"scenarios": 4}, {}, 1, 2)
    two = kinema._kinema.pursuit.run_batch_part(level, "unreal", {"scenarios": 4, "seed": 9}, {}, 2, 2)
    with pytest.raises(ValueError, match="part 2: other settings than part 1: batch.seed is 9 here, 1 there"):
        kinema._kinema.pursuit.merge_batch_parts([one, two])
    with pytest.raises(ValueError, match="merge: shard 2/2 of .* is missing"):
        kinema._kinema.pursuit.merge_batch_parts([one])


def test_an_own_local_cluster_is_made_when_none_is_given(cli, levels_dir, tmp_path):
    level = levels_dir / "corner.txt"
    expected = cli_file(cli, tmp_path, "pursue", "--map", str(level), "--batch", "3")
    assert kinema.distributed.batch(level, scenarios=3, shards=2).to_json() + "\n" == expected
