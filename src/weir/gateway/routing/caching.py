"""The cache obligation on the wire: ``ttlMs`` and ``cacheScope`` of what the gateway relays.

2026-07-28 lets a server say how long a client may keep a discover, list or ``resources/read``
result (``ttlMs``) and whether caches may share it across authorization contexts
(``cacheScope``). A ``tools/call`` result has neither field, so there the decision's
``cache_allowed`` has nothing to set on the wire (it stays on the decision, for in-process hosts).

What the gateway relays follows the decision, never the server alone:

- ``cacheScope`` is always ``"private"``. Weir decides per agent session and principal (labels
  joined, lists filtered), so one context's decided answer must not be served to another; a
  server's ``"public"`` does not pass.
- ``ttlMs`` is the server's own value only for a resource read whose decision allowed it as sent
  (applied allow, ``cache_allowed``, no finding, nothing untrusted or malicious in its label): a
  cached copy skips the gateway, so its labels would not join the next session that reads it.
  Anything else is ``0`` (re-fetched, hence re-decided, every time).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from weir.guard.checks import ResultCheck
from weir.policy.decision import Verdict

__all__ = ["CACHEABLE", "READ", "cache_fields", "kept_as_sent"]

READ: Final = "resources/read"
CACHEABLE: Final = frozenset({"tools/list", "prompts/list", "resources/list", "resources/templates/list", READ})
"""The methods whose 2026-07-28 result is a ``CacheableResult`` (``server/discover`` is the gateway's own)."""


def kept_as_sent(check: ResultCheck) -> bool:
    """Whether the decision lets a client keep this answer as long as its server says."""
    decision = check.decision
    label = check.label
    return (
        decision.applied is Verdict.ALLOW
        and decision.obligations.cache_allowed
        and not check.findings
        and not label.untrusted
        and not label.malicious
    )


def cache_fields(method: str, sent: Mapping[str, Any], *, cacheable: bool) -> dict[str, Any]:
    """The ``ttlMs`` / ``cacheScope`` to relay with a ``method`` answer the server ``sent``.

    ``cacheable``: the decision's verdict (:func:`kept_as_sent`); only a resource read keeps the
    server's ``ttlMs`` (a list is the gateway's own composition, filtered per principal).
    """
    ttl = sent.get("ttlMs")
    keep = cacheable and method == READ and type(ttl) is int and ttl >= 0
    return {"ttlMs": ttl if keep else 0, "cacheScope": "private"}
