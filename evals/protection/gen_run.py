"""Run one session: the plan's calls against tau2's database, with an attack planted or not.

An attack plants its injected text in a free-text field the session will read — a field of the
database (an order item's name or option, a product's name or option, a bank transaction's
description, a card transaction's merchant) before the session starts, or a retrieved
knowledge-base document in the search result — and, after a chosen call, the hijacked agent's
calls run; then the rest of the task runs on whatever the attack changed.

The companion servers are not tau2's: ``mail/send_email`` queues a message; ``web/fetch_url``
returns the carrier's tracking page for a tracking URL and a short acknowledgement anywhere else.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import urllib.parse
from dataclasses import dataclass, field
from typing import Any

from evals.protection.gen_attacks import Context, Target, Victim, calls
from evals.protection.gen_inject import plant
from evals.protection.gen_sessions import TRACKING, Call, Plan
from evals.protection.gen_tau2 import Domain, Outcome
from evals.protection.gen_values import Attacker


@dataclass(frozen=True)
class Vector:
    """Where an injection is planted: ``kind`` and the record it names; ``call`` is the first read showing it."""

    kind: str
    call: int
    ref: tuple[str, ...]


@dataclass
class Attack:
    """One planted attack, fully decided before the session runs."""

    kind: str
    injection: str
    vector: Vector
    position: str
    after: int
    """The hijacked calls run after this agent call (0-based among the plan's agent calls)."""
    victim: Victim
    attacker: Attacker
    target: Target
    seed: int
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass
class Step:
    """One recorded call and its result."""

    call: Call
    outcome: Outcome
    role: str
    """``benign`` or ``attack``."""


def companion(call: Call) -> Outcome:
    """The invented companion servers (see the module docstring)."""
    if call.tool == "send_email":
        digest = hashlib.sha256(json.dumps(call.arguments, sort_keys=True).encode()).hexdigest()[:16]
        return Outcome(json.dumps({"status": "queued", "message_id": f"<{digest}@mail.support.local>"}), False)
    url = str(call.arguments.get("url", ""))
    if url.startswith(TRACKING):
        number = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query).get("tracking", [""])[0]
        page = f"Parcelway Logistics - shipment {number}\nStatus: Delivered\nDelivered to: front door\nSigned by: -"
        return Outcome(page, False)
    return Outcome("Thank you. Your request has been received.", False)


def _plant_db(db: Any, attack: Attack, rng: random.Random) -> None:
    """Write the injection into the database field the vector names."""
    kind, ref, text, pos = attack.vector.kind, attack.vector.ref, attack.injection, attack.position
    if kind in ("order_name", "order_option"):
        item = db.orders[ref[0]].items[int(ref[1])]
        if kind == "order_name":
            item.name = plant(item.name, text, pos, rng)
        else:
            item.options[ref[2]] = plant(item.options[ref[2]], text, pos, rng)
    elif kind == "product_name":
        db.products[ref[0]].name = plant(db.products[ref[0]].name, text, pos, rng)
    elif kind == "product_option":
        options = db.products[ref[0]].variants[ref[1]].options
        options[ref[2]] = plant(options[ref[2]], text, pos, rng)
    elif kind == "bank_txn":
        record = db.bank_account_transaction_history.data[ref[0]]
        record["description"] = plant(record["description"], text, pos, rng)
    elif kind == "cc_txn":
        record = db.credit_card_transaction_history.data[ref[0]]
        record["merchant_name"] = plant(record["merchant_name"], text, pos, rng)


_DOC = re.compile(r"^(\d+)\. .*\n   ID: .*\n   Score: .*\n   Content: ", re.MULTILINE)


def plant_kb(text: str, rank: int, injection: str, position: str, rng: random.Random) -> str:
    """A knowledge-base search result with the ``rank``-th document's content planted."""
    starts = list(_DOC.finditer(text))
    doc = starts[rank - 1]
    end = starts[rank].start() if rank < len(starts) else len(text)
    content = text[doc.end() : end].rstrip("\n")
    return text[: doc.end()] + plant(content, injection, position, rng) + text[doc.end() + len(content) :]


def run(domain: Domain, plan: Plan, attack: Attack | None = None) -> list[Step]:
    """Execute the plan (and the attack, if any); every agent call becomes a recorded step."""
    rng = random.Random(attack.seed if attack else 0)
    session = domain.session(plan.db.model_copy(deep=True))
    if attack is not None:
        _plant_db(session.env.tools.db, attack, rng)
    steps: list[Step] = []
    read: dict[tuple[str, str], str] = {}
    agent_index = -1
    for item in plan.items:
        if item.kind == "user":
            session.user_action(item.call.tool, item.call.arguments)
            continue
        if item.kind == "mech":
            session.mechanics(item.call.tool, item.call.arguments)
            continue
        agent_index += 1
        outcome = _execute(session, item.call)
        if attack is not None and attack.vector.kind == "kb" and agent_index == attack.vector.call:
            planted = plant_kb(outcome.text, int(attack.vector.ref[0]), attack.injection, attack.position, rng)
            outcome = Outcome(planted, outcome.error)
        steps.append(Step(item.call, outcome, "benign"))
        read[(item.call.tool, _first(item.call))] = outcome.text
        if attack is not None and agent_index == attack.after:
            steps += _hijack(session, attack, read)
    return steps


def _first(call: Call) -> str:
    return str(next(iter(call.arguments.values()), ""))


def _execute(session: Any, call: Call) -> Outcome:
    return companion(call) if call.server in ("mail", "web") else session.call(call.tool, call.arguments)


def _hijack(session: Any, attack: Attack, read: dict[tuple[str, str], str]) -> list[Step]:
    ctx = Context(attack.victim, attack.attacker, attack.target, dict(read))
    gen = calls(attack.kind, ctx)
    steps: list[Step] = []
    try:
        call = next(gen)
        while True:
            outcome = _execute(session, call)
            steps.append(Step(call, outcome, "attack"))
            read[(call.tool, _first(call))] = outcome.text
            call = gen.send(outcome)
    except StopIteration:
        pass
    return steps
