"""Values worth remembering: what an agent could copy from data it read into a later call.

Extraction pulls identifiers (e-mail addresses, URLs, domains, IBANs, phone and account
numbers, amounts) out of free text, and takes short strings whole. Each value is normalised so
that the same identifier written two ways ("DE89 3704 0044 0532 0130 00" and
"de89370400440532013000", "(555) 123-4567" and "+1 555 123 4567") gives the same key, and then
hashed: a session remembers 8-byte fingerprints, never the untrusted text itself.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator
from enum import IntEnum
from hashlib import blake2b
from typing import Any

from weir.flow.scanning import WHOLE, Runs, Scan

__all__ = [
    "MAX_WHOLE",
    "Kind",
    "addresses",
    "extract",
    "extract_at",
    "fingerprint",
    "number_key",
    "walk_leaves",
    "whole_key",
]

MAX_WHOLE = 200
"""Strings up to this length are also remembered whole (names, paths, subjects, ids)."""


class Kind(IntEnum):
    """What sort of value a fingerprint stands for (policy cares: an IBAN is not a word)."""

    TEXT = 0
    EMAIL = 1
    URL = 2
    DOMAIN = 3
    IBAN = 4
    PHONE = 5
    ACCOUNT = 6
    NUMBER = 7
    PATH = 8
    CHANNEL = 9

    @property
    def label(self) -> str:
        """Lower-case name used in facts and reasons."""
        return self.name.lower()


# Each pattern with where its matches can be (see weir.flow.scanning): every character a match
# consumes is in the alphabet, every match holds the hint, look-aheads read ``ahead`` characters on.
_EMAIL = Scan(
    pattern=re.compile(r"[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+"),
    where=Runs(hint=re.compile("@"), alphabet=re.compile(r"[\w.+@-]*")),
)
_URL = re.compile(r"\b(?:https?|ftp)://[^\s<>\"'`)\]]+", re.IGNORECASE)
_DOMAIN_PATTERN = re.compile(r"\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,24})\b", re.IGNORECASE)
_DOMAIN = Scan(
    pattern=_DOMAIN_PATTERN,
    where=Runs(
        hint=re.compile(r"\.(?<=[a-z0-9]\.)[a-z]{2}", re.IGNORECASE),  # the dot before the top-level domain
        alphabet=re.compile(r"[a-z0-9.-]*", re.IGNORECASE),
    ),
    ahead=1,
)
# The number patterns share their runs: each consumes characters of this alphabet only, and
# each match holds one of these (an amount's separator and cents, a run of seven digits and
# separators, an IBAN's check digits), so one search finds where any of them can match.
_NUMBER_RUNS = Runs(
    hint=re.compile(r"\d(?:[.,']\d\d|[\d ().-]{5,22}\d|(?<=[A-Z]{2}\d)\d)"),
    alphabet=re.compile(r"[A-Z\d +().,'-]*"),
)
_IBAN = Scan(pattern=re.compile(r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}\b"), where=_NUMBER_RUNS, ahead=1, shortest=15)
_DIGITS = Scan(
    pattern=re.compile(r"(?<![\w.])\+?\(?\d[\d ().-]{5,22}\d(?![\w])"), where=_NUMBER_RUNS, ahead=1, shortest=7
)
# Amounts as text writes them: with cents ("84,20", "1.475,60", "120.50") or thousands
# separators ("4.860", "12,000"). Bare integers in text are dates, times and counters far more
# often than amounts; integers in arguments are compared through number_key instead.
# Written "(?<![\w.,])\d{1,3}(?:[,.' ]\d{3})*[.,]\d{2}(?![\w])|(?<![\w.,])\d{1,3}(?:[,.']\d{3})+(?![\w.,]\d)",
# with each form's first digit taken before its look-behind (the same matches, tried in the same
# order): a pattern that begins with a digit lets the engine skip to the next digit.
_AMOUNT = Scan(
    pattern=re.compile(
        r"\d(?<![\w.,]\d)(?:\d{0,2}(?:[,.' ]\d{3})*[.,]\d{2}(?![\w])|\d{0,2}(?:[,.']\d{3})+(?![\w.,]\d))"
    ),
    where=_NUMBER_RUNS,
    ahead=2,
    shortest=4,
)
# A bare word.word is a domain only with a real top-level domain: generic ones, and two-letter
# country codes that are not also common file extensions ("notes.md", "main.py", "run.sh").
_GENERIC_TLDS = frozenset(
    [
        "com",
        "org",
        "net",
        "edu",
        "gov",
        "mil",
        "int",
        "io",
        "ai",
        "app",
        "dev",
        "info",
        "biz",
        "co",
        "me",
        "tv",
        "cloud",
        "online",
        "site",
        "shop",
        "xyz",
        "tech",
        "store",
        "blog",
        "news",
        "email",
        "link",
        "live",
        "pro",
        "page",
        "example",
        "test",
        "local",
        "internal",
        "corp",
    ]
)
_FILE_EXTENSIONS = frozenset(["md", "py", "rs", "ts", "js", "sh", "pl", "cc", "cs", "so", "ps", "ml", "gz", "bz"])


def fingerprint(kind: Kind, key: str) -> int:
    """Stable 64-bit fingerprint of a normalised value (same across processes, unlike ``hash``)."""
    # The hash of "<namespace>:<key>", continued from the namespace's own hashing state: the
    # same digest as hashing the whole text afresh (session snapshots store these), without
    # building a hasher and the concatenated text for every value.
    state = _SPACES[kind].copy()
    state.update(key.encode())
    return int.from_bytes(state.digest(), "big") >> 1  # 63 bits: fits a signed integer in JSON and SQL


_SPACES = {
    kind: blake2b(f"{int(Kind.ACCOUNT if kind is Kind.PHONE else kind)}:".encode(), digest_size=8) for kind in Kind
}
"""Each kind's namespace prefix, hashed (never finalised: only copies are). Phone and account
numbers share one namespace: "+1 555 123 4567" in an argument must match "5551234567" in a
result, whichever way each was classified."""


def whole_key(text: str) -> str:
    """Normalise a short string taken whole: case-folded, whitespace collapsed."""
    return " ".join(text.split()).casefold()


def number_key(value: float) -> str | None:
    """Key for a number worth remembering (amounts, ids): not tiny counters like 1 or 10."""
    if not math.isfinite(value):
        return None
    if float(value).is_integer():
        return str(int(value)) if abs(value) >= 100 else None
    return repr(round(float(value), 2))


def _iban_ok(candidate: str) -> bool:
    """IBAN-shaped: the checksum is deliberately not required (a fabricated IBAN in an
    injected e-mail is still an account the agent should not pay), but the account part
    must be mostly digits so that ordinary upper-case tokens do not qualify."""
    s = candidate.replace(" ", "")
    return 15 <= len(s) <= 34 and sum(ch.isdigit() for ch in s[4:]) >= 8


def _domain_key(host: str) -> str | None:
    host = host.lower().strip(".")
    host = host.removeprefix("www.")
    tld = host.rsplit(".", 1)[-1]
    if "." not in host or not _is_tld(tld):
        return None
    return host


def _is_tld(tld: str) -> bool:
    return tld in _GENERIC_TLDS or (len(tld) == 2 and tld.isalpha() and tld not in _FILE_EXTENSIONS)


def _url_keys(url: str, out: list[tuple[Kind, str]], at: list[int], start: int) -> None:
    url = url.rstrip(".,;:!?")
    scheme, _, rest = url.partition("://")
    host, _, tail = rest.partition("/")
    host = host.rsplit("@", 1)[-1].split(":", 1)[0]
    tail = tail.split("#", 1)[0].rstrip("/")
    out.append((Kind.URL, f"{scheme.lower()}://{host.lower()}/{tail}"))
    at.append(start)
    domain = _domain_key(host)
    if domain:
        out.append((Kind.DOMAIN, domain))
        at.append(start)


def _amount_key(raw: str) -> str | None:
    s = raw.replace("'", "").replace(" ", "")
    if "," in s and "." in s:
        s = s.replace(",", "") if s.rfind(".") > s.rfind(",") else s.replace(".", "").replace(",", ".")
    elif "," in s:
        head, _, tail = s.rpartition(",")
        s = f"{head.replace(',', '')}.{tail}" if len(tail) <= 2 else s.replace(",", "")
    try:
        return number_key(float(s))
    except ValueError:
        return None


# Chat channels as people write them: "#finance-billing" (at least one letter: "#4812" is an issue).
_CHANNEL = Scan(
    pattern=re.compile(r"(?<![\w&#/])#([a-z0-9][a-z0-9_.-]{0,79})(?![\w-])", re.IGNORECASE),
    where=Runs(hint=re.compile("#"), alphabet=re.compile(r"[#a-z0-9_.-]*", re.IGNORECASE)),
    ahead=1,
)
# File paths: absolute, home-relative or drive paths with at least two segments.
_PATH = Scan(
    pattern=re.compile(r"(?<![\w/~.])(?:~|[A-Za-z]:)?(?:[/\\][\w.@+-]+){2,}[/\\]?|~[/\\][\w.@+-]+(?:[/\\][\w.@+-]+)*"),
    where=Runs(hint=re.compile(r"[/\\]"), alphabet=re.compile(r"[\w.@+~:/\\-]*")),
)
_DIGIT = re.compile(r"\d")
_EIGHT = re.compile(r"\d{8}")
_RUN_PUNCTUATION = str.maketrans("", "", "+() .-")
"""What ``_DIGITS`` lets into a run besides digits (so deleting it leaves the digits)."""


def extract(text: str, *, derive: bool = True) -> list[tuple[Kind, str]]:
    """Every identifier in ``text`` as ``(kind, normalised key)``; may repeat a value.

    With ``derive`` (for data), an e-mail address also yields its domain and every domain
    mentioned counts; without it (for arguments) a domain counts only as a URL's host or as the
    whole value: mailing a colleague at a domain an untrusted mail also used, or writing "see
    evil.example" in a message body, is not copying a destination from that mail.
    """
    return extract_at(text, derive=derive)[0]


def extract_at(text: str, *, derive: bool = True) -> tuple[list[tuple[Kind, str]], list[int]]:
    """:func:`extract`, and where each key's match begins in ``text`` (a derived domain: where
    its address or URL begins). Kinds come in a fixed order, each kind's keys in text order."""
    out: list[tuple[Kind, str]] = []
    at: list[int] = []
    if not text:
        return out, at
    # Cheap guards first: each pattern runs only on text holding a character it needs, so most
    # argument strings (short words, names, codes) pass through one or two scans at most.
    if "@" in text:
        _emails(text, derive, out, at)
    if "://" in text:
        for m in _URL.finditer(text):
            _url_keys(m.group(0), out, at, m.start())
    if "/" in text or "\\" in text:
        _paths(text, out, at)
    if "." in text and (derive or "://" not in text):
        _domains(text, derive, out, at)
    if "#" in text and derive:
        for m in _CHANNEL.finditer(text):
            if any(ch.isalpha() for ch in m.group(1)):
                out.append((Kind.CHANNEL, m.group(1).lower().rstrip(".")))
                at.append(m.start())
    _numbers(text, out, at)
    return out, at


