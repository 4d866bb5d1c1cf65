"""The result walk finds exactly the scannable strings, and a rewrite touches only what it names.

The walk and the rewrite are pruned for speed; ``_reference_strings`` and ``_reference_replace``
are a plain whole-tree walk of the same rules, kept here as the oracle of a differential test.
"""

import copy
import json
import time
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from weir.detect import blobs
from weir.detect.walk import replace_strings, result_strings, rewrite_strings, walk_result

_BLOCK_TYPES = {"text", "image", "audio", "resource", "resource_link"}


def _path(path: str, key: object) -> str:
    text = str(key)
    if text.isidentifier():
        return f"{path}.{text}" if path else text
    return f"{path}[{json.dumps(text)}]"


def _payload(value: Mapping[str, Any]) -> str | None:
    if isinstance(value.get("blob"), str) and "uri" in value:
        return "blob"
    if value.get("type") in ("image", "audio") and isinstance(value.get("data"), str):
        return "data"
    return None


def _children(path: str, value: Any) -> list[tuple[str, Any, Any]]:
    if isinstance(value, Mapping):
        return [
            (_path(path, k), k, v)
            for k, v in value.items()
            if not (k == "type" and isinstance(v, str) and v in _BLOCK_TYPES)
        ]
    if isinstance(value, list | tuple):
        return [(f"{path}[{i}]", i, v) for i, v in enumerate(value)]
    return []


def _reference_strings(node: Any, path: str = "", mime: object = None, payload: bool = False) -> list[tuple[str, str]]:
    if isinstance(node, str):
        if payload:
            text = blobs.decode(node, mime).text
            return [(path, text)] if text else []
        return [(path, node)] if node else []
    key = _payload(node) if isinstance(node, Mapping) else None
    mime = node.get("mimeType") if isinstance(node, Mapping) else None
    return [pair for p, k, v in _children(path, node) for pair in _reference_strings(v, p, mime, k == key)]


def _reference_replace(value: Any, replacements: Mapping[str, str], path: str = "") -> Any:
    if isinstance(value, Mapping):
        out = dict(value)
        key = _payload(value)
        for p, k, child in _children(path, value):
            if k == key and p in replacements:
                charset = blobs.decode(child, value.get("mimeType")).charset
                out[k] = blobs.encode(replacements[p], charset)
            else:
                out[k] = _reference_replace(child, replacements, p)
        return out
    if isinstance(value, list | tuple):
        return [_reference_replace(child, replacements, p) for p, _, child in _children(path, value)]
    if isinstance(value, str):
        return replacements.get(path, value)
    return value


_KEYS = st.sampled_from(
    [
        *("text", "content", "contents", "type", "data", "blob", "uri", "mimeType", "_meta", "annotations"),
        *("e-mail", "a.b", "x y", "0", "é"),
    ]
)
_LEAVES = st.one_of(
    st.text(max_size=6),
    st.sampled_from(["image", "audio", "text", "resource", "", "text/plain", "aGk=", "AA==", "/w==", "a b"]),
    st.integers(),
    st.booleans(),
    st.none(),
)
_TREES = st.recursive(
    _LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(_KEYS, inner, max_size=5),
    ),
    max_leaves=25,
)


@settings(max_examples=300)
@given(_TREES)
def test_the_walk_yields_exactly_the_strings_of_the_whole_tree_walk_in_order(tree: Any) -> None:
    assert list(result_strings(tree)) == _reference_strings(tree)


@settings(max_examples=300)
@given(_TREES, st.data())
def test_a_rewrite_equals_the_whole_tree_rewrite_and_leaves_the_input_alone(tree: Any, data: st.DataObject) -> None:
    paths = [p for p, _ in _reference_strings(tree)]
    chosen = data.draw(st.lists(st.sampled_from(paths), unique=True) if paths else st.just([]))
    replacements = {p: f"<{i}>" for i, p in enumerate(chosen)}
    before = copy.deepcopy(tree)
    out = replace_strings(tree, replacements)
    # JSON, because the whole-tree rewrite turns every tuple into a list and the pruned one only
    # those on the way to a replaced string: the same document either way.
    assert json.dumps(out) == json.dumps(_reference_replace(tree, replacements))
    assert tree == before


