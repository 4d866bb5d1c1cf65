"""SEP-2061 (Action Security Metadata): capitalised InputMetadata / ReturnMetadata.

The seed's examples keep the container keys lower-case (``inputMetadata``) and capitalise the
fields and values inside (``"Outcomes": "Irreversible"``, ``"Sensitivity": ["PII", "User"]``);
a capitalised container (``InputMetadata``) is read too. Reading is shared with SEP-1913 (see
:mod:`weir.labels.dialects._metadata`): the key's case decides which dialect a fact belongs to.
SEP-2061 has no regulatory scopes, so ``Regulated`` is written bare.
"""

from __future__ import annotations

from typing import Any

from weir.labels.dialects._metadata import write_metadata
from weir.labels.profile import ToolProfile

__all__ = ["FIELDS", "write"]

FIELDS = frozenset({"destinations", "input_classes", "outcomes", "return_sources", "return_classes"})
"""The canonical fields SEP-2061 can express."""


def write(profile: ToolProfile) -> dict[str, Any]:
    """The SEP-2061 form of ``profile``'s action metadata, for `Tool.annotations`."""
    return write_metadata(profile, capital=True)
