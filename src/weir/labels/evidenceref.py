"""The ``evidenceRef`` value: a pointer to an out-of-band record, with a digest to re-derive.

The trust-annotations extension keeps the wire small: a result says ``sensitive`` /
``untrusted``, and anything richer is a record kept out of band that ``evidenceRef`` points at::

    {"type": "data-class.v1", "digest": "sha256:…", "canonicalization": "jcs/rfc8785",
     "schema": "https://…", "ref": "audit://…"}

``type`` is an open string (``data-class.v1``, ``policy-decision``, ``sequence``,
``ifc.fides.v1``, …); ``digest`` and ``canonicalization`` are required so that anyone holding the
record can re-derive the digest; ``schema`` is recommended and ``ref`` optional. The older form,
a bare string, is read as ``ref`` alone. :mod:`weir.labels.evidence` re-derives digests.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from weir.labels.base import WeirModel

__all__ = ["DATA_CLASS_V1", "DIGEST_LENGTHS", "POLICY_DECISION", "Canonicalization", "EvidenceRef"]

DATA_CLASS_V1 = "data-class.v1"
"""The ``type`` of a data classification record (``{"class", "regulatory", "labels", "policyRef"}``)."""
POLICY_DECISION = "policy-decision"
"""The ``type`` of a policy decision record."""
DIGEST_LENGTHS = {"sha256": 64, "sha384": 96, "sha512": 128}
"""The digest algorithms Weir reads and re-derives, with their length in hex digits."""


class Canonicalization(StrEnum):
    """How a record is turned into the bytes its digest is taken of."""

    JCS = "jcs/rfc8785"
    """JSON Canonicalization Scheme (RFC 8785)."""
    CBOR = "cbor/rfc8949"
    """Deterministically encoded CBOR (RFC 8949 §4.2.1)."""


class EvidenceRef(WeirModel):
    """One ``evidenceRef``.

    Fields a server wrote malformed are left unset (each is reported as a diagnostic where it was
    read); a reference read from the older string form has only ``ref``.
    """

    type: str | None = None
    """Open string naming the record's class (``data-class.v1``, ``policy-decision``, ...)."""
    digest: str | None = None
    """``<algorithm>:<lower-case hex>`` of the canonical bytes of the record."""
    canonicalization: str | None = None
    """How the digest was computed (``jcs/rfc8785`` or ``cbor/rfc8949``; others kept, not re-derivable)."""
    schema_uri: str | None = Field(default=None, alias="schema")
    """Identifier / version of the record's schema."""
    ref: str | None = None
    """Locator of the record in the producer's audit or evidence stream."""

    def wire(self) -> dict[str, str] | str:
        """The object form (the fields that are set, under their wire names); a reference that is
        only a ``ref`` stays in the older string form, since the object form requires a digest."""
        if self.ref is not None and self.type is self.digest is self.canonicalization is self.schema_uri is None:
            return self.ref
        return self.model_dump(by_alias=True, exclude_none=True)

    def sort_key(self) -> tuple[str, ...]:
        """A total order over references (writers pick the first of a set deterministically)."""
        return tuple(v or "" for v in (self.type, self.digest, self.canonicalization, self.schema_uri, self.ref))
