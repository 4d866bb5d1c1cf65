"""`weir config check`: every problem in a weir.yaml, each with its file, line and column.

The gateway stops at the first problem it meets; someone editing the file wants all of them, and
wants to know before a deploy. The check reads the file as the gateway would (the strict YAML of
:mod:`weir.yamltext`, the typed sections of :class:`weir.config.WeirConfig`), then looks at what
the types cannot: whether each server can be reached the way it is written, whether the policy
compiles (packs, ``policy.file``, inline rules), whether each detector can be built, where the
audit trail would go, and whether the gateway, console and approvals settings fit together.
Errors make the gateway refuse to start; warnings are worth reading. Nothing here connects to a
server or writes a file.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from pydantic import ValidationError

from weir import yamltext
from weir.config import WeirConfig, schema_errors
from weir.configcheck.auth import auth_problems
from weir.configcheck.commands import command_problems
from weir.configcheck.policy import policy_problems
from weir.configcheck.postgres import postgres_problems
from weir.configcheck.problems import Locator, Problem
from weir.detect.chain import Chain
from weir.errors import WeirError
from weir.gateway.config import env_tokens, token_problem
from weir.labels.config import WEIR_PYTHON
from weir.state.config import redis_url_problem

__all__ = ["ConfigCheck", "check_config"]


@dataclass
class ConfigCheck:
    """What the check found in one file."""

    path: str
    problems: list[Problem] = field(default_factory=list)
    config: WeirConfig | None = None

    @property
    def ok(self) -> bool:
        """No error (warnings may remain)."""
        return not any(p.severity == "error" for p in self.problems)

    def summary(self) -> str:
        """One line: what the file configures, or how many errors it has."""
        errors = sum(p.severity == "error" for p in self.problems)
        warnings = len(self.problems) - errors
        if not self.ok or self.config is None:
            return f"{self.path}: {errors} error(s), {warnings} warning(s)"
        c = self.config
        detectors = "default detectors" if c.detectors is None else f"{len(c.detectors)} detector(s)"
        return (
            f"{self.path}: ok — {len(c.servers)} server(s), policy {', '.join(c.policy.packs) or 'without packs'}"
            f" + {len(c.policy.rules)} inline rule(s){' + ' + c.policy.file if c.policy.file else ''}, {detectors}, "
            f"audit {_trail(c)}, {len(c.console.operators)} operator(s)"
            + (f"; {warnings} warning(s)" if warnings else "")
            + self._interpreter()
        )

    def _interpreter(self) -> str:
        """Which program ``python`` in a server command is: said, since it is not PATH's."""
        assert self.config is not None
        if not any(s.command and s.command[0] in WEIR_PYTHON for s in self.config.servers.values()):
            return ""
        return f"; `python` in a server command runs {sys.executable} (Weir's interpreter)"


def _trail(config: WeirConfig) -> str:
    """Where the trail goes, as the summary says it (a PostgreSQL DSN by its variable only)."""
    pg = config.audit.postgresql
    return config.audit.path if pg is None else f"in PostgreSQL (${pg.dsn_env}; pins in {config.audit.path})"


def check_config(path: str | Path) -> ConfigCheck:
    """Check a weir.yaml. An unreadable file is one error (no line); nothing is raised."""
    p = Path(path)
    check = ConfigCheck(str(p))
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        check.problems.append(
            Problem("error", f"cannot read the config: {getattr(exc, 'strerror', None) or exc}", str(p))
        )
        return check
    try:
        data = yamltext.load(text) or {}
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (None, None)
        reason = getattr(exc, "problem", None) or exc
        check.problems.append(Problem("error", f"not valid YAML: {reason}", str(p), line, column))
        return check
    where = Locator(str(p), root)
    if root is None:  # nothing but blanks and comments
        check.problems.append(Problem("error", "the file is empty: no server to serve, nothing to check", str(p)))
        return check
    if not isinstance(data, dict):
        check.problems.append(where.problem("error", f"the top level must be a mapping, not {type(data).__name__}"))
        return check
    valid = _valid_parts(where, data, check)
    try:
        config = WeirConfig.model_validate(valid)
    except ValidationError as exc:  # what only the sections together show (shared tokens)
        check.problems.extend(_schema(where, exc))
        return check
    check.config = config.model_copy(update={"base_dir": p.resolve().parent})
    check.problems.extend(_semantics(where, check.config, text, set(valid)))
    check.problems.sort(key=lambda x: (x.path != check.path, x.path, x.line or 0, x.column or 0))
    return check


