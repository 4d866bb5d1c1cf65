"""The one pydantic base every vocabulary model derives from."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel

__all__ = ["WeirModel"]


class WeirModel(BaseModel):
    """Frozen, camelCase on the wire, snake_case in Python.

    Frozen because labels are values: a label that could be mutated in place could be
    weakened behind the session's back.
    """

    model_config = ConfigDict(
        alias_generator=to_camel,
        populate_by_name=True,
        frozen=True,
        extra="forbid",
        use_attribute_docstrings=True,
    )
