"""Benign documentation, web pages and code from Debian 12 packages, as three sources.

Usage (files from ``apt-get download python3.11-doc debian-faq`` unpacked with ``dpkg-deb -x`` into ROOT,
and the interpreter's standard library)::

    python evals/injection/build_debian.py ROOT /usr/lib/python3.11

Writes:

- ``python-docs/``: 900 excerpts (2-6 consecutive paragraphs) of the reStructuredText sources of
  the Python 3.11 documentation (python3.11-doc 3.11.2-6+deb12u9, ``html/_sources``): tutorials,
  how-tos, library reference -- prose full of "run", "use", "call", "do not". PSF licence.
- ``debian-faq/``: the Debian FAQ (debian-faq 11.1): 400 text excerpts of its HTML pages and 100
  raw-HTML excerpts (web pages). Imperative advice to a reader ("run apt-get update", "you should...").
  Licence: verbatim and modified copies allowed with the notice (``copyright``).
- ``stdlib-code/``: 700 excerpts (5-40 lines) of the standard library's own ``.py`` files
  (Python 3.11.2, Debian's python3.11): code, comments, docstrings. PSF licence.

Every row is a negative.
"""

from __future__ import annotations

import html.parser
import re
import shutil
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import rng_for, row, write

HERE = Path(__file__).resolve().parent
DOC = "usr/share/doc"
_BLANK = re.compile(r"\n\s*\n")


def _excerpts(
    paragraphs: list[list[str]], count: int, *, span: tuple[int, int], name: str, kind: str, sep: str
) -> list[dict[str, Any]]:
    """``count`` runs of ``low``-``high`` consecutive items of one file each (files chosen at random)."""
    rng = rng_for(name)
    low, high = span
    files = [p for p in paragraphs if len(p) >= low]
    rows = []
    for _ in range(count):
        items = rng.choice(files)
        size = rng.randint(low, min(high, len(items)))
        first = rng.randrange(len(items) - size + 1)
        rows.append(row(sep.join(items[first : first + size]), 0, kind))
    return rows


def python_docs(root: Path) -> list[dict[str, Any]]:
    sources = sorted((root / DOC / "python3.11/html/_sources").rglob("*.rst.txt"))
    paragraphs = [[p.strip() for p in _BLANK.split(f.read_text(encoding="utf-8")) if p.strip()] for f in sources]
    return _excerpts(paragraphs, 900, span=(2, 6), name="python-docs", kind="rst", sep="\n\n")


_BLOCKS = frozenset({"p", "li", "dt", "dd", "pre", "h1", "h2", "h3", "h4", "tr", "div", "br"})


class _Text(html.parser.HTMLParser):
    """The text of an HTML page, one paragraph per block element."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = [""]

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in _BLOCKS:
            self.parts.append("")

    def handle_data(self, data: str) -> None:
        self.parts[-1] += data

    def paragraphs(self) -> list[str]:
        return [re.sub(r"[ \t]+", " ", p).strip() for p in self.parts if len(p.strip()) > 20]


def debian_faq(root: Path) -> list[dict[str, Any]]:
    pages = sorted((root / DOC / "debian/FAQ").glob("*.html"))
    texts, raws = [], []
    for page in pages:
        source = page.read_text(encoding="utf-8", errors="replace")
        parser = _Text()
        parser.feed(source)
        texts.append(parser.paragraphs())
        raws.append([line for line in source.splitlines() if line.strip()])
    text = _excerpts(texts, 400, span=(1, 4), name="debian-faq", kind="faq-text", sep="\n\n")
    return text + _excerpts(raws, 100, span=(5, 30), name="debian-faq-html", kind="faq-html", sep="\n")


def stdlib_code(stdlib: Path) -> list[dict[str, Any]]:
    skip = {"site-packages", "dist-packages", "test", "tests", "idlelib", "lib2to3", "turtledemo", "ensurepip"}
    files = sorted(p for p in stdlib.rglob("*.py") if not skip & set(p.relative_to(stdlib).parts))
    lines = [f.read_text(encoding="utf-8", errors="replace").splitlines() for f in files]
    return _excerpts(lines, 700, span=(5, 40), name="stdlib-code", kind="python", sep="\n")


def main(root: Path, stdlib: Path) -> None:
    plan = [
        (
            "python-docs",
            python_docs(root),
            "PSF-2.0",
            "Debian 12 python3.11-doc 3.11.2-6+deb12u9, html/_sources",
            False,
            root / DOC / "python3.11-doc/copyright",
        ),
        (
            "debian-faq",
            debian_faq(root),
            "verbatim/modified copies with notice (see copyright)",
            "Debian 12 debian-faq 11.1, /usr/share/doc/debian/FAQ",
            True,
            root / DOC / "debian-faq/copyright",
        ),
        (
            "stdlib-code",
            stdlib_code(stdlib),
            "PSF-2.0",
            "Python 3.11.2 standard library (Debian 12 python3.11)",
            False,
            root / DOC / "python3.11-doc/copyright",
        ),
    ]
    for name, rows, licence, origin, imperative, copyright_file in plan:
        directory = HERE / name
        directory.mkdir(exist_ok=True)
        shutil.copyfile(copyright_file, directory / "copyright")
        meta = {
            "name": name,
            "licence": licence,
            "origin": origin,
            "imperative": imperative,
            "script": "evals/injection/build_debian.py",
        }
        write(directory, rows, meta)


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
