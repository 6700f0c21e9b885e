"""Fray from several Python threads at once (issue 11, concurrency): each thread has its own
encounters, generators and seeds; exact odds are computed once and read from every thread;
batch functions, which release the GIL and run worker threads of their own, are called from
several threads together. Every result must equal a sequential run exactly, an error
raised in one thread must carry that thread's own detail, never another's, and a generator
used by a second thread while it draws refuses instead of letting timing pick the dice."""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt
import pytest

import fray

THREADS = 6
RULESETS = fray.rulesets()
EXPRESSIONS = ["3d8kh2+2", "4d6dl1", "1d10!", "6d6>=5", "2d20kl1-1", "d%/7*3"]

# Computed once, then only read, by every thread at the same time.
SHARED_ODDS = {e: fray.odds(e) for e in EXPRESSIONS}
SHARED_TABLES = {r.id: fray.ruleset_odds(r.id) for r in RULESETS}

T = TypeVar("T")


def on_threads(work: Callable[[int, threading.Barrier], T]) -> list[T]:
    """Runs ``work(t, barrier)`` for t < THREADS on THREADS pool threads, released together
    by ``barrier`` (which ``work`` may also use to keep the threads in step); the results by t."""
    barrier = threading.Barrier(THREADS, timeout=60)

    def start(t: int) -> T:
        barrier.wait()
        return work(t, barrier)

    with ThreadPoolExecutor(max_workers=THREADS) as pool:
        return list(pool.map(start, range(THREADS)))


def rotated(t: int) -> list[int]:
    """Every job, starting at thread t's own: the same job runs on several threads at once."""
    return [(t + i) % THREADS for i in range(THREADS)]


def possible(expression: str, total: int) -> bool:
    """Whether the shared exact odds allow ``total`` (or leave mass for deeper explosions)."""
    odds = SHARED_ODDS[expression]
    return odds[total] > 0 or odds.unresolved > 0


def play(ruleset: fray.RulesetInfo, job: int) -> tuple[list[Any], Any, str]:
    """The demo fight on seed demo + job, stream job, to its end: events, replay file and
    the digest its verification reports."""
    encounter = fray.Encounter(ruleset.id, seed=ruleset.demo_seed + job, stream=job)
    encounter.run()
    assert encounter.finished
    replay = encounter.replay()
    return encounter.events, replay, fray.replay(replay).events_digest


def dice_and_fights(job: int) -> dict[str, Any]:
    """Everything one job rolls and plays on its own generator and encounters."""
    rng = fray.Rng(1234, job)
    faces = [rng.roll(20) for _ in range(64)]
    batch = rng.batch(6, 256).tolist()
    rolls = [rng.roll_expr(e) for e in EXPRESSIONS]
    seeded = [(e, fray.roll(e, seed=job, stream=s)) for e in EXPRESSIONS for s in range(4)]
    assert all(possible(e, r.total) for e, r in zip(EXPRESSIONS, rolls))
    assert all(possible(e, r.total) for e, r in seeded)
    return {
        "faces": faces,
        "batch": batch,
        "rolls": [r.to_dict() for r in rolls],
        "seeded": [r.to_dict() for _, r in seeded],
        "position": rng.position,
        "fights": {r.id: play(r, job) for r in RULESETS},
    }


def test_encounters_and_rolls_on_several_threads_match_a_sequential_run() -> None:
    expected = [dice_and_fights(job) for job in range(THREADS)]
    assert all(len(fight[0]) > 1 for fight in expected[0]["fights"].values())

    def work(t: int, _: threading.Barrier) -> list[tuple[int, dict[str, Any]]]:
        return [(job, dice_and_fights(job)) for job in rotated(t)]

    for t, results in enumerate(on_threads(work)):
        for job, got in results:
            assert got == expected[job], f"thread {t}, job {job}"


def batches(job: int, threads: int) -> dict[str, Any]:
    """The batch functions on ``threads`` worker threads each, as plain lists."""
    n = 3000
    andromeda = fray.andromeda.check_batch(
        np.arange(n) % 7, 2, 3, edge="advantage", seed=job, first=job * n, threads=threads
    )
    red = fray.red.check_batch(np.arange(n) % 10 + 8, 15, seed=job, threads=threads)
    fights = {
        r.id: fray.fights(r.id, trials=24, seed=job, threads=threads)
        for r in RULESETS
        if r.fights_bound
    }
    return {
        "roll_batch": {
            e: fray.roll_batch(e, n, seed=job, first=job, threads=threads).tolist()
            for e in EXPRESSIONS
        },
        "andromeda": [andromeda.total.tolist(), andromeda.base.tolist(), andromeda.tier.tolist()],
        "red": [red.total.tolist(), red.success.tolist()],
        "simulate": {
            r.id: fray.simulate(r.id, trials=24, seed=job, threads=threads).to_dict()
            for r in RULESETS
        },
        "fights": {
            id_: [f.winner.tolist(), f.rounds.tolist(), f.health.tolist(), f.metric.tolist()]
            for id_, f in fights.items()
        },
    }


