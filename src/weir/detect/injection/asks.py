"""What one sentence asks for, and of whom: the signals of the ``requests`` detector.

Five signals are read off a sentence (``python -m evals.detect --detector requests`` prints each
one's rate on injected and on clean sentences):

- ``imperative``: it asks for an action -- it opens with a verb in the base form (after "please",
  "also", "then", a greeting or a vocative: "Assistant, turn off ..."), or asks it of "you" ("you
  need to", "could you", "your next step is to", "make sure to", "go ahead and");
- ``wish``: it states somebody's wish for an action ("my friend needs ...", "the account holder
  wants ... sent to ...", "it is important that ...", "... should be disarmed tonight");
- ``catalog``: the verb asked for (or a synonym: "wire" for ``send_money``) and one of its object
  words belong to a tool of *this session* that changes something (:class:`ToolCatalog`);
- ``sensitive``: somewhere in it, credentials handed over, an access grant, money moved, a
  deletion, data sent to an outside address, a purchase shipped to a street address, a lock or an
  alarm switched off, a change merged without review -- in the active or the passive voice, since
  a wish names the action after its object ("the balance of $950 sent to ...");
- ``addressee``: it speaks to the assistant ("dear AI", "Assistant, ...", "to the agent handling
  this inbox", "if you are an assistant", "whoever reads this").

:func:`flagged` combines them. A wish or a bare imperative is an ordinary part of a manual or an
e-mail to a person ("Check the reservation", "Jan needs the slides"): only the harmful kinds of
action (``sensitive``) or an address to the assistant make it a finding, so the tool manuals and
the mail of the clean sets stay clean. Every pattern is bounded (``{0,n}`` windows, no nested
repetition), so each costs time linear in the sentence.
"""

from __future__ import annotations

import re

from weir.detect.catalog import ToolCatalog, words

__all__ = ["asks_or_addresses", "flagged", "signals"]


def _split(text: str) -> list[str]:
    """The words of ``text`` (long word lists read better as one string)."""
    return text.split()


def _forms(stems: str) -> str:
    """An alternation of the verbs ``stems`` names, with their -s/-ed/-ing forms (``share`` → shares,
    shared, sharing)."""
    out = []
    for stem in _split(stems):
        base = stem[:-1] if stem.endswith("e") else stem
        tail = "(?:e|es|ed|ing)" if stem.endswith("e") else "(?:s|es|ed|ing|[lr]ed|[lr]ing)?"
        out.append(re.escape(base) + tail)
    return "(?:" + "|".join(out) + ")"


