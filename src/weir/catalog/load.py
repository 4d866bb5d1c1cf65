"""One entry point for the three ways a command names a catalog: a file, ``--server`` or ``--url``."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from weir.catalog.model import Catalog, CatalogError, read_catalog_file

__all__ = ["load_catalog", "load_catalogs"]


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
    if server or url:
        # Imported here: the MCP SDK is slow to import, and a file needs none of it.
        import anyio

        from weir.catalog.remote import fetch_stdio, fetch_url

        if server:
            return anyio.run(lambda: fetch_stdio(server, timeout=timeout))
        assert url is not None
        return anyio.run(lambda: fetch_url(url, timeout=timeout))
    assert path is not None
    return read_catalog_file(path)


def load_catalogs(
    paths: Sequence[str | Path] = (),
    *,
    servers: Sequence[str] = (),
    urls: Sequence[str] = (),
    timeout: float = 30.0,
) -> list[Catalog]:
    """Load every catalog named: files first, then servers, then URLs (the command-line order of kinds)."""
    if not (paths or servers or urls):
        raise CatalogError("nothing to read: give a CATALOG file, --server CMD or --url URL")
    out = [load_catalog(p, timeout=timeout) for p in paths]
    out += [load_catalog(server=s, timeout=timeout) for s in servers]
    out += [load_catalog(url=u, timeout=timeout) for u in urls]
    return out
