"""Base64 payloads in a tool result: which strings are payloads, and the text a reader gets from one.

Two places of a wire result hold base64 rather than text: the ``blob`` of resource contents (an
object with a ``uri``: an embedded resource's ``resource``) and the ``data`` of an ``image`` or
``audio`` block. A client decodes them, and a model may read what comes out, so the detector
chain scans the decoded text. What a payload is:

- **text** — its MIME type is textual (``text/*``, JSON, XML, YAML, ...) and its bytes decode in
  the declared ``charset`` (UTF-8 when none is given); or, whatever its type says, its bytes are
  UTF-8 with no NUL byte (a ``.env`` file served as ``application/octet-stream`` is still text).
  Scanned; a redaction is encoded back the same way.
- **binary** — anything else (a PNG, a WAV): not text, not scanned, passed on as it is.
- **unreadable** — not strict base64 (a lenient decoder could still find text in it); declared
  textual but not decodable in its charset; or declared in a charset other than UTF-8 while its
  bytes read as different UTF-8 text (a client that ignores the charset would read what the scan
  did not: ASCII-range UTF-16 without a byte-order mark, for one). Nothing can vouch for it: it is withheld.

Decoding is linear in the payload and done in C (``binascii``, ``bytes.decode``).
"""

from __future__ import annotations

import base64
import binascii
import codecs
from collections.abc import Mapping
from typing import Any, NamedTuple

from weir.labels.finding import Finding, FindingClass

__all__ = [
    "UNREADABLE",
    "WITHHELD",
    "Decoded",
    "decode",
    "encode",
    "payload_key",
    "unreadable_finding",
    "withheld",
    "withholds",
]

WITHHELD = "[WITHHELD: {why}]"
"""What a withheld string becomes (a withheld payload: this text, base64-encoded as UTF-8)."""
UNREADABLE = "unreadable-payload"
"""The kind of the chain's own finding (detector ``weir``) for an unreadable payload."""

_MEDIA_KEYS = frozenset({"image", "audio"})
_TEXT_TYPES = frozenset(
    {
        "application/json",
        "application/xml",
        "application/yaml",
        "application/x-yaml",
        "application/toml",
        "application/javascript",
        "application/ecmascript",
        "application/x-sh",
        "application/sql",
        "application/graphql",
        "application/csv",
        "application/x-ndjson",
        "application/x-www-form-urlencoded",
    }
)
_TEXT_SUFFIXES = ("+json", "+xml", "+yaml")


class Decoded(NamedTuple):
    """What a payload holds: ``text`` to scan (with the ``charset`` to encode it back in), nothing
    (binary), or the reason it is ``unreadable``."""

    text: str | None = None
    charset: str = "utf-8"
    unreadable: str | None = None


_BINARY = Decoded()
_UTF8 = frozenset({"utf-8", "ascii"})  # codecs.lookup names: UTF-8 reads ASCII bytes the same


def payload_key(obj: Mapping[Any, Any]) -> str | None:
    """The key of the base64 payload ``obj`` carries (``blob`` or ``data``), if it is one of the two shapes."""
    if "blob" in obj and "uri" in obj and isinstance(obj["blob"], str):
        return "blob"
    kind = obj.get("type")
    if type(kind) is str and kind in _MEDIA_KEYS and isinstance(obj.get("data"), str):
        return "data"
    return None


def _media_type(mime: object) -> tuple[bool, str | None]:
    """Whether a MIME type is textual, and the charset it names (if any)."""
    if not isinstance(mime, str):
        return False, None
    base, _, params = mime.partition(";")
    base = base.strip().lower()
    charset = None
    for param in params.split(";"):
        name, _, value = param.partition("=")
        if name.strip().lower() == "charset":
            charset = value.strip().strip('"') or None
    textual = base.startswith("text/") or base in _TEXT_TYPES or base.endswith(_TEXT_SUFFIXES)
    return textual, charset


def _bytes(data: str) -> bytes | None:
    """Strict base64 (line breaks and missing padding tolerated, nothing else); None if it is not."""
    compact = "".join(data.split()) if any(c in data for c in " \t\r\n") else data
    compact += "=" * (-len(compact) % 4)
    try:
        return binascii.a2b_base64(compact, strict_mode=True)
    except (binascii.Error, ValueError):
        return None


def decode(data: str, mime: object) -> Decoded:
    """The text a reader gets from the base64 ``data`` of a payload of MIME type ``mime``."""
    raw = _bytes(data)
    if raw is None:
        return Decoded(unreadable="not valid base64")
    textual, charset = _media_type(mime)
    if textual:
        return _declared(raw, charset or "utf-8")
    if b"\0" in raw:
        return _BINARY
    plain = _utf8(raw)
    return _BINARY if plain is None else Decoded(plain)


def _declared(raw: bytes, charset: str) -> Decoded:
    """A textual payload in its declared charset (the reasons are fixed: never the server's words)."""
    try:
        text = raw.decode(charset)
        utf8 = codecs.lookup(charset).name in _UTF8
    except Exception:  # the server names the codec: any failure of it (LookupError, ValueError, ...) fails closed
        return Decoded(unreadable="not decodable in its declared charset")
    if not utf8 and _utf8(raw) not in (None, text):
        return Decoded(unreadable="reads as different text in its declared charset and in UTF-8")
    return Decoded(text, charset)


def _utf8(raw: bytes) -> str | None:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def encode(text: str, charset: str) -> str | None:
    """``text`` as base64 in ``charset``; None when the charset cannot hold it."""
    try:
        return base64.b64encode(text.encode(charset)).decode("ascii")
    except Exception:  # as in decoding: the codec is the server's choice
        return None


def withheld(why: str, *, payload: bool) -> str:
    """The replacement of a withheld string (base64 of the marker, for a payload)."""
    marker = WITHHELD.format(why=why)
    return base64.b64encode(marker.encode("utf-8")).decode("ascii") if payload else marker


def unreadable_finding(path: str, why: str) -> Finding:
    """The finding that marks the unreadable payload at ``path``: suspicious, no span, withheld."""
    return Finding(
        detector="weir", kind=UNREADABLE, cls=FindingClass.SUSPICIOUS, confidence=1.0, path=path, message=why
    )


def withholds(finding: Finding) -> bool:
    """Whether a finding marks a part of a result that is withheld whatever the policy decides."""
    return finding.kind == UNREADABLE and finding.detector == "weir"
