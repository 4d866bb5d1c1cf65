"""Settings for the whole suite.

Hypothesis: ``scripts/test`` selects the ``ci`` profile — derandomised (the same examples on every
run, so a red CI is reproducible) and without its example database (a clean clone has none) —
while ``HYPOTHESIS_PROFILE=dev`` explores new examples each run. No profile has a per-example
deadline (a wall-clock assertion on a loaded machine). Each test states its example count; the
profile scales it: ``ci`` and ``dev`` ×1, ``quick`` ×¼ (at least 10, for a local loop),
``thorough`` ×10 (a nightly or pre-release run). The gateway fuzzer's budget follows the same
profile (tests/e2e/test_fuzz.py) unless ``WEIR_FUZZ_EXAMPLES`` says otherwise.

Logging: the SDK's ``MCPServer()`` calls ``logging.basicConfig`` (a Rich handler at INFO on
stderr), and modules that build one at import (``weir.demo_servers.*``) are imported while tests
are collected, when the root logger has no handler yet: every later CLI run in that worker would
then print the HTTP client's INFO lines into its captured output (a ``--json`` no longer parses).
A root handler that drops everything makes ``basicConfig`` a no-op; pytest's own capture is
untouched.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

from tests import cputime
from tests.postgres import PostgresServer, pg_bin

settings.register_profile("ci", derandomize=True, database=None, deadline=None)
settings.register_profile("dev", deadline=None)
settings.register_profile("quick", derandomize=True, database=None, deadline=None)
settings.register_profile("thorough", database=None, deadline=None)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
settings.load_profile(PROFILE)
SCALE = {"quick": 0.25, "thorough": 10.0}.get(PROFILE, 1.0)
"""How the profile scales every test's own example count."""


def scaled_examples(count: int) -> int:
    """``count`` examples under this profile (at least 10)."""
    return max(10, round(count * SCALE)) if SCALE != 1.0 else count


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Keep each module that shares a module-scoped fixture on one worker; apply the profile's
    scale to each property test's ``max_examples``."""
    for item in items:
        _one_worker_per_shared_module(item)
    if SCALE == 1.0:
        return
    for item in items:
        test = getattr(getattr(item, "obj", None), "hypothesis", None)
        inner = getattr(test, "inner_test", None)
        own = getattr(getattr(item, "obj", None), "_hypothesis_internal_use_settings", None)
        if inner is None or own is None:
            continue
        item.obj._hypothesis_internal_use_settings = settings(own, max_examples=scaled_examples(own.max_examples))  # type: ignore[attr-defined]


def _one_worker_per_shared_module(item: pytest.Item) -> None:
    """A module whose tests share a ``scope="module"`` fixture (a gateway, a fleet, a server) is one
    xdist group: under ``--dist loadgroup`` (scripts/test) its tests all run on one worker, so the
    fixture starts once per run instead of once on each worker the module's tests happened to
    reach. Other tests are scheduled one by one, as ``--dist load`` does."""
    info = getattr(item, "_fixtureinfo", None)
    module = getattr(item, "module", None)
    if info is None or module is None:
        return
    if any(defs and defs[-1].scope == "module" for defs in info.name2fixturedefs.values()):
        item.add_marker(pytest.mark.xdist_group(module.__name__))


logging.getLogger().addHandler(logging.NullHandler())


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--cpu-durations=N`` (tests/cputime.py)."""
    cputime.addoption(parser)


def pytest_configure(config: pytest.Config) -> None:
    """Measure each test's CPU when ``--cpu-durations`` asks for it."""
    count = config.getoption("cpu_durations")
    if count is not None:
        config.pluginmanager.register(cputime.CpuDurations(count), "cputime")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One real PostgreSQL server for the whole run (per xdist worker), started and removed here.

    Skips only when PostgreSQL is not installed and ``CI`` is unset; in CI its absence fails.
    """
    bin_dir = pg_bin()
    if bin_dir is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not installed (scripts/_postgres.sh installs it) and CI is set")
        pytest.skip("PostgreSQL is not installed (scripts/_postgres.sh installs Debian's postgresql)")
    server = PostgresServer(bin_dir)
    try:
        server.start()
        yield server
    finally:
        server.destroy()


@pytest.fixture
def pg_dsn(postgres_server: PostgresServer) -> str:
    """The DSN of a fresh, empty database on the run's server (its password is tests.postgres.SECRET)."""
    return postgres_server.new_database()


@pytest.fixture
def own_postgres(postgres_server: PostgresServer) -> Iterator[PostgresServer]:
    """A PostgreSQL server of this test's own, to stop and start (``postgres_server``: the skip rule)."""
    server = PostgresServer(postgres_server.bin)
    try:
        server.start()
        yield server
    finally:
        server.destroy()