def addresses(text: str) -> list[str]:
    """The e-mail addresses in ``text``, normalised: the ``email`` keys :func:`extract` gives."""
    return [m.group(0).strip(".").lower() for m in _EMAIL.finditer(text)] if "@" in text else []


def _emails(text: str, derive: bool, out: list[tuple[Kind, str]], at: list[int]) -> None:
    for m in _EMAIL.finditer(text):
        addr = m.group(0).strip(".").lower()  # as addresses() normalises it
        out.append((Kind.EMAIL, addr))
        at.append(m.start())
        domain = _domain_key(addr.rsplit("@", 1)[1]) if derive else None
        if domain:
            out.append((Kind.DOMAIN, domain))
            at.append(m.start())


def _paths(text: str, out: list[tuple[Kind, str]], at: list[int]) -> None:
    for m in _PATH.finditer(text):
        if "://" not in text[max(0, m.start() - 3) : m.start() + 1]:
            out.append((Kind.PATH, m.group(0).rstrip("/\\.,;:").replace("\\", "/")))
            at.append(m.start())


def _domains(text: str, derive: bool, out: list[tuple[Kind, str]], at: list[int]) -> None:
    candidates = _DOMAIN.finditer(text) if derive else [m for m in [_DOMAIN_PATTERN.fullmatch(text.strip())] if m]
    for m in candidates:
        if m.start() > 0 and text[m.start() - 1] in "/@\\":
            continue  # part of a path or an address, not a domain on its own
        domain = _domain_key(m.group(0))
        if domain:
            out.append((Kind.DOMAIN, domain))
            at.append(m.start())


