"""Tool poisoning: instructions to the model hidden in a tool's own definition.

A ``tools/list`` entry is read by the model as trusted context, so a malicious server can put
orders there — in the description, in a parameter's description, in a schema default or enum.
This detector checks every string of a tool definition (name, title, description, input and
output schemas, annotation title) for the known shapes of such orders, and for hidden Unicode.
Every finding is ``malicious`` and carries ``path``, the JSON path of the string.

Kinds: ``instruction-tag`` (``<IMPORTANT>``, ``<system>``, ``[INSTRUCTIONS]``),
``sensitive-file`` (read/send ``~/.ssh/id_rsa``, ``.env``, ``mcp.json``, credentials files),
``conceal-from-user`` ("do not tell the user", "without informing the user"),
``precondition`` ("before using this tool, read/send/call …"), ``tool-shadowing`` (orders about
other tools or servers: "when you call send_email, always…", "all e-mails must be sent to…"),
``exfiltration`` ("send/forward/upload the contents/keys/results … to https://… / to x@y.z"),
``ignore-previous``,
``hidden-unicode`` (any invisible or deceptive character, see :mod:`weir.detect.hidden`) and
``oversized-text`` (a string longer than ``MAX_SCANNED`` characters: nobody reviews that).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from weir.detect.hidden import HiddenTextDetector
from weir.detect.normalize import normalize
from weir.labels.finding import Finding, FindingClass

__all__ = ["PoisoningDetector", "tool_strings"]

_VERBS = r"(?:read|cat|open|load|include|attach|send|upload|pass|provide|fetch|copy|access|extract|retrieve|get)"
_FILES = (
    r"(?:~/\.ssh|\.ssh/|id_rsa|id_ed25519|id_ecdsa|\.aws/credentials|\.env\b|/etc/passwd|/etc/shadow|\.npmrc"
    r"|\.pypirc|\.netrc|\.git-credentials|\.kube/config|mcp\.json|\.cursor/|claude_desktop_config"
    r"|\.docker/config\.json|private keys?\b|ssh keys?\b|credentials? files?|api keys?\b)"
)
_PATTERNS: tuple[tuple[str, re.Pattern[str], float], ...] = tuple(
    (kind, re.compile(pattern, re.IGNORECASE), confidence)
    for kind, pattern, confidence in (
        (
            "instruction-tag",
            r"<\s{0,3}/?\s{0,3}(?:important|system|instructions?|secret|hidden|admin|critical|override)\b[^<>\n]{0,40}>"
            r"|\[\s{0,3}(?:important|system|instructions?)\s{0,3}\]",
            0.9,
        ),
        ("sensitive-file", rf"\b{_VERBS}\b[^\n]{{0,60}}?{_FILES}", 0.9),
        (
            "conceal-from-user",
            r"\b(?:do\s+not|don'?t|never|must\s+not|without)\s+(?:tell|inform|notify|mention|reveal|alert|show|"
            r"disclose|telling|informing|notifying|mentioning|revealing|alerting|showing|disclosing)\w{0,3}\s+"
            r"(?:(?:this|it|that|anything)\s+)?(?:to\s+)?(?:the\s+)?users?\b"
            r"|\busers?\s+(?:must|should|need|does)\s*(?:not|n't)\s+(?:know|see|be\s+told|notice)"
            r"|\bhide\s+(?:this|it)\s+from\s+the\s+user",
            0.95,
        ),
        (
            "precondition",
            r"\bbefore\s+(?:using|calling|invoking|running)\s+(?:this|the|any)\b[^.\n]{0,60}?"
            r"\b(?:read|cat|send|include|upload|forward|extract|call)\b",
            0.8,
        ),
        (
            "tool-shadowing",
            r"\b(?:when|whenever|if)\s+(?:the\s+)?(?:user|you|assistant|agent|model)\s+(?:calls?|uses?|invokes?|runs?)"
            r"\s+(?:the\s+|any\s+)?[`'\"]?\w{1,64}[`'\"]?\s+tools?\b[^.\n]{0,80}?"
            r"\b(?:always|must|never|also|instead|include|add|send|bcc|cc|set|change|replace)\b"
            r"|\binstead\s+of\s+(?:using|calling)\s+(?:the\s+)?[`'\"]?\w{1,64}[`'\"]?\s+tool"
            r"|\b(?:all|every|any)\s+(?:e-?mails?|messages?|requests?|payments?|transfers?)\s+(?:must|should|shall)"
            r"\s+(?:also\s+)?(?:be\s+)?(?:sent|forwarded|routed|redirected|cc'?d|bcc'?d|copied)\s+to\b"
            r"|\b(?:change|override|modify|replace)\s+the\s+(?:behaviou?r|recipient|destination|arguments?)\s+of\b"
            r"|\bother\s+(?:tools?|servers?)\b[^.\n]{0,60}\b(?:must|should|always|never)\b",
            0.85,
        ),
        (
            "exfiltration",
            r"\b(?:send|forward|upload|post|e-?mail|transmit|exfiltrate|copy|bcc|leak)\b[^.\n]{0,40}?"
            r"\b(?:contents?|data|conversation|history|keys?|credentials?|secrets?|tokens?|files?|messages?"
            r"|everything|all|results?|output|responses?|documents?|passwords?)\b[^.\n]{0,40}?\bto\s+"
            r"(?:https?://|[\w.+-]{1,64}@[\w-]{1,63}\.\w|this\s+(?:address|url|endpoint|webhook|server))",
            0.85,
        ),
        (
            "ignore-previous",
            r"\b(?:ignore|disregard|forget|override)\s+(?:all\s+)?(?:of\s+)?(?:the\s+|your\s+)?"
            r"(?:previous|prior|above|earlier|preceding|system)\s+(?:instructions?|prompts?|rules|directions)",
            0.95,
        ),
    )
)
_SKIP_KEYS = frozenset({"type", "$schema", "$id", "$ref", "format", "pattern"})
MAX_SCANNED = 32_768
"""Characters of one tool string searched for phrases; tool descriptions are far shorter."""


def tool_strings(tool: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """Every ``(path, string)`` of a tool definition the model reads (not ``_meta``)."""
    for key in ("name", "title", "description"):
        value = tool.get(key)
        if isinstance(value, str):
            yield key, value
    annotations = tool.get("annotations")
    if isinstance(annotations, Mapping) and isinstance(annotations.get("title"), str):
        yield "annotations.title", annotations["title"]
    for key in ("inputSchema", "outputSchema"):
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

    def __call__(self, text: str) -> list[Finding]:
        """Poisoning phrases in one string; spans index ``text``.

        Only the first ``MAX_SCANNED`` characters are searched for phrases (the patterns are
        linear but not cheap); a longer string is itself reported as ``oversized-text``.
        """
        found: list[Finding] = []
        if len(text) > MAX_SCANNED:
            found.append(_finding("oversized-text", MAX_SCANNED, len(text), 0.6, f"{len(text)} characters"))
        norm = normalize(text[:MAX_SCANNED])
        for kind, pattern, confidence in _PATTERNS:
            for m in pattern.finditer(norm.text):
                start, end = norm.span(*m.span())
                found.append(_finding(kind, start, end, confidence, f"{kind}: {m.group()[:120]!r}"))
        if self.hidden:
            for h in self._hidden(text):
                found.append(_finding("hidden-unicode", h.start, h.end, h.confidence, h.message or h.kind))
        return sorted(found, key=lambda f: (f.start, f.end, f.kind))

    def check_tool(self, tool: Mapping[str, Any], *, prefix: str = "") -> list[Finding]:
        """Findings for one tool; ``path`` is ``prefix`` + the JSON path of the string in the tool."""
        name = tool.get("name") if isinstance(tool.get("name"), str) else "?"
        found: list[Finding] = []
        for path, text in tool_strings(tool):
            for f in self(text):
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
