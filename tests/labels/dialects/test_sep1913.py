"""SEP-1913 on tools: regulated scopes, trust hints, malformed containers."""

from weir.labels import DataClass
from weir.labels.read import read_tool


def test_regulated_carries_its_scopes() -> None:
    raw = {
        "name": "t",
        "annotations": {"inputMetadata": {"sensitivity": [{"regulated": {"scopes": ["GDPR", "HIPAA"]}}]}},
    }
    profile = read_tool(raw).profile
    assert profile.input_classes == {DataClass.REGULATED}
    assert profile.input_scopes == {"GDPR", "HIPAA"}


def test_a_malformed_data_class_object_means_credentials_are_possible() -> None:
    reading = read_tool({"name": "t", "annotations": {"returnMetadata": {"sensitivity": {"secret": True}}}})
    assert reading.profile.return_classes == {DataClass.CREDENTIALS}
    assert reading.diagnostics[0].path == "annotations.returnMetadata.sensitivity"


def test_a_container_that_is_not_an_object_is_an_error_and_no_claim() -> None:
    reading = read_tool({"name": "t", "annotations": {"inputMetadata": "public"}})
    assert reading.profile.destinations == frozenset()
    assert reading.diagnostics[0].path == "annotations.inputMetadata"


def test_an_empty_possible_set_is_no_claim_with_a_warning() -> None:
    reading = read_tool({"name": "t", "annotations": {"inputMetadata": {"outcomes": []}}})
    assert reading.profile.outcomes == frozenset()
    assert reading.diagnostics[0].severity == "warning"


def test_attribution_as_a_bare_string_is_accepted_with_a_warning() -> None:
    reading = read_tool({"name": "t", "annotations": {"attribution": "mcp://a/b"}})
    assert reading.profile.attribution == {"mcp://a/b"}
    assert reading.diagnostics[0].severity == "warning"
