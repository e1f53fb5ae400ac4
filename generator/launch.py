"""`playkit`, the command: a build or validate handed to the watch serving its output folder before
anything else is imported (handoff.py), else the command line itself (cli.py)."""

from __future__ import annotations

import sys


def run() -> None:
    from . import handoff

    handoff.hand_on(sys.argv[1:])   # leaves with the watch's status when a watch took it
    from . import cli

    cli.run()
