"""Redaction: replace the spans findings cover with a marker naming the class.

``redact("key AKIA… here", findings)`` → ``"key [REDACTED:credentials] here"``. Overlapping
or touching spans merge into one marker named after the most sensitive class among them, so
the output never reveals where one secret ends and an e-mail address begins. Whole-object
findings (``start == end``) have no span and leave the text alone — except the chain's
unreadable-payload findings, whose payload is withheld.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from weir.detect.blobs import withholds
from weir.detect.walk import rewrite_strings
from weir.errors import DetectorError
from weir.labels.finding import Finding, FindingClass

__all__ = ["MARKER", "merged_spans", "redact", "redact_json", "redact_result"]

MARKER = "[REDACTED:{cls}]"
"""The replacement; ``{cls}`` is the finding class (``credentials``, ``pii``, ...)."""

# Which class names a merged span: the one whose disclosure would hurt most.
_RANK = {
    FindingClass.CREDENTIALS: 4,
    FindingClass.FINANCIAL: 3,
    FindingClass.PII: 2,
    FindingClass.MALICIOUS: 1,
    FindingClass.SUSPICIOUS: 0,
}


def merged_spans(findings: Sequence[Finding], length: int) -> list[tuple[int, int, FindingClass]]:
    """The findings' spans clipped to ``[0, length)``, merged where they overlap or touch."""
    spans = sorted(
        (max(0, f.start), min(length, f.end), f.cls) for f in findings if min(length, f.end) > max(0, f.start)
    )
    merged: list[tuple[int, int, FindingClass]] = []
    for start, end, cls in spans:
        if merged and start <= merged[-1][1]:
            last_start, last_end, last_cls = merged[-1]
            strongest = cls if _RANK[cls] > _RANK[last_cls] else last_cls
            merged[-1] = (last_start, max(last_end, end), strongest)
        else:
            merged.append((start, end, cls))
    return merged


def redact(text: str, findings: Sequence[Finding]) -> str:
    """``text`` with every finding's span replaced by ``[REDACTED:<class>]``.

    Spans must index ``text`` itself (the chain maps spans back to the original text, so its
    findings can be passed straight in); spans past the end are clipped.
    """
    parts: list[str] = []
    pos = 0
    for start, end, cls in merged_spans(findings, len(text)):
        parts.append(text[pos:start])
        parts.append(MARKER.format(cls=cls.value))
        pos = end
    parts.append(text[pos:])
    return "".join(parts)


def redact_result(result: Mapping[str, Any], findings: Sequence[Finding]) -> dict[str, Any]:
    """A copy of a wire tool result with each finding's span redacted in the string at its ``path``.

    Takes the findings of :meth:`Chain.scan_result` as they are; findings without a path are
    ignored. A base64 payload is redacted in its decoded text and encoded back; an unreadable
    one, or one the redacted text cannot be encoded back into, is withheld. Raises
    DetectorError if a finding's path leads to no string of the result, or the result is too
    deeply nested to rebuild (fail closed: the caller withholds the whole result).
    """
    rebuilt: dict[str, Any] = redact_json(result, findings)
    return rebuilt


def redact_json(value: Any, findings: Sequence[Finding]) -> Any:
    """:func:`redact_result` for any JSON value (with the findings of :meth:`Chain.scan_json`)."""
    by_path: dict[str, list[Finding]] = defaultdict(list)
    withheld: set[str] = set()
    for f in findings:
        if f.path is not None:
            by_path[f.path].append(f)
            if withholds(f):
                withheld.add(f.path)

    def rewrite(path: str, text: str) -> str | None:
        return None if path in withheld else redact(text, by_path[path])

    try:
        # One walk, down only the branches that hold a string to redact.
        return rewrite_strings(value, by_path, rewrite)
    except RecursionError as exc:
        raise DetectorError("result too deeply nested to redact") from exc
    except LookupError as exc:
        raise DetectorError(f"a finding points nowhere in the result: {exc}") from exc
