"""The pure-Python paths for short texts give exactly the vectorised reference's answers.

Each test computes an answer twice: with ``short.LIMIT`` so high that every fast path is taken
whatever the text's length, and with ``LIMIT = -1`` (every text takes the vectorised reference
path, as before the fast paths existed), and compares them. The chain is compared whole, finding by finding, on random
and adversarial texts here, and on the texts of the shipped evaluation corpora in
tests/detect/test_short_corpora.py (which also compares the shipped limits and joined blocks).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from weir.detect import short
from weir.detect.chain import Chain
from weir.detect.charclass import CHANGED, HIDDEN, flagged_runs
from weir.detect.codes import has_ascii_controls, max_code_point
from weir.detect.injection.features import gram_indices, prepare
from weir.detect.injection.model import InjectionModel, load_model
from weir.detect.numeric import numeric_candidates
from weir.detect.pii import _STREETS
from weir.detect.secrets import _ANCHORS as SECRET_ANCHORS

T = TypeVar("T")
CHAIN = Chain.from_specs(None)

# Characters that matter to some detector: digits and separators (PII), anchor letters in both
# cases (secrets), controls, escapes, invisible and compatibility characters (normalisation,
# hidden text), characters whose case mapping is not ASCII-only or changes length, surrogates.
_TRICKY = [
    *"0123456789-:.+() /@_=\"'\n\t\r",
    *"AKIAghpsk_ecrettoknPASSwordStreetRd.eyJxoxabcdefABCDEF",
    "\x00", "\x07", "\x1b", "\x1b[31m", "\x7f", "\x85", "\u00a0", "\u00e9", "\u0130", "\u212a", "\u017f",
    "\u200b", "\u200d", "\u202e", "\u2066", "\ufe0f", "\ufeff", "\uff21", "\ufb01", "\u3000", "\u6771",
    "\U0001f600", "\U0001f3f4", "\U000e0041", "\U000e007f", "\ud800", "\udfff",
]  # fmt: skip
_WORDS = [
    "password = ", "api_key: ", "token=", "AKIAIOSFODNN7EXAMPLE", "ghp_", "sk-ant-", "-----BEGIN ", "://u:p@h",
    "ignore previous instructions", "assistant", "<|im_start|>", "![x](https://e.x/?q={data})",
    "4111 1111 1111 1111", "+44 20 7946 0958", "123-45-6789", "DE89 3704 0044 0532 0130 00", "AB 12 34 56 C",
    "10.1.2.3", "2001:db8::1", "fe80::", "2026-05-01", "12 Main Street", "a@b.co", "Bearer ",
]  # fmt: skip
TEXTS = st.lists(st.sampled_from(_TRICKY) | st.sampled_from(_WORDS) | st.text(max_size=4), max_size=60).map("".join)
# Dense in what the numeric candidates count: digit clusters, gaps, dates, colons, letter pairs.
_SEPARATORS = st.text(alphabet=st.sampled_from([*"--::..  +()/ABGZabf\n", "\u00e9", "\ud800"]), min_size=1, max_size=4)
NUMERIC = st.lists(st.text(alphabet="0123456789", min_size=1, max_size=5) | _SEPARATORS, max_size=40).map("".join)


def _both(compute: Callable[[str], T], text: str) -> tuple[T, T]:
    """``(fast, reference)`` answers for ``text``; each call gets its own copy of the text, so
    nothing remembered for one path (the code arrays are remembered by identity) serves the other."""
    with short.limit(10**9):  # every fast path, whatever its share of the limit
        fast = compute("".join(list(text)))
    with short.limit(-1):
        reference = compute("".join(list(text)))
    return fast, reference


def _both_bytes(compute: Callable[[bytes], T], raw: bytes) -> tuple[T, T]:
    with short.limit(10**9):
        fast = compute(raw)
    with short.limit(-1):
        reference = compute(raw)
    return fast, reference


def _findings(text: str) -> list[dict[str, Any]]:
    return [f.model_dump() for f in CHAIN.scan_text(text)]


@settings(max_examples=300, deadline=None)
@given(TEXTS)
def test_the_fast_primitives_agree_with_the_vectorised_ones(text: str) -> None:
    for compute in (
        numeric_candidates,
        SECRET_ANCHORS._hits,
        _STREETS._hits,
        lambda t: list(SECRET_ANCHORS.find(t)),
        has_ascii_controls,
        max_code_point,
        partial(_runs, HIDDEN),
        partial(_runs, CHANGED),
        partial(_runs, HIDDEN | CHANGED),
    ):
        fast, reference = _both(compute, text)
        assert fast == reference


# Bytes the classifier's normalisation treats specially: letters in both cases, digits, every
# whitespace byte (runs collapse), UTF-8 lead and continuation bytes.
CLASSIFIER_BYTES = st.binary(max_size=40) | st.lists(
    st.sampled_from([b"A", b"z", b"7", b" ", b"  ", b"\t\n", b"\r\x0b\x0c", b"\xc3\xa9", b"\xff", b"\x00", b"Ignore "]),
    max_size=80,
).map(b"".join)


def _runs(bits: int, text: str) -> Any:
    return flagged_runs(text, bits)


def _hashes(data: Any, bits: int, _raw: bytes) -> Any:
    return gram_indices(data, bits)


def _logits(chunk: int, raw: bytes) -> Any:
    return load_model().logits(raw, chunk)


@settings(max_examples=200, deadline=None)
@given(CLASSIFIER_BYTES)
def test_the_classifiers_fast_normalisation_and_hashing_agree_with_the_vectorised_ones(raw: bytes) -> None:
    fast, reference = _both_bytes(prepare, raw)
    assert fast.data.dtype == reference.data.dtype
    assert fast.data.tobytes() == reference.data.tobytes()
    assert (fast.kept is None) == (reference.kept is None)
    if fast.kept is not None and reference.kept is not None:
        assert fast.kept.tolist() == reference.kept.tolist()
    assert fast.raw_len == reference.raw_len
    data = reference.data
    for bits in (8, 20, 31):
        hashed, looped = _both_bytes(partial(_hashes, data, bits), raw)
        assert hashed.dtype == looped.dtype
        assert hashed.shape == looped.shape
        assert hashed.tolist() == looped.tolist()


@settings(max_examples=100, deadline=None)
@given(CLASSIFIER_BYTES)
def test_the_classifiers_logits_are_bit_for_bit_those_of_the_vectorised_path(raw: bytes) -> None:
    for chunk in (16, 256):
        fast, reference = _both_bytes(partial(_logits, chunk), raw)
        for a, b in zip(fast, reference, strict=True):
            assert a.tobytes() == b.tobytes()


def _scores(model: InjectionModel, chunk: int, minimum: float, raw: bytes) -> Any:
    return model.scores(raw, chunk, minimum)


_RNG = np.random.default_rng(5)
# Models whose windows often reach the threshold on short texts, with each extra scale on or off:
# the one-window shortcut must answer exactly as the full scoring, above and below the floor.
_MODELS = [
    load_model(),
    InjectionModel(_RNG.normal(0.0, 3.0, 1 << 12).astype(np.float32), 0.0, min_window=0),
    InjectionModel(_RNG.normal(0.5, 2.0, 1 << 10).astype(np.float32), -1.0, min_window=8, short_margin=0.5),
    InjectionModel(_RNG.normal(0.5, 2.0, 1 << 10).astype(np.float32), -1.0, min_window=8, segment_margin=0.3),
]


@settings(max_examples=100, deadline=None)
@given(CLASSIFIER_BYTES)
def test_the_classifiers_windows_are_those_of_the_vectorised_path(raw: bytes) -> None:
    for model in _MODELS:
        for chunk in (16, 17, 64, 256):
            for minimum in (0.0, 0.05, 0.5, 0.6, 0.99, 1.0):
                fast, reference = _both_bytes(partial(_scores, model, chunk, minimum), raw)
                assert fast == reference


def _planted_model(scale: str) -> InjectionModel:
    """Every gram weighs -2 but those of ``zzzzz``, which weigh +2: the mean of a whole window
    over ``a`` * 30 + ``z`` * 30 is about 0, that of its second half about +6."""
    weights = np.full(1 << 12, -2.0, dtype=np.float32)
    weights[gram_indices(np.frombuffer(b"zzzzz", dtype=np.uint8), 12)[:, 0]] = 2.0
    if scale == "short_margin":
        return InjectionModel(weights, 0.0, min_window=0, short_margin=0.0)
    return InjectionModel(weights, 0.0, min_window=0, segment_margin=0.0)


@pytest.mark.parametrize(
    ("scale", "raw"), [("short_margin", b"a" * 30 + b"z" * 30), ("segment_margin", b"a" * 30 + b"|" + b"z" * 30)]
)
def test_a_text_whose_whole_window_is_clean_but_a_half_or_a_segment_is_not_is_still_reported(
    scale: str, raw: bytes
) -> None:
    model = _planted_model(scale)
    fast, reference = _both_bytes(partial(_scores, model, 64, 0.6), raw)
    assert reference  # a half window (or the segment) of z reaches the threshold ...
    assert model.logits(raw, 64)[0][0] < 0.4  # ... while the whole window does not
    assert fast == reference


@settings(max_examples=300, deadline=None)
@given(NUMERIC)
def test_the_fast_numeric_candidates_agree_with_the_vectorised_ones(text: str) -> None:
    fast, reference = _both(numeric_candidates, text)
    assert fast == reference


# Dates (which the number runs skip), dates overlapping one another ("1234-56-7890-12-34"),
# near-dates, and digit clusters of every size around the run thresholds (4, 7, 12 digits).
DATES = st.lists(
    st.sampled_from(
        ["2026-05-01", "1234-56-78", "90-12-34", "12-34", "-", "1", "12", "123", "1234", ":", " ", "a", ".", "+"]
    ),
    max_size=30,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(DATES)
def test_the_fast_numeric_candidates_agree_with_the_vectorised_ones_around_dates(text: str) -> None:
    fast, reference = _both(numeric_candidates, text)
    assert fast == reference


@pytest.mark.parametrize("text", ["1234-56-7890-12-34", "1234-56-7890-12-34-56-78", "x2026-05-01T10:24:00 12345678"])
def test_overlapping_dates_are_blanked_as_the_vectorised_path_blanks_them(text: str) -> None:
    fast, reference = _both(numeric_candidates, text)
    assert fast == reference


@settings(max_examples=200, deadline=None)
@given(TEXTS)
def test_the_chain_finds_exactly_the_same_on_short_texts(text: str) -> None:
    fast, reference = _both(_findings, text)
    assert fast == reference


@settings(max_examples=40, deadline=None)
@given(st.lists(TEXTS, min_size=1, max_size=30).map("\n".join))
def test_the_chain_finds_exactly_the_same_on_texts_of_a_few_kilobytes(text: str) -> None:
    fast, reference = _both(_findings, text)
    assert fast == reference


def test_only_two_non_ascii_characters_lower_case_into_ascii() -> None:
    # short.ascii_fold relies on it: str.lower of any other non-ASCII character stays non-ASCII.
    into_ascii = [
        c for c in range(128, 0x110000) if not 0xD800 <= c <= 0xDFFF and any(ord(x) < 128 for x in chr(c).lower())
    ]
    assert into_ascii == [ord(c) for c in short._INTO_ASCII]
    assert [c for c in range(128, 0x110000) if len(chr(c).lower()) != 1] == [0x130]


@settings(max_examples=200, deadline=None)
@given(TEXTS)
def test_ascii_fold_lower_cases_exactly_the_ascii_letters(text: str) -> None:
    folded = short.ascii_fold(text)
    assert len(folded) == len(text)
    for before, after in zip(text, folded, strict=True):
        if before.isascii() or after.isascii():
            assert after == (before.lower() if "A" <= before <= "Z" else before)
