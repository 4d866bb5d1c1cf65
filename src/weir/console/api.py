"""The console's JSON API, for programs (``weir approvals``) rather than browsers.

``Authorization: Bearer <operator token>`` on every request, no cookie — so nothing here can be
triggered by a web page (it cannot set that header on another origin's request without the
browser asking first, and the listener never says yes). POST bodies are JSON, declared as such.

- ``GET  /console/api/approvals`` → ``{"approvals": [...]}`` (oldest first)
- ``POST /console/api/approvals/{id}/approve`` and ``…/deny`` with ``{"reason": "…"}`` →
  ``{"approval": {...}, "approved": true|false, "operator": "…"}``; 404 when nothing waits under the id.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from weir.approvals import ApprovalError, ApprovalQueue
from weir.console.auth import Operators
from weir.errors import AuditError
from weir.gateway.downstream.http import Admission

__all__ = ["Api"]

_MAX_BODY = 16 * 1024


class Api:
    """The JSON endpoints under ``/console/api``."""

    def __init__(self, operators: Operators, approvals: ApprovalQueue | None) -> None:
        self._operators = operators
        self._approvals = approvals

    def routes(self, admission: Admission) -> list[BaseRoute]:
        """The API's routes, behind ``admission`` (JSON bodies only)."""

        def guarded(handler: Callable[[Request, str], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
            async def endpoint(request: Request) -> Response:
                refused = admission.refusal(request, body=request.method == "POST")
                if refused is not None:
                    return refused
                operator = self._operators.by_header(request.headers.get("authorization", ""))
                if operator is None:
                    return JSONResponse(
                        {"error": "unauthorized", "error_description": "an operator's bearer token is required"},
                        status_code=401,
                        headers={"www-authenticate": 'Bearer realm="weir-console"'},
                    )
                return await handler(request, operator)

            return endpoint

        return [
            Route("/console/api/approvals", guarded(self._list), methods=["GET"]),
            Route("/console/api/approvals/{id}/{decision}", guarded(self._decide), methods=["POST"]),
        ]

    async def _list(self, request: Request, operator: str) -> Response:
        items = self._approvals.pending() if self._approvals is not None else []
        return JSONResponse({"approvals": [i.summary() for i in items], "queue": self._approvals is not None})

    async def _decide(self, request: Request, operator: str) -> Response:
        decision = request.path_params["decision"]
        if decision not in ("approve", "deny"):
            return _error(404, "the decision is approve or deny")
        if self._approvals is None:
            return _error(409, "the approvals queue is off (gateway.confirm_fallback is not queue)")
        reason = _reason(await request.body())
        if reason is None:
            return _error(400, 'the body must be JSON: {"reason": "…"}')
        try:
            item = self._approvals.decide(
                request.path_params["id"], approve=decision == "approve", operator=operator, reason=reason
            )
        except ApprovalError as exc:
            return _error(404, str(exc))
        except AuditError as exc:
            return _error(503, f"the decision could not be recorded, so it was not made: {exc}")
        return JSONResponse({"approval": item.summary(), "approved": decision == "approve", "operator": operator})


def _reason(body: bytes) -> str | None:
    """The ``reason`` of a ``{"reason": …}`` body (empty without a body); ``None`` when malformed."""
    if len(body) > _MAX_BODY:
        return None
    try:
        data = json.loads(body) if body else {}
    except ValueError:
        return None
    reason = data.get("reason", "") if isinstance(data, dict) else None
    return reason[:500] if isinstance(reason, str) else None


def _error(status: int, message: str) -> Response:
    return JSONResponse({"error": message}, status_code=status)
