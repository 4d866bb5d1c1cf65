"""One run of the suite per configuration per test session, in the background, while the rest runs.

Most of a run through today's gateway is waiting (a lost server request costs Weir's 30 s
upstream timeout), so the configurations the selected tests need start together as soon as
collection finishes, the conformance tests are moved to the end of the session, and by the time
they read their scenario from the cached results the runs have overlapped the rest of the suite.
Results go to a temporary folder, removed at the end unless ``WEIR_CONFORMANCE_KEEP`` is set
(then its path is printed; ``python -m tests.conformance.report --from DIR`` reads it).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.conformance import harness
from tests.conformance.harness import Outcome
from tests.conformance.known import CLIENT_SCENARIOS

CONFIGURATIONS: dict[str, Callable[[Path], dict[str, Outcome]]] = {
    "server-direct": lambda work: harness.run_server_mode(work, "direct"),
    "server-weir-http": lambda work: harness.run_server_mode(work, "weir-http"),
    "server-weir-stdio": lambda work: harness.run_server_mode(work, "weir-stdio"),
    "client-direct": lambda work: harness.run_client_mode(work, "direct", CLIENT_SCENARIOS),
    "client-weir": lambda work: harness.run_client_mode(work, "weir", CLIENT_SCENARIOS),
}
BASELINE = {"server-weir-http": "server-direct", "server-weir-stdio": "server-direct", "client-weir": "client-direct"}
HERE = Path(__file__).resolve().parent


class Runs:
    """The configurations' results, each computed once, in background threads."""

    def __init__(self, needed: set[str]) -> None:
        self.work = Path(tempfile.mkdtemp(prefix="weir-conformance-"))
        self.needed = needed | {BASELINE[n] for n in needed if n in BASELINE}
        self.pool = ThreadPoolExecutor(max_workers=len(CONFIGURATIONS))
        self.futures: dict[str, Future[dict[str, Outcome]]] = {}

    def start(self, configuration: str) -> None:
        if configuration not in self.futures:
            self.futures[configuration] = self.pool.submit(CONFIGURATIONS[configuration], self.work / configuration)

    def start_needed(self) -> None:
        for name in sorted(self.needed):
            self.start(name)

    def outcome(self, configuration: str, scenario: str) -> Outcome:
        self.start(configuration)
        return self.futures[configuration].result().get(scenario, Outcome(scenario, ()))

    def close(self) -> None:
        self.pool.shutdown(wait=True)
        if os.environ.get("WEIR_CONFORMANCE_KEEP"):
            print(f"\nconformance results kept in {self.work}", file=sys.stderr)
        else:
            shutil.rmtree(self.work, ignore_errors=True)


_runs: list[Runs] = []


def _mine(item: pytest.Item) -> bool:
    return HERE in Path(str(item.path)).resolve().parents


def _needed(items: list[pytest.Item]) -> set[str]:
    """The configurations named by the collected tests' parameters."""
    needed = set()
    for item in items:
        callspec = getattr(item, "callspec", None)
        configuration = callspec.params.get("configuration") if callspec else None
        if configuration in CONFIGURATIONS:
            needed.add(configuration)
    return needed


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the conformance tests last, so their background runs overlap everything else."""
    items[:] = [i for i in items if not _mine(i)] + [i for i in items if _mine(i)]


def pytest_collection_finish(session: pytest.Session) -> None:
    needed = _needed(session.items)
    if needed and harness.missing_tooling() is None:
        runs = Runs(needed)
        runs.start_needed()
        _runs.append(runs)


def pytest_sessionfinish() -> None:
    while _runs:
        _runs.pop().close()


@pytest.fixture(scope="session")
def conformance() -> Runs:
    """The suite's results per configuration; skips (fails on CI) without Node 22 and the suite."""
    missing = harness.missing_tooling()
    if missing is not None:
        if os.environ.get("CI"):
            pytest.fail(f"conformance tooling missing on CI: {missing}")
        pytest.skip(missing)
    if not _runs:
        _runs.append(Runs(set()))
    return _runs[0]
