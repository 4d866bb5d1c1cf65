"""The console's routes: sign-in, the pages, and the forms that act (approve, deny, re-approve a tool).

Every request passes the listener's admission first — the same ``Host`` check as ``/mcp``, and an
``Origin`` that is allowed (``gateway.allowed_origins``) or the console's own (the browser sends
its own origin with every form it posts; docs/console.md). A form post must also come from a
browser page of this console (``Origin`` present and admitted), carry the sign-in cookie, and the
sign-in's CSRF token. Every action is an audit event naming the operator, appended before it
takes effect. Pages are plain HTML; responses are never cached and may not be framed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from functools import cache, partial
from importlib import resources
from typing import Any
from urllib.parse import parse_qs, quote

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from weir.approvals import ApprovalError, ApprovalQueue
from weir.audit import AuditQuery, AuditStore, StoredEvent
from weir.audit.event import AuditEvent, Phase
from weir.audit.pins import approve as approve_pins
from weir.audit.pins import pin_rows
from weir.console.api import Api
from weir.console.auth import COOKIE, Operators, SignIn, SignIns
from weir.console.backoff import Backoff
from weir.console.browse import ChainCheck, audit_view
from weir.console.html import Markup, h, page
from weir.console.live import SessionSource
from weir.console.notices import Notices
from weir.console.oidc import oidc_routes
from weir.console.pages.approvals import approval_card, approvals_page, gone_page
from weir.console.pages.audit import audit_page as render_audit
from weir.console.pages.audit import event_page
from weir.console.pages.login import login_page
from weir.console.pages.pins import pins_page
from weir.console.pages.sessions import session_page, sessions_page
from weir.console.pages.status import Status, status_page
from weir.detect.pinning import PinStore
from weir.errors import WeirError
from weir.gateway.downstream.http import Admission
from weir.identity.signin import OidcFlow
from weir.observe.logs import fields
from weir.quoting import quote as said

__all__ = ["Console", "ConsoleParts"]

log = logging.getLogger("weir.console")

_HEADERS = {
    "content-security-policy": "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'",
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",  # "no-referrer" would make the browser send `Origin: null` with forms
    "cache-control": "no-store",
}
_MAX_FORM = 16 * 1024
Handler = Callable[[Request, SignIn], Awaitable[Response]]


@dataclass(frozen=True)
class ConsoleParts:
    """What the console shows and acts on; each may be missing (its page then says so)."""

    trail: AuditStore | None = None
    """The audit store: read by the audit page, appended to for every operator action."""
    pins: PinStore | None = None
    approvals: ApprovalQueue | None = None
    sessions: SessionSource | None = None
    status: Callable[[], Awaitable[Status]] | None = None


class Console:
    """The operators' console of one gateway."""

    def __init__(
        self,
        operators: Operators,
        parts: ConsoleParts,
        *,
        session_ttl_s: float = 8 * 3600.0,
        oidc: OidcFlow | None = None,
    ) -> None:
        self.operators = operators
        self.oidc = oidc
        """Operators' OpenID Connect sign-in (``auth.operators``), beside their tokens."""
        self.parts = parts
        self.signins = SignIns(session_ttl_s)
        self.api = Api(operators, parts.approvals)
        self.chain = ChainCheck(parts.trail) if parts.trail is not None else None
        self.notices = Notices()
        self.backoff = Backoff()

    def routes(self, admission: Admission) -> list[BaseRoute]:
        """The console's routes under ``/console``, each behind ``admission``."""
        admitted = partial(self._admitted, admission)
        pages: list[tuple[str, Handler]] = [
            ("/console/", self._status),
            ("/console/approvals", self._approvals),
            ("/console/approvals/{id}", self._approval),
            ("/console/audit", self._audit),
            ("/console/audit/{id:int}", self._event),
            ("/console/sessions", self._sessions),
            ("/console/sessions/{id:path}", self._session),
            ("/console/pins", self._pins),
        ]
        actions: list[tuple[str, Handler]] = [
            ("/console/approvals/{id}", self._decide),
            ("/console/pins/approve", self._approve_pin),
            ("/console/logout", self._logout),
        ]
        routes: list[BaseRoute] = [
            Route("/console", lambda _r: RedirectResponse("/console/", 308)),
            Route("/console/style.css", admitted(_stylesheet)),
            Route("/console/login", admitted(self._login_form), methods=["GET"]),
            Route("/console/login", admitted(self._login, form=True), methods=["POST"]),
        ]
        if self.oidc is not None:
            routes += oidc_routes(self.oidc, admitted, self._signed_in_as)
        routes += [Route(path, admitted(self._signed_in(handler)), methods=["GET"]) for path, handler in pages]
        routes += [
            Route(path, admitted(self._signed_in(handler, form=True), form=True), methods=["POST"])
            for path, handler in actions
        ]
        routes += self.api.routes(admission)
        return routes

    # -- admission, sign-in, CSRF --------------------------------------------------------

    @staticmethod
    def _admitted(
        admission: Admission, handler: Callable[[Request], Awaitable[Response]], *, form: bool = False
    ) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            refused = admission.refusal(request, body=False)
            if refused is not None:
                return refused
            if form and request.headers.get("origin") is None:
                return _plain(403, "a form must be posted from the console's own page (no Origin header)")
            return await handler(request)

        return endpoint

    def _signed_in(self, handler: Handler, *, form: bool = False) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            signin = self.signins.get(request.cookies.get(COOKIE))
            if signin is None:
                return RedirectResponse(f"/console/login?next={quote(request.url.path)}", 303)
            if form:
                values = await _form(request)
                if values is None or not self.signins.csrf_ok(signin, values.get("csrf")):
                    return _plain(403, "the form's CSRF token is missing or wrong: reload the page and try again")
                request.state.form = values
            return await handler(request, signin)

        return endpoint

    async def _login_form(self, request: Request) -> Response:
        configured = bool(self.operators) or self.oidc is not None
        return _html(page("Sign in", login_page(configured=configured, oidc=self.oidc is not None)))

    def _signed_in_as(self, operator: str, request: Request) -> Response:
        """Open a sign-in for ``operator`` (recorded first) and set its cookie on a page that goes on
        to the console (a page, not a redirect: the browser arrives here from the provider's site,
        and a ``SameSite=Strict`` cookie is sent from the next, same-site, navigation on)."""
        try:
            self._record("sign-in", operator, method="oidc")
        except WeirError as exc:
            return _plain(503, f"the sign-in could not be recorded in the audit trail, so it did not happen: {exc}")
        cookie, _ = self.signins.open(operator)
        body = h("p", "Signed in. ", h("a", "Continue to the console", href="/console/"))
        response = _html(page("Signed in", body), headers={"refresh": "0; url=/console/"})
        response.set_cookie(
            COOKIE, cookie, httponly=True, samesite="strict", path="/console", secure=request.url.scheme == "https"
        )
        return response

    async def _login(self, request: Request) -> Response:
        client = request.client.host if request.client else "?"
        wait = self.backoff.wait_s(client)
        if wait > 0:  # not even tried: a right token now would let guessing go on
            body = login_page(error="Too many wrong tokens: wait before trying again.", configured=bool(self.operators))
            return _html(page("Sign in", body), status=429, headers={"retry-after": str(math.ceil(wait))})
        values = await _form(request) or {}
        operator = self.operators.by_token(values.get("token", ""))
        if operator is None:
            self.backoff.failed(client)
            log.warning("console sign-in refused", extra=fields(client=client))
            body = login_page(error="That token is not an operator's.", configured=bool(self.operators))
            return _html(page("Sign in", body), status=401)
        self.backoff.succeeded(client)
        try:
            self._record("sign-in", operator)
        except WeirError as exc:
            return _plain(503, f"the sign-in could not be recorded in the audit trail, so it did not happen: {exc}")
        cookie, _ = self.signins.open(operator)
        nxt = request.query_params.get("next", "/console/")
        response = RedirectResponse(nxt if nxt.startswith("/console/") else "/console/", 303)
        response.set_cookie(
            COOKIE, cookie, httponly=True, samesite="strict", path="/console", secure=request.url.scheme == "https"
        )
        return response

    async def _logout(self, request: Request, signin: SignIn) -> Response:
        with contextlib.suppress(WeirError):  # signing out happens even when the trail cannot record it
            self._record("sign-out", signin.operator)
        self.signins.close(request.cookies.get(COOKIE))
        response = RedirectResponse("/console/login", 303)
        response.delete_cookie(COOKIE, path="/console")
        return response

    def _record(self, action: str, operator: str, **more: Any) -> None:
        """An operator's action, in the audit trail (raises AuditError when it cannot be recorded)."""
        if self.parts.trail is not None:
            details = {"action": action, "operator": operator, **more}
            self.parts.trail.append(AuditEvent(phase=Phase.OPERATOR, details=details))

    # -- pages ---------------------------------------------------------------------------

    async def _status(self, request: Request, signin: SignIn) -> Response:
        status = await self.parts.status() if self.parts.status else Status({}, 0, False, "unknown")
        return self._page("Status", status_page(status), signin, "")

    async def _approvals(self, request: Request, signin: SignIn) -> Response:
        queue = self.parts.approvals
        items = queue.pending() if queue else []
        body = _with_done(request, self.notices, approvals_page(items, signin.csrf, queue_on=queue is not None))
        return self._page("Pending approvals", body, signin, "approvals")

    async def _approval(self, request: Request, signin: SignIn) -> Response:
        approval_id = request.path_params["id"]
        item = self.parts.approvals.get(approval_id) if self.parts.approvals else None
        body = approval_card(item, signin.csrf) if item is not None else gone_page(approval_id)
        return self._page("Approval", body, signin, "approvals")

    async def _decide(self, request: Request, signin: SignIn) -> Response:
        form: Mapping[str, str] = request.state.form
        queue = self.parts.approvals
        decision = form.get("decision")
        if queue is None or decision not in ("approve", "deny"):
            return _plain(400, "decision must be approve or deny")
        try:
            item = queue.decide(
                request.path_params["id"],
                approve=decision == "approve",
                operator=signin.operator,
                reason=form.get("reason", "").strip()[:500],
            )
        except WeirError as exc:  # nothing waits under the id, or the decision could not be recorded
            status = 409 if isinstance(exc, ApprovalError) else 503
            return self._page("Approval", h("p", str(exc), class_="notice"), signin, "approvals", status=status)
        verdict = "Approved" if decision == "approve" else "Denied"
        note = f"{verdict} {said(item.call.server + '/' + item.call.tool)} (session {said(item.call.session)})."
        return RedirectResponse(f"/console/approvals?done={self.notices.put(note)}", 303)

    async def _audit(self, request: Request, signin: SignIn) -> Response:
        if self.parts.trail is None:
            return self._page("Audit trail", h("p", "No audit trail is configured."), signin, "audit")
        view = await asyncio.to_thread(audit_view, self.parts.trail, dict(request.query_params), self.chain)
        return self._page("Audit trail", render_audit(view), signin, "audit")

    async def _event(self, request: Request, signin: SignIn) -> Response:
        trail = self.parts.trail
        wanted = int(request.path_params["id"])
        found = await asyncio.to_thread(_one_event, trail, wanted) if trail is not None else None
        if found is None:
            return self._page("Event", h("p", f"No event #{wanted}."), signin, "audit", status=404)
        return self._page(f"Event #{wanted}", event_page(found), signin, "audit")

    async def _sessions(self, request: Request, signin: SignIn) -> Response:
        source = self.parts.sessions
        snaps = [s for s in [await source.snapshot(i) for i in source.ids()] if s is not None] if source else []
        return self._page("Agent sessions", sessions_page(snaps), signin, "sessions")

    async def _session(self, request: Request, signin: SignIn) -> Response:
        wanted = request.path_params["id"]
        snap = await self.parts.sessions.snapshot(wanted) if self.parts.sessions else None
        if snap is None:
            body = h(
                "p",
                f"No live agent session {wanted!r}. ",
                h("a", "Its events", href=f"/console/audit?session={quote(wanted)}"),
            )
            return self._page("Agent session", body, signin, "sessions", status=404)
        return self._page(f"Agent session {wanted}", session_page(snap), signin, "sessions")

    async def _pins(self, request: Request, signin: SignIn) -> Response:
        pins = self.parts.pins
        if pins is None:
            return self._page("Tool pins", h("p", "Tool pinning is off."), signin, "pins")
        rows = await asyncio.to_thread(pin_rows, pins)
        body = _with_done(request, self.notices, pins_page(rows, signin.csrf))
        return self._page("Tool pins", body, signin, "pins")

    async def _approve_pin(self, request: Request, signin: SignIn) -> Response:
        form: Mapping[str, str] = request.state.form
        pins, trail = self.parts.pins, self.parts.trail
        server, tool = form.get("server", ""), form.get("tool", "")
        if pins is None or trail is None or not server or not tool:
            return _plain(400, "pins approval needs a server, a tool, the pin store and the audit trail")
        try:
            approved = await asyncio.to_thread(approve_pins, pins, trail, server, [tool], by=signin.operator)
        except WeirError as exc:
            return self._page("Tool pins", h("p", str(exc), class_="notice"), signin, "pins", status=409)
        log.info(
            "operator approved a tool definition", extra=fields(operator=signin.operator, server=server, tool=tool)
        )
        note = f"Approved {said(server + '/' + tool)} (sha256 {approved.get(tool, '?')[:16]}…)."
        return RedirectResponse(f"/console/pins?done={self.notices.put(note)}", 303)

    def _page(self, title: str, body: Markup, signin: SignIn, here: str, *, status: int = 200) -> Response:
        return _html(page(title, body, operator=signin.operator, csrf=signin.csrf, here=here), status=status)


