"""The native module behind :mod:`fray` (Rust, pyo3). Use the :mod:`fray` package instead:
it checks arguments and wraps these tuples and JSON strings in documented classes."""

from collections.abc import Callable
from typing import final

import numpy as np
import numpy.typing as npt

__all__ = [
    "__version__",
    "Die",
    "Encounter",
    "MAX_BATCH",
    "Rng",
    "Roll",
    "andromeda_check",
    "andromeda_check_batch",
    "check",
    "default_policy",
    "demo_setup",
    "describe",
    "fights",
    "fights_bound",
    "fresh_seed",
    "line",
    "odds",
    "red_check",
    "red_check_batch",
    "roll",
    "roll_batch",
    "ruleset_odds",
    "rulesets",
    "simulate",
    "simulate_blocks",
    "simulate_range",
    "paired_blocks",
    "paired_interval",
    "t975",
    "sensitivity_variants",
    "simulate_policy",
    "verify_replay",
]

__version__: str
MAX_BATCH: int

@final
class Rng:
    """The seeded dice generator: ChaCha8 keyed by (seed, stream). One thread at a time: a
    call while another thread's call draws from it raises fray.InvalidInput, drawing nothing."""

    def __new__(cls, seed: int, stream: int = 0) -> Rng: ...
    @property
    def seed(self) -> int: ...
    @property
    def stream(self) -> int: ...
    @property
    def position(self) -> int: ...
    def roll(self, sides: int) -> int: ...
    def k_die(self) -> int: ...
    def batch(self, sides: int, n: int) -> npt.NDArray[np.uint32]: ...
    def roll_expr(self, expression: str) -> Roll: ...

@final
class Encounter:
    """A running encounter of any ruleset, driven by JSON text."""

    def __new__(cls, ruleset: str, setup: str | None, seed: int, stream: int) -> Encounter: ...
    @property
    def ruleset(self) -> str: ...
    @property
    def seed(self) -> int: ...
    @property
    def stream(self) -> int: ...
    def apply(self, command: str) -> str: ...
    def suggest(self) -> str | None: ...
    def state(self) -> str: ...
    def events(self) -> str: ...
    def replay(self) -> str: ...
    def describe(self, event: str) -> str: ...
    def set_language(self, lang: str) -> None: ...
    def options(self) -> str: ...
    def preview(self, command: str) -> str: ...
    def lines(self, lang: str, viewer: str | None) -> list[str]: ...
    def standing(self) -> str: ...
    def summary(self, lang: str) -> list[str]: ...

def roll(expression: str, *, seed: int | None = None, stream: int | None = None) -> Roll:
    """Rolls dice notation ("4d6dl1", "3d8kh2+2", "1d10!", "6d6>=5" …) on dice
    (seed, stream); stream None means 0. Without a seed a fresh one is drawn and recorded in
    the result. Raises fray.InvalidInput for notation that does not parse (the message names
    the column) or exceeds a limit."""

def fresh_seed() -> int:
    """A fresh random seed for a call made without one: never repeats within a process, and a
    forked child draws other seeds than its parent."""

@final
class Die:
    """One physical die of a roll, as it fell."""

    @property
    def label(self) -> str:
        """The pool it belongs to ("4d6dl1") or what it was for."""
    @property
    def group(self) -> int:
        """Which die of its pool (explosions and rerolls share their die's group)."""
    @property
    def sides(self) -> int:
        """Faces of the die."""
    @property
    def value(self) -> int:
        """The face it showed."""
    @property
    def fate(self) -> str:
        """"kept", "dropped" (by keep/drop) or "rerolled"."""
    @property
    def exploded(self) -> bool:
        """Whether this face added another die to its group."""
    def to_dict(self) -> dict[str, str | int | bool]:
        """The die as a plain dict."""
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Roll:
    """The result of rolling dice notation: the total and every die, with the seed and
    stream that reproduce it. The dice are recorded on first access by rolling again from
    the same position of the same stream."""

    @property
    def expression(self) -> str:
        """The expression in canonical form."""
    @property
    def total(self) -> int:
        """The result."""
    @property
    def seed(self) -> int:
        """The dice seed."""
    @property
    def stream(self) -> int:
        """The dice stream."""
    @property
    def dice(self) -> tuple[Die, ...]:
        """Every die in the order it was drawn."""
    def __int__(self) -> int: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def to_dict(self) -> dict[str, object]:
        """The roll as plain data (JSON-ready)."""
