"""The public surface is a decision: adding or removing a name must change this test."""

import weir


def test_public_api_is_exactly_the_documented_names() -> None:
    assert weir.__all__ == sorted(weir.__all__)
    assert set(weir.__all__) == {
        "AuditError",
        "ConfigError",
        "DataLabel",
        "Decision",
        "DecisionError",
        "DetectorError",
        "Finding",
        "Guard",
        "PolicyCompileError",
        "ProtocolError",
        "ToolProfile",
        "UpstreamError",
        "Verdict",
        "WeirConfig",
        "WeirError",
        "__version__",
        "load_config",
    }


def test_every_public_name_resolves() -> None:
    for name in weir.__all__:
        assert getattr(weir, name) is not None, name
