"""Exposed names: namespaced with several servers (or when configured), routed back exactly."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from weir.gateway.config import GatewayConfig
from weir.gateway.routing.naming import Naming, Route, ToolTable


def test_one_server_is_not_namespaced_unless_configured() -> None:
    assert Naming(GatewayConfig(), ["mail"]).expose("mail", "send") == "send"
    assert Naming(GatewayConfig(namespace=True), ["mail"]).expose("mail", "send") == "mail__send"


def test_unknown_servers_and_malformed_names_do_not_route() -> None:
    naming = Naming(GatewayConfig(), ["a", "b"])
    assert naming.route("c__x") is None
    assert naming.route("a__") is None
    assert naming.route("plain") is None


@given(st.sampled_from(["a", "b", "mail_x"]), st.text(min_size=1, max_size=20))
def test_every_exposed_name_routes_back_to_its_server_and_tool(server: str, tool: str) -> None:
    naming = Naming(GatewayConfig(separator="__"), ["a", "b", "mail_x"])
    assert naming.route(naming.expose(server, tool)) == Route(server, tool)


def test_exposed_tools_carry_the_profile_and_keep_everything_else() -> None:
    table = ToolTable(Naming(GatewayConfig(), ["a", "b"]))
    tool = {"name": "t", "annotations": {"x-y": 1}, "_meta": {"k": 2}, "inputSchema": {"type": "object"}}
    table.update("a", [tool], {"t": {"server": "a"}})
    [shown] = table.exposed_tools()
    assert shown == {
        "name": "a__t",
        "annotations": {"x-y": 1},
        "_meta": {"k": 2, "dev.weir/profile": {"server": "a"}},
        "inputSchema": {"type": "object"},
    }
    assert tool["name"] == "t"
    assert "dev.weir/profile" not in tool["_meta"]


_names = st.sampled_from(["t", "u", "v"]) | st.none() | st.integers(0, 2) | st.lists(st.just("t"), max_size=1)


@given(st.lists(_names, max_size=6), st.sampled_from(["t", "u", "v", "w"]))
def test_a_tool_is_found_as_the_first_listed_under_its_name(names: list[object], wanted: str) -> None:
    table = ToolTable(Naming(GatewayConfig(), ["a"]))
    tools = [{"name": name, "position": i} for i, name in enumerate(names)]
    table.update("a", tools, {})
    first = next((t for t in tools if t["name"] == wanted), None)
    assert table.raw_tool(Route("a", wanted)) is first
    assert table.raw_tool(Route("b", wanted)) is None


def test_a_new_listing_replaces_the_tools_found_by_name() -> None:
    table = ToolTable(Naming(GatewayConfig(), ["a"]))
    table.update("a", [{"name": "old"}], {})
    table.update("a", [{"name": "new"}], {})
    assert table.raw_tool(Route("a", "old")) is None
    assert table.raw_tool(Route("a", "new")) == {"name": "new"}
