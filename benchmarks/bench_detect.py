"""Detector throughput (MB/s per detector and for the whole chain) and recall side by side
with detect-secrets, measured in one run on the same texts; and the chain's cost per short text,
its pure-Python short paths side by side with the vectorised reference path.

Budgets (DESIGN.md): secrets alone >= 20 MB/s, all detectors on a tool result >= 20 MB/s.
Throughput is MB of text per CPU second of this process (wall-clock on a shared machine would
measure the neighbours), for Weir and detect-secrets alike.
detect-secrets is the anchor (~0.13 MB/s, ~99% of planted secrets); its rows appear only when
it is installed (``pip install 'mcp-weir[bench]'``) and are skipped cleanly otherwise.
"""

from __future__ import annotations

import importlib.util
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from evals.detect.scoring import load_corpus, mb_per_s, score, throughput_text
from weir.detect import short
from weir.detect.catalog import ScanContext, ToolCatalog
from weir.detect.chain import Chain
from weir.detect.config import DetectorSpec
from weir.detect.hidden import HiddenTextDetector
from weir.detect.normalize import normalize
from weir.detect.pii import PiiDetector
from weir.detect.registry import available, resolve
from weir.detect.secrets import SecretsDetector

Row = tuple[str, str, str, bool]
DATA = Path(__file__).resolve().parents[1] / "evals" / "detect"
"""The evaluation data the texts are drawn from (a checkout's ``evals/detect``)."""
BUDGET = 20.0
REST_BUDGET = 45.0
"""What the chain without the injection classifier must reach so the whole chain clears BUDGET."""
CLASSIFIER_TARGET = 60.0
"""The injection classifier's own target (MB/s)."""


def _rate(what: str, scan: Any, text: str, repeat: int) -> tuple[Row, float]:
    rate = mb_per_s(scan, text, repeat=repeat)
    return (what, f"{rate:.1f} MB/s", f">= {BUDGET:g} MB/s", rate >= BUDGET), rate


def _detect_secrets_scan(text: str) -> tuple[set[int], float]:
    """Lines detect-secrets reports in ``text`` and the seconds it took."""
    from detect_secrets import SecretsCollection
    from detect_secrets.settings import default_settings

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "input.txt"
        path.write_text(text, encoding="utf-8")
        with default_settings():
            collection = SecretsCollection()
            start = time.process_time()
            collection.scan_file(str(path))
            elapsed = time.process_time() - start
    lines = {s.line_number for secrets in collection.data.values() for s in secrets}
    return lines, elapsed


def _planted_document(examples: list[dict[str, Any]]) -> tuple[str, list[tuple[int, int]]]:
    """All secret examples in one file; each planted span as its (first, last) 1-based line."""
    parts, spans, line = [], [], 1
    for example in examples:
        text = example["text"]
        for start, end, _ in example["spans"]:
            spans.append((line + text.count("\n", 0, start), line + text.count("\n", 0, end)))
        parts.append(text)
        line += text.count("\n") + 2
    return "\n\n".join(parts), spans


def _side_by_side(quick: bool, weir_rate: float) -> list[Row]:
    if importlib.util.find_spec("detect_secrets") is None:
        return [("detect-secrets (not installed: pip install 'mcp-weir[bench]')", "skipped", "-", True)]
    examples = [e for e in load_corpus(DATA, "secrets") if e["spans"]]
    document, spans = _planted_document(examples[:150] if quick else examples)
    lines, _ = _detect_secrets_scan(document)
    theirs = sum(any(first <= n <= last for n in lines) for first, last in spans) / len(spans)
    ours = score(SecretsDetector(), examples[:150] if quick else examples).recall
    text = throughput_text(DATA, 100_000 if quick else 400_000)
    _, elapsed = _detect_secrets_scan(text)
    rate = len(text) / 1e6 / elapsed
    return [
        ("recall on planted secrets: weir secrets", f"{ours:.3f}", ">= 0.99", ours >= 0.99),
        ("recall on planted secrets: detect-secrets (same corpus)", f"{theirs:.3f}", "reference", True),
        ("detect-secrets throughput (same text)", f"{rate:.2f} MB/s", "reference", True),
        ("weir secrets speed-up over detect-secrets", f"x{weir_rate / rate:.0f}", "reference", True),
    ]


