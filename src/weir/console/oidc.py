"""The console's OpenID Connect sign-in routes (the flow itself is :mod:`weir.identity.signin`).

``GET /console/login/oidc`` starts an attempt and sends the browser to the provider;
``GET /console/login/oidc/callback`` finishes it and opens a sign-in for the operator the ID
token names. Both pass the listener's admission like every console route. A refused sign-in is a
403 page saying why; it is logged without any token or code.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from weir.console.html import h, page
from weir.identity.keys import AuthServerError
from weir.identity.signin import OidcFlow, SignInRefused
from weir.observe.logs import fields

__all__ = ["oidc_routes"]

log = logging.getLogger("weir.console")

Handler = Callable[[Request], Awaitable[Response]]
Admitted = Callable[[Handler], Handler]


def oidc_routes(flow: OidcFlow, admitted: Admitted, signed_in: Callable[[str, Request], Response]) -> list[BaseRoute]:
    """The two routes; ``signed_in`` opens the console sign-in of an operator the flow named."""

    async def start(_: Request) -> Response:
        try:
            return RedirectResponse(await flow.start(), 303)
        except AuthServerError as exc:
            return _refused(f"the sign-in provider cannot be reached: {exc}", 503)

    async def callback(request: Request) -> Response:
        try:
            operator = await flow.finish(dict(request.query_params))
        except (SignInRefused, AuthServerError) as exc:
            log.warning("console OIDC sign-in refused", extra=fields(reason=str(exc)))
            return _refused(str(exc), 403)
        return signed_in(operator, request)

    return [
        Route("/console/login/oidc", admitted(start), methods=["GET"]),
        Route("/console/login/oidc/callback", admitted(callback), methods=["GET"]),
    ]


def _refused(why: str, status: int) -> Response:
    body = h("p", "Not signed in: ", why, ". ", h("a", "Back to sign-in", href="/console/login"), class_="notice")
    return HTMLResponse(page("Not signed in", body), status_code=status, headers={"cache-control": "no-store"})
