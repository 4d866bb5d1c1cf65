"""The protection benchmark (issue 21): tau2-bench sessions with BIPIA and garak injections.

``python -m evals.protection`` prints the table; see README.md in this directory.
"""
