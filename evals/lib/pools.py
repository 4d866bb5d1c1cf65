"""Phrase pools: the JSON files beside a set's generator, read back as Python values.

A pool file is one JSON object: each key a pool (a list of phrases, of ``[kind, language, text]``
cores, or a dict of them), plus ``about``, the lines saying who wrote it and how its slots are
filled (documentation: it is not loaded). Lists come back as tuples, so no generator can change a
pool it draws from.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

__all__ = ["load"]


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    if isinstance(value, dict):
        return {key: _frozen(item) for key, item in value.items()}
    return value


def load(owner: str, *names: str) -> Any:
    """The pools of the files ``<name>.json`` beside the module file ``owner`` (pass ``__file__``), by attribute.

    A pool name given by two of the files is an error: each pool has one author's one list.
    """
    pools: dict[str, Any] = {}
    for name in names:
        doc = json.loads(Path(owner).with_name(f"{name}.json").read_text(encoding="utf-8"))
        doc.pop("about", None)
        if clash := pools.keys() & doc.keys():
            raise ValueError(f"{name}.json repeats the pools {sorted(clash)}")
        pools |= _frozen(doc)
    return SimpleNamespace(**pools)
