"""Feature extraction: normalisation, hashing and windows behave as the model and trainer assume."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from weir.detect import short
from weir.detect.injection import features
from weir.detect.injection.features import ORDERS, gram_indices, prepare, windows


def test_case_digits_and_whitespace_runs_are_normalised() -> None:
    a = prepare(b"Ignore   ALL\n\n\tprevious 123")
    b = prepare(b"ignore all previous 999")
    assert a.data.tobytes() == b.data.tobytes() == b"ignore all previous 000"


def test_origin_maps_kept_bytes_back_to_the_raw_text() -> None:
    raw = b"a   b\n\nc"
    prepared = prepare(raw)
    origin = prepared.origin()
    assert origin[-1] == len(raw)  # the sentinel: a window ending at the end maps to the end
    assert bytes(raw[i] for i in origin[:-1]).replace(b"\n", b" ") == b"a b c"


def test_equal_grams_hash_to_equal_buckets_wherever_they_occur() -> None:
    data = prepare(b"xyz ignore abc ignore").data
    grams = gram_indices(data, 20)
    assert grams.shape == (len(ORDERS), data.size)
    first, second = 4, 15
    assert (grams[:, first] == grams[:, second]).all()
    assert grams.min() >= 0
    assert grams.max() < 1 << 20


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=1, max_value=5000), st.integers(min_value=16, max_value=600))
def test_windows_cover_everything_and_hold_any_short_span_whole(size: int, chunk: int) -> None:
    starts, ends = windows(size, chunk)
    assert starts[0] == 0
    assert ends[-1] == size
    assert (ends - starts <= chunk).all()
    half = chunk // 2
    for span_start in range(0, max(1, size - half), max(1, size // 7)):
        span_end = min(size, span_start + half)
        assert np.any((starts <= span_start) & (ends >= span_end))


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=300), st.data())
def test_origin_at_is_the_full_origin_map_read_at_those_positions(raw: bytes, data: st.DataObject) -> None:
    prepared = prepare(raw)
    size = prepared.data.size
    positions = np.array(data.draw(st.lists(st.integers(0, size), max_size=10)), dtype=np.int64)
    np.testing.assert_array_equal(prepared.origin_at(positions), prepared.origin()[positions])


@settings(max_examples=60, deadline=None)
@given(
    st.one_of(
        st.binary(min_size=1, max_size=600),
        st.integers(min_value=1, max_value=4096).map(lambda n: b"\xff" * n),  # the largest products
    ),
    st.sampled_from([12, 20, 22, 24]),
)
def test_short_text_hashes_equal_the_reference_loop(raw: bytes, bits: int) -> None:
    data = np.frombuffer(raw, dtype=np.uint8)
    with short.limit(-1):  # the element-wise rolling hash, no matrix product
        reference = gram_indices(data, bits)
    fast = features._fused_gram_indices(data, bits)
    assert fast.dtype == reference.dtype == np.uint32
    assert np.array_equal(fast, reference)
    assert np.array_equal(features._stacked_gram_indices(data, bits), reference)
