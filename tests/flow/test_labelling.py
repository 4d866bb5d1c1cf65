"""A result's label joins server labels, declared return labels and findings; trust decides untrusted."""

from weir.flow.labelling import FINDINGS_KEPT, Standing, findings_label, result_label, standing
from weir.labels.config import Trust
from weir.labels.datalabel import BOTTOM, DataLabel
from weir.labels.finding import Finding, FindingClass
from weir.labels.profile import ToolProfile
from weir.labels.vocab import DataClass, Level, Source


def finding(cls: FindingClass) -> Finding:
    return Finding(detector="d", kind="k", cls=cls)


def test_findings_become_labels() -> None:
    label = findings_label([finding(FindingClass.MALICIOUS), finding(FindingClass.CREDENTIALS)])
    assert label.malicious
    assert label.level == Level.HIGH
    assert label.classes == {DataClass.CREDENTIALS}
    assert {str(o) for o in label.origin_of("malicious")} == {"d:k (detector)"}


def test_tens_of_thousands_of_findings_make_one_label_that_keeps_a_sample_of_each_kind() -> None:
    many = [
        Finding(detector="pii", kind="email", cls=FindingClass.PII, start=i, end=i + 5, path="content[0].text")
        for i in range(0, 500_000, 10)
    ]
    many.append(Finding(detector="secrets", kind="aws", cls=FindingClass.CREDENTIALS, start=1, end=2))
    label = findings_label(many)
    assert label.classes == {DataClass.PII, DataClass.CREDENTIALS}
    assert label.level == Level.HIGH
    assert len(label.findings) == FINDINGS_KEPT + 1
    assert {f.start for f in label.findings if f.detector == "pii"} == {i * 10 for i in range(FINDINGS_KEPT)}


def test_a_suspicious_finding_is_recorded_but_sets_no_label() -> None:
    label = findings_label([finding(FindingClass.SUSPICIOUS)])
    assert not label.malicious
    assert label.level == Level.NONE
    assert len(label.findings) == 1


def test_no_part_of_a_result_label_can_weaken_another() -> None:
    written = DataLabel(untrusted=True)
    declared = DataLabel(level=Level.MEDIUM)
    label = result_label(written, declared, [finding(FindingClass.PII)])
    assert label.untrusted
    assert label.level == Level.MEDIUM
    assert DataClass.PII in label.classes


def test_untrusted_servers_results_are_untrusted_unless_a_deployer_declares_a_trusted_source() -> None:
    plain = ToolProfile(name="t")
    internal = ToolProfile(name="t", return_sources=frozenset({Source.INTERNAL}))
    assert standing(BOTTOM, plain, Trust.UNTRUSTED) == Standing(untrusted=True, values_untrusted=True, internal=False)
    assert standing(BOTTOM, internal, Trust.UNTRUSTED) == Standing(False, False, True)


def test_a_trusted_servers_data_is_internal_but_its_values_need_a_declared_source() -> None:
    # A trusted calendar's invitations were written by other people: unknown source, so the
    # values count for provenance, while the data is still the organisation's own.
    closed = ToolProfile(name="t", open_world=False)
    assert standing(BOTTOM, closed, Trust.TRUSTED) == Standing(untrusted=False, values_untrusted=True, internal=True)
    internal = ToolProfile(name="t", return_sources=frozenset({Source.INTERNAL}))
    assert standing(BOTTOM, internal, Trust.TRUSTED) == Standing(False, False, True)


def test_the_data_and_an_untrusted_public_source_always_win() -> None:
    public = ToolProfile(name="t", return_sources=frozenset({Source.INTERNAL, Source.UNTRUSTED_PUBLIC}))
    closed = ToolProfile(name="t", open_world=False, return_sources=frozenset({Source.INTERNAL}))
    assert standing(BOTTOM, public, Trust.TRUSTED).untrusted
    assert standing(DataLabel(untrusted=True), closed, Trust.TRUSTED).untrusted
    assert standing(DataLabel(malicious=True), closed, Trust.TRUSTED).untrusted
    assert standing(BOTTOM, None, Trust.TRUSTED) == Standing(True, True, False)


def test_a_classifier_hit_below_its_confidence_bar_is_recorded_but_not_malicious() -> None:
    weak = Finding(detector="injection", kind="classifier", cls=FindingClass.MALICIOUS, confidence=0.89)
    sure = Finding(detector="injection", kind="classifier", cls=FindingClass.MALICIOUS, confidence=0.97)
    pattern = Finding(detector="injection", kind="addressed-to-assistant", cls=FindingClass.MALICIOUS, confidence=0.85)
    assert not findings_label([weak]).malicious
    assert findings_label([weak]).findings == {weak}
    assert findings_label([sure]).malicious
    assert findings_label([pattern]).malicious
