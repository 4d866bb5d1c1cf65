"""deploy/Containerfile and deploy/weir.service, linted since no container engine or systemd runs here.

Debian has no hadolint, so the Containerfile gets a structural check of what hadolint and a
reviewer would ask: stages, a non-root user, a read-only-root-friendly layout, exec-form commands,
a health check on ``/healthz`` whose own command is then run against a real gateway. The unit is
given to ``systemd-analyze verify`` (with ExecStart pointing at this venv's ``weir``) when the
machine has it, and its hardening options are checked one by one either way.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.deadlines import hang_guard
from tests.ports import free_port
from weir.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
CONTAINERFILE = ROOT / "deploy" / "Containerfile"
UNIT = ROOT / "deploy" / "weir.service"
WEIR = Path(sys.executable).with_name("weir")


def _instructions(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) with continuation lines joined and comments dropped."""
    joined = re.sub(r"\\\n", " ", "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#")))
    out = []
    for line in joined.splitlines():
        if line.strip():
            word, _, rest = line.strip().partition(" ")
            out.append((word.upper(), rest.strip()))
    return out


def _stages() -> list[list[tuple[str, str]]]:
    stages: list[list[tuple[str, str]]] = []
    for instruction in _instructions(CONTAINERFILE.read_text(encoding="utf-8")):
        if instruction[0] == "FROM":
            stages.append([])
        stages[-1].append(instruction)
    return stages


def _one(stage: list[tuple[str, str]], word: str) -> str:
    [args] = [rest for w, rest in stage if w == word]
    return args


def test_the_containerfile_builds_in_one_stage_and_runs_from_another() -> None:
    build, final = _stages()
    assert re.fullmatch(r"python:3\.11-slim-\w+ AS build", _one(build, "FROM"))  # a pinned tag, never latest
    assert _one(final, "FROM") == _one(build, "FROM").removesuffix(" AS build")
    copied = [rest for w, rest in build if w == "COPY"]
    for args in copied:  # every source exists in the build context (the checkout's root)
        *sources, _ = args.split()
        assert all((ROOT / s).exists() for s in sources), args
    assert [rest for w, rest in final if w == "COPY"] == ["--from=build /opt/weir /opt/weir"]
    assert not [w for stage in (build, final) for w, _ in stage if w == "ADD"]  # COPY only: nothing fetched
    run = _one(build, "RUN")
    assert "pip wheel --no-deps" in run
    assert "pip check" in run
    assert "PIP_NO_CACHE_DIR=1" in _one(build, "ENV")


def test_the_image_runs_unprivileged_with_a_read_only_root() -> None:
    _, final = _stages()
    user = _one(final, "USER")
    assert re.fullmatch(r"[1-9]\d{3,}:[1-9]\d{3,}", user), "a numeric non-root uid:gid (runAsNonRoot can check it)"
    uid = user.split(":")[0]
    assert f"--uid {uid}" in _one(final, "RUN")
    state = _one(final, "WORKDIR")
    assert json.loads(_one(final, "VOLUME")) == [state]  # the only place written besides /tmp
    assert f"install -d -o weir -g weir -m 0750 {state}" in _one(final, "RUN")
    assert "PYTHONDONTWRITEBYTECODE=1" in _one(final, "ENV")  # nothing written beside the code
    assert [w for w, _ in final].index("USER") > [w for w, _ in final].index("RUN")  # root only to set up


def test_the_entrypoint_is_exec_form_and_its_options_are_the_clis() -> None:
    _, final = _stages()
    entrypoint, command = json.loads(_one(final, "ENTRYPOINT")), json.loads(_one(final, "CMD"))
    assert entrypoint == ["weir", "gateway"]
    helptext = CliRunner().invoke(app, ["gateway", "--help"], terminal_width=200).stdout
    assert all(option in helptext for option in command if option.startswith("--"))
    http = command[command.index("--http") + 1]
    assert http == f"0.0.0.0:{_one(final, 'EXPOSE')}"


def _healthcheck_command() -> list[str]:
    _, final = _stages()
    options, _, command = _one(final, "HEALTHCHECK").partition(" CMD ")
    for option in ("--interval=", "--timeout=", "--start-period=", "--retries="):
        assert option in options
    argv = json.loads(command)
    assert argv[:2] == ["python", "-c"]
    ast.parse(argv[2])
    return argv


