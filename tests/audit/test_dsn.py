"""A DSN never shows in a message: the URL form, the key/value form, an encoded password."""

from __future__ import annotations

import pytest

from weir.audit.dsn import Dsn, dsn_from_env, is_postgres_url
from weir.errors import AuditError


def test_scrub_removes_the_dsn_its_password_and_any_url_credentials() -> None:
    dsn = Dsn("postgresql://weir:p%40ss-w0rd!@db.example:5432/audit", "the DSN in $X")
    text = (
        "connection to postgresql://weir:p%40ss-w0rd!@db.example:5432/audit failed; "
        "password p@ss-w0rd! refused; also postgres://other:hunter2@h/db"
    )
    scrubbed = dsn.scrub(text)
    assert "p@ss-w0rd!" not in scrubbed
    assert "p%40ss-w0rd!" not in scrubbed
    assert "hunter2" not in scrubbed
    assert "<the DSN in $X>" in scrubbed


def test_scrub_handles_the_key_value_form() -> None:
    dsn = Dsn("host=db user=weir password='se cret' dbname=audit", "the DSN in $X")
    assert "se cret" not in dsn.scrub("FATAL: password authentication failed: password='se cret' host=db")
    assert "se cret" not in dsn.scrub("something said se cret")
    assert "se cret" not in repr(dsn)
    assert "se cret" not in str(dsn)


def test_the_variable_is_named_when_it_is_unset_or_holds_another_url() -> None:
    with pytest.raises(AuditError, match="the environment variable WEIR_X is not set"):
        dsn_from_env("WEIR_X", {})
    with pytest.raises(AuditError, match=r"the DSN in \$WEIR_X is not a postgresql:// URL") as caught:
        dsn_from_env("WEIR_X", {"WEIR_X": "mysql://u:topsecret@h/db"})
    assert "topsecret" not in str(caught.value)
    assert dsn_from_env("WEIR_X", {"WEIR_X": " postgres://h/db "}).value == "postgres://h/db"
    assert is_postgres_url("PostgreSQL://h/db")
    assert not is_postgres_url("/var/lib/weir/audit.db")
