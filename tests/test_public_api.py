"""The public surface is a decision: adding or removing a name must change this test."""

import json
import subprocess
import sys

import pytest

import weir


def test_public_api_is_exactly_the_documented_names() -> None:
    assert weir.__all__ == sorted(weir.__all__)
    assert set(weir.__all__) == {
        "AuditError",
        "ConfigError",
        "DataLabel",
        "Decision",
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


def _loaded_after(code: str) -> list[str]:
    probe = f"import sys, json\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    return list(json.loads(subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True).stdout))


def test_importing_weir_loads_no_library_layer_until_a_name_is_used() -> None:
    loaded = _loaded_after("import weir\nassert issubclass(weir.AuditError, weir.WeirError)")
    heavy = ("numpy", "pydantic", "pydantic_core", "cel", "yaml", "sqlite3", "httpx2", "mcp", "typer")
    assert [m for m in loaded if m.split(".")[0] in heavy] == []
    layers = ("weir.guard", "weir.flow", "weir.labels", "weir.policy", "weir.detect", "weir.config")
    assert [m for m in loaded if m.startswith(layers)] == []
    assert "weir.errors" in loaded  # the probe did import weir


def test_a_lazy_name_is_the_defining_modules_object() -> None:
    from weir.guard import Guard
    from weir.labels import DataLabel
    from weir.policy import Verdict

    assert (weir.Guard, weir.DataLabel, weir.Verdict) == (Guard, DataLabel, Verdict)
    assert set(weir.__all__) <= set(dir(weir))
    with pytest.raises(AttributeError, match="no attribute 'Gaurd'"):
        _ = weir.Gaurd  # type: ignore[attr-defined]


def test_importing_weir_loads_no_database_http_gateway_or_serving_code() -> None:
    loaded = _loaded_after("import weir\nweir.Guard")
    heavy = ("sqlite3", "_sqlite3", "httpx", "httpx2", "starlette", "uvicorn", "anyio", "mcp", "cbor2")
    heavy += ("prompt_toolkit", "pygments", "rich", "typer")  # CEL's shell: weir.policy.celimport defers it
    assert [m for m in loaded if m.split(".")[0] in heavy or m.startswith(("weir.gateway", "weir.serving"))] == []
    assert "weir.guard" in loaded  # the probe did import the library


def test_cels_shell_still_loads_whole_when_something_asks_for_it() -> None:
    probe = (
        "import sys, weir; weir.Guard; import cel; assert 'prompt_toolkit' not in sys.modules; "
        "assert cel.evaluate('1 + 2', {}) == 3; print(cel.cli.PromptSession.__module__)"
    )
    done = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True)
    assert done.stdout.strip().startswith("prompt_toolkit")