def roll_batch(
    expression: str, seed: int, first: int, n: int, threads_wanted: int
) -> npt.NDArray[np.int64]: ...
def odds(
    expression: str, depth: int | None = None
) -> tuple[str, bytes, int, list[int] | tuple[int, bytes], tuple[int, int] | None]: ...
def rulesets() -> list[tuple[str, int, list[str], str, str, int]]: ...
def ruleset_odds(ruleset: str, spec: str) -> list[tuple[str, list[tuple[str, int, int]]]]: ...
def demo_setup(ruleset: str) -> str: ...
def describe(ruleset: str, event: str) -> str: ...
def check(ruleset: str, setup: str | None, lang: str) -> str: ...
def simulate(
    ruleset: str, setup: str | None, trials: int, seed: int, threads_wanted: int
) -> str: ...
def verify_replay(replay: str) -> str: ...
def line(ruleset: str, event: str, lang: str, viewer: str | None) -> str | None: ...
def simulate_policy(
    ruleset: str,
    setup: str | None,
    policy: str | Callable[[str, str], str],
    trials: int,
    seed: int,
    threads_wanted: int,
) -> str: ...
def default_policy(ruleset: str) -> str | None: ...
def fights(
    ruleset: str, setup: str | None, seed: int, first: int, n: int, threads_wanted: int
) -> tuple[
    npt.NDArray[np.int8],
    npt.NDArray[np.uint32],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int8],
]: ...
def fights_bound() -> list[str]: ...
def simulate_blocks(
    ruleset: str, setups: list[str], trials: int, seed: int, threads_wanted: int
) -> list[tuple[str, list[list[int]], list[int]]]: ...
def simulate_range(ruleset: str, setup: str, first: int, trials: int, seed: int) -> str: ...
def paired_blocks(trials: int) -> list[tuple[int, int]]: ...
def paired_interval(block_differences: list[tuple[int, int]]) -> tuple[float, float, float]: ...
def t975(dof: int) -> float: ...
def sensitivity_variants(
    setup: str, substitutes: list[tuple[str, str]]
) -> list[tuple[str, str, str, str]]: ...
def andromeda_check(
    seed: int,
    stream: int,
    skill_value: int,
    skill_rank: int,
    difficulty: int,
    edge: int,
    table: tuple[int, int, int],
    advantage_dice: int,
    flat_bonus: int | None,
    damage: list[int] | None,
) -> tuple[list[int], tuple[int, int], int, int, int, int, int | None]: ...
def andromeda_check_batch(
    seed: int,
    first: int,
    n: int,
    skill_value: npt.NDArray[np.int32],
    skill_rank: npt.NDArray[np.int32],
    difficulty: npt.NDArray[np.int32],
    edge: npt.NDArray[np.uint8],
    table: tuple[int, int, int],
    advantage_dice: int,
    flat_bonus: int | None,
    damage: list[int] | None,
    threads_wanted: int,
) -> tuple[
    npt.NDArray[np.int32],
    npt.NDArray[np.uint8],
    npt.NDArray[np.uint8],
    npt.NDArray[np.uint32] | None,
]: ...
def red_check(
    seed: int, stream: int, base: int, dv: int, critical: bool
) -> tuple[int, int, int, int, bool]: ...
def red_check_batch(
    seed: int,
    first: int,
    n: int,
    base: npt.NDArray[np.int32],
    dv: npt.NDArray[np.int32],
    critical: bool,
    threads_wanted: int,
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.bool_]]: ...
