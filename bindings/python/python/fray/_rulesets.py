"""Every registered ruleset by id: odds tables, simulations, encounters and replays."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any


from fray import _fray
from fray import _protocol, _util
from fray.errors import InvalidInput

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
else:
    from fray._util import lazy_numpy as np

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "RulesetInfo",
    "rulesets",
    "info",
    "OddsTable",
    "ruleset_odds",
    "demo_setup",
    "default_policy",
    "line",
    "SimSummary",
    "simulate",
    "wilson_interval",
    "Fights",
    "fights",
    "Encounter",
    "ReplayReport",
    "replay",
    "RulesetFunctions",
]

Json = Any
"""JSON data as Python values (dict, list, str, int, float, bool, None)."""


@dataclass(frozen=True)
class RulesetInfo:
    """A ruleset of this build, as the registry describes it."""

    id: str
    """The id (``"andromeda"``, ``"red"``, ``"age"``, ``"better-world"``, ``"hunt"``)."""
    version: int
    """The ruleset version recorded in replays."""
    sides: tuple[str, ...]
    """Side names, side 0 first."""
    metric: str
    """What the ruleset-specific simulation metric counts."""
    odds_keys: str
    """The keys its odds spec takes."""
    demo_seed: int
    """The seed the demo uses."""
    fights_bound: bool
    """Whether per-trial fight arrays (:func:`fights`) are available."""

    def to_dict(self) -> dict[str, Any]:
        """The entry as plain data."""
        return {
            "id": self.id,
            "version": self.version,
            "sides": list(self.sides),
            "metric": self.metric,
            "odds_keys": self.odds_keys,
            "demo_seed": self.demo_seed,
            "fights_bound": self.fights_bound,
        }


def rulesets() -> list[RulesetInfo]:
    """Every ruleset compiled into this build, in a stable order."""
    bound = set(_fray.fights_bound())
    return [
        RulesetInfo(id_, version, tuple(sides), metric, keys, seed, id_ in bound)
        for (id_, version, sides, metric, keys, seed) in _fray.rulesets()
    ]


def info(ruleset: str) -> RulesetInfo:
    """The registry entry of ``ruleset``; :class:`fray.InvalidInput` lists the ids that exist."""
    ruleset = _util.text(ruleset, "ruleset")
    for r in rulesets():
        if r.id == ruleset:
            return r
    ids = ", ".join(r.id for r in rulesets()) or "none"
    raise InvalidInput(f"unknown ruleset {ruleset!r}; this build has: {ids}")


@dataclass(frozen=True)
class OddsTable:
    """A titled list of outcomes with exact probabilities."""

    title: str
    """What the table is about ("final tier", "damage after armour" …)."""
    rows: tuple[tuple[str, Fraction], ...]
    """``(label, probability)`` in display order."""

    def __getitem__(self, label: str) -> Fraction:
        """The probability of the row labelled ``label``."""
        for name, p in self.rows:
            if name == label:
                return p
        labels = ", ".join(repr(n) for n, _ in self.rows)
        raise KeyError(f"no row {label!r} in table {self.title!r}; rows: {labels}")

    def to_dict(self) -> dict[str, Fraction]:
        """``label -> exact probability`` in display order."""
        return dict(self.rows)

    def to_pandas(self) -> pd.DataFrame:
        """A DataFrame indexed by label: ``probability`` (float) and ``fraction`` (exact)."""
        import pandas as pd

        frame = pd.DataFrame(
            {
                "probability": [float(p) for _, p in self.rows],
                "fraction": [p for _, p in self.rows],
            },
            index=pd.Index([n for n, _ in self.rows], name="outcome"),
        )
        frame.attrs["title"] = self.title
        return frame

    def __repr__(self) -> str:
        width = max((len(n) for n, _ in self.rows), default=0)
        lines = [f"OddsTable({self.title!r})"]
        lines += [f"  {n:<{width}}  {float(p):8.4%}  {p}" for n, p in self.rows]
        return "\n".join(lines)


def ruleset_odds(ruleset: str, spec: dict[str, Json] | None = None, /, **keys: Json) -> list[
    OddsTable
]:
    """Exact odds of a ruleset's check, as tables. The spec is given as a dict and/or as
    keyword arguments (the keys of :attr:`RulesetInfo.odds_keys`; missing keys take their
    defaults), like ``fray odds <ruleset> key=value …`` on the command line."""
    merged: dict[str, Json] = dict(spec or {})
    merged.update(keys)
    raw = _fray.ruleset_odds(_util.text(ruleset, "ruleset"), _util.to_json(merged, "odds spec"))
    return [
        OddsTable(title, tuple((label, Fraction(n, d)) for label, n, d in rows))
        for title, rows in raw
    ]


def default_policy(ruleset: str) -> Json:
    """The ruleset's default policy as JSON data, every knob present: a template for
    :func:`simulate`'s ``policy``. Raises :class:`fray.InvalidInput` for a ruleset that is
    not on the decision protocol yet."""
    raw = _fray.default_policy(_util.text(ruleset, "ruleset"))
    if raw is None:
        raise InvalidInput(f"the {ruleset} ruleset has no policies yet")
    return _util.from_json(raw)


def line(ruleset: str, event: Json, lang: str = "en", *, as_: str | None = None) -> str | None:
    """One readable line for an event in ``lang`` as participant ``as_`` sees it (``None``:
    the game master); ``None`` when the event is hidden from that participant."""
    return _fray.line(
        _util.text(ruleset, "ruleset"), _util.to_json(event, "event"), _util.text(lang, "lang"), as_
    )


def demo_setup(ruleset: str) -> Json:
    """The ruleset's built-in demo setup as JSON data (a dict to edit and pass back)."""
    return _util.from_json(_fray.demo_setup(_util.text(ruleset, "ruleset")))


