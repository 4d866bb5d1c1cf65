"""A client of the console's JSON API (``weir approvals``): the standard library's HTTP, an operator token.

``weir approvals`` talks to the running gateway rather than to its database because a held call
lives in the gateway's memory (its client's request is open): the gateway is the one place that
can release it at once, check the operator's token, and record the decision in the audit trail
before it takes effect — the same path as the console's own buttons.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from weir.errors import WeirError

__all__ = ["ConsoleClient", "api_base"]


def api_base(url: str) -> str:
    """The API's root for a console or gateway address (``http://h:p``, ``…/console/``, ``…/console/api``)."""
    base = url.rstrip("/")
    if base.endswith("/console/api"):
        return base
    if base.endswith("/console"):
        return base + "/api"
    return base + "/console/api"


class ConsoleClient:
    """Lists and decides queued calls through a gateway's console API."""

    def __init__(self, url: str, token: str, *, timeout_s: float = 10.0) -> None:
        if not url.startswith(("http://", "https://")):
            raise WeirError(f"the console's address must start with http:// or https://, not {url!r}")
        self.base = api_base(url)
        self._token = token
        self._timeout = timeout_s

    def approvals(self) -> list[dict[str, Any]]:
        """Every call waiting for an operator, oldest first."""
        found = self._call("GET", "/approvals")
        items = found.get("approvals")
        return [i for i in items if isinstance(i, dict)] if isinstance(items, list) else []

    def decide(self, approval_id: str, *, approve: bool, reason: str) -> dict[str, Any]:
        """Approve or deny one waiting call; the gateway's answer (raises WeirError when nothing waits)."""
        action = "approve" if approve else "deny"
        return self._call("POST", f"/approvals/{urllib.parse.quote(approval_id, safe='')}/{action}", {"reason": reason})

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        headers = {"authorization": f"Bearer {self._token}", "accept": "application/json"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["content-type"] = "application/json"
        # The operator's own URL, http(s) only (checked above): urlopen opens nothing else.
        request = urllib.request.Request(self.base + path, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=self._timeout) as response:
                return _json(response.read())
        except urllib.error.HTTPError as exc:
            detail = _json(exc.read()).get("error") or exc.reason
            raise WeirError(f"{self.base}{path}: {exc.code} {detail}") from exc
        except (urllib.error.URLError, OSError) as exc:
            reason = getattr(exc, "reason", None) or exc
            raise WeirError(f"cannot reach the gateway's console at {self.base}: {reason}") from exc


def _json(raw: bytes) -> dict[str, Any]:
    try:
        value = json.loads(raw)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}
