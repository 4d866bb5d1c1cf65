"""WeirClient: one agent session over a group of real servers, decided by the shared Guard."""

from __future__ import annotations

from typing import Any

import mcp_types as t
import pytest
from mcp.server.mcpserver import Context, MCPServer

from tests.examples.paths import fresh_server
from weir.client import ConfirmRequest, MaliciousActivity, WeirClient
from weir.config import WeirConfig
from weir.detect.config import DetectorSpec
from weir.errors import WeirError
from weir.labels.config import ServerConfig, Trust
from weir.labels.vocab import DataClass, Destination, Outcome, Source
from weir.policy.decision import Verdict
from weir.server import Returns, ServerLabels, ToolLabels, data_label, labelled_result

pytestmark = pytest.mark.anyio

# Only the secrets detector: these tests are about the wrapper (propagation, confirmation,
# resolution, alarms), and must not hinge on a text classifier's verdict on "posted".
CONFIG = WeirConfig(
    detectors=[DetectorSpec(use="secrets")],
    servers={
        "files": ServerConfig(trust=Trust.TRUSTED),
        "mail": ServerConfig(trust=Trust.TRUSTED),
        "probe": ServerConfig(trust=Trust.TRUSTED),
        "web": ServerConfig(trust=Trust.UNTRUSTED),
    },
)
SEEN: list[dict[str, Any]] = []


def probe_server() -> MCPServer:
    """Records the request `_meta` it receives; declares itself a public, irreversible sender."""
    labels = ServerLabels("probe")
    server = MCPServer("probe", extensions=[labels.extension()])
    sender = ToolLabels(
        read_only=False,
        destructive=False,
        open_world=True,
        destinations=Destination.PUBLIC,
        outcomes=Outcome.IRREVERSIBLE,
        returns=Returns(source=Source.SYSTEM),
    )

    @server.tool(**labels.tool("post", sender))
    def post(text: str, ctx: Context) -> str:
        SEEN.append(dict(ctx.request_context.meta or {}))
        return "posted"

    @server.tool(
        **labels.tool("peek", ToolLabels(read_only=True, open_world=False, returns=Returns(source=Source.SYSTEM)))
    )
    def peek(ctx: Context) -> t.CallToolResult:
        SEEN.append(dict(ctx.request_context.meta or {}))
        return labelled_result("nothing", data_label())

    return server


@pytest.fixture(autouse=True)
def _clear() -> None:
    SEEN.clear()


async def test_labels_propagate_across_servers_in_request_annotations() -> None:
    async with WeirClient(CONFIG) as host:
        await host.connect("web", fresh_server("web"))
        await host.connect("probe", probe_server())
        await host.call_tool("probe", "peek")
        await host.call_tool("web", "fetch", {"url": "https://news.example/today"})
        await host.call_tool("probe", "peek")
    before, after = SEEN
    assert not (before.get("annotations") or {}).get("openWorldHint")
    assert after["annotations"]["openWorldHint"] is True
    assert "https://news.example/today" in after["annotations"]["attribution"]
    assert host.label.untrusted is True


async def test_a_confirmation_without_a_callback_blocks_and_the_tool_never_runs() -> None:
    async with WeirClient(CONFIG) as host:
        await host.connect("files", fresh_server("files"))
        await host.connect("probe", probe_server())
        await host.call_tool("files", "read_file", {"path": "hr/salaries.xlsx"})
        outcome = await host.call_tool("probe", "post", {"text": "salaries"})
    assert outcome.pre.applied is Verdict.CONFIRM
    assert outcome.ran is False
    assert outcome.blocked is True
    assert outcome.confirmed is False
    assert outcome.result["isError"] is True
    assert "weir/confirm" in outcome.result["_meta"]["dev.weir/decision"]["rules"]
    assert SEEN == []


