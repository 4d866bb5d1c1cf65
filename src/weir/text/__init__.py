"""The text layer: how every part of Weir reads a text, below ``flow`` and ``detect``.

One table of invisible characters and one of confusable letters, both generated from Unicode
data (:mod:`weir.text.unidata`, written by ``scripts/gen_text_tables.py``), their classes
(:mod:`weir.text.chars`), and one normalisation with an offset map back to the original
(:func:`normalize`; :func:`plain` for its text alone). Provenance (``weir.flow``), the injection
patterns, the hidden-text detector and redaction (``weir.detect``) all read text through it, so
a character hidden from one is hidden from none.

The names load their modules on first use (:mod:`weir._lazy`), so that importing one module of
the package (a config section, a protocol) does not import all of them.
"""

from typing import TYPE_CHECKING

from weir._lazy import exports

if TYPE_CHECKING:
    from weir.text.chars import CONFUSE
    from weir.text.normal import Normalized, normalize, plain

__all__ = ["CONFUSE", "Normalized", "normalize", "plain"]

__getattr__, __dir__ = exports(
    __name__,
    {
        "CONFUSE": "weir.text.chars",
        "Normalized": "weir.text.normal",
        "normalize": "weir.text.normal",
        "plain": "weir.text.normal",
    },
)
