"""weir.yaml as the edge reads it: every problem names its file, line and column (issue 20, hole 9)."""

from __future__ import annotations

from pathlib import Path

import pytest

from weir.config import load_config
from weir.errors import ConfigError, PolicyCompileError
from weir.policy.engine import Engine
from weir.yamltext import DuplicateKeyError, load

INLINE = """\
servers:
  mail: {command: [python, -m, weir.demo_servers.mail]}
policy:
  rules:
    - name: fine
      effect: warn
      when: tool.name == "x"
    - name: broken
      effect: block
      when: tool.name == && 1
"""


def test_a_key_given_twice_is_an_error_naming_both_lines(tmp_path: Path) -> None:
    path = tmp_path / "twice.yaml"
    path.write_text("policy:\n  packs: [baseline]\nservers: {}\npolicy:\n  mode: audit\n")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert f"{path}:4:1:" in str(caught.value)
    assert "key 'policy' appears twice (first at line 1)" in str(caught.value)


def test_a_key_given_twice_deeper_in_the_file_or_in_a_policy_file_is_an_error_too(tmp_path: Path) -> None:
    with pytest.raises(DuplicateKeyError):
        load("servers:\n  mail: {trust: trusted, trust: untrusted}\n")
    rules = tmp_path / "policy.yaml"
    rules.write_text("rules:\n  - name: a\n    effect: warn\n    when: 'true'\n    when: 'false'\n")
    config = tmp_path / "weir.yaml"
    config.write_text(f"policy:\n  file: {rules.name}\n")
    with pytest.raises(PolicyCompileError) as caught:
        Engine.from_config(load_config(config).policy, base_dir=tmp_path)
    assert f"{rules}:5:5" in str(caught.value)


def test_an_inline_rule_that_does_not_compile_names_its_own_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "bad3.yaml"
    path.write_text(INLINE)
    with pytest.raises(PolicyCompileError) as caught:
        load_config(path)
    message = str(caught.value)
    assert message.startswith(f"{path}:10:")
    assert "rule 'broken'" in message
    assert "weir.yaml" not in message
