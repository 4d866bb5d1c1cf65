"""Hypothesis strategies for data labels and session events."""

from hypothesis import strategies as st

from weir.labels.datalabel import DataLabel
from weir.labels.finding import Finding, FindingClass
from weir.labels.provenance import Origin
from weir.labels.vocab import DataClass, Dialect, Level

findings = st.builds(
    Finding,
    detector=st.sampled_from(["secrets", "injection", "pii"]),
    kind=st.sampled_from(["aws-key", "ignore-previous", "email"]),
    cls=st.sampled_from(list(FindingClass)),
)
origins = st.builds(Origin, dialect=st.sampled_from(list(Dialect)), path=st.sampled_from(["_meta.annotations.x", "y"]))

labels = st.builds(
    DataLabel,
    untrusted=st.booleans(),
    private=st.booleans(),
    level=st.sampled_from(list(Level)),
    classes=st.frozensets(st.sampled_from([c for c in DataClass if c is not DataClass.NONE]), max_size=3),
    scopes=st.frozensets(st.sampled_from(["GDPR", "HIPAA", "SOX"]), max_size=2),
    malicious=st.booleans(),
    findings=st.frozensets(findings, max_size=2),
    attribution=st.frozensets(st.sampled_from(["https://a.example", "urn:org:acme:hr"]), max_size=2),
    origins=st.dictionaries(
        st.sampled_from(["untrusted", "level", "classes"]), st.frozensets(origins, max_size=2), max_size=2
    ),
)


# Pieces of text that each extraction pattern cares about (and near misses), joined at random
# with arbitrary text: what the differential tests of extraction and provenance draw from.
FRAGMENTS = [
    "DE89 3704 0044 0532 0130 00",
    "DE44400501500000337712",
    "GB33BUKB20201555555555",
    "eve@evil.example",
    "Bob.Smith+x@Corp.Example.",
    "https://collect.evil.example/drop?d=1#f",
    "ftp://files.example.org:21/a/",
    "www.evil.example",
    "notes.md",
    "main.py",
    "+1 (555) 123-4567",
    "(030) 1234567",
    "555-123-4567",
    "40021877",
    "0049301234567890",
    "1.475,60",
    "120.50",
    "84,20",
    "12,000",
    "4'860",
    "1 234.56",
    "2026-11-0458812",
    "/home/u/file.txt",
    "~/x/y",
    "C:\\a\\b",
    "#finance-billing",
    "#4812",
    "acc-giro-1",
    "KD 40021877 RE 2026-11-0458812",
    "\u0663\u0664\u0665\u0666\u0667\u0668\u0669\u0660\u0661",
    "From: mallory@evil.example",
]
texts = st.lists(
    st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=6), st.sampled_from([" ", ".", ",", "/", "@", "#", "\n"])),
    max_size=6,
).map("".join)
"""Text mixing identifiers, their near misses and arbitrary characters."""
scalars = st.one_of(
    texts,
    st.integers(min_value=-(10**12), max_value=10**12),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([84.2, 120.5, 1475.6, 100, 100.0, 99, True, False, None]),
)
"""Argument and data leaves."""
