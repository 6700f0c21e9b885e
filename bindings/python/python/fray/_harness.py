"""Paired comparisons on common dice, the same as ``fray sensitivity`` and the paired
intervals of ``fray sweep``: several setups each played on trials ``0 .. trials`` (trial *i*
on stream *i*), cut into the same blocks of consecutive trials (at most 100; one trial a block
when there are fewer), so a difference between two setups is measured block by block on the
same dice.

The 95 % interval of a difference of win rates ``d = (W_a - W_b) / n`` over ``K`` blocks, block
``b`` with ``n_b`` trials and win difference ``D_b``: ``se = sqrt(K / (K - 1) * sum((D_b - d
n_b) ** 2)) / n`` and ``d ± t(K - 1) se`` (Student's t, 97.5 %), clamped to ``-1 .. 1``. A
change that moves no block's wins gives exactly ``0`` with an interval of width ``0``."""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fray import _fray, _util
from fray._rulesets import Json, SimSummary, _summary, demo_setup, info
from fray.errors import FrayError, InvalidInput

if TYPE_CHECKING:
    import pandas as pd

BLOCKS = 100
"""Blocks a run is cut into for paired intervals (``fray_dice::paired::BLOCKS``)."""


def blocks(trials: int) -> list[tuple[int, int]]:
    """The ``(first, count)`` trial ranges of the blocks of a run of ``trials``."""
    return _fray.paired_blocks(_util.count(trials, "trials"))


def t975(dof: int) -> float:
    """The 97.5 % quantile of Student's t with ``dof`` degrees of freedom (a table to 30,
    then the Cornish-Fisher expansion)."""
    return _fray.t975(_util.count(dof, "dof"))


def paired_interval(block_differences: Sequence[tuple[int, int]]) -> tuple[float, float, float]:
    """``(difference, low, high)`` from each block's ``(win difference, trials)``."""
    return _fray.paired_interval([(int(d), int(n)) for d, n in block_differences])


@dataclass(frozen=True)
class Blocked:
    """One setup played in blocks: the summary of all its trials (equal to a plain
    :func:`fray.simulate`) and each block's wins per side."""

    summary: SimSummary
    wins: tuple[tuple[int, ...], ...]
    sizes: tuple[int, ...]

    def difference(self, baseline: Blocked, side: int) -> tuple[float, float, float]:
        """This run's win rate of ``side`` minus ``baseline``'s, with the paired interval."""
        return paired_interval(
            [(a[side] - b[side], n) for a, b, n in zip(self.wins, baseline.wins, self.sizes)]
        )


def play_block(ruleset: str, setup: Json, *, first: int, trials: int, seed: int) -> SimSummary:
    """Trials ``first .. first + trials`` of ``setup`` on one thread: one block of
    :func:`blocks`, as a worker of a cluster plays it. :func:`join_blocks` puts a run's blocks
    back together."""
    entry = info(ruleset)
    text = setup if isinstance(setup, str) else json.dumps(setup)
    raw = _fray.simulate_range(
        entry.id, text, _util.u64(first, "first"), _util.count(trials, "trials"), _util.u64(seed, "seed")
    )
    return _summary(entry, _util.from_json(raw))


def join_blocks(parts: Sequence[SimSummary]) -> Blocked:
    """One setup's run from its blocks in order (each from :func:`play_block`): the same
    :class:`Blocked` as :func:`play_blocked` gives, exactly."""
    if not parts:
        raise InvalidInput("a run needs at least one block")
    total = parts[0]
    for part in parts[1:]:
        total = total + part
    return Blocked(
        summary=total,
        wins=tuple(tuple(p.wins) for p in parts),
        sizes=tuple(p.trials for p in parts),
    )


def play_blocked(
    ruleset: str, setups: Sequence[Json], *, trials: int, seed: int, threads: int | None
) -> list[Blocked]:
    """Plays each setup on trials ``0 .. trials`` in the same blocks."""
    entry = info(ruleset)
    texts = [s if isinstance(s, str) else json.dumps(s) for s in setups]
    raw = _fray.simulate_blocks(
        entry.id,
        texts,
        _util.count(trials, "trials"),
        _util.u64(seed, "seed"),
        _util.threads(threads),
    )
    return [
        Blocked(
            summary=_summary(entry, _util.from_json(summary)),
            wins=tuple(tuple(w) for w in wins),
            sizes=tuple(sizes),
        )
        for summary, wins, sizes in raw
    ]