def _valid_parts(where: Locator, data: dict[str, object], check: ConfigCheck) -> dict[str, object]:
    """The parts of the file that validate; every other part's problems go into ``check``.

    Section by section, and inside a section that does not validate, key by key (server by
    server for ``servers``): a bad ``policy.mode`` reports its error and keeps ``policy.rules``,
    which are then compiled like any others, so one mistake hides no other.
    """
    valid: dict[str, object] = {}
    for key, value in data.items():
        if _fits(where, {key: value}, check):
            valid[key] = value
        elif isinstance(value, dict):  # salvage the keys that are right on their own (errors reported once)
            kept = {k: v for k, v in value.items() if _fits(where, {key: {k: v}}, None)}
            if _fits(where, {key: kept}, None):  # not an unknown section, nor one whose parts need each other
                valid[key] = kept
    return valid


def _fits(where: Locator, data: dict[str, object], check: ConfigCheck | None) -> bool:
    """Whether ``data`` (a part of the file) validates; its problems go into ``check`` when given."""
    try:
        WeirConfig.model_validate(data)
    except ValidationError as exc:
        if check is not None:
            check.problems.extend(_schema(where, exc))
        return False
    return True


def _schema(where: Locator, exc: ValidationError) -> list[Problem]:
    return [where.problem("error", message, loc, key=key) for loc, message, key in schema_errors(exc)]


def _semantics(where: Locator, config: WeirConfig, text: str, valid: set[str]) -> list[Problem]:
    """The checks types cannot make, on the sections that are well-formed."""
    out = [*_servers(where, config), *_audit(where, config), *_gateway(where, config), *_state(where, config)]
    if "auth" in valid:
        out.extend(auth_problems(where, config))
    if "overrides" in valid:
        out.extend(_overrides(where, config))
    if "policy" in valid:
        out.extend(policy_problems(where, text, config))
    if "detectors" in valid:
        out.extend(_detectors(where, config))
    return out


def _servers(where: Locator, config: WeirConfig) -> list[Problem]:
    if not config.servers:
        return [
            where.problem("error", "the gateway needs at least one server under `servers:`", ("servers",), key=True)
        ]
    out: list[Problem] = []
    for name, server in config.servers.items():
        loc = ("servers", name)
        if server.command:
            out.extend(command_problems(where, name, list(server.command)))
        elif server.url:
            if not server.url.startswith(("http://", "https://")):
                out.append(
                    where.problem("error", f"servers.{name}.url must start with http:// or https://", (*loc, "url"))
                )
        else:
            why = (
                f"servers.{name}: neither `command` nor `url` — fine for `weir replay`, but the gateway cannot start it"
            )
            out.append(where.problem("warning", why, loc, key=True))
    return out


def _overrides(where: Locator, config: WeirConfig) -> list[Problem]:
    from fnmatch import fnmatchcase

    out: list[Problem] = []
    for i, override in enumerate(config.overrides):
        server, sep, _tool = override.match.partition("/")
        if sep and config.servers and not any(fnmatchcase(s, server) for s in config.servers):
            why = f"overrides[{i}].match {override.match!r} names no configured server ({', '.join(config.servers)})"
            out.append(where.problem("warning", why, ("overrides", i, "match")))
    return out


