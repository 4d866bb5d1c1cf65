"""Argument taints from untrusted prose: the text index's mentions, weighed by what else is known.

:mod:`weir.flow.mentions` says which parts of an argument untrusted free text supplied; this
module turns them into :class:`~weir.flow.provenance.ArgTaint` facts. Whether a mentioned value
is *corroborated* is the value memory's answer for the value as a whole (seen whole in trusted
data, or used by the agent before untrusted data showed it), or the value is in the vocabulary
the called tool of a trusted server enumerates in its schema (an enum value is not data an
attacker chose; a value that only repeats a description's words is still the text's).
Each argument leaf gets at most one prose taint: the one a rule should weigh first (see
:func:`_rank`). A prose taint for a leaf the value memory also tainted, when both describe the
whole value, is folded into that taint.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Mapping, Sequence
from typing import Any

import numpy as np

from weir.flow.argkeys import arg_keys
from weir.flow.grams import GRAM, Grams, edges, interior
from weir.flow.mentions import Mention, Probe, find_all, probe
from weir.flow.normalise import skeleton
from weir.flow.provenance import ArgTaint, ValueMemory, url_with_query
from weir.flow.textindex import TextIndex
from weir.flow.values import walk_leaves

__all__ = ["Leaf", "merge", "prose_taints", "string_leaves", "value_grams"]


Leaf = tuple[str, str, Probe]
"""An argument string: its path, its value, what to look up for it (:func:`weir.flow.mentions.probe`)."""


def string_leaves(arguments: Mapping[str, Any]) -> list[Leaf]:
    """Every string leaf of a call's arguments with its probe (cached per distinct string)."""
    return [
        (path, leaf, probe(leaf))
        for path, leaf in walk_leaves(arguments if arguments.__class__ is dict else dict(arguments))
        if leaf.__class__ is str
    ]


def prose_taints(
    leaves: Sequence[Leaf],
    index: TextIndex,
    memory: ValueMemory,
    steps: Sequence[tuple[str, str]],
    *,
    vocabulary: Collection[str] | None = None,
    skip: Collection[str] = (),
    mark: bool = False,
) -> list[ArgTaint]:
    """One taint per leaf that carries something ``index`` holds (in argument order); the leaves at
    ``skip`` paths are left out. ``mark``: the call changes state (see :func:`find_all`)."""
    if not index:
        return []
    todo = [leaf for leaf in leaves if leaf[0] not in skip] if skip else leaves
    out = []
    for (path, leaf, _), found in zip(todo, find_all(index, [p for _, _, p in todo], mark=mark), strict=True):
        if found:
            taints = [_taint(path, leaf, m, memory, steps=steps, vocabulary=vocabulary) for m in found]
            out.append(min(taints, key=_rank))
    return out


def _rank(t: ArgTaint) -> tuple[bool, bool, bool, bool]:
    """Uncorroborated first (a rule must see it), then the whole value, then named, then plain."""
    return (t.trusted_also or t.user_first, not t.whole, not t.named, not t.encoded)


def _taint(
    path: str,
    leaf: str,
    m: Mention,
    memory: ValueMemory,
    *,
    steps: Sequence[tuple[str, str]],
    vocabulary: Collection[str] | None,
) -> ArgTaint:
    trusted, agent, sources = memory.standing(arg_keys(m.text))
    vocab = vocabulary is not None and skeleton(m.text) in vocabulary
    server, tool = steps[m.step] if 0 <= m.step < len(steps) else ("?", "?")
    shown = leaf if m.whole else m.text
    return ArgTaint(
        path,
        shown if len(shown) <= 120 else shown[:117] + "...",
        m.kind,
        m.step,
        server,
        tool,
        max(sources, 1),
        m.malicious,
        trusted or vocab,
        agent,
        False,
        m.open,
        m.whole,
        url_with_query(leaf),
        True,
        m.named,
        m.encoded,
        vocab,
    )


@functools.lru_cache(maxsize=4096)
def value_grams(text: str) -> Grams:
    """The grams that hold ``text`` whole: its skeleton's, or for two or three characters the word."""
    flat = skeleton(text).encode()
    if len(flat) < 2:
        return _NONE
    return interior(flat) if len(flat) >= GRAM else np.array([edges(flat)[0]], dtype=np.uint32)


_NONE: Grams = np.zeros(0, dtype=np.uint32)


def merge(typed: list[ArgTaint], prose: list[ArgTaint]) -> list[ArgTaint]:
    """The value memory's taints with the prose taints: a prose taint of the same whole value is
    folded into the typed one (its kind is the more specific); any other is added after them."""
    if not prose:
        return typed
    whole = {t.path: i for i, t in enumerate(typed) if t.whole}
    out = list(typed)
    for p in prose:
        i = whole.get(p.path) if p.whole else None
        if i is None:
            out.append(p)
            continue
        t = out[i]
        out[i] = t._replace(
            malicious=t.malicious or p.malicious,
            open=t.open or p.open,
            trusted_also=t.trusted_also or p.trusted_also,
            user_first=t.user_first or p.user_first,
            prose=True,
            named=p.named,
            encoded=p.encoded,
            vocabulary=p.vocabulary,
        )
    return out
