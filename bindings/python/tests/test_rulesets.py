"""Every registered ruleset, generically: exact odds and simulations equal Rust's (the CLI),
per-trial arrays add up to the summary, replays cross between Python and Rust both ways."""

from __future__ import annotations

import copy
import json
import subprocess
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

import numpy as np
import pytest

import fray

RULESETS = fray.rulesets()
IDS = [r.id for r in RULESETS]


def module_of(ruleset: str) -> Any:
    return getattr(fray, ruleset.replace("-", "_"))


def test_the_registry_is_listed() -> None:
    assert IDS, "the build has no ruleset"
    for r in RULESETS:
        assert r.version >= 1 and len(r.sides) >= 2 and r.odds_keys and r.metric
        assert module_of(r.id).info() == r
        assert r.to_dict()["id"] == r.id
    with pytest.raises(fray.InvalidInput, match="unknown ruleset 'chess'; this build has: "):
        fray.simulate("chess")


def tables_from_cli(raw: list[dict[str, Any]]) -> list[tuple[str, list[tuple[str, Fraction]]]]:
    return [
        (
            t["title"],
            [
                (r["label"], Fraction(r["probability"]["numerator"], r["probability"]["denominator"]))
                for r in t["rows"]
            ],
        )
        for t in raw
    ]


@pytest.mark.parametrize("ruleset", IDS)
def test_default_odds_equal_rust(cli: Callable[..., Any], ruleset: str) -> None:
    py = module_of(ruleset).odds()
    rust = tables_from_cli(cli("odds", ruleset))
    assert [(t.title, list(t.rows)) for t in py] == rust
    for t in py:
        assert t.title in repr(t)
        assert t.to_dict() == dict(t.rows)
        assert t[t.rows[0][0]] == t.rows[0][1]
        with pytest.raises(KeyError):
            t["no such row"]
        frame = t.to_pandas()
        assert list(frame["fraction"]) == [p for _, p in t.rows]


@pytest.mark.parametrize("ruleset", IDS)
def test_simulate_equals_rust_and_ignores_threads(cli: Callable[..., Any], ruleset: str) -> None:
    one = fray.simulate(ruleset, trials=600, seed=5, threads=1)
    two = fray.simulate(ruleset, trials=600, seed=5, threads=2)
    assert one == two
    rust = cli("simulate", ruleset, "--trials", "600", "--seed", "5", "--threads", "2")
    mine = one.to_dict()
    assert mine["wins"] == rust["wins"] and mine["draws"] == rust["draws"]
    assert mine["rounds"] == {int(k): v for k, v in rust["rounds"].items()}
    assert mine["health_total"] == rust["health_total"]
    assert mine["metric_total"] == rust["metric_total"]
    assert mine["round_limit"] == rust["round_limit"] and mine["cut_off"] == rust["cut_off"]
    assert sum(one.wins) + one.draws + one.round_limit + one.cut_off == one.trials == 600
    unfinished = Fraction(one.draws + one.round_limit + one.cut_off, 600)
    assert sum(one.win_rate(i) for i in range(len(one.sides))) + unfinished == 1
    assert one.win_rate(one.sides[0]) == one.win_rate(0)
    assert ruleset in repr(one)
    frame = one.to_pandas()
    assert int(frame["trials"].sum()) == 600


@pytest.mark.parametrize("ruleset", [r.id for r in RULESETS if r.fights_bound])
def test_fights_arrays_add_up_to_the_summary(ruleset: str) -> None:
    whole = fray.fights(ruleset, trials=800, seed=9, threads=2)
    assert len(whole) == 800 and whole.health.shape == (800, 2)
    assert whole.winner.dtype == np.int8 and whole.rounds.dtype == np.uint32
    assert whole.summary() == fray.simulate(ruleset, trials=800, seed=9)
    # thread count and blocks of trial ids do not matter
    single = fray.fights(ruleset, trials=800, seed=9, threads=1)
    assert np.array_equal(whole.winner, single.winner)
    assert np.array_equal(whole.health, single.health)
    blocks = [fray.fights(ruleset, trials=200, seed=9, first=f) for f in range(0, 800, 200)]
    for name in ("winner", "rounds", "health", "metric"):
        assert np.array_equal(
            np.concatenate([getattr(b, name) for b in blocks]), getattr(whole, name)
        )
    # trial i is the encounter played on stream i with the default tactic
    for i in (0, 17, 799):
        enc = fray.Encounter(ruleset, seed=9, stream=i)
        enc.run()
        assert enc.finished
    frame = whole.to_pandas()
    assert len(frame) == 800 and frame["stream"].iloc[-1] == 799
    assert 0 <= whole.win_rate(0) <= 1 and ruleset in repr(whole)


