"""Checking documents of every kind with the readers' diagnostics, paths from the document root."""

import pytest

from tests.labels.seed_examples import SEED_002, SEED_003, SEED_004
from weir.labels.check import check_document, detect_kind


@pytest.mark.parametrize(
    ("doc", "kind"),
    [
        (SEED_002["send_email"], "tool"),
        ({"tools": [SEED_002["send_email"]]}, "catalog"),
        ([SEED_002["send_email"]], "catalog"),
        (SEED_003["email_result"], "result"),
        (SEED_004["tools_resolve_response"], "resolution"),
        (SEED_004["tools_resolve_request"]["params"], "request"),
        (42, "unknown"),
    ],
)
def test_each_kind_of_document_is_recognised(doc: object, kind: str) -> None:
    assert detect_kind(doc) == kind


@pytest.mark.parametrize("name", ["tools_call_request", "tools_call_result", "tools_resolve_request"])
def test_the_seed_messages_check_clean(name: str) -> None:
    check = check_document(SEED_004[name])
    assert check.ok
    assert check.diagnostics == ()
    assert check.kind in ("request", "result")


def test_a_message_that_is_nothing_weir_knows_is_an_error() -> None:
    check = check_document({"hello": "world"})
    assert not check.ok
    assert check.kind == "unknown"


def test_problems_in_a_catalog_carry_the_tools_index() -> None:
    check = check_document({"tools": [{"name": "a"}, {"name": "b", "_meta": {"mcp.dev/effect": 3}}, {"nope": 1}]})
    assert [d.path for d in check.diagnostics] == ['tools[1]._meta["mcp.dev/effect"]', "tools[2].name"]
    assert check_document({"tools": "x"}).diagnostics[0].path == "tools"
