"""Every detector runs in time linear in its input, even on pathological input.

Catastrophic backtracking or a quadratic scan shows up as time growing with the square of the
size. Each case is timed at two sizes, 16x apart, in CPU time of this thread (best of five: other
processes on a busy machine do not count, and the best run drops interrupts and cache misses);
linear code grows ~16x (a little more once the larger input falls out of the CPU caches),
quadratic ~256x. The bound, 100x, is generous on purpose: this test is about the shape of the
growth, not about speed (speed is in benchmarks/bench_detect.py).

The large input is timed again only while its ratio is at or above the bound: another run can
only lower the best large time, so once one ratio is under the bound the best of five would be
too. The verdict is the best-of-five one; the large runs (16x the small ones' work) mostly run
once instead of five times (this module cost ~4x less CPU).
"""

import time
from collections.abc import Callable

import pytest

from weir.detect import short
from weir.detect.catalog import ScanContext, ToolCatalog
from weir.detect.chain import Chain
from weir.detect.hidden import HiddenTextDetector
from weir.detect.injection.requests import RequestDetector
from weir.detect.normalize import normalize
from weir.detect.pii import PiiDetector
from weir.detect.poisoning import MAX_SCANNED, PoisoningDetector
from weir.detect.secrets import SecretsDetector

SMALL = 4_000
GROWTH = 16
BOUND = 100.0

