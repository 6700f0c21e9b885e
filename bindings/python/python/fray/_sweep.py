"""Sweeps: one simulation per value of one or two setup fields, every point on the same
dice (trials ``0 .. trials`` on streams ``0 .. trials``), the same as ``fray sweep``."""

from __future__ import annotations

import copy
import itertools
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fray._harness import Blocked, play_blocked
from fray._rulesets import Json, SimSummary, demo_setup, info, wilson_interval
from fray.errors import InvalidInput

if TYPE_CHECKING:
    import pandas as pd

_STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def _path(path: str) -> list[str | int]:
    """``fighters[1].stats.agility`` -> ``["fighters", 1, "stats", "agility"]``."""
    steps: list[str | int] = []
    pos = 0
    for m in _STEP.finditer(path):
        if m.start() != pos and path[pos:m.start()] != ".":
            break
        steps.append(m.group(1) if m.group(1) is not None else int(m.group(2)))
        pos = m.end()
    if not steps or pos != len(path):
        raise InvalidInput(f"{path!r} is not a path like fighters[1].stats.agility")
    return steps


def _set(setup: Any, path: str, value: Json) -> None:
    steps = _path(path)
    at = setup
    try:
        for step in steps[:-1]:
            at = at[step]
        last = steps[-1]
        at[last]  # the value must exist: a typo is an error, not a new field
        at[last] = value
    except (KeyError, IndexError, TypeError):
        raise InvalidInput(f"vary {path}: the setup has no such value") from None


def difference_interval(a: tuple[int, int], b: tuple[int, int]) -> tuple[float, float]:
    """95 % interval of the difference of two rates ``a[0]/a[1] - b[0]/b[1]`` by Newcombe's
    hybrid score method. It treats the points as independent; points of a sweep share their
    dice, so it is conservative (too wide, never too narrow)."""
    p1, p2 = a[0] / max(a[1], 1), b[0] / max(b[1], 1)
    l1, u1 = wilson_interval(*a)
    l2, u2 = wilson_interval(*b)
    d = p1 - p2
    return (d - math.hypot(p1 - l1, u2 - p2), d + math.hypot(u1 - p1, p2 - l2))


@dataclass(frozen=True)
class SweepPoint:
    """One point of a sweep: the values set and the summary of its fights."""

    values: dict[str, Json]
    """Path -> value at this point."""
    summary: SimSummary
    """What the fights at this point came to."""
    blocked: Blocked | None = None
    """Its fights in blocks, for the paired intervals of the changes."""


@dataclass(frozen=True)
class Sweep:
    """The points of a sweep, the first one the baseline that the others are compared with."""

    ruleset: str
    """The ruleset id."""
    paths: tuple[str, ...]
    """The varied paths, in order."""
    seed: int
    """The dice seed (the same trial streams at every point)."""
    points: tuple[SweepPoint, ...]
    """One per combination of values, the first path slowest."""

    def rows(self) -> list[dict[str, Any]]:
        """One plain row per point: the values, trials, per side ``wins``, ``rate``, its
        95 % ``low``/``high``, ``change`` from the first point and its interval, then draws,
        round-limit stops, cut-offs and mean rounds. ``change_low``/``change_high`` are the
        paired interval (the same dice in the same blocks of trials); the
        ``change_unpaired_*`` columns treat the points as independent (Newcombe, wider)."""
        base = self.points[0].summary
        base_blocked = self.points[0].blocked
        rows = []
        for point in self.points:
            s = point.summary
            row: dict[str, Any] = dict(point.values)
            row["trials"] = s.trials
            for i, side in enumerate(s.sides):
                rate = s.wins[i] / max(s.trials, 1)
                low, high = wilson_interval(s.wins[i], s.trials)
                u_low, u_high = difference_interval((s.wins[i], s.trials), (base.wins[i], base.trials))
                if point.blocked is not None and base_blocked is not None:
                    change, c_low, c_high = point.blocked.difference(base_blocked, i)
                else:
                    change = rate - base.wins[i] / max(base.trials, 1)
                    c_low, c_high = u_low, u_high
                row.update(
                    {
                        f"{side}_wins": s.wins[i],
                        f"{side}_rate": rate,
                        f"{side}_low": low,
                        f"{side}_high": high,
                        f"{side}_change": change,
                        f"{side}_change_low": c_low,
                        f"{side}_change_high": c_high,
                        f"{side}_change_unpaired_low": u_low,
                        f"{side}_change_unpaired_high": u_high,
                    }
                )
            row.update(
                draws=s.draws,
                round_limit=s.round_limit,
                cut_off=s.cut_off,
                mean_rounds=float(s.rounds_mean),
            )
            rows.append(row)
        return rows

    def to_pandas(self) -> pd.DataFrame:
        """:meth:`rows` as a DataFrame, one row per point."""
        import pandas as pd

        return pd.DataFrame(self.rows())

    def to_csv(self, path: str) -> None:
        """Writes :meth:`rows` as CSV (the same columns as ``fray sweep --csv``)."""
        self.to_pandas().to_csv(path, index=False)


def sweep(
    ruleset: str,
    setup: Json | None = None,
    *,
    vary: Mapping[str, Iterable[Json]],
    trials: int = 10_000,
    seed: int = 1,
    threads: int | None = None,
) -> Sweep:
    """Simulates ``setup`` (default: the demo) at every combination of the values in ``vary``
    (one or two ``path -> values``; paths like ``"fighters[1].stats.agility"``). Every point
    plays trials ``0 .. trials`` on the same streams, so differences between points are
    measured on the same dice; the first point is the baseline, and each point's change from
    it carries a paired interval over the same blocks of trials. The same numbers as
    ``fray sweep``."""
    entry = info(ruleset)
    if not 1 <= len(vary) <= 2:
        raise InvalidInput(f"sweep takes one or two paths to vary, not {len(vary)}")
    base = copy.deepcopy(setup) if setup is not None else demo_setup(entry.id)
    paths = tuple(vary)
    values = [list(vary[p]) for p in paths]
    combos = list(itertools.product(*values))
    setups = []
    for combo in combos:
        point_setup = copy.deepcopy(base)
        for path, value in zip(paths, combo):
            _set(point_setup, path, value)
        setups.append(point_setup)
    runs = play_blocked(entry.id, setups, trials=trials, seed=seed, threads=threads)
    points = [
        SweepPoint(values=dict(zip(paths, combo)), summary=run.summary, blocked=run)
        for combo, run in zip(combos, runs)
    ]
    return Sweep(ruleset=entry.id, paths=paths, seed=int(seed), points=tuple(points))
