"""The extraction and argument-provenance code as it was before it was made faster (the reference).

``weir.flow.values.extract``, ``weir.flow.argkeys.arg_keys`` and ``ValueMemory.check_call`` were
restructured for speed (one list instead of generator chains, guards that skip patterns which
cannot match, keys worked out once per value). They must find exactly the same values and make
exactly the same provenance; the differential tests in ``test_values.py``, ``test_argkeys.py``
and ``test_provenance.py`` hold them to this copy of the earlier code. Not for production use.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping, Sequence
from hashlib import blake2b
from typing import Any

from weir.flow.values import MAX_WHOLE, Kind, walk_leaves

_EMAIL = re.compile(r"[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
_URL = re.compile(r"\b(?:https?|ftp)://[^\s<>\"'`)\]]+", re.IGNORECASE)
_DOMAIN = re.compile(r"\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,24})\b", re.IGNORECASE)
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}\b")
_DIGITS = re.compile(r"(?<![\w.])\+?\(?\d[\d ().-]{5,22}\d(?![\w])")
# Amounts as text writes them: with cents ("84,20", "1.475,60", "120.50") or thousands
# separators ("4.860", "12,000"). Bare integers in text are dates, times and counters far more
# often than amounts; integers in arguments are compared through number_key instead.
_AMOUNT = re.compile(
    r"(?<![\w.,])\d{1,3}(?:[,.' ]\d{3})*[.,]\d{2}(?![\w])|(?<![\w.,])\d{1,3}(?:[,.']\d{3})+(?![\w.,]\d)"
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
    # Phone and account numbers share one namespace: "+1 555 123 4567" in an argument must
    # match "5551234567" in a result, whichever way each was classified.
    space = Kind.ACCOUNT if kind is Kind.PHONE else kind
    digest = blake2b(f"{int(space)}:{key}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1  # 63 bits: fits a signed integer in JSON and SQL


def whole_key(text: str) -> str:
    """Normalise a short string taken whole: case-folded, whitespace collapsed."""
    return " ".join(text.split()).casefold()


def number_key(value: float) -> str | None:
    """Key for a number worth remembering (amounts, ids): not tiny counters like 1 or 10."""
    if math.isnan(value) or math.isinf(value):
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


def _url_keys(url: str) -> Iterator[tuple[Kind, str]]:
    url = url.rstrip(".,;:!?")
    scheme, _, rest = url.partition("://")
    host, _, tail = rest.partition("/")
    host = host.rsplit("@", 1)[-1].split(":", 1)[0]
    tail = tail.split("#", 1)[0].rstrip("/")
    yield Kind.URL, f"{scheme.lower()}://{host.lower()}/{tail}"
    domain = _domain_key(host)
    if domain:
        yield Kind.DOMAIN, domain


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


_HAS_DIGIT = re.compile(r"\d")
# Chat channels as people write them: "#finance-billing" (at least one letter: "#4812" is an issue).
_CHANNEL = re.compile(r"(?<![\w&#/])#([a-z0-9][a-z0-9_.-]{0,79})(?![\w-])", re.IGNORECASE)
# File paths: absolute, home-relative or drive paths with at least two segments.
_PATH = re.compile(r"(?<![\w/~.])(?:~|[A-Za-z]:)?(?:[/\\][\w.@+-]+){2,}[/\\]?|~[/\\][\w.@+-]+(?:[/\\][\w.@+-]+)*")


def extract(text: str, *, derive: bool = True) -> Iterator[tuple[Kind, str]]:
    """Every identifier in ``text`` as ``(kind, normalised key)``; may repeat a value.

    With ``derive`` (for data), an e-mail address also yields its domain and every domain
    mentioned counts; without it (for arguments) a domain counts only as a URL's host or as the
    whole value: mailing a colleague at a domain an untrusted mail also used, or writing "see
    evil.example" in a message body, is not copying a destination from that mail.
    """
    if not text:
        return
    # Cheap guards first: most argument strings are short words that need no regex at all.
    if "@" in text:
        yield from _emails(text, derive)
    if "://" in text:
        for m in _URL.finditer(text):
            yield from _url_keys(m.group(0))
    if "/" in text or "\\" in text:
        yield from _paths(text)
    if "." in text and (derive or "://" not in text):
        yield from _domains(text, derive)
    if "#" in text and derive:
        for m in _CHANNEL.finditer(text):
            if any(ch.isalpha() for ch in m.group(1)):
                yield Kind.CHANNEL, m.group(1).lower().rstrip(".")
    if _HAS_DIGIT.search(text) is not None:
        yield from _numbers(text)


def _emails(text: str, derive: bool) -> Iterator[tuple[Kind, str]]:
    for m in _EMAIL.finditer(text):
        addr = m.group(0).strip(".").lower()
        yield Kind.EMAIL, addr
        domain = _domain_key(addr.rsplit("@", 1)[1]) if derive else None
        if domain:
            yield Kind.DOMAIN, domain


def _paths(text: str) -> Iterator[tuple[Kind, str]]:
    for m in _PATH.finditer(text):
        if "://" not in text[max(0, m.start() - 3) : m.start() + 1]:
            yield Kind.PATH, m.group(0).rstrip("/\\.,;:").replace("\\", "/")


def _domains(text: str, derive: bool) -> Iterator[tuple[Kind, str]]:
    candidates = _DOMAIN.finditer(text) if derive else [m for m in [_DOMAIN.fullmatch(text.strip())] if m]
    for m in candidates:
        if m.start() > 0 and text[m.start() - 1] in "/@\\":
            continue  # part of a path or an address, not a domain on its own
        domain = _domain_key(m.group(0))
        if domain:
            yield Kind.DOMAIN, domain


def _numbers(text: str) -> Iterator[tuple[Kind, str]]:
    for m in _IBAN.finditer(text):
        if _iban_ok(m.group(0)):
            yield Kind.IBAN, m.group(0).replace(" ", "").upper()
    yield from _digit_runs(text)
    for m in _AMOUNT.finditer(text):
        key = _amount_key(m.group(0))
        if key:
            yield Kind.NUMBER, key


def _digit_runs(text: str) -> Iterator[tuple[Kind, str]]:
    """Phone numbers (written with ``+`` or ``(``) and account numbers (8+ bare digits).

    Both are compared on their last 9 digits. Digits with dashes or dots are dates, invoice
    and reference numbers far more often than phones, so they are left to the other kinds.
    """
    for m in _DIGITS.finditer(text):
        raw = m.group(0)
        digits = "".join(ch for ch in raw if ch.isdigit())
        if raw.startswith(("+", "(")) and len(digits) >= 7:
            yield Kind.PHONE, digits[-9:]
        elif raw.isdigit() and len(digits) >= 8:
            yield Kind.ACCOUNT, digits[-9:]


# -- argument provenance (ValueMemory.check_call's earlier loop over records) ----------------

_STEP_MASK = (1 << 20) - 1
_KIND_SHIFT = 31
_AGENT = 1 << 30
_MAX_TRUSTED = 4096
_CHANNEL_ARG = re.compile(r"#?[A-Za-z0-9][\w.-]{0,79}")


def data_keys(value: Any, *, derive: bool = True) -> Iterator[tuple[Kind, str]]:
    """Keys for one scalar: identifiers inside it, and short strings whole."""
    if isinstance(value, str):
        if len(value) <= MAX_WHOLE and value.strip():
            yield Kind.TEXT, whole_key(value)
            if not derive and _CHANNEL_ARG.fullmatch(value.strip()):
                yield Kind.CHANNEL, value.strip().lstrip("#").lower()
        yield from extract(value, derive=derive)
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int | float):
        key = number_key(float(value))
        if key:
            yield Kind.NUMBER, key


def whole_text(leaf: Any) -> str:
    """The argument normalised the way identifiers are."""
    if not isinstance(leaf, str):
        return ""
    s = leaf.strip()
    compact = s.replace(" ", "")
    return compact.upper() if compact[:2].isalpha() and compact[2:4].isdigit() else s.lower().rstrip("/")


_PRIORITY = {
    Kind.NUMBER: 0,
    Kind.TEXT: 1,
    Kind.PATH: 2,
    Kind.CHANNEL: 2,
    Kind.DOMAIN: 2,
    Kind.URL: 3,
    Kind.PHONE: 4,
    Kind.EMAIL: 5,
    Kind.ACCOUNT: 6,
    Kind.IBAN: 7,
}


def best_of(leaf: Any, found: Sequence[tuple[Kind, str, int]]) -> tuple[Kind, int, bool]:
    """The most specific of the untrusted records an argument leaf matched (the first on ties)."""
    kind, key, rec = found[0]
    for candidate in found[1:]:
        if _PRIORITY[candidate[0]] > _PRIORITY[kind]:
            kind, key, rec = candidate
    whole = kind is Kind.TEXT or kind is Kind.NUMBER or key == whole_text(leaf)
    return kind, rec, whole


def check_call(
    records: dict[int, int], trusted_count: int, arguments: Mapping[str, Any], *, note: bool = True
) -> tuple[list[tuple[str, Kind, int, bool]], frozenset[int], int]:
    """The earlier loop over plain records: (path, kind, record, whole) per tainted argument,
    the fingerprints used, and the new count of trusted records. Updates ``records``."""
    out = []
    used: set[int] = set()
    for path, leaf in walk_leaves(dict(arguments)):
        keys = [(kind, key, fingerprint(kind, key)) for kind, key in data_keys(leaf, derive=False)]
        found: list[tuple[Kind, str, int]] = []
        for kind, key, fp in keys:
            rec = records.get(fp)
            if rec is not None:
                if rec & _STEP_MASK:
                    found.append((kind, key, rec))
            elif note and trusted_count < _MAX_TRUSTED:
                records[fp] = (int(kind) << _KIND_SHIFT) | _AGENT
                trusted_count += 1
            if note:
                used.add(fp)
        if found:
            kind, rec, whole = best_of(leaf, found)
            out.append((path, kind, rec, whole))
    return out, frozenset(used), trusted_count


# -- recording a result (ValueMemory.observe's earlier loop over records) ----------------------

_COUNT_SHIFT, _COUNT_MASK = 20, 0xFF
_MALICIOUS, _TRUSTED = 1 << 28, 1 << 29
_SENDER = 1 << 35
_OPEN = 1 << 36
_SENDER_KEYS = frozenset({"from", "sender", "author", "organizer", "organiser", "replyto", "reply_to", "owner"})
_SENDER_LINE = re.compile(r"^\s*(?:from|sender|reply-to|organi[sz]er|author)\s*:\s*(.+)$", re.IGNORECASE | re.MULTILINE)


def _sender_fingerprints(path: str, leaf: Any) -> set[int]:
    if not isinstance(leaf, str) or "@" not in leaf:
        return set()
    key = path.rsplit(".", 1)[-1].split("[", 1)[0].replace("-", "").lower()
    texts = [leaf] if key in _SENDER_KEYS else [m.group(1) for m in _SENDER_LINE.finditer(leaf)]
    return {fingerprint(k, v) for text in texts for k, v in extract(text, derive=False) if k is Kind.EMAIL}


def observe(
    records: dict[int, int],
    trusted_count: int,
    data: Any,
    *,
    step: int,
    untrusted: bool,
    malicious: bool,
    echo: frozenset[int] = frozenset(),
    open_world: bool = False,
) -> int:
    """The earlier ``ValueMemory.observe`` over plain records; returns the new trusted count."""
    seen: set[int] = set()
    senders: set[int] = set()
    for path, leaf in walk_leaves(data):
        if untrusted:
            senders |= _sender_fingerprints(path, leaf)
        for kind, key in data_keys(leaf):
            fp = fingerprint(kind, key)
            if fp in seen:
                continue
            seen.add(fp)
            if untrusted or fp not in echo:
                trusted_count = _observe_one(
                    records,
                    trusted_count,
                    fp,
                    kind,
                    step=step,
                    untrusted=untrusted,
                    malicious=malicious,
                    open_world=open_world,
                )
    for fp in senders:
        if fp in records:
            records[fp] |= _SENDER
    return trusted_count


def _observe_one(
    records: dict[int, int],
    trusted_count: int,
    fp: int,
    kind: Kind,
    *,
    step: int,
    untrusted: bool,
    malicious: bool,
    open_world: bool,
) -> int:
    rec = records.get(fp)
    if rec is None:
        if not untrusted and (kind is Kind.NUMBER or trusted_count >= _MAX_TRUSTED):
            return trusted_count
        rec = int(kind) << _KIND_SHIFT
        if not untrusted:
            trusted_count += 1
    if untrusted:
        if not rec & _STEP_MASK:
            rec |= min(step + 1, _STEP_MASK)
        count = min(((rec >> _COUNT_SHIFT) & _COUNT_MASK) + 1, _COUNT_MASK)
        rec = (rec & ~(_COUNT_MASK << _COUNT_SHIFT)) | (count << _COUNT_SHIFT)
        if malicious:
            rec |= _MALICIOUS
        if open_world:
            rec |= _OPEN
    else:
        rec |= _TRUSTED
    records[fp] = rec
    return trusted_count
