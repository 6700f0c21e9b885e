"""The Dask sweep (examples/dask_sweep.py) on a 2-worker LocalCluster equals one process."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def test_cluster_sweep_equals_single_process(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("dask.distributed")
    from dask.distributed import Client

    # the workers are new processes: they find the example through PYTHONPATH
    path = os.pathsep.join(p for p in [str(EXAMPLES), os.environ.get("PYTHONPATH")] if p)
    monkeypatch.setenv("PYTHONPATH", path)
    monkeypatch.syspath_prepend(str(EXAMPLES))
    import dask_sweep

    ruleset, setups = dask_sweep.sweep_setups()
    setups = dict(list(setups.items())[:3])
    kwargs = dict(trials=3_000, seed=11, block=700)  # an uneven last block on purpose
    with dask_sweep.local_cluster() as cluster, Client(cluster) as client:
        on_cluster = dask_sweep.run_sweep(ruleset, setups, client=client, **kwargs)
        workers = client.scheduler_info()["workers"]
    single = dask_sweep.run_sweep(ruleset, setups, **kwargs)
    assert len(workers) == 2
    assert on_cluster == single
    for summary in single.values():
        assert summary.trials == 3_000
    sys.modules.pop("dask_sweep", None)


def test_a_fray_sweep_spread_over_the_cluster_equals_fray_sweep(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("dask.distributed")
    from dask.distributed import Client

    import fray

    path = os.pathsep.join(p for p in [str(EXAMPLES), os.environ.get("PYTHONPATH")] if p)
    monkeypatch.setenv("PYTHONPATH", path)
    monkeypatch.syspath_prepend(str(EXAMPLES))
    import dask_sweep

    vary = {"max_rounds": [2, 4, 8], "fighters[0].stats.agility": [2, 4]}
    with dask_sweep.local_cluster() as cluster, Client(cluster) as client:
        on_cluster = dask_sweep.cluster_sweep(client, "hunt", vary, trials=500, seed=9)
    local = fray.sweep("hunt", vary=vary, trials=500, seed=9)
    assert len(on_cluster.points) == 6
    assert on_cluster == local
    assert on_cluster.rows() == local.rows()
    sys.modules.pop("dask_sweep", None)
