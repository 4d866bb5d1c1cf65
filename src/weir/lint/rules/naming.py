"""W4xx — names and descriptions that contradict the declared hints.

A heuristic on purpose: Weir never *decides* from names (annotations are the contract), but a
``delete_user`` declared read-only is almost always a copy-pasted annotation, and that is worth
a CI failure. Names are split into words (``deleteUser``, ``user.delete``, ``user-delete``) and
the verb is the first word that is a known verb: ``get_commit`` reads (``commit`` is its object),
``github_create_issue`` creates, ``user_delete`` deletes. Descriptions are matched only where a
sentence starts ("Sends an email...", "Permanently deletes..."), so a read tool that *mentions* what
other things do ("shows which files the commit modifies") is not taken for one that does it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from weir.labels.provenance import Severity
from weir.labels.vocab import Outcome, SideEffect
from weir.lint.registry import Hit, ToolContext, rule
from weir.lint.rules._claims import Claim, claims_that, read_only_claims, where

__all__ = ["DELETE", "READ", "SEND", "WRITE", "verbs"]

# Verbs by what they do; a name's verb is its first or last word.
_DELETE_WORDS = "delete remove drop destroy purge wipe erase truncate uninstall revoke terminate kill unlink rm del"
_SEND_WORDS = "send post publish tweet email share upload notify broadcast transfer pay forward invite"
_WRITE_WORDS = (
    "create update write set put insert add modify edit move rename save upsert patch append commit "
    "push merge deploy install restart start stop enable disable apply approve assign cancel reset "
    "change replace"
)
_READ_WORDS = "get list read search find describe show view fetch query lookup count inspect preview"
DELETE = frozenset(_DELETE_WORDS.split())
SEND = frozenset(_SEND_WORDS.split())
WRITE = frozenset(_WRITE_WORDS.split())
READ = frozenset(_READ_WORDS.split())

_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
# Where a sentence starts (the description's start, or after . ! ? ; : or a line break), optionally
# after an adverb: the place a description says what the tool itself does.
_SENTENCE = r"(?:^|[.!?;:]\s+|\n\s*)(?:(?:permanently|irreversibly|immediately|automatically)\s+)?"
_DESC = {
    "delete": re.compile(
        _SENTENCE + r"(delete|remove|erase|wipe|destroy|purge|drop)(s|es)?\b",
        re.IGNORECASE,
    ),
    "send": re.compile(
        _SENTENCE + r"(send|post|publish|upload|transfer)(s|es)?\b|\bsends? an? (e-?mail|message)\b",
        re.IGNORECASE,
    ),
    "write": re.compile(
        _SENTENCE + r"(create|update|write|modif(?:y|ies)|overwrite|edit)(s)?\b",
        re.IGNORECASE,
    ),
}
_VERBS = DELETE | SEND | WRITE | READ


def verbs(name: str) -> set[str]:
    """The verb of a tool name: its first word that is a known verb, lower-cased.

    A name with no known verb yields its first and last words (which then match no verb list).
    """
    words = [w.lower() for w in _WORD.findall(name)]
    known = next((w for w in words if w in _VERBS), None)
    if known is not None:
        return {known}
    return {words[0], words[-1]} if words else set()


def _ro_text(ro: list[Claim]) -> str:
    return where(o for c in ro for o in c.origins)


@rule(
    "W401",
    "destructive-name-declared-safe",
    Severity.ERROR,
    "A tool named like a deletion (delete_*, remove_*, drop_*...) is declared read-only or non-destructive.",
    "Fix the annotations (readOnlyHint false, destructiveHint true, confirmation) or rename the tool.",
)
def _delete_name(ctx: ToolContext) -> Iterator[Hit]:
    if not verbs(ctx.name) & DELETE:
        return
    safe = read_only_claims(ctx) + claims_that(ctx, "destructive", False)
    if safe:
        yield Hit(
            safe[0].path, f"`{ctx.name}` is named like a deletion but {_ro_text(safe)} says it is not destructive"
        )


@rule(
    "W402",
    "sending-name-declared-read-only",
    Severity.ERROR,
    "A tool named like sending or publishing (send_*, post_*, publish_*...) is declared read-only.",
    "A tool that sends changes the world: readOnlyHint false, destination public, outcome irreversible.",
)
def _send_name(ctx: ToolContext) -> Iterator[Hit]:
    ro = read_only_claims(ctx)
    if verbs(ctx.name) & SEND and ro:
        yield Hit(ro[0].path, f"`{ctx.name}` is named like sending but {_ro_text(ro)} says it only reads")


@rule(
    "W403",
    "writing-name-declared-read-only",
    Severity.ERROR,
    "A tool named like a write (create_*, update_*, set_*...) is declared read-only.",
    "Set readOnlyHint false (and say whether it is destructive), or rename the tool.",
)
def _write_name(ctx: ToolContext) -> Iterator[Hit]:
    ro = read_only_claims(ctx)
    if verbs(ctx.name) & WRITE and not verbs(ctx.name) & (DELETE | SEND) and ro:
        yield Hit(ro[0].path, f"`{ctx.name}` is named like a write but {_ro_text(ro)} says it only reads")


@rule(
    "W404",
    "reading-name-with-destructive-claim",
    Severity.WARNING,
    "A tool named like a read (get_*, list_*, search_*...) declares a delete effect or irreversible outcome.",
    "Either the name hides what the tool does (rename it) or the annotations overstate it.",
)
def _read_name(ctx: ToolContext) -> Iterator[Hit]:
    if not verbs(ctx.name) & READ or verbs(ctx.name) & (DELETE | SEND | WRITE):
        return
    worse = claims_that(ctx, "effects", SideEffect.DELETE) + claims_that(ctx, "outcomes", Outcome.IRREVERSIBLE)
    if worse:
        yield Hit(
            worse[0].path, f"`{ctx.name}` is named like a read but {worse[0]} declares deletion or irreversibility"
        )


@rule(
    "W405",
    "description-contradicts-claims",
    Severity.WARNING,
    'A description says the tool deletes, sends or writes ("sends an email") but the tool is declared read-only.',
    "Make the annotations say what the description says (the model reads the description; clients read hints).",
)
def _description(ctx: ToolContext) -> Iterator[Hit]:
    ro = read_only_claims(ctx)
    if not ro or not ctx.description:
        return
    for what, pattern in _DESC.items():
        match = pattern.search(ctx.description[:2000])
        if match:
            quote = match.group(0).lstrip(".!?;:").strip()
            yield Hit("description", f'the description says "{quote}" ({what}) but {_ro_text(ro)} says read-only')
            return
