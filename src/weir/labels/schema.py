"""The JSON Schema (draft 2020-12) of everything Weir reads and writes.

`Tool` with `ToolAnnotations` extended by every vocabulary (SEP-1984's hints, SEP-1913's
trust hints and lower-case action metadata, SEP-2061's capitalised forms), the `Tool._meta`
keys (seed 000, the extensions, Weir's mirror), `tools/list` catalogs, `CallToolResult` and
`tools/call` params with their `_meta` data annotations (issue 711, SEP-1913,
trust-annotations), and `tools/resolve` results.

The schema is stricter than the readers in one way only: it names each dialect's canonical
spelling, where the readers accept either case. It is looser in one: SEP-1913 marks every field
of inputMetadata / returnMetadata required, but a missing field is simply *no claim* to Weir, so
the schema does not require them. Unknown `annotations` and `_meta` keys are allowed (other
vendors' keys are not Weir's to reject). Built from plain dicts: jsonschema is a test-only
dependency, and ``weir schema --check`` validates with the readers' own diagnostics instead.
"""

from __future__ import annotations

from typing import Any

from weir.labels import keys
from weir.labels.dialects import core, sep1984
from weir.labels.dialects._values import capitalised
from weir.labels.dialects.mcpdev import RESULT_SENSITIVITY
from weir.labels.vocab import DataClass, Destination, Dialect, Outcome, SideEffect, Source

__all__ = ["KINDS", "SCHEMA_ID", "WIRE_DIALECTS", "json_schema", "schema_for"]

SCHEMA_ID = "urn:dev.weir:schema:labels"
"""The schema's ``$id`` (a URN: nothing is fetched)."""

WIRE_DIALECTS = tuple(d for d in Dialect if d not in (Dialect.OVERRIDE, Dialect.DETECTOR, Dialect.POLICY))
"""The dialects that are wire vocabularies (``--dialect`` choices)."""

_BOOL = {"type": "boolean"}
_STRINGS = {"type": "array", "items": {"type": "string"}}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/$defs/{name}"}


def _enum(values: list[str], description: str) -> dict[str, Any]:
    return {"type": "string", "enum": values, "description": description}


def _or_array(name: str) -> dict[str, Any]:
    """A resolved value, or an array of them: a possible set."""
    return {"anyOf": [_ref(name), {"type": "array", "items": _ref(name)}]}


def _vocab_defs() -> dict[str, Any]:
    lower_classes = [c.value for c in DataClass if c is not DataClass.REGULATED]
    regulated = {
        "type": "object",
        "properties": {
            "regulated": {
                "type": "object",
                "properties": {"scopes": {"type": "array", "items": _ref("RegulatoryScope")}},
                "required": ["scopes"],
                "additionalProperties": False,
            }
        },
        "required": ["regulated"],
        "additionalProperties": False,
    }
    defs: dict[str, Any] = {
        "DataClass": {"anyOf": [_enum(lower_classes, "SEP-1913 data class."), regulated]},
        "DataClassOrArray": _or_array("DataClass"),
        "DataClass2061": _enum([capitalised(c) for c in DataClass], "SEP-2061 sensitivity class."),
        "DataClass2061OrArray": _or_array("DataClass2061"),
        "RegulatoryScope": {
            "type": "string",
            "examples": ["GDPR", "CCPA", "HIPAA", "GLBA", "PCI-DSS", "FERPA", "COPPA", "SOX"],
        },
    }
    for enum, what in (
        (Destination, "Where input data may go."),
        (Outcome, "Real-world impact."),
        (Source, "Origin of returned data."),
    ):
        name = enum.__name__
        defs[name] = _enum([m.value for m in enum], what)
        defs[f"{name}OrArray"] = _or_array(name)
        defs[f"{name}2061"] = _enum([capitalised(m) for m in enum], f"SEP-2061: {what}")
        defs[f"{name}2061OrArray"] = _or_array(f"{name}2061")
    return defs


