"""Traces: the JSON Lines record of agent sessions that `weir gateway --record` writes and `weir replay` reads.

One JSON object per line (docs/replay.md, "The trace format", fixes it; other tools read it)::

    {"event":"session","id":"…"}                                        starts (or resumes) an agent session
    {"event":"tools","server":"…","tools":[…wire Tool objects…]}        a server's tools/list
    {"event":"call","server":"…","tool":"…","arguments":{…},"_meta":{…}}  a tools/call request
    {"event":"result","server":"…","tool":"…","result":{…}}             its CallToolResult, as on the wire
    {"event":"confirm","server":"…","tool":"…","approved":true,"reason":"…"}  the answer to a confirmation
    {"event":"user","text":"…"}                                         the user's words, from a trusted host

A recording gateway also writes every other message it decides (a resource read, a prompt, a
server's instructions, a notification, an error, a server's sampling/elicitation/roots request
and the client's answer to it), as the server or client sent it::

    {"event":"message","server":"…","method":"…","direction":"to_client","message":{…wire…},
     "kind":"resource","item":"memo://x"}

``direction`` is ``to_client`` for what a server sends and ``to_server`` for a client's answer;
``kind`` and ``item`` are optional (read from the method and message when absent). Other
readers of the format skip events they do not know.

Besides the session, a live decision may depend on a tool's ``tools/resolve`` answer (a
``call``'s ``resolved``) and on a confirmation answered by retrying the call (2026-07-28): the
gateway then decides the call again before acting on the answer, and the ``confirm`` event says
so with ``retry: true`` and the retry's own ``_meta`` and ``resolved``. Older traces lack these
fields; a replay of a trace that has them reproduces every live decision.

Calls and results belong to the agent session named by the last ``session`` event before them; a
``session`` event naming an id seen before resumes that session, so a recorder can interleave
concurrent sessions. ``tools`` events are not per session: a server's catalogue is shared.
Blank lines are skipped but still counted, so a line number always points into the file.

The reader is strict (an unknown key is an error, not silently ignored: a trace that says
``argument`` instead of ``arguments`` would otherwise replay as a call without arguments) and says
exactly which line is wrong and why. Wire objects inside events (tools, arguments, results) are
kept as the raw dicts they were: Weir reads the raw wire, never a typed SDK model.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, NamedTuple

from weir.errors import TraceError

__all__ = [
    "CallEvent",
    "ConfirmEvent",
    "MessageEvent",
    "ResultEvent",
    "SessionEvent",
    "ToolsEvent",
    "TraceError",
    "TraceEvent",
    "TraceLine",
    "TraceWriter",
    "UserEvent",
    "dump_event",
    "iter_trace",
    "parse_event",
    "read_trace",
]


@dataclass(frozen=True, slots=True)
class SessionEvent:
    """Everything after this event, up to the next session event, belongs to agent session ``id``."""

    id: str


@dataclass(frozen=True, slots=True)
class ToolsEvent:
    """The tools a server listed (wire Tool objects, unknown keys and ``_meta`` intact)."""

    server: str
    tools: list[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class CallEvent:
    """A ``tools/call`` request as the agent sent it."""

    server: str
    tool: str
    arguments: dict[str, Any] = field(default_factory=dict)
    meta: dict[str, Any] = field(default_factory=dict)
    """The request's ``_meta``."""
    resolved: dict[str, Any] | None = None
    """The ``tools/resolve`` answer the live decision used (``None``: none was asked or given)."""
    principal: dict[str, Any] | None = None
    """The ``principal`` fact the live decision used, when an OAuth access token proved it."""


@dataclass(frozen=True, slots=True)
class ResultEvent:
    """The ``CallToolResult`` the server answered, as a wire dict."""

    server: str
    tool: str
    result: dict[str, Any]


@dataclass(frozen=True, slots=True)
class ConfirmEvent:
    """The answer to a confirmation of the preceding call: the user's, or the configured fallback's."""

    server: str
    tool: str
    approved: bool
    reason: str = ""
    retry: bool = False
    """The answer came on a retry of the call, which was decided again (with ``meta`` and ``resolved``)."""
    meta: dict[str, Any] = field(default_factory=dict)
    """The retry's request ``_meta``."""
    resolved: dict[str, Any] | None = None
    """The ``tools/resolve`` answer the retry's decision used."""