def test_batch_functions_from_several_threads_match_a_sequential_run() -> None:
    expected = [batches(job, threads=1) for job in range(THREADS)]
    assert all(possible(e, t) for e, totals in expected[0]["roll_batch"].items() for t in totals)

    def work(t: int, _: threading.Barrier) -> list[tuple[int, dict[str, Any]]]:
        # Two and three library workers inside each of the caller's threads.
        return [(job, batches(job, threads=2 + job % 2)) for job in rotated(t)[:3]]

    for t, results in enumerate(on_threads(work)):
        for job, got in results:
            assert got == expected[job], f"thread {t}, job {job}"


def test_shared_odds_read_from_several_threads_equal_fresh_ones() -> None:
    snapshot = {e: (o.to_dict(), o.mean, o.at_least(10), list(o)) for e, o in SHARED_ODDS.items()}
    tables = {id_: [(t.title, t.rows) for t in ts] for id_, ts in SHARED_TABLES.items()}

    def work(t: int, _: threading.Barrier) -> None:
        for _round in range(3):
            for e in EXPRESSIONS[t:] + EXPRESSIONS[:t]:
                shared = SHARED_ODDS[e]
                assert fray.odds(e) == shared
                assert (shared.to_dict(), shared.mean, shared.at_least(10), list(shared)) == (
                    snapshot[e]
                )
            for r in RULESETS:
                fresh = fray.ruleset_odds(r.id)
                assert [(x.title, x.rows) for x in fresh] == tables[r.id]
                assert [(x.title, x.rows) for x in SHARED_TABLES[r.id]] == tables[r.id]

    on_threads(work)


ROUNDS = 12


def test_errors_stay_on_the_thread_that_raised_them() -> None:
    ruleset = next(r for r in RULESETS if r.id in ("red", "andromeda"))
    encounter = fray.Encounter(ruleset.id, seed=ruleset.demo_seed)
    encounter.run()
    replay = encounter.replay()
    assert len(replay["commands"]) > THREADS

    def tampered(index: int) -> Any:
        file = copy.deepcopy(replay)
        file["commands"][index]["digest"] = "0" * 16
        return file

    def work(t: int, barrier: threading.Barrier) -> int:
        own = fray.Encounter(ruleset.id, seed=t)
        checked = 0
        for i in range(ROUNDS):
            token = f"{t}_{i}"
            barrier.wait()
            # Four kinds of failure, so at any moment threads fail in different ways, some
            # holding the GIL and some (odds, replays) off it.
            kind = (t + i) % 4
            error: fray.FrayError
            if kind == 0:
                with pytest.raises(fray.InvalidInput) as info:
                    fray.Encounter(f"chess_{token}")
                error = info.value
            elif kind == 1:
                with pytest.raises(fray.InvalidInput) as info:
                    own.apply({"type": f"no_such_command_{token}"})
                error = info.value
            elif kind == 2:
                with pytest.raises(fray.InvalidInput) as info:
                    fray.ruleset_odds(ruleset.id, {f"no_such_key_{token}": 1})
                error = info.value
            else:
                with pytest.raises(fray.ReplayMismatch) as mismatch:
                    fray.replay(tampered(t))
                error = mismatch.value
            # A successful call on the same thread in between changes nothing.
            assert fray.roll("2d6", seed=i, stream=t) == fray.roll("2d6", seed=i, stream=t)
            barrier.wait()
            if isinstance(error, fray.ReplayMismatch):
                assert error.command == t
                assert error.actual == replay["commands"][t]["digest"]
                assert f"command #{t + 1} " in error.message
            else:
                assert token in error.message, error.message
            checked += 1
        return checked

    assert on_threads(work) == [ROUNDS] * THREADS


def test_an_rng_in_use_by_another_thread_refuses_without_drawing() -> None:
    # One thread draws a long batch (detached from the interpreter, block by block) while
    # another rolls the same generator until it is refused.
    rng = fray.Rng(77, 3)
    n = 4_000_000
    barrier = threading.Barrier(2, timeout=60)
    batch_done = threading.Event()
    batch: list[npt.NDArray[np.uint32]] = []
    rolls: list[int] = []
    refusals: list[Exception] = []

    def draw_batch() -> None:
        barrier.wait()
        batch.append(rng.batch(6, n))
        batch_done.set()

    def roll_until_refused() -> None:
        barrier.wait()
        while not batch_done.is_set():
            try:
                rolls.append(rng.roll(6))
            except Exception as e:  # any type but InvalidInput fails the test below
                refusals.append(e)
                return

    threads = [threading.Thread(target=draw_batch), threading.Thread(target=roll_until_refused)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    assert len(refusals) == 1, "the rolls never overlapped the batch"
    refusal = refusals[0]
    assert isinstance(refusal, fray.InvalidInput), repr(refusal)
    assert refusal.message == (
        "this Rng (seed=77, stream=3) is in use by another thread; its dice would depend on "
        "thread timing, so give each thread its own Rng, e.g. fray.Rng(seed, stream=i) on "
        "thread i"
    )
    # The batch held the generator from its first die to its last, so the rolls that got
    # through came before it, and the refused one drew nothing.
    (drawn,) = batch
    expected = fray.Rng(77, 3)
    assert rolls == expected.batch(6, len(rolls)).tolist()
    assert np.array_equal(drawn, expected.batch(6, n))
    assert rng.position == expected.position
    assert [rng.roll(20) for _ in range(5)] == [expected.roll(20) for _ in range(5)]
    assert repr(rng) == repr(expected)
