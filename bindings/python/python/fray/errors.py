"""The exceptions of Fray.

Every failure of the package raises a subclass of :class:`FrayError`; the message always says
what was wrong and what is allowed. A Rust panic never reaches Python as ``PanicException``:
it becomes a plain :class:`FrayError` whose message starts with ``internal error`` (a bug).
"""

from __future__ import annotations

__all__ = ["FrayError", "InvalidInput", "RuleError", "ReplayMismatch"]


class FrayError(Exception):
    """Base class of every error raised by Fray."""

    @property
    def message(self) -> str:
        """The explanation: what was wrong and what is allowed."""
        return str(self.args[0]) if self.args else ""


class InvalidInput(FrayError, ValueError):
    """Malformed or out-of-range input: bad notation, JSON that does not fit a ruleset,
    an unknown ruleset id, a seed outside ``0 .. 2**64 - 1``, an :class:`~fray.Rng` used by
    two threads at once …"""


class RuleError(FrayError):
    """A ruleset refused a setup or command; :attr:`rule` names the rule it breaks."""

    rule: str
    """The rule ID from the ruleset's rules file (``"AND-17"``), or a short tag such as
    ``"setup"`` when no numbered rule applies."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule

    def __reduce__(self) -> tuple[type[RuleError], tuple[str, str]]:
        return (type(self), (self.message, self.rule))


class ReplayMismatch(FrayError):
    """A replay came out differently from its file; :attr:`command` is the 0-based index of
    the first command whose events (or refusal) differ, ``None`` for the start."""

    command: int | None
    """Index of the first differing command (``None``: the start of the encounter)."""
    expected: str
    """The digest written in the file."""
    actual: str
    """The digest the replay produced."""

    def __init__(
        self, message: str, command: int | None, expected: str, actual: str
    ) -> None:
        super().__init__(message)
        self.command = command
        self.expected = expected
        self.actual = actual

    def __reduce__(
        self,
    ) -> tuple[type[ReplayMismatch], tuple[str, int | None, str, str]]:
        return (type(self), (self.message, self.command, self.expected, self.actual))
