"""Better World («Лучший Мир»): binary K-dice pools, initiative levels and health blocks.

Generic functions reach the ruleset through the registry; they raise
:class:`fray.InvalidInput` if this build does not include it (see :func:`fray.rulesets`).
"""

from __future__ import annotations

from fray._rulesets import RulesetFunctions

__all__ = ["ID", "info", "odds", "demo_setup", "simulate", "fights", "encounter"]

ID = "better-world"
"""The ruleset id."""

_functions = RulesetFunctions(ID)
info = _functions.info
odds = _functions.odds
demo_setup = _functions.demo_setup
simulate = _functions.simulate
fights = _functions.fights
encounter = _functions.encounter
