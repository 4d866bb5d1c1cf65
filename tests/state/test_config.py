"""``state: {redis: …}`` in weir.yaml: validated by `weir config check`, the URL read from the
environment and never printed, a deployment that shares its sessions, ``/readyz`` reporting Redis."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from tests.fleetparts import Redis
from weir.cli.app import app
from weir.config import load_config
from weir.configcheck import check_config
from weir.errors import ConfigError
from weir.serving.deployment import build_deployment

SECRET = "s3cr3t-redis-pass"


def _write(tmp_path: Path, state: object) -> Path:
    path = tmp_path / "weir.yaml"
    config = {"servers": {"web": {"command": ["python", "-m", "weir.demo_servers.web"]}},
              "audit": {"path": "audit.db"}, "state": state}  # fmt: skip
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    return path


def test_config_check_names_the_missing_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FLEET_REDIS", raising=False)
    report = check_config(_write(tmp_path, {"redis": {"url_env": "FLEET_REDIS"}}))
    errors = [p for p in report.problems if p.severity == "error"]
    assert [p.message for p in errors] == [
        "state.redis: the environment variable FLEET_REDIS is not set (it holds the Redis URL)"
    ]
    assert errors[0].line is not None  # located at the key


def test_config_check_refuses_a_bad_url_without_printing_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLEET_REDIS", f"http://user:{SECRET}@host:6379/0")
    report = check_config(_write(tmp_path, {"redis": {"url_env": "FLEET_REDIS"}}))
    text = "\n".join(str(p) for p in report.problems)
    assert "must be a redis://, rediss:// or unix:// URL" in text
    assert SECRET not in text
    monkeypatch.setenv("FLEET_REDIS", f"redis://:{SECRET}@127.0.0.1:6379/0")
    report = check_config(_write(tmp_path, {"redis": {"url_env": "FLEET_REDIS"}}))
    assert not [p for p in report.problems if p.severity == "error"]


def test_an_unknown_state_key_is_a_schema_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"state\.redis\.url"):
        load_config(_write(tmp_path, {"redis": {"url": "redis://127.0.0.1"}}))


def test_the_gateway_refuses_to_start_without_the_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FLEET_REDIS", raising=False)
    config = load_config(_write(tmp_path, {"redis": {"url_env": "FLEET_REDIS"}}))
    with pytest.raises(ConfigError, match="FLEET_REDIS is not set"):
        build_deployment(config)


def test_readyz_reports_redis_and_the_deployment_shares_its_sessions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, redis: Redis
) -> None:
    import asyncio

    monkeypatch.setenv("FLEET_REDIS", redis.url)
    deployment = build_deployment(load_config(_write(tmp_path, {"redis": {"url_env": "FLEET_REDIS", "timeout_s": 1}})))
    assert deployment.gateway.pipeline.worker.shared is deployment.shared
    deployment.health.started = True
    shared = deployment.shared
    assert shared is not None

    async def twice() -> tuple[dict[str, object], dict[str, object]]:
        await shared.ping()  # type: ignore[attr-defined]
        up = deployment.health.readiness()[1]
        redis.stop()
        await shared.ping()  # type: ignore[attr-defined]
        down = deployment.health.readiness()[1]
        await shared.close()  # type: ignore[attr-defined]
        return up, down

    up, down = asyncio.run(twice())
    assert up["dependencies"]["redis"] == "ok"  # type: ignore[index]
    deps = down["dependencies"]
    assert isinstance(deps, dict)
    assert deps["redis"].startswith("Redis does not answer")
    assert down["ready"] is False
    assert any(str(p).startswith("redis does not answer") for p in down["problems"])  # type: ignore[attr-defined]
    assert redis.url not in json.dumps(down)


def test_weir_config_check_cli_exits_nonzero_on_a_missing_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # In-process (the command's exit code and words are the point, not the interpreter): a
    # subprocess paid a whole `weir` start for it.
    monkeypatch.delenv("WEIR_TEST_UNSET_REDIS_URL", raising=False)
    path = _write(tmp_path, {"redis": {"url_env": "WEIR_TEST_UNSET_REDIS_URL"}})
    out = CliRunner().invoke(app, ["config", "check", str(path)])
    assert out.exit_code == 2
    assert "WEIR_TEST_UNSET_REDIS_URL is not set" in out.output