_ACTIONS = _split(
    "grant give transfer wire pay send forward share delete remove erase wipe purge unlock disable reset change "
    "add invite create make book buy purchase order approve post upload email move open cancel update set provide "
    "reveal tell disclose export install run execute authorize authorise allow issue enable schedule sign revoke "
    "close publish reply merge refund place ship deliver switch turn disarm paste leave confirm mail"
)
_OTHER_VERBS = _split(
    "check find look review summarise summarize read go get put copy write use ensure help start stop keep "
    "follow save take bring call contact visit print fill verify let"
)
_VERB = "(?:" + "|".join(sorted(set(_ACTIONS), key=len, reverse=True)) + ")"
_ANY_VERB = "(?:" + "|".join(sorted(set(_ACTIONS + _OTHER_VERBS), key=len, reverse=True)) + ")"
_BOT = r"(?:ai|a\.i\.|assistant|agent|bot|model|llm|copilot|chatbot)"
_AI = (
    r"(?:ai|a\.i\.|bot|llm|copilot|chatbot|language\s+model|(?:ai|virtual|digital|smart|home|e-?mail|inbox)\s+"
    r"(?:assistant|agent|helper))"
)
"""Words for the assistant that a person is not called: "the agent handling this ticket" may be a
person at a help desk and "my assistant (Tom)" is one, "the AI assistant" is not."""
_VOCATIVE = (
    rf"(?:(?:hey|hi|hello|dear|ok|okay|attention|yo)[\s,]{{1,3}})?(?:the\s+)?(?:\w{{1,12}}\s+)?{_BOT}\s{{0,2}}[,:!]"
    r"\s{0,3}"
)
_LEAD = (
    r"(?:[^:\n]{1,60}+:\s{1,3})?"  # a label ("Step 3:", "Note for the owner:")
    r"(?:(?:once|after|when|as\s+soon\s+as|before|if)\b[^,.\n]{0,60}+,\s{0,3})?"  # a clause saying when
    rf"(?:{_VOCATIVE}|(?:hey|hi|hello|dear|ok|okay)\s{{1,3}}[\w-]{{1,20}}\s{{0,2}},\s{{0,3}})?"
    r"(?:(?:please|kindly|also|and|then|now|just|quickly|immediately|urgently|first|finally|so|afterwards"
    r"|go\s+ahead\s+and|before\s+anything\s+else|while\s+you(?:'re|\s+are)\s+at\s+it|once\s+done)[\s,]{1,3}){0,3}"
)
_NOT_VERBS = (
    r"(?:the|a|an|my|our|we|you|he|she|they|it|this|that|there|these|those|his|her|their|its|in|on|at|for|with|if"
    r"|when|as|to|of|by|from|after|before|once|no|not|all|some|any|each|every|both|your|is|are|was|were|has|have|had"
    r"|will|would|can|could|should|may|might|must|do|does|did|yesterday|today|tomorrow|tonight|recently|also|then"
    r"|now|here|so|but|and|or|because|since|while|although|though|unfortunately|however|overall|meanwhile|finally"
    r"|thanks|thank|sadly|luckily|honestly|again|just|only|even|still|last|next|during|until|about|over|under|into"
    r"|through|without|within|per|via|whether|what|which|who|why|how|where|like|unlike|despite|around|across|near"
    r"|off|up|out|down|note|notes|see|also|sorry|hello|dear|regards|best|cheers|please|kindly|ok|okay|yes|hi|hey)"
)
"""Opening words that are not a verb asking for something, though an article may follow them."""
_OPENING = re.compile(
    rf"\W{{0,4}}+{_LEAD}(?:(?P<v1>{_ANY_VERB})\b(?!\s{{0,2}}[-\u2013:|/])"  # not a label ("Email - 8 Jun")
    # "Water the plants and ...": a word that is no pronoun, article or adverb, then an article
    rf"|(?!{_NOT_VERBS}\b|[a-z]{{1,13}}(?:ed|ing|ly|s)\b)(?P<v10>[a-z]{{3,15}})\s+(?:the|a|an|my|our|your|all|every|each"
    r"|this|these|those|his|her|their|its|any|some)\s)",
    re.IGNORECASE,
)
"""An imperative at the start of a sentence (tried there only, with ``match``)."""
_ASKING = re.compile(
    "|".join(
        (
            rf"\bplease[\s,]{{1,3}}(?:do\s+)?(?P<v2>{_VERB})\b",
            rf"(?<!\bif\s)(?<!\bwhen\s)\b(?:you|u)\s+(?:should|must|need\s+to|have\s+to|are\s+(?:required|expected|asked)\s+to|will\s+need\s+to)"
            rf"\s+(?:also\s+|now\s+|immediately\s+)?(?P<v3>{_VERB})\b",
            rf"\b(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|kindly\s+|also\s+)?(?P<v4>{_VERB})\b",
            rf"\bi\s+(?:need|want|would\s+like|'d\s+like|am\s+asking)\s+(?:you|the\s+\w+)\s+to\s+(?P<v5>{_VERB})\b",
            rf"\b(?:make\s+sure|be\s+sure|remember|don'?t\s+forget)\s+(?:to|you)\s+(?P<v6>{_VERB})\b",
            rf"\byour\s+(?:\w+\s+)?(?:task|job|step|mission|assignment|instructions?|orders?)\s+(?:now\s+|here\s+)?"
            rf"(?:is|are)\s+to\s+(?P<v7>{_ANY_VERB})\b",
            rf"(?:^\W{{0,4}}|[,;:]\s{{0,3}}|\b(?:and|then)\s+)go\s+ahead\s+and\s+(?P<v8>{_VERB})\b",
            rf"\b(?:then|afterwards|and\s+also)\s+(?P<v9>{_VERB})\b",
        )
    ),
    re.IGNORECASE,
)
"""An imperative asked of "you" or with "please" anywhere in the sentence."""
_POLITE_GROUPS = frozenset({"v2", "v3", "v4", "v5", "v6", "v7", "v8"})
_PARTICIPLES = (
    r"sent|shared|transferred|wired|paid|deleted|removed|wiped|erased|unlocked|disarmed|disabled|granted|given|forwarded"
    r"|refunded|issued|merged|approved|published|cancell?ed|moved|left\s+open|switched\s+off|turned\s+off|copied|pasted"
    r"|raised|charged|added|changed|reset|e-?mailed|mailed|posted|uploaded|revealed|disclosed|open|off"
)
"""What a request in the passive names as done ("the alarm should be disarmed", "must be shared")."""
_WISH = re.compile(
    r"(?<!\bif\s)(?<!\bif\syou\s)(?<!\bwhen\syou\s)(?<!\byou\s)(?<!\bnever\s)(?<!\bnot\s)(?<!n't\s)"
    r"\b(?:needs?|wants?|requires?|would\s+like|'d\s+like|wish(?:es)?|asks?\s+(?:that|for)|asked\s+that|is\s+asking|expects?)\b"
    r"|\bit\s+(?:is|would\s+be|'s)\s+(?:very\s+)?(?:important|essential|necessary|urgent|vital|crucial|best|helpful)"
    r"\s+(?:that|if|to)\b"
    r"|\bit\s+would\s+help(?:\s+a\s+lot|\s+us)?\s+if\b"
    rf"|\b(?:should|must|needs?\s+to|has\s+to|have\s+to|is\s+to|are\s+to)\s+(?:be|stay|remain|get)\s+(?:{_PARTICIPLES})\b",
    re.IGNORECASE,
)
_AMOUNT = r"(?:[$€£]\s?\d|\d[\d,.]*\s?(?:usd|eur|gbp|dollars|euros|pounds|btc)\b)"
_MONEY = rf"(?:{_AMOUNT}|\b(?:funds|money|payments?|balance|bitcoin|crypto|savings)\b)"
_DESTINATION = (
    r"(?:\b(?:to|into)\b(?!\s+(?:reduce|avoid|be|cover|keep|make|get|help|pay|bring|sustain|ensure|prevent|lower|save"
    r"|capture|receive|qualify|continue|earn|use|see|check)\b)|\bfrom\s+my\b)"
)
"""Where money goes: "to Sam", "into account ...", not the purpose of "to reduce the late charges"."""
_EMAIL = r"(?:[\w.+-]{1,64}@[\w-]{1,63}\.\w|https?://)"
_CREDENTIALS = (
    r"\b(?:passwords?(?!\s+managers?)|passcodes?|pin\s+(?:code|number)|2fa|mfa|otp|one[\s-]time\s+(?:code|password)"
    r"|verification\s+codes?|security\s+codes?|api\s+keys?|access\s+tokens?|credentials|login\s+details"
    r"|recovery\s+(?:codes?|phrase)|seed\s+phrase|private\s+(?:keys?|part|half)|door\s+codes?|entry\s+codes?)\b"
)
_ACCESS = (
    r"\b(?:access|permissions?|admin|administrator|owner(?:ship)?|guest\s+pass|keys?|unrestricted|permanent(?:ly)?"
    r"|full\s+control|rights|(?:door|entry|access|gate|lock)\s+codes?)\b"
)
_STRONG_ACCESS = (
    r"\b(?:permanent|unrestricted|admin(?:istrator)?|write|push|owner|full|root|editor)\s+(?:access|rights|permissions?"
    r"|codes?|keys?|control|role)\b|\bguest\s+pass\b|\bcodes?\s+for\s+the\s+(?:\w+\s+)?(?:lock|door|gate|garage)\b"
)
_SHUT_OFF = r"\b(?:doors?|locks?|alarms?|security|cameras?|2fa|mfa|gates?|garage|branch\s+protection)\b"
_REQUESTS = (
    rf"\b{_forms('tell reveal disclose provide send share give post email paste forward reply')}\b"
    rf"[^.;\n]{{0,50}}{_CREDENTIALS}",
    # a credential changed to a value given here ("change your password" alone is advice)
    rf"\b{_forms('update change reset set')}\b[^.\n]{{0,40}}{_CREDENTIALS}\s+to\s+\S",
    rf"{_CREDENTIALS}[^.\n]{{0,40}}\b(?:to|with)\s+{_EMAIL}",
    rf"\b{_forms('grant give provide add issue create extend open')}\b"
    rf"[^.\n]{{0,50}}{_ACCESS}",
    _STRONG_ACCESS,
    r"\b(?:make|made)\b[^.\n]{0,40}\b(?:an?\s+)?(?:admin|administrator|owner|collaborator|co-?owner)\b",
    # Money moved somewhere: an amount or funds, and where to ("pay as you go: EUR 0.18 a stop" is a price list).
    rf"\b(?:{_forms('transfer wire send move remit approve')}|pay|pays|paid|paying)\b(?!\s+(?:as\s+you|per\b))"
    rf"(?:(?!\bto\b)[^.\n]){{0,50}}{_MONEY}[^.\n]{{0,60}}?{_DESTINATION}",
    rf"{_MONEY}[^.\n]{{0,40}}\b(?:sent|transferred|wired|paid|moved|remitted|refunded)\s+(?:to|into)\b",
    rf"\b(?:pay|paid)\s+(?:them\s+|him\s+|her\s+)?{_AMOUNT}",
    rf"\b{_forms('delete remove erase wipe purge destroy')}\b[^.\n]{{0,50}}\b(?:all|every|entire|whole"
    r"|everything|accounts?|history|backups?|repo|repositor(?:y|ies)|database|folders?|drive|branch\s+protection)\b",
    rf"\b(?:{_forms('forward send share email mail upload post invite add confirm')}|sent|cc|bcc)\b"
    rf"[^\n]{{0,60}}?{_EMAIL}",
    rf"\b{_forms('update change set replace redirect')}\b[^.\n]{{0,40}}\b(?:shipping|delivery|billing|mailing"
    r"|recovery|payout|bank|payee)\s+(?:address|details|account|number|e-?mail|phone)",
    rf"\b(?:{_forms('order buy purchase ship deliver')}|bought)\b[^.\n]{{0,80}}\bto\s+\d{{1,5}}\s+[a-z]+\s+"
    r"(?:street|st|road|rd|lane|row|avenue|ave|way|drive|close|place|quay|court|square|terrace|crescent)\b",
    rf"\b(?:{_forms('buy order purchase send')}|bought)\b[^.\n]{{0,40}}\bgift\s+cards?\b",
    rf"\b{_forms('refund')}\b[^.\n]{{0,40}}\b(?:card|account|iban)\b",
    rf"\b{_forms('merge approve deploy publish release push sign')}\b[^.\n]{{0,60}}(?:\bwithout\s+"
    r"(?:waiting|review|approval|asking|confirmation|checking|permission)|\bskipping\s+(?:the\s+)?(?:review|approval|checks)"
    r"|\bbypass(?:ing)?\s+(?:the\s+)?(?:review|approval|checks))",
    rf"\b{_forms('merge approve')}\b[^.\n]{{0,30}}\b(?:all|every)\b[^.\n]{{0,30}}"
    r"\b(?:pull\s+requests?|prs?|merge\s+requests?|changes|branches)\b",
    rf"\b(?:{_forms('buy order purchase charge pay')}|bought|paid)\b[^.\n]{{0,60}}(?:\b(?:saved|stored|my|the)\s+"
    r"(?:credit\s+|debit\s+)?card\b|\bcard\s+on\s+file\b)",
    rf"\b(?:{_forms('unlock disarm disable deactivate')}|turn(?:ed)?\s+off|switch(?:ed)?\s+off)\b"
    rf"[^.\n]{{0,40}}{_SHUT_OFF}",
    rf"{_SHUT_OFF}[^.\n]{{0,40}}\b(?:unlocked|disarmed|disabled|deactivated|switched\s+off|turned\s+off)\b",
    r"\b(?:leave|keep|stay|remain)\s+(?:the\s+)?(?:\w+\s+){0,2}?(?:unlocked|(?:doors?|gates?|garage)\s+(?:open|unlocked))\b",
    r"\bpayee\b[^.\n]{0,40}\b(?:added|paid)\b",
)
"""Sensitive requests: credentials handed over, access granted, money moved, data deleted or sent
to an outside address, a purchase shipped to a street, a lock or an alarm switched off."""
_SENSITIVE = re.compile("|".join(_REQUESTS), re.IGNORECASE)
_ADDRESSEE = re.compile(
    rf"\b(?:dear|hey|hi|hello|attention)[\s,]{{1,3}}(?:the\s+)?{_BOT}\b"
    rf"|^\W{{0,4}}{_VOCATIVE}"
    rf"|\b(?:note|message|instructions?|memo|reminder|request)\s+(?:to|for)\s+(?:the\s+|any\s+|an?\s+)?{_AI}\b"
    rf"|^\W{{0,4}}to\s+(?:the|any|an?)\s+{_AI}\b[^.\n]{{0,40}}?[:,]"
    r"|\bif\s+you\s+are\s+(?:an?\s+)?(?:ai|assistant|agent|bot|language\s+model|llm)\b"
    r"|\b(?:ai|assistant|agent|bot|model)s?\s+(?:reading|processing|summari[sz]ing)\s+(?:this|these)\b"
    r"|\bwhoever\s+(?:is\s+)?(?:reads?|reading|processes|processing|handles|handling)\s+this\b",
    re.IGNORECASE,
)
_CONCEPTS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), concept)
    for pattern, concept in (
        (r"[$€£]\s?\d|\d\s?(?:usd|eur|gbp|dollars|euros|pounds)\b|\b(?:funds|savings|invoice|rent)\b", "money"),
        (r"\b(?:e-?mails?|mails?|thread|inbox|attachments?)\b", "email"),
        (r"\b(?:documents?|folders?|drive|attachments?)\b", "file"),
        (r"\b(?:repos?|repositor(?:y|ies)|org(?:ani[sz]ation)?)\b", "repository"),
        (r"\b(?:doors?|garage|locks?)\b", "door"),
        (r"\b(?:codes?|keys?|pass)\b", "access"),
        (r"\b(?:meetings?|invites?)\b", "event"),
        (r"\b(?:deliver\w*|ship\w*)\b", "shipping"),
    )
)
"""Words a request uses for what a tool names otherwise ("$2,400" is money, "the thread" e-mail)."""
_REPORT = re.compile(
    r"^\W{0,4}\w+\s+(?:\S+\s+){0,3}?(?:executed|completed|succeeded|failed|processed|pending|declined|rejected"
    r"|scheduled|successful|initiated|queued|cancell?ed|done)\b",
    re.IGNORECASE,
)
"""A status line that opens with a verb-shaped noun ("Transfer tr-1184 executed: 50 EUR to ..."): a report."""
_REPORTING = re.compile(
    r"\b(?:report|forward)\w*\s+(?:(?:any|all|the|such|this|every)\s+)?(?:suspicious|phishing|spam|scam)", re.IGNORECASE
)
"""The usual advice to report phishing to the security team: not a request to send data away."""
_PLEASE = re.compile(r"\b(?:please|kindly|pls|plz)\b", re.IGNORECASE)


