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

from typing import TYPE_CHECKING, Any

from fray import _fray
from fray._dice import Die, Odds, Rng, Roll, odds, roll, roll_batch
from fray.errors import FrayError, InvalidInput, ReplayMismatch, RuleError

if TYPE_CHECKING:
    from fray import age, andromeda, better_world, hunt, red
    from fray._rulesets import (
        Encounter,
        Fights,
        OddsTable,
        ReplayReport,
        RulesetInfo,
        SimSummary,
        default_policy,
        demo_setup,
        fights,
        line,
        replay,
        ruleset_odds,
        rulesets,
        simulate,
        wilson_interval,
    )
    from fray._check import Finding, check
    from fray._protocol import LegalOption, Options
    from fray._bundle import rerun, save_bundle
    from fray._harness import Sensitivity, sensitivity, sensitivity_report
    from fray._sweep import Sweep, SweepPoint, sweep

# The rulesets' part of the package (and numpy, which their arrays need) is imported when
# first used, so `import fray; fray.odds(...)` pays only for the dice.
_RULESET_NAMES = frozenset(
    {
        "Encounter",
        "Fights",
        "OddsTable",
        "ReplayReport",
        "RulesetInfo",
        "SimSummary",
        "default_policy",
        "demo_setup",
        "fights",
        "line",
        "replay",
        "ruleset_odds",
        "rulesets",
        "simulate",
        "wilson_interval",
    }
)
_SWEEP_NAMES = frozenset({"Sweep", "SweepPoint", "sweep"})
_HARNESS_NAMES = frozenset({"Sensitivity", "sensitivity", "sensitivity_report"})
_BUNDLE_NAMES = frozenset({"rerun", "save_bundle"})
_PROTOCOL_NAMES = frozenset({"LegalOption", "Options"})
_CHECK_NAMES = frozenset({"Finding", "check"})
_SUBMODULES = frozenset({"age", "andromeda", "better_world", "hunt", "red"})


def __getattr__(name: str) -> Any:
    import importlib

    if name in _RULESET_NAMES:
        value = getattr(importlib.import_module("fray._rulesets"), name)
    elif name in _SWEEP_NAMES:
        value = getattr(importlib.import_module("fray._sweep"), name)
    elif name in _HARNESS_NAMES:
        value = getattr(importlib.import_module("fray._harness"), name)
    elif name in _BUNDLE_NAMES:
        value = getattr(importlib.import_module("fray._bundle"), name)
    elif name in _PROTOCOL_NAMES:
        value = getattr(importlib.import_module("fray._protocol"), name)
    elif name in _CHECK_NAMES:
        value = getattr(importlib.import_module("fray._check"), name)
    elif name in _SUBMODULES:
        value = importlib.import_module(f"fray.{name}")
    else:
        raise AttributeError(f"module 'fray' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(
        set(globals())
        | _RULESET_NAMES
        | _SWEEP_NAMES
        | _HARNESS_NAMES
        | _BUNDLE_NAMES
        | _PROTOCOL_NAMES
        | _CHECK_NAMES
        | _SUBMODULES
    )


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
    "Finding",
    "check",
    "default_policy",
    "line",
    "SimSummary",
    "simulate",
    "wilson_interval",
    "Sweep",
    "SweepPoint",
    "sweep",
    "Sensitivity",
    "sensitivity",
    "sensitivity_report",
    "save_bundle",
    "rerun",
    "Fights",
    "fights",
    "Encounter",
    "Options",
    "LegalOption",
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
