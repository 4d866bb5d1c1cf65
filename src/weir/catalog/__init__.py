"""Catalogs: the raw ``tools/list`` of a server, from a JSON file, a stdio command or a URL."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from weir.catalog.load import load_catalog, load_catalogs
from weir.catalog.model import Catalog, CatalogError, decode_json, parse_catalog, read_catalog_file

if TYPE_CHECKING:
    from weir.catalog.remote import fetch_stdio, fetch_url

__all__ = [
    "Catalog",
    "CatalogError",
    "decode_json",
    "fetch_stdio",
    "fetch_url",
    "load_catalog",
    "load_catalogs",
    "parse_catalog",
    "read_catalog_file",
]


def __getattr__(name: str) -> Any:
    # The live sources import the MCP SDK, which takes a second or more to import: linting a file
    # in CI should not pay for it, so they load on first use.
    if name in ("fetch_stdio", "fetch_url"):
        from weir.catalog import remote

        return getattr(remote, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
