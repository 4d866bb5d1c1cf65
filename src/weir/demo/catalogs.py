"""The catalog half of the demo: lint and document the catalogs that ship with Weir.

Prints a summary of every catalog's findings, checks the planted defects against their
documented list, and writes the safety tables (one self-contained HTML page, Markdown) and a
SARIF log under the output directory.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from weir.catalog import read_catalog_file
from weir.catalog.bundled import bundled_catalogs, expected_findings
from weir.docs import safety_rows, to_html, to_markdown
from weir.lint import LintReport, lint_catalog, to_sarif

__all__ = ["CatalogsOutcome", "check_catalogs"]

# The order people should read them in: the proposals' own examples, clean servers, then defects.
_ORDER = ("seeds", "mail", "files", "web", "planted")


@dataclass(frozen=True)
class CatalogsOutcome:
    """What the catalog half produced: whether every catalog matched its documented findings, and the files."""

    as_documented: bool
    html: Path
    markdown: Path
    sarif: Path


def _summary(name: str, report: LintReport) -> str:
    """One line per catalog: tools, findings by severity, and the rules that fired."""
    by_severity = Counter(str(f.severity.value) for f in report.findings)
    counts = ", ".join(f"{n} {s}" for s, n in sorted(by_severity.items())) or "no findings"
    rules = Counter(f.rule for f in report.findings)
    fired = " ".join(f"{r}×{n}" if n > 1 else r for r, n in sorted(rules.items()))
    return f"  {name:<8} {report.tools:>3} tools  {counts}" + (f"  [{fired}]" if fired else "")


def _check_expected(name: str, report: LintReport) -> str:
    want = {(e["rule"], e["tool"]) for e in expected_findings(name)}
    got = {(f.rule, f.tool) for f in report.findings}
    missing, extra = want - got, got - want
    status = "as documented" if not missing and not extra else "DIFFERS from the documented list"
    line = f"  {name}: {len(want & got)}/{len(want)} documented findings reported, {len(extra)} unexpected — {status}"
    details = [f"      missing {r} on {t or '<unnamed>'}" for r, t in sorted(missing)]
    details += [f"      unexpected {r} on {t or '<unnamed>'}" for r, t in sorted(extra)]
    return "\n".join([line, *details])


def _worst(reports: list[LintReport], limit: int) -> list[str]:
    """The errors first: a taste of what lint says, with the full list in the SARIF log."""
    findings = [(r.server or r.source, f) for r in reports for f in r.findings if f.severity.value == "error"]
    return [f"    {server}/{f.tool}: {f.rule} {f.message}" for server, f in findings[:limit]]


def check_catalogs(out_dir: Path) -> CatalogsOutcome:
    """Lint and document every bundled catalog, print a summary, write the outputs under ``out_dir``."""
    paths = bundled_catalogs()
    names = [n for n in _ORDER if n in paths] + sorted(set(paths) - set(_ORDER))
    reports, sections, checks = [], [], []
    print("Linting the bundled catalogs (src/weir/data/catalogs/):")
    for name in names:
        catalog = read_catalog_file(paths[name])
        catalog = type(catalog)(catalog.tools, source=f"bundled catalog: {name}", server=name)
        report = lint_catalog(catalog)
        reports.append(report)
        sections.append((f"bundled catalog: {name}", safety_rows(catalog, report)))
        print(_summary(name, report))
        checks.append(_check_expected(name, report))
    print("  some of the errors:")
    print("\n".join(_worst(reports, 5)))
    print("Planted and documented findings:")
    print("\n".join(checks))
    out_dir.mkdir(parents=True, exist_ok=True)
    html, markdown, sarif = out_dir / "tool-safety.html", out_dir / "tool-safety.md", out_dir / "lint.sarif"
    html.write_text(to_html(sections, title="Weir: bundled catalogs"), encoding="utf-8")
    markdown.write_text(to_markdown(sections, title="Weir: bundled catalogs"), encoding="utf-8")
    sarif.write_text(to_sarif(reports), encoding="utf-8")
    print(f"Safety table (HTML, self-contained): {html.resolve()}")
    print(f"Markdown: {markdown.resolve()}   SARIF (every finding): {sarif.resolve()}")
    return CatalogsOutcome(all("as documented" in c for c in checks), html, markdown, sarif)
