"""Combining readings of one tool keeps the riskier claim of each field."""

from weir.labels import Destination, Dialect, Origin, Outcome, ToolProfile, combine


def test_combine_keeps_the_risky_boolean_and_unions_sets() -> None:
    a = ToolProfile(
        name="t",
        read_only=True,
        outcomes=frozenset({Outcome.BENIGN}),
        origins={"read_only": (Origin(dialect=Dialect.MCP_CORE, path="annotations.readOnlyHint"),)},
    )
    b = ToolProfile(
        name="t",
        read_only=False,
        destructive=None,
        outcomes=frozenset({Outcome.IRREVERSIBLE}),
        destinations=frozenset({Destination.PUBLIC}),
        origins={"read_only": (Origin(dialect=Dialect.OVERRIDE, path="*/t"),)},
    )
    c = combine(a, b)
    assert c.read_only is False
    assert c.destructive is None
    assert c.outcomes == {Outcome.BENIGN, Outcome.IRREVERSIBLE}
    assert c.destinations == {Destination.PUBLIC}
    assert [o.dialect for o in c.origin_of("read_only")] == [Dialect.MCP_CORE, Dialect.OVERRIDE]


def test_combine_with_no_claim_keeps_the_claim() -> None:
    a = ToolProfile(name="t", idempotent=True)
    assert combine(a, ToolProfile(name="t")).idempotent is True
    assert combine(ToolProfile(name="t"), a).idempotent is True
