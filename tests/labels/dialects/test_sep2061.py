"""SEP-2061: capitalised keys and values, `Regulated` without scopes, capitalised containers."""

from weir.labels import DataClass, Dialect, Source
from weir.labels.dialects import sep2061
from weir.labels.read import read_tool


def test_a_capitalised_container_is_read_as_sep_2061() -> None:
    reading = read_tool(
        {"name": "t", "annotations": {"ReturnMetadata": {"Source": "TrustedPublic", "Sensitivity": "Regulated"}}}
    )
    assert reading.by_dialect[Dialect.SEP2061].return_sources == {Source.TRUSTED_PUBLIC}
    assert reading.profile.return_classes == {DataClass.REGULATED}
    assert reading.diagnostics == ()


def test_writing_spells_values_the_sep_2061_way() -> None:
    profile = read_tool(
        {"name": "t", "annotations": {"returnMetadata": {"source": "untrustedPublic", "sensitivity": "pii"}}}
    ).profile
    assert sep2061.write(profile) == {"returnMetadata": {"Source": "UntrustedPublic", "Sensitivity": "PII"}}
