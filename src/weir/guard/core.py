"""The Guard: the one decision path the gateway, the client helpers and ``weir replay`` share.

``register_tools`` reads each server's tool list into profiles (trust and overrides applied)
and records poisoning findings; ``before_call`` decides a call and computes the annotations
it carries; ``after_call`` labels the result, joins it into the agent session, decides the
post-call rules and shapes the result. No method of the decision path raises: an error is a
block naming the error.
"""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from weir.detect import blobs
from weir.detect.catalog import ScanContext, ToolCatalog
from weir.detect.pinning import Held
from weir.flow.labelling import result_label, standing
from weir.flow.provenance import ArgTaint, ValueMemory
from weir.flow.request import request_meta
from weir.flow.session import Elsewhere, Session, prose_grams
from weir.flow.store import MemorySessionStore, SessionStore
from weir.flow.textindex import TextIndex
from weir.guard import intent, memo, messages, quarantine, reading, toolredact, toolscan, visibility, vouching
from weir.guard.checks import CallCheck, ChainLike, ResultCheck, ToolsReview
from weir.guard.config import GuardConfig
from weir.guard.message_decisions import Arrival, MessageDecisions
from weir.guard.messages import McpMessage
from weir.guard.shaping import blocked_result, mark_malicious, redact_result, released, warn_result
from weir.guard.toollist import LISTINGS, Listing, read_listing
from weir.labels.config import ServerConfig, Trust, sharing_of
from weir.labels.datalabel import BOTTOM, DataLabel
from weir.labels.finding import Finding
from weir.labels.profile import ToolProfile
from weir.labels.provenance import Origin
from weir.labels.resolve_answer import AnswerCheck, check_answer
from weir.labels.vocab import Dialect
from weir.policy.activation import call_facts, result_facts
from weir.policy.decision import Decision, Verdict
from weir.policy.engine import Engine
from weir.policy.facts import ToolFacts, tool_facts

__all__ = ["Guard"]


class _Registered(NamedTuple):
    """What a listing says about one tool."""

    profile: ToolProfile
    facts: ToolFacts
    flagged: Sequence[Finding]
    held: tuple[Mapping[str, Any], tuple[str, ...]] | None = None
    """Quarantined: (the wire tool as now listed, what changed), so a call notices an approval."""


