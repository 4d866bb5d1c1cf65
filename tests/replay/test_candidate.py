"""A candidate policy replaces the whole policy section and keeps the deployment's mode."""

from __future__ import annotations

from pathlib import Path

import pytest

from weir.config import WeirConfig
from weir.errors import ConfigError
from weir.labels.config import ServerConfig, Trust
from weir.policy.config import Mode, PolicyConfig
from weir.policy.decision import Verdict
from weir.replay import replay, with_policy
from weir.trace import read_trace


def test_a_policy_file_replaces_packs_rules_and_file_but_keeps_mode_and_servers(policy_file: Path) -> None:
    base = WeirConfig(
        servers={"mail": ServerConfig(trust=Trust.TRUSTED)},
        policy=PolicyConfig(packs=["strict"], rules=[{"name": "x", "effect": "block", "when": "true"}], mode=Mode.WARN),
    )
    swapped = with_policy(base, policy_file)
    assert swapped.policy == PolicyConfig(packs=[], rules=[], file=str(policy_file.resolve()), mode=Mode.WARN)
    assert swapped.servers == base.servers


def test_a_pack_name_is_a_candidate_too() -> None:
    assert with_policy(WeirConfig(), "observe").policy.packs == ["observe"]


def test_neither_a_file_nor_a_pack_is_a_config_error_naming_the_packs() -> None:
    with pytest.raises(ConfigError, match=r"'nope\.yaml' is neither a file nor a built-in pack \(baseline"):
        with_policy(WeirConfig(), "nope.yaml")


def test_replaying_with_a_candidate_changes_the_decisions(trace: Path, policy_file: Path) -> None:
    allow_all = policy_file.parent / "allow.yaml"
    allow_all.write_text("rules: []\n", encoding="utf-8")
    config = with_policy(WeirConfig(), policy_file)
    assert replay(read_trace(trace), config).calls()[0].effect is Verdict.BLOCK
    relaxed = with_policy(config, allow_all)
    assert {d.effect for d in replay(read_trace(trace), relaxed).decisions} == {Verdict.ALLOW}
