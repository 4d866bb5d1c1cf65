"""Asking the user before a call runs: the confirmation form, its answer, and the 2026-07-28 retry state."""

__all__: list[str] = []  # nothing re-exported: internal to the gateway
