"""The rule families; importing this package registers every rule in :data:`weir.lint.registry.RULES`."""

from weir.lint.rules import claims, contradictions, naming, structure, values

__all__ = ["claims", "contradictions", "naming", "structure", "values"]
