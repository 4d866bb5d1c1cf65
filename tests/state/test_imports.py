"""Without ``state:`` nothing of the fleet's is imported: not by ``import weir``, not by the gateway."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

NETWORK_CLIENTS = ("redis", "weir.state.redis", "weir.state.quotas", "weir.state.buckets")


@pytest.mark.parametrize(
    "imports",
    [
        "import weir",
        "import weir.gateway.proxy",
        "import weir.serving.deployment",
        "from weir.config import WeirConfig; from weir.serving.deployment import build_deployment",
    ],
)
def test_no_redis_is_imported(imports: str) -> None:
    probe = f"import sys, json; {imports}; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded = set(json.loads(out.stdout))
    assert not loaded & set(NETWORK_CLIENTS), sorted(loaded & set(NETWORK_CLIENTS))
    assert not any(m.startswith("redis.") for m in loaded)


def test_a_gateway_built_without_state_shares_nothing(tmp_path: object) -> None:
    """The deployment of a weir.yaml without ``state:`` runs its worker alone, as before."""
    from weir.config import WeirConfig
    from weir.serving.deployment import build_deployment

    config = WeirConfig.model_validate({"servers": {"x": {"command": ["true"]}}, "audit": {"path": ":memory:"}})
    deployment = build_deployment(config)
    assert deployment.shared is None
    assert deployment.gateway.pipeline.worker.shared is None
