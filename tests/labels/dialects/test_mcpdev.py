"""Seed 000's `mcp.dev/*` hints: effect sets, result sensitivity on the scale, unknown keys."""

from weir.labels import Level, SideEffect
from weir.labels.read import read_tool


def test_effect_may_be_a_set_of_effects() -> None:
    reading = read_tool({"name": "t", "_meta": {"mcp.dev/effect": ["read", "write"]}})
    assert reading.profile.effects == {SideEffect.READ, SideEffect.WRITE}
    assert reading.possible_set_paths == ('_meta["mcp.dev/effect"]',)


def test_result_sensitivity_maps_onto_the_scale_and_unknown_is_restricted() -> None:
    levels = {
        word: read_tool({"name": "t", "_meta": {"mcp.dev/resultSensitivity": word}}).profile.result_level
        for word in ("public", "internal", "confidential", "restricted", "top-secret")
    }
    assert levels == {
        "public": Level.NONE,
        "internal": Level.LOW,
        "confidential": Level.MEDIUM,
        "restricted": Level.HIGH,
        "top-secret": Level.HIGH,
    }


def test_an_unknown_mcp_dev_key_is_a_warning_and_other_vendors_keys_are_left_alone() -> None:
    reading = read_tool({"name": "t", "_meta": {"mcp.dev/cost": 3, "com.example/x": 1}})
    assert [d.path for d in reading.diagnostics] == ['_meta["mcp.dev/cost"]']