def _sprinkled(text: str, every: int = 20) -> str:
    """``text`` with every ``every``-th word replaced by a non-ASCII one (accents, CJK, emoji, fullwidth)."""
    words = text.split(" ")
    others = ["café", "naïve", "東京", "😀", "—", "“quoted”", "Ａ", "résumé", "こんにちは，世界", "Ελλάδα"]
    for i in range(0, len(words), every):
        words[i] = others[(i // every) % len(others)]
    return " ".join(words)


SHORT_SPEEDUP = 1.5
"""How much faster than the reference path the chain must be on texts the short paths take."""
PER_TEXT_BUDGET_US = {64: 60.0, 256: 100.0, 1024: 150.0}
"""The default chain's thread CPU µs per text of each size (issues #4 and #5): a tool result of
ordinary size must not pay many times the asymptotic cost."""
SCAN_RESULT_BUDGET_US = 120.0
"""``scan_result`` on the five-string tool result below (issues #4 and #5)."""


def _per_text_us(scan: Callable[[str], object], texts: list[str]) -> float:
    """Mean thread CPU µs of one ``scan`` over each of ``texts`` (each a distinct string)."""
    start = time.thread_time_ns()
    for text in texts:
        scan(text)
    return (time.thread_time_ns() - start) / len(texts) / 1000


def _short_texts(quick: bool) -> list[Row]:
    """The default chain's µs per text at a few sizes: short paths and the vectorised reference
    (``short.limit(-1)``), interleaved round by round in this run; the median round of each.

    Every text is a distinct string cut from a different place of a tool-result-like text, so no
    memory of a previous text (the code arrays are remembered by identity) serves the next one."""
    chain = Chain.from_specs(None)
    chain.warm()
    base = throughput_text(DATA, 200_000, seed=11)
    rounds = 5 if quick else 15
    rows: list[Row] = []
    for label, size, sample, wanted, budget in (
        ("8 B", 8, base, SHORT_SPEEDUP, None),
        ("64 B", 64, base, SHORT_SPEEDUP, PER_TEXT_BUDGET_US[64]),
        ("64 B, non-ASCII words", 64, _sprinkled(base, 4), SHORT_SPEEDUP, None),
        ("256 B", 256, base, None, PER_TEXT_BUDGET_US[256]),
        ("1 KB", 1024, base, None, PER_TEXT_BUDGET_US[1024]),  # each path switches at its own size (short.py)
        ("4 KB", 4096, base, None, None),  # past most switches: no slower than the reference
    ):
        texts = [sample[i * 997 : i * 997 + size] for i in range(100 if size < 1000 else 40)]
        rows += _before_after(f"chain µs per {label} text", chain.scan_text, texts, rounds, wanted, budget=budget)
    # What the audit trail runs over every argument string before storing it (no injection detector).
    redaction = Chain.from_specs([DetectorSpec(use=i) for i in ("hidden", "secrets", "pii")])
    texts = [base[i * 997 : i * 997 + 16] for i in range(100)]
    return rows + _before_after("hidden + secrets + pii µs per 16 B argument", redaction.scan_text, texts, rounds, 1.5)


def _before_after(
    what: str,
    scan: Callable[[str], object],
    texts: list[str],
    rounds: int,
    wanted: float | None,
    *,
    budget: float | None = None,
) -> list[Row]:
    """Rows for ``scan`` over ``texts`` with and without the short paths, interleaved round by round;
    the short paths judged by ``budget`` (µs) when given, else by the speed-up ``wanted``."""
    fast, reference = [], []
    for _ in range(rounds):
        fast.append(_per_text_us(scan, texts))
        with short.limit(-1):
            reference.append(_per_text_us(scan, texts))
    after, before = statistics.median(fast), statistics.median(reference)
    if budget is not None:
        judged = (f"<= {budget:g} µs", after <= budget)
    else:
        judged = ("reference" if wanted is None else f"x{wanted:g} faster", wanted is None or before / after >= wanted)
    return [
        (f"{what}, reference path (before)", f"{before:.1f} µs", "reference", True),
        (f"{what}, short paths (after)", f"{after:.1f} µs (x{before / after:.1f})", *judged),
    ]


def run(quick: bool) -> list[Row]:
    """MB/s per detector and for the chain, then the detect-secrets comparison."""
    text = throughput_text(DATA, 300_000 if quick else 2_000_000)
    repeat = 2 if quick else 3
    secrets_row, secrets_rate = _rate("secrets", SecretsDetector(), text, repeat)
    rows = [
        secrets_row,
        _rate("pii", PiiDetector(), text, repeat)[0],
        _rate("hidden", HiddenTextDetector(), text, repeat)[0],
        _rate("normalize", normalize, text, repeat)[0],
    ]
    if available("injection"):
        rows.append(_rate("injection", resolve("injection")(), text, repeat)[0])
    core = [DetectorSpec(use=i) for i in ("hidden", "secrets", "pii")]
    core_chain = Chain.from_specs(core)
    rows.append(_rate("chain: hidden + secrets + pii (normalised once)", core_chain.scan_text, text, repeat)[0])
    default = Chain.from_specs(None)
    rows.append(_rate(f"chain: default ({', '.join(default.ids)})", default.scan_text, text, repeat)[0])
    rows.append(_rate("chain: default, a non-ASCII word in every 20", default.scan_text, _sprinkled(text), repeat)[0])
    rows += _with_catalog(text, repeat)
    if available("injection"):
        rows += _without_classifier(default, text, repeat)
    return rows + _short_texts(quick) + _results(quick) + _side_by_side(quick, secrets_rate)


_CATALOG = ScanContext(
    ToolCatalog.from_tools(
        [
            {"name": "send_email", "description": "Send an e-mail."},
            {"name": "delete_file", "description": "Delete a file."},
            {"name": "update_config", "description": "Update a config value."},
            {"name": "read_file", "description": "Read a file.", "annotations": {"readOnlyHint": True}},
        ]
    )
)


def _with_catalog(text: str, repeat: int) -> list[Row]:
    """The default chain plus ``requests`` as the Guard runs it (with a tool catalog, so ``requests``
    searches), beside the default chain -- interleaved, so their ratio is the detector's cost."""
    before = Chain.from_specs([DetectorSpec(use=i) for i in ("hidden", "secrets", "pii", "injection")])
    after = Chain.from_specs([DetectorSpec(use=i) for i in ("hidden", "secrets", "pii", "injection", "requests")])
    scan = lambda t: after.scan_text(t, context=_CATALOG)  # noqa: E731
    rates: tuple[list[float], list[float]] = ([], [])
    for _ in range(_ROUNDS):  # interleaved, so a neighbour's load falls on both alike
        rates[0].append(mb_per_s(before.scan_text, text, repeat=repeat))
        rates[1].append(mb_per_s(scan, text, repeat=repeat))
    without, with_ = statistics.median(rates[0]), statistics.median(rates[1])
    return [
        ("chain: default without requests (median)", f"{without:.1f} MB/s", f">= {BUDGET:g} MB/s", without >= BUDGET),
        (
            "chain: default + requests, with a tool catalog (the Guard's scan, median)",
            f"{with_:.1f} MB/s (x{with_ / without:.2f} of the row above)",
            f">= {BUDGET:g} MB/s",
            with_ >= BUDGET,
        ),
    ]


_ROUNDS = 5
"""Interleaved rounds of the with/without-``requests`` rows; each row reports the median."""


def _tool_results(base: str, n: int) -> list[dict[str, Any]]:
    """``n`` distinct results shaped like the demo mail server's ``read_email``: a JSON text block
    whose fields ``structuredContent`` repeats, one e-mail address in each (two findings)."""
    results = []
    for i in range(n):
        fields = {"id": str(i), "from": f"user{i}@corp.example", "subject": base[i * 97 : i * 97 + 14]}
        fields["body"] = base[i * 89 + 5000 : i * 89 + 5034]
        text = "{\n" + ",\n".join(f'  "{k}": "{v}"' for k, v in fields.items()) + "\n}"
        results.append({"content": [{"type": "text", "text": text}], "structuredContent": fields, "isError": False})
    return results


def _per_item_us(stage: Callable[[int], object], n: int) -> float:
    """Mean thread CPU µs of ``stage(i)`` for ``i`` in ``range(n)``."""
    start = time.thread_time_ns()
    for i in range(n):
        stage(i)
    return (time.thread_time_ns() - start) / n / 1000


def _results(quick: bool) -> list[Row]:
    """What the gateway runs over every tool result (DESIGN.md has no budget of its own for it): the
    Guard's ``scan_result`` (one scan of the strings joined), and the audit copy's redaction of the
    findings (``redact_result``: one walk down the branches that change). Thread CPU µs per result,
    each result distinct; the median of a few rounds."""
    from weir.detect.redact import redact_result
    from weir.detect.walk import result_strings

    chain = Chain.from_specs(None)
    chain.warm()
    results = _tool_results(throughput_text(DATA, 100_000, seed=5), 100)
    found = [chain.scan_result(r) for r in results]
    rounds = 5 if quick else 15
    stages: list[tuple[str, Callable[[int], object]]] = [
        ("walk (result_strings)", lambda i: list(result_strings(results[i]))),
        ("scan_result", lambda i: chain.scan_result(results[i])),
        ("redact_result (audit copy)", lambda i: redact_result(results[i], found[i])),
    ]
    strings = len(list(result_strings(results[0])))
    rows: list[Row] = []
    for what, stage in stages:
        per = statistics.median(_per_item_us(stage, len(results)) for _ in range(rounds))
        label = f"tool result ({strings} strings, {len(found[0])} findings): {what}"
        if what == "scan_result":
            rows.append((label, f"{per:.1f} µs", f"<= {SCAN_RESULT_BUDGET_US:g} µs", per <= SCAN_RESULT_BUDGET_US))
        else:
            rows.append((label, f"{per:.1f} µs", "-", True))
    return rows


def _without_classifier(default: Chain, text: str, repeat: int) -> list[Row]:
    """The default chain with the injection classifier switched off (patterns kept), and what
    the whole chain would reach with a classifier at CLASSIFIER_TARGET MB/s (rates add as
    times: 1/chain = 1/rest + 1/classifier). Budgets: REST_BUDGET on the main text (the issue's
    target, with margin); on the non-ASCII text the least that keeps the chain at BUDGET."""
    patterns_only = resolve("injection")(model=False)
    chain = Chain([patterns_only if d.id == "injection" else d for d in default.detectors], default.tool_checks)
    least = 1 / (1 / BUDGET - 1 / CLASSIFIER_TARGET)
    rows: list[Row] = []
    for what, sample, budget in (("", text, REST_BUDGET), (", non-ASCII words", _sprinkled(text), least)):
        rate = mb_per_s(chain.scan_text, sample, repeat=repeat)
        projected = 1 / (1 / rate + 1 / CLASSIFIER_TARGET)
        rows += [
            (
                f"chain: default without the injection classifier{what}",
                f"{rate:.1f} MB/s",
                f">= {budget:g} MB/s",
                rate >= budget,
            ),
            (
                f"  projected default chain{what}, classifier at {CLASSIFIER_TARGET:g} MB/s",
                f"{projected:.1f} MB/s",
                "reference",
                True,
            ),
        ]
    return rows