def _setup_json(setup: Json | None) -> str | None:
    return None if setup is None else _util.to_json(setup, "setup")


@dataclass(frozen=True)
class SimSummary:
    """What a Monte Carlo run found; built from integer sums and counts, so it is exactly the
    same however the trials were split between threads, processes or machines."""

    ruleset: str
    """The ruleset id."""
    sides: tuple[str, ...]
    """Side names, side 0 first."""
    metric: str
    """What :attr:`metric_total` counts."""
    trials: int
    """Trials run."""
    wins: tuple[int, ...]
    """Wins per side."""
    draws: int
    """Trials the rules ended with no winner."""
    rounds: dict[int, int] = field(hash=False)
    """``rounds -> number of trials that took that many rounds``."""
    health_total: tuple[int, int]
    """Remaining health summed over trials, per side."""
    metric_total: int
    """The ruleset metric summed over trials."""
    round_limit: int = 0
    """Trials stopped by the ruleset's round limit with both sides still fighting."""
    cut_off: int = 0
    """Trials cut off unfinished by simulation's command cap."""
    combatants: tuple[dict[str, Any], ...] = field(default=(), hash=False, compare=False)
    """Per participant, as ``fray simulate --json`` gives it: ``name``, ``side``,
    ``trials``, ``survived``, ``taken_out``, ``states`` (end state -> trials),
    ``defeated_round`` (round -> trials), ``tracks`` (``key``, ``max``, ``total``,
    ``histogram`` of the end value) and ``counters`` (``key``, ``trials``, ``total``,
    ``total_squares``): sums and counts, so summaries add exactly. Empty for a ruleset that
    reports no standings, and for :meth:`Fights.summary`; not part of equality."""

    def win_rate(self, side: int | str) -> Fraction:
        """Exact share of trials won by ``side`` (index or name)."""
        index = self.sides.index(side) if isinstance(side, str) else side
        return Fraction(self.wins[index], max(self.trials, 1))

    def win_interval(self, side: int | str) -> tuple[float, float]:
        """The 95 % Wilson score interval of ``side``'s win rate, ``(low, high)``."""
        index = self.sides.index(side) if isinstance(side, str) else side
        return wilson_interval(self.wins[index], self.trials)

    @property
    def rounds_mean(self) -> Fraction:
        """Exact mean rounds per trial."""
        return Fraction(sum(r * n for r, n in self.rounds.items()), max(self.trials, 1))

    @property
    def metric_mean(self) -> Fraction:
        """Exact mean of the metric per trial."""
        return Fraction(self.metric_total, max(self.trials, 1))

    def __add__(self, other: SimSummary) -> SimSummary:
        """The summary of both runs together (disjoint blocks of trial ids add up to the
        summary of the whole range, exactly)."""
        if not isinstance(other, SimSummary):
            return NotImplemented
        if (other.ruleset, other.sides) != (self.ruleset, self.sides):
            raise InvalidInput(
                f"cannot add a {other.ruleset} summary to a {self.ruleset} summary"
            )
        rounds = dict(self.rounds)
        for r, n in other.rounds.items():
            rounds[r] = rounds.get(r, 0) + n
        return SimSummary(
            ruleset=self.ruleset,
            sides=self.sides,
            metric=self.metric,
            trials=self.trials + other.trials,
            wins=tuple(a + b for a, b in zip(self.wins, other.wins)),
            draws=self.draws + other.draws,
            round_limit=self.round_limit + other.round_limit,
            cut_off=self.cut_off + other.cut_off,
            rounds=dict(sorted(rounds.items())),
            health_total=(
                self.health_total[0] + other.health_total[0],
                self.health_total[1] + other.health_total[1],
            ),
            metric_total=self.metric_total + other.metric_total,
            combatants=_merge_combatants(self.combatants, other.combatants),
        )

    def combatants_frame(self) -> pd.DataFrame:
        """One row per participant: ``side``, ``survival`` with its 95 % Wilson interval
        ``low``/``high``, ``taken_out``, the mean round it was taken out in, and the mean of
        every track (``<key>_mean``) and counter (``<key>_mean``, ``<key>_se``: standard
        error) at the end of the fights."""
        import pandas as pd

        rows = {}
        for c in self.combatants:
            n = max(c["trials"], 1)
            low, high = wilson_interval(c["survived"], c["trials"])
            out = sum(c["defeated_round"].values())
            row: dict[str, Any] = {
                "side": self.sides[c["side"]] if c["side"] < len(self.sides) else c["side"],
                "survival": c["survived"] / n,
                "low": low,
                "high": high,
                "taken_out": c["taken_out"],
                "defeated_round_mean": (
                    sum(int(r) * k for r, k in c["defeated_round"].items()) / out
                    if out
                    else float("nan")
                ),
            }
            for t in c["tracks"]:
                row[f"{t['key']}_mean"] = t["total"] / n
            for k in c["counters"]:
                m = max(k["trials"], 1)
                mean = k["total"] / m
                var = (k["total_squares"] - k["total"] ** 2 / m) / (m - 1) if m > 1 else 0.0
                row[f"{k['key']}_mean"] = mean
                row[f"{k['key']}_se"] = math.sqrt(max(var, 0.0) / m)
            rows[c["name"]] = row
        return pd.DataFrame.from_dict(rows, orient="index")

    def to_dict(self) -> dict[str, Any]:
        """The summary as plain data (JSON-ready)."""
        return {
            "ruleset": self.ruleset,
            "sides": list(self.sides),
            "metric": self.metric,
            "trials": self.trials,
            "wins": list(self.wins),
            "draws": self.draws,
            "round_limit": self.round_limit,
            "cut_off": self.cut_off,
            "rounds": dict(self.rounds),
            "health_total": list(self.health_total),
            "metric_total": self.metric_total,
            "combatants": [dict(c) for c in self.combatants],
        }

    def to_pandas(self) -> pd.DataFrame:
        """One row per side plus ``draw``, ``round_limit`` and ``cut_off`` rows: ``trials``,
        ``share`` (float), its 95 % Wilson interval ``low``/``high`` and mean remaining
        health."""
        import pandas as pd

        n = max(self.trials, 1)

        def row(count: int, health: float) -> dict[str, float]:
            low, high = wilson_interval(count, self.trials)
            return {
                "trials": count,
                "share": count / n,
                "low": low,
                "high": high,
                "mean_health": health,
            }

        rows = {
            name: row(self.wins[i], self.health_total[i] / n if i < 2 else float("nan"))
            for i, name in enumerate(self.sides)
        }
        rows["draw"] = row(self.draws, float("nan"))
        rows["round_limit"] = row(self.round_limit, float("nan"))
        rows["cut_off"] = row(self.cut_off, float("nan"))
        return pd.DataFrame.from_dict(rows, orient="index")

    def __repr__(self) -> str:
        wins = ", ".join(
            f"{name} {float(self.win_rate(i)):.2%}" for i, name in enumerate(self.sides)
        )
        return (
            f"SimSummary({self.ruleset}: {self.trials} trials; {wins}; draws "
            f"{self.draws / max(self.trials, 1):.2%}; mean rounds {float(self.rounds_mean):.2f}; "
            f"mean {self.metric} {float(self.metric_mean):.3g})"
        )


