"""Hypothesis strategies shared by the labels tests: profiles, labels, and arbitrary JSON."""

from typing import Any

from hypothesis import strategies as st

from weir.labels import DataClass, DataLabel, Destination, Level, Outcome, SideEffect, Source, ToolProfile
from weir.labels.evidenceref import EvidenceRef

evidence_refs = st.one_of(
    st.builds(EvidenceRef, ref=st.sampled_from(["scan-1", "scan-2"])),
    st.builds(
        EvidenceRef,
        type=st.sampled_from(["data-class.v1", "policy-decision", "sequence"]),
        digest=st.sampled_from(["sha256:" + "ab" * 32, "sha512:" + "0f" * 64]),
        canonicalization=st.sampled_from(["jcs/rfc8785", "cbor/rfc8949"]),
        schema_uri=st.none() | st.just("https://example/data-class.v1.json"),
        ref=st.none() | st.just("audit://1"),
    ),
)
"""Evidence references in the older string form (``ref`` only) and in the object form."""

tri = st.none() | st.booleans()
scopes = st.frozensets(st.sampled_from(["GDPR", "HIPAA", "PCI-DSS", "SOX"]), max_size=2)
classes = st.frozensets(st.sampled_from(list(DataClass)), max_size=3)


_names = st.sampled_from(["send_email", "read_file", "t"])
_titles = st.none() | st.sampled_from(["Send", "Read a file"])
_effects = st.frozensets(st.sampled_from(list(SideEffect)))
_levels = st.none() | st.sampled_from(list(Level))
_destinations = st.frozensets(st.sampled_from(list(Destination)))
_outcomes = st.frozensets(st.sampled_from(list(Outcome)))
_sources = st.frozensets(st.sampled_from(list(Source)))
_attribution = st.frozensets(st.sampled_from(["mcp://a/x", "https://b/y"]), max_size=2)
# Built once, not per draw: a strategy made inside the composite is built and validated again
# for every example: that was most of the CPU of the tests that draw it (test_trust: 5.6 s -> 2.3 s).


@st.composite
def profiles(draw: st.DrawFn) -> ToolProfile:
    """Any tool profile (claims only; origins are the reader's business)."""
    return ToolProfile(
        name=draw(_names),
        title=draw(_titles),
        read_only=draw(tri),
        destructive=draw(tri),
        idempotent=draw(tri),
        open_world=draw(tri),
        ai_processing=draw(tri),
        slow_execution=draw(tri),
        resource_intensive=draw(tri),
        sensitive_data=draw(tri),
        privileged_access=draw(tri),
        reversible=draw(tri),
        effects=draw(_effects),
        requires_confirmation=draw(tri),
        result_level=draw(_levels),
        destinations=draw(_destinations),
        input_classes=draw(classes),
        input_scopes=draw(scopes),
        outcomes=draw(_outcomes),
        return_sources=draw(_sources),
        return_classes=draw(classes),
        return_scopes=draw(scopes),
        malicious=draw(tri),
        attribution=draw(_attribution),
        resolvable=draw(st.booleans()),
    )


labels = st.builds(
    DataLabel,
    untrusted=st.booleans(),
    private=st.booleans(),
    level=st.sampled_from(list(Level)),
    classes=st.frozensets(st.sampled_from([c for c in DataClass if c is not DataClass.NONE]), max_size=3),
    scopes=scopes,
    malicious=st.booleans(),
    attribution=st.frozensets(st.sampled_from(["mcp://a/x", "https://b/y", "urn:c"]), max_size=2),
    evidence=st.frozensets(evidence_refs, max_size=2),
)

json_values: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(["Irreversible", "pii", "PII", "untrustedPublic", "high", "delete", "regulated", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
"""Any JSON value, biased towards vocabulary words so readers see near-misses too."""
