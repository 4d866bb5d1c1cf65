"""Naming a catalog: exactly one source per load, and every named source is loaded."""

from __future__ import annotations

import pytest

from tests.servers.launch import stdio_argv
from weir.catalog import CatalogError, load_catalog, load_catalogs
from weir.catalog.bundled import bundled_catalogs

MAIL = bundled_catalogs()["mail"]


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"path": MAIL, "url": "http://127.0.0.1:1/mcp"}, {"server": "x", "url": "http://127.0.0.1:1/mcp"}],
)
def test_exactly_one_source_must_be_named(kwargs: dict[str, object]) -> None:
    with pytest.raises(CatalogError, match="exactly one of CATALOG, --server or --url"):
        load_catalog(**kwargs)  # type: ignore[arg-type]


def test_nothing_to_read_is_an_error() -> None:
    with pytest.raises(CatalogError, match="nothing to read"):
        load_catalogs()


@pytest.mark.slow
def test_files_and_servers_load_in_order() -> None:
    import shlex

    loaded = load_catalogs([MAIL], servers=[shlex.join(stdio_argv(MAIL))])
    assert [c.source.split(":")[0] for c in loaded] == [str(MAIL).split(":")[0], "stdio"]
    assert loaded[0].names() == loaded[1].names()