def _metadata(which: str, lower: bool, capital: bool) -> dict[str, Any]:
    """An inputMetadata / returnMetadata object with the lower-case and/or capitalised fields."""
    fields = {
        "input": ("destination:Destination", "sensitivity:DataClass", "outcomes:Outcome"),
        "return": ("source:Source", "sensitivity:DataClass"),
    }[which]
    props: dict[str, Any] = {}
    for spec in fields:
        key, enum = spec.split(":")
        if lower:
            props[key] = _ref(f"{enum}OrArray")
        if capital:
            props[key[0].upper() + key[1:]] = _ref(f"{enum}2061OrArray")
    return {"type": "object", "properties": props, "additionalProperties": False}


def _annotation_props(dialect: Dialect | None) -> dict[str, Any]:
    def want(d: Dialect) -> bool:
        return dialect is None or dialect is d

    props: dict[str, Any] = {}
    if want(Dialect.MCP_CORE):
        props["title"] = {"type": "string"}
        props.update(dict.fromkeys(core.HINTS, _BOOL))
    if want(Dialect.SEP1984):
        props.update(dict.fromkeys(sep1984.HINTS, _BOOL))
    if want(Dialect.SEP1913):
        props.update({"maliciousActivityHint": _BOOL, "attribution": _STRINGS})
    if want(Dialect.SEP1913) or want(Dialect.SEP2061):
        props["inputMetadata"] = _ref("InputMetadata")
        props["returnMetadata"] = _ref("ReturnMetadata")
    if want(Dialect.SEP2061):
        props["InputMetadata"] = _ref("InputMetadata")
        props["ReturnMetadata"] = _ref("ReturnMetadata")
    return props


def _tool_meta_props(dialect: Dialect | None) -> dict[str, Any]:
    def want(d: Dialect) -> bool:
        return dialect is None or dialect is d

    props: dict[str, Any] = {}
    if want(Dialect.MCP_DEV):
        props[keys.MCP_DEV_EFFECT] = _or_array("Effect")
        props[keys.MCP_DEV_IDEMPOTENT] = _BOOL
        props[keys.MCP_DEV_REQUIRES_CONFIRMATION] = _BOOL
        props[keys.MCP_DEV_RESULT_SENSITIVITY] = _enum(list(RESULT_SENSITIVITY), "Seed 000 result sensitivity.")
    if want(Dialect.ACTION_EXT):
        props[keys.ACTION_METADATA] = _ref("ActionMetadata")
    if want(Dialect.RESOLUTION_EXT):
        props[keys.TOOL_RESOLUTION] = _ref("ToolResolution")
    if want(Dialect.WEIR):
        props[keys.WEIR_ANNOTATIONS] = _ref("WeirToolAnnotations")
    return props


def _data_annotation_props(dialect: Dialect | None) -> dict[str, Any]:
    props: dict[str, Any] = {}
    if dialect in (None, Dialect.ISSUE711):
        props["privateHint"] = _BOOL
        props["sensitiveHint"] = _enum(["low", "medium", "high"], "Issue 711 sensitivity level.")
    if dialect in (None, Dialect.ISSUE711, Dialect.SEP1913):
        props.update({"openWorldHint": _BOOL, "maliciousActivityHint": _BOOL, "attribution": _STRINGS})
    if dialect in (None, Dialect.SEP1913):
        props["returnMetadata"] = _ref("ResolvedReturnMetadata")
    return props


def _data_meta_props(dialect: Dialect | None) -> dict[str, Any]:
    props: dict[str, Any] = {}
    if dialect in (None, Dialect.ISSUE711, Dialect.SEP1913):
        props[keys.ANNOTATIONS] = _ref("DataAnnotations")
    if dialect in (None, Dialect.TRUST_EXT):
        props[keys.TRUST_ANNOTATIONS] = _ref("TrustAnnotations")
    if dialect in (None, Dialect.WEIR):
        props[keys.WEIR_ANNOTATIONS] = _ref("WeirDataAnnotations")
        props[keys.WEIR_SESSION] = {"type": "string"}
        props[keys.WEIR_DECISION] = {"type": "object"}
    return props


