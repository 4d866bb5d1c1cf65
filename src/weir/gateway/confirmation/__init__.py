"""Asking the user before a call runs: the confirmation form, its answer, and the 2026-07-28 retry state."""
