"""The Prometheus text format Weir writes itself, read back by prometheus_client's own parser."""

from __future__ import annotations

import math
import threading

import pytest
from prometheus_client.parser import text_string_to_metric_families

from weir.observe.metrics import Registry, Sample


def test_counters_gauges_and_histograms_parse_as_prometheus_reads_them() -> None:
    r = Registry()
    calls = r.counter("weir_demo_calls_total", "Calls.", ["server", "effect"])
    up = r.gauge("weir_demo_up", "Up.", ["server"])
    seconds = r.histogram("weir_demo_seconds", "Time.", ["stage"], buckets=(0.1, 1.0))
    calls.inc(server="mail", effect="allow")
    calls.inc(2, server="mail", effect="block")
    up.set(1, server="mail")
    for value in (0.05, 0.5, 5.0):
        seconds.observe(value, stage="decide")
    families = {f.name: f for f in text_string_to_metric_families(r.render())}
    counted = {(s.labels["server"], s.labels["effect"]): s.value for s in families["weir_demo_calls"].samples}
    assert counted == {("mail", "allow"): 1.0, ("mail", "block"): 2.0}
    assert families["weir_demo_up"].samples[0].value == 1.0
    hist = {(s.name, s.labels.get("le")): s.value for s in families["weir_demo_seconds"].samples}
    assert hist[("weir_demo_seconds_bucket", "0.1")] == 1
    assert hist[("weir_demo_seconds_bucket", "1.0")] == 2  # cumulative
    assert hist[("weir_demo_seconds_bucket", "+Inf")] == 3
    assert hist[("weir_demo_seconds_count", None)] == 3
    assert math.isclose(hist[("weir_demo_seconds_sum", None)], 5.55)


def test_label_values_are_escaped_so_a_tool_name_cannot_break_the_format() -> None:
    r = Registry()
    rules = r.counter("weir_demo_rules_total", "Rules.", ["rule"])
    nasty = 'evil"} 1\nweir_forged_total 99\\'
    rules.inc(rule=nasty)
    families = {f.name: f for f in text_string_to_metric_families(r.render())}
    assert set(families) == {"weir_demo_rules"}
    assert families["weir_demo_rules"].samples[0].labels["rule"] == nasty


def test_collectors_report_at_scrape_time_and_a_broken_one_is_left_out() -> None:
    r = Registry()
    state = {"up": 0.0}
    gauge = r.gauge("weir_demo_static", "Static.")
    gauge.set(7)

    from weir.observe.metrics import Gauge

    live = Gauge("weir_demo_live", "Read at scrape time.")
    r.collect(lambda: [(live, [Sample(live.name, (), state["up"])])])
    r.collect(lambda: 1 / 0)  # type: ignore[arg-type, return-value]
    state["up"] = 1.0
    families = {f.name: f for f in text_string_to_metric_families(r.render())}
    assert families["weir_demo_live"].samples[0].value == 1.0
    assert families["weir_demo_static"].samples[0].value == 7.0


def test_a_metric_rejects_wrong_labels_a_negative_count_and_a_second_registration() -> None:
    r = Registry()
    c = r.counter("weir_demo_total", "x", ["a"])
    with pytest.raises(ValueError, match="takes labels"):
        c.inc(b="1")
    with pytest.raises(ValueError, match="cannot go down"):
        c.inc(-1, a="1")
    with pytest.raises(ValueError, match="registered twice"):
        r.counter("weir_demo_total", "again")
    with pytest.raises(ValueError, match="_total"):
        r.counter("weir_demo", "a counter without _total")


def test_updates_from_many_threads_are_all_counted() -> None:
    r = Registry()
    c = r.counter("weir_demo_threads_total", "x")
    h = r.histogram("weir_demo_threads_seconds", "x")

    def work() -> None:
        for _ in range(1000):
            c.inc()
            h.observe(0.001)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert c.value() == 8000
    assert h.count() == 8000
