"""Labelling what a tool returns: whole results, single content blocks, and items of a list.

Every helper writes through :func:`weir.labels.write.write_data_meta` (issue 711 / SEP-1913
``_meta.annotations``, the ``io.modelcontextprotocol/trust-annotations`` extension, and
Weir's mirror for classes and scopes). A result's own label is always the join of everything
inside it — SEP-1913 says a response's annotations describe the whole response — so a block
or an item may add to the result's label and never make it look weaker than its parts.

Results and blocks may be the SDK's typed models or plain wire dicts; the helpers return the
same kind they were given.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar

from mcp_types import CallToolResult, ContentBlock, TextContent
from pydantic import BaseModel

from weir.labels.datalabel import BOTTOM, DataLabel
from weir.labels.evidence import EvidenceError, data_class_label, evidence_for
from weir.labels.evidenceref import DATA_CLASS_V1, Canonicalization, EvidenceRef
from weir.labels.read import read_data_meta, read_result
from weir.labels.vocab import DataClass, Level, class_level
from weir.labels.write import write_data_meta

__all__ = ["classified", "data_label", "label_block", "label_items", "label_result", "labelled_result", "labelled_text"]

_T = TypeVar("_T", bound=BaseModel | dict[str, Any])


def data_label(
    *,
    untrusted: bool = False,
    private: bool = False,
    classes: Iterable[DataClass] = (),
    scopes: Iterable[str] = (),
    level: Level | None = None,
    malicious: bool = False,
    attribution: Iterable[str] = (),
    evidence: Iterable[EvidenceRef | str] = (),
) -> DataLabel:
    """A :class:`DataLabel` from typed values; the level defaults to the highest the classes imply.

    ``evidence`` takes references (see :func:`classified` and :func:`weir.labels.evidence.evidence_for`
    to make one from its record); a plain string is the older form, a ``ref`` only.
    """
    cls = frozenset(DataClass(c) for c in classes) - {DataClass.NONE}
    scope_set = frozenset(scopes)
    if scope_set:
        cls |= {DataClass.REGULATED}
    implied = max((class_level(c) for c in cls), default=Level.NONE)
    return DataLabel(
        untrusted=untrusted,
        private=private,
        level=max(implied, level if level is not None else Level.NONE),
        classes=cls,
        scopes=scope_set,
        malicious=malicious,
        attribution=frozenset(attribution),
        evidence=frozenset(EvidenceRef(ref=e) if isinstance(e, str) else e for e in evidence),
    )


def classified(
    record: Mapping[str, Any],
    *,
    canonicalization: Canonicalization = Canonicalization.JCS,
    schema: str | None = None,
    ref: str | None = None,
) -> DataLabel:
    """The label a ``data-class.v1`` record gives, carrying the record's ``evidenceRef``.

    ``record`` is the scheme's ``{"class": "confidential", "regulatory": ["hipaa"], ...}``; the
    label says on the wire what the record implies (``sensitive`` from confidential up, the
    regulatory scopes in Weir's mirror) and the reference lets a holder of the record re-derive
    its digest. The record itself stays with the server (keep it where ``ref`` points). Raises
    :class:`weir.labels.evidence.EvidenceError` for a record that cannot be canonicalised.
    """
    evidence = evidence_for(record, DATA_CLASS_V1, canonicalization=canonicalization, schema=schema, ref=ref)
    found = data_class_label(evidence, record)
    if found is None:  # a record that is not a JSON object
        raise EvidenceError(f"classified: a data-class.v1 record must be an object, not {type(record).__name__}")
    return found


def _merged_meta(existing: Any, label: DataLabel) -> dict[str, Any]:
    """``existing`` `_meta` with ``label`` joined into whatever label it already carries."""
    meta = dict(existing) if isinstance(existing, Mapping) else {}
    already, _ = read_data_meta(meta)
    fragment = write_data_meta(already.join(label))
    for key in ("annotations", "io.modelcontextprotocol/trust-annotations", "dev.weir/annotations"):
        meta.pop(key, None)
    meta.update(fragment)
    return meta


def _with_meta(obj: _T, label: DataLabel) -> _T:
    if isinstance(obj, BaseModel):
        return obj.model_copy(update={"meta": _merged_meta(getattr(obj, "meta", None), label)})
    out = dict(obj)
    out["_meta"] = _merged_meta(out.get("_meta"), label)
    return out  # type: ignore[return-value]  # a dict in, a dict out


def label_block(block: _T, label: DataLabel) -> _T:
    """A content block carrying ``label`` in its `_meta` (joined with any label it already has)."""
    return _with_meta(block, label)


def labelled_text(text: str, label: DataLabel) -> TextContent:
    """A text block carrying ``label``."""
    return label_block(TextContent(type="text", text=text), label)


def label_items(items: Sequence[Mapping[str, Any]], labels: Sequence[DataLabel]) -> list[dict[str, Any]]:
    """Per-item labels for list and search results (issue 711): each item gets its own `_meta`.

    Put the returned list in ``structuredContent``; readers find labelled items there and the
    result's label is their join (see :func:`label_result`).
    """
    if len(items) != len(labels):
        raise ValueError(f"label_items: {len(items)} items but {len(labels)} labels")
    return [_with_meta(dict(item), label) for item, label in zip(items, labels, strict=True)]


def _inner_label(result: CallToolResult | dict[str, Any]) -> DataLabel:
    raw = result.model_dump(by_alias=True, mode="json", exclude_none=True) if isinstance(result, BaseModel) else result
    reading = read_result(raw)
    label = reading.label
    for _, item in reading.items:
        label = label.join(item)
    return label


def label_result(result: _T, label: DataLabel = BOTTOM) -> _T:
    """The result with ``label`` ∪ every block's and item's label in its `_meta` (the aggregate)."""
    if not isinstance(result, CallToolResult | dict):
        raise TypeError(f"label_result: expected a CallToolResult or a wire dict, not {type(result).__name__}")
    return _with_meta(result, label.join(_inner_label(result)))


def labelled_result(
    content: Sequence[ContentBlock] | str,
    label: DataLabel = BOTTOM,
    *,
    structured: Any = None,
    is_error: bool = False,
) -> CallToolResult:
    """A whole ``CallToolResult`` labelled at once (text is wrapped in one text block)."""
    blocks: list[ContentBlock] = [TextContent(type="text", text=content)] if isinstance(content, str) else list(content)
    result = CallToolResult(content=blocks, structured_content=structured, is_error=is_error)
    return label_result(result, label)
