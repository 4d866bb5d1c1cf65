"""The example servers over stdio, listed by the plain SDK client: every declared label survives.

This is issue #6's acceptance test for ``weir.server``: the SDK serialises ``annotations``
through its typed model and drops every key it does not know, so only the core hints reach
the wire there; the helpers' ``_meta`` copy must carry the rest, so that reading the raw
listing (what ``weir lint --server`` does) recovers each declaration exactly.
"""

from __future__ import annotations

import importlib
import json
import sys
from typing import Any

import anyio
import pytest
from typer.testing import CliRunner

from tests.examples.paths import EXAMPLES
from weir.catalog import fetch_stdio
from weir.cli.app import app
from weir.labels.read import read_tool
from weir.server import ServerLabels

SERVERS = ["file_server", "mail_server", "web_fetcher"]
_IGNORED = {"origins", "server", "resolved"}
CORE = {"title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}


def _declared(module: str) -> ServerLabels:
    labels = importlib.import_module(f"examples.{module}").labels
    assert isinstance(labels, ServerLabels)
    return labels


def _facts(profile: Any) -> dict[str, Any]:
    return {k: v for k, v in profile.model_dump().items() if k not in _IGNORED}


@pytest.mark.parametrize("module", SERVERS)
def test_every_declared_label_is_recovered_from_the_raw_listing_over_stdio(module: str) -> None:
    catalog = anyio.run(lambda: fetch_stdio([sys.executable, str(EXAMPLES / f"{module}.py")], timeout=60))
    declared = _declared(module)
    assert catalog.tools
    for tool in catalog.tools:
        labels = declared.labels(str(tool["name"]))
        assert labels is not None, tool["name"]
        want = _facts(labels.profile(str(tool["name"])))
        got = _facts(read_tool(tool).profile)
        assert got == want, tool["name"]
        # The SDK kept only core keys in `annotations`: the rest came from `_meta`.
        assert set(tool.get("annotations") or {}) <= {
            "title",
            "readOnlyHint",
            "destructiveHint",
            "idempotentHint",
            "openWorldHint",
        }


@pytest.mark.parametrize("module", SERVERS)
def test_weir_lint_server_finds_nothing_to_complain_about(module: str) -> None:
    command = f"{sys.executable} {EXAMPLES / module}.py"
    result = CliRunner().invoke(app, ["lint", "--server", command, "--fail-on", "info", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert [c["findings"] for c in report["catalogs"]] == [[]]
    assert report["summary"] == {"error": 0, "warning": 0, "info": 0, "failed": False}
