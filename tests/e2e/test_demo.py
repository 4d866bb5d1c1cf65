"""The gateway demo end to end: baseline policy, real detectors, three demo servers over stdio."""

from __future__ import annotations

import pytest

from weir.gateway import demo

pytestmark = pytest.mark.slow


def test_the_injected_exfiltration_is_stopped_and_the_colleague_mail_goes_out(
    capsys: pytest.CaptureFixture[str],
) -> None:
    demo.main()
    out = capsys.readouterr().out
    steps = out.split("\n4. ")[1].split("\n5. ")
    assert "[REDACTED:credentials]" in out
    assert "AKIAQ3ZRT7LWXK5MB2PD" not in out.split("Audit trail:")[0].split("\n3. ")[1].split("\n4. ")[0]
    assert "mail__send_email: block" in steps[0] or "decline" in steps[0]
    assert "sent to alice@corp.example" in steps[1]
    assert "sent to attacker@evil.example" not in out