@pytest.mark.slow
def test_the_health_check_passes_against_a_real_gateway_and_fails_without_one(tmp_path: Path) -> None:
    argv = _healthcheck_command()
    port = free_port()
    probe = [sys.executable, "-c", argv[2].replace("127.0.0.1:8080", f"127.0.0.1:{port}")]
    assert "127.0.0.1:8080/healthz" in argv[2]
    assert subprocess.run(probe, capture_output=True, check=False).returncode != 0  # nothing listens yet
    config = tmp_path / "weir.yaml"
    server = "{command: [python, -m, weir.demo_servers.mail]}"
    config.write_text(f"servers: {{mail: {server}}}\naudit: {{path: {tmp_path / 'audit.db'}}}\n", encoding="utf-8")
    env = {**os.environ, "WEIR_GATEWAY_TOKENS": "a-container-token-0123456789"}
    gateway = subprocess.Popen(
        [str(WEIR), "gateway", "--config", str(config), "--http", f"127.0.0.1:{port}", "--no-watch"],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + hang_guard(120)  # a hang guard only: the gateway starts when the machine lets it
        while (done := subprocess.run(probe, capture_output=True, check=False)).returncode != 0:
            assert gateway.poll() is None, gateway.stderr.read() if gateway.stderr else ""
            assert time.monotonic() < deadline, done.stderr
            time.sleep(0.5)
    finally:
        gateway.terminate()
        gateway.wait(timeout=60)


def _unit() -> dict[str, dict[str, list[str]]]:
    sections: dict[str, dict[str, list[str]]] = {}
    current: dict[str, list[str]] = {}
    for raw in UNIT.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            current = sections.setdefault(line.strip("[]"), {})
        else:
            key, _, value = line.partition("=")
            current.setdefault(key, []).append(value)
    return sections


HARDENING = {
    "NoNewPrivileges": "yes",
    "CapabilityBoundingSet": "",
    "AmbientCapabilities": "",
    "DynamicUser": "yes",
    "ProtectSystem": "strict",
    "ProtectHome": "yes",
    "PrivateTmp": "yes",
    "PrivateDevices": "yes",
    "ProtectKernelTunables": "yes",
    "ProtectKernelModules": "yes",
    "ProtectControlGroups": "yes",
    "RestrictAddressFamilies": "AF_UNIX AF_INET AF_INET6",
    "RestrictNamespaces": "yes",
    "RestrictSUIDSGID": "yes",
    "LockPersonality": "yes",
    "MemoryDenyWriteExecute": "yes",
    "SystemCallArchitectures": "native",
    "UMask": "0077",
}


def test_the_unit_runs_the_gateway_hardened() -> None:
    service = _unit()["Service"]
    for key, value in HARDENING.items():
        assert service.get(key) == [value], key
    assert "@system-service" in service["SystemCallFilter"]
    assert service["StateDirectory"] == ["weir"]
    assert service["WorkingDirectory"] == ["/var/lib/weir"]
    [start] = service["ExecStart"]
    assert start.startswith("/opt/weir/bin/weir gateway --config /etc/weir/weir.yaml --http 127.0.0.1:")
    assert service["ExecStartPre"] == ["/opt/weir/bin/weir config check /etc/weir/weir.yaml"]
    assert service["ExecReload"] == ["/bin/kill -HUP $MAINPID"]  # the gateway reloads its policy on SIGHUP
    assert _unit()["Install"]["WantedBy"] == ["multi-user.target"]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_analyze_verify_finds_nothing_in_the_unit(tmp_path: Path) -> None:
    unit = tmp_path / "weir.service"
    unit.write_text(UNIT.read_text(encoding="utf-8").replace("/opt/weir/bin/weir", str(WEIR)), encoding="utf-8")
    done = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    broken = tmp_path / "broken.service"  # the same check, shown able to fail
    broken.write_text(unit.read_text(encoding="utf-8").replace("ProtectSystem=strict", "ProtectSystem=strikt"))
    done = subprocess.run(["systemd-analyze", "verify", str(broken)], capture_output=True, text=True, check=False)
    assert "protect system value" in done.stderr
