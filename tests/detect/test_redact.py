"""Redaction replaces finding spans with a class marker, merging overlaps."""

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from weir.detect.redact import merged_spans, redact, redact_result
from weir.labels import Finding, FindingClass


def f(start: int, end: int, cls: FindingClass = FindingClass.PII, path: str | None = None) -> Finding:
    return Finding(detector="t", kind="k", cls=cls, start=start, end=end, path=path)


def test_a_span_is_replaced_by_a_marker_naming_its_class() -> None:
    assert redact("mail bob@x.org now", [f(5, 14)]) == "mail [REDACTED:pii] now"


def test_overlapping_spans_merge_into_one_marker_of_the_most_sensitive_class() -> None:
    text = "0123456789"
    out = redact(text, [f(1, 5, FindingClass.PII), f(4, 8, FindingClass.CREDENTIALS)])
    assert out == "0[REDACTED:credentials]89"


def test_touching_spans_merge_and_separate_spans_do_not() -> None:
    assert merged_spans([f(0, 2), f(2, 4), f(6, 7)], 10) == [(0, 4, FindingClass.PII), (6, 7, FindingClass.PII)]


def test_whole_object_findings_and_out_of_range_spans_leave_the_text_alone() -> None:
    assert redact("abc", [f(0, 0), f(5, 9)]) == "abc"
    assert redact("abc", [f(1, 99)]) == "a[REDACTED:pii]"


def test_redact_result_rewrites_only_the_strings_the_findings_point_at() -> None:
    result: dict[str, Any] = {
        "content": [{"type": "text", "text": "key AKIA here"}, {"type": "text", "text": "clean"}],
        "structuredContent": {"note": "call 555"},
        "_meta": {"x": "key AKIA here"},
    }
    findings = [
        f(4, 8, FindingClass.CREDENTIALS, "content[0].text"),
        f(5, 8, FindingClass.PII, "structuredContent.note"),
    ]
    out = redact_result(result, findings)
    assert out["content"][0]["text"] == "key [REDACTED:credentials] here"
    assert out["content"][1]["text"] == "clean"
    assert out["structuredContent"]["note"] == "call [REDACTED:pii]"
    assert out["_meta"] == result["_meta"]
    assert result["content"][0]["text"] == "key AKIA here"


@settings(max_examples=200)
@given(st.text(min_size=1), st.lists(st.tuples(st.integers(0, 50), st.integers(0, 50)), max_size=6))
def test_no_character_inside_a_finding_survives_redaction(text: str, spans: list[tuple[int, int]]) -> None:
    findings = [f(min(a, b), max(a, b)) for a, b in spans]
    out = redact(text, findings)
    kept = [i for i in range(len(text)) if not any(x.start <= i < x.end for x in findings)]
    assert out.replace("[REDACTED:pii]", "") == "".join(text[i] for i in kept)
