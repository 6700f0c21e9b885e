"""fray.sweep: one simulation per point on the same dice, the same numbers as `fray sweep`."""

from __future__ import annotations

import math
from typing import Any, Callable

import pytest

import fray
from fray._sweep import difference_interval


def test_each_point_equals_a_plain_simulation_and_the_cli(cli: Callable[..., Any]) -> None:
    result = fray.sweep("red", vary={"settings.max_rounds": [2, 6]}, trials=300, seed=4)
    assert [p.values for p in result.points] == [
        {"settings.max_rounds": 2},
        {"settings.max_rounds": 6},
    ]
    for point, rounds in zip(result.points, [2, 6]):
        setup = fray.demo_setup("red")
        setup["settings"]["max_rounds"] = rounds
        assert point.summary == fray.simulate("red", setup, trials=300, seed=4, threads=1)
    rows = cli("sweep", "red", "--vary", "settings.max_rounds=2,6", "--trials", "300", "--seed", "4")
    for point, row in zip(result.points, rows):
        assert point.summary.to_dict()["wins"] == row["summary"]["wins"]
        assert point.summary.round_limit == row["summary"]["round_limit"]
    table = result.rows()
    side = result.points[0].summary.sides[0]
    assert table[0][f"{side}_change"] == 0.0
    assert math.isclose(
        table[1][f"{side}_change"], table[1][f"{side}_rate"] - table[0][f"{side}_rate"]
    )
    assert table[1][f"{side}_change_low"] <= table[1][f"{side}_change"] <= table[1][f"{side}_change_high"]
    frame = result.to_pandas()
    assert list(frame["settings.max_rounds"]) == [2, 6]


def test_two_paths_make_a_grid() -> None:
    result = fray.sweep(
        "hunt",
        vary={"max_rounds": [1, 2, 3], "fighters[0].stats.agility": [3, 4]},
        trials=40,
    )
    assert len(result.points) == 6
    assert result.points[1].values == {"max_rounds": 1, "fighters[0].stats.agility": 4}


def test_a_misspelt_path_is_refused() -> None:
    with pytest.raises(fray.InvalidInput, match="no such value"):
        fray.sweep("red", vary={"settings.max_roundz": [1]}, trials=10)
    with pytest.raises(fray.InvalidInput, match="not a path"):
        fray.sweep("red", vary={"settings..x": [1]}, trials=10)


# Newcombe (1998), "Interval estimation for the difference between independent proportions",
# Statistics in Medicine 17, table II, method 10.
@pytest.mark.parametrize(
    "a,b,low,high",
    [((56, 70), (48, 80), 0.0524, 0.3339), ((9, 10), (3, 10), 0.1705, 0.8090)],
)
def test_difference_interval_matches_published_values(
    a: tuple[int, int], b: tuple[int, int], low: float, high: float
) -> None:
    lo, hi = difference_interval(a, b)
    assert math.isclose(lo, low, abs_tol=5e-5) and math.isclose(hi, high, abs_tol=5e-5)


def test_paired_changes_equal_the_cli_and_the_baseline_is_zero(cli: Callable[..., Any]) -> None:
    setup = fray.demo_setup("hunt")
    result = fray.sweep(
        "hunt", setup, vary={"fighters[0].stats.marksmanship": [1, 6]}, trials=12, seed=2
    )
    rows = cli(
        "sweep", "hunt", "--vary", "fighters[0].stats.marksmanship=1,6", "--trials", "12",
        "--seed", "2",
    )
    for mine, theirs in zip(result.rows(), rows):
        for s in theirs["sides"]:
            for key in ("change", "change_low", "change_high", "change_unpaired_low"):
                assert math.isclose(mine[f"{s['side']}_{key}"], s[key], abs_tol=1e-12), key
    first = result.rows()[0]
    assert (first["hunter_change"], first["hunter_change_low"], first["hunter_change_high"]) == (
        0.0,
        0.0,
        0.0,
    )
