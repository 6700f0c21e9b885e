"""Exact odds past 128 bits: fray.odds answers what `fray odds` answers, to the integer, and
agrees with counts computed here by another method."""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any, Callable

import pytest

import fray

BIG = [
    "100d6",
    "50d10kh10",
    "10d6!",
    "100d10>=8",
    "1d6!+1d8!",
    "3d20kh3!>=6",
    "60d6kh1",
    "60d6mi2",
    "50d10ra10kh5",
    "(60d6,60d6)kh1",
    "(1d20,1d20)kl1+4d6rr1kh3",
]


def from_cli(rust: dict[str, Any]) -> dict[int, Fraction]:
    return {
        o["value"]: Fraction(int(o["numerator"]), int(o["denominator"])) for o in rust["outcomes"]
    }


@pytest.mark.parametrize("expression", BIG)
def test_big_odds_equal_rust_cli(cli: Callable[..., Any], expression: str) -> None:
    rust = cli("odds", expression, "--all")
    py = fray.odds(expression)
    assert py.expression == rust["expression"]
    assert py.to_dict() == from_cli(rust)
    u = rust["unresolved"]
    assert py.unresolved == Fraction(int(u["numerator"]), int(u["denominator"]))
    assert ("mean_bounds" in rust) == (py.unresolved_range is not None)
    if "mean_bounds" in rust:
        low, high = py.mean_bounds
        assert float(low) == pytest.approx(rust["mean_bounds"][0], rel=1e-12)
        assert float(high) == pytest.approx(rust["mean_bounds"][1], rel=1e-12)


@pytest.mark.parametrize(("expression", "depth"), [("3d6!", 2), ("1d10!+1d8!", 4), ("2d20kh1!", 1)])
def test_depth_equals_cli_depth(cli: Callable[..., Any], expression: str, depth: int) -> None:
    rust = cli("odds", expression, "--all", "--depth", str(depth))
    py = fray.odds(expression, depth=depth)
    assert py.to_dict() == from_cli(rust)
    u = rust["unresolved"]
    assert py.unresolved == Fraction(int(u["numerator"]), int(u["denominator"])) > 0


def test_hundred_d6_counts_are_python_ints() -> None:
    o = fray.odds("100d6")
    assert o.denominator == 6**100 and o.denominator.bit_length() > 128
    assert o.counts[100] == 1 and o.counts[101] == 100 and o.counts[102] == comb(101, 2)
    assert o.counts[300] == o.counts[400] and sum(o.counts.values()) == 6**100
    assert o.mean == 350 and o.unresolved == 0 and o.unresolved_range is None


def test_success_counts_are_binomial() -> None:
    # 100d10>=8: each die succeeds on 8, 9, 10 (3 in 10), so k successes is Binomial(100, 3/10).
    o = fray.odds("100d10>=8")
    want = {k: Fraction(comb(100, k) * 3**k * 7 ** (100 - k), 10**100) for k in range(101)}
    assert o.to_dict() == want


def test_fifty_d10_keep_ten_top_total_is_binomial() -> None:
    # 100 needs at least ten 10s among fifty d10.
    ways = sum(comb(50, j) * 9 ** (50 - j) for j in range(10, 51))
    assert fray.odds("50d10kh10")[100] == Fraction(ways, 10**50)


def test_exploding_pools_leave_at_most_two_to_the_minus_64() -> None:
    o = fray.odds("10d6!")
    assert 0 < o.unresolved <= Fraction(1, 2**64)
    assert sum(p for _, p in o) + o.unresolved == 1
    # A d6! averages 3.5 · 6/5 = 4.2, so ten of them 42: inside the exact bounds.
    low, high = o.mean_bounds
    assert low <= 42 <= high and high - low < Fraction(1, 10**12)


def test_one_die_deep_leaves_double_sixes_unresolved() -> None:
    o = fray.odds("1d6!", depth=1)
    assert o.unresolved == Fraction(1, 36)
    assert o.unresolved_range is not None and o.unresolved_range[0] == 13
    assert o[7] == Fraction(1, 36) and o[5] == Fraction(1, 6)
    assert fray.odds("1d6!", depth=0).unresolved == Fraction(1, 6)


def test_bad_odds_input_is_refused_clearly() -> None:
    with pytest.raises(fray.InvalidInput, match="column"):
        fray.odds("3d6+")
    with pytest.raises(fray.InvalidInput, match="limit"):
        fray.odds("1000d6*1000d6")
    with pytest.raises(fray.InvalidInput, match="depth must be"):
        fray.odds("1d6!", depth=-1)
    with pytest.raises(fray.InvalidInput, match="depth must be"):
        fray.odds("1d6!", depth="3")  # type: ignore[arg-type]
    with pytest.raises(fray.InvalidInput, match="depth must be in"):
        fray.odds("1d6!", depth=2**32)


@pytest.mark.parametrize("expression", ["10d6", "2*1d6", "100d6", "2*60d6", "(60d6,60d6)kh1"])
def test_counts_built_when_read_are_the_same_numbers(expression: str) -> None:
    # Counts cross from Rust as one list (64-bit counts) or one bytes object of slots (larger
    # ones), counts of 0 inside the range left out of the dict.
    o = fray.odds(expression)
    counts = o.counts
    assert counts is o.counts  # built once
    assert all(isinstance(c, int) and c > 0 for c in counts.values())
    assert sum(counts.values()) == o.denominator
    assert list(counts) == sorted(counts)
    if expression.startswith("2*"):
        assert all(v % 2 == 0 for v in counts)
    # The same odds built from the dict, as a caller of the constructor would.
    again = fray.Odds(o.expression, o.denominator, dict(counts), o.unresolved_range)
    assert again == o and again.counts == counts
    assert o.at_least(o.min) == 1 and o[o.max] > 0


def test_slot_counts_decode_to_python_ints() -> None:
    # 100d6 counts pass 64 bits: each comes back exactly, including the middle ones.
    o = fray.odds("100d6")
    assert o.counts[350] == sum(
        (-1) ** i * comb(100, i) * comb(350 - 6 * i - 1, 99) for i in range(0, 42)
    )
