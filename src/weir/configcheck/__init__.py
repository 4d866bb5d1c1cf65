"""`weir config check`: every problem in a weir.yaml, each with its file, line and column."""

from weir.configcheck.check import ConfigCheck, check_config
from weir.configcheck.problems import Problem

__all__ = ["ConfigCheck", "Problem", "check_config"]
