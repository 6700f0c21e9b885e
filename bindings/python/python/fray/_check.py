"""The lint of a setup: every error and warning about it, as objects (issue 19).

The same findings, in the same order, as ``fray check <ruleset> SETUP`` prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from fray import _fray, _util
from fray._rulesets import Json


@dataclass(frozen=True)
class Finding:
    """One error or warning about a setup."""

    severity: Literal["error", "warning"]
    """``"error"``: the setup cannot be used; ``"warning"``: it runs but looks wrong."""
    path: str | None
    """Where, as a JSON path (``participants[2].skills.melee``); ``None`` for an error (its
    message names the path) and for what the short simulation showed."""
    message: str
    """What was found, what is allowed or why it is suspicious."""

    def __str__(self) -> str:
        if self.severity == "error":
            return f"error: {self.message}"
        return f"warning: {self.path or 'simulation'}: {self.message}"


def check(ruleset: str, setup: Json | None = None, lang: str = "en") -> list[Finding]:
    """Every error and warning about ``setup`` (a dict, a list or JSON text; ``None``: the
    demo setup) as a setup of ``ruleset``: errors first, then warnings with their JSON paths,
    then what a short simulation shows. An empty list means the setup is clean. Messages are
    in ``lang`` (``"en"`` or ``"ru"``; a ruleset's own lint warnings are English). Never
    raises for a bad setup (that is an error finding); raises :class:`~fray.InvalidInput`
    for an unknown ruleset or language."""
    text = None if setup is None else _util.to_json(setup, "setup")
    raw = _util.from_json(
        _fray.check(_util.text(ruleset, "ruleset"), text, _util.text(lang, "lang"))
    )
    assert isinstance(raw, list)
    found = []
    for item in raw:
        assert isinstance(item, dict)
        severity = item["severity"]
        assert severity in ("error", "warning")
        path = item.get("path")
        found.append(
            Finding(
                severity="error" if severity == "error" else "warning",
                path=path if isinstance(path, str) else None,
                message=str(item["message"]),
            )
        )
    return found
