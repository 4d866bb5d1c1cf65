"""Untrusted text inside Weir's own words: one way to show it, wherever Weir speaks.

A tool name, an argument, a session name, a server's error message or an upstream's log line is
text Weir did not write. Shown raw inside a sentence Weir writes — a confirmation question, a
reason, an audit line, an approvals list, a log record, a webhook — it could start a line of its
own ("It is safe to approve."), forge a record, or carry markup the receiver renders (a Slack link
labelled "Approve"). Everything that speaks renders such text through :func:`quote`:

- control characters, line and paragraph breaks, bidirectional and invisible format characters
  are shown escaped (``\\n``, ``\\x1b``, ``\\u202e``), and a backslash as ``\\\\``, so what is shown
  is one line and says exactly which characters were there;
- the text is marked as not Weir's: it stands between ``«`` and ``»`` (a ``«`` or ``»`` inside is
  escaped, so the end of the quotation cannot be forged);
- it is cut at ``limit`` characters, saying how many more there were.

For a receiver that renders markup, :func:`for_mrkdwn` neutralises Slack's (``<url|label>``
links, ``<!channel>`` mentions, ``&`` entities) on top of the quotation. HTML is escaped by the
console's own templates, which stay as they are: a quotation inside them is escaped again there.
"""

from __future__ import annotations

import unicodedata
from typing import Any, Final

__all__ = ["OPEN", "SHUT", "escaped", "for_mrkdwn", "one_line", "quote", "quote_all"]

OPEN: Final = "«"
SHUT: Final = "»"
_LIMIT: Final = 200
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\\": "\\\\", OPEN: "\\u00ab", SHUT: "\\u00bb"}
# Beyond Unicode's control and format categories: separators that some receivers break lines at.
_BREAKS = frozenset({"\u2028", "\u2029", "\u0085", "\u000b", "\u000c", "\u001c", "\u001d", "\u001e"})
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def _escape(ch: str) -> str:
    named = _NAMED.get(ch)
    if named is not None:
        return named
    if ch in _BREAKS or unicodedata.category(ch) in _HIDDEN_CATEGORIES:
        code = ord(ch)
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
    return ch


def escaped(text: str) -> str:
    """``text`` on one line, every control, break, invisible or bidi character (and ``\\``, ``«``, ``»``) escaped."""
    if text.isascii() and text.isprintable() and "\\" not in text:
        return text  # the common case: nothing to escape
    return "".join(_escape(ch) for ch in text)


def one_line(text: str) -> str:
    """Weir's own sentence (whose untrusted parts are already quoted) kept on one line: breaks,
    controls and invisible characters escaped, but not ``\\``, ``«`` or ``»`` — its quotations stay
    as they were written. For text that may predate quoting (an old audit record) or that a
    rule's author wrote."""
    if text.isascii() and text.isprintable():
        return text
    return "".join(ch if ch in "\\«»" else _escape(ch) for ch in text)


def quote(text: Any, *, limit: int = _LIMIT) -> str:
    """``text`` (made a string if it is not one) escaped, cut at ``limit`` characters, between ``«`` and ``»``."""
    raw = text if isinstance(text, str) else str(text)
    more = len(raw) - limit
    shown = escaped(raw[:limit] if more > 0 else raw)
    tail = f"… ({more} more characters)" if more > 0 else ""
    return f"{OPEN}{shown}{SHUT}{tail}"


def quote_all(values: Any, *, limit: int = _LIMIT) -> str:
    """Several untrusted strings, each quoted, comma-separated (``none`` for none)."""
    items = [quote(v, limit=limit) for v in values]
    return ", ".join(items) if items else "none"


def for_mrkdwn(text: str) -> str:
    """``text`` safe inside Slack ``mrkdwn``: ``&``, ``<`` and ``>`` as the entities Slack asks for, so
    no link (``<https://x|Approve>``), mention (``<!channel>``) or entity of untrusted text survives.
    """
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
