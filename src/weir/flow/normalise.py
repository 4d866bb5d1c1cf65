"""Text as provenance compares it: the same characters however they were written.

An injected instruction may write the value it wants copied so that a plain comparison misses
it: ``j dot harlow at fastclaims dot support``, ``aud\\u200bit@…`` (zero-width spaces), a
Cyrillic ``а`` for a Latin ``a``, ``%6A%2E…``, ``&#64;``, base64, digits spelled out, the
value split in two or written backwards. The agent then calls the tool with the plain value.

Two steps undo that, without knowing what kind of value it is:

- :func:`tokens` reduces a text to its *skeleton*: the text layer's normalisation
  (:func:`weir.text.plain`: the invisible characters of Unicode's tables deleted, tags decoded,
  NFKC folding full-width and mathematical letters), confusable letters mapped to the Latin
  letter they imitate (Unicode's confusables, :data:`weir.text.unidata.CONFUSABLES`), case
  folded, and every character that is not a letter or a digit dropped. Whitespace separates
  tokens. Both an
  argument and untrusted text are compared as skeletons, so punctuation, spacing inside a
  token, and these disguises do not matter.
- :func:`decodings` gives the other readings of an untrusted text that a reader would see:
  percent-, HTML- and ``\\u``-escapes decoded, base64 runs decoded, "at"/"dot" words read as
  ``@``/``.``, digit words read as digits. Reversal and splitting are found when a value is
  looked up (:mod:`weir.flow.mentions`), not here.

Both are linear in the text's length.
"""

from __future__ import annotations

import base64
import binascii
import functools
import html
import re
import urllib.parse

from weir.text import CONFUSE, plain
from weir.text.unidata import CONFUSABLES

__all__ = ["CONFUSABLES", "decodings", "skeleton", "tokens"]

_PLAIN_TEXT = re.compile(r"[A-Za-z0-9 ]*")
_WORD = re.compile(r"[\w.@/:+#%~'-]+")
"""A word: letters, digits and the marks that join an identifier's parts (``chk_a1``,
``a.b@c.d``, ``https://x/y``). Any other character (space, quote, bracket, ``*``, ``,``) ends it."""
_NOT_ALNUM = re.compile(r"[\W_]+")
_LONG = 1024
"""A text this long is reduced in two passes over it; a shorter one word by word (fewer calls)."""
_NOT_WORD = re.compile(r"[^\w.@/:+#%~'-]+")
_JOINER = re.compile(r"[.@/:+#%~'_-]+")
"""The characters of a word (:data:`_WORD`) that are not letters or digits (``[\\W_]`` within it)."""


def tokens(text: str) -> list[str]:
    """The skeleton of ``text``: each word (:data:`_WORD`) reduced to its letters and digits.

    Words that reduce to nothing (a lone punctuation mark) are dropped.
    """
    if _PLAIN_TEXT.fullmatch(text) is not None:  # plain ASCII: nothing to fold but case
        return text.lower().split()
    folded = plain(text).translate(CONFUSE).casefold()
    if len(folded) < _LONG:
        return [w for word in _WORD.findall(folded) if (w := _NOT_ALNUM.sub("", word))]
    # The same in two passes over the whole text (not a substitution per word, 365 k of them in
    # a megabyte): what ends a word becomes a space, what joins one goes.
    return _JOINER.sub("", _NOT_WORD.sub(" ", folded)).split()


@functools.lru_cache(maxsize=8192)
def skeleton(text: str) -> str:
    """The skeleton of ``text`` as one string, its words joined without a separator."""
    return "".join(tokens(text))


# --- other readings of a text -------------------------------------------------------------

_PERCENT = re.compile(r"%[0-9A-Fa-f]{2}")
_ENTITY = re.compile(r"&(?:#\d{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z]{2,8});")
_ESCAPE = re.compile(r"\\u[0-9A-Fa-f]{4}|\\x[0-9A-Fa-f]{2}")
_BASE64 = re.compile(r"[A-Za-z0-9+/_-]{12,}={0,2}")
_SPELLED = re.compile(
    r"[\s\[\(\{<]*\b(at|dot)\b[\s\]\)\}>]*(?=\w)",
    re.IGNORECASE,
)
_DIGIT_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_DIGIT_RUN = re.compile(
    r"\b(?:(?:zero|one|two|three|four|five|six|seven|eight|nine)[\s,-]+){2,}"
    r"(?:zero|one|two|three|four|five|six|seven|eight|nine)\b",
    re.IGNORECASE,
)
_MAX_DECODED = 4096
"""A base64 run longer than this is data (an image, an attachment), not a disguised value."""


def decodings(text: str) -> list[str]:
    """Other readings of ``text``, each a whole text, when it holds an encoding or a disguise.

    Empty for most text (each reading is tried only where its marker occurs).
    """
    out: list[str] = []
    if "%" in text and _PERCENT.search(text) is not None:
        out.append(urllib.parse.unquote(text))
    if "&" in text and _ENTITY.search(text) is not None:
        out.append(html.unescape(text))
    if "\\" in text and _ESCAPE.search(text) is not None:
        out.append(_ESCAPE.sub(_unescape, text))
    decoded = [d for m in _BASE64.finditer(text) if (d := _base64(m.group(0))) is not None]
    if decoded:
        out.append(" ".join(decoded))
    lowered = text.lower()
    if (" at " in lowered or "dot" in lowered or "at)" in lowered or "at]" in lowered) and _SPELLED.search(text):
        out.append(_SPELLED.sub(_spelled, text))
    if any(word in lowered for word in _DIGIT_WORDS) and _DIGIT_RUN.search(text) is not None:
        out.append(_DIGIT_RUN.sub(_digits, text))
    return out


def _unescape(match: re.Match[str]) -> str:
    return chr(int(match.group(0)[2:], 16))


def _spelled(match: re.Match[str]) -> str:
    return "@" if match.group(1).lower() == "at" else "."


def _digits(match: re.Match[str]) -> str:
    words = re.findall(r"[a-z]+", match.group(0).lower())
    return "".join(str(_DIGIT_WORDS.index(w)) for w in words)


def _base64(run: str) -> str | None:
    """The text a base64 run decodes to, when it is printable text; None otherwise."""
    if len(run) > _MAX_DECODED or run.isalpha() or run.isdigit():
        return None  # a long word or a number, not an encoding
    body = run.rstrip("=")
    altchars = b"-_" if ("-" in body or "_" in body) else None
    try:
        raw = base64.b64decode(body + "=" * (-len(body) % 4), altchars=altchars, validate=True)
        decoded = raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    printable = sum(ch.isprintable() or ch.isspace() for ch in decoded)
    return decoded if decoded and printable == len(decoded) else None
