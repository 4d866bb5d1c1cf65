"""The in-memory session store."""

import pytest

from weir.flow.session import Session
from weir.flow.store import MemorySessionStore, SessionStore


def test_the_memory_store_gets_what_was_put() -> None:
    store: SessionStore = MemorySessionStore()
    s = Session("a")
    store.put(s)
    assert store.get("a") is s
    assert store.get("b") is None


def test_a_bounded_store_evicts_the_least_recently_used() -> None:
    store = MemorySessionStore(max_sessions=2)
    for name in "abc":
        store.put(Session(name))
        if name == "b":
            store.get("a")
    assert store.get("b") is None
    assert store.get("a") is not None
    assert store.get("c") is not None


def test_a_store_needs_room_for_one_session() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        MemorySessionStore(max_sessions=0)