def _detectors(where: Locator, config: WeirConfig) -> list[Problem]:
    out: list[Problem] = []
    for i, spec in enumerate(config.detectors or ()):
        try:
            Chain.from_specs([spec])
        except WeirError as exc:
            out.append(where.problem("error", f"detectors[{i}] ({spec.use}): {exc}", ("detectors", i)))
    return out


def _audit(where: Locator, config: WeirConfig) -> list[Problem]:
    return [*postgres_problems(where, config), *_audit_file(where, config)]


def _audit_file(where: Locator, config: WeirConfig) -> list[Problem]:
    """``audit.path``: the SQLite trail (or, with ``audit.postgresql``, the tool pins' file)."""
    path = config.audit.path
    if path == ":memory:":
        return [
            where.problem(
                "warning",
                "audit.path is :memory: — the trail and the tool pins end with the process",
                ("audit", "path"),
            )
        ]
    target = Path(path) if Path(path).is_absolute() or config.base_dir is None else config.base_dir / path
    if not target.parent.is_dir():
        return [where.problem("error", f"audit.path: the directory {target.parent} does not exist", ("audit", "path"))]
    if not os.access(target.parent, os.W_OK | os.X_OK):  # SQLite writes its -wal and -shm files beside the trail
        why = (
            f"audit.path: the directory {target.parent} is not writable here (a relative path is the config "
            "file's directory's; under systemd or in a container give the state directory, /var/lib/weir/…)"
        )
        return [where.problem("error", why, ("audit", "path"))]
    if target.exists():
        with target.open("rb") as fh:
            if fh.read(16) != b"SQLite format 3\x00":
                return [where.problem("error", f"audit.path: {target} is not an SQLite database", ("audit", "path"))]
    return []


def _state(where: Locator, config: WeirConfig) -> list[Problem]:
    """``state.redis``: its URL must be in the environment and well-formed (it is never printed),
    and the client installed. Whether the server answers is ``/readyz``'s to say, at run time."""
    settings = config.state.redis
    if settings is None:
        return []
    out: list[Problem] = []
    why = redis_url_problem(settings)
    if why is not None:
        out.append(where.problem("error", why, ("state", "redis", "url_env")))
    if importlib.util.find_spec("redis") is None:
        needs = "state.redis needs the Redis client: pip install 'weir[fleet]'"
        out.append(where.problem("error", needs, ("state", "redis")))
    return out


def _gateway(where: Locator, config: WeirConfig) -> list[Problem]:
    out: list[Problem] = []
    g = config.gateway
    if g.confirm_fallback.value == "queue" and not config.console.operators:
        why = (
            "confirm_fallback is queue but console.operators is empty: nobody can approve (unless WEIR_OPERATOR_TOKENS)"
        )
        out.append(where.problem("warning", f"gateway.{why}", ("gateway", "confirm_fallback")))
    for i, origin in enumerate(g.allowed_origins):
        if not origin.startswith(("http://", "https://")) or origin.rstrip("/").count("/") != 2:
            why = f"gateway.allowed_origins[{i}]: an origin is scheme://host[:port], not {origin!r}"
            out.append(where.problem("error", why, ("gateway", "allowed_origins", i)))
    for i, token in enumerate(g.tokens):
        if (weak := token_problem(token)) is not None:
            out.append(where.problem("error", f"gateway.tokens[{i}] {weak}", ("gateway", "tokens", i)))
    for i, token in enumerate(env_tokens(os.environ.get("WEIR_GATEWAY_TOKENS"))):
        if (weak := token_problem(token)) is not None:
            out.append(where.problem("error", f"WEIR_GATEWAY_TOKENS[{i}] {weak}", ("gateway", "tokens")))
    if config.observability.traces:
        try:
            import opentelemetry.sdk.trace  # noqa: F401 - only whether it is installed
        except ImportError:
            why = "observability.traces needs OpenTelemetry's SDK: pip install 'mcp-weir[otel]'"
            out.append(where.problem("error", why, ("observability", "traces")))
    return out
