"""The public surface is a decision: adding or removing a name must change this test."""

import json
import subprocess
import sys

import weir


def test_public_api_is_exactly_the_documented_names() -> None:
    assert weir.__all__ == sorted(weir.__all__)
    assert set(weir.__all__) == {
        "AuditError",
        "ConfigError",
        "DataLabel",
        "Decision",
        "DecisionError",
        "DetectorError",
        "Finding",
        "Guard",
        "GuardConfig",
        "PolicyCompileError",
        "ProtocolError",
        "ToolProfile",
        "UpstreamError",
        "Verdict",
        "WeirConfig",
        "WeirError",
        "__version__",
        "load_config",
    }


def test_every_public_name_resolves() -> None:
    for name in weir.__all__:
        assert getattr(weir, name) is not None, name


def test_importing_weir_loads_no_database_http_gateway_or_serving_code() -> None:
    probe = "import sys, json, weir; print(json.dumps(sorted(sys.modules)))"
    loaded = json.loads(subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True).stdout)
    heavy = ("sqlite3", "_sqlite3", "httpx", "httpx2", "starlette", "uvicorn", "anyio", "mcp")
    assert [m for m in loaded if m.split(".")[0] in heavy or m.startswith(("weir.gateway", "weir.serving"))] == []
    assert "weir.guard" in loaded  # the probe did import the library
