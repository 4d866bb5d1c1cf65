"""Text as provenance compares it: the same characters however they were written.

An injected instruction may write the value it wants copied so that a plain comparison misses
it: ``j dot harlow at fastclaims dot support``, ``aud\\u200bit@…`` (zero-width spaces), a
Cyrillic ``а`` for a Latin ``a``, ``%6A%2E…``, ``&#64;``, base64, digits spelled out, the
value split in two or written backwards. The agent then calls the tool with the plain value.

Two steps undo that, without knowing what kind of value it is:

- :func:`tokens` reduces a text to its *skeleton*: Unicode compatibility forms folded (NFKC:
  full-width and mathematical letters), confusable letters mapped to the Latin letter they
  imitate, case folded, and every character that is not a letter or a digit dropped
  (punctuation, zero-width and other format characters). Whitespace separates tokens. Both an
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
import unicodedata
import urllib.parse

__all__ = ["CONFUSABLES", "decodings", "skeleton", "tokens"]

CONFUSABLES: dict[str, str] = {
    # Cyrillic letters drawn like Latin ones (lower and upper case).
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
    "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "һ": "h", "ԁ": "d", "ԛ": "q",
    "ԝ": "w", "ү": "y", "ɡ": "g", "ӏ": "l", "ԍ": "g",
    "А": "A", "В": "B", "Е": "E", "Ё": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C",
    "Т": "T", "У": "Y", "Х": "X", "Ѕ": "S", "І": "I", "Ї": "I", "Ј": "J", "Һ": "H", "Ԁ": "D", "Ԛ": "Q",
    "Ԝ": "W", "Ү": "Y", "Ӏ": "I",
    # Greek.
    "α": "a", "β": "b", "γ": "y", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x", "ω": "w",
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
    "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    # Armenian, and Latin letters that pass for others.
    "օ": "o", "ո": "n", "ս": "u", "ց": "g", "հ": "h", "ı": "i", "ȷ": "j", "ł": "l", "ø": "o", "ß": "ss",
}  # fmt: skip
"""Letters that look like a Latin letter, mapped to it (after NFKC, which folds full-width and
mathematical letters itself). Written out by hand from the common lookalikes of Unicode's
confusables: Cyrillic, Greek and Armenian letters, and a few Latin variants."""

_CONFUSE = str.maketrans(CONFUSABLES)
_INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\U000e0000-\U000e0fff]"
)
"""Format and invisible characters (zero-width spaces and joiners, direction marks, variation
selectors, tags, the soft hyphen): deleted, so that they split nothing."""
_WORD = re.compile(r"[\w.@/:+#%~'-]+")
"""A word: letters, digits and the marks that join an identifier's parts (``chk_a1``,
``a.b@c.d``, ``https://x/y``). Any other character (space, quote, bracket, ``*``, ``,``) ends it."""
_NOT_ALNUM = re.compile(r"[\W_]+")
_PLAIN = re.compile(r"[A-Za-z0-9 ]*")


def tokens(text: str) -> list[str]:
    """The skeleton of ``text``: each word (:data:`_WORD`) reduced to its letters and digits.

    Words that reduce to nothing (a lone punctuation mark) are dropped.
    """
    if _PLAIN.fullmatch(text) is not None:  # plain ASCII: nothing to fold but case
        return text.lower().split()
    folded = unicodedata.normalize("NFKC", _INVISIBLE.sub("", text)).translate(_CONFUSE).casefold()
    return [w for word in _WORD.findall(folded) if (w := _NOT_ALNUM.sub("", word))]


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
