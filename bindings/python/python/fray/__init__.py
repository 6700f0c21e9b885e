"""Fray: tabletop-RPG combat for five rulesets, with dice that replay exactly from a seed.

Dice::

    >>> import fray
    >>> r = fray.roll("4d6dl1", seed=7)        # total, every die, readable repr
    >>> fray.odds("3d8kh2+2")[18]               # exact, as a Fraction
    Fraction(11, 256)
    >>> fray.roll_batch("1d20", 1_000_000, seed=1)   # numpy, GIL released  # doctest: +SKIP

Rulesets (one submodule each: ``fray.andromeda``, ``fray.red``, ``fray.age``,
``fray.better_world``, ``fray.hunt``)::

    fray.rulesets()                             # what this build has
    fray.andromeda.odds(skill_value=3, difficulty=1)
    fray.andromeda.fights(trials=100_000)       # numpy arrays per fight
    enc = fray.Encounter("andromeda", seed=7)   # None setup: the demo
    enc.run(); fray.replay(enc.replay())        # verifies, in Python or with `fray replay`

Errors are :class:`FrayError` subclasses: :class:`InvalidInput`, :class:`RuleError` (with
``.rule``) and :class:`ReplayMismatch` (with ``.command``).
"""

from __future__ import annotations

from fray import _fray
from fray._dice import Die, Odds, Rng, Roll, odds, roll, roll_batch
from fray._rulesets import (
    Encounter,
    Fights,
    OddsTable,
    ReplayReport,
    RulesetInfo,
    SimSummary,
    demo_setup,
    fights,
    replay,
    ruleset_odds,
    rulesets,
    simulate,
    wilson_interval,
)
from fray._sweep import Sweep, SweepPoint, sweep
from fray.errors import FrayError, InvalidInput, ReplayMismatch, RuleError

from fray import age, andromeda, better_world, hunt, red  # noqa: E402  (need the above)

__version__: str = _fray.__version__
"""The version of the Rust crates this package was built from."""

__all__ = [
    "__version__",
    "Die",
    "Roll",
    "Rng",
    "roll",
    "roll_batch",
    "Odds",
    "odds",
    "RulesetInfo",
    "rulesets",
    "OddsTable",
    "ruleset_odds",
    "demo_setup",
    "SimSummary",
    "simulate",
    "wilson_interval",
    "Sweep",
    "SweepPoint",
    "sweep",
    "Fights",
    "fights",
    "Encounter",
    "ReplayReport",
    "replay",
    "FrayError",
    "InvalidInput",
    "RuleError",
    "ReplayMismatch",
    "andromeda",
    "red",
    "age",
    "better_world",
    "hunt",
]
