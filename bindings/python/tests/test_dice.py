"""Dice: rolls, batches and exact odds, cross-checked against brute force and the Rust CLI."""

from __future__ import annotations

import itertools
import json
import os
from collections import Counter
from fractions import Fraction
from typing import Any, Callable

import numpy as np
import pytest

import fray

EXPRESSIONS = ["1d20", "4d6dl1", "3d8kh2+2", "2d6+1d4-1", "1d10!", "6d6>=5", "2d20kl1", "d%"]


def test_roll_is_reproducible_and_readable() -> None:
    r = fray.roll("4d6dl1", seed=7)
    assert r == fray.roll("4d6dl1", seed=7, stream=0)
    assert r.expression == "4d6dl1" and r.seed == 7 and r.stream == 0
    assert len(r.dice) == 4
    kept = [d.value for d in r.dice if d.fate == "kept"]
    assert sum(kept) == r.total == int(r)
    assert sorted(d.value for d in r.dice)[0] in [d.value for d in r.dice if d.fate == "dropped"]
    text = repr(r)
    assert "4d6dl1" in text and str(r.total) in text and "dropped" in text and "seed=7" in text
    d = r.to_dict()
    dice = d["dice"]
    assert isinstance(dice, list)
    assert d["total"] == r.total and len(dice) == 4 and dice[0]["sides"] == 6


def test_roll_without_seed_records_the_seed() -> None:
    r = fray.roll("3d6")
    assert fray.roll("3d6", seed=r.seed) == r


@pytest.mark.parametrize("expression", EXPRESSIONS)
@pytest.mark.parametrize("seed,stream", [(0, 0), (7, 3), (2**64 - 1, 2**64 - 1)])
def test_roll_equals_rust_cli(
    cli: Callable[..., Any], expression: str, seed: int, stream: int
) -> None:
    rust = cli("roll", expression, "--seed", str(seed), "--stream", str(stream))
    py = fray.roll(expression, seed=seed, stream=stream)
    assert py.total == rust["total"]
    assert py.expression == rust["expression"]
    assert [d.to_dict() for d in py.dice] == rust["transcript"]["dice"]


@pytest.mark.parametrize("expression", EXPRESSIONS)
def test_roll_batch_equals_per_call(expression: str) -> None:
    batch = fray.roll_batch(expression, 300, seed=11, first=5)
    assert batch.dtype == np.int64 and batch.shape == (300,)
    per_call = [fray.roll(expression, seed=11, stream=5 + i).total for i in range(300)]
    assert batch.tolist() == per_call


def test_roll_batch_does_not_depend_on_threads() -> None:
    one = fray.roll_batch("3d8kh2+2", 20_000, seed=3, threads=1)
    two = fray.roll_batch("3d8kh2+2", 20_000, seed=3, threads=2)
    auto = fray.roll_batch("3d8kh2+2", 20_000, seed=3)
    assert np.array_equal(one, two) and np.array_equal(one, auto)
    # blocks of trial ids add up to the whole
    parts = [fray.roll_batch("3d8kh2+2", 5_000, seed=3, first=f) for f in range(0, 20_000, 5_000)]
    assert np.array_equal(np.concatenate(parts), one)


def test_rng_batch_equals_per_call_rolls() -> None:
    a, b = fray.Rng(5, 2), fray.Rng(5, 2)
    arr = a.batch(6, 1000)
    assert arr.dtype == np.uint32
    assert arr.tolist() == [b.roll(6) for _ in range(1000)]
    assert a.position == b.position and a.roll(20) == b.roll(20)
    assert {fray.Rng(1).k_die() for _ in range(1)} <= {0, 1}
    ks = fray.Rng(9)
    assert set(ks.k_die() for _ in range(200)) == {0, 1}
    assert "seed=5" in repr(a) and "stream=2" in repr(a)


def test_rng_roll_expr_matches_roll_on_fresh_stream() -> None:
    g = fray.Rng(12, 4)
    assert g.roll_expr("4d6dl1") == fray.roll("4d6dl1", seed=12, stream=4)


def test_rng_roll_expr_mid_stream_keeps_its_own_dice() -> None:
    g, h = fray.Rng(12, 4), fray.Rng(12, 4)
    g.roll(6)
    h.roll(6)
    r = g.roll_expr("4d6dl1")
    g.batch(6, 100)  # the generator moves on; the roll's dice are read later, from its copy
    assert [d.value for d in r.dice] == [h.roll(6) for _ in range(4)]
    assert r.seed == 12 and r.stream == 4
    assert r != fray.roll("4d6dl1", seed=12, stream=4)  # same stream, another position


