"""Built-in policy packs, shipped as YAML package data under ``weir/policy/packs/``."""

from __future__ import annotations

from functools import cache
from importlib import resources

from weir.errors import ConfigError
from weir.policy.rules import Rule, load_rules_text

__all__ = ["PACKS", "load_pack", "pack_text"]

PACKS = ("baseline", "strict", "observe")
"""The packs that ship with Weir; ``baseline`` is the default."""


def pack_text(name: str) -> str:
    """The YAML source of a built-in pack. Raises ConfigError for an unknown name."""
    if name not in PACKS:
        raise ConfigError(f"unknown policy pack {name!r}; built-in packs are {', '.join(PACKS)}")
    return resources.files("weir.policy").joinpath("packs", f"{name}.yaml").read_text(encoding="utf-8")


def load_pack(name: str) -> list[Rule]:
    """The rules of a built-in pack, named ``pack:rule`` (a new list; the rules are frozen values)."""
    return list(_pack_rules(name))


@cache
def _pack_rules(name: str) -> tuple[Rule, ...]:
    """A pack is package data, the same for the life of the process: read once (``weir config check``
    and the engine both read it; so does every reload of a policy that names it)."""
    return tuple(load_rules_text(pack_text(name), path=f"<pack {name}>", prefix=f"{name}:"))
