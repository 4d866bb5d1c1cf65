"""The packed fingerprint map behaves like a dict of ints."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from weir.flow.packed import PackedMap

INT63 = st.integers(min_value=0, max_value=2**63 - 1)


@settings(max_examples=50)
@given(st.lists(st.tuples(INT63, INT63), max_size=60))
def test_a_packed_map_agrees_with_a_dict(pairs: list[tuple[int, int]]) -> None:
    packed, plain = PackedMap(), {}
    for key, value in pairs:
        packed.set(key, value)
        plain[key] = value
    packed.compact()
    assert len(packed) == len(plain)
    assert dict(packed.items()) == plain
    for key, value in plain.items():
        assert key in packed
        assert packed.get(key) == value
    assert packed.get(2**63 - 1) == plain.get(2**63 - 1)
    assert "not an int" not in packed
    assert dict(PackedMap(plain).items()) == plain


@settings(max_examples=50)
@given(st.lists(st.tuples(INT63, INT63), max_size=40), st.lists(st.tuples(INT63, INT63), max_size=20))
def test_inserting_where_a_search_of_the_arrays_puts_a_key_keeps_the_map_a_dict(
    start: list[tuple[int, int]], more: list[tuple[int, int]]
) -> None:
    from bisect import bisect_left

    packed, plain = PackedMap(dict(start)), dict(start)
    keys, values = packed.arrays()
    for key, value in more:
        i = bisect_left(keys, key)
        if i < len(keys) and keys[i] == key:
            assert values[i] == plain[key]
        else:
            packed.insert_at(i, key, value)
            plain[key] = value
    assert list(keys) == sorted(plain)
    assert dict(packed.items()) == plain


@pytest.mark.parametrize(("held", "batch"), [(1000, 5), (10, 500), (0, 300), (10, 20)])
def test_a_batch_update_leaves_what_setting_each_pair_leaves(held: int, batch: int) -> None:
    """Both ways of :meth:`PackedMap.update` (a few new keys inserted, many merged in one sort)."""
    rnd = random.Random(held * 7 + batch)
    start = {rnd.randrange(-(2**62), 2**62): rnd.randrange(2**40) for _ in range(held)}
    pairs = {rnd.randrange(-(2**62), 2**62): rnd.randrange(2**40) for _ in range(batch)}
    pairs.update(dict.fromkeys(list(start)[: held // 2], 99))  # some replace what is held
    one_by_one, batched = PackedMap(start), PackedMap(start)
    for key, value in pairs.items():
        one_by_one.set(key, value)
    batched.update(pairs)
    assert list(batched.items()) == list(one_by_one.items())
    assert all(batched.get(key) == value for key, value in pairs.items())


@settings(max_examples=50)
@given(
    st.dictionaries(INT63, INT63, max_size=40), st.dictionaries(INT63, INT63, max_size=40), st.lists(INT63, max_size=10)
)
def test_array_lookups_and_merges_agree_with_a_dict(
    start: dict[int, int], more: dict[int, int], probes: list[int]
) -> None:
    import numpy as np

    packed, plain = PackedMap(start), dict(start)
    asked = list(more) + probes
    found, values = packed.lookup(np.array(asked, dtype=np.int64))
    assert found.tolist() == [k in plain for k in asked]
    assert values.tolist() == [plain.get(k, 0) for k in asked]
    packed.merge(np.array(list(more), dtype=np.int64), np.array(list(more.values()), dtype=np.int64))
    plain.update(more)
    assert dict(packed.items()) == plain
    assert list(packed.arrays()[0]) == sorted(plain)
