"""The sign-in page."""

from __future__ import annotations

from weir.console.html import Markup, h, join

__all__ = ["login_page"]


def login_page(*, error: str | None = None, configured: bool = True, oidc: bool = False) -> Markup:
    """A token field (and, with ``oidc``, a link to sign in with the organisation's provider), or —
    with no operator configured — how to configure one."""
    if not configured:
        return h(
            "p",
            "No operator is configured, so nobody can sign in. Add ",
            h("code", "console.operators: [{name: …, token: …}]"),
            " to weir.yaml (or set WEIR_OPERATOR_TOKENS=name:token) and restart the gateway.",
            class_="notice",
        )
    form = h(
        "form",
        h(
            "label",
            "Operator token",
            h("input", type="password", name="token", autocomplete="current-password", autofocus=True),
        ),
        h("button", "Sign in", type="submit"),
        method="post",
        action="/console/login",
        class_="login",
    )
    sso = (
        h("p", h("a", "Sign in with your organisation (OpenID Connect)", href="/console/login/oidc")) if oidc else None
    )
    return join([h("p", error, class_="notice") if error else None, sso, form])