def _numbers(text: str, out: list[tuple[Kind, str]], at: list[int]) -> None:
    if len(text) <= WHOLE:
        # A short text is searched whole, each pattern gated as its runs would be.
        if _DIGIT.search(text) is not None:
            if len(text) >= _IBAN.shortest and text.lower() != text:
                _ibans(_IBAN.pattern.finditer(text), out, at)
            if len(text) >= _DIGITS.shortest:
                _digit_runs(_DIGITS.pattern.finditer(text), out, at)
            if "." in text or "," in text or "'" in text:
                _amounts(_AMOUNT.pattern.finditer(text), out, at)
        return
    runs = _NUMBER_RUNS.find(text)
    if not runs:  # most prose: no pattern can match, so none is tried
        return
    # A match lies in one run, so a run without what a pattern needs is skipped: an IBAN needs
    # capitals (the only characters of the runs' alphabet that lower() changes), both forms of
    # an amount a separator; of the digit runs only phones (a "+" or "(" first) and accounts
    # (eight digits or more) are kept, so a run with neither is skipped (dates and times).
    parts = [text[start:end] for start, end in runs]
    _ibans(_IBAN.finditer(text, [r for r, p in zip(runs, parts, strict=True) if p.lower() != p]), out, at)
    kept = [r for r, p in zip(runs, parts, strict=True) if "+" in p or "(" in p or _EIGHT.search(p)]
    _digit_runs(_DIGITS.finditer(text, kept), out, at)
    separated = [r for r, p in zip(runs, parts, strict=True) if "." in p or "," in p or "'" in p]
    _amounts(_AMOUNT.finditer(text, separated), out, at)


