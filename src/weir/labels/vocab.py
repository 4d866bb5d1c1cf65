"""The canonical vocabulary: every enum any dialect maps onto, and the one sensitivity scale.

Canonical spellings are the lower-case forms of SEP-1913 / action-metadata. Dialect readers
translate their own spellings (SEP-2061's ``"UntrustedPublic"``, seed 000's
``"confidential"``, issue 711's ``"high"``) into these.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import TypeVar

__all__ = [
    "DataClass",
    "Destination",
    "Dialect",
    "Level",
    "Outcome",
    "SideEffect",
    "Source",
    "class_level",
    "worst",
]


class Dialect(StrEnum):
    """Where a fact came from: a wire vocabulary, a deployer override, or Weir itself."""

    MCP_CORE = "mcp-core"
    """`Tool.annotations` hints of the MCP specification (readOnlyHint, ...)."""
    SEP1984 = "sep-1984"
    """The six tri-state hints of SEP-1984 (aiProcessingHint, ...), in `Tool.annotations`."""
    MCP_DEV = "mcp.dev"
    """Seed 000's `mcp.dev/*` keys in `Tool._meta`."""
    SEP2061 = "sep-2061"
    """Capitalised InputMetadata / ReturnMetadata of SEP-2061."""
    SEP1913 = "sep-1913"
    """Lower-case inputMetadata / returnMetadata and trust hints of SEP-1913."""
    ISSUE711 = "issue-711"
    """Result and request `_meta.annotations` of issue 711 (privateHint, sensitiveHint, ...)."""
    TRUST_EXT = "trust-annotations"
    """The `io.modelcontextprotocol/trust-annotations` extension (result `_meta`)."""
    ACTION_EXT = "action-metadata"
    """The `io.modelcontextprotocol/action-metadata` extension."""
    RESOLUTION_EXT = "tool-resolution"
    """The `io.modelcontextprotocol/tool-resolution` extension (`tools/resolve`)."""
    WEIR = "weir"
    """Weir's own keys under its `_meta` prefix (a server built with `weir.server`)."""
    OVERRIDE = "override"
    """A deployer override from `weir.yaml`; wins over every server claim."""
    DETECTOR = "detector"
    """A finding of one of Weir's detectors."""
    POLICY = "policy"
    """Set by Weir itself (e.g. a server's trust setting, the spec's defaults)."""


class SideEffect(StrEnum):
    """Seed 000's primary side effect of a tool."""

    READ = "read"
    WRITE = "write"
    DELETE = "delete"
    EXTERNAL = "external"


class Destination(StrEnum):
    """Where a tool's input data may be stored or transmitted (SEP-2061 / SEP-1913)."""

    EPHEMERAL = "ephemeral"
    SYSTEM = "system"
    USER = "user"
    INTERNAL = "internal"
    PUBLIC = "public"


class Outcome(StrEnum):
    """Real-world impact of invoking a tool."""

    BENIGN = "benign"
    CONSEQUENTIAL = "consequential"
    IRREVERSIBLE = "irreversible"


class Source(StrEnum):
    """Origin of a tool's returned data."""

    UNTRUSTED_PUBLIC = "untrustedPublic"
    TRUSTED_PUBLIC = "trustedPublic"
    INTERNAL = "internal"
    USER = "user"
    SYSTEM = "system"


class DataClass(StrEnum):
    """Categorical sensitivity classes. ``regulated`` carries scopes alongside."""

    NONE = "none"
    USER = "user"
    PII = "pii"
    FINANCIAL = "financial"
    CREDENTIALS = "credentials"
    REGULATED = "regulated"


class Level(IntEnum):
    """The one ordinal sensitivity scale every dialect maps onto (docs/labels.md, "The sensitivity scale")."""

    NONE = 0
    """none / public"""
    LOW = 1
    """user, internal, sensitiveHint low"""
    MEDIUM = 2
    """pii, financial, confidential, sensitiveHint medium, sensitiveDataHint, `sensitive`"""
    HIGH = 3
    """credentials, regulated, restricted, sensitiveHint high"""


_CLASS_LEVEL = {
    DataClass.NONE: Level.NONE,
    DataClass.USER: Level.LOW,
    DataClass.PII: Level.MEDIUM,
    DataClass.FINANCIAL: Level.MEDIUM,
    DataClass.CREDENTIALS: Level.HIGH,
    DataClass.REGULATED: Level.HIGH,
}

# Risk order of each possible-set enum, safest first. Until `tools/resolve` narrows a possible
# set, policy reasons about its worst member.
_RISK: dict[type[StrEnum], tuple[StrEnum, ...]] = {
    Destination: (
        Destination.EPHEMERAL,
        Destination.SYSTEM,
        Destination.USER,
        Destination.INTERNAL,
        Destination.PUBLIC,
    ),
    Outcome: (Outcome.BENIGN, Outcome.CONSEQUENTIAL, Outcome.IRREVERSIBLE),
    Source: (Source.SYSTEM, Source.USER, Source.INTERNAL, Source.TRUSTED_PUBLIC, Source.UNTRUSTED_PUBLIC),
    SideEffect: (SideEffect.READ, SideEffect.WRITE, SideEffect.EXTERNAL, SideEffect.DELETE),
    # Credentials last: a secret leaking is the outcome policies guard hardest against.
    DataClass: (
        DataClass.NONE,
        DataClass.USER,
        DataClass.FINANCIAL,
        DataClass.PII,
        DataClass.REGULATED,
        DataClass.CREDENTIALS,
    ),
}


def class_level(data_class: DataClass) -> Level:
    """The ordinal level a categorical class implies."""
    return _CLASS_LEVEL[data_class]


_E = TypeVar("_E", bound=StrEnum)


def worst(values: frozenset[_E] | set[_E]) -> _E | None:
    """The riskiest member of a possible set, or None for an empty set (no claim)."""
    if not values:
        return None
    order = _RISK[type(next(iter(values)))]
    return max(values, key=order.index)
