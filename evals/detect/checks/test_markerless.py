"""The markerless-request set and the clean tool definitions: what their builders promise."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from evals.detect.markerless import generate
from evals.lib.jsonl import DETECT


def test_the_generator_rewrites_the_committed_file(tmp_path: Path) -> None:
    out = tmp_path / "markerless.jsonl"
    assert generate.main([str(out)]) == 0
    assert out.read_bytes() == (DETECT / "markerless.jsonl").read_bytes()


def test_every_source_has_clean_and_injected_documents_of_every_family() -> None:
    records = [json.loads(line) for line in (DETECT / "markerless.jsonl").open(encoding="utf-8")]
    kinds = Counter((r["source"], r["label"], r["family"]) for r in records)
    for source in generate.SOURCES:
        assert kinds[(source, 0, "")] >= 70
        assert kinds[(source, 1, "A")] >= 30
        assert kinds[(source, 1, "B")] >= 30
        assert kinds[(source, 1, "C")] >= 30
        assert kinds[(source, 1, "D")] >= 30
    for r in records:
        if r["label"]:
            start, end = r["span"]
            assert r["text"][start:end].strip()  # the request is where the record says


def test_clean_tool_definitions_name_their_source_and_a_licence() -> None:
    records = [json.loads(line) for line in (DETECT / "clean-tools.jsonl").open(encoding="utf-8")]
    licences = (DETECT / "clean-tools.LICENSES").read_text(encoding="utf-8")
    assert len(records) >= 200
    for r in records:
        assert r["poisoned"] is False
        assert f"{r['source']} @ {r['commit']}" in licences
        assert isinstance(r["tool"].get("name"), str)
