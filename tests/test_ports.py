"""The suite's ports: distinct within a process, outside the kernel's ephemeral range, free when handed out."""

from __future__ import annotations

import socket
from pathlib import Path

from tests.ports import free_port


def test_no_port_is_handed_out_twice_and_each_can_be_bound() -> None:
    ports = [free_port() for _ in range(300)]
    assert len(set(ports)) == len(ports)
    low, _ = (int(n) for n in Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split())
    assert all(port < low for port in ports)  # no outgoing connection's local port
    with socket.socket() as s:
        s.bind(("127.0.0.1", ports[-1]))
