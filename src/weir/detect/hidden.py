"""The hidden-content detector: text a human reviewer cannot see but a model reads.

It runs on the ORIGINAL text (the chain hands it the text before normalisation, which removes
exactly what this detector reports). Findings:

- ``unicode-tags`` (malicious): tag characters that spell ASCII — invisible instructions; the
  decoded text is in the message. An emoji flag's tag sequence (🏴 + tags + cancel) is exempt.
- ``bidi-control`` (malicious): embeddings, overrides or isolates in text with no right-to-left
  letters — the "Trojan Source" trick that makes text display differently from how it reads.
  In text with right-to-left letters, embeddings and isolates are ordinary and not reported;
  overrides are reported as ``suspicious``. Bare direction marks (LRM, RLM, ALM) never are.
- ``zero-width`` (suspicious): zero-width and filler characters between ASCII characters; a
  joiner or non-joiner next to non-ASCII text (emoji sequences, Persian, Indic scripts) and a
  byte-order mark at the very start are legitimate and not reported.
- ``variation-selector`` (suspicious): variation selectors not following an emoji or CJK
  character — a known covert channel.
- ``ansi-escape`` (suspicious): terminal escape sequences, which can hide or overwrite text on a
  terminal. ``control-char`` and ``invisible-format`` (suspicious): other invisible characters.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from weir.detect.codes import has_ascii_controls
from weir.labels.finding import Finding, FindingClass
from weir.text.charclass import HIDDEN
from weir.text.chars import (
    BIDI_CONTROLS,
    CONTROL_CHARS,
    INVISIBLE_FORMAT,
    TAG_CHARS,
    VARIATION_SELECTORS,
    ZERO_WIDTH,
)
from weir.text.normal import special_runs

__all__ = ["HiddenTextDetector"]

_HIDDEN = re.compile(
    rf"(?P<tags>[{TAG_CHARS}]+)"
    rf"|(?P<bidi>[{BIDI_CONTROLS}]+)"
    rf"|(?P<zw>[{ZERO_WIDTH}]+)"
    rf"|(?P<vs>[{VARIATION_SELECTORS}]+)"
    rf"|(?P<fmt>[{INVISIBLE_FORMAT}]+)"
    rf"|(?P<ctl>[{CONTROL_CHARS}]+)"
    rf"|(?P<other>[^\x00-\x7f{TAG_CHARS}{ZERO_WIDTH}{VARIATION_SELECTORS}{INVISIBLE_FORMAT}{CONTROL_CHARS}"
    rf"{BIDI_CONTROLS}]+)"
)
_RTL_LETTERS = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")
_SOFT_JOINERS = frozenset("\u200c\u200d")
_OVERRIDES = frozenset("\u202d\u202e")
_BLACK_FLAG = "\U0001f3f4"
_MESSAGE_CHARS = 120
_S, _M = FindingClass.SUSPICIOUS, FindingClass.MALICIOUS
_KINDS: dict[str, tuple[str, FindingClass, float, str]] = {
    "bidi": ("bidi-control", _M, 0.9, "bidirectional override or isolate"),
    "zw": ("zero-width", _S, 0.8, "zero-width characters"),
    "vs": ("variation-selector", _S, 0.7, "variation selectors"),
    "fmt": ("invisible-format", _S, 0.8, "invisible format characters"),
    "ansi": ("ansi-escape", _S, 0.7, "terminal escape sequence"),
    "ctl": ("control-char", _S, 0.6, "control characters"),
}


class HiddenTextDetector:
    """Report invisible and deceptive characters (see the module docstring for each kind).

    ``ansi`` and ``controls`` switch off the two kinds that are common in legitimate terminal
    output (a tool that returns coloured logs); the others are always on.
    """

    id = "hidden"
    raw_text = True
    """The chain calls this detector with the original text, not the normalised one."""

    def __init__(self, *, ansi: bool = True, controls: bool = True) -> None:
        self.ansi = ansi
        self.controls = controls

    def __call__(self, text: str) -> list[Finding]:
        """The hidden content in ``text``, one finding per contiguous run."""
        if text.isascii() and not has_ascii_controls(text):
            return []
        return list(self._findings(text))

    def _findings(self, text: str) -> Iterator[Finding]:
        rtl: bool | None = None  # searched for at the first bidi run: most texts have none
        for group, start, end in special_runs(text, _HIDDEN, bits=HIDDEN):
            if group == "other":
                continue
            if group == "tags":
                yield from _tags(text, start, end)
                continue
            if not self._wanted(group, text, start, end):
                continue
            kind, cls, confidence, what = _KINDS[group]
            if group == "bidi" and rtl is None:
                rtl = _RTL_LETTERS.search(text) is not None
            if group == "bidi" and rtl:
                # Right-to-left text uses embeddings and isolates legitimately; only the
                # overrides, which reorder what a reader sees, are still worth a note.
                if not _OVERRIDES.intersection(text[start:end]):
                    continue
                cls = FindingClass.SUSPICIOUS
            yield Finding(
                detector=self.id,
                kind=kind,
                cls=cls,
                start=start,
                end=end,
                confidence=confidence,
                message=f"{what} ({end - start} chars)",
            )

    def _wanted(self, group: str, text: str, start: int, end: int) -> bool:
        if group == "zw":
            return not _legit_joiner(text, start, end)
        if group == "vs":
            return not _after_pictograph(text, start)
        return (group != "ansi" or self.ansi) and (group != "ctl" or self.controls)


def _tags(text: str, start: int, end: int) -> Iterator[Finding]:
    run = text[start:end]
    if start > 0 and text[start - 1] == _BLACK_FLAG and run.endswith("\U000e007f") and len(run) <= 8:
        return
    # Only the start is decoded: it is for the message, and the run may be megabytes long.
    decoded = "".join(chr(ord(c) - 0xE0000) for c in run[: _MESSAGE_CHARS * 2] if 0xE0020 <= ord(c) <= 0xE007E)
    shown = decoded[:_MESSAGE_CHARS] + ("…" if len(run) > _MESSAGE_CHARS else "")
    yield Finding(
        detector=HiddenTextDetector.id,
        kind="unicode-tags",
        cls=FindingClass.MALICIOUS,
        start=start,
        end=end,
        confidence=0.99 if decoded else 0.8,
        message=f"invisible Unicode tag text: {shown!r}",
    )


def _legit_joiner(text: str, start: int, end: int) -> bool:
    """A ZWJ/ZWNJ run next to non-ASCII text, or a BOM at offset 0, is ordinary text."""
    run = text[start:end]
    if run == "\ufeff" and start == 0:
        return True
    if not set(run) <= _SOFT_JOINERS:
        return False
    before = text[start - 1] if start > 0 else ""
    after = text[end] if end < len(text) else ""
    return (before != "" and not before.isascii()) or (after != "" and not after.isascii())


def _after_pictograph(text: str, start: int) -> bool:
    """After an emoji or CJK character, or (Mongolian's free selectors) after a Mongolian letter."""
    if start == 0:
        return False
    point = ord(text[start - 1])
    return point >= 0x2000 or (0x1820 <= point <= 0x18AF and 0x180B <= ord(text[start]) <= 0x180F)
