"""Print the conformance measurements: a table per scenario and the failures grouped by cause.

``python -m tests.conformance.report`` runs the five configurations side by side (as the tests
do) in a temporary folder; ``--from DIR`` reads a folder an earlier run left (a pytest run with
``WEIR_CONFORMANCE_KEEP=1`` prints it). Not a test: a tool for whoever works on the gateway's
fidelity.
"""

from __future__ import annotations

import sys
import tempfile
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tests.conformance import harness
from tests.conformance.conftest import BASELINE, CONFIGURATIONS
from tests.conformance.harness import Outcome
from tests.conformance.known import CLIENT_SCENARIOS, SERVER_SCENARIOS

COLUMNS = {
    "server": ["server-direct", "server-weir-http", "server-weir-stdio"],
    "client": ["client-direct", "client-weir"],
}


def load(work: Path) -> dict[str, dict[str, Outcome]]:
    """Each configuration's outcomes from ``work/<configuration>/results``."""
    found: dict[str, dict[str, Outcome]] = {}
    for name in CONFIGURATIONS:
        results = work / name / "results"
        if name.startswith("server"):
            found[name] = harness.read_outcomes(results, prefix="server-")
        else:
            found[name] = {s: harness.read_outcomes(results / s).get(s, Outcome(s, ())) for s in CLIENT_SCENARIOS}
    return found


def run(work: Path) -> dict[str, dict[str, Outcome]]:
    with ThreadPoolExecutor(max_workers=len(CONFIGURATIONS)) as pool:
        futures = {name: pool.submit(job, work / name) for name, job in CONFIGURATIONS.items()}
        return {name: future.result() for name, future in futures.items()}


def cell(outcomes: dict[str, dict[str, Outcome]], configuration: str, scenario: str) -> str:
    outcome = outcomes[configuration].get(scenario, Outcome(scenario, ()))
    direct = BASELINE.get(configuration)
    if direct is None:
        return "pass" if outcome.passed else "FAIL"
    baseline = outcomes[direct].get(scenario, Outcome(scenario, ()))
    return "pass" if harness.shortfall(baseline, outcome) is None else "FAIL"


def table(outcomes: dict[str, dict[str, Outcome]]) -> list[str]:
    lines = []
    for mode, scenarios in (("server", SERVER_SCENARIOS), ("client", CLIENT_SCENARIOS)):
        columns = COLUMNS[mode]
        lines += ["", f"| {mode} scenario | " + " | ".join(columns) + " |", "|---" * (len(columns) + 1) + "|"]
        lines += [f"| {s} | " + " | ".join(cell(outcomes, c, s) for c in columns) + " |" for s in scenarios]
        totals = [sum(cell(outcomes, c, s) == "pass" for s in scenarios) for c in columns]
        lines.append("| **passed** | " + " | ".join(f"{t}/{len(scenarios)}" for t in totals) + " |")
    return lines


def causes(outcomes: dict[str, dict[str, Outcome]]) -> list[str]:
    """Each shortfall through Weir, grouped by its message."""
    grouped: dict[str, list[str]] = defaultdict(list)
    for configuration, direct in BASELINE.items():
        for scenario, outcome in outcomes[configuration].items():
            problem = harness.shortfall(outcomes[direct].get(scenario, Outcome(scenario, ())), outcome)
            if problem:
                grouped[problem].append(f"{configuration}:{scenario}")
    lines = ["", "Failures through Weir, by message:"]
    for problem, where in sorted(grouped.items(), key=lambda kv: -len(kv[1])):
        lines += [f"- {problem}", *(f"    {w}" for w in where)]
    return lines


def main(argv: list[str]) -> None:
    if len(argv) == 2 and argv[0] == "--from":
        outcomes = load(Path(argv[1]))
    else:
        outcomes = run(Path(tempfile.mkdtemp(prefix="weir-conformance-")))
    print("\n".join(table(outcomes) + causes(outcomes)))


if __name__ == "__main__":
    main(sys.argv[1:])
