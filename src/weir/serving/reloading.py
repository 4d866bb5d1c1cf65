"""Reloading the policy of a running gateway: on SIGHUP, and when its files change.

The whole weir.yaml is read again and its policy compiled (packs, ``policy.file``, inline rules);
only if that succeeds is the Guard's engine replaced — one reference, so every decision runs on
the old policy or the new one, never a mix. A policy that does not compile keeps the old one in
force, and says why (the log, ``weir_policy_reloads_total{outcome="error"}``, the console's status
page). Only the ``policy:`` section takes effect: a change to anything else is reported as needing
a restart. Every reload that takes effect is an audit event (``phase: operator``,
``details.action: policy-reload``).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Callable
from pathlib import Path

from weir.audit.event import AuditEvent, Phase
from weir.config import WeirConfig, load_config
from weir.errors import WeirError
from weir.guard import Guard
from weir.observe.logs import fields
from weir.pipeline import AuditSink
from weir.policy.engine import Engine

__all__ = ["PolicyReloader"]

log = logging.getLogger("weir.gateway")

Stamp = tuple[tuple[str, int, int] | None, ...]


class PolicyReloader:
    """Keeps one gateway's policy in step with its weir.yaml (and the ``policy.file`` it names)."""

    def __init__(
        self,
        path: Path,
        guard: Guard,
        config: WeirConfig,
        *,
        audit: AuditSink | None = None,
        on_outcome: Callable[[str], None] = lambda _outcome: None,
    ) -> None:
        self.path = path
        self._guard = guard
        self._config = config
        self._audit = audit
        self._on_outcome = on_outcome
        self.error: str | None = None
        """Why the last reload failed (the previous policy is still in force), or ``None``."""
        self.loaded = _describe(guard.engine, config)
        self._watched = config  # the config whose files are watched (the last one that loaded)
        self._stamp = self._stamps(config)

    def reload(self, trigger: str) -> bool:
        """Read the config again and swap the policy in; False (old policy kept) when it fails."""
        try:
            config = load_config(self.path)
            engine = Engine.from_config(config.policy, base_dir=config.base_dir)
        except WeirError as exc:
            self._stamp = self._stamps(self._watched)  # this version of the files is tried once
            self.error = str(exc)
            self._on_outcome("error")
            log.error("policy reload failed; the previous policy stays in force", extra=fields(error=str(exc)))
            return False
        self._watched = config
        self._stamp = self._stamps(config)
        if self._audit is not None:
            details = {
                "action": "policy-reload",
                "operator": "deployer",
                "trigger": trigger,
                "rules": len(engine.rules),
            }
            details["digest"] = _digest(engine)
            self._audit.append(AuditEvent(phase=Phase.OPERATOR, details=details))
        self._guard.engine = engine
        self.error = None
        self.loaded = _describe(engine, config)
        self._on_outcome("ok")
        log.info(
            "policy reloaded", extra=fields(trigger=trigger, rules=len(engine.rules), mode=str(config.policy.mode))
        )
        if _outside_policy(self._config) != _outside_policy(config):
            log.warning(
                "weir.yaml changed outside `policy:`; those changes need a restart", extra=fields(path=str(self.path))
            )
        return True

    def changed(self) -> bool:
        """The config file, or the policy file it names, changed since the last reload."""
        return self._stamps(self._watched) != self._stamp

    async def watch(self, interval_s: float = 1.0) -> None:
        """Reload whenever the files change (polled: no dependency on a file-watching library)."""
        while True:
            await asyncio.sleep(interval_s)
            if self.changed():
                await asyncio.to_thread(self.reload, "file changed")

    def status(self) -> str:
        """What is in force, and the last failure if the newest files did not load."""
        if self.error is None:
            return self.loaded
        return f"{self.loaded} — the last reload FAILED and was not applied: {self.error}"

    def _stamps(self, config: WeirConfig) -> Stamp:
        files = [self.path]
        if config.policy.file:
            policy = Path(config.policy.file)
            files.append(policy if policy.is_absolute() or config.base_dir is None else config.base_dir / policy)
        return tuple(_stamp(f) for f in files)


def _stamp(path: Path) -> tuple[str, int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (str(path), st.st_mtime_ns, st.st_size)


def _describe(engine: Engine, config: WeirConfig) -> str:
    packs = ", ".join(config.policy.packs) or "no packs"
    return f"{len(engine.rules)} rules ({packs}), mode {config.policy.mode}, sha256 {_digest(engine)[:12]}"


def _digest(engine: Engine) -> str:
    text = "\n".join(f"{r.name}|{r.effect}|{r.when}" for r in engine.rules)
    return hashlib.sha256(text.encode()).hexdigest()


def _outside_policy(config: WeirConfig) -> str:
    return config.model_dump_json(exclude={"policy"})
