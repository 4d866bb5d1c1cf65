"""SEP-1913 on tools: lower-case inputMetadata / returnMetadata, maliciousActivityHint, attribution.

In `tools/list` an array is a possible set and a scalar a resolved value; `tools/resolve`
narrows. This module also dispatches the metadata containers found in `Tool.annotations`,
attributing capitalised keys to SEP-2061.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from weir.labels.dialects._collect import Collector
from weir.labels.dialects._metadata import CONTAINERS, read_container, write_metadata
from weir.labels.dialects._values import Part, hint, read_strings
from weir.labels.profile import ToolProfile
from weir.labels.vocab import Dialect

__all__ = ["FIELDS", "KEYS", "read", "write"]

KEYS = frozenset({"maliciousActivityHint", "attribution", "inputMetadata", "returnMetadata"})
"""The `annotations` keys SEP-1913 adds (SEP-2061's capitalised containers are read as well)."""
FIELDS = frozenset(
    {
        "destinations",
        "input_classes",
        "input_scopes",
        "outcomes",
        "return_sources",
        "return_classes",
        "return_scopes",
        "malicious",
        "attribution",
    }
)
"""The canonical fields SEP-1913 can express on a tool."""


def read(
    c: Collector,
    slot: Mapping[str, Any],
    parts: tuple[Part, ...],
    dialect: Dialect = Dialect.SEP1913,
    capital: Dialect = Dialect.SEP2061,
) -> None:
    """Read the trust hints and every metadata container of one annotations object."""
    hint(c, dialect, "malicious", slot, "maliciousActivityHint", at=parts)
    if "attribution" in slot:
        read_strings(c, dialect, "attribution", slot["attribution"], (*parts, "attribution"))
    for key, value in slot.items():
        if isinstance(key, str) and key.lower() in CONTAINERS:
            read_container(c, key, value, (*parts, key), lower=dialect, capital=capital)


def write(profile: ToolProfile) -> dict[str, Any]:
    """The SEP-1913 keys of ``profile``, for `Tool.annotations`."""
    out: dict[str, Any] = {}
    if profile.malicious is not None:
        out["maliciousActivityHint"] = profile.malicious
    if profile.attribution:
        out["attribution"] = sorted(profile.attribution)
    out.update(write_metadata(profile, capital=False))
    return out
