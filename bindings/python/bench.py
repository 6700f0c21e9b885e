"""Measures Fray against d20, numpy and icepool in one run (not a test; numbers vary by machine).

    pip install d20 icepool && python bindings/python/bench.py

1. per-call ``fray.roll("1d20")`` (and with its dice read) against ``d20.roll("1d20")``;
2. batch rolls per second: ``fray.Rng.batch`` (one stream) and ``fray.roll_batch`` (one
   stream per roll, all cores) against numpy's ``Generator.integers``;
3. exact odds: ``fray.odds`` against ``icepool`` for ``3d8kh2+2`` and ``4d6dl1`` (both exact;
   the results are compared): repeated calls (icepool keeps caches) and the first call in a
   fresh interpreter.
"""

from __future__ import annotations

import os
import platform
import time
import timeit
from fractions import Fraction
from typing import Callable

import numpy as np

import fray


def per_call(fn: Callable[[], object], seconds: float = 1.0) -> float:
    """Best-of-5 mean seconds per call."""
    timer = timeit.Timer(fn)
    n, _ = timer.autorange()
    n = max(n, int(n * seconds / 0.2))
    return min(timer.repeat(repeat=5, number=n)) / n


def rate(fn: Callable[[], object], items: int) -> float:
    """Best-of-5 items per second."""
    best = min(_time(fn) for _ in range(5))
    return items / best


def _time(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


ICEPOOL = {
    "3d8kh2+2": "icepool.d8.highest(3, 2) + 2",
    "4d6dl1": "icepool.d6.highest(4, 3)",
}


def cold(statement: str, setup: str) -> float:
    """Seconds of the first evaluation of ``statement`` in a fresh interpreter (no caches),
    median of 5 processes; the imports are not timed."""
    import statistics
    import subprocess
    import sys

    code = (
        f"{setup}\nimport time\nt = time.perf_counter()\n{statement}\n"
        "print(time.perf_counter() - t)"
    )
    runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                 check=True).stdout) for _ in range(5)]
    return statistics.median(runs)


def main() -> None:
    import d20
    import icepool

    print(f"fray {fray.__version__}, numpy {np.__version__}, d20 {getattr(d20, '__version__', '?')}, "
          f"icepool {icepool.__version__}; Python {platform.python_version()}, "
          f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")

    print("\n1. one roll of 1d20 per call (parse + roll + result object)")
    fray_s = per_call(lambda: fray.roll("1d20", seed=1))
    fray_fresh = per_call(lambda: fray.roll("1d20"))
    fray_dice = per_call(lambda: fray.roll("1d20", seed=1).dice)
    fray_rng = fray.Rng(1)
    fray_raw = per_call(lambda: fray_rng.roll(20))
    d20_s = per_call(lambda: d20.roll("1d20"))
    print(f"   fray.roll('1d20', seed=1)   {fray_s * 1e6:8.2f} µs  (dice recorded on first access)")
    print(f"   fray.roll('1d20')           {fray_fresh * 1e6:8.2f} µs  (a fresh seed, recorded)")
    print(f"   ... and reading .dice       {fray_dice * 1e6:8.2f} µs  (rolls again with a transcript)")
    print(f"   fray.Rng.roll(20)           {fray_raw * 1e6:8.2f} µs")
    print(f"   d20.roll('1d20')            {d20_s * 1e6:8.2f} µs   -> fray.roll is {d20_s / fray_s:.1f}x "
          f"faster with a seed, {d20_s / fray_fresh:.1f}x without")

    print("\n2. batch rolls of a d20 per second")
    n = 10_000_000
    g = fray.Rng(1)
    fray_batch = rate(lambda: g.batch(20, n), n)
    gen = np.random.default_rng(1)
    np_rate = rate(lambda: gen.integers(1, 21, size=n), n)
    m = 2_000_000
    per_stream_1 = rate(lambda: fray.roll_batch("1d20", m, seed=1, threads=1), m)
    per_stream = rate(lambda: fray.roll_batch("1d20", m, seed=1), m)
    per_stream_3 = rate(lambda: fray.roll_batch("3d8kh2+2", m, seed=1), m)
    print(f"   fray.Rng(1).batch(20, 1e7)            {fray_batch / 1e6:8.1f} M/s  (one stream, GIL released)")
    print(f"   numpy Generator.integers(1, 21, 1e7)  {np_rate / 1e6:8.1f} M/s  (PCG64)")
    print(f"   fray.roll_batch('1d20', 2e6), 1 thread {per_stream_1 / 1e6:7.1f} M/s  (a new ChaCha8 stream per roll)")
    print(f"   fray.roll_batch('1d20', 2e6), all cores {per_stream / 1e6:6.1f} M/s")
    print(f"   fray.roll_batch('3d8kh2+2', 2e6), all cores {per_stream_3 / 1e6:5.1f} M/s")

    print("\n3. exact odds")
    for expr, source in ICEPOOL.items():
        make = eval(f"lambda: {source}", {"icepool": icepool})
        ours = fray.odds(expr).to_dict()
        theirs_die = make()
        theirs = {int(k): Fraction(q, theirs_die.denominator()) for k, q in theirs_die.items()}
        assert ours == theirs, f"{expr}: fray and icepool disagree"
        fray_t = per_call(lambda: fray.odds(expr), 0.5)

        ice_t = per_call(make, 0.5)
        fray_cold = cold(f"fray.odds({expr!r})", "import fray")
        ice_cold = cold(ICEPOOL[expr], "import icepool")
        print(f"   {expr:<9} repeated: fray.odds {fray_t * 1e6:8.1f} µs, icepool {ice_t * 1e6:8.1f} µs "
              f"(-> {ice_t / fray_t:.1f}x); first call in a fresh process: fray "
              f"{fray_cold * 1e6:8.1f} µs, icepool {ice_cold * 1e6:8.1f} µs (-> {ice_cold / fray_cold:.1f}x); "
              "same exact fractions")


if __name__ == "__main__":
    main()
