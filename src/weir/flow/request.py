"""Request annotations: what a call carries in ``_meta.annotations`` under the propagation rules.

The seeds' rules: a boolean hint that was ever true stays true for the rest of the agent
session (union), attribution accumulates (union), sensitivity is the maximum seen. Each
server's ``sharing`` setting limits what it is told: ``full``, ``minimal`` (hints but no
attribution, the seeds' privacy concern) or ``none``.
"""

from __future__ import annotations

from typing import Any

from weir.labels.config import Sharing
from weir.labels.datalabel import DataLabel
from weir.labels.keys import WEIR_SESSION
from weir.labels.vocab import Level

__all__ = ["SENSITIVE_HINT", "TRUST_EXT", "request_annotations", "request_meta"]

SENSITIVE_HINT = {Level.LOW: "low", Level.MEDIUM: "medium", Level.HIGH: "high"}
"""Issue 711's ``sensitiveHint`` spelling of each level."""
TRUST_EXT = "io.modelcontextprotocol/trust-annotations"
"""The trust-annotations extension key in ``_meta``."""
_REPLACED = ("annotations", TRUST_EXT)


def request_annotations(label: DataLabel, sharing: Sharing = Sharing.FULL) -> dict[str, Any]:
    """The ``_meta.annotations`` object for a request, in issue-711 / SEP-1913 form.

    Only hints that are set are written (an absent hint means "no claim", so writing ``false``
    would add nothing but bytes). Attribution is sorted so requests are deterministic.
    """
    if sharing is Sharing.NONE:
        return {}
    out: dict[str, Any] = {}
    if label.untrusted:
        out["openWorldHint"] = True
    if label.private:
        out["privateHint"] = True
    if label.level > Level.NONE:
        out["sensitiveHint"] = SENSITIVE_HINT[label.level]
    if label.malicious:
        out["maliciousActivityHint"] = True
    if sharing is Sharing.FULL and label.attribution:
        out["attribution"] = sorted(label.attribution)
    return out


def request_meta(label: DataLabel, sharing: Sharing, client_meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The whole request ``_meta`` to send upstream: the client's own keys plus the propagated labels.

    The client's ``annotations`` are replaced by the session's (which already joined them), and
    the trust-annotations extension is written alongside for servers speaking the current form.
    Under ``minimal`` or ``none`` sharing the client's session name (``dev.weir/session``) is
    withheld too. This is the whole ``_meta`` the gateway forwards: nothing else of the client's.
    """
    # The client's session name is for the gateway; a server is told it only under full sharing.
    dropped = _REPLACED if sharing is Sharing.FULL else (*_REPLACED, WEIR_SESSION)
    meta = {k: v for k, v in client_meta.items() if k not in dropped} if client_meta else {}
    if sharing is Sharing.NONE:
        return meta
    ann = request_annotations(label, sharing)
    if ann:
        meta["annotations"] = ann
    ext = {}
    if label.level >= Level.MEDIUM:
        ext["sensitive"] = True
    if label.untrusted:
        ext["untrusted"] = True
    if ext:
        meta[TRUST_EXT] = ext
    return meta
