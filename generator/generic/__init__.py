"""Data-only games: a content folder with a `game.yaml` of kind `generic`, no Python."""

from .game import KIND, GenericGame, game_for
from .scaffold import new_deck

__all__ = ["KIND", "GenericGame", "game_for", "new_deck"]
