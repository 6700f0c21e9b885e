"""A balance sweep on a Dask cluster: each task simulates one block of trial ids.

Trial *i* always uses dice stream *i*, so it does not matter which worker (or machine) runs
which block: the cluster's summaries equal a single process's, exactly — this script checks it.

    python examples/dask_sweep.py                      # RED armour sweep, 2 local workers
    python examples/dask_sweep.py --trials 200000 --block 25000

The sweep: the RED demo fight with the Solo wearing each armour in turn (or, for a build
without RED, the first ruleset's demo under a few seeds).
"""

from __future__ import annotations

import argparse
import copy
import time
from typing import Any

import fray


def sweep_setups() -> tuple[str, dict[str, Any]]:
    """The ruleset and the setups to compare, by label."""
    ids = [r.id for r in fray.rulesets()]
    if "red" in ids:
        base = fray.red.demo_setup()
        setups = {}
        for armour in [None, "kevlar", "light_armorjack", "medium_armorjack", "heavy_armorjack"]:
            setup = copy.deepcopy(base)
            setup["characters"][0]["armor"] = {"head": armour, "body": armour}
            setups[armour or "none"] = setup
        return "red", setups
    ruleset = ids[0]
    return ruleset, {"demo": fray.demo_setup(ruleset)}


def simulate_block(ruleset: str, setup: Any, seed: int, first: int, trials: int) -> fray.SimSummary:
    """One task: trials ``first .. first + trials`` of ``setup``, summed up."""
    return fray.fights(ruleset, setup, trials=trials, seed=seed, first=first, threads=1).summary()


def blocks(trials: int, block: int) -> list[tuple[int, int]]:
    """``(first, count)`` of each block of trial ids."""
    return [(first, min(block, trials - first)) for first in range(0, trials, block)]


def run_sweep(
    ruleset: str,
    setups: dict[str, Any],
    *,
    trials: int,
    seed: int,
    block: int,
    client: Any = None,
    timeout: float = 600,
) -> dict[str, fray.SimSummary]:
    """Summaries per setup label: on the Dask ``client`` when given, else in this process
    with one ``fray.simulate`` call per setup (a different code path: the reference)."""
    if client is None:
        return {
            label: fray.simulate(ruleset, setup, trials=trials, seed=seed)
            for label, setup in setups.items()
        }
    futures = {
        label: [
            client.submit(simulate_block, ruleset, setup, seed, first, count, pure=False)
            for first, count in blocks(trials, block)
        ]
        for label, setup in setups.items()
    }
    from dask.distributed import wait

    # a task that cannot run (say, a worker that cannot import something) fails loudly
    wait([f for parts in futures.values() for f in parts], timeout=timeout)
    results = {}
    for label, parts in futures.items():
        summaries = client.gather(parts)
        total = summaries[0]
        for s in summaries[1:]:
            total = total + s
        results[label] = total
    return results


def sweep_block(ruleset: str, setup: Any, first: int, trials: int, seed: int) -> Any:
    """One task of :func:`cluster_sweep`: one block of trials of one point of a sweep."""
    from fray._harness import play_block

    return play_block(ruleset, setup, first=first, trials=trials, seed=seed)


def cluster_sweep(
    client: Any,
    ruleset: str,
    vary: dict[str, list[Any]],
    *,
    trials: int,
    seed: int,
    setup: Any = None,
) -> fray.Sweep:
    """:func:`fray.sweep` with its points and their blocks of trials spread over the Dask
    ``client``'s workers, one task per (point, block): the same :class:`fray.Sweep`,
    summaries and paired intervals included, exactly."""
    import itertools

    from fray._harness import blocks, join_blocks
    from fray._sweep import SweepPoint, _set

    base = copy.deepcopy(setup) if setup is not None else fray.demo_setup(ruleset)
    paths = tuple(vary)
    combos = list(itertools.product(*(vary[p] for p in paths)))
    futures = []
    for combo in combos:
        point = copy.deepcopy(base)
        for path, value in zip(paths, combo):
            _set(point, path, value)
        futures.append(
            [
                client.submit(sweep_block, ruleset, point, first, count, seed, pure=False)
                for first, count in blocks(trials)
            ]
        )
    runs = [join_blocks(client.gather(parts)) for parts in futures]
    return fray.Sweep(
        ruleset=ruleset,
        paths=paths,
        seed=seed,
        points=tuple(
            SweepPoint(values=dict(zip(paths, combo)), summary=run.summary, blocked=run)
            for combo, run in zip(combos, runs)
        ),
    )


def local_cluster() -> Any:
    """A 2-worker LocalCluster (processes, one thread each, no dashboard port)."""
    from dask.distributed import LocalCluster

    return LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=40_000)
    parser.add_argument("--block", type=int, default=5_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    from dask.distributed import Client

    ruleset, setups = sweep_setups()
    with local_cluster() as cluster, Client(cluster) as client:
        start = time.perf_counter()
        on_cluster = run_sweep(
            ruleset, setups, trials=args.trials, seed=args.seed, block=args.block, client=client
        )
        cluster_s = time.perf_counter() - start
    start = time.perf_counter()
    single = run_sweep(ruleset, setups, trials=args.trials, seed=args.seed, block=args.block)
    single_s = time.perf_counter() - start

    print(f"{ruleset}: {args.trials} trials per setup, blocks of {args.block}")
    for label, summary in on_cluster.items():
        print(f"  {label:<18} {float(summary.win_rate(0)):7.2%} {summary.sides[0]} wins")
    print(f"cluster {cluster_s:.1f} s, single process {single_s:.1f} s")
    if on_cluster != single:
        raise SystemExit("MISMATCH: the cluster's summaries differ from the single process's")
    print("the cluster's summaries equal the single process's exactly")


if __name__ == "__main__":
    main()
