"""Serving a whole weir.yaml: building a gateway and everything that operates it (audit store, console,
metrics, approvals), running it, reloading its policy, recording its trace.

It sits above the gateway and the console: ``weir gateway`` is this package's library."""
