"""The console's pages, one module per page: each renders data it is given into HTML."""

__all__: list[str] = []  # nothing re-exported: internal: one renderer per page
