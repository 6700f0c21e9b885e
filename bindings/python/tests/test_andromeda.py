"""Andromeda's typed checks: per call, numpy batches with per-trial parameters, exact odds."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Callable

import numpy as np
import numpy.typing as npt
import pytest

import fray
from fray import andromeda

pytestmark = pytest.mark.skipif(
    "andromeda" not in [r.id for r in fray.rulesets()], reason="andromeda is not in this build"
)


def final_tier_odds(**spec: Any) -> dict[str, Fraction]:
    (table,) = [t for t in andromeda.odds(**spec) if t.title.startswith("final tier:")]
    return table.to_dict()


def test_check_is_reproducible_and_consistent() -> None:
    r = andromeda.check(3, 2, 1, seed=7, stream=4)
    assert r == andromeda.check(3, 2, 1, seed=7, stream=4)
    assert len(r.dice) == 2 and sorted(r.kept) == sorted(r.dice)
    assert r.total == sum(r.kept) + 3 and r.shift == 1
    base = 0 if r.total < 10 else 1 if r.total < 13 else 2 if r.total < 16 else 3
    assert r.base == andromeda.TIERS[base]
    assert r.tier_index == min(3, base + 1) and r.damage is None
    assert "seed=7" in repr(r) and r.to_dict()["tier"] == r.tier
    adv = andromeda.check(0, edge="advantage", seed=1)
    assert len(adv.dice) == 3 and sum(adv.kept) == sum(sorted(adv.dice)[-2:])
    dis = andromeda.check(0, edge="disadvantage", seed=1, advantage_dice=3)
    assert len(dis.dice) == 5 and sum(dis.kept) == sum(sorted(dis.dice)[:2])
    flat = andromeda.check(0, edge="advantage", flat_bonus=2, seed=1)
    assert len(flat.dice) == 2 and flat.total == sum(flat.dice) + 2
    hit = andromeda.check(3, 2, 2, damage="1/2/3/5", seed=3)
    assert hit.damage == [1, 2, 3, 5][hit.tier_index]


def test_batch_equals_per_call_with_per_trial_parameters() -> None:
    rng = np.random.default_rng(0)
    n = 400
    value = rng.integers(-2, 8, n)
    rank = rng.integers(0, 5, n)
    diff = rng.integers(0, 5, n)
    edge = rng.integers(0, 3, n)
    batch = andromeda.check_batch(value, rank, diff, edge=edge, seed=21, first=1000, damage="0/1/2/4")
    assert len(batch) == n and batch.total.dtype == np.int32 and batch.tier.dtype == np.uint8
    assert batch.damage is not None
    for i in range(n):
        one = andromeda.check(
            int(value[i]), int(rank[i]), int(diff[i]), edge=andromeda.EDGES[edge[i]],
            seed=21, stream=1000 + i, damage="0/1/2/4",
        )
        assert (batch.total[i], andromeda.TIERS[batch.tier[i]], andromeda.TIERS[batch.base[i]]) == (
            one.total, one.tier, one.base,
        )
        assert batch.damage[i] == one.damage
    names = andromeda.check_batch(value, rank, diff, edge=[andromeda.EDGES[e] for e in edge], seed=21, first=1000)
    assert np.array_equal(names.tier, batch.tier)
    assert sum(batch.tier_counts().values()) == n and "CheckBatch" in repr(batch)
    assert list(batch.to_pandas().columns) == ["stream", "total", "base", "tier", "damage"]


def test_batch_broadcasts_and_ignores_threads() -> None:
    one = andromeda.check_batch(3, [0, 1, 2, 3] * 5000, 2, seed=5, threads=1)
    two = andromeda.check_batch(np.full(20000, 3), [0, 1, 2, 3] * 5000, np.int64(2), seed=5, threads=2)
    assert np.array_equal(one.tier, two.tier) and np.array_equal(one.total, two.total)
    scalar = andromeda.check_batch(3, n=100, seed=5)
    assert len(scalar) == 100


def test_one_value_parameters_equal_full_arrays() -> None:
    # Scalars and 1-element arrays go to the native side as one value; the dice must be the
    # same as with the value repeated per trial, mixed with real per-trial arrays too.
    n = 3000
    ranks = np.arange(n) % 5
    full = andromeda.check_batch(
        np.full(n, 4), ranks, np.full(n, 2), edge=np.full(n, 1), n=n, seed=9, first=7, damage="0/1/2/3",
    )
    forms: list[tuple[npt.ArrayLike, npt.ArrayLike, npt.ArrayLike | str]] = [
        (4, 2, "advantage"), ([4], np.array([2]), [1]), (np.int32(4), [2], 1),
    ]
    for value, diff, edge in forms:
        one = andromeda.check_batch(value, ranks, diff, edge=edge, n=n, seed=9, first=7, damage="0/1/2/3")
        assert np.array_equal(one.total, full.total) and np.array_equal(one.base, full.base)
        assert np.array_equal(one.tier, full.tier)
        assert one.damage is not None and full.damage is not None
        assert np.array_equal(one.damage, full.damage)
    empty = andromeda.check_batch(3, 2, 1, n=0, seed=1, damage="0/1/2/3")
    assert len(empty) == 0 and empty.damage is not None and len(empty.damage) == 0
    assert len(andromeda.check_batch([], seed=1)) == 0


@pytest.mark.parametrize(
    "spec",
    [
        dict(skill_value=3, skill_rank=2, difficulty=2),
        dict(skill_value=1, skill_rank=0, difficulty=2, edge="advantage"),
        dict(skill_value=5, skill_rank=3, difficulty=1, edge="disadvantage"),
        dict(skill_value=2, skill_rank=1, difficulty=1, edge="advantage", advantage_dice=3),
    ],
)
def test_sampled_batches_match_the_exact_odds(spec: dict[str, Any]) -> None:
    exact = final_tier_odds(**spec)
    n = 200_000
    batch = andromeda.check_batch(
        spec["skill_value"], spec["skill_rank"], spec["difficulty"],
        edge=spec.get("edge", "normal"), advantage_dice=spec.get("advantage_dice", 1),
        n=n, seed=99,
    )
    counts = batch.tier_counts()
    for tier, p in exact.items():
        se = math.sqrt(float(p) * (1 - float(p)) / n) or 1e-9
        assert abs(counts[tier] / n - float(p)) <= 4 * se + 1e-12, (tier, counts[tier] / n, p)


def test_exact_odds_equal_the_cli(cli: Callable[..., Any]) -> None:
    for args, spec in [
        (["skill_value=3", "skill_rank=1", "difficulty=2", "edge=advantage"],
         dict(skill_value=3, skill_rank=1, difficulty=2, edge="advantage")),
        (["skill_value=0", "difficulty=3", "edge=disadvantage", "damage=1/2/3/5"],
         dict(skill_value=0, difficulty=3, edge="disadvantage", damage="1/2/3/5")),
    ]:
        rust = cli("odds", "andromeda", *args)
        py = andromeda.odds(**spec)
        assert [t.title for t in py] == [t["title"] for t in rust]
        for mine, theirs in zip(py, rust):
            assert [(label, p) for label, p in mine.rows] == [
                (r["label"], Fraction(r["probability"]["numerator"], r["probability"]["denominator"]))
                for r in theirs["rows"]
            ]


@pytest.mark.parametrize(
    "call,words",
    [
        (lambda: andromeda.check(1, edge="sideways"), "edge must be one of"),
        (lambda: andromeda.check(1, advantage_dice=5), "advantage_dice"),
        (lambda: andromeda.check(1, cost_from=20), "table"),
        (lambda: andromeda.check(1, damage="1/2/3"), "four whole numbers"),
        (lambda: andromeda.check(2**31), "skill_value"),
        (lambda: andromeda.check_batch([1, 2], [1, 2, 3], seed=1), "one length"),
        (lambda: andromeda.check_batch(1, seed=1), "give n"),
        (lambda: andromeda.check_batch([1.5], seed=1), "integers"),
        (lambda: andromeda.check_batch([1], edge=[7], seed=1), "edge indexes"),
        (lambda: andromeda.check_batch([1], edge=["up"], seed=1), "edge must be one of"),
        (lambda: andromeda.check_batch([[1]], seed=1), "1-D"),
    ],
)
def test_bad_check_input(call: Callable[[], Any], words: str) -> None:
    with pytest.raises(fray.InvalidInput) as caught:
        call()
    assert words in str(caught.value)


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

ints = st.integers(-(2**40), 2**40)


@settings(max_examples=300, deadline=None)
@given(
    value=ints, rank=ints, difficulty=ints, table=st.tuples(ints, ints, ints),
    extra=st.integers(-3, 8), flat=st.none() | ints, edge=st.sampled_from(["normal", "advantage", "disadvantage", "x"]),
    damage=st.none() | st.text(max_size=12), seed=st.integers(0, 2**64 - 1),
)
def test_random_checks_only_raise_invalid_input(
    value: int, rank: int, difficulty: int, table: tuple[int, int, int], extra: int,
    flat: int | None, edge: str, damage: str | None, seed: int,
) -> None:
    kwargs = dict(
        edge=edge, cost_from=table[0], success_from=table[1], critical_from=table[2],
        advantage_dice=extra, flat_bonus=flat, damage=damage,
    )
    try:
        one = andromeda.check(value, rank, difficulty, seed=seed, **kwargs)  # type: ignore[arg-type]
    except fray.InvalidInput:
        one = None
    except BaseException as e:  # noqa: BLE001
        pytest.fail(f"{type(e).__name__} escaped: {e}")
    try:
        batch = andromeda.check_batch([value], [rank], [difficulty], seed=seed, **kwargs)  # type: ignore[arg-type]
    except fray.InvalidInput:
        assert one is None
        return
    except BaseException as e:  # noqa: BLE001
        pytest.fail(f"{type(e).__name__} escaped: {e}")
    assert one is not None and andromeda.TIERS[batch.tier[0]] == one.tier and batch.total[0] == one.total
