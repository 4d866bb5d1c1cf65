"""``python -m evals.detect --tables``: one table per development source, the shipped chain beside each extra.

Sources: every injection set of :data:`evals.detect.scoring.INJECTION_SETS` and every source of the
markerless set (scanned with its domain's tool catalog, as the Guard scans a result). Rows:

- ``shipped``: the default chain (what ``weir gateway`` runs without ``detectors:``);
- ``+onnx``: the default chain plus the ``onnx`` extra, loaded from a stand-in classifier that
  ``scripts/train_onnx_classifier.py`` trains here and now on ``evals/injection`` (a bag of words,
  not a Prompt-Guard model: its figures measure the path, not what a real model would add);
- ``+judge``: the default chain plus the ``judge`` extra, talking to a chat-completions stand-in this
  module serves on 127.0.0.1, whose verdict is the same stand-in classifier's score (so its gain is the
  ONNX stand-in's and its cost adds one HTTP round trip per gated stretch);
- ``configured``: the chain ``--config weir.yaml`` describes, when given (a real deployer's model).

Columns: TPR on the injected documents, FPR on the clean ones (a document counts when a chain reports a
malicious finding on it: the secrets and personal data a clean e-mail holds are not false positives),
and the scan's cost in milliseconds of CPU time per KB of text (of every thread of this process, the
stand-in judge server's included; measured in this run, so read it as a ratio to ``shipped``).
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from evals.detect.scoring import INJECTION_SETS, load_set
from weir.detect.catalog import ScanContext, ToolCatalog
from weir.detect.chain import Chain
from weir.detect.config import DetectorSpec
from weir.detect.registry import DEFAULT_TEXT, available
from weir.labels.finding import FindingClass

__all__ = ["source_tables", "stand_in_chains", "tables"]

ROOT = Path(__file__).resolve().parents[2]
Scan = Callable[[str, ScanContext | None], object]
Sample = tuple[str, int, ScanContext | None]


def _default_specs() -> list[DetectorSpec]:
    return [DetectorSpec(use=name) for name in DEFAULT_TEXT if available(name)]


def _judge_server(score: Callable[[str], float]) -> tuple[ThreadingHTTPServer, str]:
    """A chat-completions endpoint on 127.0.0.1 answering ``{"injection": score(data)}``."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            data = str(body["messages"][-1]["content"]).removeprefix("<data>\n").removesuffix("\n</data>")
            content = json.dumps({"injection": round(score(data), 4), "reason": "stand-in"})
            raw = json.dumps({"choices": [{"message": {"role": "assistant", "content": content}}]}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(raw)))
            self.end_headers()
            self.wfile.write(raw)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/v1/chat/completions"


@contextmanager
def stand_in_chains(limit: int = 600, threshold: float = 0.7, epochs: int = 300) -> Iterator[dict[str, Chain]]:
    """The shipped chain, and the chain with each extra backed by the stand-in classifier (see the module
    docstring; ``limit`` documents per source, ``epochs`` of training); the stand-in judge server runs
    until the context ends."""
    chains = {"shipped": Chain.from_specs(None)}
    with tempfile.TemporaryDirectory(prefix="weir-extras-") as folder:
        model = Path(folder) / "onnx"
        script = ROOT / "scripts" / "train_onnx_classifier.py"
        argv = [str(model), "--limit", str(limit), "--epochs", str(epochs)]
        subprocess.run([sys.executable, str(script), *argv], check=True)
        from weir.detect.models.onnx import OnnxDetector

        scorer = OnnxDetector(path=str(model))
        server, url = _judge_server(lambda text: scorer.judge(text).score)
        try:
            options = {"threshold": threshold, "budget_s": 30.0}
            onnx = DetectorSpec(use="onnx", options={"path": str(model), **options})
            judge = DetectorSpec(use="judge", options={"url": url, "model": "stand-in", **options})
            chains["+onnx"] = Chain.from_specs([*_default_specs(), onnx])
            chains["+judge"] = Chain.from_specs([*_default_specs(), judge])
            yield chains
        finally:
            server.shutdown()
            server.server_close()


