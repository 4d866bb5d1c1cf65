"""Request annotations follow the propagation rules and each server's sharing setting."""

from weir.flow.request import TRUST_EXT, request_annotations, request_meta
from weir.labels.config import Sharing
from weir.labels.datalabel import BOTTOM, DataLabel
from weir.labels.vocab import Level

LABEL = DataLabel(untrusted=True, private=True, level=Level.MEDIUM, malicious=True, attribution=frozenset({"b", "a"}))


def test_full_sharing_sends_every_hint_and_the_attribution() -> None:
    assert request_annotations(LABEL, Sharing.FULL) == {
        "openWorldHint": True,
        "privateHint": True,
        "sensitiveHint": "medium",
        "maliciousActivityHint": True,
        "attribution": ["a", "b"],
    }


def test_minimal_sharing_withholds_attribution() -> None:
    assert "attribution" not in request_annotations(LABEL, Sharing.MINIMAL)
    assert request_annotations(LABEL, Sharing.MINIMAL)["openWorldHint"] is True


def test_no_sharing_sends_nothing_not_even_the_clients_own_annotations() -> None:
    assert request_annotations(LABEL, Sharing.NONE) == {}
    meta = request_meta(LABEL, Sharing.NONE, {"annotations": {"privateHint": True}, "progressToken": 7})
    assert meta == {"progressToken": 7}


def test_nothing_seen_means_no_annotations() -> None:
    assert request_annotations(BOTTOM) == {}
    assert request_meta(BOTTOM, Sharing.FULL, {"x": 1}) == {"x": 1}


def test_request_meta_keeps_the_clients_keys_and_writes_the_trust_extension() -> None:
    meta = request_meta(LABEL, Sharing.FULL, {"dev.weir/session": "s1", "annotations": {"stale": True}})
    assert meta["dev.weir/session"] == "s1"
    assert meta["annotations"]["openWorldHint"] is True
    assert "stale" not in meta["annotations"]
    assert meta[TRUST_EXT] == {"sensitive": True, "untrusted": True}
