"""playkit: print-ready playtest kits from YAML game descriptions."""

__version__ = "0.1.0"