def _add_counts(a: dict[Any, int], b: dict[Any, int]) -> dict[Any, int]:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + v
    return dict(sorted(out.items(), key=lambda kv: str(kv[0])))


def _merge_combatants(
    a: tuple[dict[str, Any], ...], b: tuple[dict[str, Any], ...]
) -> tuple[dict[str, Any], ...]:
    """The per-participant sums of two runs of the same setup, matched by name and side."""
    merged = {(c["name"], c["side"]): dict(c) for c in a}
    for c in b:
        key = (c["name"], c["side"])
        if key not in merged:
            merged[key] = dict(c)
            continue
        m = merged[key]
        for k in ("trials", "survived", "taken_out"):
            m[k] = m[k] + c[k]
        m["states"] = _add_counts(m["states"], c["states"])
        m["defeated_round"] = _add_counts(m["defeated_round"], c["defeated_round"])
        tracks = {t["key"]: dict(t) for t in m["tracks"]}
        for t in c["tracks"]:
            if t["key"] in tracks:
                u = tracks[t["key"]]
                u["max"] = max(u["max"], t["max"])
                u["total"] = u["total"] + t["total"]
                u["histogram"] = _add_counts(u["histogram"], t["histogram"])
            else:
                tracks[t["key"]] = dict(t)
        m["tracks"] = list(tracks.values())
        counters = {k["key"]: dict(k) for k in m["counters"]}
        for k in c["counters"]:
            if k["key"] in counters:
                u = counters[k["key"]]
                for f in ("trials", "total", "total_squares"):
                    u[f] = u[f] + k[f]
            else:
                counters[k["key"]] = dict(k)
        m["counters"] = list(counters.values())
    return tuple(merged.values())


