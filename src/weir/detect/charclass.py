"""The characters normalisation touches: the text layer's table (:mod:`weir.text.charclass`)."""

from weir.text.charclass import CHANGED, HIDDEN, flagged_runs

__all__ = ["CHANGED", "HIDDEN", "flagged_runs"]
