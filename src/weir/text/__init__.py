"""The text layer: how every part of Weir reads a text, below ``flow`` and ``detect``.

One table of invisible characters and one of confusable letters, both generated from Unicode
data (:mod:`weir.text.unidata`, written by ``scripts/gen_text_tables.py``), their classes
(:mod:`weir.text.chars`), and one normalisation with an offset map back to the original
(:func:`normalize`; :func:`plain` for its text alone). Provenance (``weir.flow``), the injection
patterns, the hidden-text detector and redaction (``weir.detect``) all read text through it, so
a character hidden from one is hidden from none.
"""

from weir.text.chars import CONFUSE
from weir.text.normal import Normalized, normalize, plain

__all__ = ["CONFUSE", "Normalized", "normalize", "plain"]
