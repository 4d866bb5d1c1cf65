"""W4xx: names and descriptions that contradict the hints."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.lint.rules.helpers import lint_tools, rules_for, tool
from weir.lint.rules.naming import DELETE, verbs

RO = {"readOnlyHint": True, "idempotentHint": True, "openWorldHint": False}


@pytest.mark.parametrize("name", ["delete_user", "deleteUser", "user.delete", "users-remove", "DropTable", "purge"])
def test_deletion_names_declared_read_only_are_errors_in_every_naming_style(name: str) -> None:
    assert rules_for(tool(name, RO), "W4") == {"W401"}


def test_deletion_names_declared_not_destructive_are_errors() -> None:
    assert rules_for(tool("remove_tag", {"readOnlyHint": False, "destructiveHint": False}), "W4") == {"W401"}


def test_sending_and_writing_names_declared_read_only_are_errors() -> None:
    assert rules_for(tool("send_message", RO), "W4") == {"W402"}
    assert rules_for(tool("postTweet", RO), "W4") == {"W402"}
    assert rules_for(tool("update_profile", RO), "W4") == {"W403"}


def test_a_word_inside_a_name_is_not_its_verb() -> None:
    assert rules_for(tool("list_deleted_items", RO), "W4") == set()
    assert rules_for(tool("get_send_status", RO), "W4") == set()


@pytest.mark.parametrize("name", ["get_commit", "get_merge_request", "list_drop_zones", "read_post", "search_updates"])
def test_a_read_verb_first_makes_the_rest_its_object(name: str) -> None:
    """GitHub's MCP server lists a read-only `get_commit`: `commit` is what it reads, not what it does."""
    assert rules_for(tool(name, RO), "W4") == set()


def test_the_verb_is_found_after_a_namespace_prefix() -> None:
    assert rules_for(tool("github_create_issue", RO), "W4") == {"W403"}
    assert rules_for(tool("slack.post_message", RO), "W4") == {"W402"}
    assert verbs("github_create_issue") == {"create"}


def test_reading_names_that_declare_deletion_are_warnings() -> None:
    t = tool("get_token", {"readOnlyHint": False, "destructiveHint": True}, {"mcp.dev/effect": "delete"})
    [f] = lint_tools(t, select=["W404"])
    assert f.severity.value == "warning"


@pytest.mark.parametrize(
    "description",
    [
        "Sends an email to the team.",
        "Send a message to a channel.",
        "Permanently removes the record.",
        "Posts to the company blog.",
        "Creates a ticket.",
        "Weekly digest. Emails it to the team; sends an email per member.",
        "Cleans up.\nDeletes every temporary file.",
    ],
)
def test_descriptions_that_say_the_tool_acts_contradict_read_only(description: str) -> None:
    assert rules_for(tool("team_tool", RO, description=description), "W405") == {"W405"}


@pytest.mark.parametrize(
    "description",
    [
        "List recent posts.",
        "Read the user's email drafts.",
        "Shows updates from the feed.",
        "Get details for a commit. Shows which files the commit modifies.",
        "Lists branches that were permanently deleted in the last 30 days.",
        "Find the messages a user sends most often.",
    ],
)
def test_descriptions_that_only_mention_nouns_or_what_others_do_are_fine(description: str) -> None:
    assert rules_for(tool("team_tool", RO, description=description), "W405") == set()


def test_a_hostile_description_is_quoted_short() -> None:
    t = tool("x", RO, description="Sends " + "a" * 100_000)
    [f] = lint_tools(t, select=["W405"])
    assert len(f.message) < 300


_word = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=2, max_size=8)


@given(st.sampled_from(sorted(DELETE)), st.lists(_word, max_size=3), st.sampled_from(["_", "-", ".", ""]))
def test_the_verb_of_a_name_is_found_whatever_the_separator(verb: str, rest: list[str], sep: str) -> None:
    words = [verb, *rest]
    name = sep.join(words) if sep else words[0] + "".join(w.capitalize() for w in words[1:])
    assert verb in verbs(name)


def test_the_quote_is_the_verb_phrase_without_the_sentence_break() -> None:
    [f] = lint_tools(tool("t", RO, description="A digest. Permanently removes old notes."), select=["W405"])
    assert '"Permanently removes"' in f.message
