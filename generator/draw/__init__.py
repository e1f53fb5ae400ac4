"""Drawing: a neutral scene per face (in mm) and its PDF and SVG backends."""

from . import text
from .fonts import missing_glyphs, width_mm
from .scene import BLEED_ART, Circle, Group, Line, Path, Rect, Scene, Text, polygon, texts
from .svg import to_svg

__all__ = ["BLEED_ART", "Circle", "Group", "Line", "Path", "Rect", "Scene", "Text", "missing_glyphs", "polygon",
           "text", "texts", "to_svg", "width_mm"]
