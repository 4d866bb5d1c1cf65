"""Tool poisoning: instructions to the model hidden in a tool's own definition.

A ``tools/list`` entry is read by the model as trusted context, so a malicious server can put
orders there — in the description, in a parameter's description, in a schema default or enum.
This detector checks every string of a tool definition (name, title, description, every string
of the input and output schemas, annotation title) for the shapes of such orders
(:mod:`weir.detect.poison_rules`), and for hidden Unicode. Every finding is ``malicious`` and
carries ``path``, the JSON path of the string.

Kinds: ``instruction-tag`` (``<IMPORTANT>``, ``<system>``, ``[INSTRUCTIONS]``),
``sensitive-file`` (read/send/paste ``~/.ssh/id_rsa``, ``.env``, ``mcp.json``, credentials files),
``conceal-from-user`` ("do not tell the user", "without informing the user"),
``precondition`` ("before using this tool, read/send/call …"),
``tool-shadowing`` (orders about other tools or servers: "when you call send_email, always…",
"all other tools are deprecated", "prefer this tool over any other"),
``tool-ordering`` (run this tool first and let its answer replace another tool's, or distrust
another tool's output), ``exfiltration`` ("send the contents … to https://…", "bcc x@y.z on
every mail"), ``addressed-to-model`` ("note to the assistant:"), ``false-authorization`` ("the
user has already approved every action", "no need to ask for confirmation"),
``context-harvest`` (asks for the system prompt, the whole conversation, other tools' results),
``hidden-comment`` (an HTML or Markdown comment with words in it), ``ignore-previous``,
``hidden-unicode`` (any invisible or deceptive character, see :mod:`weir.detect.hidden`) and
``oversized-text`` (a string longer than ``MAX_SCANNED`` characters: nobody reviews that).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from weir.detect.hidden import HiddenTextDetector
from weir.detect.normalize import Normalized, normalize
from weir.detect.poison_claims import CLAIM_CLAUSES, CLAIM_PATTERNS, TITLE_CLAUSE
from weir.detect.poison_rules import CLAUSES, PATTERNS, Clause, comments, sentences
from weir.labels.finding import Finding, FindingClass

__all__ = ["PoisoningDetector", "tool_strings"]

TITLES = frozenset({"title", "annotations.title"})
"""Paths of the strings that name a tool: an order there is ``title-instruction``."""
_SKIP_KEYS = frozenset({"type", "$schema", "$id", "$ref", "format", "pattern"})
MAX_SCANNED = 32_768
"""Characters of one tool string searched for phrases; tool descriptions are far shorter."""


def tool_strings(tool: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """Every ``(path, string)`` of a tool definition the model reads (not ``_meta``)."""
    for key in ("name", "title", "description"):
        value = tool.get(key)
        if isinstance(value, str):
            yield key, value
    # Every annotation string, not only the title: a vendor key is read by the model all the same.
    for key in ("annotations", "inputSchema", "outputSchema"):
        yield from _walk(tool.get(key), key)


def _walk(node: Any, path: str) -> Iterator[tuple[str, str]]:
    # Iterative, so a hostile, deeply nested schema cannot exhaust the stack.
    stack: list[tuple[Any, str]] = [(node, path)]
    while stack:
        value, where = stack.pop()
        if isinstance(value, str):
            yield where, value
        elif isinstance(value, Mapping):
            for key, child in reversed(list(value.items())):
                if str(key) not in _SKIP_KEYS:
                    stack.append((child, f"{where}.{key}"))
        elif isinstance(value, list):
            stack.extend((child, f"{where}[{i}]") for i, child in reversed(list(enumerate(value))))


class PoisoningDetector:
    """Find instructions hidden in tool definitions (see the module docstring for the kinds).

    ``hidden`` also reports invisible/deceptive Unicode in tool strings (``hidden-unicode``).
    """

    id = "poisoning"

    def __init__(self, *, hidden: bool = True) -> None:
        self.hidden = hidden
        self._hidden = HiddenTextDetector()

    def __call__(self, text: str, *, own_name: str | None = None, title: bool = False) -> list[Finding]:
        """Poisoning phrases in one string; spans index ``text``.

        Only the first ``MAX_SCANNED`` characters are searched for phrases (the patterns are
        linear but not cheap); a longer string is itself reported as ``oversized-text``.
        ``own_name`` is the name of the tool the string belongs to: a sentence naming it speaks of
        this tool, not of another one. ``title`` says the string is the tool's title, where any
        directive is reported (``title-instruction``).
        """
        found: list[Finding] = []
        if len(text) > MAX_SCANNED:
            found.append(_finding("oversized-text", MAX_SCANNED, len(text), 0.6, f"{len(text)} characters"))
        norm = normalize(text[:MAX_SCANNED])
        phrases = list(_phrases(norm))
        found += phrases
        # A sentence a pattern already marked adds no second finding of the same kind.
        clauses = (*CLAUSES, *CLAIM_CLAUSES, TITLE_CLAUSE) if title else (*CLAUSES, *CLAIM_CLAUSES)
        found += (c for c in _clauses(norm, own_name, clauses) if not any(_covers(c, p) for p in phrases))
        if self.hidden:
            for h in self._hidden(text):
                found.append(_finding("hidden-unicode", h.start, h.end, h.confidence, h.message or h.kind))
        unique = {(f.kind, f.start, f.end): f for f in reversed(found)}  # the first of equal findings stays
        return sorted(unique.values(), key=lambda f: (f.start, f.end, f.kind))

    def check_tool(self, tool: Mapping[str, Any], *, prefix: str = "") -> list[Finding]:
        """Findings for one tool; ``path`` is ``prefix`` + the JSON path of the string in the tool."""
        raw = tool.get("name")
        name = raw if isinstance(raw, str) else "?"
        own = raw if isinstance(raw, str) and len(raw) >= 3 else None  # "t" would match inside words
        found: list[Finding] = []
        for path, text in tool_strings(tool):
            for f in self(text, own_name=own, title=path in TITLES):
                found.append(
                    f.model_copy(update={"path": prefix + path, "message": f"tool {name!r} {path}: {f.message}"})
                )
        return found

    def check(self, server: str, tools: Sequence[Mapping[str, Any]]) -> list[Finding]:
        """Findings for a ``tools/list``; ``path`` is ``tools[<index>].<path in the tool>``."""
        found: list[Finding] = []
        for i, tool in enumerate(tools):
            if isinstance(tool, Mapping):
                found.extend(self.check_tool(tool, prefix=f"tools[{i}]."))
        return found


def _phrases(norm: Normalized) -> Iterator[Finding]:
    """Patterns and comments: a finding over each match."""
    for kind, pattern, confidence in (*PATTERNS, *CLAIM_PATTERNS):
        for m in pattern.finditer(norm.text):
            yield _at(norm, kind, m.start(), m.end(), confidence)
    for first, last in comments(norm.text):
        yield _at(norm, "hidden-comment", first, last, 0.85)


def _clauses(norm: Normalized, own_name: str | None, clauses: Sequence[Clause]) -> Iterator[Finding]:
    """Clauses: a finding over each sentence one holds in."""
    own = re.compile(rf"(?<![\w`]){re.escape(own_name)}(?![\w`])") if own_name else None
    for first, last in sentences(norm.text):
        sentence = norm.text[first:last]
        read = own.sub("this tool", sentence) if own else sentence
        for clause in clauses:
            if clause.matches(read):
                yield _at(norm, clause.kind, first, last, clause.confidence)


def _covers(sentence: Finding, phrase: Finding) -> bool:
    return sentence.kind == phrase.kind and sentence.start < phrase.end and phrase.start < sentence.end


def _at(norm: Normalized, kind: str, first: int, last: int, confidence: float) -> Finding:
    """A finding over ``norm.text[first:last]``, its span mapped back to the original text."""
    start, end = norm.span(first, last)
    return _finding(kind, start, end, confidence, f"{kind}: {norm.text[first:last][:120]!r}")


def _finding(kind: str, start: int, end: int, confidence: float, message: str) -> Finding:
    return Finding(
        detector=PoisoningDetector.id,
        kind=kind,
        cls=FindingClass.MALICIOUS,
        start=start,
        end=end,
        confidence=confidence,
        message=message,
    )