def _object(props: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"type": "object", "properties": props, **more}


_EVIDENCE_REF: dict[str, Any] = {
    "description": "trust-annotations evidenceRef: a pointer to an out-of-band record with a re-derivable digest "
    "(the older form, a bare string, is read as its ref).",
    "type": "object",
    "properties": {
        "type": {"type": "string", "minLength": 1, "description": "Open string: data-class.v1, policy-decision, ..."},
        "digest": {"type": "string", "pattern": "^(sha256:[0-9a-f]{64}|sha384:[0-9a-f]{96}|sha512:[0-9a-f]{128})$"},
        "canonicalization": {
            "type": "string",
            "minLength": 1,
            "description": "jcs/rfc8785 or cbor/rfc8949 (others are kept but cannot be re-derived).",
        },
        "schema": {"type": "string", "minLength": 1},
        "ref": {"type": "string", "minLength": 1},
    },
    "required": ["type", "digest", "canonicalization"],
    "additionalProperties": False,
}


def _message_defs(dialect: Dialect | None) -> dict[str, Any]:
    weir_data = _data_annotation_props(None)
    weir_data["sensitivity"] = _ref("DataClassOrArray")
    one_ref = {"anyOf": [_ref("EvidenceRef"), {"type": "string", "minLength": 1}]}
    weir_data["evidenceRef"] = {"anyOf": [*one_ref["anyOf"], {"type": "array", "items": one_ref}]}
    block_annotations = {
        **_data_annotation_props(dialect),
        "audience": _STRINGS,
        "priority": {"type": "number"},
        "lastModified": {"type": "string"},
    }
    return {
        "DataAnnotations": _object(_data_annotation_props(dialect)),
        "ResolvedReturnMetadata": _metadata("return", lower=True, capital=False),
        "TrustAnnotations": _object(
            {"sensitive": _BOOL, "untrusted": _BOOL, "evidenceRef": one_ref}, additionalProperties=False
        ),
        "EvidenceRef": _EVIDENCE_REF,
        "WeirDataAnnotations": _object(weir_data),
        "DataMeta": _object(_data_meta_props(dialect)),
        "ContentBlock": _object(
            {"type": {"type": "string"}, "_meta": _ref("DataMeta"), "annotations": _object(block_annotations)},
            required=["type"],
        ),
        "CallToolResult": _object(
            {
                "content": {"type": "array", "items": _ref("ContentBlock")},
                "structuredContent": {"type": "object"},
                "isError": _BOOL,
                "_meta": _ref("DataMeta"),
            }
        ),
        "CallToolRequestParams": _object(
            {"name": {"type": "string"}, "arguments": {"type": "object"}, "_meta": _ref("DataMeta")}, required=["name"]
        ),
    }


def _tool_defs(dialect: Dialect | None) -> dict[str, Any]:
    sep2061_only = dialect is Dialect.SEP2061
    lower_only = dialect in (Dialect.SEP1913, Dialect.ACTION_EXT)
    mirror = _annotation_props(None)
    for key in core.HINTS:
        del mirror[key]
    mirror.update(
        {
            "effect": _or_array("Effect"),
            "requiresConfirmation": _BOOL,
            "resultSensitivity": _enum(list(RESULT_SENSITIVITY), "Seed 000 result sensitivity."),
        }
    )
    return {
        "Tool": _object(
            {
                "name": {"type": "string", "minLength": 1},
                "title": {"type": "string"},
                "description": {"type": "string"},
                "inputSchema": {"type": "object"},
                "outputSchema": {"type": "object"},
                "annotations": _ref("ToolAnnotations"),
                "_meta": _ref("ToolMeta"),
            },
            required=["name"],
        ),
        "ToolAnnotations": _object(_annotation_props(dialect)),
        "InputMetadata": _metadata("input", lower=not sep2061_only, capital=not lower_only),
        "ReturnMetadata": _metadata("return", lower=not sep2061_only, capital=not lower_only),
        "ToolMeta": _object(_tool_meta_props(dialect)),
        "ActionMetadata": _object(
            {
                "inputMetadata": _ref("InputMetadata"),
                "returnMetadata": _ref("ReturnMetadata"),
                "outcome": _or_array("Outcome"),
                "requiresReview": {**_BOOL, "description": "The host should ask a human before the tool runs."},
            },
            additionalProperties=False,
        ),
        "ToolResolution": _object({"resolvable": _BOOL}, additionalProperties=False),
        "WeirToolAnnotations": _object(mirror),
        "Effect": _enum([e.value for e in SideEffect], "Seed 000 primary side effect."),
        "EffectOrArray": _or_array("Effect"),
        "Catalog": {
            "anyOf": [
                _object(
                    {"tools": {"type": "array", "items": _ref("Tool")}, "nextCursor": {"type": "string"}},
                    required=["tools"],
                ),
                {"type": "array", "items": _ref("Tool")},
            ]
        },
        "ToolResolveResult": {
            "anyOf": [
                _object({"tool": _ref("Tool")}, required=["tool"]),
                _object(
                    {
                        "resultType": {"const": "complete"},
                        "name": {"type": "string"},
                        "annotations": _ref("ToolAnnotations"),
                        "_meta": _ref("ToolMeta"),
                    },
                    required=["name"],
                ),
            ]
        },
    }


