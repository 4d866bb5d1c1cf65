"""Every MCP message as the Guard sees it: its kind, what it carries, and what a rule may ask of it.

A tool's result is one kind of message among many a server sends: resource contents, prompts,
its ``instructions``, the descriptions in its lists, notifications, errors, completions, interim
``input_required`` results, task results — and its own requests (sampling, elicitation, roots).
What the client answers such a request flows back *to* the server. :class:`McpMessage` names
which it is; this module reads, from the wire object alone, what the decision needs: the kind,
the strings an agent could copy values from, the labels written in every ``_meta``, and the
``message`` fact (:func:`message_fact`) — including, for a server's request, what it asks for
(``includeContext``, a form's fields, a URL's origin).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final
from urllib.parse import urlsplit

from weir.detect.walk import result_strings
from weir.guard.reading import meta_label
from weir.labels.config import ServerConfig, Trust
from weir.labels.datalabel import BOTTOM, DataLabel
from weir.labels.profile import ToolProfile
from weir.policy.facts import ToolFacts, message_facts, tool_facts

__all__ = [
    "ANSWER",
    "McpMessage",
    "kind_of",
    "message_fact",
    "message_label",
    "message_tool",
    "message_values",
    "origin_of",
    "secret_field",
]

ANSWER: Final = "answer"
"""The kind of a client's answer to a server's request (the one message a client sends a server
that Weir decides besides ``tools/call``)."""

_BY_METHOD: Final = {
    "resources/read": "resource",
    "prompts/get": "prompt",
    "initialize": "instructions",
    "server/discover": "instructions",
    "tools/list": "description",
    "prompts/list": "description",
    "resources/list": "description",
    "resources/templates/list": "description",
    "completion/complete": "completion",
    "sampling/createMessage": "sampling",
    "elicitation/create": "elicitation",
    "roots/list": "roots",
    "tools/call": "tool_result",
}
SERVER_REQUESTS: Final = frozenset({"sampling/createMessage", "elicitation/create", "roots/list"})
"""The requests a server sends a client (decided before they reach it)."""


@dataclass(frozen=True)
class McpMessage:
    """One message between a server and the client, as the decision path sees it.

    ``payload`` is the wire object decided: a response's ``result``, an error's ``error`` object,
    a notification's or a server request's ``params``, or the client's answer (its ``result``).
    """

    server: str
    method: str
    payload: dict[str, Any]
    kind: str = ""
    """Empty: read from the method and the payload (:func:`kind_of`)."""
    item: str = ""
    """What it is about, for lineage and the audit trail: a resource's URI, a prompt's name."""
    allowed_origins: tuple[str, ...] = field(default=())
    """Web origins the user may be sent to besides the server's own (a URL elicitation)."""
    principal: Mapping[str, Any] | None = field(default=None, compare=False)
    """The ``principal`` fact of the connection it is for (neutral when None)."""

    @property
    def resolved_kind(self) -> str:
        """The kind, read from the method and payload when not given."""
        return self.kind or kind_of(self.method, self.payload)

    @property
    def direction(self) -> str:
        """``to_server`` for a client's answer, ``to_client`` for everything a server sends."""
        return "to_server" if self.resolved_kind == ANSWER else "to_client"

    @property
    def step(self) -> str:
        """The name of the session step it is recorded under (its method, and what it is about)."""
        return f"{self.method} {self.item}" if self.item else self.method


def kind_of(method: str, payload: Mapping[str, Any], *, error: bool = False) -> str:
    """The ``message.kind`` of a server's message: by its method, unless it is an error or an
    interim ``input_required`` result (2026-07-28) or a ``tasks/*`` result."""
    if error:
        return "error"
    if isinstance(payload, Mapping) and payload.get("resultType") == "input_required":
        return "interim"
    if method.startswith("tasks/"):
        return "task_result"
    if method.startswith("notifications/"):
        return "notification"
    return _BY_METHOD.get(method, "other")


def message_label(payload: Any) -> DataLabel:
    """The join of the labels written in every ``_meta`` of a message (per item: each resource
    content, prompt message, list entry carries its own), nested at any depth."""
    label = BOTTOM
    for meta in _metas(payload, 0):
        found = meta_label(meta)
        if found is not BOTTOM:
            label = found if label is BOTTOM else label.join(found)
    return label


