"""deploy/kubernetes/weir-fleet.yaml, deploy/compose.yaml and deploy/haproxy.cfg, checked without a
cluster: each Kubernetes object against a schema of the fields it uses (the API's required fields and
types, no unknown keys where a typo would silently do nothing), the references between them, the
weir.yaml they carry, and HAProxy's own check of its configuration."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from tests.fleetparts import haproxy_config, need
from weir.config import WeirConfig

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"

_NAME = {"type": "string", "pattern": r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$", "maxLength": 63}
_LABELS = {"type": "object", "additionalProperties": {"type": "string"}, "minProperties": 1}
_META = {
    "type": "object",
    "required": ["name"],
    "properties": {"name": _NAME, "labels": _LABELS, "namespace": _NAME},
    "additionalProperties": False,
}
_PROBE = {
    "type": "object",
    "required": ["httpGet"],
    "properties": {
        "httpGet": {
            "type": "object",
            "required": ["path", "port"],
            "properties": {
                "path": {"type": "string", "pattern": "^/"},
                "port": {"type": ["string", "integer"]},
                "httpHeaders": {"type": "array"},
            },
            "additionalProperties": False,
        },
        "periodSeconds": {"type": "integer", "minimum": 1},
    },
    "additionalProperties": False,
}
_CONTAINER = {
    "type": "object",
    "required": ["name", "image"],
    "properties": {
        "name": _NAME,
        "image": {"type": "string", "minLength": 1},
        "args": {"type": "array", "items": {"type": "string"}},
        "ports": {"type": "array", "items": {"type": "object", "required": ["containerPort"], "properties": {
            "name": {"type": "string", "maxLength": 15}, "containerPort": {"type": "integer", "minimum": 1,
            "maximum": 65535}, "protocol": {"enum": ["TCP", "UDP", "SCTP"]}}, "additionalProperties": False}},
        "env": {"type": "array", "items": {"type": "object", "required": ["name"], "properties": {
            "name": {"type": "string"}, "value": {"type": "string"}, "valueFrom": {"type": "object"}},
            "additionalProperties": False}},
        "readinessProbe": _PROBE,
        "livenessProbe": _PROBE,
        "securityContext": {"type": "object"},
        "volumeMounts": {"type": "array", "items": {"type": "object", "required": ["name", "mountPath"]}},
    },
    "additionalProperties": False,
}  # fmt: skip
SCHEMAS: dict[str, dict[str, Any]] = {
    "ConfigMap": {
        "type": "object",
        "required": ["apiVersion", "kind", "metadata", "data"],
        "properties": {"apiVersion": {"const": "v1"}, "kind": {"const": "ConfigMap"}, "metadata": _META,
                       "data": {"type": "object", "additionalProperties": {"type": "string"}}},
        "additionalProperties": False,
    },
    "Secret": {
        "type": "object",
        "required": ["apiVersion", "kind", "metadata"],
        "properties": {"apiVersion": {"const": "v1"}, "kind": {"const": "Secret"}, "metadata": _META,
                       "type": {"type": "string"}, "stringData": {"type": "object",
                       "additionalProperties": {"type": "string"}}},
        "additionalProperties": False,
    },
    "Deployment": {
        "type": "object",
        "required": ["apiVersion", "kind", "metadata", "spec"],
        "properties": {
            "apiVersion": {"const": "apps/v1"}, "kind": {"const": "Deployment"}, "metadata": _META,
            "spec": {"type": "object", "required": ["selector", "template"], "properties": {
                "replicas": {"type": "integer", "minimum": 2},
                "selector": {"type": "object", "required": ["matchLabels"], "properties": {"matchLabels": _LABELS}},
                "template": {"type": "object", "required": ["metadata", "spec"], "properties": {
                    "metadata": {"type": "object", "required": ["labels"], "properties": {"labels": _LABELS}},
                    "spec": {"type": "object", "required": ["containers"], "properties": {
                        "containers": {"type": "array", "minItems": 1, "items": _CONTAINER},
                        "volumes": {"type": "array", "items": {"type": "object", "required": ["name"]}},
                        "securityContext": {"type": "object"}}, "additionalProperties": False}}}},
                "additionalProperties": False},
        },
        "additionalProperties": False,
    },
    "Service": {
        "type": "object",
        "required": ["apiVersion", "kind", "metadata", "spec"],
        "properties": {
            "apiVersion": {"const": "v1"}, "kind": {"const": "Service"}, "metadata": _META,
            "spec": {"type": "object", "required": ["selector", "ports"], "properties": {
                "selector": _LABELS, "sessionAffinity": {"enum": ["None", "ClientIP"]},
                "ports": {"type": "array", "minItems": 1, "items": {"type": "object", "required": ["port"]}}},
                "additionalProperties": False},
        },
        "additionalProperties": False,
    },
}  # fmt: skip


def _objects() -> dict[str, dict[str, Any]]:
    docs = [d for d in yaml.safe_load_all((DEPLOY / "kubernetes" / "weir-fleet.yaml").read_text()) if d]
    return {d["kind"]: d for d in docs}


def test_every_object_fits_its_schema() -> None:
    objects = _objects()
    assert set(objects) == set(SCHEMAS)
    for kind, obj in objects.items():
        jsonschema.validate(obj, SCHEMAS[kind])


def test_a_typo_in_an_object_is_caught() -> None:
    deployment = _objects()["Deployment"]
    broken = {**deployment, "spec": {**deployment["spec"], "replica": 3}}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, SCHEMAS["Deployment"])


def test_the_objects_refer_to_each_other() -> None:
    o = _objects()
    labels = o["Deployment"]["spec"]["template"]["metadata"]["labels"]
    assert o["Deployment"]["spec"]["selector"]["matchLabels"] == labels
    assert o["Service"]["spec"]["selector"] == labels
    pod = o["Deployment"]["spec"]["template"]["spec"]
    [container] = pod["containers"]
    secret_keys = set(o["Secret"]["stringData"])
    for env in container["env"]:
        ref = env["valueFrom"]["secretKeyRef"]
        assert ref["name"] == o["Secret"]["metadata"]["name"]
        assert ref["key"] in secret_keys
    volumes = {v["name"]: v for v in pod["volumes"]}
    assert {m["name"] for m in container["volumeMounts"]} <= set(volumes)
    assert volumes["config"]["configMap"]["name"] == o["ConfigMap"]["metadata"]["name"]
    port_names = {p["name"] for p in container["ports"]}
    assert {p["targetPort"] for p in o["Service"]["spec"]["ports"]} <= port_names
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"


def test_the_weir_yaml_they_carry_is_valid_and_its_redis_url_comes_from_the_secret() -> None:
    o = _objects()
    config = WeirConfig.model_validate(yaml.safe_load(o["ConfigMap"]["data"]["weir.yaml"]))
    assert config.state.redis is not None
    [container] = o["Deployment"]["spec"]["template"]["spec"]["containers"]
    assert config.state.redis.url_env in {e["name"] for e in container["env"]}
    assert container["args"][:2] == ["--config", "/etc/weir/weir.yaml"]  # the image's entrypoint is `weir gateway`


def test_the_compose_file_runs_three_replicas_behind_haproxy_sharing_redis() -> None:
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    services = compose["services"]
    assert {"redis", "haproxy", "weir-1", "weir-2", "weir-3"} <= set(services)
    config = WeirConfig.model_validate(yaml.safe_load((DEPLOY / "fleet.weir.yaml").read_text()))
    assert config.state.redis is not None
    for name in ("weir-1", "weir-2", "weir-3"):
        assert config.state.redis.url_env in services[name]["environment"]
        assert services[name]["build"]["args"]["EXTRAS"] == "fleet"
    backends = (DEPLOY / "haproxy.cfg").read_text()
    assert all(f"server {n} {n}:8080" in backends for n in ("weir-1", "weir-2", "weir-3"))


@pytest.mark.parametrize("which", ["deploy/haproxy.cfg", "the tests' configuration"])
def test_haproxy_accepts_the_configuration(which: str, tmp_path: Path) -> None:
    binary = need("haproxy")
    path = DEPLOY / "haproxy.cfg"
    if which != "deploy/haproxy.cfg":
        path = tmp_path / "haproxy.cfg"
        path.write_text(haproxy_config(18080, [18081, 18082], affinity=True))
    out = subprocess.run([binary, "-c", "-f", str(path)], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stdout + out.stderr
