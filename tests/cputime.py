"""``--cpu-durations=N``: the N test phases that cost the most CPU, beside pytest's ``--durations``.

Wall time on a shared two-core machine says how busy the machine was; CPU time says what a test
costs. Each phase of a test (setup, call, teardown) is charged the CPU of the pytest process plus
that of the child processes it waited for meanwhile (``os.times()``): a gateway subprocess and the
demo servers it waited for are in there. A process still running when a phase ends is charged to
the phase that waits for it — a module-scoped gateway shows up in the teardown of its module's
last test. Under pytest-xdist each worker measures its own tests and sends the figure with the
report (``user_properties``), so the table covers every worker. The CPU of a worker's own start
and collection is in no test; the summary says how much CPU the tests took in all.
"""

from __future__ import annotations

import os
from collections.abc import Generator

import pytest

__all__ = ["CpuDurations", "addoption"]

_KEY = "cpu_s"


def _cpu() -> float:
    """CPU seconds of this process and of its children that have been waited for."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def addoption(parser: pytest.Parser) -> None:
    """Register ``--cpu-durations`` (called by tests/conftest.py's ``pytest_addoption``)."""
    parser.getgroup("terminal reporting").addoption(
        "--cpu-durations",
        type=int,
        default=None,
        metavar="N",
        help="show the N test phases that used the most CPU (the process and its waited-for children)",
    )


class CpuDurations:
    """Measures each phase in the process that runs it; reports in the process that prints."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.mark = 0.0
        self.rows: list[tuple[float, str, str]] = []

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> None:
        """Start the clock at the first phase of a test."""
        self.mark = _cpu()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self) -> Generator[None, pytest.TestReport, None]:
        """Charge the phase that just ended with the CPU used since the previous one ended."""
        outcome = yield
        now = _cpu()
        outcome.get_result().user_properties.append((_KEY, now - self.mark))
        self.mark = now

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Collect every phase's figure (under xdist: the controller, from every worker)."""
        cpu = dict(report.user_properties).get(_KEY)
        if isinstance(cpu, float):
            self.rows.append((cpu, report.when or "", report.nodeid))

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        """Print the most expensive phases and what share of all the tests' CPU they are."""
        rows = sorted(self.rows, reverse=True)
        total = sum(cpu for cpu, _, _ in rows)
        shown = rows[: self.count] if self.count > 0 else rows
        terminalreporter.write_sep("=", f"most CPU: {len(shown)} test phases (all tests: {total:.1f} s CPU)")
        for cpu, when, nodeid in shown:
            terminalreporter.write_line(f"{cpu:7.2f}s cpu {when:<8} {nodeid}")
        if total:
            terminalreporter.write_line(f"(these rows: {sum(cpu for cpu, _, _ in shown) / total:.0%} of it)")
