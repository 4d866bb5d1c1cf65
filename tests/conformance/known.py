"""The scenarios of the pinned suite, and the ones known to fail through Weir today.

Issue 23's acceptance is "every scenario that passes directly passes through Weir". A scenario
that passes directly and fails through Weir would be listed here with the cause in one line; the
tests mark it ``xfail(strict=True)``, so fixing the gateway turns the test into an unexpected
pass that fails the run until its entry is removed. None is listed today.
"""

from __future__ import annotations

SUITE_VERSION = "0.1.16"

SERVER_SCENARIOS = [
    "server-initialize",
    "logging-set-level",
    "ping",
    "completion-complete",
    "tools-list",
    "tools-call-simple-text",
    "tools-call-image",
    "tools-call-audio",
    "tools-call-embedded-resource",
    "tools-call-mixed-content",
    "tools-call-with-logging",
    "tools-call-error",
    "tools-call-with-progress",
    "tools-call-sampling",
    "tools-call-elicitation",
    "json-schema-2020-12",
    "elicitation-sep1034-defaults",
    "server-sse-polling",
    "server-sse-multiple-streams",
    "elicitation-sep1330-enums",
    "resources-list",
    "resources-read-text",
    "resources-read-binary",
    "resources-templates-read",
    "resources-subscribe",
    "resources-unsubscribe",
    "prompts-list",
    "prompts-get-simple",
    "prompts-get-with-args",
    "prompts-get-embedded-resource",
    "prompts-get-with-image",
    "dns-rebinding-protection",
]

CLIENT_SCENARIOS = ["initialize", "tools_call", "elicitation-sep1034-client-defaults", "sse-retry"]

WEIR_XFAIL: dict[tuple[str, str], str] = {}
"""(configuration, scenario) → why it fails through Weir and passes directly. Empty since issue 23:
every scenario that passes directly passes through Weir, in every configuration."""
