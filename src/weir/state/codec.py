"""An agent session as stored in a shared store: a compact, versioned blob and a joinable label document.

The blob is the session's own JSON (:meth:`weir.flow.session.Session.to_json`: labels, lineage,
steps, value fingerprints, the provenance index) behind a format byte: as it is (``PLAIN``) or,
past 4 KB, deflated (``DEFLATED``) — a deflate stream costs a quarter of a millisecond to set up,
more than a small session's whole JSON. The label
document holds the session's two labels in a shape a store can join without knowing Weir: every
boolean joins by *or*, every number by *max*, every set is an object whose keys join by *union*.
That is exactly :meth:`weir.labels.datalabel.DataLabel.join` (a test holds the two together), so
the store's join (:mod:`weir.state.lua`) never weakens a label, whoever writes last.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from weir.flow.session import Session
from weir.labels.datalabel import DataLabel

__all__ = ["DEFLATED", "PLAIN", "decode_session", "encode_session", "join_docs", "label_doc", "label_from_doc"]

PLAIN = 1
"""Format byte: the session's JSON follows as it is."""
DEFLATED = 2
"""Format byte: the session's JSON follows deflated. A reader refuses any other byte (an old
replica never misreads a newer blob)."""
_DEFLATE_FROM = 4096
_SETS = ("classes", "scopes", "findings", "attribution", "evidence")


def label_doc(label: DataLabel) -> dict[str, Any]:
    """``label`` as a joinable document (origins are left out: the lineage keeps them)."""
    dumped = label.model_dump(mode="json", by_alias=True, exclude={"origins"})
    doc: dict[str, Any] = {}
    for key, value in dumped.items():
        if isinstance(value, list):
            # JSON text of each member, canonical, as an object key: union is key union.
            doc[key] = {json.dumps(v, sort_keys=True, separators=(",", ":")): 1 for v in value}
        else:
            doc[key] = value
    return doc


def label_from_doc(doc: dict[str, Any]) -> DataLabel:
    """Inverse of :func:`label_doc`. Raises ValueError on a document that is not one."""
    data: dict[str, Any] = {}
    for key, value in doc.items():
        data[key] = [json.loads(k) for k in value] if isinstance(value, dict) else value
    try:
        return DataLabel.model_validate(data)
    except Exception as exc:
        raise ValueError(f"not a stored label: {exc}") from exc


def join_docs(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """The join of two label documents, as the store computes it (for tests and a store without scripts)."""
    out = dict(a)
    for key, value in b.items():
        mine = out.get(key)
        if mine is None:
            out[key] = value
        elif isinstance(value, bool):
            out[key] = bool(mine) or value
        elif isinstance(value, int | float):
            out[key] = max(mine, value)
        elif isinstance(value, dict):
            out[key] = join_docs(mine, value)
    return out


def session_docs(session: Session) -> dict[str, Any]:
    """The document of both of ``session``'s labels (what the store joins)."""
    return {"label": label_doc(session.label), "internal": label_doc(session.internal)}


def encode_session(session: Session) -> tuple[bytes, str]:
    """The blob and the label document of ``session``."""
    text = session.to_json().encode("utf-8")
    blob = bytes([DEFLATED]) + zlib.compress(text, 1) if len(text) > _DEFLATE_FROM else bytes([PLAIN]) + text
    return blob, json.dumps(session_docs(session), separators=(",", ":"), sort_keys=True)


def decode_session(blob: bytes | None, labels: bytes | str | None, session_id: str) -> Session:
    """The session stored as ``blob``, its labels joined with the stored label document.

    The document may be stronger than the blob (a writer whose blob lost a race still joined its
    labels): the session loaded carries both. Raises ValueError on anything malformed.
    """
    data: dict[str, Any] = {"id": session_id}
    if blob:
        if blob[0] not in (PLAIN, DEFLATED):
            raise ValueError(f"stored session {session_id!r} has format {blob[0]}, this replica reads 1 and 2")
        try:
            data = json.loads(zlib.decompress(blob[1:]) if blob[0] == DEFLATED else blob[1:])
        except (zlib.error, ValueError) as exc:
            raise ValueError(f"stored session {session_id!r} is corrupt: {exc}") from exc
    if labels:
        docs = json.loads(labels)
        for key in ("label", "internal"):
            stored = DataLabel.model_validate(data.get(key) or {})
            joined = stored.join(label_from_doc(docs.get(key) or {}))
            data[key] = joined.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    return Session.from_json(json.dumps(data))
