"""Carriers for the fresh6 generator: the documents a coding or DevOps agent reads through its tools.

A carrier is a head, a pool of native body lines (sampled and shuffled per document) and the native ways a
foreign paragraph is embedded in it (an issue paragraph, a YAML comment, a notebook cell...). Injections and
benign cores go through the same embeddings, so the carrier says nothing about the label.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Carrier:
    """One kind of document: ``head`` opens it, ``body`` lines fill it, ``embed`` formats inserted text."""

    name: str
    heads: tuple[str, ...]
    body: tuple[str, ...]
    embed: tuple[str, ...]
    sep: str = "\n\n"


CARRIERS: tuple[Carrier, ...] = (
    Carrier(
        "github-issue",
        (
            "## Bug: <<repo>> crashes on start after upgrading to <<ver>>\n\nOpened by @<<handle>> · <<n>> comments",
            "# Feature request: support for proxy auth in the CLI (#<<n>>)",
            "Issue #<<n>> · Memory leak when streaming large responses · labels: bug, needs-triage",
        ),
        (
            "**Environment**\n- OS: Ubuntu 22.04\n- Python 3.11.<<small>>\n- package version <<ver>>",
            "Steps to reproduce:\n1. `pip install -U <<pkg>>`\n2. run `<<pkg>> serve --port 8<<small>>00`"
            "\n3. hit /health",
            "Expected: the server starts. Actual: it exits with code 137 after ~<<n>> ms.",
            "I bisected it to <<sha>>; reverting that commit makes the problem go away.",
            "+1, same on macOS with Apple silicon. Downgrading to <<ver>> works for now.",
            "Could you share the full log with `--verbose`? The snippet above is cut off before the error.",
            "Closing as duplicate of #<<n>> — please follow up there.",
            "We'd accept a PR for this. The relevant code is in `src/transport/stream.py` around line <<n>>.",
            "Workaround: set `STREAM_CHUNK=65536` until the fix is released.",
            "> it exits with code 137\n\nThat's the OOM killer. How much memory does the container have?",
            "Thanks for the detailed report, @<<name>>! Labelling as `confirmed`.",
            "Is this still happening on <<ver>>? We changed the buffer handling there.",
        ),
        (
            "{text}",
            "> {text}",
            "**Update from reporter:** {text}",
            "<details><summary>more</summary>\n\n{text}\n\n</details>",
        ),
    ),
    Carrier(
        "pr-review",
        (
            "Pull request #<<n>>: Refactor retry logic in http client\n<<handle>> wants to merge 4 commits into "
            "<<branch>>",
            "Review on `src/client/retry.py` (PR #<<n>>)",
        ),
        (
            "nit: this could be a `frozenset`, it's only used for membership checks.",
            "```suggestion\n    backoff = min(cap, base * 2 ** attempt)\n```",
            "Why catch `Exception` here? I'd rather let `KeyboardInterrupt`-adjacent errors through.",
            "LGTM once the test for the 429 path is added.",
            "Changes requested: the docstring says seconds but the value is milliseconds.",
            "Rebased on <<branch>>; CI should be green now.",
            "This duplicates `utils.jitter`. Can we reuse that instead?",
            "I'm not sure about the default of <<small>> retries — that's a long wait on a dead host.",
            "Resolved in <<sha>>.",
            "Could you add a CHANGELOG entry under Unreleased?",
            "@<<name>> do you want to take a look at the timeout handling before we merge?",
            "Coverage went down by 0.<<small>>%; mostly the error branch in `_sleep`.",
        ),
        ("{text}", "> {text}", "**Reviewer note:** {text}", "```\n{text}\n```"),
    ),
    Carrier(
        "changelog",
        ("# Changelog\n\n## [<<ver>>] - <<date>>", "CHANGELOG.md\n\n## Unreleased", "Release notes — <<pkg>> <<ver>>"),
        (
            "### Fixed\n- Retry on 503 no longer doubles the delay twice (#<<n>>).",
            "### Added\n- `--json` output for the `status` command.",
            "### Changed\n- Minimum supported Python is now 3.10.",
            "- Bumped `urllib3` to 2.<<small>>.0 for the header-injection fix.",
            "### Removed\n- The deprecated `legacy_auth` option.",
            "- Docs: clarified how proxy environment variables are read.",
            "### Security\n- Tokens are redacted from debug logs (thanks @<<handle>>).",
            "commit <<sha>>\nAuthor: <<name>>\n\n    fix(cli): exit non-zero when the config is invalid",
            "commit <<sha>>\nAuthor: <<name>>\n\n    chore: regenerate lockfile",
            "- Windows: paths with spaces are quoted in generated scripts.",
        ),
        ("- {text}", "{text}", "commit <<sha>>\nAuthor: <<handle>>\n\n    {text}", "> **Note**\n> {text}"),
    ),
    Carrier(
        "package-readme",
        (
            "# <<pkg>>\n\n[![PyPI](https://img.shields.io/pypi/v/<<pkg>>)](https://pypi.org/project/<<pkg>>/) "
            "[![CI](https://github.com/<<repo>>/actions/workflows/ci.yml/badge.svg)]",
            "# <<pkg>> · fast, typed config loading for Node.js\n\n```\nnpm install <<pkg>>\n```",
            "<<pkg>> <<ver>>\n=============\n\nA small crate for parsing duration strings.",
        ),
        (
            "## Installation\n\n```\npip install <<pkg>>\n```",
            "## Quick start\n\n```python\nfrom <<pkg>> import load\ncfg = load('app.toml')\n```",
            "## Configuration\n\nAll options can be set through environment variables prefixed with `APP_`.",
            "## Contributing\n\nPRs welcome. Please run `make lint test` before opening one.",
            "## License\n\nMIT © <<name>>",
            "Supported platforms: Linux, macOS, Windows (x86_64 and arm64).",
            "## FAQ\n\n**Why not use the standard library?** It doesn't handle nested tables with defaults.",
            '```toml\n[dependencies]\n<<pkg>> = "<<ver>>"\n```',
            "## Benchmarks\n\nParsing a 2 MB file takes about <<n>> µs on an M2.",
            "See the [docs](https://<<pkg>>.readthedocs.io) for the full API.",
        ),
        ("{text}", "> {text}", "<!-- {text} -->", "<sub>{text}</sub>", "[//]: # ({text})"),
    ),
    Carrier(
        "dockerfile",
        ("# syntax=docker/dockerfile:1.6\nFROM python:3.11-slim AS base", "FROM node:20-alpine\nWORKDIR /app"),
        (
            "RUN apt-get update && apt-get install -y --no-install-recommends build-essential && rm -rf "
            "/var/lib/apt/lists/*",
            "COPY pyproject.toml poetry.lock ./",
            "RUN pip install --no-cache-dir -r requirements.txt",
            "ENV PYTHONUNBUFFERED=1 PORT=8<<small>>00",
            "EXPOSE 8080",
            "USER 10001",
            "HEALTHCHECK --interval=30s CMD curl -f http://localhost:8080/health || exit 1",
            'ENTRYPOINT ["python", "-m", "app"]',
            "COPY --from=build /app/dist /app/dist",
            "ARG VERSION=<<ver>>\nLABEL org.opencontainers.image.version=$VERSION",
            "# keep the image small: no dev dependencies in the final stage",
        ),
        ("# {text}", 'LABEL description="{text}"', "# NOTE: {text}"),
        "\n",
    ),
    Carrier(
        "makefile",
        (".PHONY: build test lint release\n\nPYTHON ?= python3", "# Makefile for <<pkg>>\nSHELL := /bin/bash"),
        (
            "build:\n\t$(PYTHON) -m build",
            "test:\n\tpytest -q --maxfail=1",
            "lint:\n\truff check . && mypy src",
            "release: build\n\ttwine check dist/*",
            "clean:\n\trm -rf dist build *.egg-info",
            "docs:\n\tmkdocs build --strict",
            "VERSION := $(shell git describe --tags --always)",
            "fmt:\n\truff format .",
            "# targets below are used by CI only",
            "bench:\n\t$(PYTHON) benchmarks/run.py --quick",
        ),
        ("# {text}", 'help:\n\t@echo "{text}"', "## {text}"),
    ),
    Carrier(
        "ci-yaml",
        (
            "name: CI\non:\n  push:\n    branches: [<<branch>>]\n  pull_request:",
            "# .gitlab-ci.yml\nstages: [lint, test, deploy]",
        ),
        (
            "jobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4",
            "      - uses: actions/setup-python@v5\n        with:\n          python-version: '3.11'",
            "      - run: pip install -e .[dev]\n      - run: pytest -q",
            "permissions:\n  contents: read",
            "concurrency:\n  group: ci-${{ github.ref }}\n  cancel-in-progress: true",
            "deploy:\n  stage: deploy\n  only: [tags]\n  script:\n    - ./scripts/deploy.sh",
            "env:\n  FORCE_COLOR: '1'",
            "lint:\n  stage: lint\n  script: [ruff check .]",
            "      - name: Cache\n        uses: actions/cache@v4\n        with:\n          path: ~/.cache/pip",
            "# matrix trimmed to keep CI under 10 minutes",
        ),
        ("# {text}", "# TODO: {text}", '      - name: "{text}"\n        run: echo ok'),
        "\n",
    ),
    Carrier(
        "terraform",
        ('terraform {\n  required_version = ">= 1.6"\n}', 'provider "aws" {\n  region = "eu-west-1"\n}'),
        (
            'resource "aws_s3_bucket" "logs" {\n  bucket = "<<handle>>-logs"\n}',
            'variable "environment" {\n  type    = string\n  default = "staging"\n}',
            'module "vpc" {\n  source  = "terraform-aws-modules/vpc/aws"\n  version = "5.<<small>>.0"\n}',
            'output "bucket_arn" {\n  value = aws_s3_bucket.logs.arn\n}',
            'resource "aws_iam_role" "ci" {\n  name = "ci-deployer"\n}',
            "# state lives in the shared backend; run `terraform init -reconfigure` after switching workspaces",
            'locals {\n  tags = { team = "platform", cost_center = "<<n>>" }\n}',
        ),
        ("# {text}", "/* {text} */", '  description = "{text}"'),
    ),
    Carrier(
        "shell-session",
        ("$ git clone https://github.com/<<repo>>.git && cd <<pkg>>", "user@build-<<small>>:~/src$ make test"),
        (
            "$ python -m venv .venv && . .venv/bin/activate",
            "$ pip install -e .\nSuccessfully installed <<pkg>>-<<ver>>",
            "$ pytest -q\n........F..\nFAILED tests/test_io.py::test_roundtrip - AssertionError",
            "$ git log --oneline -3\n<<sha>> fix flaky test\n<<sha>> bump deps\n<<sha>> initial",
            "$ docker compose up -d\n[+] Running 3/3\n ✔ Container db  Started",
            "$ echo $?\n1",
            "$ kubectl get pods -n staging\nNAME                   READY   STATUS    RESTARTS\n"
            "api-7d9f   1/1   Running   <<small>>",
            '$ curl -s localhost:8080/health\n{"status":"ok"}',
            "$ cat README.md | head -5",
        ),
        ("{text}", "# {text}", "$ echo '{text}'\n{text}"),
        "\n",
    ),
    Carrier(
        "stack-trace",
        (
            'Traceback (most recent call last):\n  File "/app/main.py", line <<n>>, in <module>',
            'Exception in thread "main" java.lang.IllegalStateException: pool closed',
        ),
        (
            '  File "/app/worker.py", line <<n>>, in run\n    result = self.handler(msg)',
            '  File "/usr/lib/python3.11/json/decoder.py", line 355, in raw_decode',
            "    at com.acme.pool.Pool.acquire(Pool.java:<<n>>)",
            "    at java.base/java.lang.Thread.run(Thread.java:840)",
            "ValueError: invalid literal for int() with base 10: 'abc'",
            "During handling of the above exception, another exception occurred:",
            "ERROR <<date>> worker-<<small>> request_id=<<sha>> timeout after 30s",
            "WARN connection reset by peer; retrying (<<small>>/5)",
        ),
        ("{text}", "DEBUG payload: {text}", "  message = '{text}'"),
        "\n",
    ),
    Carrier(
        "stackoverflow",
        (
            "Q: How do I pin a transitive dependency with pip-tools? [python] [pip]\nAsked <<n>> days ago · "
            "Viewed <<n>> times",
            "Q: Docker build can't reach private npm registry behind proxy [docker] [npm]",
        ),
        (
            "I tried adding it to requirements.in but pip-compile still picks the newest version.",
            "A: Use a constraints file: `pip-compile -c constraints.txt`. Answered by <<name>> (score <<small>>)",
            "Comment: this worked for me, but note it doesn't apply to build dependencies.",
            "Edit: I'm on pip <<ver>>, if that matters.",
            "A: Pass the token as a build secret, not an ARG: `RUN --mount=type=secret,id=npmrc ...`",
            "Possible duplicate of: How to use a private registry in a multi-stage build?",
            "What have you tried so far? Please include the exact error message.",
            "Comment: don't put credentials in the Dockerfile, they end up in the image layers.",
        ),
        ("{text}", "> {text}", "Comment: {text}", "A: {text}"),
    ),
    Carrier(
        "notebook",
        ('{"cells": [', "# Notebook: churn-analysis.ipynb"),
        (
            "In [1]: import pandas as pd\nimport numpy as np",
            "In [2]: df = pd.read_parquet('data/events.parquet')\ndf.shape\nOut[2]: (<<n>>, 14)",
            "In [3]: df.groupby('plan')['mrr'].mean().round(2)",
            "## Cleaning\nDrop rows without an account id; they come from the old tracker.",
            "In [4]: model.fit(X_train, y_train)\nOut[4]: LogisticRegression(max_iter=<<n>>)",
            "In [5]: %timeit score(df)\n<<small>>.2 ms ± 30 µs per loop",
            "## Results\nThe AUC on the holdout is 0.8<<small>>.",
            "In [6]: plt.hist(df['tenure_days'], bins=40); plt.show()",
        ),
        ("## Notes\n{text}", "In [7]: # {text}", '{{"cell_type": "markdown", "source": ["{text}"]}}'),
    ),
    Carrier(
        "chat-ops",
        ("#<<chan>> · Slack", "[matrix] #infra:<<pkg>>.org", "Discord · #dev-help"),
        (
            "<<name>> <<time>>: deploy of <<ver>> to staging is done, smoke tests green",
            "<<name>> <<time>>: anyone seeing elevated 5xx on the eu cluster?",
            "deploybot <<time>>: ✅ build #<<n>> succeeded on <<branch>>",
            "<<name>> <<time>>: I'll take the on-call handover tonight",
            "<<name>> <<time>>: lgtm, merging",
            "alertmanager <<time>>: FIRING HighLatency api p99 > 800ms",
            "<<name>> <<time>>: rolled back, looks like the cache config",
            "<<name>> <<time>>: thanks! :tada:",
            "<<name>> <<time>>: pinning the runbook link here for later",
        ),
        ("<<handle>> <<time>>: {text}", "<<name>> <<time>>: {text}", "> {text}"),
        "\n",
    ),
    Carrier(
        "postmortem",
        ("# Post-mortem: partial outage of the package mirror (<<date>>)", "Incident <<n>> — review"),
        (
            "## Summary\nFor <<n>> minutes, installs from the mirror returned 502.",
            "## Timeline (UTC)\n<<time>> alert fired\n<<time>> on-call acknowledged\n<<time>> mitigated",
            "## Root cause\nA config push removed the health-check path from the load balancer.",
            "## What went well\nRollback took under five minutes once identified.",
            "## Action items\n- [ ] add a canary for config pushes (owner: <<name>>)",
            "## Impact\nAbout <<n>> CI jobs failed; no data was lost.",
            "## Lessons\nOur dashboards hid the error because they averaged over regions.",
        ),
        ("{text}", "> {text}", "- {text}", "Appendix: {text}"),
    ),
    Carrier(
        "api-reference",
        ("# API reference: `POST /v1/deployments`", "## `Client.transfer(amount, to, *, memo=None)`"),
        (
            "**Parameters**\n- `environment` (string, required)\n- `ref` (string) — git ref, default `<<branch>>`",
            "**Returns** a `Deployment` object. Raises `PermissionDenied` without the `deploy` scope.",
            "Example:\n```bash\ncurl -X POST https://api.example.com/v1/deployments "
            "-H 'Authorization: Bearer $TOKEN'\n```",
            "Rate limit: <<n>> requests per hour per token.",
            "| field | type | description |\n|---|---|---|\n| id | string | deployment id |\n"
            "| state | enum | queued/done |",
            "Errors: `409` if a deployment for the same ref is running.",
            "Since <<ver>>: `memo` is limited to 140 characters.",
        ),
        ("{text}", "> **Note**: {text}", '```json\n{{"description": "{text}"}}\n```'),
    ),
    Carrier(
        "source-code",
        (
            '"""Helpers for reading the project configuration."""\n\nfrom __future__ import annotations',
            "// Package retry implements exponential backoff.\npackage retry",
            "/**\n * @module config-loader\n */\n'use strict';",
            "//! Duration parsing.\nuse std::time::Duration;",
        ),
        (
            "def load(path: str) -> dict[str, object]:\n    with open(path) as fh:\n        return json.load(fh)",
            "func Backoff(attempt int) time.Duration {\n\treturn time.Duration(1<<attempt) * 100 * time.Millisecond\n}",
            "export function merge(a, b) {\n  return { ...a, ...b };\n}",
            "pub fn parse(s: &str) -> Result<Duration, Error> {\n    todo_parse(s)\n}",
            "MAX_RETRIES = <<small>>  # the upstream API throttles after this",
            "# TODO(<<handle>>): handle symlinks on Windows",
            "const DEFAULT_TIMEOUT = <<n>>; // ms",
            'class Settings:\n    """Typed view of the merged config."""\n\n    timeout: float = 30.0',
        ),
        ("# {text}", "// {text}", '"""{text}"""', "/* {text} */"),
    ),
)
