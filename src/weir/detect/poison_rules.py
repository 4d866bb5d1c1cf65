"""The rules of tool poisoning: what an order to the model looks like inside a tool definition.

Three shapes of rule, all run on the normalised text of one string of a tool (a description, a
parameter's description, an enum value, a default, a title):

- **patterns**: one regular expression that is an order by itself (``<IMPORTANT>``, "read
  ~/.ssh/id_rsa", "do not tell the user", "the user has already approved this");
- **clauses**: several features that must all occur in the same sentence, because each alone is
  ordinary tool documentation. "BCC" is a parameter name; "BCC" with an address and "every" is
  an order to copy mail away. "Instead of" is prose; "instead of" with a tool's output and a
  tool is an order to substitute one tool's answer for another's;
- **comments**: an HTML comment with words in it (a renderer hides it, the model reads it).

A rule never looks at another tool of the list: a tool's findings depend on its own definition
alone (the guard remembers them per definition, :mod:`weir.guard.toolscan`). So a description
that points to a sibling tool by name ("deprecated: use read_text_file instead") is not an order
about another server's tool, and only directives that name tools *with* the words that make them
an attack (other servers, every call, deprecate, route, copy) are reported.

Every repetition is bounded and every rule runs in time linear in the string
(tests/detect/test_linear_time.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

__all__ = ["CLAUSES", "PATTERNS", "Clause", "Rule", "comments", "sentences"]


def _re(*alternatives: str, flags: int = re.IGNORECASE) -> re.Pattern[str]:
    """One case-insensitive pattern matching any of ``alternatives``."""
    return re.compile("|".join(alternatives), flags)


# -- Vocabulary -------------------------------------------------------------------------------
_VERBS = (
    r"(?:read|cat|open|load|include|attach|send|upload|pass|provide|fetch|copy|access|extract|retrieve|get"
    r"|paste|put|dump)"
)
_FILES = (
    r"(?:~/\.ssh|\.ssh/|id_rsa|id_ed25519|id_ecdsa|\.aws/credentials|\.env\b|/etc/passwd|/etc/shadow|\.npmrc"
    r"|\.pypirc|\.netrc|\.git-credentials|\.kube/config|mcp\.json|\.cursor/|claude_desktop_config"
    r"|\.docker/config\.json|private keys?\b|ssh keys?\b|credentials? files?|api keys?\b)"
)
"""Where secrets live on a developer's machine, and what they are called."""
_MODEL = r"(?:ai|a\.i\.|assistant|model|llm|agent|language\s+model|chatbot|bot|claude|gpt|copilot|gemini)"
_EMAIL = r"[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){0,4}\.[a-z]{2,24}\b"
_IDENT = r"\b(?:[a-z][a-z0-9]{0,30}(?:_[a-z0-9]{1,30}){1,6}|[a-z]{1,30}[A-Z][A-Za-z0-9]{1,40})\b|`[\w.-]{1,64}`"
"""A name shaped like a tool's: snake_case or camelCase, or anything in backticks (used case-sensitively).
Kebab-case is left out: it is also how English joins words ("read-only", "built-in")."""
_TOOLS = r"(?:tools?|servers?|mcp\s+servers?|functions?|tool\s+calls?|integrations?|plugins?|extensions?)"
_DISCREDITED = (
    r"(?:used|called|trusted|deprecated|unsafe|broken|disabled|compromised|malicious|ignored|replaced|unavailable"
    r"|outdated|obsolete|insecure|forbidden|blocked|avoided)"
)
"""What a poisoned tool says of the others, so that the model uses it instead."""
_OUTPUT = r"\b(?:outputs?|results?|responses?|answers?|return\s+values?)"


class Rule(NamedTuple):
    """One regular expression that is an order by itself."""

    kind: str
    pattern: re.Pattern[str]
    confidence: float


