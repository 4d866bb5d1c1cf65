"""``python -m weir.demo``: see :mod:`weir.demo`."""

import sys

from weir.demo import main

sys.exit(main())
