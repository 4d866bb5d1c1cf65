"""A result's strings scanned joined give each string exactly the keys it gives alone."""

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.flow.strategies import FRAGMENTS
from tests.flow.test_scanning import adversarial_texts
from weir.flow import reading
from weir.flow.argkeys import data_keys
from weir.flow.reading import SEPARATOR, leaf_keys
from weir.flow.values import Kind

# Strings that end or begin where a pattern looks past its match: the separator itself inside a
# string, look-around characters, a digit or a letter at the edge (the next string's first
# character is two past an amount's last digit).
_EDGE_STRINGS = [SEPARATOR, f"a{SEPARATOR}b", "1", ".5", ",12", "x", "#", "@", "/", "://", "DE", "12 ", " 3"]
_leaves = st.lists(
    st.one_of(
        adversarial_texts,
        st.sampled_from(FRAGMENTS + _EDGE_STRINGS),
        st.integers(min_value=-(10**9), max_value=10**9),
        st.floats(allow_nan=True),
        st.none(),
        st.booleans(),
    ),
    max_size=30,
)


@pytest.fixture
def joined_always(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every result is scanned joined, however few strings it has (the tests' lists are short)."""
    monkeypatch.setattr(reading, "JOINED", 1)


@pytest.mark.usefixtures("joined_always")
@settings(max_examples=400, deadline=None)
@given(_leaves)
def test_joined_strings_give_each_string_its_own_keys_in_its_own_order(leaves: list[Any]) -> None:
    assert leaf_keys(leaves) == [data_keys(leaf) for leaf in leaves]


@pytest.mark.usefixtures("joined_always")
def test_an_identifier_at_either_edge_of_a_string_stays_in_it() -> None:
    leaves = [
        "pay 12",
        ",50 now",
        "mail a@b.example",
        ".com x",
        "+1 555",
        " 123 4567",
        "DE89",
        "3704 0044 0532 0130 00",
    ]
    assert leaf_keys(leaves) == [data_keys(leaf) for leaf in leaves]
    assert (Kind.DOMAIN, "b.example") in leaf_keys(leaves)[2]
    assert leaf_keys(leaves)[1] == [(Kind.TEXT, ",50 now")]  # not "12,50" across the two strings


def test_a_large_result_is_scanned_joined_and_a_small_one_string_by_string(monkeypatch: pytest.MonkeyPatch) -> None:
    scans: list[int] = []
    original = reading.extract_at

    def counted(text: str, **kw: Any) -> Any:
        scans.append(len(text))
        return original(text, **kw)

    monkeypatch.setattr(reading, "extract_at", counted)
    many = [f"row {i} at r{i}@host.example" for i in range(reading.JOINED)]
    assert leaf_keys(many) == [data_keys(leaf) for leaf in many]
    assert len(scans) == 1
    assert leaf_keys(many[:3]) == [data_keys(leaf) for leaf in many[:3]]
    assert len(scans) == 1  # the small one did not go through the joined scan