def test_a_rewrite_shares_every_branch_it_does_not_change() -> None:
    result = {
        "content": [{"type": "text", "text": "secret"}, {"type": "text", "text": "clean"}],
        "structuredContent": {"rows": [{"a": "x"}]},
        "_meta": {"k": "v"},
    }
    out = rewrite_strings(result, ["content[0].text"], lambda path, text: text.upper())
    assert out["content"][0]["text"] == "SECRET"
    assert out["content"][1] is result["content"][1]
    assert out["structuredContent"] is result["structuredContent"]
    assert out["_meta"] is result["_meta"]
    assert result["content"][0]["text"] == "secret"


def test_a_rewrite_of_nothing_returns_the_result_itself() -> None:
    result = {"content": [{"type": "text", "text": "a"}]}
    assert rewrite_strings(result, [], lambda path, text: "x") is result


def test_a_path_that_is_only_a_prefix_of_a_sibling_rewrites_nothing_else() -> None:
    result = {"content": "a", "contents": {"x": "b"}, "content2": ["c"]}
    out = replace_strings(result, {"contents.x": "B"})
    assert out == {"content": "a", "contents": {"x": "B"}, "content2": ["c"]}
    assert out["content2"] is result["content2"]


def test_meta_and_annotations_are_walked_and_a_block_type_is_not() -> None:
    result = {
        "content": [{"type": "text", "text": "a", "annotations": {"n": "b"}, "_meta": {"m": "c"}}],
        "_meta": {"d": ["e"]},
    }
    assert list(result_strings(result)) == [
        ("content[0].text", "a"),
        ("content[0].annotations.n", "b"),
        ("content[0]._meta.m", "c"),
        ("_meta.d[0]", "e"),
    ]


def test_a_text_payload_is_walked_decoded_and_rewritten_encoded() -> None:
    result = {"content": [{"type": "resource", "resource": {"uri": "u", "mimeType": "text/plain", "blob": "aGk="}}]}
    assert list(result_strings(result)) == [
        ("content[0].resource.uri", "u"),
        ("content[0].resource.mimeType", "text/plain"),
        ("content[0].resource.blob", "hi"),
    ]
    out = rewrite_strings(result, ["content[0].resource.blob"], lambda path, text: text.upper())
    assert out["content"][0]["resource"]["blob"] == "SEk="


def test_a_binary_payload_is_never_rewritten_and_an_unreadable_one_is_reported() -> None:
    result = {"content": [{"type": "image", "data": "AAAA"}, {"type": "audio", "data": "not base64"}]}
    assert walk_result(result) == ([], [("content[1].data", "not valid base64")])
    assert replace_strings(result, {"content[0].data": "x"}) == result


def test_a_rewrite_that_returns_none_withholds_the_string() -> None:
    result = {"a": "x", "content": [{"type": "image", "data": "aGk="}]}
    out = rewrite_strings(result, ["a", "content[0].data"], lambda path, text: None)
    assert out["a"].startswith("[WITHHELD: ")
    assert blobs.decode(out["content"][0]["data"], None).text == out["a"]


def test_a_path_to_no_string_raises() -> None:
    with pytest.raises(LookupError, match=r"content\[1\]"):
        replace_strings({"content": ["a"]}, {"content[1]": "x"})


def _wide_result(n: int) -> dict[str, Any]:
    """``n`` blocks, each with `_meta`, annotations and a text blob, plus deep `_meta` nesting."""
    blob = blobs.encode("line of text\n" * 4, "utf-8")
    block = {"type": "resource", "resource": {"uri": "u", "mimeType": "text/plain", "blob": blob}}
    deep: Any = "x"
    for _ in range(n // 10):
        deep = {"k": [deep]}
    content = [{**block, "_meta": {"m": str(i)}, "annotations": {"a": "b"}} for i in range(n)]
    return {"content": content, "_meta": {"deep": deep}}


def test_the_walk_and_a_rewrite_of_everything_grow_linearly() -> None:
    # The shape of the growth, as tests/detect/test_linear_time.py measures it: 16x input, CPU
    # time of this thread, best of five; quadratic work would grow ~256x.
    def best(n: int) -> float:
        result = _wide_result(n)
        paths = [p for p, _ in result_strings(result) if "deep" not in p]
        times = []
        for _ in range(5):
            start = time.thread_time()
            walk_result(result)
            rewrite_strings(result, paths, lambda path, text: text.upper())
            times.append(time.thread_time() - start)
        return max(min(times), 1e-5)

    assert best(4_000) / best(250) < 100