@pytest.mark.parametrize("ruleset", IDS)
def test_encounter_plays_refuses_and_its_replay_verifies_in_rust(
    ruleset: str, tmp_path: Path, fray_cli: Path
) -> None:
    enc = fray.Encounter(ruleset, seed=7)
    first = enc.suggest()
    assert first is not None and not enc.finished
    events = enc.step()
    assert events and enc.events[-len(events):] == events
    enc.run()
    assert enc.finished and enc.suggest() is None and enc.step() == []
    assert all(isinstance(line, str) and line for line in enc.log())
    # a refused command raises RuleError naming the rule, and changes nothing
    before = (json.dumps(enc.state, sort_keys=True), len(enc.events), enc.replay_json())
    with pytest.raises(fray.RuleError) as refused:
        enc.apply(first)
    assert refused.value.rule and refused.value.rule in str(refused.value)
    assert (json.dumps(enc.state, sort_keys=True), len(enc.events), enc.replay_json()) == before
    # Python -> Rust
    path = tmp_path / "py.json"
    path.write_text(enc.replay_json())
    done = subprocess.run(
        [str(fray_cli), "replay", str(path), "--json"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    rust = json.loads(done.stdout)
    assert rust["events"] == enc.events
    report = fray.replay(enc.replay())
    assert report.events == enc.events and report.accepted == len(enc.replay()["commands"])
    assert fray.replay(path) == report == fray.replay(str(path)) == fray.replay(path.read_text())
    assert report.to_dict()["events_digest"] == rust["events_digest"]


@pytest.mark.parametrize("ruleset", IDS)
def test_rust_replay_verifies_in_python_and_edits_are_caught(
    ruleset: str, tmp_path: Path, cli_raw: Callable[..., subprocess.CompletedProcess[str]]
) -> None:
    info = fray.rulesets()[IDS.index(ruleset)]
    done = cli_raw("demo", ruleset, "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    (file,) = tmp_path.glob(f"fray-demo-{ruleset}-*.json")
    data = json.loads(file.read_text())
    report = fray.replay(file)
    assert report.ruleset == ruleset and report.accepted == len(data["commands"])
    # the same fight played from Python gives the same file
    enc = fray.Encounter(ruleset, seed=info.demo_seed)
    enc.run()
    assert enc.replay() == data
    # an edited digest is caught at that command
    index = len(data["commands"]) // 2
    edited = copy.deepcopy(data)
    edited["commands"][index]["digest"] = "0" * 16
    with pytest.raises(fray.ReplayMismatch) as mismatch:
        fray.replay(edited)
    assert mismatch.value.command == index
    assert mismatch.value.expected == "0" * 16 and mismatch.value.actual
    assert f"index {index}" in str(mismatch.value)
    # an edited seed changes the fight from the start or an early command
    reseeded = dict(data, seed=data["seed"] + 1)
    with pytest.raises(fray.ReplayMismatch):
        fray.replay(reseeded)
    # the wrong ruleset or a broken file is invalid input
    with pytest.raises(fray.InvalidInput):
        fray.replay(dict(data, ruleset="chess"))
    with pytest.raises(fray.InvalidInput):
        fray.replay("{not json")
    with pytest.raises(fray.InvalidInput, match="cannot read the replay file"):
        fray.replay(tmp_path / "missing.json")


@pytest.mark.parametrize("ruleset", IDS)
def test_demo_setup_round_trips(ruleset: str) -> None:
    setup = fray.demo_setup(ruleset)
    assert isinstance(setup, dict)
    a = fray.Encounter(ruleset, setup, seed=3)
    b = fray.Encounter(ruleset, json.dumps(setup), seed=3)
    a.run()
    b.run()
    assert a.events == b.events
    assert module_of(ruleset).encounter(setup, seed=3).events == fray.Encounter(ruleset, seed=3).events
    assert module_of(ruleset).simulate(setup, trials=50, seed=2) == fray.simulate(
        ruleset, trials=50, seed=2
    )
