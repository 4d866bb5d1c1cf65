"""Server-rendered HTML with escaping by construction: no template engine, no JavaScript.

:func:`h` builds an element; every child that is not already :class:`Markup` is escaped, and so
is every attribute value, so text from a tool call (arguments, reasons, tool names — all of it
possibly written by an attacker) can only ever appear as text. :func:`page` wraps a body in the
console's layout: the navigation, who is signed in, the sign-out form.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable
from typing import Any

__all__ = ["NAV", "Markup", "csrf_field", "esc", "h", "join", "page", "pretty"]


class Markup(str):
    """Text that is already HTML (built by :func:`h`): never escaped again."""

    __slots__ = ()


def esc(value: Any) -> Markup:
    """``value`` as HTML text (escaped unless it is :class:`Markup`)."""
    return value if isinstance(value, Markup) else Markup(html.escape(str(value), quote=True))


def _children(items: Iterable[Any]) -> Iterable[Markup]:
    for item in items:
        if item is None or item is False:
            continue
        if isinstance(item, list | tuple):
            yield from _children(item)
        else:
            yield esc(item)


def h(tag: str, *children: Any, **attrs: Any) -> Markup:
    """``<tag attrs>children</tag>``: ``class_`` stands for ``class``, ``_`` in names for ``-``;
    an attribute that is ``None`` or ``False`` is left out, ``True`` is written bare."""
    parts = [tag]
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        key = name.rstrip("_").replace("_", "-")
        parts.append(key if value is True else f'{key}="{esc(value)}"')
    opening = "<" + " ".join(parts) + ">"
    if tag in ("input", "meta", "link", "br"):
        return Markup(opening)
    return Markup(opening + "".join(_children(children)) + f"</{tag}>")


def join(items: Iterable[Any], sep: str = "") -> Markup:
    """Several pieces as one (each escaped unless it is markup)."""
    return Markup(esc(sep).join(_children(items)))


def pretty(value: Any) -> Markup:
    """A JSON value, indented, in a ``<pre>``."""
    return h("pre", json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True, default=str))


def csrf_field(token: str) -> Markup:
    """The hidden field every form of a signed-in page carries."""
    return h("input", type="hidden", name="csrf", value=token)


NAV = (
    ("approvals", "Pending approvals"),
    ("audit", "Audit trail"),
    ("sessions", "Agent sessions"),
    ("pins", "Tool pins"),
    ("", "Status"),
)
"""The console's pages: (path under /console/, title)."""


def page(title: str, body: Any, *, operator: str | None = None, csrf: str | None = None, here: str = "") -> Markup:
    """A whole console page."""
    nav: list[Markup] = []
    if operator is not None:
        links = [
            h("a", label, href=f"/console/{path}", aria_current="page" if path == here else None) for path, label in NAV
        ]
        signout = h(
            "form",
            csrf_field(csrf or ""),
            h("button", "Sign out", type="submit"),
            method="post",
            action="/console/logout",
            class_="signout",
        )
        nav = [h("nav", *links, h("span", f"signed in as {operator}", class_="who"), signout)]
    head = h(
        "head",
        h("meta", charset="utf-8"),
        h("meta", name="viewport", content="width=device-width, initial-scale=1"),
        h("title", f"{title} · Weir console"),
        h("link", rel="stylesheet", href="/console/style.css"),
    )
    main = h("main", h("h1", title), body)
    return Markup("<!doctype html>" + h("html", head, h("body", h("header", h("b", "Weir"), *nav), main), lang="en"))
