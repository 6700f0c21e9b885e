"""RED's typed checks: per call, numpy batches with per-trial base and DV, exact odds."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

import fray
from fray import red

pytestmark = pytest.mark.skipif(
    "red" not in [r.id for r in fray.rulesets()], reason="red is not in this build"
)


def exact_success(base: int, dv: int, critical: bool = True) -> Fraction:
    """P(base + d10 (+/- a critical d10) > dv), enumerated here independently of Rust."""
    p = Fraction(0)
    for natural in range(1, 11):
        extras = [0]
        if critical and natural in (1, 10):
            extras = [e if natural == 10 else -e for e in range(1, 11)]
        for extra in extras:
            if base + natural + extra > dv:
                p += Fraction(1, 10 * len(extras))
    return p


def test_check_is_reproducible_and_consistent() -> None:
    r = red.check(14, 15, seed=3, stream=2)
    assert r == red.check(14, 15, seed=3, stream=2)
    assert r.total == 14 + r.natural + r.extra and r.margin == r.total - 15
    assert r.success == (r.total > 15) and "seed=3" in repr(r) and r.to_dict()["total"] == r.total
    crits = [red.check(0, 0, seed=1, stream=s) for s in range(300)]
    assert any(c.extra > 0 for c in crits) and any(c.extra < 0 for c in crits)
    assert all(c.extra == 0 for c in (red.check(0, 0, seed=1, stream=s, critical=False) for s in range(50)))


def test_batch_equals_per_call() -> None:
    rng = np.random.default_rng(1)
    base = rng.integers(5, 20, 300)
    dv = rng.integers(9, 25, 300)
    batch = red.check_batch(base, dv, seed=8, first=50)
    for i in range(300):
        one = red.check(int(base[i]), int(dv[i]), seed=8, stream=50 + i)
        assert (int(batch.total[i]), bool(batch.success[i])) == (one.total, one.success)
    one_thread = red.check_batch(base, dv, seed=8, first=50, threads=1)
    assert np.array_equal(one_thread.total, batch.total)
    assert "CheckBatch" in repr(batch)
    # one value for every trial (scalar or 1-element array) equals the value repeated
    same_dv = red.check_batch(base, np.full(300, 15), seed=8, first=50)
    for dv_one in (15, [15], np.int64(15)):
        one_dv = red.check_batch(base, dv_one, seed=8, first=50)
        assert np.array_equal(one_dv.total, same_dv.total) and np.array_equal(one_dv.success, same_dv.success)
    assert len(red.check_batch(12, 15, n=0, seed=1)) == 0


@pytest.mark.parametrize("base,dv,critical", [(14, 15, True), (10, 17, True), (8, 13, False), (20, 30, True)])
def test_sampled_batches_match_exact_odds(base: int, dv: int, critical: bool) -> None:
    n = 200_000
    batch = red.check_batch(base, dv, n=n, seed=4, critical=critical)
    p = float(exact_success(base, dv, critical))
    se = math.sqrt(p * (1 - p) / n) or 1e-9
    assert abs(batch.success_rate() - p) <= 4 * se + 1e-12


def test_attack_odds_table_agrees_with_independent_enumeration() -> None:
    # the ruleset's own exact odds: attack 14 vs the DV of its default weapon and distance
    (table, *_) = fray.red.odds(attack=14)
    dv = int(table.title.rsplit("DV ", 1)[1])
    assert table["hit"] == exact_success(14, dv)


@pytest.mark.parametrize(
    "call,kind,words",
    [
        (lambda: red.check(1.5), fray.InvalidInput, "integer"),  # type: ignore[arg-type]
        (lambda: red.check_batch([1, 2], [1, 2, 3], seed=1), fray.InvalidInput, "one length"),
        (lambda: red.check_batch(1, seed=1), fray.InvalidInput, "give n"),
        (lambda: red.check(10**6 + 1, 15, seed=1), fray.RuleError, "RED-30"),
    ],
)
def test_bad_check_input(call, kind, words) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(kind) as caught:
        call()
    assert words in str(caught.value)
