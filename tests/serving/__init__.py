"""Tests of weir.serving: building, reloading and storing for a gateway served from a weir.yaml."""
