"""Run tau2-bench's own domain tools: every call of a generated session is executed against the domain's database.

Imported only by the generator, which runs in a scratch environment where tau2 is installed
(``pip install -e <tau2 checkout>[knowledge]``); Weir never imports it. tau2 reads its data from
the checkout it was installed from.

The agent-facing shape is an MCP server per domain:

- ``store`` (retail): tau2's retail toolkit as is.
- ``bank`` (banking_knowledge): tau2's toolkit *flattened*. tau2 hides most banking tools behind
  ``unlock_discoverable_agent_tool`` / ``call_discoverable_agent_tool`` so that an agent must
  find their names in the knowledge base; an MCP server lists its tools, so each discoverable
  tool is listed under its tau2 name and called directly (the generator still unlocks it in tau2
  before the call, which changes no data). ``KB_search`` is tau2's BM25 retrieval (top 3); its
  ``[Timing: …]`` trailer (wall-clock milliseconds) is dropped so generation is deterministic.

A result is tau2's own text (``Environment.get_response``: a JSON dump of the returned model, or
the returned string; ``Error: …`` with ``isError`` when the tool raised).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from tau2.data_model.message import ToolCall
from tau2.domains.banking_knowledge.environment import get_db as bank_db
from tau2.domains.banking_knowledge.environment import get_environment as bank_environment
from tau2.domains.retail.data_model import RetailDB
from tau2.domains.retail.environment import get_environment as retail_environment
from tau2.domains.retail.utils import RETAIL_DB_PATH
from tau2.environment.environment import Environment
from tau2.environment.tool import as_tool

META_TOOLS = frozenset(
    {
        "unlock_discoverable_agent_tool",
        "call_discoverable_agent_tool",
        "list_discoverable_agent_tools",
        "give_discoverable_user_tool",
    }
)
"""tau2's discovery mechanics: not listed, not recorded (see the module docstring)."""
_TIMING = re.compile(r"\n*\[Timing: [^\]]*\]\s*$")


@dataclass(frozen=True)
class Outcome:
    """What a tool returned: its text and whether it failed."""

    text: str
    error: bool


def _wire_tool(schema: dict[str, Any]) -> dict[str, Any]:
    """An OpenAI function schema as an MCP Tool (no annotations: tau2 declares none)."""
    fn = schema["function"]
    params = dict(fn["parameters"])
    params.pop("title", None)
    return {"name": fn["name"], "description": fn["description"], "inputSchema": params}


class Domain:
    """One tau2 domain; ``session()`` gives a fresh database for each generated session."""

    def __init__(self, name: str) -> None:
        self.name = name
        if name == "retail":
            self._base: Any = RetailDB.load(RETAIL_DB_PATH)
            self._kb: Environment | None = None
        else:
            self._base = bank_db()
            self._kb = bank_environment(db=self._base, retrieval_variant="bm25", retrieval_kwargs={"top_k": 3})
        self._kb_cache: dict[str, str] = {}
        toolkit = self.session().env.tools
        self._types = {name: str(getattr(toolkit.tool_type(name), "value", "")) for name in toolkit.tools}

    @property
    def base(self) -> Any:
        """The pristine database (read it, never change it)."""
        return self._base

    def session(self, db: Any | None = None) -> Session:
        """A session on a deep copy of the database (or on ``db``, already copied and planted)."""
        return Session(self, db if db is not None else self._base.model_copy(deep=True))

    def task_db(self, initial_state: Any) -> Any:
        """The database a task starts from: a copy of the domain's, with the task's initial state applied."""
        session = self.session()
        if initial_state is not None:
            session.env.set_state(initial_state.initialization_data, initial_state.initialization_actions, [])
        return session.env.tools.db

    def is_write(self, tool: str) -> bool:
        """tau2 marks the tool WRITE (a state change). Companion tools: ``send_email`` is one."""
        if tool in self._types:
            return self._types[tool] == "write"
        return tool == "send_email"

    def kb_search(self, query: str) -> str:
        """tau2's BM25 knowledge-base search, cached (the knowledge base never changes)."""
        if query not in self._kb_cache:
            assert self._kb is not None
            msg = self._kb.get_response(ToolCall(id="kb", name="KB_search", arguments={"query": query}))
            self._kb_cache[query] = _TIMING.sub("", msg.content)
        return self._kb_cache[query]

    def tools(self) -> list[dict[str, Any]]:
        """The server's tools/list: tau2's tools (flattened for banking), as MCP Tool objects."""
        env = self.session().env
        listed = [_wire_tool(t.openai_schema) for t in env.get_tools() if t.name not in META_TOOLS]
        if self._kb is not None:
            listed += [_wire_tool(t.openai_schema) for t in self._kb.get_tools() if t.name == "KB_search"]
            discoverable = env.tools.get_discoverable_tools()
            listed += [
                _wire_tool(as_tool(m).openai_schema) for n, m in discoverable.items() if not n.startswith("example_")
            ]
        return sorted(listed, key=lambda t: t["name"])


class Session:
    """One agent session's view of a domain: tool calls executed against its own database."""

    def __init__(self, domain: Domain, db: Any) -> None:
        self.domain = domain
        self.db = db
        if domain.name == "retail":
            self.env = retail_environment(db=db)
        else:
            self.env = bank_environment(db=db, retrieval_variant="no_knowledge")
        self._discoverable = set(self.env.tools.get_discoverable_tools()) if domain.name != "retail" else set()
        self._count = 0

    def _respond(self, name: str, arguments: dict[str, Any], requestor: str = "assistant") -> Outcome:
        self._count += 1
        call = ToolCall(id=f"c{self._count}", name=name, arguments=arguments, requestor=requestor)  # type: ignore[arg-type]
        msg = self.env.get_response(call)
        return Outcome(msg.content or "", bool(msg.error) or (msg.content or "").startswith("Error:"))

    def call(self, name: str, arguments: dict[str, Any]) -> Outcome:
        """Execute an agent tool call as the MCP server would (discoverable tools called directly)."""
        if name == "KB_search":
            return Outcome(self.domain.kb_search(str(arguments["query"])), False)
        if name in self._discoverable:
            self._respond("unlock_discoverable_agent_tool", {"agent_tool_name": name})
            return self._respond(
                "call_discoverable_agent_tool", {"agent_tool_name": name, "arguments": json.dumps(arguments)}
            )
        return self._respond(name, arguments)

    def user_action(self, name: str, arguments: dict[str, Any]) -> None:
        """Execute an action tau2's task gives the *user* (not agent traffic: not recorded)."""
        self._respond(name, arguments, requestor="user")

    def mechanics(self, name: str, arguments: dict[str, Any]) -> None:
        """Execute one of tau2's discovery mechanics (state only, not recorded)."""
        self._respond(name, arguments)
