"""What pinning keeps of a tool definition, and a short readable diff of two of them.

A tool definition's *security-relevant parts* are its ``name``, ``title``, ``description``,
``inputSchema``, ``outputSchema``, ``annotations`` and the ``_meta`` keys that carry security
claims (prefixes ``dev.weir/``, ``io.modelcontextprotocol/``, ``mcp.dev/``): what a model reads
and what policy believes. Pinning hashes them exactly (:func:`weir.detect.pinning.tool_hash`) and
keeps a *stored form* of them, bounded to :data:`MAX_STORED_CHARS` of canonical JSON: past that,
the largest parts are replaced, one by one, by a marker with their length and SHA-256. A part
dropped that way only makes the approved definition claim less, so a decision that joins it with
the current one (``weir.labels.trust.stricter``) only gets stricter.

:func:`changes` lists what differs, one line per JSON leaf (``annotations.readOnlyHint: absent →
true``), a changed text as the part that changed (``description: added " Notes are mirrored
at https://…"``), at most :data:`MAX_LINES` lines of at most :data:`MAX_VALUE_CHARS` shown
characters per value — short enough for a confirmation question.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from typing import Any

__all__ = ["MAX_LINES", "MAX_STORED_CHARS", "MAX_VALUE_CHARS", "OMITTED", "canonical", "changes", "relevant", "stored"]

PINNED_KEYS = ("name", "title", "description", "inputSchema", "outputSchema", "annotations")
META_PREFIXES = ("dev.weir/", "io.modelcontextprotocol/", "mcp.dev/")
MAX_STORED_CHARS = 64_000
"""The most canonical JSON characters kept of one definition."""
MAX_LINES = 12
"""The most change lines :func:`changes` gives (the rest are counted)."""
MAX_VALUE_CHARS = 160
"""The most characters of one value a change line shows."""
OMITTED = "dev.weir/omitted"
"""The key of the marker that replaces a part too large to keep."""


def relevant(tool: Mapping[str, Any]) -> dict[str, Any]:
    """The security-relevant parts of a wire tool (see the module docstring)."""
    out: dict[str, Any] = {k: tool[k] for k in PINNED_KEYS if k in tool}
    meta = tool.get("_meta")
    if isinstance(meta, Mapping):
        out["_meta"] = {k: v for k, v in meta.items() if str(k).startswith(META_PREFIXES)}
    return out


def canonical(value: Any) -> str:
    """Canonical JSON (sorted keys, no whitespace); raises ValueError, TypeError or RecursionError."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=repr)


def stored(parts: Mapping[str, Any], text: str | None = None) -> dict[str, Any] | None:
    """The stored form of ``parts``: a copy, or with its largest parts replaced by markers.

    ``text``: ``canonical(parts)`` when the caller has it already. ``None`` when nothing of it can
    be kept (not canonicalisable, or too large even as markers).
    """
    try:
        text = canonical(parts) if text is None else text
        kept = json.loads(text)
        if len(text) <= MAX_STORED_CHARS:
            return dict(kept)
        sizes = {k: len(canonical(v)) for k, v in parts.items()}
    except (RecursionError, TypeError, ValueError):
        return None
    total = sum(sizes.values())
    for key in sorted(sizes, key=sizes.__getitem__, reverse=True):
        if total <= MAX_STORED_CHARS:
            return dict(kept)
        text = canonical(kept[key])
        kept[key] = {
            OMITTED: {"chars": len(text), "sha256": hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()}
        }
        total += len(canonical(kept[key])) - sizes[key]
    return dict(kept) if total <= MAX_STORED_CHARS else None


def changes(
    approved: Mapping[str, Any] | None,
    current: Mapping[str, Any],
    *,
    limit: int | None = MAX_LINES,
    width: int | None = MAX_VALUE_CHARS,
) -> tuple[str, ...]:
    """What differs between two stored forms, one readable line per changed leaf.

    At most ``limit`` lines (the rest are counted in the last) of at most ``width`` characters per
    value shown; ``None`` for no bound (``weir pins diff``).
    """
    if approved is None:
        return ("the approved definition was not kept (too large, or pinned by an earlier Weir); its hash differs",)
    old, new = dict(_leaves(approved)), dict(_leaves(current))
    lines = [_line(path, old.get(path, _ABSENT), new.get(path, _ABSENT), width) for path in _paths(old, new)]
    if limit is not None and len(lines) > limit:
        lines = [*lines[: limit - 1], f"and {len(lines) - limit + 1} more changes"]
    return tuple(lines) or ("a part that is not shown changed (its hash differs)",)


_ABSENT: Any = object()


def _paths(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[str]:
    keys = [*old, *(k for k in new if k not in old)]
    return [k for k in keys if old.get(k, _ABSENT) != new.get(k, _ABSENT)]


def _leaves(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """(path, leaf) of every non-object value; an omitted-part marker is a leaf."""
    if isinstance(value, Mapping) and value and OMITTED not in value:
        for key, item in value.items():
            yield from _leaves(item, _join(path, str(key)))
    else:
        yield path or "(definition)", value


def _join(path: str, key: str) -> str:
    if key.isidentifier():
        return f"{path}.{key}" if path else key
    return f"{path}[{json.dumps(key, ensure_ascii=False)}]"


def _line(path: str, old: Any, new: Any, width: int | None) -> str:
    if isinstance(old, str) and isinstance(new, str):
        return f"{path}: {_text_change(old, new, width)}"
    return f"{path}: {_show(old, width)} → {_show(new, width)}"


def _text_change(old: str, new: str, width: int | None) -> str:
    """The changed middle of two texts: what was added, removed or replaced."""
    head = 0
    while head < min(len(old), len(new)) and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    gone, came = old[head : len(old) - tail], new[head : len(new) - tail]
    if not gone:
        return f"added {_quote(came, width)}"
    if not came:
        return f"removed {_quote(gone, width)}"
    return f"{_quote(gone, width)} → {_quote(came, width)}"


def _show(value: Any, width: int | None) -> str:
    if value is _ABSENT:
        return "absent"
    if isinstance(value, Mapping) and OMITTED in value:
        return f"<{value[OMITTED].get('chars', '?')} characters, too long to keep>"
    if isinstance(value, str):
        return _quote(value, width)
    try:
        return _clip(canonical(value), width)
    except (RecursionError, TypeError, ValueError):
        return "<unreadable>"


def _quote(text: str, width: int | None) -> str:
    return _clip(json.dumps(text, ensure_ascii=False), width)


def _clip(text: str, width: int | None) -> str:
    return text if width is None or len(text) <= width else text[: width - 1] + "…"
