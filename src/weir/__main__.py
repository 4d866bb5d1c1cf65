"""``python -m weir``: the ``weir`` command, for an environment whose scripts are not on PATH."""

from weir.cli.app import main

main()