class Guard(MessageDecisions):
    """Decides every call and result of every agent session against one configuration."""

    engine: Engine
    """The compiled policy. Replacing it (a policy reload) is atomic: each decision reads it once."""

    def __init__(
        self,
        config: GuardConfig | None = None,
        *,
        chain: ChainLike | None = None,
        sessions: SessionStore | None = None,
        engine: Engine | None = None,
    ) -> None:
        self.config = config or GuardConfig()
        self.engine = engine or Engine.from_config(self.config.policy, base_dir=self.config.base_dir)
        self.chain = chain
        self._catalog_of: tuple[object, ToolCatalog] | None = None
        self.sessions: SessionStore = sessions if sessions is not None else MemorySessionStore()
        # (server, tool) → what its listing says. Replaced whole, never edited in place, like the
        # definitions memory below: a decision running in another thread while a server re-lists
        # sees the old registration or the new one, never half of each.
        self._tools: dict[tuple[str, str], _Registered] = {}
        self._listed: dict[str, tuple[str, ToolsReview, Sequence[Mapping[str, Any]]]] = {}
        self._overrides_key: str | None = None
        # The resolved profile of each call in flight, so its result is labelled by what the
        # resolution promised (session id, server, tool) → profile.
        self._in_flight: dict[tuple[str, str, str], ToolProfile] = {}
        # Values written in untrusted servers' tool definitions (descriptions, schema text):
        # a poisoned or rug-pulled description steers calls exactly as an injected page does.
        self._definitions = ValueMemory()
        self._definition_steps: list[tuple[str, str]] = []
        self._definition_text = TextIndex()
        # The values each trusted server's tool enumerates in its schema, as skeletons: the tool's
        # own vocabulary (an enum value is not data an attacker chose; a description's words are
        # no corroboration).
        self._vocabulary: dict[tuple[str, str], frozenset[str]] = {}
        self._registering = threading.RLock()

    # -- sessions and tools -------------------------------------------------------------

    def session(self, session_id: str | None = None) -> Session:
        """The agent session ``session_id`` (created on first use; a new id when None)."""
        if session_id is not None:
            found = self.sessions.get(session_id)
            if found is not None:
                return found
        session = Session(session_id)
        self.sessions.put(session)
        return session

    def carry(self, source: str, into: str) -> bool:
        """Make agent session ``into`` hold at least what ``source`` has seen (a connection switching
        to another session name must not shed what it saw).

        A new ``into`` starts as a copy of ``source``; nothing needs carrying from a ``source`` that
        has seen nothing. Returns False when ``into`` already has a history of its own and ``source``
        has seen data: two histories cannot be merged, so the caller refuses the switch.
        """
        origin = self.sessions.get(source)
        if origin is None or origin.pristine:
            return True
        target = self.sessions.get(into)
        if target is not None and not target.pristine:
            return False
        self.sessions.put(origin.fork(into))
        return True

    def forget(self, session_id: str) -> None:
        """Drop an agent session nobody can use again (the connection it belonged to closed)."""
        self.sessions.drop(session_id)

    def register_tools(self, server: str, tools: Sequence[Mapping[str, Any]]) -> ToolsReview:
        """Read a server's tool list; replaces what was registered for that server before.

        The same list as the server's previous one (a client re-listing, a trace replaying) is
        recognised and its review returned as it was: nothing changed, so neither the profiles nor
        the detectors' verdicts (poisoning, pinning) can have — unless a tool of it is quarantined,
        whose approval may have come meanwhile. A list another guard has read (under the same
        trust and overrides) is not read again (:mod:`weir.guard.toollist`).
        """
        digest = memo.digest(tools)
        previous = self._listed.get(server)
        if previous is not None and previous[0] == digest and not previous[1].held:
            return previous[1]
        listing = self._listing(server, tools, digest)
        # Two servers' lists may be reviewed at once (the gateway lists its upstreams in parallel):
        # each registration replaces the whole tool map, so they take turns or one would be lost.
        with self._registering:
            review = self._register(server, tools, listing)
            self._listed[server] = (digest, review, tools)
        return review

    def _listing(self, server: str, tools: Sequence[Mapping[str, Any]], digest: str) -> Listing:
        cfg = self._server(server)
        trusted = cfg is not None and cfg.trust is Trust.TRUSTED
        trust_key = self._trust_key(server)

        def read(raw: Mapping[str, Any], tool_digest: str) -> ToolProfile:
            return memo.PROFILES.get(
                (server, trust_key, tool_digest),
                lambda: reading.read_profile(
                    raw, server=server, servers=self.config.servers, overrides=self.config.overrides
                ),
            )

        def make() -> Listing:
            return read_listing(server, tools, trusted=trusted, read=read)

        if memo.is_unique(digest):  # never found again: do not fill the memo with it
            return make()
        return LISTINGS.get((server, trust_key, digest), make)

    def _register(self, server: str, tools: Sequence[Mapping[str, Any]], listing: Listing) -> ToolsReview:
        # First, before anything is registered: a chain that fails here leaves the list unexposed.
        shown = toolredact.shown_definitions(self.chain, tools)
        findings, held = self._scan_tools(server, tools, listing.digests)
        flagged = memo.findings_by_tool(tools, findings)
        held = {**quarantine.from_findings(flagged), **held}
        registered = {key: entry for key, entry in self._tools.items() if key[0] != server}
        raw = {t.get("name"): t for t in tools if isinstance(t, Mapping)} if held else {}
        profiles: dict[str, ToolProfile] = {}
        definitions: list[tuple[str, tuple[str, ...], bool]] = []
        vocabulary: dict[str, frozenset[str]] = {}
        for tool in listing.tools:
            found = flagged.get(tool.name, [])
            hold = held.get(tool.name)
            profile, definition = tool.profile, tool.definition
            if hold is None:
                facts = memo.facts_of(profile, found, believed=listing.trusted) if found else tool.facts
                entry = _Registered(profile, facts, found)
            else:
                profile = self._held_profile(server, hold, profile, raw[tool.name])
                facts = tool_facts(profile, found, hold.changes, believed=listing.trusted)
                entry = _Registered(profile, facts, found, (raw[tool.name], hold.changes))
            profiles[tool.name] = profile
            registered[(server, tool.name)] = entry
            if listing.trusted and hold is None and not found:
                if tool.enums:
                    vocabulary[tool.name] = tool.enums
            elif definition:
                definitions.append((tool.name, definition, bool(found)))
        if definitions:
            self._remember_definitions(server, definitions)
        self._remember_vocabulary(server, vocabulary)
        self._tools = registered
        changed = {name: hold.changes for name, hold in held.items() if name in profiles}
        return ToolsReview(server, profiles, tuple(findings), flagged, listing.errors, changed, shown)

    def _held_profile(self, server: str, hold: Held, current: ToolProfile, raw: Mapping[str, Any]) -> ToolProfile:
        def read(definition: Mapping[str, Any], trust: Trust | None = None) -> ToolProfile:
            cfg = self.config
            return reading.read_profile(
                definition, server=server, servers=cfg.servers, overrides=cfg.overrides, trust=trust
            )

        return quarantine.held_profile(hold, current, read=read, read_untrusted=lambda: read(raw, Trust.UNTRUSTED))

    def _lift(self, server: str, tool: str) -> None:
        """Re-review a quarantined tool's server if its definition was approved meanwhile.

        The approval may come from another process (``weir pins approve`` on the gateway's
        database), so the pin store is read; a store that cannot be read leaves the tool held.
        """
        entry = self._tools.get((server, tool))
        if entry is None or entry.held is None:
            return
        raw = entry.held[0]
        try:
            approved = self.chain is not None and toolscan.approved(self.chain, server, raw)
        except Exception:  # unreadable pins lift nothing: the tool stays quarantined
            return
        listed = self._listed.get(server)
        if approved and listed is not None:
            del self._listed[server]
            self.register_tools(server, listed[2])

    def _remember_definitions(self, server: str, definitions: list[tuple[str, tuple[str, ...], bool]]) -> None:
        """Keep untrusted tools' definition text: its values steer calls as injected text does."""
        memory = ValueMemory(self._definitions.records)
        steps = list(self._definition_steps)
        text = self._definition_text.copy()
        for name, definition, flagged in definitions:
            steps.append((server, f"{name} (tool definition)"))
            memory.observe(list(definition), step=len(steps) - 1, untrusted=True, malicious=flagged, open_world=True)
            grams, plain = prose_grams(list(definition))
            text.add(grams, plain, step=len(steps) - 1, malicious=flagged, open_world=True)
        self._definitions, self._definition_steps, self._definition_text = memory, steps, text

    def _remember_vocabulary(self, server: str, enums: Mapping[str, frozenset[str]]) -> None:
        """Keep a trusted server's enumerated values by tool (replaced whole when its list changes)."""
        kept = {key: v for key, v in self._vocabulary.items() if key[0] != server}
        kept.update({(server, name): values for name, values in enums.items()})
        self._vocabulary = kept

    def _taints(self, session: Session, key: tuple[str, str], args: dict[str, Any], tool: ToolFacts) -> list[ArgTaint]:
        """Argument provenance from the session's data and from untrusted tool definitions; the
        called tool's (``key``) enumerated values are its vocabulary. For a consequential tool that
        is not read-only (reversible or not), whether untrusted text asked for its action too."""
        # One registration's definitions, consistently.
        also = Elsewhere(self._definitions, self._definition_text, self._definition_steps)
        vocabulary = self._vocabulary.get(key)
        facts = tool.values
        stores = facts["consequential"] is True
        action = key[1] if stores and facts["read_only"] is not True else None
        taints = session.check_call(args, stores=stores, vocabulary=vocabulary, also=also, action=action)
        return intent.vouched(session, taints, key[1], args) if session.intent else taints

    def intend(self, session: Session, words: str) -> bool:
        """The user said ``words`` (a trusted host passed them: :mod:`weir.guard.intent`). The values
        they hold are trusted data of the session from now on; later calls' arguments they name are
        the user's. Returns False when they are the user's latest words already (nothing changed)."""
        words = words.strip()
        if not words or session.intent.endswith(words):
            return False
        session.intent = intent.joined(session.intent, words)
        session.observe(server="(user)", tool="(intent)", label=BOTTOM, values={"content": [words]},
                        untrusted=False, step=-1)  # fmt: skip
        self.sessions.put(session)
        return True

    def _scan_tools(
        self, server: str, tools: Sequence[Mapping[str, Any]], digests: Sequence[str]
    ) -> tuple[list[Finding], dict[str, Held]]:
        if self.chain is None:
            return [], {}
        try:
            return toolscan.review_tools(self.chain, server, tools, digests)
        except Exception as exc:  # fail closed: a list nobody could check against its pins is held whole
            return [memo.scan_error("tools", exc)], quarantine.unchecked(tools, f"{type(exc).__name__}: {exc}")

    def _trust_key(self, server: str) -> str:
        """What, besides the tool itself, a profile depends on: the server's trust and the overrides."""
        if self._overrides_key is None:
            self._overrides_key = memo.digest([o.model_dump(mode="json", by_alias=True) for o in self.config.overrides])
        cfg = self._server(server)
        return f"{cfg.trust if cfg else Trust.UNTRUSTED}:{self._overrides_key}"

    def profile(self, server: str, tool: str) -> ToolProfile | None:
        """The registered profile of ``server``/``tool``, if its server listed it."""
        entry = self._tools.get((server, tool))
        return entry.profile if entry is not None else None

    def _tool(self, server: str, tool: str) -> tuple[ToolProfile, ToolFacts]:
        entry = self._tools.get((server, tool))
        if entry is None:
            # Never listed: no claims at all, which the facts read as the riskiest tool.
            profile = ToolProfile(name=tool, server=server)
            return profile, tool_facts(profile)
        return entry.profile, entry.facts

    def _server(self, server: str) -> ServerConfig | None:
        return self.config.servers.get(server)

    # -- the call ----------------------------------------------------------------------

    def before_call(  # noqa: PLR0917 - positional, as docs/contracts.md fixes it for every caller
        self,
        session: Session,
        server: str,
        tool: str,
        arguments: Mapping[str, Any] | None,
        meta: Mapping[str, Any] | None = None,
        resolved: Mapping[str, Any] | None = None,
        *,
        principal: Mapping[str, Any] | None = None,
    ) -> CallCheck:
        """Decide a call before it runs. Never raises: an error is a block naming it.

        ``principal``: the ``principal`` fact of the connection it came on (neutral when None)."""
        step = -1
        profile: ToolProfile | None = None
        engine = self.engine  # one policy for the whole decision, even if a reload swaps it meanwhile
        try:
            listed = self._tools.get((server, tool))
            if listed is not None and listed.held is not None:
                self._lift(server, tool)
            step = session.begin(server, tool)
            args = dict(arguments or {})
            profile, tfacts, rejected = self._call_profile(server, tool, resolved)
            if rejected is not None and rejected.invalid_arguments:
                # The draft: never call with arguments the server refused to resolve.
                decision = engine.failed(f"the server refused these arguments: {'; '.join(rejected.problems)}")
                return CallCheck(decision, {}, (), profile, step, rejected.problems)
            if resolved is not None and rejected is None:
                if len(self._in_flight) >= memo.MAX_PROFILES:
                    self._in_flight.clear()
                self._in_flight[(session.id, server, tool)] = profile
            if meta:
                session.observe(server=server, tool=tool, label=reading.meta_label(meta), step=-1)
            taints = self._taints(session, (server, tool), args, tfacts)
            cfg = self._server(server)
            said = session.intent
            facts = call_facts(
                session=session,
                tool=tfacts,
                server=server,
                server_config=cfg,
                arguments=args,
                taints=taints,
                meta=meta,
                roots=engine.roots("call"),
                fields=engine.fields("call"),
                user=(bool(said), bool(said) and intent.asks_for(said, tool)),
                principal=principal,
            )
            decision = engine.decide(facts, phase="call")
            sharing = sharing_of(cfg)
            out_meta = request_meta(session.label, sharing, dict(meta or {}))
            self.sessions.put(session)
            problems = rejected.problems if rejected is not None else ()
            return CallCheck(decision, out_meta, tuple(taints), profile, step, problems)
        except Exception as exc:  # top of the decision path: fail closed
            decision = engine.failed(f"{type(exc).__name__}: {exc}")
            return CallCheck(decision, {}, (), profile, step)

    def listable(self, server: str, tool: str, principal: Mapping[str, Any]) -> bool:
        """Whether the principal is shown the tool in ``tools/list`` (:mod:`weir.guard.visibility`)."""
        engine = self.engine
        if not visibility.reads_principal(engine):
            return True
        try:
            _, tfacts = self._tool(server, tool)
        except Exception:  # fail closed
            return False
        return visibility.listable(engine, tfacts, server, self._server(server), principal)

    def shows(self, message: McpMessage) -> bool:
        """Whether a listed prompt or resource is shown to the message's principal (the message is
        the ``prompts/get`` or ``resources/read`` it would be read as; :mod:`weir.guard.visibility`)."""
        engine = self.engine
        if not visibility.reads_principal(engine, "result") or message.principal is None:
            return True
        cfg = self._server(message.server)
        try:
            _, tfacts = messages.message_tool(message.server, message.method, trusted=messages.is_trusted(cfg))
            fact = messages.message_fact(message, cfg)
        except Exception:  # fail closed
            return False
        return visibility.shown(engine, tfacts, message.server, cfg, message=fact, principal=message.principal)

    def _call_profile(
        self, server: str, tool: str, resolved: Mapping[str, Any] | None
    ) -> tuple[ToolProfile, ToolFacts, AnswerCheck | None]:
        """The profile of one call, and the check of a ``tools/resolve`` answer that failed (if one did)."""
        profile, tfacts = self._tool(server, tool)
        if resolved is None:
            return profile, tfacts, None
        entry = self._tools.get((server, tool))
        held = entry.held if entry is not None else None
        checked = self._check_answer(server, tool, resolved, trusted=held is None)
        if checked.answer is None:
            return profile, tfacts, checked
        resolved = checked.answer
        # A quarantined tool's server is not believed to loosen anything, resolving included.
        trust = Trust.UNTRUSTED if held is not None else None
        cfg = self.config
        narrowed = reading.read_resolved(
            resolved, server=server, servers=cfg.servers, overrides=cfg.overrides, trust=trust
        )
        merged = reading.merge_resolved(profile, narrowed)
        changes = held[1] if held is not None else None
        cfg_server = self._server(server)
        believed = held is None and cfg_server is not None and cfg_server.trust is Trust.TRUSTED
        flagged = entry.flagged if entry is not None else ()
        return merged, tool_facts(merged, flagged, changes, believed=believed), None

    def _check_answer(self, server: str, tool: str, answer: Mapping[str, Any], *, trusted: bool) -> AnswerCheck:
        """``answer`` held to the draft and to the tool's definition as its server listed it."""
        listed = self._listed.get(server)
        raw = next((t for t in listed[2] if isinstance(t, Mapping) and t.get("name") == tool), None) if listed else None
        static = reading.read_listed(raw, server=server) if raw is not None else ToolProfile(name=tool, server=server)
        cfg = self._server(server)
        believed = trusted and cfg is not None and cfg.trust is Trust.TRUSTED
        return check_answer(answer, name=tool, static=static, trusted=believed)

    # -- the result --------------------------------------------------------------------

    def after_call(
        self,
        session: Session,
        server: str,
        tool: str,
        result: Mapping[str, Any],
        *,
        principal: Mapping[str, Any] | None = None,
    ) -> ResultCheck:
        """Label a result, join it into the session, decide the post-call rules, shape it
        (``principal``: the caller's ``principal`` fact, neutral when None)."""
        try:
            return self._after_call(session, server, tool, result, principal)
        except Exception as exc:  # fail closed: the result is withheld, the error named
            decision = self.engine.failed(f"{type(exc).__name__}: {exc}")
            label = DataLabel(malicious=False, untrusted=True)
            # The session itself may be what is broken; the block stands regardless.
            with contextlib.suppress(Exception):
                session.observe(server=server, tool=tool, label=label)
            return ResultCheck(decision, blocked_result(decision, tool=tool, phase="result"), label, ())

    def _after_call(
        self, session: Session, server: str, tool: str, result: Mapping[str, Any], principal: Mapping[str, Any] | None
    ) -> ResultCheck:
        if not isinstance(result, Mapping):
            raise TypeError(f"a tool result must be an object, not {type(result).__name__}")
        profile, tfacts = self._tool(server, tool)
        profile = self._in_flight.pop((session.id, server, tool), profile)
        findings = self._scan_result(result, profile)
        label = result_label(reading.result_label_of(result), reading.declared_label(profile), findings)
        cfg = self._server(server)
        trust = cfg.trust if cfg else Trust.UNTRUSTED
        known = (server, tool) in self._tools
        stand = standing(label, profile if known else None, trust)
        if stand.untrusted and not label.untrusted:
            label = label.join(_trust_label(server, tool, known=known))
        values = _values(result)
        if not stand.values_untrusted:  # what a trusted server wrote first is its own (guard/vouching.py)
            values["content"] += vouching.identifiers(values["content"])
        arrival = Arrival(server, tool, result, label, stand, values, tfacts, None, findings, principal)
        decision = self._arrive(session, arrival)
        shaped = _shape(result, decision, findings, tool)
        if label.malicious:  # seeds 003/004: the client learns what was flagged, not only the next server
            shaped = mark_malicious(shaped)
        return ResultCheck(decision, shaped, label, tuple(findings))

    def _arrive(self, session: Session, arrival: Arrival) -> Decision:
        """The stages every message from a server walks once labelled: join it into the session
        (labels, lineage, remembered values, the provenance index of untrusted text), decide the
        result-phase rules on it, and fail closed when its scan failed."""
        engine = self.engine  # one policy for the whole decision, even if a reload swaps it meanwhile
        stand = arrival.standing
        session.observe(
            server=arrival.server,
            tool=arrival.step,
            label=arrival.label,
            values=arrival.values,
            untrusted=stand.values_untrusted,
            internal=stand.internal,
        )
        facts = result_facts(
            session=session,
            tool=arrival.tool,
            server=arrival.server,
            server_config=self._server(arrival.server),
            label=arrival.label,
            result=arrival.payload,
            roots=engine.roots("result"),
            fields=engine.fields("result"),
            message=arrival.message,
            principal=arrival.principal,
        )
        decision = engine.decide(facts, phase="result")
        failed = next((f for f in arrival.findings if memo.is_scan_error(f)), None)
        if failed is not None:  # nothing vouches for any string of it: withheld (the label stands)
            decision = engine.failed(failed.message or "the detector chain failed")
        self.sessions.put(session)
        return decision

    def _scan_result(self, result: Mapping[str, Any], profile: ToolProfile) -> list[Finding]:
        if self.chain is None:
            return []
        try:
            if getattr(self.chain, "takes_context", False) is True:
                # A tool that declares it acts (readOnlyHint false) reports what it did: a request
                # in its result was the caller's own. Undeclared: read as data.
                context = ScanContext(self._catalog(), returns_data=profile.read_only)
                return list(self.chain.scan_result(result, context=context))  # type: ignore[call-arg]
            return list(self.chain.scan_result(result))
        except Exception as exc:
            return [memo.scan_error("result", exc)]

    def _catalog(self) -> ToolCatalog:
        """What the listed tools can do, for the detectors that weigh a request against it (rebuilt
        when a ``tools/list`` replaces the tool map, which is never edited in place)."""
        tools = self._tools
        cached = self._catalog_of
        if cached is None or cached[0] is not tools:
            cached = (tools, ToolCatalog.from_profiles(entry.profile for entry in tools.values()))
            self._catalog_of = cached
        return cached[1]