@dataclass(frozen=True)
class Sensitivity:
    """What :func:`sensitivity` found: the setup's own fights and each variant's, ranked."""

    ruleset: str
    sides: tuple[str, ...]
    seed: int
    baseline: SimSummary
    """The setup as given."""
    variants: tuple[dict[str, Any], ...]
    """One plain row per variant, largest effect first (the columns of :meth:`to_pandas`)."""
    skipped: tuple[dict[str, str], ...]
    """Variants the ruleset refused: ``path``, ``label``, ``action``, ``reason``."""

    def to_pandas(self) -> pd.DataFrame:
        """One row per variant: ``rank``, ``path``, ``label``, ``action``, ``trials``, then
        per side ``wins``, ``rate``, ``change`` and its paired ``change_low``/``change_high``
        (the same columns as ``fray sensitivity --csv``)."""
        import pandas as pd

        return pd.DataFrame(list(self.variants))


def sensitivity(
    ruleset: str,
    setup: Json | None = None,
    *,
    substitute: Mapping[str, Json] | None = None,
    trials: int = 10_000,
    seed: int = 1,
    threads: int | None = None,
) -> pd.DataFrame:
    """Plays ``setup`` (default: the demo) again with each element of every array of objects
    or strings in it (participants, weapons, abilities …, labelled by ``name``) removed in
    turn, or replaced by ``substitute[path]``; a substitute for a path that is not an array
    element adds a variant. Every variant plays the setup's trial streams. Returns the
    variants ranked by the largest change of any side's win rate, with paired 95 %
    intervals, as a DataFrame (its ``attrs`` hold the baseline summary and the ``skipped``
    variants the ruleset refused). The same numbers as ``fray sensitivity``; see
    :func:`sensitivity_report` for the full result."""
    report = sensitivity_report(
        ruleset, setup, substitute=substitute, trials=trials, seed=seed, threads=threads
    )
    frame = report.to_pandas()
    frame.attrs["baseline"] = report.baseline
    frame.attrs["skipped"] = list(report.skipped)
    return frame


def sensitivity_report(
    ruleset: str,
    setup: Json | None = None,
    *,
    substitute: Mapping[str, Json] | None = None,
    trials: int = 10_000,
    seed: int = 1,
    threads: int | None = None,
) -> Sensitivity:
    """:func:`sensitivity`, as a :class:`Sensitivity`."""
    from fray._rulesets import Encounter

    entry = info(ruleset)
    base: Any = (
        demo_setup(entry.id)
        if setup is None
        else json.loads(setup) if isinstance(setup, str) else copy.deepcopy(setup)
    )
    Encounter(entry.id, base, seed=seed)  # the setup itself must be accepted
    # The variants as `fray sensitivity` finds them (one enumeration, in Rust).
    found = _fray.sensitivity_variants(
        json.dumps(base),
        [(_util.text(path, "substitute path"), json.dumps(value))
         for path, value in (substitute or {}).items()],
    )
    kept: list[tuple[str, str, str]] = []
    setups: list[Json] = [base]
    skipped: list[dict[str, str]] = []
    for path, label, action, variant in found:
        try:
            Encounter(entry.id, variant, seed=seed)
        except FrayError as e:
            skipped.append({"path": path, "label": label, "action": action, "reason": str(e)})
            continue
        kept.append((path, label, action))
        setups.append(variant)
    runs = play_blocked(entry.id, setups, trials=trials, seed=seed, threads=threads)
    baseline = runs[0]
    rows: list[tuple[float, dict[str, Any]]] = []
    for (path, label, action), run in zip(kept, runs[1:]):
        s = run.summary
        row: dict[str, Any] = {"path": path, "label": label, "action": action, "trials": s.trials}
        effect = 0.0
        for side_index, side in enumerate(entry.sides):
            d, low, high = run.difference(baseline, side_index)
            effect = max(effect, abs(d))
            row.update(
                {
                    f"{side}_wins": s.wins[side_index],
                    f"{side}_rate": s.wins[side_index] / max(s.trials, 1),
                    f"{side}_change": d,
                    f"{side}_change_low": low,
                    f"{side}_change_high": high,
                }
            )
        rows.append((effect, row))
    # Largest effect first; equal effects keep the setup's order (a stable sort).
    rows.sort(key=lambda r: -r[0])
    variants = tuple({"rank": rank + 1, **row} for rank, (_, row) in enumerate(rows))
    return Sensitivity(
        ruleset=entry.id,
        sides=entry.sides,
        seed=int(seed),
        baseline=baseline.summary,
        variants=variants,
        skipped=tuple(skipped),
    )
