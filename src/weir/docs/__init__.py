"""``weir docs``: safety tables generated from tool catalogs (seed 000's "documentation generators").

:func:`~weir.docs.table.safety_rows` reads a catalog into rows of facts with their wire
sources; :func:`~weir.docs.markdown.to_markdown` and :func:`~weir.docs.html.to_html` write them.
"""

from weir.docs.html import to_html
from weir.docs.markdown import Section, escape_md, to_markdown
from weir.docs.table import COLUMNS, Cell, Risk, SafetyRow, safety_rows

__all__ = ["COLUMNS", "Cell", "Risk", "SafetyRow", "Section", "escape_md", "safety_rows", "to_html", "to_markdown"]
