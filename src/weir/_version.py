"""The installed version of Weir."""

__version__ = "0.1.0"
