"""`weir config check` on the ``auth:`` section: each problem named and located."""

from __future__ import annotations

from pathlib import Path

import pytest

from weir.configcheck import check_config

GOOD = """\
servers:
  ledger: {url: "https://ledger.internal/mcp"}
  files: {command: [python, -m, weir.demo_servers.files]}
auth:
  resource_server:
    issuer: https://login.example.com
    resource: https://weir.example.com/mcp
    scopes: [mcp]
    groups_claim: groups
  upstreams:
    ledger:
      oauth:
        token_url: https://login.example.com/token
        client_id: weir-gateway
        client_secret_env: WEIR_TEST_CHECK_SECRET
        resource: https://ledger.internal/mcp
"""


def _check(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "weir.yaml"
    path.write_text(text, encoding="utf-8")
    return [str(p) for p in check_config(path).problems if p.severity == "error"]


def test_a_good_auth_section_passes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WEIR_TEST_CHECK_SECRET", "s3cret-value-for-the-check")
    assert _check(tmp_path, GOOD) == []


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            ("client_secret_env: WEIR_TEST_CHECK_SECRET", "client_secret_env: WEIR_TEST_UNSET_9"),
            "WEIR_TEST_UNSET_9 is not set",
        ),
        (("issuer: https://login.example.com", "issuer: http://login.example.com"), "must use https beyond loopback"),
        (("resource: https://weir.example.com/mcp", "resource: weir.example.com"), "absolute http(s) URL"),
        (("groups_claim: groups", "groups_clam: groups"), "unknown key"),
        (("    ledger:\n      oauth:", "    files:\n      oauth:"), "only an HTTP server"),
        (("    ledger:\n      oauth:", "    nobody:\n      oauth:"), "no server `nobody` is configured"),
        (
            (
                "        client_id: weir-gateway\n",
                "        client_id: weir-gateway\n        client_secret_file: s.txt\n",
            ),
            "exactly one of",
        ),
    ],
)
def test_each_problem_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: tuple[str, str], expected: str
) -> None:
    monkeypatch.setenv("WEIR_TEST_CHECK_SECRET", "s3cret-value-for-the-check")
    old, new = change
    assert old in GOOD
    problems = _check(tmp_path, GOOD.replace(old, new, 1))
    assert any(expected in p for p in problems), problems
    assert all(str(tmp_path / "weir.yaml") in p for p in problems)
