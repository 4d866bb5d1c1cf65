"""The command line: thin modules that parse, call the library, and format."""
