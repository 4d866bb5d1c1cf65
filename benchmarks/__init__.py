"""Weir's benchmarks: every figure is measured side by side with its baseline in one run."""
