"""Live catalogs: a real MCP server over stdio and over streamable HTTP, raw JSON, every page, clear errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import anyio
import pytest

from tests.deadlines import hang_guard
from tests.ports import free_port
from tests.servers.launch import http_server, stdio_argv
from weir.catalog import Catalog, fetch_stdio, fetch_url, read_catalog_file
from weir.catalog.bundled import bundled_catalogs
from weir.errors import ProtocolError, UpstreamError

pytestmark = pytest.mark.slow

PLANTED = bundled_catalogs()["planted"]
FILES = bundled_catalogs()["files"]


@pytest.fixture
def named_planted(tmp_path: Path) -> Path:
    """The planted catalog without its nameless tool (which no valid tools/list can carry)."""
    tools = [t for t in read_catalog_file(PLANTED).tools if "name" in t]
    path = tmp_path / "planted-named.json"
    path.write_text(json.dumps({"tools": tools}), encoding="utf-8")
    return path


def _fetch_stdio(*argv: str, timeout: float | None = None) -> Catalog:
    """List a stdio server's tools; ``timeout`` only where it is under test, else a hang guard (the
    product's 30 s covers the server's start, which a loaded machine can take longer for)."""
    timeout = hang_guard() if timeout is None else timeout
    return anyio.run(lambda: fetch_stdio(list(argv), timeout=timeout))


def test_raw_annotations_written_by_the_server_survive_over_stdio(named_planted: Path) -> None:
    catalog = _fetch_stdio(*stdio_argv(named_planted, "--raw-annotations", "--page-size", "5"))
    expected = read_catalog_file(named_planted)
    assert [dict(t) for t in catalog.tools] == [dict(t) for t in expected.tools]


def test_every_page_is_fetched(named_planted: Path) -> None:
    catalog = _fetch_stdio(*stdio_argv(named_planted, "--page-size", "4"))
    n = len(read_catalog_file(named_planted).tools)
    assert len(catalog.tools) == n
    assert catalog.pages == -(-n // 4)
    assert catalog.server == "catalog-server"


def test_the_python_sdk_drops_unknown_annotation_keys_but_meta_survives() -> None:
    """What survives a server built on the SDK alone: why Weir servers mirror non-core keys into `_meta`."""
    catalog = _fetch_stdio(*stdio_argv(FILES))
    by_name = {t["name"]: t for t in catalog.tools}
    read_file = by_name["read_file"]
    assert read_file["annotations"] == {"readOnlyHint": True, "idempotentHint": True, "openWorldHint": False}
    assert read_file["_meta"]["io.modelcontextprotocol/action-metadata"]["returnMetadata"]["source"] == [
        "internal",
        "user",
    ]
    planted = {t["name"]: t for t in _fetch_stdio(*stdio_argv(PLANTED)).tools}
    assert "inputMetadata" not in planted["export_report"]["annotations"]


def test_a_server_that_crashes_is_an_upstream_error_quoting_its_stderr() -> None:
    with pytest.raises(UpstreamError, match=r"(?s)closed the connection.*crashing on purpose"):
        _fetch_stdio(*stdio_argv(FILES, "--crash"))


def test_a_command_that_does_not_exist_is_an_upstream_error(tmp_path: Path) -> None:
    with pytest.raises(UpstreamError, match="cannot start the server"):
        _fetch_stdio(str(tmp_path / "no-such-server"))


def test_a_server_that_never_answers_times_out() -> None:
    with pytest.raises(UpstreamError, match=r"no answer within 2s"):
        _fetch_stdio(*stdio_argv(FILES, "--hang"), timeout=2)


def test_an_empty_command_is_refused() -> None:
    with pytest.raises(UpstreamError, match="empty server command"):
        anyio.run(lambda: fetch_stdio("   "))


def test_raw_annotations_survive_over_streamable_http(named_planted: Path) -> None:
    with http_server(named_planted, "--raw-annotations", "--page-size", "10") as url:
        catalog = anyio.run(lambda: fetch_url(url, timeout=hang_guard()))
    assert catalog.source == url
    assert catalog.pages == 3
    assert json.dumps(list(catalog.tools), sort_keys=True) == json.dumps(
        list(read_catalog_file(named_planted).tools), sort_keys=True
    )


def test_a_listing_that_is_not_valid_mcp_is_a_protocol_error_naming_the_field() -> None:
    with pytest.raises(ProtocolError, match=r"tools/list page 1 is not valid MCP: tools\[\d+\]\.name: Field required"):
        _fetch_stdio(*stdio_argv(PLANTED, "--raw-annotations", "--page-size", "100"))


def test_a_refused_connection_is_an_upstream_error() -> None:
    url = f"http://127.0.0.1:{free_port()}/mcp"
    with pytest.raises(UpstreamError, match=re.escape("127.0.0.1")):
        anyio.run(lambda: fetch_url(url, timeout=10))


def test_a_url_that_is_not_http_is_refused() -> None:
    with pytest.raises(UpstreamError, match="not an http"):
        anyio.run(lambda: fetch_url("ftp://example.invalid/mcp"))


def test_protocol_errors_and_upstream_errors_share_the_weir_root() -> None:
    from weir.errors import WeirError

    assert issubclass(ProtocolError, WeirError)
    assert issubclass(UpstreamError, WeirError)