@dataclass(frozen=True, slots=True)
class MessageEvent:
    """Any other MCP message Weir decides, as the server (or, answering it, the client) sent it."""

    server: str
    method: str
    direction: str
    """``to_client`` (from the server) or ``to_server`` (the client's answer to a server's request)."""
    message: dict[str, Any]
    """The wire object decided: a result, an error object, a notification's or request's params."""
    kind: str = ""
    """The ``message.kind`` it was decided as (empty: read from the method and message)."""
    item: str = ""
    """What it is about (a resource's URI, a prompt's name)."""


@dataclass(frozen=True, slots=True)
class UserEvent:
    """What the user asked for, in the user's words, as a trusted host passed them
    (:mod:`weir.guard.intent`); it belongs to the current agent session like a call."""

    text: str


TraceEvent = SessionEvent | ToolsEvent | CallEvent | ResultEvent | ConfirmEvent | MessageEvent | UserEvent


class TraceLine(NamedTuple):
    """One event and the 0-based line of the file it was read from."""

    line: int
    event: TraceEvent


# event name -> (required keys, optional keys), as docs/replay.md documents them. "event" itself is implied.
_KEYS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "session": (frozenset({"id"}), frozenset()),
    "tools": (frozenset({"server", "tools"}), frozenset()),
    "call": (frozenset({"server", "tool"}), frozenset({"arguments", "_meta"})),
    "result": (frozenset({"server", "tool", "result"}), frozenset()),
    "user": (frozenset({"text"}), frozenset()),
}
# What a recording gateway adds: what a live decision depended on besides the session.
_CONTEXT_EVENTS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "confirm": (frozenset({"server", "tool", "approved"}), frozenset({"reason", "retry", "_meta", "resolved"})),
    "message": (frozenset({"server", "method", "direction", "message"}), frozenset({"kind", "item"})),
}
_CONTEXT_KEYS: dict[str, frozenset[str]] = {"call": frozenset({"resolved", "principal"})}
_EVENTS = {**_KEYS, **_CONTEXT_EVENTS}
# event name -> every key it may have: one subset test passes a well-formed event.
_ALLOWED = {
    kind: required | optional | {"event"} | _CONTEXT_KEYS.get(kind, frozenset())
    for kind, (required, optional) in _EVENTS.items()
}


def _unknown_key(what: str, kind: str, unknown: list[str]) -> str:
    documented = ({"event"} | _KEYS[kind][0] | _KEYS[kind][1]) if kind in _KEYS else _ALLOWED[kind]
    recorded = sorted(_ALLOWED[kind] - documented)
    also = f" (recorded by a gateway too: {', '.join(recorded)})" if recorded else ""
    return f"{what}: unknown key {', '.join(map(repr, unknown))} (allowed: {', '.join(sorted(documented))}){also}"


def _string(obj: Mapping[str, Any], key: str, what: str) -> str:
    value = obj[key]
    if not isinstance(value, str) or not value:
        raise ValueError(f"{what}: `{key}` must be a non-empty string, not {_describe(value)}")
    return value


def _object(obj: Mapping[str, Any], key: str, what: str) -> dict[str, Any]:
    value = obj.get(key, {})
    if not isinstance(value, dict):
        raise ValueError(f"{what}: `{key}` must be a JSON object, not {_describe(value)}")
    return value


def _confirm(obj: Mapping[str, Any], what: str) -> ConfirmEvent:
    reason = obj.get("reason", "")
    if not isinstance(reason, str):
        raise ValueError(f"{what}: `reason` must be a string, not {_describe(reason)}")
    return ConfirmEvent(
        _string(obj, "server", what),
        _string(obj, "tool", what),
        _flag(obj, "approved", what),
        reason,
        _flag(obj, "retry", what),
        _object(obj, "_meta", what),
        _object(obj, "resolved", what) if "resolved" in obj else None,
    )


def _message(obj: Mapping[str, Any], what: str) -> MessageEvent:
    direction = _string(obj, "direction", what)
    if direction not in ("to_client", "to_server"):
        raise ValueError(f"{what}: `direction` must be to_client or to_server, not {json.dumps(direction)}")
    texts = {}
    for key in ("kind", "item"):
        value = obj.get(key, "")
        if not isinstance(value, str):
            raise ValueError(f"{what}: `{key}` must be a string, not {_describe(value)}")
        texts[key] = value
    message = obj["message"]
    if not isinstance(message, dict):
        raise ValueError(f"{what}: `message` must be a JSON object, not {_describe(message)}")
    return MessageEvent(
        _string(obj, "server", what), _string(obj, "method", what), direction, message, texts["kind"], texts["item"]
    )