def _summary(ruleset: RulesetInfo, raw: dict[str, Any]) -> SimSummary:
    return SimSummary(
        ruleset=ruleset.id,
        sides=ruleset.sides,
        metric=ruleset.metric,
        trials=raw["trials"],
        wins=tuple(raw["wins"]),
        draws=raw["draws"],
        round_limit=raw.get("round_limit", 0),
        cut_off=raw.get("cut_off", 0),
        rounds={int(k): v for k, v in raw["rounds"].items()},
        health_total=(raw["health_total"][0], raw["health_total"][1]),
        metric_total=raw["metric_total"],
        combatants=tuple(raw.get("combatants", ())),
    )


def simulate(
    ruleset: str,
    setup: Json | None = None,
    *,
    trials: int = 10_000,
    seed: int = 1,
    threads: int | None = None,
    policy: Json | _protocol.Policy | None = None,
) -> SimSummary:
    """Simulates ``trials`` fights with the default tactic (trial *i* on stream *i*) and sums
    them up. ``setup`` is JSON data or text; ``None`` uses the demo setup. Runs on
    ``threads`` threads (``None``: every core) without holding the GIL; the result does not
    depend on the thread count. The same as ``fray simulate <ruleset> --json``.

    ``policy`` plays the fights instead of the default tactic: the ruleset's policy as JSON
    data (:func:`default_policy` shows every knob; the same as ``--policy FILE``), or a
    Python callable given the :class:`~fray.Options` and the state that returns a
    :class:`~fray.LegalOption` or a command. A callable runs on one thread and holds the
    GIL: the slow path, for experiments."""
    entry = info(ruleset)
    if policy is not None:
        raw = _fray.simulate_policy(
            entry.id,
            _setup_json(setup),
            _protocol.policy_argument(policy),
            _util.count(trials, "trials"),
            _util.u64(seed, "seed"),
            _util.threads(threads),
        )
        return _summary(entry, _util.from_json(raw))
    raw = _fray.simulate(
        entry.id,
        _setup_json(setup),
        _util.count(trials, "trials"),
        _util.u64(seed, "seed"),
        _util.threads(threads),
    )
    return _summary(entry, _util.from_json(raw))


