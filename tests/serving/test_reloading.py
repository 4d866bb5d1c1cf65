"""Reloading the policy of a running gateway: an atomic swap, and a bad policy that changes nothing."""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path

import pytest
import yaml

from tests.deadlines import eventually
from weir.audit import MemoryAudit
from weir.audit.event import Phase
from weir.config import load_config
from weir.guard import Guard
from weir.serving.reloading import PolicyReloader


def _write(path: Path, effect: str, *, when: str = "tool.name == 'send_email'", **more: object) -> None:
    rules = [{"name": "mail-rule", "effect": effect, "when": when, "reason": f"mail is {effect}"}]
    config = {"servers": {"mail": {"trust": "trusted"}}, "policy": {"packs": [], "rules": rules}, **more}
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    stamp = path.stat().st_mtime_ns + 1_000_000_000  # a distinct mtime even on coarse clocks
    os.utime(path, ns=(stamp, stamp))


def _effect(guard: Guard) -> str:
    check = guard.before_call(guard.session("s"), "mail", "send_email", {"to": "a@b.c"})
    return str(check.decision.applied)


def _reloader(tmp_path: Path, effect: str = "block") -> tuple[Path, Guard, PolicyReloader, MemoryAudit, list[str]]:
    path = tmp_path / "weir.yaml"
    _write(path, effect)
    config = load_config(path)
    guard = Guard(config)
    audit, outcomes = MemoryAudit(), []
    return path, guard, PolicyReloader(path, guard, config, audit=audit, on_outcome=outcomes.append), audit, outcomes


def test_a_changed_policy_is_swapped_in_and_audited(tmp_path: Path) -> None:
    path, guard, reloader, audit, outcomes = _reloader(tmp_path)
    assert _effect(guard) == "block"
    assert not reloader.changed()
    _write(path, "warn")
    assert reloader.changed()
    assert reloader.reload("test") is True
    assert _effect(guard) == "warn"
    assert outcomes == ["ok"]
    [event] = audit.events
    assert event.phase is Phase.OPERATOR
    assert event.details is not None
    assert (event.details["action"], event.details["trigger"], event.details["rules"]) == ("policy-reload", "test", 1)
    assert not reloader.changed()


def test_a_policy_that_does_not_compile_leaves_the_old_one_in_force_and_says_why(tmp_path: Path) -> None:
    path, guard, reloader, audit, outcomes = _reloader(tmp_path)
    _write(path, "warn", when="tool.name == ")
    assert reloader.reload("test") is False
    assert _effect(guard) == "block"
    assert outcomes == ["error"]
    assert audit.events == []
    assert reloader.error is not None
    assert f"{path}:" in reloader.error  # with its file, line and column
    assert "the last reload FAILED and was not applied" in reloader.status()
    assert not reloader.changed()  # this version of the file is tried once, not every second
    _write(path, "allow")
    assert reloader.reload("fixed") is True
    assert reloader.error is None
    assert _effect(guard) == "allow"


def test_a_change_to_the_policy_file_it_names_is_noticed(tmp_path: Path) -> None:
    policy = tmp_path / "policy.yaml"
    policy.write_text("rules:\n  - {name: p, effect: block, when: \"tool.name == 'send_email'\", reason: r}\n")
    path = tmp_path / "weir.yaml"
    path.write_text(yaml.safe_dump({"policy": {"packs": [], "file": "policy.yaml"}}), encoding="utf-8")
    config = load_config(path)
    guard = Guard(config)
    reloader = PolicyReloader(path, guard, config)
    assert _effect(guard) == "block"
    policy.write_text("rules:\n  - {name: p, effect: warn, when: \"tool.name == 'send_email'\", reason: r}\n")
    stamp = policy.stat().st_mtime_ns + 1_000_000_000
    os.utime(policy, ns=(stamp, stamp))
    assert reloader.changed()
    assert reloader.reload("file changed")
    assert _effect(guard) == "warn"


def test_a_change_outside_the_policy_is_reported_as_needing_a_restart(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path, _, reloader, _, _ = _reloader(tmp_path)
    _write(path, "block", gateway={"call_timeout_s": 5})
    logger = logging.getLogger("weir.gateway")
    logger.addHandler(caplog.handler)  # directly: Weir's own log handler may stop records at "weir"
    try:
        with caplog.at_level(logging.WARNING, logger="weir.gateway"):
            assert reloader.reload("test")
    finally:
        logger.removeHandler(caplog.handler)
    assert "changed outside `policy:`; those changes need a restart" in caplog.text


@pytest.mark.anyio
async def test_watching_picks_up_a_change_on_its_own(tmp_path: Path) -> None:
    path, guard, reloader, _, outcomes = _reloader(tmp_path)
    watcher = asyncio.create_task(reloader.watch(0.02))
    try:
        _write(path, "allow")
        await eventually(lambda: outcomes)
    finally:
        watcher.cancel()
    assert outcomes == ["ok"]
    assert _effect(guard) == "allow"
