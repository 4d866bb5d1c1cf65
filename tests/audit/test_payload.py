"""Raw payloads never reach the file while redaction is on, however the caller builds the event."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.audit.conftest import event
from weir.audit import (
    AuditEvent,
    DecisionRecord,
    Payload,
    PayloadState,
    Phase,
    RuleRecord,
    SqliteAuditStore,
    redact_strings,
)
from weir.audit.payload import seal, strip

SECRET = "AKIAQWERTYUIOPASDFGH"


def _file_text(path: Path) -> str:
    db = sqlite3.connect(path)
    text = "\n".join(r[0] for r in db.execute("SELECT event FROM events"))
    db.close()
    return text


def test_a_bare_dict_is_raw_and_is_stripped_before_storing(db_path: Path) -> None:
    with SqliteAuditStore(db_path) as s:
        stored = s.append(event(1, arguments={"to": "a@b.c", "key": SECRET}, result={"content": [SECRET]}))
    assert stored.event.arguments is not None
    assert stored.event.arguments.state is PayloadState.STRIPPED
    assert stored.event.arguments.value == {"$weir": "stripped", "type": "object", "keys": ["key", "to"]}
    assert SECRET not in _file_text(db_path)


def test_a_dict_pretending_to_be_a_redacted_payload_is_still_raw(db_path: Path) -> None:
    forged = {"state": "redacted", "value": {"key": SECRET}}
    e = AuditEvent.model_validate({"phase": "call", "arguments": forged})
    assert e.arguments is not None
    assert e.arguments.state is PayloadState.RAW
    with SqliteAuditStore(db_path) as s:
        s.append(e)
    assert SECRET not in _file_text(db_path)


def test_raw_payloads_go_through_the_stores_redactor(db_path: Path) -> None:
    redactor = redact_strings(lambda t: t.replace(SECRET, "[REDACTED:credentials]"))
    with SqliteAuditStore(db_path, redactor=redactor) as s:
        stored = s.append(event(1, arguments=Payload.raw({"keys": [SECRET, "ok"]})))
    assert stored.event.arguments == Payload.redacted({"keys": ["[REDACTED:credentials]", "ok"]})
    assert SECRET not in _file_text(db_path)


def test_a_failing_redactor_strips_rather_than_storing_raw(db_path: Path) -> None:
    def broken(value: Any) -> Any:
        raise RuntimeError("model not loaded")

    with SqliteAuditStore(db_path, redactor=broken) as s:
        stored = s.append(event(1, result={"text": SECRET}))
    assert stored.event.result is not None
    assert stored.event.result.state is PayloadState.STRIPPED
    assert SECRET not in _file_text(db_path)


def test_a_payload_the_caller_redacted_is_stored_as_given(db_path: Path) -> None:
    with SqliteAuditStore(db_path) as s:
        stored = s.append(event(1, result=Payload.redacted({"text": "[REDACTED:pii]"})))
    assert stored.event.result == Payload.redacted({"text": "[REDACTED:pii]"})


def test_with_redaction_off_raw_payloads_are_kept(db_path: Path) -> None:
    with SqliteAuditStore(db_path, redact=False) as s:
        stored = s.append(event(1, arguments={"key": SECRET}))
    assert stored.event.arguments == Payload.raw({"key": SECRET})
    assert SECRET in _file_text(db_path)


def test_stored_payload_states_survive_reading_back(db_path: Path) -> None:
    with SqliteAuditStore(db_path) as s:
        s.append(event(1, arguments={"a": 1}, result=Payload.redacted({"b": 2})))
        (back,) = s.tail(1)
    assert back.event.arguments is not None
    assert back.event.arguments.state is PayloadState.STRIPPED
    assert back.event.result == Payload.redacted({"b": 2})


def test_strip_keeps_only_the_type_and_top_level_keys() -> None:
    assert strip([SECRET]) == {"$weir": "stripped", "type": "array"}
    assert strip(True) == {"$weir": "stripped", "type": "boolean"}
    assert strip(3.5) == {"$weir": "stripped", "type": "number"}
    assert strip(None) == {"$weir": "stripped", "type": "null"}


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=80)
@given(value=json_values, secret=st.text(min_size=12, max_size=30, alphabet="ABCDEFGHJKLMNPQRSTUVWXYZ234567"))
def test_with_redaction_on_no_string_of_a_raw_payload_survives_sealing(value: Any, secret: str) -> None:
    payload = Payload.raw({"secret": secret, "nested": [value, secret]})
    sealed = seal(payload, redact=True, redactor=None)
    assert sealed is not None
    assert secret not in json.dumps(sealed.value)


def test_an_upstream_error_echoing_a_secret_goes_through_the_redactor(db_path: Path) -> None:
    redactor = redact_strings(lambda t: t.replace(SECRET, "[REDACTED:credentials]"))
    with SqliteAuditStore(db_path, redactor=redactor) as s:
        stored = s.append(event(1, upstream_error=f"bad key {SECRET}"))
    assert stored.event.upstream_error == "bad key [REDACTED:credentials]"
    assert SECRET not in _file_text(db_path)


def test_an_upstream_error_is_withheld_when_the_redactor_fails(db_path: Path) -> None:
    def broken(value: Any) -> Any:
        raise RuntimeError("no")

    with SqliteAuditStore(db_path, redactor=broken) as s:
        stored = s.append(event(1, upstream_error=f"bad key {SECRET}"))
    assert stored.event.upstream_error == "[withheld: the redactor failed]"


def test_an_event_built_around_validation_still_has_its_payload_sealed(db_path: Path) -> None:
    e = AuditEvent.model_construct(phase=Phase.CALL, arguments={"key": SECRET}, result=None)
    with SqliteAuditStore(db_path) as s:
        stored = s.append(e)
    assert stored.event.arguments is not None
    assert stored.event.arguments.state is PayloadState.STRIPPED
    assert SECRET not in _file_text(db_path)


def _quoting_event() -> AuditEvent:
    """A decision whose reason and rule labels name an argument's value, and a finding whose message quotes it."""
    rule = RuleRecord(
        name="r", effect="warn", reason=f"sends {SECRET}", labels=(f"args_from_untrusted: body={SECRET!r}",)
    )
    decision = DecisionRecord(effect="warn", applied="warn", rules=(rule,), reasons=(f"[warn] r: sends {SECRET}",))
    finding = {"detector": "hidden", "kind": "unicode-tags", "class": "malicious", "message": f"tag text: {SECRET}"}
    return event(1, decision=decision, labels_after={"malicious": True, "findings": [finding, {"detector": "pii"}]})


