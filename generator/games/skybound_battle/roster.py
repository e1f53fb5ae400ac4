"""The policies a simulation or a balance command may name, each made fresh for a game."""

from __future__ import annotations

from collections.abc import Callable

from .engine import Policy
from .lookahead import LookaheadPolicy
from .policies import GreedyPolicy, RandomPolicy

POLICIES: dict[str, Callable[[], Policy]] = {
    "greedy": GreedyPolicy,
    "random": RandomPolicy,
    "lookahead": LookaheadPolicy,
    "lookahead-dump": lambda: LookaheadPolicy(passes=False),
}