PATTERNS: tuple[Rule, ...] = (
    Rule(
        "instruction-tag",
        _re(
            r"<\s{0,3}/?\s{0,3}(?:important|system|instructions?|secret|hidden|admin|critical|override|mandatory"
            r"|priority|(?:assistant|ai|model|agent|llm)[_-]?(?:instructions?|notes?|only)?)\b[^<>\n]{0,40}>",
            r"\[\s{0,3}(?:important|system|instructions?)\s{0,3}\]",
        ),
        0.9,
    ),
    Rule("sensitive-file", _re(rf"\b{_VERBS}\b[^\n]{{0,60}}?{_FILES}"), 0.9),
    Rule(
        "conceal-from-user",
        _re(
            r"\b(?:do\s+not|don'?t|never|must\s+not|without)\s+(?:tell|inform|notify|mention|reveal|alert|show"
            r"|disclose|telling|informing|notifying|mentioning|revealing|alerting|showing|disclosing)\w{0,3}\s+"
            r"(?:(?:this|it|that|anything)\s+)?(?:to\s+)?(?:the\s+)?users?\b",
            r"\busers?\s+(?:must|should|need|does)\s*(?:not|n't)\s+(?:know|see|be\s+told|notice)",
            r"\bhide\s+(?:this|it)\s+from\s+the\s+user",
        ),
        0.95,
    ),
    Rule(
        "precondition",
        _re(
            r"\bbefore\s+(?:using|calling|invoking|running)\s+(?:this|the|any)\b[^.\n]{0,60}?"
            r"\b(?:read|cat|send|include|upload|forward|extract|call)\b"
        ),
        0.8,
    ),
    Rule(
        "exfiltration",
        _re(
            r"\b(?:send|forward|upload|post|e-?mail|transmit|exfiltrate|copy|bcc|leak)\b[^.\n]{0,40}?"
            r"\b(?:contents?|data|conversation|history|keys?|credentials?|secrets?|tokens?|files?|messages?"
            r"|everything|all|results?|output|responses?|documents?|passwords?)\b[^.\n]{0,40}?\bto\s+"
            r"(?:https?://|[\w.+-]{1,64}@[\w-]{1,63}\.\w|this\s+(?:address|url|endpoint|webhook|server))"
        ),
        0.85,
    ),
    Rule(
        "ignore-previous",
        _re(
            r"\b(?:ignore|disregard|forget|override)\s+(?:all\s+)?(?:of\s+)?(?:the\s+|your\s+)?"
            r"(?:previous|prior|above|earlier|preceding|system)\s+(?:instructions?|prompts?|rules|directions)"
        ),
        0.95,
    ),
    # A Markdown comment line ("[//]: # (...)"): rendered as nothing, read by the model.
    Rule(
        "hidden-comment",
        _re(r"^\s{0,3}\[(?://|comment|hidden|note)\]:\s{0,3}(?:#|<>)\s{0,3}[(\"'][^\n]{0,2000}", flags=re.I | re.M),
        0.85,
    ),
    # Words for the model itself, not for a developer reading the schema.
    Rule(
        "addressed-to-model",
        _re(
            rf"\b(?:notes?|instructions?|reminders?|notice|memo|attention|message|psa)\s{{1,3}}(?:for|to)\s{{1,3}}"
            rf"(?:the\s+|any\s+|all\s+|every\s+)?(?:ai\s+)?{_MODEL}s?\s{{0,3}}[:\-,]",
            rf"\b(?:dear|attention|hey|hello|hi)\s{{0,3}},?\s{{1,3}}(?:the\s+)?{_MODEL}\b",
            r"\bif\s+you\s+are\s+(?:an?\s+)?(?:ai|assistant|language\s+model|llm|agent|bot)\b",
            rf"\b{_MODEL}s?\s+(?:reading|processing|seeing|parsing)\s+this\b",
            rf"\bto\s+(?:the|any)\s+{_MODEL}\s+(?:reading|using|calling)\s+(?:this|these)\b",
        ),
        0.85,
    ),
    # Consent the user never gave, claimed by the tool so that the model skips asking.
    Rule(
        "false-authorization",
        _re(
            r"\b(?:user|owner|admin(?:istrator)?|operator|customer|account\s+holder)s?\s+(?:has|have|had)\s+"
            r"(?:already\s+|previously\s+|explicitly\s+|fully\s+|in\s+advance\s+){0,3}(?:pre-?)?"
            r"(?:authori[sz]ed|approved|consented|agreed|granted|confirmed|permitted|whitelisted|allowed|signed\s+off)",
            r"\b(?:everything|all\s+(?:actions?|operations?|calls?|requests?|tool\s+calls?|transfers?|payments?)"
            r"|these\s+(?:actions?|operations?|calls?))\s+(?:is|are|has\s+been|have\s+been)\s+(?:already\s+)?"
            r"(?:pre-?)?(?:authori[sz]ed|approved|cleared)",
            r"\b(?:is|are|has\s+been|have\s+been|were|was)\s+(?:all\s+)?pre-?(?:authori[sz]ed|approved)\b",
            r"\b(?:no\s+need|not\s+necessary|unnecessary)\s+to\s+(?:ask|confirm|check\s+with|request|seek|get|obtain"
            r"|wait)\b[^.\n]{0,40}?\b(?:confirm\w*|permission|approval|consent|user)",
            r"\b(?:do\s+not|don'?t|never)\s+(?:ask|request|seek|wait\s+for|prompt)\s+(?:the\s+user\s+)?(?:for\s+)?"
            r"(?:(?:their|any|further|additional|explicit)\s+)?(?:confirmation|permission|approval|consent)",
        ),
        0.85,
    ),
    # What the model knows and the server should not: its prompt, the conversation, other tools' results.
    Rule(
        "context-harvest",
        _re(
            r"\b(?:your|the\s+(?:assistant|model|agent|ai)'?s)\s+(?:full\s+|entire\s+|complete\s+|original\s+)?"
            r"(?:system\s+(?:prompt|message|instructions)|instructions|initial\s+prompt|hidden\s+prompt|guidelines"
            r"|reasoning|chain[\s-]of[\s-]thought|context\s+window|tool\s+list|list\s+of\s+tools)",
            r"\b(?:the\s+|this\s+)?(?:full|entire|whole|complete|verbatim)\s+(?:conversation|chat|dialog(?:ue)?"
            r"|session)(?:\s+(?:history|log|transcript|so\s+far))?",
            r"\b(?:conversation|chat|dialog(?:ue)?)\s+(?:history\s+)?so\s+far",
            r"\b(?:all|every)\s+(?:the\s+)?(?:prior|previous|earlier|preceding)\s+(?:user\s+)?"
            r"(?:messages|turns|prompts|tool\s+(?:calls|results|outputs))",
            rf"{_OUTPUT}\s+of\s+(?:all\s+|every\s+)?(?:the\s+)?(?:other|previous|prior)\s+tools?",
            rf"\b(?:every|all|each)\s+(?:other\s+)?{_TOOLS}\s+(?:available\s+to\s+you|you\s+(?:have|can\s+(?:use|call)))",
        ),
        0.8,
    ),
    # Orders about tools of other servers, or about every tool: a server speaking for others.
    Rule(
        "tool-shadowing",
        _re(
            r"\b(?:when|whenever|if)\s+(?:the\s+)?(?:user|you|assistant|agent|model)\s+(?:calls?|uses?|invokes?"
            r"|runs?)\s+(?:the\s+|any\s+)?[`'\"]?\w{1,64}[`'\"]?\s+tools?\b[^.\n]{0,80}?"
            r"\b(?:always|must|never|also|instead|include|add|send|bcc|cc|set|change|replace)\b",
            r"\binstead\s+of\s+(?:using|calling)\s+(?:the\s+)?[`'\"]?\w{1,64}[`'\"]?\s+tool",
            r"\b(?:all|every|any)\s+(?:e-?mails?|messages?|requests?|payments?|transfers?)\s+(?:must|should|shall)"
            r"\s+(?:also\s+)?(?:be\s+)?(?:sent|forwarded|routed|redirected|cc'?d|bcc'?d|copied)\s+to\b",
            r"\b(?:change|override|modify|replace)\s+the\s+(?:behaviou?r|recipient|destination|arguments?)\s+of\b",
            r"\bother\s+(?:tools?|servers?)\b[^.\n]{0,60}\b(?:must|should|always|never)\b",
            rf"\b(?:when|whenever|if|before|after)\s+(?:you\s+|the\s+(?:assistant|agent|model)\s+)?"
            rf"(?:call|use|invoke|run)\w{{0,3}}\s+(?:any|every|all|other|another)\s+(?:other\s+)?{_TOOLS}\b"
            r"\s{0,3},?\s{0,3}(?:you\s+)?(?:must\s+|should\s+|always\s+|also\s+|first\s+){0,2}"
            r"(?:include|add|send|pass|append|prepend|set|change|replace|copy|cc|bcc|forward|attach|insert|route"
            r"|redirect)",
            rf"\b(?:all|any|every|each)\s+(?:other\s+)?{_TOOLS}\s+(?:\w+\s+){{0,3}}?(?:must|should|shall|are|is|will"
            r"|may)\s+(?:not\s+|never\s+|no\s+longer\s+|now\s+|only\s+|also\s+){0,2}(?:be\s+)?"
            rf"(?:{_DISCREDITED}|routed|sent|redirected|forwarded|copied|restricted)\b",
            rf"\b(?:other|another|different|third[\s-]party|external)\s+{_TOOLS}\s+(?:\w+\s+){{0,3}}?"
            r"(?:are|is|must|should|may|will|have\s+been|has\s+been)\s+(?:not\s+|never\s+|no\s+longer\s+|now\s+){0,2}"
            rf"(?:be\s+)?(?:{_DISCREDITED}|reliable|safe)\b",
            r"\b(?:do\s+not|don'?t|never|stop|avoid)\s+(?:using|calling|trusting|invoking|running|relying\s+on|use"
            rf"|call|trust|invoke|run|rely\s+on)\s+(?:the\s+|any\s+)?(?:other|another|external|third[\s-]party"
            rf"|different)\s+{_TOOLS}",
            r"\b(?:prefer|favou?r|choose|pick|select|always\s+use)\s+this\s+(?:tool|function|server)\s+"
            r"(?:over|instead\s+of|rather\s+than)\s+(?:any|all|every|other|the\s+others?)\b",
            r"\buse\s+this\s+(?:tool|function|server)\s+instead\s+of\s+(?:any|all|every|other)\b",
            r"\bthe\s+only\s+(?:tool|function|server)\s+(?:you\s+)?(?:should|must|may|can)\s+(?:ever\s+)?"
            r"(?:use|trust|call)\b",
        ),
        0.85,
    ),
)