def _ibans(matches: Iterable[re.Match[str]], out: list[tuple[Kind, str]], at: list[int]) -> None:
    for m in matches:
        if _iban_ok(m.group(0)):
            out.append((Kind.IBAN, m.group(0).replace(" ", "").upper()))
            at.append(m.start())


def _amounts(matches: Iterable[re.Match[str]], out: list[tuple[Kind, str]], at: list[int]) -> None:
    for m in matches:
        key = _amount_key(m.group(0))
        if key:
            out.append((Kind.NUMBER, key))
            at.append(m.start())


def _digit_runs(matches: Iterable[re.Match[str]], out: list[tuple[Kind, str]], at: list[int]) -> None:
    """Phone numbers (written with ``+`` or ``(``) and account numbers (8+ bare digits).

    Both are compared on their last 9 digits. Digits with dashes or dots are dates, invoice
    and reference numbers far more often than phones, so they are left to the other kinds.
    """
    for m in matches:
        raw = m.group(0)
        if raw.isdigit():
            if len(raw) >= 8:
                out.append((Kind.ACCOUNT, raw[-9:]))
                at.append(m.start())
        elif raw[0] in "+(":
            digits = raw.translate(_RUN_PUNCTUATION)
            if len(digits) >= 7:
                out.append((Kind.PHONE, digits[-9:]))
                at.append(m.start())


def walk_leaves(value: Any, path: str = "", depth: int = 0) -> Iterator[tuple[str, Any]]:
    """Every scalar leaf of a JSON value with its JSON path (``to``, ``items[0].iban``)."""
    if depth > 32:
        return
    if isinstance(value, dict):
        for key, sub in value.items():
            # Scalars are yielded here rather than by a nested generator: most arguments are flat.
            if sub.__class__ in _SCALARS:
                if depth < 32:
                    yield (f"{path}.{key}" if path else str(key)), sub
            else:
                yield from walk_leaves(sub, f"{path}.{key}" if path else str(key), depth + 1)
    elif isinstance(value, list | tuple):
        for i, sub in enumerate(value):
            if sub.__class__ in _SCALARS:
                if depth < 32:
                    yield f"{path}[{i}]", sub
            else:
                yield from walk_leaves(sub, f"{path}[{i}]", depth + 1)
    else:
        yield path, value


_SCALARS = frozenset({str, int, float, bool, type(None)})
"""Exact classes of JSON scalars (never a dict, list or tuple)."""
