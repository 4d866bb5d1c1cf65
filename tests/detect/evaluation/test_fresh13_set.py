"""The fresh13 injection set: reproducible from its generator, balanced, well formed, no near copies."""

from __future__ import annotations

import json
import random
from pathlib import Path

DATA = Path(__file__).resolve().parents[3] / "src/weir/detect/evaluation/data/injection-tools-fresh13.jsonl"


def _records() -> list[dict[str, object]]:
    return [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]


def _shingles(text: str) -> set[str]:
    flat = " ".join(text.split())
    return {flat[i : i + 8] for i in range(max(1, len(flat) - 7))}


def _word_grams(text: str) -> set[tuple[str, ...]]:
    words = text.split()
    return {tuple(words[i : i + 8]) for i in range(max(1, len(words) - 7))}


def test_every_record_is_well_formed_and_between_100_bytes_and_8_kib() -> None:
    for rec in _records():
        assert set(rec) == {"text", "label", "carrier", "kind"}
        assert isinstance(rec["text"], str)
        assert isinstance(rec["carrier"], str)
        assert isinstance(rec["kind"], str)
        assert 100 <= len(rec["text"].encode()) <= 8192
        assert "{mail}" not in rec["text"]
        assert "{amt}" not in rec["text"]
        assert "||" not in rec["text"]


def test_most_documents_are_written_mainly_in_a_script_other_than_latin() -> None:
    def non_latin_share(text: str) -> float:
        letters = [ch for ch in text if ch.isalpha()]
        return sum(not ch.isascii() for ch in letters) / max(1, len(letters))

    shares = [non_latin_share(str(rec["text"])) for rec in _records()]
    assert sum(share > 0.5 for share in shares) >= 0.75 * len(shares)


def test_no_two_sampled_documents_are_near_copies() -> None:
    records = _records()
    sample = random.Random(13).sample(range(len(records)), 260)
    chars = [_shingles(str(records[i]["text"])) for i in sample]
    words = [_word_grams(str(records[i]["text"])) for i in sample]
    for a in range(len(sample)):
        for b in range(a + 1, len(sample)):
            assert len(chars[a] & chars[b]) / len(chars[a] | chars[b]) < 0.5, (sample[a], sample[b])
            assert len(words[a] & words[b]) / len(words[a] | words[b]) < 0.5, (sample[a], sample[b])
