"""Plain-text renderings of replays and explanations (the CLI prints these)."""

from __future__ import annotations

from weir.replay.explain import Explanation
from weir.replay.run import Replay, ReplayDecision

__all__ = ["render_explanation", "render_replay"]

_MARK = {True: "match", False: "  -  ", None: "  ·  "}


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _tail(text: str, width: int) -> str:
    # Session ids tend to share a prefix (a date, a host); their ends tell them apart.
    return text if len(text) <= width else "…" + text[-(width - 1) :]


_ANSWER = {True: "approved: ", False: "declined: ", None: ""}


def _row(d: ReplayDecision, width: int) -> str:
    call = f"{d.server}/{d.tool}" + (" (result)" if d.phase == "result" else " (retry)" if d.retry else "")
    reason = _ANSWER[d.confirmed] + (d.decision.reasons[0] if d.decision.reasons else "")
    return f"{d.line:>5}  {_tail(d.session, 18):<18}  {_clip(call, 34):<34}  {d.effect!s:<7}  {_clip(reason, width)}"


def render_replay(run: Replay, *, width: int = 100) -> str:
    """A table of every call (and every result not simply allowed), then the summary."""
    header = f"{'line':>5}  {'session':<18}  {'call':<34}  {'effect':<7}  reason"
    rows = [_row(d, width) for d in run.decisions if d.phase == "call" or d.decision.rules]
    s = run.summary()
    counts = ", ".join(f"{n} {e}" for e, n in s["call_effects"].items() if n)
    after = ", ".join(f"{n} {e}" for e, n in s["result_effects"].items() if n and e != "allow")
    lines = [header, *rows, ""]
    retried = f" (+{s['retries']} decided again on the user's answer)" if s.get("retries") else ""
    lines.append(f"{s['sessions']} sessions, {s['calls']} calls: {counts or 'none'}{retried}")
    lines.append(f"{s['results']} results" + (f": {after}" if after else ", all allowed"))
    if s["errors"]:
        lines.append(f"{s['errors']} decisions failed and were blocked (see their reasons)")
    return "\n".join(lines)


def render_explanation(ex: Explanation) -> str:
    """The decision, its reasons, then one line per rule with its verdict and why."""
    d = ex.decided
    lines = [f"line {d.line}: {d.phase} {d.server}/{d.tool} in session {d.session}", f"decision: {d.effect}"]
    lines.extend(f"  {r}" for r in d.decision.reasons)
    lines.append(f"\nrules ({len(ex.rules)}):")
    for r in ex.rules:
        lines.append(f"  [{_MARK[r.matched]}] {r.name} ({r.effect}): {r.why}")
    return "\n".join(lines)