def test_text_that_quotes_data_goes_through_the_redactor_in_one_call(db_path: Path) -> None:
    calls: list[Any] = []

    def redactor(value: Any) -> Any:
        calls.append(value)
        return redact_strings(lambda t: t.replace(SECRET, "[REDACTED:credentials]"))(value)

    with SqliteAuditStore(db_path, redactor=redactor) as s:
        stored = s.append(_quoting_event())
    assert len(calls) == 1
    decision = stored.event.decision
    assert decision is not None
    assert decision.reasons == ("[warn] r: sends [REDACTED:credentials]",)
    assert decision.rules[0].reason == "sends [REDACTED:credentials]"
    assert decision.rules[0].labels == ("args_from_untrusted: body='[REDACTED:credentials]'",)
    assert stored.event.labels_after is not None
    assert stored.event.labels_after["findings"][0]["message"] == "tag text: [REDACTED:credentials]"
    assert stored.event.labels_after["findings"][1] == {"detector": "pii"}
    assert SECRET not in _file_text(db_path)


def test_text_that_quotes_data_is_withheld_when_the_redactor_fails(db_path: Path) -> None:
    def broken(value: Any) -> Any:
        raise RuntimeError("no")

    with SqliteAuditStore(db_path, redactor=broken) as s:
        stored = s.append(_quoting_event())
    decision = stored.event.decision
    assert decision is not None
    assert (decision.effect, decision.rules[0].name) == ("warn", "r")
    assert decision.reasons == ("[withheld: the redactor failed]",)
    assert SECRET not in _file_text(db_path)


def test_an_event_without_quoting_text_does_not_call_the_redactor(db_path: Path) -> None:
    calls: list[Any] = []
    with SqliteAuditStore(db_path, redactor=lambda v: calls.append(v) or v) as s:
        s.append(event(1))
    assert calls == []


def test_each_distinct_quoting_text_is_redacted_once_per_redactor(db_path: Path) -> None:
    seen: list[Any] = []

    def redactor(value: Any) -> Any:
        seen.append(value)
        return redact_strings(lambda t: t.replace(SECRET, "[REDACTED:credentials]"))(value)

    with SqliteAuditStore(db_path, redactor=redactor) as s:
        first = s.append(_quoting_event()).event
        again = s.append(_quoting_event()).event
    assert len(seen) == 1  # the second event's texts were all redacted before
    assert again.decision == first.decision
    assert again.labels_after == first.labels_after
