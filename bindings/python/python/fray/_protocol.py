"""The decision protocol from Python: who decides, every legal option with its exact preview,
and policies (the ruleset's own, with settings, or a Python callable)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from . import _util

if TYPE_CHECKING:
    from ._rulesets import Encounter, Json, OddsTable


@dataclass(frozen=True)
class LegalOption:
    """One legal command for whoever decides now. Applied, it is accepted."""

    kind: str
    """What it is for: ``"turn_action"``, ``"reaction"``, ``"pending_choice"``,
    ``"game_master"``."""
    actor: str
    """Who would act."""
    label: str
    """A readable description ("attack Kask")."""
    action: str
    """The action's name."""
    command: Json
    """The command to give :meth:`Encounter.apply`."""
    targets: tuple[str, ...] = ()
    """Whom it targets."""
    using: str | None = None
    """The weapon, ability or item it uses."""
    costs: tuple[str, ...] = ()
    """What it costs ("major action", "2 stunt points" …)."""
    params: tuple[Json, ...] = ()
    """Numeric parameters with their exact bounds, for splits and purchases; the command
    holds one admitted choice."""
    _encounter: Encounter | None = field(default=None, repr=False, compare=False)

    def preview(self) -> list[OddsTable]:
        """The exact odds of this option in the current state, as :func:`fray.odds` tables
        give them (fractions); nothing is applied and no die is drawn."""
        if self._encounter is None:
            raise ValueError("this option is not attached to an encounter")
        return self._encounter.preview(self.command)


@dataclass(frozen=True)
class Options:
    """Who must decide now and every legal command."""

    decider: Json
    """``{"type": "participant", "name": …, "side": …}``, ``{"type": "game_master"}`` or
    ``{"type": "nobody"}`` when the fight is over."""
    options: tuple[LegalOption, ...]
    """Every legal option: the decider's first, then others' reactions and the game
    master's commands."""

    def for_decider(self) -> list[LegalOption]:
        """The options the decider may take (all of them when the game master decides)."""
        kind = self.decider.get("type") if isinstance(self.decider, dict) else None
        if kind == "game_master":
            return list(self.options)
        if kind != "participant":
            return []
        name = self.decider["name"]
        return [o for o in self.options if o.actor == name and o.kind != "game_master"]

    def __len__(self) -> int:
        return len(self.options)

    def __iter__(self) -> Any:
        return iter(self.options)


def parse_options(raw: str, encounter: Encounter | None) -> Options:
    """Options from their JSON text."""
    data = json.loads(raw)
    return Options(
        decider=data["decider"],
        options=tuple(
            LegalOption(
                kind=o["kind"],
                actor=o["actor"],
                label=o["label"],
                action=o["action"],
                command=o["command"],
                targets=tuple(o.get("targets", ())),
                using=o.get("using"),
                costs=tuple(o.get("costs", ())),
                params=tuple(o.get("params", ())),
                _encounter=encounter,
            )
            for o in data["list"]
        ),
    )


def parse_tables(raw: str) -> list[OddsTable]:
    """Odds tables from their JSON text, probabilities as exact fractions."""
    from ._rulesets import OddsTable

    return [
        OddsTable(
            t["title"],
            tuple(
                (
                    r["label"],
                    Fraction(r["probability"]["numerator"], r["probability"]["denominator"]),
                )
                for r in t["rows"]
            ),
        )
        for t in json.loads(raw)
    ]


Policy = Callable[[Options, Any], Any]
"""A Python policy: given the :class:`Options` and the state (JSON data), returns a
:class:`LegalOption` or a command (JSON data)."""


def policy_argument(policy: Json | Policy) -> str | Callable[[str, str], str]:
    """What the native simulation takes: the policy's JSON text, or a chooser over JSON."""
    if callable(policy):
        user = policy

        def choose(options_json: str, state_json: str) -> str:
            chosen = user(parse_options(options_json, None), json.loads(state_json))
            if isinstance(chosen, LegalOption):
                chosen = chosen.command
            return _util.to_json(chosen, "the policy's command")

        return choose
    return _util.to_json(policy, "policy")
