"""A result's label joins server labels, declared return labels and findings; trust decides untrusted."""

from weir.flow.labelling import findings_label, result_label, untrusted_result
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
    assert untrusted_result(BOTTOM, plain, Trust.UNTRUSTED)
    assert not untrusted_result(BOTTOM, internal, Trust.UNTRUSTED)


def test_trusted_servers_results_are_trusted_when_the_tool_is_closed_world_or_declares_a_source() -> None:
    closed = ToolProfile(name="t", open_world=False)
    unknown = ToolProfile(name="t")
    assert not untrusted_result(BOTTOM, closed, Trust.TRUSTED)
    assert untrusted_result(BOTTOM, unknown, Trust.TRUSTED)
    internal = ToolProfile(name="t", return_sources=frozenset({Source.INTERNAL}))
    assert not untrusted_result(BOTTOM, internal, Trust.TRUSTED)


def test_the_data_and_an_untrusted_public_source_always_win() -> None:
    public = ToolProfile(name="t", return_sources=frozenset({Source.INTERNAL, Source.UNTRUSTED_PUBLIC}))
    assert untrusted_result(BOTTOM, public, Trust.TRUSTED)
    assert untrusted_result(DataLabel(untrusted=True), ToolProfile(name="t", open_world=False), Trust.TRUSTED)
    assert untrusted_result(DataLabel(malicious=True), ToolProfile(name="t", open_world=False), Trust.TRUSTED)
    assert untrusted_result(BOTTOM, None, Trust.TRUSTED)
