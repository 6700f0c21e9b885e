"""fray.sensitivity: one element removed (or replaced) at a time on the same dice, ranked by
its paired change of each side's win rate; the same numbers as `fray sensitivity`."""

from __future__ import annotations

import copy
import json
import math
from pathlib import Path
from typing import Any, Callable

import pytest

import fray
from fray._harness import blocks, paired_interval, t975

ROOT = Path(__file__).resolve().parents[3]


def strong_and_weak() -> Any:
    """The Hunt duel with a strong hunter (every stat at least 6, plus a blunt knife that is
    never the better weapon) and a weak one (stats 2, a knife only)."""
    setup = json.loads((ROOT / "examples/setups/hunt/duel.json").read_text())
    hunter, prey = setup["fighters"]
    strong = copy.deepcopy(hunter)
    strong["name"] = "Strong"
    strong["stats"] = {k: max(v, 6) for k, v in strong["stats"].items()}
    strong["weapons"].append(dict(hunter["weapons"][1], name="blunt knife", threshold=6))
    weak = copy.deepcopy(hunter)
    weak["name"] = "Weak"
    weak["stats"] = {k: (v if k == "potential" else 2) for k, v in weak["stats"].items()}
    weak["weapons"] = [hunter["weapons"][1]]
    setup["fighters"] = [strong, weak, prey]
    return setup


def test_the_strongest_fighter_ranks_first_and_an_unused_knife_changes_nothing(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    setup = strong_and_weak()
    frame = fray.sensitivity("hunt", setup, trials=600, seed=3)
    assert (frame["rank"][0], frame["path"][0], frame["label"][0]) == (1, "fighters[0]", "Strong")
    weak = frame[frame["path"] == "fighters[1]"].iloc[0]
    assert frame["hunter_change_high"][0] < weak["hunter_change_low"]
    blunt = frame[frame["label"] == "blunt knife"].iloc[0]
    for side in ("hunter", "prey"):
        assert (blunt[f"{side}_change"], blunt[f"{side}_change_low"], blunt[f"{side}_change_high"]) == (
            0.0,
            0.0,
            0.0,
        )
    assert [s["path"] for s in frame.attrs["skipped"]] == ["fighters[2]"]
    assert "one hunter and one prey" in frame.attrs["skipped"][0]["reason"]
    # The same numbers as the CLI, variant by variant.
    path = tmp_path / "setup.json"
    path.write_text(json.dumps(setup))
    report = cli("sensitivity", "hunt", "--setup", str(path), "--trials", "600", "--seed", "3")
    theirs = {v["path"]: v for v in report["variants"]}
    assert len(theirs) == len(frame)
    # The same variants in the same ranked order (equal effects in the setup's order, as
    # fray_dice::sensitivity enumerates it for both).
    assert [v["path"] for v in report["variants"]] == list(frame["path"])
    for _, row in frame.iterrows():
        other = theirs[row["path"]]
        assert other["summary"]["wins"] == [row["hunter_wins"], row["prey_wins"]]
        for s in other["sides"]:
            for key in ("change", "change_low", "change_high"):
                assert math.isclose(row[f"{s['side']}_{key}"], s[key], abs_tol=1e-12)
    # A variant is a plain simulation of the setup without the element.
    without = copy.deepcopy(setup)
    del without["fighters"][0]
    plain = fray.simulate("hunt", without, trials=600, seed=3)
    assert frame["hunter_wins"][0] == plain.wins[0]


def test_a_substitute_replaces_the_element() -> None:
    setup = strong_and_weak()
    report = fray.sensitivity_report(
        "hunt",
        setup,
        substitute={"fighters[1]": setup["fighters"][1], "fighters[0].stats.marksmanship": 1},
        trials=200,
    )
    by_path = {v["path"]: v for v in report.variants}
    assert by_path["fighters[1]"]["action"] == "replaced"
    assert by_path["fighters[1]"]["hunter_change"] == 0.0
    assert by_path["fighters[0].stats.marksmanship"]["action"] == "replaced"
    with pytest.raises(fray.InvalidInput, match="no such value"):
        fray.sensitivity("hunt", setup, substitute={"fighters[9]": 1}, trials=10)


def test_the_paired_interval_equals_the_hand_formula() -> None:
    # Four paired trials: differences +1, 0, +1, -1; d = 1/4, squared deviations 2.75,
    # se = sqrt(4/3 * 2.75) / 4, t(3) = 3.182446.
    d, low, high = paired_interval([(1, 1), (0, 1), (1, 1), (-1, 1)])
    half = 3.182446305 * math.sqrt(4 / 3 * 2.75) / 4
    assert d == 0.25 and low == -1.0 and math.isclose(high, min(0.25 + half, 1.0))
    d, low, high = paired_interval([(3, 50), (1, 50), (2, 50)])
    se = math.sqrt(3 / 2 * ((3 - 0.04 * 50) ** 2 + (1 - 2) ** 2 + 0)) / 150
    assert math.isclose(d, 0.04) and math.isclose(high - low, 2 * 4.302652730 * se)
    assert paired_interval([(0, 5)] * 8) == (0.0, 0.0, 0.0)
    # Published t quantiles (97.5 %).
    for dof, t in [(30, 2.0423), (40, 2.0211), (60, 2.0003), (100, 1.9840)]:
        assert math.isclose(t975(dof), t, abs_tol=1e-4)
    assert [n for _, n in blocks(7)] == [1] * 7
    assert sum(n for _, n in blocks(12_345)) == 12_345 and len(blocks(12_345)) == 100


def test_blocks_played_one_by_one_join_to_the_blocked_run() -> None:
    # What a cluster worker plays (one block) adds back up to the blocked run, exactly.
    from fray._harness import blocks, join_blocks, play_block, play_blocked

    setup = fray.demo_setup("hunt")
    whole = play_blocked("hunt", [setup], trials=250, seed=5, threads=2)[0]
    parts = [play_block("hunt", setup, first=f, trials=n, seed=5) for f, n in blocks(250)]
    assert len(parts) == 100
    assert join_blocks(parts) == whole
