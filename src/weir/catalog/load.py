"""One entry point for the three ways a command names a catalog: a file, ``--server`` or ``--url``."""

from __future__ import annotations

from pathlib import Path

import anyio

from weir.catalog.model import Catalog, CatalogError, read_catalog_file
from weir.catalog.remote import fetch_stdio, fetch_url

__all__ = ["load_catalog"]


def load_catalog(
    path: str | Path | None = None,
    *,
    server: str | None = None,
    url: str | None = None,
    timeout: float = 30.0,
) -> Catalog:
    """Load a catalog from exactly one of ``path``, ``server`` (a command) or ``url``.

    Blocking: starts an event loop for the two live sources, so call it from synchronous
    code (the CLI); async callers use :func:`~weir.catalog.fetch_stdio` / ``fetch_url``.
    """
    given = [name for name, value in (("CATALOG", path), ("--server", server), ("--url", url)) if value]
    if len(given) != 1:
        what = "none" if not given else " and ".join(given)
        raise CatalogError(f"give exactly one of CATALOG, --server or --url (got {what})")
    if server:
        return anyio.run(lambda: fetch_stdio(server, timeout=timeout))
    if url:
        return anyio.run(lambda: fetch_url(url, timeout=timeout))
    assert path is not None
    return read_catalog_file(path)