def _flag(obj: Mapping[str, Any], key: str, what: str) -> bool:
    value = obj.get(key, False)
    if not isinstance(value, bool):
        raise ValueError(f"{what}: `{key}` must be true or false, not {_describe(value)}")
    return value


def _tools(obj: Mapping[str, Any]) -> list[dict[str, Any]]:
    tools = obj["tools"]
    if not isinstance(tools, list):
        raise ValueError(f"tools event: `tools` must be a JSON array of Tool objects, not {_describe(tools)}")
    for i, tool in enumerate(tools):
        if not isinstance(tool, dict):
            raise ValueError(f"tools event: tools[{i}] must be a Tool object, not {_describe(tool)}")
        if not isinstance(tool.get("name"), str) or not tool["name"]:
            raise ValueError(f"tools event: tools[{i}] has no `name` string")
    return tools


def _describe(value: Any) -> str:
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean", type(None): "null"}
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f"the number {value}"
    if isinstance(value, str) and not value:
        return "an empty string"
    return names.get(type(value), type(value).__name__)


def parse_event(obj: Any) -> TraceEvent:
    """Validate one decoded JSON value as a trace event. Raises ``ValueError`` saying what is wrong."""
    if not isinstance(obj, dict):
        raise ValueError(f"an event must be a JSON object, not {_describe(obj)}")
    kind = obj.get("event")
    if not isinstance(kind, str) or kind not in _EVENTS:  # a list or an object is not hashable
        known = ", ".join(sorted(_KEYS))
        got = "no `event` key" if "event" not in obj else f"`event` is {json.dumps(kind)}"
        raise ValueError(f"{got}; expected one of: {known} (or, recorded by a gateway: {', '.join(_CONTEXT_EVENTS)})")
    required, allowed = _EVENTS[kind][0], _ALLOWED[kind]
    what = f"{kind} event"
    keys = obj.keys()
    if not required <= keys:
        missing = sorted(required - keys)
        raise ValueError(f"{what}: missing key{'s' if len(missing) > 1 else ''} {', '.join(missing)}")
    if not keys <= allowed:
        unknown = sorted(keys - allowed)
        raise ValueError(_unknown_key(what, kind, unknown))
    if kind == "session":
        return SessionEvent(_string(obj, "id", what))
    if kind == "tools":
        return ToolsEvent(_string(obj, "server", what), _tools(obj))
    if kind == "call":
        return CallEvent(
            _string(obj, "server", what),
            _string(obj, "tool", what),
            _object(obj, "arguments", what),
            _object(obj, "_meta", what),
            _object(obj, "resolved", what) if "resolved" in obj else None,
            _object(obj, "principal", what) if "principal" in obj else None,
        )
    if kind in _CONTEXT_PARSERS:
        return _CONTEXT_PARSERS[kind](obj, what)
    return ResultEvent(_string(obj, "server", what), _string(obj, "tool", what), _object(obj, "result", what))


def _user(obj: Mapping[str, Any], what: str) -> UserEvent:
    return UserEvent(_string(obj, "text", what))


_Parser = Callable[[Mapping[str, Any], str], TraceEvent]
_CONTEXT_PARSERS: dict[str, _Parser] = {"confirm": _confirm, "message": _message, "user": _user}
"""The events parsed by a function of their own."""


def iter_trace(lines: Iterable[str], *, path: str | None = None) -> Iterator[TraceLine]:
    """Parse trace lines lazily; a malformed line raises :class:`TraceError` with its 0-based number."""
    for number, text in enumerate(lines):
        if not text.strip():
            continue
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as exc:
            raise TraceError(f"not valid JSON: {exc.msg} at column {exc.colno}", line=number, path=path) from exc
        try:
            yield TraceLine(number, parse_event(obj))
        except ValueError as exc:
            raise TraceError(str(exc), line=number, path=path) from exc


def read_trace(path: str | Path) -> list[TraceLine]:
    """Read a whole trace file (UTF-8 JSON Lines)."""
    p = Path(path)
    try:
        with p.open(encoding="utf-8") as handle:
            return list(iter_trace(handle, path=str(p)))
    except OSError as exc:
        raise TraceError(f"cannot read trace: {exc.strerror or exc}", path=str(p)) from exc
    except UnicodeDecodeError as exc:
        raise TraceError(f"not UTF-8 text: {exc.reason} at byte {exc.start}", path=str(p)) from exc


