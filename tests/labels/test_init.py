"""The labels package's public surface is a decision: this test pins it."""

import weir.labels


def test_the_labels_surface_is_sorted_and_resolves() -> None:
    assert weir.labels.__all__ == sorted(weir.labels.__all__)
    for name in weir.labels.__all__:
        assert getattr(weir.labels, name) is not None, name


def test_the_contract_functions_are_exported() -> None:
    wanted = {"read_tool", "read_data_meta", "read_result", "returned_label", "write_tool", "write_data_meta"}
    wanted |= {"effective", "apply_trust", "apply_overrides", "resolve_profile"}
    assert wanted <= set(weir.labels.__all__)