def _with_done(request: Request, notices: Notices, body: Markup) -> Markup:
    """``body`` below the notice of what the last action did (``?done=KEY`` of its redirect names
    one the console wrote; any other value shows nothing)."""
    done = notices.get(request.query_params.get("done"))
    return Markup(h("p", done, class_="notice", id="done") + body) if done else body


def _one_event(trail: AuditStore, wanted: int) -> StoredEvent | None:
    found = next(iter(trail.query(AuditQuery(after_id=wanted - 1, limit=1))), None)
    return found if found is not None and found.id == wanted else None


async def _form(request: Request) -> dict[str, str] | None:
    """An ``application/x-www-form-urlencoded`` body (first value of each field), or ``None``."""
    ctype = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if ctype != "application/x-www-form-urlencoded":
        return None
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > _MAX_FORM:
            return None
    try:
        parsed = parse_qs(body.decode("utf-8"), keep_blank_values=True, max_num_fields=20)
    except (UnicodeDecodeError, ValueError):
        return None
    return {k: v[0] for k, v in parsed.items() if v}


@cache
def _css() -> str:
    return resources.files("weir.console").joinpath("style.css").read_text(encoding="utf-8")


async def _stylesheet(request: Request) -> Response:
    return Response(_css(), media_type="text/css", headers={"cache-control": "max-age=3600"})


def _html(markup: str, *, status: int = 200, headers: Mapping[str, str] | None = None) -> Response:
    return HTMLResponse(markup, status_code=status, headers={**_HEADERS, **(headers or {})})


def _plain(status: int, message: str) -> Response:
    return Response(message + "\n", status_code=status, media_type="text/plain", headers=_HEADERS)