KINDS = ("Tool", "Catalog", "CallToolResult", "CallToolRequestParams", "ToolResolveResult")
"""The top-level documents the schema describes (see :func:`schema_for`)."""

# How the top level tells the kinds apart: the same tests, in the same order, as
# weir.labels.check.detect_kind. A plain anyOf of the kinds would accept a broken tool as a
# "CallToolResult" (none of whose keys are required) and so reject nothing.
_ROUTES: tuple[tuple[dict[str, Any], str], ...] = (
    ({"anyOf": [{"required": ["jsonrpc"]}, {"required": ["method"]}]}, "JsonRpcMessage"),
    ({"type": "array"}, "Catalog"),
    ({"required": ["tools"]}, "Catalog"),
    (
        {
            "anyOf": [
                {"required": ["tool"]},
                {"required": ["resultType"], "properties": {"resultType": {"const": "complete"}}},
            ]
        },
        "ToolResolveResult",
    ),
    (
        {"anyOf": [{"required": ["content"]}, {"required": ["structuredContent"]}, {"required": ["isError"]}]},
        "CallToolResult",
    ),
    ({"required": ["arguments"]}, "CallToolRequestParams"),
)


def _routed() -> dict[str, Any]:
    """``if``/``then``/``else`` from each route down to `Tool` (a document with none of the keys)."""
    node: dict[str, Any] = _ref("Tool")
    for condition, kind in reversed(_ROUTES):
        # `required` holds vacuously for a non-object: every key test needs the type too.
        test = condition if "type" in condition else {"type": "object", **condition}
        node = {"if": test, "then": _ref(kind), "else": node}
    return node


def json_schema(dialect: Dialect | None = None) -> dict[str, Any]:
    """The whole schema; with ``dialect``, the vocabulary slots list only that dialect's keys.

    The top level recognises which kind of document it is given (see :data:`_ROUTES`) and
    validates it as that kind, so an error's path points into the document, not at its root.
    """
    defs = {**_vocab_defs(), **_tool_defs(dialect), **_message_defs(dialect)}
    # A saved JSON-RPC message: its params or result is itself one of the kinds ("#" is this root).
    defs["JsonRpcMessage"] = _object({"params": {"$ref": "#"}, "result": {"$ref": "#"}})
    title = "Weir: every annotation vocabulary" + (f" ({dialect})" if dialect else "")
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": title,
        **_routed(),
        "$defs": defs,
    }


def schema_for(kind: str, dialect: Dialect | None = None) -> dict[str, Any]:
    """The schema rooted at one of :data:`KINDS` (for validating a document of known kind)."""
    doc = json_schema(dialect)
    for key in ("if", "then", "else"):
        del doc[key]
    return {**doc, "$ref": f"#/$defs/{kind}"}