@dataclass(frozen=True, eq=False)
class Fights:
    """Whole simulated fights as numpy arrays, one entry per trial; trial *i* of the block
    used dice stream ``first + i``."""

    ruleset: str
    """The ruleset id."""
    sides: tuple[str, ...]
    """Side names, side 0 first."""
    metric_name: str
    """What :attr:`metric` counts."""
    seed: int
    """The dice seed."""
    first: int
    """The stream (trial id) of the first trial."""
    winner: npt.NDArray[np.int8]
    """Winning side per trial, -1 for a draw or an unfinished fight."""
    rounds: npt.NDArray[np.uint32]
    """Rounds played per trial."""
    health: npt.NDArray[np.int64]
    """Remaining health per trial and side, shape ``(trials, 2)``."""
    metric: npt.NDArray[np.int64]
    """The ruleset metric per trial."""
    end: npt.NDArray[np.int8]
    """How each trial ended: 0 by the rules (a win or a draw), 1 at the round limit, 2 cut
    off by simulation's command cap."""

    def __len__(self) -> int:
        return len(self.winner)

    def win_rate(self, side: int | str) -> float:
        """Share of trials won by ``side`` (index or name)."""
        index = self.sides.index(side) if isinstance(side, str) else side
        return float(np.mean(self.winner == index)) if len(self) else 0.0

    def summary(self) -> SimSummary:
        """The same summary :func:`simulate` gives for these trials (exact integer sums)."""
        wins = tuple(
            int(np.count_nonzero((self.winner == i) & (self.end == 0)))
            for i in range(len(self.sides))
        )
        values, counts = np.unique(self.rounds, return_counts=True)
        return SimSummary(
            ruleset=self.ruleset,
            sides=self.sides,
            metric=self.metric_name,
            trials=len(self),
            wins=wins,
            draws=int(np.count_nonzero((self.end == 0) & (self.winner < 0))),
            round_limit=int(np.count_nonzero(self.end == 1)),
            cut_off=int(np.count_nonzero(self.end == 2)),
            rounds={int(v): int(c) for v, c in zip(values, counts)},
            health_total=(
                int(self.health[:, 0].sum(dtype=np.int64)),
                int(self.health[:, 1].sum(dtype=np.int64)),
            ),
            metric_total=int(self.metric.sum(dtype=np.int64)),
        )

    def to_pandas(self) -> pd.DataFrame:
        """One row per trial: ``stream``, ``winner`` (side name or None), ``rounds``, the
        remaining health of each side and the metric."""
        import pandas as pd

        names = np.array(list(self.sides) + [None], dtype=object)
        return pd.DataFrame(
            {
                "stream": np.arange(self.first, self.first + len(self), dtype=np.uint64),
                "winner": names[self.winner.astype(np.int64)],
                "rounds": self.rounds,
                f"health_{self.sides[0]}": self.health[:, 0],
                f"health_{self.sides[1] if len(self.sides) > 1 else 1}": self.health[:, 1],
                self.metric_name: self.metric,
                "end": np.array(["rules", "round_limit", "cut_off"], dtype=object)[
                    self.end.astype(np.int64)
                ],
            }
        )

    def __repr__(self) -> str:
        wins = ", ".join(f"{n} {self.win_rate(i):.2%}" for i, n in enumerate(self.sides))
        return (
            f"Fights({self.ruleset}: {len(self)} trials from stream {self.first}, seed "
            f"{self.seed}; {wins})"
        )


def fights(
    ruleset: str,
    setup: Json | None = None,
    *,
    trials: int,
    seed: int = 1,
    first: int = 0,
    threads: int | None = None,
) -> Fights:
    """Simulates fights ``first .. first + trials`` (trial *i* on stream *i*) and returns
    each one's winner, rounds, remaining health and metric as numpy arrays. Blocks of trial
    ids add up exactly, so work can be split between processes or machines (see
    ``examples/dask_sweep.py``). Runs without holding the GIL."""
    entry = info(ruleset)
    winner, rounds, health, metric, end = _fray.fights(
        entry.id,
        _setup_json(setup),
        _util.u64(seed, "seed"),
        _util.u64(first, "first"),
        _util.count(trials, "trials"),
        _util.threads(threads),
    )
    return Fights(
        ruleset=entry.id,
        sides=entry.sides,
        metric_name=entry.metric,
        seed=int(seed),
        first=int(first),
        winner=winner,
        rounds=rounds,
        health=health.reshape(-1, 2),
        metric=metric,
        end=end,
    )


