"""The host-side wrapper: one agent session across a group of MCP servers, decided in-process.

:class:`WeirClient` runs the gateway's decision path — the shared :class:`weir.guard.Guard`,
never a second policy — around the SDK's ``mcp.Client``:

1. each server's ``tools/list`` is read raw (unknown annotation keys kept) and registered;
2. before a call, a resolvable tool is asked ``tools/resolve`` so the decision uses its narrowed
   labels; the Guard decides; *confirm* asks the host's callback, and no callback, a False
   answer or a failing callback blocks (fail closed);
3. the call carries the session's labels in request ``_meta.annotations`` (propagation across
   servers), so servers can refuse on them;
4. the result is labelled, joined into the session, decided, shaped (redacted / warned /
   withheld), and a malicious-activity signal is surfaced through the host's callback.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from contextlib import AsyncExitStack
from types import TracebackType
from typing import Any

from mcp import Client
from mcp.shared.exceptions import MCPError

from weir.client.outcome import CallOutcome, ConfirmFn, ConfirmRequest, MaliciousActivity, MaliciousFn
from weir.client.wire import is_resolvable, list_tools, resolve_tool
from weir.config import WeirConfig
from weir.detect.chain import Chain
from weir.errors import WeirError
from weir.flow.session import Session
from weir.guard import CallCheck, ChainLike, Guard, ResultCheck, ToolsReview
from weir.guard.shaping import blocked_result, warn_result
from weir.labels.datalabel import DataLabel
from weir.labels.finding import FindingClass
from weir.policy.decision import Decision, RuleMatch, Verdict

__all__ = ["WeirClient", "default_guard"]


def default_guard(config: WeirConfig | None = None) -> Guard:
    """A Guard for ``config`` with the configured detector chain (the gateway's default too)."""
    config = config or WeirConfig()
    chain: ChainLike = Chain.from_specs(config.detectors)
    return Guard(config, chain=chain)


class WeirClient:
    """One agent session over several named MCP servers, every call decided by the Guard.

    Use as an async context manager; :meth:`connect` opens an SDK ``Client`` it owns,
    :meth:`attach` adopts one the caller already opened.
    """

    def __init__(
        self,
        config: WeirConfig | None = None,
        *,
        guard: Guard | None = None,
        confirm: ConfirmFn | None = None,
        on_malicious: MaliciousFn | None = None,
        session: str | None = None,
    ) -> None:
        self.guard = guard if guard is not None else default_guard(config)
        """The decision path (shared with the gateway and ``weir replay``)."""
        self.session: Session = self.guard.session(session)
        """The agent session: the join of every label seen, across every server."""
        self._confirm = confirm
        self._on_malicious = on_malicious
        self._clients: dict[str, Client] = {}
        self._tools: dict[str, dict[str, dict[str, Any]]] = {}
        self._stack = AsyncExitStack()

    async def __aenter__(self) -> WeirClient:
        await self._stack.__aenter__()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self._stack.__aexit__(exc_type, exc, tb)

    @property
    def label(self) -> DataLabel:
        """The agent session's label so far."""
        return self.session.label

    @property
    def servers(self) -> tuple[str, ...]:
        """The names of the servers in the group."""
        return tuple(self._clients)

    async def connect(self, name: str, target: Any, **client_options: Any) -> ToolsReview:
        """Open ``mcp.Client(target, **client_options)`` for server ``name`` and register its tools."""
        client = await self._stack.enter_async_context(Client(target, **client_options))
        return await self.attach(name, client)

    async def attach(self, name: str, client: Client) -> ToolsReview:
        """Adopt an open SDK client as server ``name``; its raw ``tools/list`` is read and registered."""
        if not name:
            raise WeirError("a server in the group needs a name")
        self._clients[name] = client
        return await self.refresh_tools(name)

    async def refresh_tools(self, name: str) -> ToolsReview:
        """Re-read server ``name``'s tools (after ``tools/list_changed``)."""
        tools = await list_tools(self._client(name), source=name)
        self._tools[name] = {str(t.get("name")): t for t in tools if isinstance(t.get("name"), str)}
        return self.guard.register_tools(name, tools)

    def tools(self, name: str) -> list[dict[str, Any]]:
        """Server ``name``'s tools as it listed them (raw)."""
        return list(self._tools.get(name, {}).values())

    def _client(self, name: str) -> Client:
        client = self._clients.get(name)
        if client is None:
            raise WeirError(f"no server named {name!r} in this group (have: {', '.join(self._clients) or 'none'})")
        return client

    async def call_tool(
        self,
        server: str,
        tool: str,
        arguments: Mapping[str, Any] | None = None,
        *,
        meta: Mapping[str, Any] | None = None,
    ) -> CallOutcome:
        """Decide, (confirm,) call, label, decide again; never raises for a policy outcome."""
        client = self._client(server)
        args = dict(arguments or {})
        resolved = await self._resolve(client, server, tool, args)
        check = self.guard.before_call(self.session, server, tool, args, meta, resolved)
        applied = check.decision.applied
        confirmed: bool | None = None
        if applied is Verdict.CONFIRM:
            confirmed = await self._ask(server, tool, args, check.decision)
            if not confirmed:
                return self._declined(server, tool, check, resolved is not None)
        elif applied is Verdict.BLOCK:
            result = blocked_result(check.decision, what=f"the call to {tool}")
            return CallOutcome(server, tool, check.decision, result, resolved=resolved is not None)
        try:
            sent = await client.call_tool(tool, args, meta=dict(check.request_meta))  # type: ignore[arg-type]
        except MCPError as exc:  # the server refused (a request guard) or failed: no result to label
            return self._failed(server, tool, check, exc, resolved=resolved is not None, confirmed=confirmed)
        raw = sent.model_dump(by_alias=True, mode="json", exclude_none=True)
        post = self.guard.after_call(self.session, server, tool, raw)
        alarm = await self._surface(server, tool, post)
        return CallOutcome(
            server,
            tool,
            check.decision,
            _released(check.decision, post),
            post=post.decision,
            label=post.label,
            findings=tuple(post.findings),
            resolved=resolved is not None,
            confirmed=confirmed,
            malicious=alarm,
        )

    async def _resolve(self, client: Client, server: str, tool: str, args: dict[str, Any]) -> dict[str, Any] | None:
        if not is_resolvable(self._tools.get(server, {}).get(tool)):
            return None
        try:
            return await resolve_tool(client, tool, args)
        except WeirError:  # keep the static declaration: the worst member of every possible set
            return None

    async def _ask(self, server: str, tool: str, args: dict[str, Any], decision: Decision) -> bool:
        if self._confirm is None:
            return False
        request = ConfirmRequest(server, tool, args, decision, self.session.label)
        try:
            answer = self._confirm(request)
            if inspect.isawaitable(answer):
                answer = await answer
        except Exception:  # a confirmation that cannot be obtained is a no (fail closed)
            return False
        return answer is True

    def _declined(self, server: str, tool: str, check: CallCheck, resolved: bool) -> CallOutcome:
        why = "the user did not approve" if self._confirm is not None else "no confirmation callback is configured"
        declined = RuleMatch(name="weir/confirm", effect=Verdict.BLOCK, reason=why)
        decision = check.decision.model_copy(
            update={
                "applied": Verdict.BLOCK,
                "rules": (*check.decision.rules, declined),
                "reasons": (*check.decision.reasons, why),
            }
        )
        result = blocked_result(decision, what=f"the call to {tool}")
        return CallOutcome(server, tool, check.decision, result, resolved=resolved, confirmed=False)

    def _failed(
        self, server: str, tool: str, check: CallCheck, exc: MCPError, *, resolved: bool, confirmed: bool | None
    ) -> CallOutcome:
        text = f"{tool} failed: {exc.message}"
        result = {"content": [{"type": "text", "text": text}], "isError": True}
        return CallOutcome(
            server, tool, check.decision, result, resolved=resolved, confirmed=confirmed, error=exc.message
        )

    async def _surface(self, server: str, tool: str, post: ResultCheck) -> MaliciousActivity | None:
        findings = tuple(f for f in post.findings if f.cls is FindingClass.MALICIOUS)
        if not (post.label.malicious or findings):
            return None
        alarm = MaliciousActivity(server, tool, findings, post.label)
        if self._on_malicious is not None:
            try:
                shown = self._on_malicious(alarm)
                if inspect.isawaitable(shown):
                    await shown
            except Exception:
                pass
        return alarm


def _released(pre: Decision, post: ResultCheck) -> dict[str, Any]:
    """The Guard's shaped result, plus the pre-call warning the gateway would add."""
    if pre.applied is Verdict.WARN and post.decision.applied is not Verdict.BLOCK:
        return warn_result(post.result, pre)
    return dict(post.result)
