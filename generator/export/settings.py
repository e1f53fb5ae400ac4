"""What a profile's entry in profiles.yaml says: every exporter's settings model extends `Settings`."""

from __future__ import annotations

from ..content.schema import Strict
from . import SUBFOLDER


class Settings(Strict):
    """What every profile entry says; an exporter's settings model adds its own fields."""

    about: str
    exporter: str
    subfolder: bool = SUBFOLDER   # write into OUT/GAME/NAME/ (False: into OUT/GAME/ itself, as `home` does)
