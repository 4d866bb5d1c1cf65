"""A catalog: the raw tools one MCP server lists, and the ways it can be written down.

Tools stay raw wire dicts on purpose. The SDK's typed models drop every ``annotations`` key
they do not know, and the keys they drop (SEP-1984, SEP-2061, SEP-1913) are exactly the ones
``weir lint`` and ``weir docs`` exist to read.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from weir.errors import WeirError

__all__ = ["Catalog", "CatalogError", "decode_json", "parse_catalog", "read_catalog_file"]


class CatalogError(WeirError):
    """A catalog that cannot be read: a missing file, bad JSON, or not a list of tools."""


@dataclass(frozen=True)
class Catalog:
    """The tools of one server, as raw ``Tool`` dicts in the order the server listed them."""

    tools: tuple[Mapping[str, Any], ...]
    """Every tool, exactly as it was on the wire (or in the file)."""
    source: str
    """Where the catalog came from: a path, ``stdio: CMD`` or a URL — for messages and reports."""
    server: str | None = None
    """The server's name when known (its ``serverInfo``), else a name derived from the source."""
    pages: int = 1
    """How many ``tools/list`` pages it took (1 for a file)."""
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Top-level keys of a ``tools/list`` result other than ``tools`` (``_meta``, ``nextCursor``...)."""
    extensions: frozenset[str] = frozenset()
    """The extensions a live server announced in its capabilities (empty for a file)."""
    unannounced_resolvers: frozenset[str] = frozenset()
    """Tools of a live server that answer ``tools/resolve`` without declaring that they do
    (found by asking each undeclared tool once; empty for a file)."""

    def names(self) -> list[str]:
        """Tool names in listing order (a tool without a string name shows as ``<unnamed>``)."""
        return [n if isinstance(n := t.get("name"), str) else "<unnamed>" for t in self.tools]


def parse_catalog(data: Any, *, source: str, server: str | None = None) -> Catalog:
    """A catalog from decoded JSON: ``{"tools": [...]}``, a bare list, or a saved JSON-RPC response.

    Raises :class:`CatalogError` naming the offending entry when the shape is wrong; the
    contents of each tool are left for ``weir lint`` to judge.
    """
    extra: dict[str, Any] = {}
    if isinstance(data, Mapping) and "result" in data and "jsonrpc" in data:
        data = data["result"]  # a response saved from the wire, e.g. with curl
    if isinstance(data, Mapping):
        if "tools" not in data:
            raise CatalogError(f"{source}: expected an object with a `tools` list or a bare list of tools")
        extra = {k: v for k, v in data.items() if k != "tools"}
        data = data["tools"]
    if not isinstance(data, Sequence) or isinstance(data, str | bytes):
        raise CatalogError(f"{source}: `tools` must be a list, not {_kind(data)}")
    for i, tool in enumerate(data):
        if not isinstance(tool, Mapping):
            raise CatalogError(f"{source}: tools[{i}] must be an object, not {_kind(tool)}")
    return Catalog(tools=tuple(data), source=source, server=server, extra=extra)


def read_catalog_file(path: str | Path) -> Catalog:
    """Read a catalog from a JSON file (``-`` reads standard input)."""
    if str(path) == "-":
        text, source, server = sys.stdin.read(), "<stdin>", None
    else:
        p = Path(path)
        try:
            text = p.read_text(encoding="utf-8")
        except OSError as exc:
            raise CatalogError(f"cannot read catalog {p}: {exc.strerror or exc}") from exc
        except UnicodeDecodeError as exc:
            raise CatalogError(f"{p}: not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
        source, server = str(p), p.stem
    return parse_catalog(decode_json(text, source=source), source=source, server=server)


def decode_json(text: str, *, source: str) -> Any:
    """Decode a JSON document; every way it can fail is a :class:`CatalogError` naming ``source``.

    A leading byte-order mark (common in files saved on Windows) is skipped. Nesting deeper than
    the interpreter's recursion limit is refused with a message rather than a traceback: a hostile
    catalog must not crash the CI check that reads it.
    """
    try:
        return json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as exc:
        raise CatalogError(f"{source}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from exc
    except RecursionError as exc:
        limit = sys.getrecursionlimit()
        raise CatalogError(f"{source}: JSON nested too deeply to read (the limit is about {limit} levels)") from exc


def _kind(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean", type(None): "null"}
    for typ, name in names.items():
        if isinstance(value, typ):
            return name
    return "a number" if isinstance(value, int | float) else type(value).__name__