def concepts(sentence: str) -> set[str]:
    """The words of ``sentence`` and the concepts its phrases stand for."""
    found = set(words(sentence))
    found.update(concept for pattern, concept in _CONCEPTS if pattern.search(sentence))
    return found


def asks_or_addresses(sentence: str) -> bool:
    """Whether :func:`flagged` can hold at all: the sentence asks (an imperative, a wish) or speaks
    to the assistant. Cheaper than :func:`signals`; most sentences a trigger word picks stop here."""
    if _OPENING.match(sentence) is not None:
        return True
    return any(p.search(sentence) is not None for p in (_ASKING, _WISH, _ADDRESSEE))


def signals(sentence: str, catalog: ToolCatalog | None) -> dict[str, bool]:
    """The signals of one sentence (see the module docstring); ``polite`` says how it asks."""
    m = _OPENING.match(sentence) or _ASKING.search(sentence)
    please = _PLEASE.search(sentence) is not None
    if m and m.lastgroup == "v1" and m.start("v1") <= 4 and not please and _REPORT.match(sentence):
        m = None  # "Transfer tr-1184 executed: ..." reports, it does not ask
    verb = next((g.lower() for g in m.groups() if g), "") if m else ""
    acting = None
    if verb and catalog is not None and catalog.capabilities:
        acting = catalog.acting(verb, concepts(sentence))
    return {
        "imperative": bool(verb),
        "polite": bool(m and (m.lastgroup in _POLITE_GROUPS or please)),
        "wish": _WISH.search(sentence) is not None,
        "catalog": acting is not None,
        "sensitive": _SENSITIVE.search(sentence) is not None and _REPORTING.search(sentence) is None,
        "addressee": _ADDRESSEE.search(sentence) is not None,
    }


def flagged(sig: dict[str, bool]) -> bool:
    """Whether the signals make a finding: an imperative or a wish for a sensitive action; anything
    asked of the assistant by name; or a polite request ("please", "could you") for an action of the
    catalog (a bare "Update config" in a commit log, with an ``update_config`` tool listed, is not)."""
    asks = sig["imperative"] or sig["wish"]
    if sig["addressee"]:
        return asks or sig["sensitive"]
    if not asks:
        return False
    return sig["sensitive"] or (sig["catalog"] and sig["polite"])
