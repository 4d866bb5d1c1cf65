"""The event model: versioned, UTC, and accepting the policy layer's decisions and labels as they are."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone

from hypothesis import given, settings
from hypothesis import strategies as st

from weir.audit import SCHEMA_VERSION, AuditEvent, DecisionRecord, Phase
from weir.audit.event import format_time, label_json
from weir.labels import DataClass, DataLabel, Dialect, Level, Origin


@dataclass
class _Rule:
    name: str
    effect: str
    reason: str
    labels: tuple[str, ...]


@dataclass
class _Decision:
    effect: str
    applied: str
    rules: tuple[_Rule, ...]
    reasons: tuple[str, ...]
    error: str | None = None


def test_an_event_carries_the_schema_version() -> None:
    e = AuditEvent(phase=Phase.CALL)
    assert e.schema_version == SCHEMA_VERSION == 1
    assert e.model_dump(by_alias=True)["schemaVersion"] == 1


def test_a_decision_shaped_object_is_recorded_by_its_attributes() -> None:
    d = _Decision("block", "warn", (_Rule("exfil", "block", "untrusted → public", ("untrusted (issue-711)",)),), ("r",))
    e = AuditEvent(phase=Phase.CALL, decision=d)
    assert e.decision == DecisionRecord.model_validate(
        {
            "effect": "block",
            "applied": "warn",
            "rules": [
                {
                    "name": "exfil",
                    "effect": "block",
                    "reason": "untrusted → public",
                    "labels": ["untrusted (issue-711)"],
                }
            ],
            "reasons": ["r"],
        }
    )


def test_a_naive_time_is_taken_as_utc_and_others_are_converted() -> None:
    naive = AuditEvent(phase=Phase.CALL, time=datetime(2026, 11, 21, 12, 0))
    plus2 = AuditEvent(phase=Phase.CALL, time=datetime(2026, 11, 21, 14, 0, tzinfo=timezone(timedelta(hours=2))))
    assert naive.time == plus2.time == datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
    assert naive.model_dump(mode="json")["time"] == "2026-11-21T12:00:00.000000Z"


@settings(max_examples=50)
@given(a=st.datetimes(timezones=st.just(UTC)), b=st.datetimes(timezones=st.just(UTC)))
def test_formatted_times_sort_like_the_times(a: datetime, b: datetime) -> None:
    assert (format_time(a) < format_time(b)) == (a < b)


def test_a_label_is_stored_with_the_wire_keys_it_came_from_and_sorted_sets() -> None:
    origin = Origin(dialect=Dialect.ISSUE711, path="_meta.annotations.sensitiveHint")
    label = DataLabel(
        level=Level(2),
        classes=frozenset({DataClass("pii"), DataClass("financial")}),
        origins={"level": frozenset({origin})},
    )
    e = AuditEvent(phase=Phase.RESULT, labels_after=label)
    assert e.labels_after == {
        "level": 2,
        "classes": ["financial", "pii"],
        "origins": {"level": [{"dialect": "issue-711", "path": "_meta.annotations.sensitiveHint"}]},
    }
    assert label_json(DataLabel()) == {}


def test_an_event_round_trips_through_its_json() -> None:
    e = AuditEvent(phase=Phase.ERROR, server="s", tool="t", upstream_error="crashed", latency_ms=3.25)
    assert AuditEvent.model_validate_json(e.model_dump_json(by_alias=True)) == e