def wilson_interval(successes: int, trials: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of ``successes`` out of ``trials``, ``(low, high)``;
    ``(0.0, 1.0)`` with no trials. The same formula as ``fray simulate`` prints."""
    if trials <= 0:
        return (0.0, 1.0)
    z = 1.959963984540054
    p = min(successes, trials) / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    # At 0 and at every trial the bound is exactly 0 or 1; the formula leaves rounding dust.
    low = 0.0 if successes <= 0 else max(centre - half, 0.0)
    high = 1.0 if successes >= trials else min(centre + half, 1.0)
    return (low, high)


class Encounter:
    """A fight of any ruleset, driven command by command; every die comes from
    ``(seed, stream)``, so :meth:`replay` reproduces it exactly in any language.

    Setups, commands and events are JSON data (dicts) in the ruleset's own shapes.
    """

    __slots__ = ("_inner",)

    def __init__(
        self,
        ruleset: str,
        setup: Json | None = None,
        *,
        seed: int | None = None,
        stream: int = 0,
    ) -> None:
        """Starts an encounter of ``ruleset`` from ``setup`` (JSON data or text; ``None``:
        the demo setup) on dice ``(seed, stream)``; without a seed a random one is drawn
        (see :attr:`seed`). A refused setup raises :class:`fray.RuleError`."""
        self._inner = _fray.Encounter(
            _util.text(ruleset, "ruleset"),
            _setup_json(setup),
            _util.seed_or_random(seed),
            _util.u64(stream, "stream"),
        )

    @property
    def ruleset(self) -> str:
        """The ruleset id."""
        return self._inner.ruleset

    @property
    def seed(self) -> int:
        """The dice seed."""
        return self._inner.seed

    @property
    def stream(self) -> int:
        """The dice stream."""
        return self._inner.stream

    def apply(self, command: Json) -> list[Json]:
        """Applies one command (JSON data or text) and returns its events. A refused command
        raises :class:`fray.RuleError` naming the rule and changes nothing."""
        return _util.from_json(self._inner.apply(_util.to_json(command, "command")))  # type: ignore[no-any-return]

    def suggest(self) -> Json | None:
        """The default tactic's next command, or ``None`` when the encounter is over."""
        raw = self._inner.suggest()
        return None if raw is None else _util.from_json(raw)

    @property
    def finished(self) -> bool:
        """Whether the encounter is over (the default tactic has nothing left to do)."""
        return self._inner.suggest() is None

    def step(self) -> list[Json]:
        """Applies the default tactic's next command; ``[]`` when the encounter is over."""
        raw = self._inner.suggest()
        return [] if raw is None else _util.from_json(self._inner.apply(raw))

    def run(self, max_commands: int = 10_000) -> list[Json]:
        """Plays the default tactic until the end (at most ``max_commands`` commands) and
        returns the events it produced."""
        events: list[Json] = []
        for _ in range(_util.count(max_commands, "max_commands")):
            raw = self._inner.suggest()
            if raw is None:
                break
            events.extend(_util.from_json(self._inner.apply(raw)))
        return events

    @property
    def state(self) -> Json:
        """The current state as JSON data."""
        return _util.from_json(self._inner.state())

    @property
    def events(self) -> list[Json]:
        """Every event so far, the start's included."""
        return _util.from_json(self._inner.events())  # type: ignore[no-any-return]

    def describe(self, event: Json) -> str:
        """One readable line for an event."""
        return self._inner.describe(_util.to_json(event, "event"))

    def log(self) -> list[str]:
        """Every event so far as a readable line."""
        return [self.describe(e) for e in self.events]

    def replay(self) -> Json:
        """The replay file as JSON data; :func:`fray.replay` or ``fray replay FILE`` verify it."""
        return _util.from_json(self._inner.replay())

    def replay_json(self) -> str:
        """The replay file as JSON text, ready to save."""
        return self._inner.replay()

    def options(self) -> _protocol.Options:
        """Who must decide now and every legal command for them, each with
        :meth:`~fray.LegalOption.preview`. Raises :class:`fray.RuleError` for a ruleset
        that is not on the decision protocol yet."""
        return _protocol.parse_options(self._inner.options(), self)

    def preview(self, command: Json) -> list[OddsTable]:
        """The exact odds of ``command`` now (fractions, the same as ``fray odds``); nothing
        is applied and no die is drawn. A refused command raises :class:`fray.RuleError`."""
        return _protocol.parse_tables(self._inner.preview(_util.to_json(command, "command")))

    def lines(self, lang: str = "en", *, as_: str | None = None) -> list[str]:
        """The log so far as readable lines in ``lang`` ("en" or "ru"), as participant
        ``as_`` sees it (what the rules keep secret from them is left out), or as the game
        master (``None``: everything)."""
        return self._inner.lines(_util.text(lang, "lang"), as_)

    def standing(self) -> list[Json]:
        """What each participant has now: name, side, whether up, state, tracks (now/max)
        and counters."""
        return _util.from_json(self._inner.standing())  # type: ignore[no-any-return]

    def summary(self, lang: str = "en") -> list[str]:
        """One readable line per participant: state, tracks, what it spent."""
        return self._inner.summary(_util.text(lang, "lang"))

    def set_language(self, lang: str) -> None:
        """Writes refusal messages (:class:`fray.RuleError`) in ``lang`` ("en" or "ru");
        the rule ID is the same in every language."""
        self._inner.set_language(_util.text(lang, "lang"))

    def __repr__(self) -> str:
        return (
            f"Encounter({self.ruleset!r}, seed={self.seed}, stream={self.stream}, "
            f"events={len(self.events)}, finished={self.finished})"
        )


@dataclass(frozen=True)
class ReplayReport:
    """A verified replay: every command gave the events (or the refusal) the file recorded."""

    ruleset: str
    """The ruleset id."""
    accepted: int
    """Commands applied."""
    rejected: int
    """Commands refused, as the file said they would be."""
    events_digest: str
    """The digest over the whole fight."""
    events: list[Json] = field(hash=False, repr=False)
    """Every event, the start's included."""

    def to_dict(self) -> dict[str, Any]:
        """The report as plain data."""
        return {
            "ruleset": self.ruleset,
            "accepted": self.accepted,
            "rejected": self.rejected,
            "events_digest": self.events_digest,
            "events": self.events,
        }


def replay(data: Json | os.PathLike[str]) -> ReplayReport:
    """Verifies a replay file: ``data`` is the file's JSON data (dict), its JSON text, or a
    path to it. Raises :class:`fray.ReplayMismatch` (with ``.command``, the index of the first
    differing command) when the fight comes out differently, :class:`fray.InvalidInput` for a
    malformed file, :class:`fray.RuleError` when the setup is refused."""
    if isinstance(data, os.PathLike) or (
        isinstance(data, str) and not data.lstrip().startswith("{")
    ):
        text = _util.read_path(data, "replay")
    else:
        text = _util.to_json(data, "replay")
    raw = _util.from_json(_fray.verify_replay(text))
    return ReplayReport(
        ruleset=raw["ruleset"],
        accepted=raw["accepted"],
        rejected=raw["rejected"],
        events_digest=raw["events_digest"],
        events=raw["events"],
    )


class RulesetFunctions:
    """The functions every ruleset module offers, bound to one ruleset id. Each module
    (``fray.age``, ``fray.hunt`` …) re-exports them, so they are written once."""

    def __init__(self, ruleset: str) -> None:
        self.id = ruleset
        """The ruleset id."""

    def info(self) -> RulesetInfo:
        """The registry entry: version, side names, metric, odds keys, demo seed."""
        return info(self.id)

    def odds(self, spec: dict[str, Json] | None = None, /, **keys: Json) -> list[OddsTable]:
        """Exact odds as tables; the spec keys are listed by ``info().odds_keys`` and missing
        keys take their defaults (the same as ``fray odds <id> key=value …``)."""
        return ruleset_odds(self.id, spec, **keys)

    def demo_setup(self) -> Json:
        """The built-in demo setup as JSON data, to edit and pass to :meth:`simulate`."""
        return demo_setup(self.id)

    def simulate(
        self,
        setup: Json | None = None,
        *,
        trials: int = 10_000,
        seed: int = 1,
        threads: int | None = None,
    ) -> SimSummary:
        """Simulates ``trials`` fights of ``setup`` (``None``: the demo) with the default
        tactic, trial *i* on stream *i*; see :func:`fray.simulate`."""
        return simulate(self.id, setup, trials=trials, seed=seed, threads=threads)

    def fights(
        self,
        setup: Json | None = None,
        *,
        trials: int,
        seed: int = 1,
        first: int = 0,
        threads: int | None = None,
    ) -> Fights:
        """Per-trial numpy arrays (winner, rounds, health, metric) of fights
        ``first .. first + trials``; see :func:`fray.fights`."""
        return fights(self.id, setup, trials=trials, seed=seed, first=first, threads=threads)

    def encounter(
        self, setup: Json | None = None, *, seed: int | None = None, stream: int = 0
    ) -> Encounter:
        """Starts an encounter (``None``: the demo setup) on dice ``(seed, stream)``."""
        return Encounter(self.id, setup, seed=seed, stream=stream)
