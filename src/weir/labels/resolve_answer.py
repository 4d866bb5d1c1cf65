"""Checking a ``tools/resolve`` answer before anything believes it (the tool-resolution draft, consuming side).

The answer is ``{resultType: "complete", name, annotations, _meta?}``. :func:`check_answer`
holds it to the draft's client rules and to Weir's own:

- **shape**: ``resultType`` is ``complete``, ``name`` is the tool asked about, ``annotations``
  is an object whose core hints are booleans, and nothing that is the tool's identity (title,
  description, icons, schemas) comes back. The draft makes the four hints a complete
  replacement; seed 004's refinement (the same method, still sent) gives only the ones that
  change and carries other vocabularies' keys in ``annotations`` — so a hint left out keeps the
  listing's value, and the other keys are read like the listing's;
- **conservative bounds** against the static hints (core defaults applied first): a read-only
  tool stays read-only, a non-destructive one non-destructive, an idempotent one idempotent
  whenever it writes, a closed-world one closed; a listed possible set may shrink, never grow;
  a sensitivity level never drops;
- **negotiated extensions only**: extension keys in ``_meta`` that the request did not advertise
  (:data:`RESOLVE_EXTENSIONS`) are ignored;
- **no new claims from an untrusted server**: an answer may not make a claim the static
  definition did not (an "accepts financial data" the listing never said, which lint, pins and
  quarantine never saw), unless it only asks for more care (a risky hint's risky value).

Any problem fails the whole answer: the caller keeps the static definition and audits why.
A router that could not get an answer at all passes :func:`failed_answer` instead, so the same
check reports it (and a recorded trace replays it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from weir.labels import keys
from weir.labels.profile import POSSIBLE_SETS, RISKY_WHEN, ToolProfile
from weir.labels.read import read_resolution

__all__ = [
    "CORE_HINTS",
    "INVALID_ARGUMENTS",
    "RESOLVE_EXTENSIONS",
    "AnswerCheck",
    "check_answer",
    "failed_answer",
    "offers_resolution",
]

CORE_HINTS: Mapping[str, str] = {
    "readOnlyHint": "read_only",
    "destructiveHint": "destructive",
    "idempotentHint": "idempotent",
    "openWorldHint": "open_world",
}
"""The four resolvable core hints (wire key → profile field)."""
_DEFAULTS = {"read_only": False, "destructive": True, "idempotent": False, "open_world": True}
RESOLVE_EXTENSIONS: Mapping[str, Mapping[str, Any]] = {
    keys.TOOL_RESOLUTION: {},
    keys.ACTION_METADATA: {},
    keys.WEIR_ANNOTATIONS: {},
}
"""What Weir advertises on every ``tools/resolve`` request (so the only extension keys it reads back)."""
_IDENTITY = ("title", "description", "icons", "inputSchema", "outputSchema")
_ERROR_KEY = "dev.weir/resolveError"
INVALID_ARGUMENTS = -32602
"""The server rejected the arguments: the draft forbids calling the tool with them unchanged."""
_NOT_CLAIMS = frozenset({"name", "server", "title", "resolvable", "resolved", *CORE_HINTS.values()})
_BELIEVED_NEW = frozenset({*RISKY_WHEN, "result_level"})
"""New claims an untrusted server's answer may make: the trust rules then keep only their risky
values (a hint's risky end, a level above none), which ask for more care and can loosen nothing."""


@dataclass(frozen=True)
class AnswerCheck:
    """What may be believed of one answer."""

    answer: dict[str, Any] | None
    """The answer without what was ignored; None when it failed (keep the static definition)."""
    problems: tuple[str, ...] = ()
    """Why it failed (empty when it did not)."""
    ignored: tuple[str, ...] = ()
    """Keys left out: extension ``_meta`` keys the request did not negotiate."""
    invalid_arguments: bool = False
    """The server refused the arguments (-32602): the call must not go ahead with them."""


def offers_resolution(capabilities: Any) -> bool:
    """Whether to ask a server that marked a tool resolvable: not when it advertises the extension
    with settings this revision does not know (the draft: a non-empty settings object is unsupported).

    A marked tool is the server's own claim that it serves ``tools/resolve`` for it, and servers
    built on the Python SDK do not list their extensions in their capabilities (2.3), so an
    extension missing from them is not taken as a refusal; a server without the method answers
    -32601 and the static definition stands.
    """
    extensions = capabilities.get("extensions") if isinstance(capabilities, Mapping) else None
    settings = extensions.get(keys.TOOL_RESOLUTION) if isinstance(extensions, Mapping) else None
    return settings is None or (isinstance(settings, Mapping) and not settings)


def failed_answer(code: int | None, message: str) -> dict[str, Any]:
    """The stand-in for an answer the server did not give (an error, a timeout, a malformed reply)."""
    return {_ERROR_KEY: {"code": code, "message": message}}


def _shape(answer: Mapping[str, Any], name: str) -> list[str]:
    problems: list[str] = []
    if answer.get("resultType") != "complete":
        problems.append(f"resultType must be 'complete', not {answer.get('resultType')!r}")
    if answer.get("name") != name:
        problems.append(f"name {answer.get('name')!r} is not the tool asked about ({name!r})")
    problems += [f"{k} is the tool's own (from tools/list) and may not be resolved" for k in _IDENTITY if k in answer]
    annotations = answer.get("annotations")
    if not isinstance(annotations, Mapping):
        return [*problems, "annotations must be an object holding the four core hints"]
    for key in CORE_HINTS:
        if key in annotations and not isinstance(annotations[key], bool):
            problems.append(f"annotations.{key} must be a boolean, not {type(annotations[key]).__name__}")
    if "title" in annotations:
        problems.append("annotations.title may not be resolved")
    return problems


def _cleaned(answer: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    annotations = answer["annotations"]
    ignored: list[str] = []
    meta = answer.get("_meta")
    kept: dict[str, Any] = {}
    if isinstance(meta, Mapping):
        for key, value in meta.items():
            if "/" in str(key) and key not in RESOLVE_EXTENSIONS:
                ignored.append(f"_meta[{str(key)!r}]")  # not negotiated on this request
            else:
                kept[str(key)] = value
    out = {"resultType": "complete", "name": answer["name"], "annotations": dict(annotations)}
    if kept:
        out["_meta"] = kept
    return out, ignored


def _bounds(static: ToolProfile, resolved: ToolProfile) -> list[str]:
    """The draft's conservative relationship between the static and the resolved core hints."""
    s = {f: getattr(static, f) if getattr(static, f) is not None else d for f, d in _DEFAULTS.items()}
    # A hint the answer leaves out keeps the listing's value (seed 004's refinement form).
    r = {f: getattr(resolved, f) if getattr(resolved, f) is not None else s[f] for f in _DEFAULTS}
    problems = []
    if s["read_only"] and not r["read_only"]:
        problems.append("readOnlyHint: the listing promises read-only, the answer is not")
    if not s["read_only"] and not s["destructive"] and r["destructive"]:
        problems.append("destructiveHint: the listing promises non-destructive, the answer is destructive")
    if s["idempotent"] and not r["read_only"] and not r["idempotent"]:
        problems.append("idempotentHint: the listing promises idempotent writes, the answer is not idempotent")
    if not s["open_world"] and r["open_world"]:
        problems.append("openWorldHint: the listing promises a closed world, the answer opens it")
    return problems


def _claims(static: ToolProfile, resolved: ToolProfile, *, trusted: bool) -> list[str]:
    """Beyond the four hints: sets only shrink, levels never drop, and no new claim from an untrusted server."""
    problems = []
    for field in sorted(set(resolved.origins) - _NOT_CLAIMS):
        old, new = getattr(static, field, None), getattr(resolved, field, None)
        claimed = field in static.origins
        if field in POSSIBLE_SETS and old and not new <= old:
            problems.append(f"{field}: {sorted(map(str, new - old))} is outside the listed possible set")
        elif field == "result_level" and old is not None and new is not None and new < old:
            problems.append(f"result_level: {new.name} is below the listed {old.name}")
        elif not trusted and not claimed and field not in _BELIEVED_NEW:
            shown = sorted(map(str, new)) if isinstance(new, frozenset) else new
            problems.append(f"{field}: the answer adds a claim ({shown}) the listing did not make")
    return problems


def _failure(error: Any) -> AnswerCheck:
    code = error.get("code") if isinstance(error, Mapping) else None
    message = error.get("message") if isinstance(error, Mapping) else None
    why = f"tools/resolve failed ({code}): {message}" if code is not None else f"tools/resolve failed: {message}"
    return AnswerCheck(None, (why,), invalid_arguments=code == INVALID_ARGUMENTS)


def check_answer(answer: Any, *, name: str, static: ToolProfile, trusted: bool) -> AnswerCheck:
    """Hold ``answer`` to the draft and to the static definition ``static`` (as listed, before trust).

    ``trusted``: the server is trusted (and the tool not quarantined), so new claims are believed.
    Never raises.
    """
    if isinstance(answer, Mapping) and _ERROR_KEY in answer:
        return _failure(answer[_ERROR_KEY])
    if not isinstance(answer, Mapping):
        return AnswerCheck(None, (f"tools/resolve answered {type(answer).__name__}, not an object",))
    problems = _shape(answer, name)
    if problems:
        return AnswerCheck(None, tuple(problems))
    cleaned, ignored = _cleaned(answer)
    resolved = read_resolution(cleaned, server=static.server).profile
    problems = _bounds(static, resolved) + _claims(static, resolved, trusted=trusted)
    if problems:
        return AnswerCheck(None, tuple(problems), tuple(ignored))
    return AnswerCheck(cleaned, (), tuple(ignored))
