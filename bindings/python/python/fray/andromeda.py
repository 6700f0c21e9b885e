"""Project Andromeda: 2d8 checks with rank shifts, Heat, grabs and stress.

Generic functions reach the ruleset through the registry; they raise
:class:`fray.InvalidInput` if this build does not include it (see :func:`fray.rulesets`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fray import _fray, _util
from fray.errors import InvalidInput
from fray._rulesets import RulesetFunctions

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
else:
    from fray._util import lazy_numpy as np

__all__ = ["ID", "info", "odds", "demo_setup", "simulate", "fights", "encounter", "TIERS", "EDGES", "CheckResult", "check", "CheckBatch", "check_batch"]

ID = "andromeda"
"""The ruleset id."""

_functions = RulesetFunctions(ID)
info = _functions.info
odds = _functions.odds
demo_setup = _functions.demo_setup
simulate = _functions.simulate
fights = _functions.fights
encounter = _functions.encounter


TIERS = ("Fail", "Success at a Cost", "Success", "Critical Success")
"""The four outcomes of a check, worst first; tier arrays hold indexes into this (AND-15)."""
EDGES = ("normal", "advantage", "disadvantage")
"""Advantage states; edge arrays hold indexes into this (AND-21)."""


@dataclass(frozen=True)
class CheckResult:
    """One check: 2d8 (more with extra advantage dice) + skill value, read on the outcome
    table, shifted by skill rank − difficulty and clamped (AND-16, AND-17, AND-21)."""

    dice: tuple[int, ...]
    """Every d8 rolled, in order."""
    kept: tuple[int, int]
    """The two dice that count."""
    total: int
    """Kept dice + skill value (+ a flat advantage bonus)."""
    base: str
    """The tier the table gives the total."""
    shift: int
    """Tiers moved by skill rank − difficulty, before the clamp."""
    tier: str
    """The final tier (one of :data:`TIERS`)."""
    damage: int | None
    """Damage of the final tier when a damage line was given (an attack, AND-20)."""
    seed: int
    """The dice seed."""
    stream: int
    """The dice stream."""

    @property
    def tier_index(self) -> int:
        """The final tier as 0 (Fail) … 3 (Critical Success)."""
        return TIERS.index(self.tier)

    def to_dict(self) -> dict[str, Any]:
        """The result as plain data."""
        return {
            "dice": list(self.dice),
            "kept": list(self.kept),
            "total": self.total,
            "base": self.base,
            "shift": self.shift,
            "tier": self.tier,
            "damage": self.damage,
            "seed": self.seed,
            "stream": self.stream,
        }

    def __repr__(self) -> str:
        dmg = "" if self.damage is None else f", {self.damage} damage"
        return (
            f"CheckResult({list(self.dice)} keeps {self.kept[0]}+{self.kept[1]} → {self.total}: "
            f"{self.base} shifted {self.shift:+d} → {self.tier}{dmg}; seed={self.seed}, "
            f"stream={self.stream})"
        )


def _edge_code(edge: object) -> int:
    if isinstance(edge, str) and edge in EDGES:
        return EDGES.index(edge)
    raise InvalidInput(f"edge must be one of {', '.join(EDGES)}, got {edge!r}")


def _rules(
    cost_from: int, success_from: int, critical_from: int, advantage_dice: int,
    flat_bonus: int | None, damage: str | None,
) -> tuple[tuple[int, int, int], int, int | None, list[int] | None]:
    table = (
        _util.i32(cost_from, "cost_from"),
        _util.i32(success_from, "success_from"),
        _util.i32(critical_from, "critical_from"),
    )
    dice = _util.count(advantage_dice, "advantage_dice")
    if dice > 4:
        raise InvalidInput(f"advantage_dice must be 0 .. 4, got {dice}")
    bonus = None if flat_bonus is None else _util.i32(flat_bonus, "flat_bonus")
    line = None
    if damage is not None:
        parts = _util.text(damage, "damage").split("/")
        try:
            line = [int(p) for p in parts]
        except ValueError:
            line = []
        if len(line) != 4 or not all(0 <= v <= _util.U32_MAX for v in line):
            raise InvalidInput(
                f'damage must be four whole numbers fail/cost/success/crit like "1/2/3/5", got {damage!r}'
            )
    return table, dice, bonus, line


def check(
    skill_value: int,
    skill_rank: int = 0,
    difficulty: int = 0,
    *,
    edge: str = "normal",
    seed: int | None = None,
    stream: int = 0,
    cost_from: int = 10,
    success_from: int = 13,
    critical_from: int = 16,
    advantage_dice: int = 1,
    flat_bonus: int | None = None,
    damage: str | None = None,
) -> CheckResult:
    """One check on dice ``(seed, stream)`` (a random seed when ``None``, recorded in the
    result). ``edge`` is ``"normal"``, ``"advantage"`` or ``"disadvantage"``; advantage rolls
    ``advantage_dice`` extra d8 and keeps the best two, or adds ``flat_bonus`` when given
    (the **[default]** methods of AND-21). ``cost_from``/``success_from``/``critical_from`` are
    the outcome table (AND-16 **[default]** 10/13/16). With ``damage="1/2/3/5"`` it is an
    attack and the result carries the damage of the final tier."""
    table, dice, bonus, line = _rules(cost_from, success_from, critical_from, advantage_dice, flat_bonus, damage)
    seed = _util.seed_or_random(seed)
    stream = _util.u64(stream, "stream")
    rolled, kept, total, base, shift, tier, dmg = _fray.andromeda_check(
        seed, stream, _util.i32(skill_value, "skill_value"), _util.i32(skill_rank, "skill_rank"),
        _util.i32(difficulty, "difficulty"), _edge_code(edge), table, dice, bonus, line,
    )
    return CheckResult(tuple(rolled), kept, total, TIERS[base], shift, TIERS[tier], dmg, seed, stream)


@dataclass(frozen=True, eq=False)
class CheckBatch:
    """Many checks as numpy arrays; trial *i* used dice stream ``first + i``."""

    seed: int
    """The dice seed."""
    first: int
    """The stream of trial 0."""
    total: npt.NDArray[np.int32]
    """Totals."""
    base: npt.NDArray[np.uint8]
    """Base tiers (indexes into :data:`TIERS`)."""
    tier: npt.NDArray[np.uint8]
    """Final tiers (indexes into :data:`TIERS`)."""
    damage: npt.NDArray[np.uint32] | None
    """Damage per trial when a damage line was given."""

    def __len__(self) -> int:
        return len(self.total)

    def tier_counts(self) -> dict[str, int]:
        """How many trials ended in each tier."""
        counts = np.bincount(self.tier, minlength=4)
        return {name: int(c) for name, c in zip(TIERS, counts)}

    def to_pandas(self) -> Any:
        """One row per trial: stream, total, base, tier (names) and damage."""
        import pandas as pd

        names = np.array(TIERS, dtype=object)
        frame = pd.DataFrame(
            {
                "stream": np.arange(self.first, self.first + len(self), dtype=np.uint64),
                "total": self.total,
                "base": names[self.base],
                "tier": names[self.tier],
            }
        )
        if self.damage is not None:
            frame["damage"] = self.damage
        return frame

    def __repr__(self) -> str:
        shares = ", ".join(f"{k} {v / max(len(self), 1):.1%}" for k, v in self.tier_counts().items())
        return f"CheckBatch({len(self)} checks from stream {self.first}, seed {self.seed}: {shares})"


def _column(value: object, name: str) -> npt.NDArray[np.int64]:
    arr = np.asarray(value)
    if arr.ndim > 1:
        raise InvalidInput(f"{name} must be a scalar or a 1-D array, got shape {arr.shape}")
    if arr.size and not np.issubdtype(arr.dtype, np.integer):
        raise InvalidInput(f"{name} must hold integers, got dtype {arr.dtype}")
    return arr.astype(np.int64, copy=False) if arr.size else arr.astype(np.int64)


def check_batch(
    skill_value: npt.ArrayLike,
    skill_rank: npt.ArrayLike = 0,
    difficulty: npt.ArrayLike = 0,
    *,
    edge: npt.ArrayLike | str = "normal",
    n: int | None = None,
    seed: int,
    first: int = 0,
    threads: int | None = None,
    cost_from: int = 10,
    success_from: int = 13,
    critical_from: int = 16,
    advantage_dice: int = 1,
    flat_bonus: int | None = None,
    damage: str | None = None,
) -> CheckBatch:
    """Checks with per-trial parameters: ``skill_value``, ``skill_rank``, ``difficulty`` and
    ``edge`` are scalars or 1-D arrays (broadcast together, or to ``n``); ``edge`` takes names
    or indexes into :data:`EDGES`. Trial *i* uses stream ``first + i``, so
    ``check_batch(...).tier[i]`` equals ``check(..., seed=seed, stream=first + i).tier``.
    Runs on ``threads`` threads without holding the GIL; the result does not depend on them."""
    table, dice, bonus, line = _rules(cost_from, success_from, critical_from, advantage_dice, flat_bonus, damage)
    if isinstance(edge, str):
        edges: Any = _edge_code(edge)
    else:
        raw = np.asarray(edge)
        if raw.dtype.kind in "US":
            bad = sorted(set(raw.astype(str).tolist()) - set(EDGES))
            if bad:
                raise InvalidInput(f"edge must be one of {', '.join(EDGES)}, got {bad[0]!r}")
            edges = np.array([EDGES.index(e) for e in raw.astype(str).tolist()], dtype=np.int64)
        else:
            edges = raw
    columns = [
        _column(skill_value, "skill_value"),
        _column(skill_rank, "skill_rank"),
        _column(difficulty, "difficulty"),
        _column(edges, "edge"),
    ]
    try:
        shape = np.broadcast_shapes(*(c.shape for c in columns), () if n is None else (_util.count(n, "n"),))
    except ValueError as e:
        raise InvalidInput(f"the per-trial arrays must have one length (or be scalars): {e}") from None
    if shape == ():
        raise InvalidInput("give n, or at least one parameter as an array, to say how many checks")
    names = ["skill_value", "skill_rank", "difficulty", "edge"]
    for name, c in zip(names, columns):
        if c.size and (c.min() < -(2**31) or c.max() >= 2**31):
            raise InvalidInput(f"{name} values must be in -2**31 .. 2**31 - 1")
    if columns[3].size and (columns[3].min() < 0 or columns[3].max() > 2):
        raise InvalidInput("edge indexes must be 0 (normal), 1 (advantage) or 2 (disadvantage)")
    # A parameter with one value goes across once, not as n copies: Rust broadcasts it.
    i32s = [_util.param(c, np.int32) for c in columns[:3]]
    total, base, tier, dmg = _fray.andromeda_check_batch(
        _util.u64(seed, "seed"), _util.u64(first, "first"), shape[0],
        i32s[0], i32s[1], i32s[2], _util.param(columns[3], np.uint8),
        table, dice, bonus, line, _util.threads(threads),
    )
    return CheckBatch(int(seed), int(first), total, base, tier, dmg)
