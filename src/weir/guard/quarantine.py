"""Quarantine: how the Guard sees a tool whose definition is not the approved one.

The pinning check holds a tool that changed after it was approved, or appeared after its server
was pinned (:class:`weir.detect.pinning.Held`). Until an operator approves the new definition
(``weir pins approve``), the Guard

- gives the policy ``tool.quarantined`` and ``tool.changes`` (the packs confirm such a call, and a
  client that cannot be asked is refused by the gateway's ``confirm_fallback: block``);
- decides it with the *more conservative* of the approved and the current definition
  (:func:`weir.labels.trust.stricter`), whatever the server's trust: the changed claims may
  tighten a decision, never loosen it. Not the old definition alone — the tool may now do what
  its new definition says (``write`` became ``external``) — and not the new one alone — its
  server may have dropped a claim (``requiresConfirmation``) to get past a rule. A tool with no
  approved definition to compare (added, or approved by an earlier Weir that kept only its hash)
  is believed as an untrusted server's tool: its claims only tighten;
- counts its definition text as untrusted for argument provenance even on a trusted server, since
  nobody vouched for it yet.

When the tool checks themselves fail (the pin store cannot be read), no tool of that list can be
shown to be the approved one, so every one of them is held (fail closed).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from weir.detect.pinning import HELD_KINDS, Held, Pins
from weir.labels.finding import Finding
from weir.labels.profile import ToolProfile
from weir.labels.trust import stricter

__all__ = ["from_findings", "held_profile", "unchecked"]

ReadTool = Callable[[Mapping[str, Any]], ToolProfile]
"""Reads a wire tool (or a stored definition) into a profile, as the server's trust allows."""


def from_findings(flagged: Mapping[str, Sequence[Finding]]) -> dict[str, Held]:
    """The tools a chain's pinning findings hold, for a chain that reports findings only.

    Nothing else is known of them: no approved definition, and the finding's message as the change.
    """
    out: dict[str, Held] = {}
    for name, found in flagged.items():
        for f in found:
            if f.detector == Pins.id and f.kind in HELD_KINDS:
                out[name] = Held(name, f.kind, None, (f.message or f"{f.kind} (pinning)",))
    return out


def unchecked(tools: Sequence[Any], why: str) -> dict[str, Held]:
    """Every named tool of a list the tool checks failed on: none can be shown to be the approved one."""
    line = f"the tool checks failed, so this definition could not be compared with the approved one ({why})"
    names = [t.get("name") for t in tools if isinstance(t, Mapping)]
    return {name: Held(name, "tool-unchecked", None, (line,)) for name in names if isinstance(name, str)}


def held_profile(
    hold: Held, current: ToolProfile, *, read: ReadTool, read_untrusted: Callable[[], ToolProfile]
) -> ToolProfile:
    """The profile a held tool is decided with (see the module docstring).

    ``read`` reads the approved definition as the server's trust allows; ``read_untrusted`` gives
    the current definition believed as an untrusted server's.
    """
    if hold.approved is None:
        return read_untrusted()
    try:
        approved = read(hold.approved)
    except Exception:  # a stored definition that cannot be read vouches for nothing
        return read_untrusted()
    return stricter(approved, current)
