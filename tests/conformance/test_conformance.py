"""The official MCP conformance suite, directly and through Weir: one test id per scenario.

Server mode: the reference server directly, through ``weir gateway`` with it as an HTTP
upstream, and through Weir with it as a stdio upstream (via ``bridge.py``). Client mode: the
agent directly, and the agent behind Weir (Weir is the client the scenario's server sees).
A scenario that fails through Weir but passes directly is listed in ``known.WEIR_XFAIL``;
one that fails directly too is skipped with the direct failure.
"""

from __future__ import annotations

import pytest

from tests.conformance import harness
from tests.conformance.conftest import BASELINE, Runs
from tests.conformance.known import CLIENT_SCENARIOS, SERVER_SCENARIOS, SUITE_VERSION, WEIR_XFAIL

pytestmark = pytest.mark.slow


def _weir_params(configurations: list[str], scenarios: list[str]) -> list[object]:
    params = []
    for configuration in configurations:
        for scenario in scenarios:
            reason = WEIR_XFAIL.get((configuration, scenario))
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            params.append(pytest.param(configuration, scenario, marks=marks, id=f"{configuration}:{scenario}"))
    return params


def test_the_pinned_suite_lists_these_scenarios(conformance: Runs) -> None:
    """A new suite version must update known.py (and so this harness) deliberately."""
    listed = harness.listed_scenarios()
    assert listed["server"] == SERVER_SCENARIOS, f"suite {SUITE_VERSION} lists other server scenarios"
    # auth/* (OAuth flows) are not run: the gateway as an OAuth client is its own issue.
    assert [s for s in listed["client"] if not s.startswith("auth/")] == CLIENT_SCENARIOS


@pytest.mark.parametrize("configuration", ["server-direct"])
@pytest.mark.parametrize("scenario", SERVER_SCENARIOS)
def test_reference_server_directly(conformance: Runs, configuration: str, scenario: str) -> None:
    """The baseline: the reference server passes every scenario on its own."""
    outcome = conformance.outcome(configuration, scenario)
    assert outcome.passed, outcome.summary()


@pytest.mark.parametrize("configuration", ["client-direct"])
@pytest.mark.parametrize("scenario", CLIENT_SCENARIOS)
def test_agent_directly(conformance: Runs, configuration: str, scenario: str) -> None:
    """The client-mode baseline: the agent (the Python SDK client) on its own."""
    outcome = conformance.outcome(configuration, scenario)
    assert outcome.passed, outcome.summary()


@pytest.mark.parametrize(
    ("configuration", "scenario"),
    _weir_params(["server-weir-http", "server-weir-stdio"], SERVER_SCENARIOS)
    + _weir_params(["client-weir"], CLIENT_SCENARIOS),
)
def test_through_weir_as_well_as_directly(conformance: Runs, configuration: str, scenario: str) -> None:
    """Through Weir: no failed check, and every check that counted directly made again, as good."""
    direct = conformance.outcome(BASELINE[configuration], scenario)
    if not direct.passed:
        pytest.skip(f"fails directly too: {direct.summary()}")
    problem = harness.shortfall(direct, conformance.outcome(configuration, scenario))
    assert problem is None, problem
