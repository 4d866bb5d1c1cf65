"""The ``oauth`` extra stays optional: ``import weir`` loads nothing of it, and a gateway with
``auth.resource_server`` configured loads ``joserfc`` only when it checks a token."""

from __future__ import annotations

import json
import subprocess
import sys


def _loaded(code: str) -> list[str]:
    probe = f"import sys, json\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True)
    return list(json.loads(done.stdout.strip().splitlines()[-1]))


def test_import_weir_loads_no_identity_code() -> None:
    # `import weir` is lazy: touching a public name loads the guard, still none of the identity layer.
    loaded = _loaded("import weir\nweir.Guard")
    assert [m for m in loaded if m.startswith(("joserfc", "weir.identity"))] == []
    assert "weir.guard" in loaded


def test_a_configured_resource_server_loads_joserfc_only_to_check_a_token() -> None:
    build = (
        "from weir.config import WeirConfig\n"
        "from weir.identity.resource import ResourceServer\n"
        "c = WeirConfig.model_validate({'auth': {'resource_server': "
        "{'issuer': 'https://as.example', 'resource': 'https://weir.example/mcp'}}})\n"
        "rs = ResourceServer(c.auth.resource_server)\n"
        "assert rs.document()['resource'] == 'https://weir.example/mcp'"
    )
    loaded = _loaded(build)
    assert "weir.identity.resource" in loaded
    assert [m for m in loaded if m.startswith("joserfc")] == []
