"""Ports on 127.0.0.1 for the servers tests start: never the same one twice, never another worker's.

Asking the kernel for port 0 and closing the socket again hands out a port nobody holds, but
nothing stops the next ask (in this process or in another pytest worker) from getting the same
one before the first caller has bound it. Two module fixtures once got one port for two servers,
so an authorization server mapped the gateway's resource to the upstream's scope and the
gateway answered 403. So ports come from below the kernel's ephemeral range (no outgoing
connection takes them), from a slice of it that belongs to this xdist worker, and each at most
once per process while the slice lasts; a port something else on the machine holds is skipped.
"""

from __future__ import annotations

import itertools
import os
import random
import socket
import threading

__all__ = ["free_port"]

_FIRST, _SLICE, _WORKERS, _OTHERS = 20000, 1000, 8, 4
"""Ports 20000-31999, below Linux's default ephemeral range (32768-60999), in slices of 1000: the
first eight for xdist workers, the last four for other processes (the conformance run beside the
workers, a benchmark), chosen by process id."""


def _slice() -> range:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "").removeprefix("gw")
    index = int(worker) % _WORKERS if worker.isdigit() else _WORKERS + os.getpid() % _OTHERS
    start = _FIRST + index * _SLICE
    return range(start, start + _SLICE)


def _bindable(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


_ports = _slice()
_order = itertools.cycle(random.Random().sample(_ports, len(_ports)))
"""This worker's ports in a random order (two suites on one machine seldom meet), round and round."""
_lock = threading.Lock()


def free_port() -> int:
    """A port on 127.0.0.1 nobody listens on now and that this process has not handed out lately."""
    with _lock:
        for port in itertools.islice(_order, len(_ports)):
            if _bindable(port):
                return port
    raise RuntimeError(f"no free port on 127.0.0.1 in {_ports.start}-{_ports.stop - 1}")