def _shape(result: Mapping[str, Any], decision: Decision, findings: Sequence[Finding], tool: str) -> dict[str, Any]:
    applied = decision.applied
    if applied is Verdict.BLOCK:
        return blocked_result(decision, tool=tool, phase="result")
    if applied is Verdict.REDACT:
        return redact_result(result, findings, decision)
    result = released(result, findings)
    if applied is Verdict.WARN or (applied is Verdict.CONFIRM and decision.rules):
        return warn_result(result, decision)
    return dict(result)


def _values(result: Mapping[str, Any]) -> dict[str, Any]:
    """The parts of a result an agent could copy values from: text (embedded resources' decoded
    text blobs included) and structured content."""
    content = result.get("content")
    texts: list[Any] = []
    if isinstance(content, list):
        for block in content:
            if isinstance(block, Mapping):
                texts.append(block.get("text"))
                resource = block.get("resource")
                if isinstance(resource, Mapping):
                    texts.append(resource.get("text"))
                    if blobs.payload_key(resource) == "blob":
                        texts.append(blobs.decode(resource["blob"], resource.get("mimeType")).text)
    return {"content": texts, "structured": result.get("structuredContent")}


@functools.lru_cache(maxsize=1024)  # a value per (server, tool): labels are frozen
def _trust_label(server: str, tool: str, *, known: bool) -> DataLabel:
    why = (
        f"server {server} is not trusted and {tool} declares no trusted source"
        if known
        else f"{server}/{tool} was never listed, so nothing vouches for its results"
    )
    return DataLabel(untrusted=True, origins={"untrusted": frozenset({Origin(dialect=Dialect.POLICY, path=why)})})
