"""Layouts as data: YAML boxes (in mm, cm, in or % of the face) drawn into the neutral scene.

spec.py reads and checks layout files; render.py draws a layout for one item; units.py holds the
lengths and size presets; svgimage.py reads SVG pictures into scene items.
"""

from .render import DoesNotFit, Item, Slot, SlotBox, draw, face_size
from .spec import Layout, Palette, load_game_layouts, load_layouts, load_palette
from .units import PRESETS

__all__ = ["PRESETS", "DoesNotFit", "Item", "Layout", "Palette", "Slot", "SlotBox", "draw", "face_size",
           "load_game_layouts", "load_layouts", "load_palette"]