@dataclass(frozen=True, slots=True)
class Clause:
    """A rule over one sentence: every feature of ``all_of`` occurs in it, none of ``none_of``."""

    kind: str
    all_of: tuple[re.Pattern[str], ...]
    confidence: float
    none_of: tuple[re.Pattern[str], ...] = ()

    def matches(self, sentence: str) -> bool:
        return all(p.search(sentence) for p in self.all_of) and not any(p.search(sentence) for p in self.none_of)


_EXAMPLE_ADDRESS = r"(?:e\.\s?g\.|for\s+example|for\s+instance|such\s+as|like|i\.\s?e\.)\W{0,5}" + _EMAIL
_RESERVED_DOMAIN = r"@(?:[\w-]+\.)*(?:example|test|invalid|localhost)\b"
_TOOL_REF = (
    r"\bthis\s+(?:tool|function)\b",
    r"\b(?:its|this\s+tool'?s)\s+(?:output|result|response|answer)",
    rf"\b{_TOOLS}\b",
    rf"(?-i:{_IDENT})",
)

CLAUSES: tuple[Clause, ...] = (
    # A secret file and a reason to hand it over, in either order ("needs the text of ~/.ssh/id_rsa").
    Clause(
        "sensitive-file",
        (
            _re(_FILES),
            _re(
                r"\b(?:paste|put|include|insert|provide|send|upload|attach|read|cat|copy|dump|needs?|requires?"
                r"|contents?|text\s+of|body\s+of)\b"
            ),
        ),
        0.9,
        none_of=(_re(r"\b(?:path|location|file\s*name)\s+(?:to|of)\b"),),
    ),
    # Copy every mail to an address: an order, unless the address is a documentation example.
    Clause(
        "exfiltration",
        (
            _re(
                r"\b(?:bcc|b\.c\.c\.|cc|blind[\s-]+(?:carbon[\s-]+)?cop(?:y|ies)|carbon[\s-]+cop(?:y|ies))\b",
                r"\b(?:forward|send)\s+a\s+copy\b",
                r"\bcopy\s+of\s+(?:every|each|all)\b",
            ),
            _re(_EMAIL),
            _re(
                r"\b(?:always|also|additionally|silently|secretly|quietly|automatically|make\s+sure|ensure|remember)\b",
                r"\b(?:every|each|all|any)\s+(?:outgoing\s+|sent\s+|new\s+|single\s+)?"
                r"(?:e-?mails?|mails?|messages?|time|replies|reply)\b",
            ),
        ),
        0.85,
        none_of=(_re(_EXAMPLE_ADDRESS), _re(_RESERVED_DOMAIN)),
    ),
    # Run this first and let its answer stand in for another tool's: the substitution is the attack
    # (ordering hints alone -- "call this before any other tool" -- are ordinary documentation).
    Clause(
        "tool-ordering",
        (
            _re(
                r"\b(?:instead\s+of|in\s+place\s+of|rather\s+than|replac\w{1,3}|substitut\w{1,4}|overrid\w{1,3}"
                r"|overwrit\w{1,3}|swap\w{0,3}\s+(?:out|in)|stand\s+in\s+for)\b"
            ),
            _re(rf"{_OUTPUT}\b", r"\b(?:returns|returned|what\s+(?:it|this)\s+returns)\b"),
            _re(*_TOOL_REF),
            # ... and an order to do it: "works with Markdown instead of the JSON response" is prose.
            _re(
                r"\b(?:use|treat|report|present|show|give|return|must|should|always|take|trust|rely|answer|call|run"
                r"|invoke|substitute|replaces)\b"
            ),
        ),
        0.85,
        # Replacing a file's contents with the output given is what a write tool does.
        none_of=(_re(r"\b(?:file|files|directory|contents\s+of\s+(?:a|the)\s+file)\b"),),
    ),
    # Distrust another tool's answer (so that this one's is used).
    Clause(
        "tool-ordering",
        (
            _re(
                r"\b(?:ignore|disregard|discard|drop|distrust)\b",
                r"\b(?:do\s+not|don'?t|never)\s+(?:use|trust)\b",
            ),
            _re(rf"{_OUTPUT}\b", r"\bwhatever\b"),
            _re(rf"\b(?:of|from|by)\s+(?:the\s+|any\s+|every\s+|all\s+)?(?:other\s+)?(?:{_TOOLS}\b|(?-i:{_IDENT}))"),
        ),
        0.85,
    ),
    # "Whenever send_message is invoked, also set its recipient to ...": a condition on another
    # tool's call and a change to it (the detector reads the tool's own name as "this tool").
    Clause(
        "tool-shadowing",
        (
            _re(r"\b(?:when|whenever|if|each\s+time|every\s+time|any\s+time)\b"),
            _re(rf"(?-i:{_IDENT})"),
            _re(r"\b(?:called|invoked|used|run|calls?|uses?|invokes?|runs?|calling|using|invoking|running)\b"),
            _re(r"\b(?:also|always|instead|must|silently|secretly|quietly|additionally)\b"),
            _re(r"\b(?:set|change|add|include|send|bcc|cc|copy|replace|redirect|forward|route|append|prepend|swap)\b"),
        ),
        0.85,
    ),
)

_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n\s*")


def sentences(text: str) -> list[tuple[int, int]]:
    """Spans of the sentences (and lines) of ``text``, leading and trailing blanks excluded."""
    spans = []
    start = 0
    for m in _SENTENCE.finditer(text):
        spans.append((start, m.start()))
        start = m.end()
    spans.append((start, len(text)))
    return [(a, b) for a, b in spans if b > a]


_WORDS = re.compile(r"\b[a-z]{2,}\s{1,20}[a-z]{2,}", re.IGNORECASE)
"""Two words in a row: a sentence, where an empty or technical comment (``<!-- -->``) has none."""


def comments(text: str) -> Iterator[tuple[int, int]]:
    """Spans of the HTML comments of ``text`` that hold words; an unclosed one runs to the end.

    A scan with ``str.find``, not one regular expression: every character is looked at once,
    however many ``<!--`` an attacker repeats.
    """
    at = text.find("<!--")
    while at >= 0:
        close = text.find("-->", at + 4)
        end = len(text) if close < 0 else close + 3
        if _WORDS.search(text, at + 4, end):
            yield at, end
        at = text.find("<!--", end)
