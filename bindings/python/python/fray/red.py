"""Cyberpunk RED style combat: exploding d10 checks, DV tables, autofire, armour and critical injuries.

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

__all__ = ["ID", "info", "odds", "demo_setup", "simulate", "fights", "encounter", "CheckResult", "check", "CheckBatch", "check_batch"]

ID = "red"
"""The ruleset id."""

_functions = RulesetFunctions(ID)
info = _functions.info
odds = _functions.odds
demo_setup = _functions.demo_setup
simulate = _functions.simulate
fights = _functions.fights
encounter = _functions.encounter


@dataclass(frozen=True)
class CheckResult:
    """One check against a DV: STAT + SKILL + modifiers (``base``) + 1d10; with the critical
    rule a natural 10 adds another d10 and a natural 1 subtracts one (RED-31). A tie fails:
    it goes to the defender (RED-30)."""

    natural: int
    """The face of the d10."""
    extra: int
    """The critical die: ``+n`` after a natural 10, ``-n`` after a natural 1, else 0."""
    total: int
    """``base + natural + extra``."""
    margin: int
    """``total - dv``."""
    success: bool
    """Whether the total beat the DV."""
    seed: int
    """The dice seed."""
    stream: int
    """The dice stream."""

    def to_dict(self) -> dict[str, Any]:
        """The result as plain data."""
        return {
            "natural": self.natural,
            "extra": self.extra,
            "total": self.total,
            "margin": self.margin,
            "success": self.success,
            "seed": self.seed,
            "stream": self.stream,
        }

    def __repr__(self) -> str:
        crit = f" {self.extra:+d}" if self.extra else ""
        verdict = "success" if self.success else "failure"
        return (
            f"CheckResult(d10 {self.natural}{crit} → {self.total}, margin {self.margin:+d}: "
            f"{verdict}; seed={self.seed}, stream={self.stream})"
        )


def check(
    base: int,
    dv: int = 15,
    *,
    critical: bool = True,
    seed: int | None = None,
    stream: int = 0,
) -> CheckResult:
    """One check of ``base`` (STAT + SKILL + modifiers) against ``dv`` on dice
    ``(seed, stream)`` (a random seed when ``None``, recorded in the result). A base or DV
    beyond the ruleset's bounds raises :class:`fray.RuleError` (RED-30)."""
    seed = _util.seed_or_random(seed)
    stream = _util.u64(stream, "stream")
    natural, extra, total, margin, success = _fray.red_check(
        seed, stream, _util.i32(base, "base"), _util.i32(dv, "dv"), bool(critical)
    )
    return CheckResult(natural, extra, total, margin, success, seed, stream)


@dataclass(frozen=True, eq=False)
class CheckBatch:
    """Many checks as numpy arrays; trial *i* used dice stream ``first + i``."""

    seed: int
    """The dice seed."""
    first: int
    """The stream of trial 0."""
    total: npt.NDArray[np.int32]
    """Totals."""
    success: npt.NDArray[np.bool_]
    """Whether each check beat its DV."""

    def __len__(self) -> int:
        return len(self.total)

    def success_rate(self) -> float:
        """Share of successful checks."""
        return float(self.success.mean()) if len(self) else 0.0

    def __repr__(self) -> str:
        return (
            f"CheckBatch({len(self)} checks from stream {self.first}, seed {self.seed}: "
            f"{self.success_rate():.2%} succeed)"
        )


def check_batch(
    base: npt.ArrayLike,
    dv: npt.ArrayLike = 15,
    *,
    n: int | None = None,
    critical: bool = True,
    seed: int,
    first: int = 0,
    threads: int | None = None,
) -> CheckBatch:
    """Checks with per-trial ``base`` and ``dv`` (scalars or 1-D integer arrays, broadcast
    together or to ``n``). Trial *i* uses stream ``first + i``, so ``check_batch(...)`` equals
    ``check(..., seed=seed, stream=first + i)`` trial by trial. Runs on ``threads`` threads
    without holding the GIL; the result does not depend on them."""
    columns = []
    for value, name in [(base, "base"), (dv, "dv")]:
        arr = np.asarray(value)
        if arr.ndim > 1:
            raise InvalidInput(f"{name} must be a scalar or a 1-D array, got shape {arr.shape}")
        if arr.size and not np.issubdtype(arr.dtype, np.integer):
            raise InvalidInput(f"{name} must hold integers, got dtype {arr.dtype}")
        arr = arr.astype(np.int64)
        if arr.size and (arr.min() < -(2**31) or arr.max() >= 2**31):
            raise InvalidInput(f"{name} values must be in -2**31 .. 2**31 - 1")
        columns.append(arr)
    try:
        shape = np.broadcast_shapes(
            *(c.shape for c in columns), () if n is None else (_util.count(n, "n"),)
        )
    except ValueError as e:
        raise InvalidInput(f"base and dv must have one length (or be scalars): {e}") from None
    if shape == ():
        raise InvalidInput("give n, or base or dv as an array, to say how many checks")
    # A parameter with one value goes across once, not as n copies: Rust broadcasts it.
    total, success = _fray.red_check_batch(
        _util.u64(seed, "seed"), _util.u64(first, "first"), shape[0],
        _util.param(columns[0], np.int32), _util.param(columns[1], np.int32), bool(critical),
        _util.threads(threads),
    )
    return CheckBatch(int(seed), int(first), total, success)