PATHOLOGICAL: dict[str, Callable[[int], str]] = {
    "letters": lambda n: "a" * n,
    "digits": lambda n: "1" * n,
    "digit-space": lambda n: "1 " * (n // 2),
    "digit-dot": lambda n: "1." * (n // 2),
    "hex-colon": lambda n: "a1:" * (n // 3),
    "at-signs": lambda n: "a@" * (n // 2),
    "email-ish": lambda n: "a" * (n // 2) + "@" + "b." * (n // 4),
    "jwt-anchors": lambda n: "eyJ" * (n // 3),
    "sk-anchors": lambda n: "sk-" * (n // 3),
    "github-anchors": lambda n: "ghp_" * (n // 4),
    "pem-headers": lambda n: "-----BEGIN PRIVATE KEY-----" * (n // 27),
    "assignments": lambda n: "password=" * (n // 9),
    "tokens": lambda n: "token: " * (n // 7),
    "urls": lambda n: "://a:b" * (n // 6),
    "iban-ish": lambda n: "AB12" * (n // 4),
    "streets": lambda n: "1 A Street" * (n // 10),
    "zero-width": lambda n: "\u200b" * n,
    "tags": lambda n: "\U000e0041" * n,
    "ansi": lambda n: "\x1b[" * (n // 2),
    "mixed-unicode": lambda n: "é\u200bＡ\ufb01" * (n // 4),
    "verbs": lambda n: "read the " * (n // 9),
    # What the short paths' regular expressions see: digit clusters, dates and near-dates,
    # letter pairs, colons, street types, anchor starts of both cases.
    "digit-gaps": lambda n: "1a" * (n // 2),
    "digit-triples": lambda n: "111 " * (n // 4),
    "dates": lambda n: "2026-05-01" * (n // 10),
    "near-dates": lambda n: "1234-56-7" * (n // 9),
    "dashes": lambda n: "1111-" * (n // 5),
    "letter-pairs": lambda n: "AB " * (n // 3),
    "colons": lambda n: "::" * (n // 2),
    "colon-hex": lambda n: "a:" * (n // 2),
    "street-starts": lambda n: " St" * (n // 3),
    "secret-starts": lambda n: "TOKpasAKI" * (n // 9),
    # What the poisoning rules look for: comment openers, words after one, sentences naming tools.
    "comment-starts": lambda n: "<!--a " * (n // 6),
    "comment-letters": lambda n: "<!--" + "a" * (n - 4),
    "comment-words": lambda n: "<!-- " + "ab " * (n // 3),
    "tool-sentence": lambda n: "when send_message used also set " * (n // 32),
    "addresses": lambda n: "bcc a@b.co always " * (n // 18),
    # The manipulation rules (weir.detect.poison_claims): other tools, servers, markers, preferences.
    "other-tools": lambda n: "the other search tools " * (n // 23),
    "named-servers": lambda n: "'x' server " * (n // 11),
    "system-brackets": lambda n: "[[system note " * (n // 14),
    "preferences": lambda n: "always use this tool " * (n // 21),
    "only-adjectives": lambda n: "the only reliable " * (n // 18),
    "banners": lambda n: "### platform system notes " * (n // 26),
    "delimited-roles": lambda n: "<<x_system_y " * (n // 13),
    "tool-families": lambda n: "the browser tools the " * (n // 22),
    "hosts-and-handovers": lambda n: "to a.b.c pass the key " * (n // 22),
    "treat-this": lambda n: "treat this tool as the " * (n // 23),
    # The markerless-request detector: asking words and opening verbs with and without boundaries.
    "please-run": lambda n: "please " * (n // 7),
    "openings": lambda n: ". send " * (n // 7),
    "you-asks": lambda n: "could you grant access " * (n // 23),
}
_REQUESTS = RequestDetector()
_CATALOG = ScanContext(ToolCatalog.from_tools([{"name": "send_money"}, {"name": "grant_access"}]))
DETECTORS: dict[str, Callable[[str], object]] = {
    "normalize": normalize,
    "secrets": SecretsDetector(),
    "pii": PiiDetector(),
    "hidden": HiddenTextDetector(),
    "poisoning": PoisoningDetector(),
    "chain": Chain.from_specs(None).scan_text,
    # With a tool catalog, as the Guard scans: the requests detector searches only then.
    "requests": lambda text: _REQUESTS(text, context=_CATALOG),
}


RUNS = 5


def _timed(fn: Callable[[str], object], text: str) -> float:
    start = time.thread_time()
    fn(text)
    return max(time.thread_time() - start, 1e-5)  # below the clock's useful resolution the ratio means nothing


def best_time(fn: Callable[[str], object], text: str) -> float:
    return min(_timed(fn, text) for _ in range(RUNS))


def growth(fn: Callable[[str], object], small: str, large: str) -> float:
    """Best large time over best small time, timing ``large`` again only while the ratio is >= BOUND."""
    base = best_time(fn, small)
    best = _timed(fn, large)
    for _ in range(RUNS - 1):
        if best / base < BOUND:
            break
        best = min(best, _timed(fn, large))
    return best / base


@pytest.mark.parametrize("detector", sorted(DETECTORS))
def test_time_grows_linearly_on_pathological_inputs(detector: str) -> None:
    fn = DETECTORS[detector]
    ratios = {}
    for name, make in PATHOLOGICAL.items():
        ratios[name] = growth(fn, make(SMALL), make(SMALL * GROWTH))
    worst = max(ratios, key=lambda k: ratios[k])
    assert ratios[worst] < BOUND, f"{detector} on {worst!r}: x{ratios[worst]:.1f} for x{GROWTH} input"


@pytest.mark.parametrize("detector", ["chain"])
def test_the_short_paths_also_grow_linearly_on_pathological_inputs(detector: str) -> None:
    # The pure-Python paths (weir.detect.short) forced on every size: their regular expressions
    # and loops must be linear too, not only fast on the sizes that take them.
    with short.limit(10**9):
        test_time_grows_linearly_on_pathological_inputs(detector)


def test_the_poisoning_rules_grow_linearly_up_to_the_scanned_limit() -> None:
    # The poisoning detector stops reading at MAX_SCANNED, so the sizes above would hide a
    # quadratic rule behind the cap: here both sizes are within it.
    detect = PoisoningDetector()
    ratios = {}
    for name, make in PATHOLOGICAL.items():
        ratios[name] = growth(detect, make(MAX_SCANNED // GROWTH), make(MAX_SCANNED))
    worst = max(ratios, key=lambda k: ratios[k])
    assert ratios[worst] < BOUND, f"poisoning on {worst!r}: x{ratios[worst]:.1f} for x{GROWTH} input"


def test_a_quadratic_scan_is_still_caught() -> None:
    # The early stop keeps the verdict: a quadratic function over the same sizes stays above the bound.
    def quadratic(text: str) -> int:
        return sum(1 for i in range(0, len(text), 16) for j in range(0, len(text), 512) if text[i] == text[j])

    assert growth(quadratic, "a" * SMALL, "a" * (SMALL * GROWTH)) >= BOUND
