"""The command line: thin modules that parse, call the library, and format."""

__all__: list[str] = []  # nothing re-exported: the commands are the surface (``weir --help``); its modules are internal
