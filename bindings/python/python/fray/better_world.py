"""Better World («Лучший Мир»): binary K-dice pools, initiative levels and health blocks.

Generic functions reach the ruleset through the registry; they raise
:class:`fray.InvalidInput` if this build does not include it (see :func:`fray.rulesets`).
"""

from __future__ import annotations

from fray import _rulesets
from fray._rulesets import Encounter, Fights, Json, OddsTable, RulesetInfo, SimSummary

__all__ = ["ID", "info", "odds", "demo_setup", "simulate", "fights", "encounter"]

ID = "better-world"
"""The ruleset id."""


def info() -> RulesetInfo:
    """The registry entry: version, side names, metric, odds keys, demo seed."""
    return _rulesets.info(ID)


def odds(spec: dict[str, Json] | None = None, /, **keys: Json) -> list[OddsTable]:
    """Exact odds as tables; the spec keys are listed by ``info().odds_keys`` and missing keys
    take their defaults (the same as ``fray odds better-world key=value …``)."""
    return _rulesets.ruleset_odds(ID, spec, **keys)


def demo_setup() -> Json:
    """The built-in demo setup as JSON data, to edit and pass to :func:`simulate`."""
    return _rulesets.demo_setup(ID)


def simulate(
    setup: Json | None = None,
    *,
    trials: int = 10_000,
    seed: int = 1,
    threads: int | None = None,
) -> SimSummary:
    """Simulates ``trials`` fights of ``setup`` (``None``: the demo) with the default tactic,
    trial *i* on stream *i*; see :func:`fray.simulate`."""
    return _rulesets.simulate(ID, setup, trials=trials, seed=seed, threads=threads)


def fights(
    setup: Json | None = None,
    *,
    trials: int,
    seed: int = 1,
    first: int = 0,
    threads: int | None = None,
) -> Fights:
    """Per-trial numpy arrays (winner, rounds, health, metric) of fights
    ``first .. first + trials``; see :func:`fray.fights`."""
    return _rulesets.fights(ID, setup, trials=trials, seed=seed, first=first, threads=threads)


def encounter(setup: Json | None = None, *, seed: int | None = None, stream: int = 0) -> Encounter:
    """Starts an encounter (``None``: the demo setup) on dice ``(seed, stream)``."""
    return Encounter(ID, setup, seed=seed, stream=stream)
