"""What ``scripts/run`` does for now: lint and document the catalogs that ship with Weir.

    python -m weir.demo [OUT_DIR]        (default OUT_DIR: ./weir-out)

Prints every catalog's findings, checks the planted defects against their documented list,
and writes the safety tables (one self-contained HTML page, Markdown) and a SARIF log.
"""

from __future__ import annotations

import sys
from pathlib import Path

from weir.catalog import read_catalog_file
from weir.catalog.bundled import bundled_catalogs, expected_findings
from weir.docs import safety_rows, to_html, to_markdown
from weir.lint import LintReport, format_human, lint_catalog, to_sarif

__all__ = ["main", "run"]

# The order people should read them in: the proposals' own examples, clean servers, then defects.
_ORDER = ("seeds", "mail", "files", "web", "planted")


def _check_expected(name: str, report: LintReport) -> str:
    want = {(e["rule"], e["tool"]) for e in expected_findings(name)}
    got = {(f.rule, f.tool) for f in report.findings}
    missing, extra = want - got, got - want
    status = "as documented" if not missing and not extra else "DIFFERS from the documented list"
    line = f"{name}: {len(want & got)}/{len(want)} documented findings reported, {len(extra)} unexpected — {status}"
    details = [f"    missing {r} on {t or '<unnamed>'}" for r, t in sorted(missing)]
    details += [f"    unexpected {r} on {t or '<unnamed>'}" for r, t in sorted(extra)]
    return "\n".join([line, *details])


def run(out_dir: Path) -> int:
    """Lint and document every bundled catalog; write the outputs under ``out_dir``. Returns 0, or 1 on a mismatch."""
    paths = bundled_catalogs()
    names = [n for n in _ORDER if n in paths] + sorted(set(paths) - set(_ORDER))
    reports, sections, checks = [], [], []
    for name in names:
        catalog = read_catalog_file(paths[name])
        catalog = type(catalog)(catalog.tools, source=f"bundled catalog: {name}", server=name)
        report = lint_catalog(catalog)
        reports.append(report)
        sections.append((f"{name} — {len(catalog.tools)} tools", safety_rows(catalog, report)))
        print(format_human(report), end="\n\n")
        checks.append(_check_expected(name, report))
    print("Planted and documented findings:")
    print("\n".join(checks))
    out_dir.mkdir(parents=True, exist_ok=True)
    html = out_dir / "tool-safety.html"
    html.write_text(to_html(sections, title="Weir: bundled catalogs"), encoding="utf-8")
    (out_dir / "tool-safety.md").write_text(to_markdown(sections, title="Weir: bundled catalogs"), encoding="utf-8")
    (out_dir / "lint.sarif").write_text(to_sarif(reports), encoding="utf-8")
    print(f"\nSafety table (HTML, self-contained): {html.resolve()}")
    print(f"Markdown: {(out_dir / 'tool-safety.md').resolve()}   SARIF: {(out_dir / 'lint.sarif').resolve()}")
    return 0 if all("as documented" in c for c in checks) else 1


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m weir.demo``."""
    args = sys.argv[1:] if argv is None else argv
    return run(Path(args[0]) if args else Path("weir-out"))


if __name__ == "__main__":
    sys.exit(main())