def dump_event(event: TraceEvent) -> str:
    """One event as its JSON line (without the newline), keys in the documented order."""
    obj: dict[str, Any]
    if isinstance(event, SessionEvent):
        obj = {"event": "session", "id": event.id}
    elif isinstance(event, ToolsEvent):
        obj = {"event": "tools", "server": event.server, "tools": event.tools}
    elif isinstance(event, CallEvent):
        obj = {"event": "call", "server": event.server, "tool": event.tool, "arguments": event.arguments}
        if event.meta:
            obj["_meta"] = event.meta
        if event.resolved is not None:
            obj["resolved"] = event.resolved
        if event.principal is not None:
            obj["principal"] = event.principal
    elif isinstance(event, ConfirmEvent):
        obj = _dump_confirm(event)
    elif isinstance(event, UserEvent):
        obj = {"event": "user", "text": event.text}
    elif isinstance(event, MessageEvent):
        obj = {
            "event": "message",
            "server": event.server,
            "method": event.method,
            "direction": event.direction,
            "message": event.message,
        }
        obj.update({k: v for k, v in (("kind", event.kind), ("item", event.item)) if v})
    else:
        obj = {"event": "result", "server": event.server, "tool": event.tool, "result": event.result}
    try:
        return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise TraceError(f"cannot record {type(event).__name__}: {exc}") from exc


def _dump_confirm(event: ConfirmEvent) -> dict[str, Any]:
    obj: dict[str, Any] = {"event": "confirm", "server": event.server, "tool": event.tool, "approved": event.approved}
    if event.reason:
        obj["reason"] = event.reason
    if event.retry:
        obj["retry"] = True
        if event.meta:
            obj["_meta"] = event.meta
        if event.resolved is not None:
            obj["resolved"] = event.resolved
    return obj


class TraceWriter:
    """Appends events to a trace file, one flushed line per event; safe to share between threads.

    The writer tracks the current agent session and writes a ``session`` event only when a call
    or result belongs to a different session than the previous one, so interleaved sessions
    record correctly and a single session costs one line.
    """

    def __init__(self, target: str | Path | IO[str]) -> None:
        if isinstance(target, str | Path):
            try:
                # Owner-only (0600): a trace holds what tools were called with and returned.
                flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_CLOEXEC", 0)
                fd = os.open(target, flags, 0o600)
                if os.fstat(fd).st_mode & 0o077:  # an existing file keeps its mode: narrowed, it holds raw results
                    os.fchmod(fd, 0o600)
                self._handle: IO[str] = os.fdopen(fd, "a", encoding="utf-8")
            except OSError as exc:
                raise TraceError(f"cannot open trace for writing: {exc.strerror or exc}", path=str(target)) from exc
            self._owned = True
        else:
            self._handle, self._owned = target, False
        self._lock = threading.Lock()
        self._session: str | None = None

    def __enter__(self) -> TraceWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the file (if the writer opened it)."""
        with self._lock:
            if self._owned and not self._handle.closed:
                self._handle.close()

    def write(self, event: TraceEvent) -> None:
        """Append one event exactly as given (no session bookkeeping)."""
        self.record(event)

    def tools(self, server: str, tools: list[dict[str, Any]]) -> None:
        """Record a server's tools/list (wire Tool dicts)."""
        self.write(ToolsEvent(server, tools))

    def call(
        self,
        session: str,
        server: str,
        tool: str,
        arguments: Mapping[str, Any] | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> None:
        """Record a tools/call of agent session ``session``."""
        self.record(CallEvent(server, tool, dict(arguments or {}), dict(meta or {})), session)

    def result(self, session: str, server: str, tool: str, result: Mapping[str, Any]) -> None:
        """Record the wire CallToolResult answering a call of agent session ``session``."""
        self.record(ResultEvent(server, tool, dict(result)), session)

    def record(self, event: TraceEvent, session: str | None = None) -> None:
        """Append ``event``; when it belongs to agent session ``session`` and the previous one did
        not, a ``session`` event goes first."""
        line = dump_event(event) + "\n"
        with self._lock:
            if session is not None and session != self._session:
                self._emit(dump_event(SessionEvent(session)) + "\n")
                self._session = session
            self._emit(line)
            if isinstance(event, SessionEvent):
                self._session = event.id

    def _emit(self, line: str) -> None:
        try:
            self._handle.write(line)
            self._handle.flush()
        except (OSError, ValueError) as exc:
            raise TraceError(f"cannot append to trace: {exc}") from exc