@pytest.mark.parametrize("answer", ["raise", False, "async-true"])
async def test_the_confirmation_callback_decides_and_anything_but_true_blocks(answer: Any) -> None:
    asked: list[ConfirmRequest] = []

    async def async_yes(request: ConfirmRequest) -> bool:
        asked.append(request)
        return True

    def other(request: ConfirmRequest) -> bool:
        asked.append(request)
        if answer == "raise":
            raise RuntimeError("the dialog crashed")
        return bool(answer)

    async with WeirClient(CONFIG, confirm=async_yes if answer == "async-true" else other) as host:
        await host.connect("files", fresh_server("files"))
        await host.connect("probe", probe_server())
        await host.call_tool("files", "read_file", {"path": "hr/salaries.xlsx"})
        outcome = await host.call_tool("probe", "post", {"text": "salaries"})
    assert len(asked) == 1
    assert asked[0].tool == "post"
    assert asked[0].reasons
    assert DataClass.FINANCIAL in asked[0].label.classes
    assert outcome.succeeded is (answer == "async-true")
    assert len(SEEN) == (1 if answer == "async-true" else 0)


async def test_tools_resolve_is_used_when_offered_and_narrows_the_decision() -> None:
    async with WeirClient(CONFIG, confirm=lambda _: False) as host:
        await host.connect("files", fresh_server("files"))
        await host.call_tool("files", "read_file", {"path": "hr/salaries.xlsx"})
        internal = await host.call_tool("files", "write_file", {"path": "notes/copy.txt", "content": "x"})
        public = await host.call_tool("files", "write_file", {"path": "public/copy.txt", "content": "x"})
    assert internal.resolved is True
    assert internal.pre.applied is Verdict.ALLOW
    assert internal.succeeded is True
    assert public.pre.applied is Verdict.CONFIRM
    assert "baseline:confirm-sensitive-to-public" in public.pre.rule_names


async def test_malicious_activity_is_surfaced_even_if_the_banner_fails() -> None:
    shown: list[MaliciousActivity] = []

    def banner(activity: MaliciousActivity) -> None:
        shown.append(activity)
        raise RuntimeError("the UI is gone")

    async with WeirClient(CONFIG, on_malicious=banner) as host:
        await host.connect("web", fresh_server("web"))
        outcome = await host.call_tool("web", "fetch", {"url": "https://prices.example/compare"})
    assert outcome.malicious is not None
    assert shown == [outcome.malicious]
    assert "web/fetch" in shown[0].describe()
    assert outcome.post is not None
    assert outcome.post.applied is Verdict.WARN
    assert "[Weir warning]" in outcome.text
    assert host.label.malicious is True


async def test_a_server_refusal_is_an_outcome_not_an_exception() -> None:
    async with WeirClient(CONFIG, confirm=lambda _: True) as host:
        await host.connect("web", fresh_server("web"))
        await host.connect("mail", fresh_server("mail"))
        await host.call_tool("web", "fetch", {"url": "https://news.example/today"})
        outcome = await host.call_tool("mail", "send_email", {"to": "x@outside.example", "subject": "s", "body": "b"})
    assert outcome.error is not None
    assert "open-world" in outcome.error
    assert outcome.ran is True
    assert outcome.succeeded is False


async def test_a_call_to_an_unknown_server_is_a_clear_error() -> None:
    async with WeirClient(CONFIG) as host:
        with pytest.raises(WeirError, match="no server named 'nope' in this group"):
            await host.call_tool("nope", "x")


async def test_a_tool_the_server_never_listed_is_decided_as_the_riskiest_tool() -> None:
    async with WeirClient(CONFIG, confirm=lambda _: False) as host:
        await host.connect("files", fresh_server("files"))
        await host.call_tool("files", "read_file", {"path": "hr/salaries.xlsx"})
        outcome = await host.call_tool("files", "shred_everything", {})
    assert outcome.pre.applied in {Verdict.CONFIRM, Verdict.BLOCK}
    assert outcome.ran is False


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


async def test_a_resolve_answer_that_adds_a_claim_is_not_believed_by_the_client_either() -> None:
    from tests.gateway.test_resolution import ACCEPTS_FINANCIAL, OPEN, scripted

    config = WeirConfig(servers={"files": ServerConfig(trust=Trust.TRUSTED), "evil": ServerConfig()})
    async with WeirClient(config, confirm=lambda _: False) as host:
        await host.connect("files", fresh_server("files"))
        await host.connect("evil", scripted("evil", OPEN, ACCEPTS_FINANCIAL))
        await host.call_tool("files", "read_file", {"path": "hr/salaries.xlsx"})
        outcome = await host.call_tool("evil", "post", {})
    assert outcome.resolved is False  # the static definition decided
    assert outcome.pre.applied is Verdict.CONFIRM
    assert outcome.ran is False
