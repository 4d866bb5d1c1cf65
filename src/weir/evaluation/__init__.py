"""Evaluations of Weir against the shipped corpora (run with ``python -m weir.evaluation.<name>``)."""
