"""One run of the suite per configuration per test session, the configurations side by side.

Most of a run through today's gateway is waiting (a lost server request costs Weir's 30 s
upstream timeout), so the configurations the selected tests need start together on the first
request and each test reads its scenario from the cached results.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
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


class Runs:
    """The configurations' results, each computed once; all needed ones start on the first request."""

    def __init__(self, work: Path, needed: set[str]) -> None:
        self.work = work
        self.needed = needed | {BASELINE[n] for n in needed if n in BASELINE}
        self.pool = ThreadPoolExecutor(max_workers=len(CONFIGURATIONS))
        self.futures: dict[str, Future[dict[str, Outcome]]] = {}

    def outcomes(self, configuration: str) -> dict[str, Outcome]:
        if not self.futures:
            for name in sorted(self.needed | {configuration}):
                self.futures[name] = self.pool.submit(CONFIGURATIONS[name], self.work / name)
        if configuration not in self.futures:
            self.futures[configuration] = self.pool.submit(CONFIGURATIONS[configuration], self.work / configuration)
        return self.futures[configuration].result()

    def outcome(self, configuration: str, scenario: str) -> Outcome:
        return self.outcomes(configuration).get(scenario, Outcome(scenario, ()))


def _needed(session: pytest.Session) -> set[str]:
    """The configurations named by the collected tests' parameters."""
    needed = set()
    for item in session.items:
        callspec = getattr(item, "callspec", None)
        configuration = callspec.params.get("configuration") if callspec else None
        if configuration in CONFIGURATIONS:
            needed.add(configuration)
    return needed


@pytest.fixture(scope="session")
def conformance(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Runs]:
    """The suite's results per configuration; skips (fails on CI) without Node 22 and the suite."""
    missing = harness.missing_tooling()
    if missing is not None:
        if os.environ.get("CI"):
            pytest.fail(f"conformance tooling missing on CI: {missing}")
        pytest.skip(missing)
    runs = Runs(tmp_path_factory.mktemp("conformance"), _needed(request.session))
    yield runs
    runs.pool.shutdown(wait=True)
