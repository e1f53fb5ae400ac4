"""`python -m generator`: the `playkit` command."""

from .cli import run

run()