def test_rolls_without_a_seed_get_distinct_seeds_that_replay() -> None:
    rolls = [fray.roll("3d6") for _ in range(2000)]
    assert len({r.seed for r in rolls}) == 2000
    assert all(fray.roll("3d6", seed=r.seed) == r for r in rolls[:100])


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_forked_child_draws_other_seeds_than_its_parent() -> None:
    """Seeds drawn without one come from a per-process key; a forked child (a worker pool)
    makes a new key, so it does not roll the parent's dice."""
    fray.roll("1d20")  # the parent has drawn seeds before forking
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: report its next seeds, exit without pytest's cleanup
        try:
            os.write(write, json.dumps([fray.roll("1d20").seed for _ in range(5)]).encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read) as f:
        child = json.loads(f.read())
    os.waitpid(pid, 0)
    parent = [fray.roll("1d20").seed for _ in range(5)]
    assert len(child) == 5 and not set(child) & set(parent)


def test_many_expressions_in_turn_roll_as_freshly_parsed() -> None:
    """Parsed expressions are cached by text, a few at a time: forty in turn, twice over, each
    rolls as its own text says."""
    base = [fray.roll("1d6", seed=s).total for s in range(40)]
    for _ in range(2):
        for i in range(40):
            r = fray.roll(f"1d6+{i}", seed=i)
            assert r.expression == f"1d6+{i}" and r.total == base[i] + i


def test_cached_expressions_by_object_and_by_text() -> None:
    """The cache finds a str object again by identity and an equal text in another object by
    comparing texts; a str subclass, a freed and reused object, and a text that is not valid
    notation all behave as a fresh parse does."""

    class Notation(str):
        pass

    want = fray.roll("3d6+2", seed=4).total
    for _ in range(3):
        text = "".join(["3d6", "+2"])  # a new object each time, equal text
        assert fray.roll(text, seed=4).total == want
        assert fray.roll(Notation("3d6+2"), seed=4).total == want
        del text
        other = "".join(["3d6", "+1"])  # may reuse the freed object's address
        assert fray.roll(other, seed=4).total == want - 1
    with pytest.raises(fray.InvalidInput, match="not valid text"):
        fray.roll("1d6\ud800")
    with pytest.raises(fray.InvalidInput):
        fray.roll("3d6+")


def brute_force(pools: list[int], combine: Callable[[tuple[int, ...]], int]) -> dict[int, Fraction]:
    counts: Counter[int] = Counter()
    for faces in itertools.product(*[range(1, s + 1) for s in pools]):
        counts[combine(faces)] += 1
    total = sum(counts.values())
    return {v: Fraction(c, total) for v, c in sorted(counts.items())}


def test_odds_are_exact_against_brute_force() -> None:
    assert fray.odds("3d8kh2+2").to_dict() == brute_force(
        [8, 8, 8], lambda f: sum(sorted(f)[1:]) + 2
    )
    assert fray.odds("4d6dl1").to_dict() == brute_force([6] * 4, lambda f: sum(sorted(f)[1:]))
    assert fray.odds("2d6+1d4-1").to_dict() == brute_force([6, 6, 4], lambda f: sum(f) - 1)
    assert fray.odds("4d6dl1")[18] == Fraction(21, 1296)
    assert fray.odds("3d8kh2+2")[18] == Fraction(11, 256)


@pytest.mark.parametrize("expression", EXPRESSIONS)
def test_odds_equal_rust_cli(cli: Callable[..., Any], expression: str) -> None:
    # Both follow explosions until at most 2^-64 is unresolved.
    rust = cli("odds", expression, "--all")
    py = fray.odds(expression)
    assert py.expression == rust["expression"]
    assert {o["value"]: Fraction(int(o["numerator"]), int(o["denominator"])) for o in rust["outcomes"]} == py.to_dict()
    u = rust["unresolved"]
    assert py.unresolved == Fraction(int(u["numerator"]), int(u["denominator"]))


def test_odds_helpers_and_pandas() -> None:
    o = fray.odds("2d6")
    assert len(o) == 11 and o.min == 2 and o.max == 12 and o.values == list(range(2, 13))
    assert o.mean == 7 and o[7] == Fraction(1, 6) and o[13] == 0
    assert o.at_least(11) == Fraction(3, 36) and o.at_most(3) == Fraction(3, 36)
    assert sum(p for _, p in o) == 1 and o.unresolved == 0
    assert o == fray.odds("2d6") and o != fray.odds("2d6+1")
    assert "2d6" in repr(o) and "1/6" in repr(o)
    pd = pytest.importorskip("pandas")
    frame = o.to_pandas()
    assert isinstance(frame, pd.DataFrame)
    assert frame.loc[7, "fraction"] == Fraction(1, 6)
    assert frame["probability"].sum() == pytest.approx(1.0)
    assert frame.loc[12, "at_least"] == pytest.approx(1 / 36)


def test_exploding_odds_report_unresolved_mass() -> None:
    o = fray.odds("1d6!")
    assert o.unresolved > 0 and sum(p for _, p in o) + o.unresolved == 1
