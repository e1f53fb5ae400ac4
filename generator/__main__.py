"""`python -m generator`: the `playkit` command."""

from .launch import run

run()