def _sources(folder: Path, quick: bool) -> dict[str, list[Sample]]:
    """Every development source's documents as ``(text, label, context)``."""
    out: dict[str, list[Sample]] = {}
    for name, filename, _ in INJECTION_SETS:
        out[name] = [(text, label, None) for text, label in load_set(folder / filename, quick=quick)]
    path = folder / "markerless.jsonl"
    if path.exists():
        raw = json.loads((folder / "markerless" / "catalogs.json").read_text(encoding="utf-8"))
        catalogs = {domain: ToolCatalog.from_tools(tools) for domain, tools in raw.items()}
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
            # Records come as clean, family A, clean, family B: quick keeps one run of four in four.
            if not line.strip() or (quick and (i // 4) % 4):
                continue
            r = json.loads(line)
            context = ScanContext(catalogs[r["domain"]], returns_data=True)
            out.setdefault(f"markerless/{r['source']}", []).append((r["text"], int(r["label"]), context))
    return out


def _measure(chain: Chain, samples: list[Sample]) -> tuple[float, float, float]:
    """(TPR, FPR, ms per KB) of ``chain`` on ``samples``."""
    hits = [0, 0]
    totals = [0, 0]
    size = 0
    began = time.process_time()  # every thread of this process: the chain's, a model's workers, the judge server
    for text, label, context in samples:
        found = chain.scan_text(text, context=context)
        totals[label] += 1
        hits[label] += any(f.cls is FindingClass.MALICIOUS for f in found)  # not the PII or secrets it holds
        size += len(text.encode("utf-8", "surrogatepass"))
    elapsed = time.process_time() - began
    rate = [h / t if t else float("nan") for h, t in zip(hits, totals, strict=True)]
    return rate[1], rate[0], elapsed * 1e3 / max(size / 1024, 1e-9)


def _fmt(value: float) -> str:
    return "   -  " if math.isnan(value) else f"{value:6.3f}"


def source_tables(folder: Path, chains: dict[str, Chain], *, quick: bool = False) -> list[str]:
    """The tables as lines: one per source, one row per chain (TPR, FPR, ms/KB and its ratio to the first)."""
    lines: list[str] = []
    for source, samples in _sources(folder, quick).items():
        positives = sum(label for _, label, _ in samples)
        lines += ["", f"== {source}: {positives} injected / {len(samples) - positives} clean"]
        lines.append(f"   {'chain':<12} {'TPR':>6} {'FPR':>6} {'ms/KB':>8} {'x shipped':>9}")
        base = None
        for name, chain in chains.items():
            tpr, fpr, cost = _measure(chain, samples)
            base = cost if base is None else base
            lines.append(f"   {name:<12} {_fmt(tpr)} {_fmt(fpr)} {cost:8.3f} {cost / base:9.2f}")
    return lines


def tables(folder: Path, configured: Chain | None, *, quick: bool = False) -> list[str]:
    """The tables for the shipped chain, each extra's stand-in (when the onnx extra and ``onnx`` are
    installed; a line says so when not) and ``configured``."""
    import importlib.util

    missing = [m for m in ("onnxruntime", "tokenizers", "onnx") if importlib.util.find_spec(m) is None]
    with ExitStack() as stack:
        if missing:
            chains = {"shipped": Chain.from_specs(None)}
            head = [f"(no stand-in extras: {', '.join(missing)} not installed; pip install -e '.[dev]')"]
        else:
            # --quick: a stand-in of 100 documents per source and 150 epochs (the tests' own), a look at the path.
            stand_in = stand_in_chains(limit=100, epochs=150) if quick else stand_in_chains()
            chains = dict(stack.enter_context(stand_in))
            head = ["(+onnx and +judge run stand-in models: see evals/detect/extras.py; not a Prompt-Guard model)"]
        if configured is not None:
            chains["configured"] = configured
        return head + source_tables(folder, chains, quick=quick)
