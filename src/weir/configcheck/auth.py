"""`weir config check` on the ``auth:`` section: what its types cannot say.

Errors: a credential for a stdio server (only HTTP upstreams take one), a credential whose
secret is not where it says (an unset variable, a missing or empty file: the gateway would not
start), and a resource server without the ``oauth`` extra installed (every token would be
refused). The issuer and resource URLs are checked by the section's types. Nothing here connects
to the authorization server.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

from weir.config import WeirConfig
from weir.configcheck.problems import Locator, Problem
from weir.identity.config import UpstreamCredential

__all__ = ["auth_problems"]


def auth_problems(where: Locator, config: WeirConfig) -> list[Problem]:
    """Every problem of the ``auth:`` section."""
    out: list[Problem] = []
    base = config.base_dir or Path.cwd()
    for name, credential in config.auth.upstreams.items():
        loc = ("auth", "upstreams", name)
        server = config.servers.get(name)
        if server is None:
            why = f"auth.upstreams.{name}: no server `{name}` is configured under `servers:`"
            out.append(where.problem("error", why, loc, key=True))
        elif server.command:
            why = f"auth.upstreams.{name}: `{name}` is a stdio server; only an HTTP server (`url`) takes a credential"
            out.append(where.problem("error", why, loc, key=True))
        out.extend(where.problem("error", f"auth.upstreams.{name}.{why}", loc) for why in _secret(credential, base))
    signin = config.auth.operators
    if signin is not None:
        if signin.client_secret_env is not None and not os.environ.get(signin.client_secret_env, "").strip():
            why = f"auth.operators.client_secret_env: the variable {signin.client_secret_env} is not set here"
            out.append(where.problem("error", why, ("auth", "operators", "client_secret_env")))
        if signin.client_secret_file is not None and not (base / signin.client_secret_file).is_file():
            why = f"auth.operators.client_secret_file: {base / signin.client_secret_file} does not exist"
            out.append(where.problem("error", why, ("auth", "operators", "client_secret_file")))
    needs_jose = config.auth.resource_server is not None or signin is not None
    if needs_jose and importlib.util.find_spec("joserfc") is None:
        why = (
            "auth.resource_server needs the `oauth` extra (pip install 'mcp-weir[oauth]'): every token would be refused"
        )
        out.append(where.problem("error", why, ("auth", "resource_server"), key=True))
    return out


def _secret(credential: UpstreamCredential, base: Path) -> list[str]:
    """Where the credential's secret should be and is not."""
    if credential.env is not None and not os.environ.get(credential.env, "").strip():
        return [f"env: the variable {credential.env} is not set here"]
    files = [("file", credential.file)]
    oauth = credential.oauth
    if oauth is not None:
        if oauth.client_secret_env is not None and not os.environ.get(oauth.client_secret_env, "").strip():
            return [f"oauth.client_secret_env: the variable {oauth.client_secret_env} is not set here"]
        files.append(("oauth.client_secret_file", oauth.client_secret_file))
    out = []
    for key, name in files:
        if name is not None and not (base / name).is_file():
            out.append(f"{key}: {base / name} does not exist")
    return out
