"""Operators sign in to the console with OpenID Connect (authorization code + PKCE) at a real
provider (oidc-provider, its development login form), and only an operators' group operates.

The browser is an HTTP client that follows redirects and fills in the provider's forms as a person
would; the console checks the ID token itself (signature, issuer, audience, expiry, nonce).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urljoin

import httpx2
import pytest

from tests.identity.authserver import AuthServer, Client
from tests.identity.conftest import deployment, serving

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

SECRET_ENV = "WEIR_TEST_CONSOLE_SECRET"
CONSOLE_SECRET = "console-secret-7a3f9e1c5b"


@pytest.fixture(scope="module")
def provider(tmp_path_factory: pytest.TempPathFactory, gateway_port: int) -> Iterator[AuthServer]:
    callback = f"http://127.0.0.1:{gateway_port}/console/login/oidc/callback"
    console = Client("weir-console", CONSOLE_SECRET, scope="openid profile", redirect_uris=[callback])
    server = AuthServer(tmp_path_factory.mktemp("provider"), [console], {})
    server.accounts = {"olga": ["weir-operators"], "ivan": ["interns"]}
    server.start()
    try:
        yield server
    finally:
        server.stop()


def _operators(provider: AuthServer, port: int) -> dict[str, object]:
    return {
        "issuer": provider.issuer,
        "client_id": "weir-console",
        "client_secret_env": SECRET_ENV,
        "redirect_url": f"http://127.0.0.1:{port}/console/login/oidc/callback",
        "operator_groups": ["weir-operators"],
    }


async def _sign_in(http: httpx2.AsyncClient, console: str, login: str) -> httpx2.Response:
    """Follow the sign-in as a browser: to the provider, its login and consent forms, and back;
    returns the console's answer to the callback."""
    response = await http.get(f"{console}/console/login/oidc")
    for _ in range(20):
        if response.is_redirect:
            target = urljoin(str(response.url), response.headers["location"])
            response = await http.get(target)
            if target.startswith(f"{console}/console/login/oidc/callback"):
                return response
            continue
        form = re.search(r'<form[^>]*action="([^"]+)"[^>]*>(.*?)</form>', response.text, re.S)
        assert form is not None, response.text
        fields = dict(re.findall(r'<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"', form.group(2)))
        if 'name="login"' in form.group(2):
            fields |= {"login": login, "password": "any"}
        response = await http.post(urljoin(str(response.url), form.group(1)), data=fields)
    raise AssertionError("the sign-in did not come back to the console")


async def test_an_operator_signs_in_and_others_do_not(
    provider: AuthServer, resource: str, gateway_port: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SECRET_ENV, CONSOLE_SECRET)
    dep = deployment(provider, resource, auth_operators=_operators(provider, gateway_port))
    console = f"http://127.0.0.1:{gateway_port}"
    async with serving(dep, gateway_port):
        async with httpx2.AsyncClient(timeout=30) as browser:
            login = await browser.get(f"{console}/console/login")
            assert "/console/login/oidc" in login.text
            done = await _sign_in(browser, console, "olga")
            assert done.status_code == 200, done.text
            status = await browser.get(f"{console}/console/")
            assert status.status_code == 200
            assert "oidc:olga" in status.text
        async with httpx2.AsyncClient(timeout=30) as browser:
            refused = await _sign_in(browser, console, "ivan")
            assert refused.status_code == 403
            assert "not in an operators" in refused.text
            assert (await browser.get(f"{console}/console/")).status_code != 200
            again = await browser.get(str(refused.url))  # the same callback once more: its state is spent
            assert again.status_code == 403
            assert "not started here" in again.text
