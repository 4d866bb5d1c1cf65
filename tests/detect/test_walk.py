"""The result walk finds exactly the scannable strings, and a rewrite touches only what it names.

The walk and the rewrite are pruned for speed; ``_reference_strings`` and ``_reference_replace``
are the plain whole-tree walk they replaced, kept here as the oracle of a differential test.
"""

import copy
import json
from collections.abc import Callable, Mapping
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from weir.detect.walk import replace_strings, result_strings, rewrite_strings

_SKIP = frozenset({"_meta", "annotations", "type", "mimeType", "isError", "blob"})


def _path(path: str, key: object) -> str:
    text = str(key)
    if text.isidentifier():
        return f"{path}.{text}" if path else text
    return f"{path}[{json.dumps(text)}]"


def _children(path: str, value: Any) -> list[tuple[str, Any, Any]]:
    if isinstance(value, Mapping):
        binary = value.get("type") in {"image", "audio"}
        return [(_path(path, k), k, v) for k, v in value.items() if k not in _SKIP and not (binary and k == "data")]
    if isinstance(value, list | tuple):
        return [(f"{path}[{i}]", i, v) for i, v in enumerate(value)]
    return []


def _reference_strings(node: Any, path: str = "") -> list[tuple[str, str]]:
    if isinstance(node, str):
        return [(path, node)] if node else []
    return [pair for p, _, v in _children(path, node) for pair in _reference_strings(v, p)]


def _reference_replace(value: Any, replacements: Mapping[str, str], path: str = "") -> Any:
    if isinstance(value, str):
        return replacements.get(path, value)
    if isinstance(value, Mapping):
        out = dict(value)
        for p, key, child in _children(path, value):
            out[key] = _reference_replace(child, replacements, p)
        return out
    if isinstance(value, list | tuple):
        return [_reference_replace(child, replacements, p) for p, _, child in _children(path, value)]
    return value


_KEYS = st.sampled_from(
    ["text", "content", "contents", "type", "data", "blob", "_meta", "annotations", "e-mail", "a.b", "x y", "0", "é"]
)
_LEAVES = st.one_of(
    st.text(max_size=6), st.sampled_from(["image", "audio", "text", ""]), st.integers(), st.booleans(), st.none()
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


def _outcome(run: Callable[[], Any]) -> Any:
    """The value, or the type of the error: an unhashable ``type`` value raises in both walks."""
    try:
        return run()
    except TypeError as exc:
        return type(exc)


@settings(max_examples=300)
@given(_TREES)
def test_the_walk_yields_exactly_the_strings_of_the_whole_tree_walk_in_order(tree: Any) -> None:
    assert _outcome(lambda: list(result_strings(tree))) == _outcome(lambda: _reference_strings(tree))


@settings(max_examples=300)
@given(_TREES, st.data())
def test_a_rewrite_equals_the_whole_tree_rewrite_and_leaves_the_input_alone(tree: Any, data: st.DataObject) -> None:
    paths = _outcome(lambda: [p for p, _ in _reference_strings(tree)])
    if paths is TypeError:
        return
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


def test_strings_under_skipped_keys_and_binary_payloads_are_never_rewritten() -> None:
    result = {"content": [{"type": "image", "data": "AAAA"}], "_meta": {"t": "s"}}
    assert replace_strings(result, {"content[0].data": "x", "_meta.t": "x"}) == result
