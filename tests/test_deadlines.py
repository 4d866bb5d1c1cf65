"""The suite's own rule: a deadline in a test is a hang guard of at least a minute, never a speed check.

Every ``anyio.fail_after`` / ``move_on_after`` / ``asyncio.wait_for`` / ``asyncio.timeout`` in
tests/ takes :func:`tests.deadlines.hang_guard` (or a literal of 60 s or more), no test
compares a duration it measured (``time.monotonic() - start < …``), and no test waits with a count
of sleeps (``for _ in range(100): … sleep(0.02)`` is a two-second deadline in disguise; a CPU hog
breaks it): it polls with :func:`tests.deadlines.eventually`.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
GUARDS = {"fail_after", "move_on_after", "wait_for", "timeout"}


def _short_literal(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, int | float) and node.value < 60


def _deadline(call: ast.Call) -> ast.expr | None:
    name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
    if name not in GUARDS:
        return None
    if name == "wait_for":
        return (
            call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "timeout"), None)
        )
    return call.args[0] if call.args else None


def _timed(node: ast.Compare) -> bool:
    """``<clock>() - x < y``: a measured duration compared."""
    left = node.left
    return (
        isinstance(left, ast.BinOp)
        and isinstance(left.op, ast.Sub)
        and isinstance(left.left, ast.Call)
        and isinstance(left.left.func, ast.Attribute)
        and left.left.func.attr in ("monotonic", "perf_counter", "time")
        and any(isinstance(op, ast.Lt | ast.LtE) for op in node.ops)
    )


def _counted_sleeps(node: ast.For | ast.AsyncFor) -> bool:
    """``for … in range(<literal>)`` whose body sleeps: a wait bounded by a count of sleeps."""
    it = node.iter
    counted = (
        isinstance(it, ast.Call)
        and getattr(it.func, "id", "") == "range"
        and all(isinstance(a, ast.Constant) for a in it.args)
    )
    sleeps = any(
        isinstance(n, ast.Call)
        and (n.func.attr if isinstance(n.func, ast.Attribute) else getattr(n.func, "id", "")) == "sleep"
        for n in ast.walk(ast.Module(body=node.body, type_ignores=[]))
    )
    return counted and sleeps


def test_no_test_has_a_short_deadline_or_times_itself() -> None:
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        if "node_modules" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            where = f"{path.relative_to(TESTS)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Call) and (deadline := _deadline(node)) is not None and _short_literal(deadline):
                found.append(f"{where}: a deadline under a minute (use tests.deadlines.hang_guard)")
            elif isinstance(node, ast.Compare) and _timed(node):
                found.append(f"{where}: a measured duration compared")
            elif isinstance(node, ast.For | ast.AsyncFor) and _counted_sleeps(node):
                found.append(f"{where}: a wait bounded by a count of sleeps (use tests.deadlines.eventually)")
    assert found == []


def test_the_rule_would_see_a_short_deadline() -> None:
    tree = ast.parse("with anyio.fail_after(10): pass\nassert time.monotonic() - t0 < 1.0\n")
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and _deadline(n) is not None]
    assert [_short_literal(_deadline(c)) for c in calls] == [True]  # type: ignore[arg-type]
    assert [_timed(n) for n in ast.walk(tree) if isinstance(n, ast.Compare)] == [True]


def test_the_rule_would_see_a_wait_bounded_by_a_count_of_sleeps() -> None:
    tree = ast.parse(
        "for _ in range(100):\n    if done: break\n    time.sleep(0.02)\n"
        "async def f():\n    for _ in range(5):\n        await asyncio.sleep(0.1)\n"
        "for item in range(3):\n    use(item)\n"
        "for _ in range(attempts):\n    time.sleep(1)\n"
    )
    loops = sorted((n for n in ast.walk(tree) if isinstance(n, ast.For | ast.AsyncFor)), key=lambda n: n.lineno)
    assert [_counted_sleeps(n) for n in loops] == [True, True, False, False]
