"""High-precision patterns for prompt injection hidden in tool results.

Each family is a regular expression that names one attack shape (``kind``) with a fixed
confidence. They are written to run in linear time on Python's backtracking engine: every
repetition is bounded or applies to a single character class that cannot overlap with what
follows it, and no quantified group contains another quantifier. ``tests/detect/injection``
checks the growth of each pattern on pathological inputs.

The patterns aim at precision, not recall: they fire on text that only makes sense as an
instruction to a model (chat-template tokens, "ignore all previous instructions", a JSON
tool call, a markdown image whose URL smuggles data out). Paraphrases are the classifier's job.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from weir.detect.anchors import occurrences

__all__ = ["PATTERNS", "Hit", "Pattern"]

_FLAGS = re.IGNORECASE | re.ASCII

# Who an instruction can be addressed to; "assistant manager" and friends are excluded where it matters.
_AGENT = (
    r"(?:ai|a\.i\.|assistant|ai assistant|ai agent|agent|llm|language model|model"
    r"|chatbot|bot|copilot|claude|gpt|chatgpt|gemini)"
)
_NOT_A_JOB = r"(?!\s(?:manager|director|professor|editor|coach|principal|teacher|engineer|secretary|to\b))"


@dataclass(frozen=True, slots=True)
class Pattern:
    """One named regular expression, what a match means, and the anchor every match contains.

    ``regex`` is written in lower case and runs on the lower-cased text (Python's engine is much
    faster without IGNORECASE); ``exact`` is the same pattern with IGNORECASE for the rare text
    whose lower-casing changes its length. ``anchors`` are literals one of which every match must
    contain (usually its rarest words): the scanner finds them all in one vectorised pass and runs
    ``regex`` only within ``width`` characters of one, which gives the same matches as a full scan.
    """

    kind: str
    regex: re.Pattern[str]
    confidence: float
    message: str
    anchors: tuple[str, ...]
    check: Callable[[str, re.Match[str]], bool] | None = None
    """Optional second look at a match (e.g. that a URL's query really templates data)."""
    word_start: bool = True
    """The match must begin at a word boundary (checked after matching, which keeps the scan fast)."""
    starts: tuple[str, ...] = ()
    """Literals one of which every match BEGINS with (so far: the anchors themselves, when they
    do). When given, long texts are matched only at their occurrences, one ``match`` call each,
    instead of searched through: the same matches as a full scan, a fraction of the regex work."""
    lead: int | None = None
    """The most characters a match can run before an anchor it contains (``None``: its width).
    Long texts are searched from that far before each anchor, not from a whole width before it."""
    begins: tuple[str, ...] = ()
    """Words (lower case, any characters) one of which every match begins with, when ``starts``
    cannot say it (the words are too common to anchor on, or not printable). Near the anchors of a
    long text the regex is then tried only where one of them occurs, and at the text's start: the
    same matches as searching those stretches, a fraction of the regex work."""
    exact: re.Pattern[str] = field(init=False, compare=False, repr=False)
    begin: re.Pattern[str] | None = field(init=False, compare=False, repr=False)
    """Finds where the words of ``begins`` occur in the lower-cased text (``None``: no words)."""
    begin_exact: re.Pattern[str] | None = field(init=False, compare=False, repr=False)
    """The same, ignoring ASCII case, for the text that is matched with ``exact``."""
    width: int = field(init=False, compare=False, repr=False)
    """The longest text the regex can match (all its repeats are bounded)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "exact", re.compile(self.regex.pattern, _FLAGS))
        object.__setattr__(self, "width", _max_width(self.regex))
        words = self.begins
        object.__setattr__(self, "begin", occurrences(words, re.ASCII) if words else None)
        object.__setattr__(self, "begin_exact", occurrences(words, _FLAGS) if words else None)


def _max_width(regex: re.Pattern[str]) -> int:
    """The longest match possible; ``re.compile`` computes the same from the same parser."""
    parser = importlib.import_module("re._parser")  # no public API; stable since 3.11
    return int(parser.parse(regex.pattern, regex.flags).getwidth()[1])


@dataclass(frozen=True, slots=True)
class Hit:
    """A pattern match: kind, character span, confidence and an explanation."""

    kind: str
    start: int
    end: int
    confidence: float
    message: str


def _lead(prefix: str) -> int:
    """The longest text ``prefix`` (a pattern's start, up to and including its anchor word) can match."""
    return _max_width(_compile(prefix))


def _compile(pattern: str) -> re.Pattern[str]:
    # Lower-case source for lower-cased text; no pattern uses an upper-case escape (\S, \W, \B).
    return re.compile(pattern.lower(), re.ASCII)


_IGNORE_PREVIOUS = _compile(
    r"(?:ignore|disregard|forget|override|overrule|bypass|abandon|discard|drop|skip)\s{1,3}"
    r"(?:(?:all|any|every|each)(?:\s{1,3}of)?\s{1,3}(?:the\s{1,3}|your\s{1,3}|my\s{1,3})?|your\s{1,3}|the\s{1,3}system\s{1,3})?"
    r"(?:previous|prior|preceding|above|earlier|former|original|initial|existing|old|system|safety|default)?"
    r"\s{0,3}(?:and\s{1,3}|or\s{1,3})?(?:previous|prior|earlier|above|system)?\s{0,3}"
    r"(?:instructions?|prompts?|directives?|guidelines|guardrails|rules|programming|constraints|restrictions|commands)\b"
)
_FORGET_EVERYTHING = _compile(
    r"(?:forget|ignore|disregard)\s{1,3}(?:everything|all(?:\s{1,3}that)?)\s{1,3}"
    r"(?:you(?:'ve|\s{1,3}have|\s{1,3}were)?\s{1,3}(?:been\s{1,3})?(?:told|taught|instructed|learned)|(?:written\s{1,3})?above|before\s{1,3}this|prior\s{1,3}to\s{1,3}this)"
)

_CHAT_TOKENS = _compile(
    r"<\|(?:im_start|im_end|system|user|assistant|begin_of_text|start_header_id|end_header_id|eot_id|endoftext)\|>"
    r"|\[/?INST\]|<</?SYS>>|<start_of_turn>|<end_of_turn>"
)
_ROLE_HEADER = _compile(
    r"(?:^|\n)[ \t>#*\[(=-]{0,8}(?:system|developer|admin|administrator|operator)"
    r"(?:\s{1,3}(?:prompt|message|note|override|instructions?|update))?[ \t]{0,3}[\]):]{1,2}[ \t*]{0,4}"
    r"[^\n]{0,120}?\b(?:you|your|assistant|ai|model|agent|ignore|instructions?|override|must|from now on)\b"
)
# "### System: you must ..." anywhere in a line: a markdown heading posing as a role header.
_HEADING_ROLE = _compile(
    r"#{2,6}[ \t]{0,3}(?:system|developer|admin|administrator)(?:[ \t]{1,3}(?:prompt|message|note|instructions?))?"
    r"[ \t]{0,3}:[^\n]{0,120}?\b(?:you|your|must|ignore|comply|instructions?|override)\b"
)
# "SYSTEM OVERRIDE:" anywhere in a line (the header form above needs a line start).
_OVERRIDE_HEADER = _compile(
    r"(?:system|developer|admin|administrator|operator|root)\s{1,3}(?:override|overwrite|directive)[ \t]{0,3}[:!-]"
)
_ROLE_TAG = _compile(r"<(?:system|system_prompt|system-message|sys)>")
_DEVELOPER_SAYS = _compile(
    r"(?:new|updated|revised|additional|important|urgent|secret|hidden|priority)\s{1,3}"
    r"(?:system\s{1,3})?(?:instructions?|directives?|orders|message)\s{1,3}from\s{1,3}(?:the\s{1,3}|your\s{1,3})?"
    r"(?:developers?|creators?|operators?|administrators?|admins?|system|openai|anthropic|owner|user)\b"
)

_ADDRESSED_LEAD = (
    r"(?:dear|attention|attn|hey|hello|hi|note\s{1,3}to|message\s{1,3}(?:to|for)|instructions?\s{1,3}(?:to|for)|important\s{1,3}(?:to|for))"
    r"[\s:,]{1,3}(?:the\s{1,3}|any\s{1,3}|all\s{1,3})?" + _AGENT
)
_ADDRESSED = _compile(
    _ADDRESSED_LEAD + r"s?" + _NOT_A_JOB + r"\b"
    r"[^\n]{0,160}?\b(?:you|your|ignore|must|should|do\s{1,3}not|don't|instead|now|please)\b"
)
# "To the agent handling this ticket: ..." -- the AI reading a document, addressed by what it is doing.
_TO_THE_AGENT_LEAD = r"(?:to|for)\s{1,3}(?:the|any|whichever|whatever|every)\s{1,3}(?:ai\s{1,3})?" + _AGENT
_TO_THE_AGENT = _compile(
    _TO_THE_AGENT_LEAD + r"s?" + _NOT_A_JOB + r"\s{1,3}(?:(?:that|who)\s{1,3}(?:is|are)\s{1,3})?"
    r"(?:reading|processing|handling|summari[sz]ing|parsing|analy[sz]ing|reviewing|triaging|answering|viewing)"
    r"\s{1,3}(?:this|these|the|my|our)\b[^\n:]{0,40}:"
)
# "Assistant - new task: ...", "AI, your real instructions: ..."
_NEW_TASK = _compile(
    _AGENT + r"s?" + _NOT_A_JOB + r"[\s,:-]{1,4}(?:new\s{1,3}(?:task|instructions?|orders)"
    r"|your\s{1,3}(?:new|next|real|only)\s{1,3}(?:task|job|instructions?|orders))\b"
)
# "LLM instruction: ...": orders labelled as being for the model.
_AGENT_ORDERS = _compile(
    r"(?:ai|llm|assistant|ai\s{1,3}assistant|ai\s{1,3}agent|chatbot|copilot|gpt|language\s{1,3}model)"
    r"\s{1,3}(?:instructions?|directives?|commands?|orders)[ \t]{0,2}:"
)
# "Do not mention this paragraph", "never tell the user": the text hides itself from the person.
_CONCEAL = _compile(
    r"(?:do\s{1,3}not|don't|never)\s{1,3}(?:(?:mention|reveal|disclose)\s{1,3}(?:this|these)\s{1,3}"
    r"(?:paragraph|note|message|instruction|text|line|section|comment|request)s?\b"
    r"|tell\s{1,3}the\s{1,3}user\b)"
)
_IF_YOU_ARE_AI = _compile(
    r"(?:if|when|since)\s{1,3}you\s{1,3}are\s{1,3}(?:an?\s{1,3})?(?:ai|a\.i\.|llm|large\s{1,3}language\s{1,3}model|language\s{1,3}model"
    r"|ai\s{1,3}(?:assistant|agent|model)|assistant|agent|bot|chatbot)\b"
)
_AGENT_READING_LEAD = r"(?:ai|llm|language\s{1,3}model|assistant|agent|model|bot)"
_AGENT_READING = _compile(
    _AGENT_READING_LEAD + r"s?\s{1,3}(?:that\s{1,3}(?:is|are)\s{1,3}|who\s{1,3}(?:is|are)\s{1,3})?"
    r"(?:reading|processing|summari[sz]ing|parsing|analy[sz]ing|viewing|browsing|scraping)\s{1,3}(?:this|these)\b"
)
_FROM_NOW_ON = _compile(
    r"(?:from\s{1,3}now\s{1,3}on|starting\s{1,3}now|henceforth)[\s,]{1,3}you\s{1,3}(?:will|must|are|shall|should|have\s{1,3}to)\b"
    r"|you\s{1,3}are\s{1,3}now\s{1,3}(?:in\s{1,3})?(?:dan|developer\s{1,3}mode|jailbroken|unrestricted|an?\s{1,3}unrestricted|free\s{1,3}of)\b"
)
_AS_AN_AI_LEAD = r"(?:as|to)\s{1,3}(?:an?|the)\s{1,3}" + _AGENT
_AS_AN_AI = _compile(
    _AS_AN_AI_LEAD + _NOT_A_JOB + r"[\s,]{1,3}(?:you|your)\s{1,3}"
    r"(?:must|should|will|are\s{1,3}(?:required|instructed|now)|have\s{1,3}to|need\s{1,3}to|next\s{1,3}task)\b"
)

_TOOL_TAGS = _compile(
    r"</?(?:tool_call|tool_calls|function_calls|function_call|tool_use|tool_code|antml:invoke|invoke\s{1,3}name=)\b"
    r"|<\|(?:tool_call|python_tag|tool_calls)\|>|<function=[\w.-]{1,64}>"
)
# Double quotes (JSON) or single quotes (a Python dict, or JSON whose quotes a carrier rewrote).
_TOOL_JSON = _compile(
    r"\{\s{0,20}[\"'](?:name|tool|tool_name|function|recipient_name)[\"']\s{0,5}:\s{0,5}[\"'][^\"'\n]{1,80}[\"']\s{0,5},"
    r"\s{0,20}[\"'](?:arguments|parameters|args|input|tool_input)[\"']\s{0,5}:\s{0,5}[{\"']"
    r"|[\"']tool_calls[\"']\s{0,5}:\s{0,5}\["
)

_MD_IMAGE = _compile(r"!\[[^\]\n]{0,200}\]\(\s{0,5}<?(?:https?:)?//[^\s)?#]{1,300}\?([^\s)]{1,1000})")
_MD_LINK = _compile(r"(?<!!)\[[^\]\n]{1,200}\]\(\s{0,5}<?(?:https?:)?//[^\s)?#]{1,300}\?([^\s)]{1,1000})")
_HTML_IMAGE = _compile(
    r"<img\b[^>]{0,300}?\bsrc\s{0,3}=\s{0,3}[\"']?(?:https?:)?//[^\s\"'>?#]{1,300}\?([^\s\"'>]{1,1000})"
)
# A query value that is a placeholder the model is meant to fill in.
_TEMPLATE = re.compile(r"=\s{0,3}(?:\{|\$\{?\w|<[a-z_]|\[[A-Z_]|%s|%7b|%3c|\*\*|YOUR_|INSERT)", re.IGNORECASE)
_DATA_WORD = re.compile(
    r"(?:data|secret|token|password|passwd|key|conversation|chat|history|summary|context|prompt|email|credential|"
    r"memory|message|info|ssn|card|address|name)",
    re.IGNORECASE,
)


def _templated(text: str, match: re.Match[str]) -> bool:
    return _TEMPLATE.search(text, *match.span(1)) is not None


def _templated_data(text: str, match: re.Match[str]) -> bool:
    query = text[match.start(1) : match.end(1)]
    found = _TEMPLATE.search(query)
    return found is not None and _DATA_WORD.search(query) is not None


_A_IGNORE = ("ignor", "disregard", "forget", "overr", "bypass", "abandon", "discard", "drop", "skip")
# "ai" only as a whole word ending: the "ai" in "email" would put every sentence in reach
_A_AGENT = (
    "ai\\b",
    "ais\\b",
    "a.i.",
    "assistant",
    "agent",
    "llm",
    "model",
    "bot",
    "copilot",
    "claude",
    "gpt",
    "gemini",
)
_A_ROLE = ("system", "developer", "admin", "operator")
# The words _AGENT's alternatives begin with ("ai assistant" begins with "ai", "chatgpt" with "chat").
_AGENT_WORDS = (
    "ai",
    "a.i.",
    "assistant",
    "agent",
    "llm",
    "language",
    "model",
    "chat",
    "bot",
    "copilot",
    "claude",
    "gpt",
    "gemini",
)
_A_CHAT = ("<|", "[inst]", "[/inst]", "<<sys>>", "<</sys>>", "<start_of_turn", "<end_of_turn")
_A_TOOL_TAG = ("<tool", "</tool", "<function", "</function", "<antml", "</antml", "<invoke", "<|")

PATTERNS: tuple[Pattern, ...] = (
    Pattern(
        "ignore-previous",
        _IGNORE_PREVIOUS,
        0.95,
        "tells the model to ignore its instructions",
        _A_IGNORE,
        starts=_A_IGNORE,
    ),
    Pattern(
        "ignore-previous",
        _FORGET_EVERYTHING,
        0.9,
        "tells the model to forget what it was told",
        _A_IGNORE,
        starts=_A_IGNORE,
    ),
    Pattern(
        "role-impersonation",
        _CHAT_TOKENS,
        0.95,
        "chat-template control tokens inside data",
        _A_CHAT,
        word_start=False,
        starts=_A_CHAT,
    ),
    Pattern(
        "role-impersonation",
        _ROLE_HEADER,
        0.85,
        "a system/developer header followed by orders",
        _A_ROLE,
        word_start=False,
        begins=("\n",),  # or the text's start (^)
    ),
    Pattern(
        "role-impersonation",
        _OVERRIDE_HEADER,
        0.85,
        "a system/admin override header inside data",
        ("override", "overwrite", "directive"),
        begins=("system", "developer", "admin", "operator", "root"),
    ),
    Pattern(
        "role-impersonation",
        _HEADING_ROLE,
        0.85,
        "a markdown heading posing as a system header",
        _A_ROLE,
        word_start=False,
        begins=("##",),
    ),
    Pattern(
        "role-impersonation",
        _ROLE_TAG,
        0.85,
        "a <system> tag inside data",
        ("<sys",),
        word_start=False,
        starts=("<sys",),
    ),
    Pattern(
        "role-impersonation",
        _DEVELOPER_SAYS,
        0.9,
        "claims new instructions from the developer or system",
        ("instruction", "directive", "orders", "message"),
        begins=("new", "updated", "revised", "additional", "important", "urgent", "secret", "hidden", "priority"),
    ),
    Pattern(
        "addressed-to-assistant",
        _ADDRESSED,
        0.85,
        "text addressed to the AI that reads it",
        _A_AGENT,
        lead=_lead(_ADDRESSED_LEAD),
        begins=("dear", "attention", "attn", "hey", "hello", "hi", "note", "message", "instruction", "important"),
    ),
    Pattern(
        "addressed-to-assistant",
        _TO_THE_AGENT,
        0.85,
        "a note to the AI handling the document",
        _A_AGENT,
        lead=_lead(_TO_THE_AGENT_LEAD),
        begins=("to", "for"),
    ),
    Pattern(
        "addressed-to-assistant",
        _NEW_TASK,
        0.8,
        "gives the AI a new task",
        _A_AGENT,
        lead=_lead(_AGENT),
        begins=_AGENT_WORDS,
    ),
    Pattern(
        "addressed-to-assistant",
        _AGENT_ORDERS,
        0.8,
        "orders labelled as being for the AI",
        ("instruction", "directive", "command", "orders"),
        begins=("ai", "llm", "assistant", "chatbot", "copilot", "gpt", "language"),
    ),
    Pattern(
        "addressed-to-assistant",
        _CONCEAL,
        0.8,
        "asks the reader to hide the text from the user",
        ("mention", "reveal", "disclose", "tell"),
        begins=("do", "never"),  # "do" begins "don't" too
    ),
    Pattern(
        "addressed-to-assistant",
        _IF_YOU_ARE_AI,
        0.85,
        "conditional aimed at an AI reader",
        _A_AGENT,
        begins=("if", "when", "since"),
    ),
    Pattern(
        "addressed-to-assistant",
        _AGENT_READING,
        0.85,
        "text aimed at the AI processing it",
        _A_AGENT,
        lead=_lead(_AGENT_READING_LEAD),
        begins=("ai", "llm", "language", "assistant", "agent", "model", "bot"),
    ),
    Pattern(
        "addressed-to-assistant",
        _FROM_NOW_ON,
        0.9,
        "re-programs the model from now on",
        ("now", "henceforth"),
        begins=("from", "starting", "henceforth", "you"),
    ),
    Pattern(
        "addressed-to-assistant",
        _AS_AN_AI,
        0.85,
        "tells the AI what it must do",
        _A_AGENT,
        lead=_lead(_AS_AN_AI_LEAD),
        begins=("as", "to"),
    ),
    Pattern(
        "fake-tool-call",
        _TOOL_TAGS,
        0.9,
        "tool-call markup inside data",
        _A_TOOL_TAG,
        word_start=False,
        starts=_A_TOOL_TAG,
    ),
    Pattern(
        "fake-tool-call",
        _TOOL_JSON,
        0.8,
        "a JSON tool call inside data",
        tuple(
            q + w + q for w in ("arguments", "parameters", "args", "input", "tool_input", "tool_calls") for q in "\"'"
        ),
        word_start=False,
        begins=("{", '"', "'"),
    ),
    Pattern(
        "markdown-exfiltration",
        _MD_IMAGE,
        0.95,
        "markdown image whose URL templates data",
        ("![",),
        _templated,
        word_start=False,
        starts=("![",),
    ),
    Pattern(
        "markdown-exfiltration",
        _HTML_IMAGE,
        0.9,
        "HTML image whose URL templates data",
        ("<img",),
        _templated,
        word_start=False,
        starts=("<img",),
    ),
    Pattern(
        "markdown-exfiltration",
        _MD_LINK,
        0.85,
        "markdown link whose URL templates private data",
        ("](",),
        _templated_data,
        word_start=False,
        begins=("[",),
    ),
)
