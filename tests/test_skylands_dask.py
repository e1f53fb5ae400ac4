"""Skylands self-play on a Dask cluster (a local one): the same numbers as in one process."""

from __future__ import annotations

import pytest

from generator.build.pool import Pool
from generator.content import paths
from generator.core import kit
from generator.games.skylands.simulate import SimSetup, run


def test_skylands_simulation_on_dask_gives_the_numbers_of_one_process():
    pytest.importorskip("distributed")
    from distributed import Client, LocalCluster

    model = kit.load("skylands", paths.CONTENT).model
    setup = SimSetup((2, 3), 12, 7, "random")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster, \
            Client(cluster), Pool(scheduler=cluster.scheduler_address) as ex:
        assert ex.workers == 2
        on_dask = run(model, setup, ex.map)
    assert on_dask == run(model, setup)
