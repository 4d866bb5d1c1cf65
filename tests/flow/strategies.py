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
