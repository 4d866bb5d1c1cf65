"""Normalisation before detection: the text layer's (:mod:`weir.text.normal`), named here too.

Detectors, the chain and redaction read text through :func:`weir.text.normalize`, the one
normalisation provenance uses as well; this module keeps the names detectors import.
"""

from weir.text.chars import (
    BIDI_CONTROLS,
    CONTROL_CHARS,
    INVISIBLE_FORMAT,
    REMOVED_CLASS,
    TAG_CHARS,
    VARIATION_SELECTORS,
    ZERO_WIDTH,
)
from weir.text.normal import Normalized, normalize, special_runs

__all__ = [
    "BIDI_CONTROLS",
    "CONTROL_CHARS",
    "INVISIBLE_FORMAT",
    "REMOVED_CLASS",
    "TAG_CHARS",
    "VARIATION_SELECTORS",
    "ZERO_WIDTH",
    "Normalized",
    "normalize",
    "special_runs",
]