def _metas(node: Any, depth: int) -> Iterator[Mapping[str, Any]]:
    if depth > 32:  # deeper than any MCP message: not read for labels (the chain still scans it)
        return
    if isinstance(node, Mapping):
        meta = node.get("_meta")
        if isinstance(meta, Mapping):
            yield meta
        for key, value in node.items():
            if key != "_meta" and isinstance(value, Mapping | list):
                yield from _metas(value, depth + 1)
    elif isinstance(node, list):
        for value in node:
            yield from _metas(value, depth + 1)


_NOT_DATA = re.compile(r"(?:^|\.)(mimeType|type|role|mode|includeContext|progressToken|resultType|method)$")


def message_values(payload: Mapping[str, Any]) -> dict[str, Any]:
    """The strings of a message an agent could copy values from (decoded text payloads included;
    the protocol's own vocabulary — types, roles, MIME types — left out)."""
    texts = [text for path, text in result_strings(payload) if not _NOT_DATA.search(path)]
    return {"content": texts, "structured": None}


_SECRET_FIELD = re.compile(
    r"pass(word|wd|phrase)?|secret|token|api[\s_-]?key|private[\s_-]?key|\bkey\b|credential|"
    r"\b(credit[\s_-]?)?card\b|cvv|cvc|\bpin\b|\bssn\b|social security|\botp\b|one[\s_-]?time|2fa|mfa|iban",
    re.IGNORECASE,
)


def secret_field(name: str, spec: Any) -> bool:
    """Whether a form field asks for a secret (a password, a token, a key, a card): by its name,
    title, description or ``format``."""
    words = [name.replace("_", " ")]
    if isinstance(spec, Mapping):
        words += [str(spec.get(k, "")) for k in ("title", "description", "format")]
    return any(_SECRET_FIELD.search(w) for w in words)


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` of a URL, lowercased (empty when it has none)."""
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return ""
    if not parts.scheme or not parts.netloc:
        return ""
    return f"{parts.scheme.lower()}://{parts.netloc.lower().rsplit('@', 1)[-1]}"


def message_fact(message: McpMessage, config: ServerConfig | None) -> dict[str, Any]:
    """The ``message`` fact of one message (see docs/policy.md)."""
    kind = message.resolved_kind
    payload = message.payload
    more: dict[str, Any] = {}
    if isinstance(payload.get("uri"), str):
        more["uri"] = payload["uri"]
    elif kind == "resource" and message.item:
        more["uri"] = message.item
    if kind == "prompt" and message.item:
        more["name"] = message.item
    if kind == "sampling":
        context = payload.get("includeContext")
        more["include_context"] = context if isinstance(context, str) and context.isascii() else "none"
    elif kind == "elicitation":
        more.update(_elicitation_fact(message, config))
    return message_facts(kind, message.method, **more)


def _elicitation_fact(message: McpMessage, config: ServerConfig | None) -> dict[str, Any]:
    payload = message.payload
    mode = payload.get("mode")
    more: dict[str, Any] = {"mode": mode if mode in ("form", "url") else "form"}
    schema = payload.get("requestedSchema")
    props = schema.get("properties") if isinstance(schema, Mapping) else None
    if isinstance(props, Mapping):
        names = [str(k) for k in props]
        more["fields"] = names
        more["secret_fields"] = [n for n in names if secret_field(n, props[n])]
    url = payload.get("url")
    if isinstance(url, str):
        origin = origin_of(url)
        own = origin_of(config.url) if config is not None and config.url else ""
        allowed = {o.lower().rstrip("/") for o in (*message.allowed_origins, *(config.origins if config else ()))}
        more.update(url=url, url_origin=origin, url_allowed=bool(origin) and (origin == own or origin in allowed))
    return more


@functools.lru_cache(maxsize=512)  # one per (server, method, trusted): the engine caches by identity
def message_tool(server: str, method: str, *, trusted: bool) -> tuple[ToolProfile, ToolFacts]:
    """The profile a message is decided under in place of a tool's: it reads, changes nothing,
    and is open-world unless its server is trusted — so the tool-call rules (which ask whether a
    call is consequential) leave it to the rules about messages."""
    profile = ToolProfile(
        name=method, server=server, read_only=True, destructive=False, idempotent=True, open_world=not trusted
    )
    return profile, tool_facts(profile)


def is_trusted(config: ServerConfig | None) -> bool:
    """Whether the deployer trusts the server (an unknown server is not trusted)."""
    return config is not None and config.trust is Trust.TRUSTED
