"""How simulated fights end: wins, draws, round limits and cut-offs are counted apart, and
every rate carries a 95 % Wilson interval."""

from __future__ import annotations

import math

import pytest

import fray

# Newcombe (1998), "Two-sided confidence intervals for the single proportion", Statistics in
# Medicine 17, table I, method 3 (Wilson score interval without continuity correction).
PUBLISHED = [
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
]


@pytest.mark.parametrize("k,n,low,high", PUBLISHED)
def test_wilson_interval_matches_published_values(k: int, n: int, low: float, high: float) -> None:
    lo, hi = fray.wilson_interval(k, n)
    assert math.isclose(lo, low, abs_tol=5e-5) and math.isclose(hi, high, abs_tol=5e-5)


def test_wilson_interval_of_nothing_is_everything() -> None:
    assert fray.wilson_interval(0, 0) == (0.0, 1.0)


def test_a_one_round_limit_is_counted_as_round_limit_not_draw() -> None:
    setup = fray.demo_setup("red")
    setup["settings"]["max_rounds"] = 1
    summary = fray.simulate("red", setup, trials=400, seed=3, threads=2)
    assert summary.round_limit > 0
    assert sum(summary.wins) + summary.draws + summary.round_limit + summary.cut_off == 400
    assert summary.win_interval(0)[0] <= float(summary.win_rate(0)) <= summary.win_interval(0)[1]
    frame = summary.to_pandas()
    assert int(frame.loc["round_limit", "trials"]) == summary.round_limit
    assert frame.loc["round_limit", "low"] <= frame.loc["round_limit", "share"]
    if "red" in {r.id for r in fray.rulesets() if r.fights_bound}:
        fights = fray.fights("red", setup, trials=400, seed=3)
        assert fights.summary() == summary
        assert int((fights.end == 1).sum()) == summary.round_limit
