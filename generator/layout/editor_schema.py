"""The JSON Schemas of layout files and the palette, for editors (`playkit schema`), made from the
same tables the layout reader checks against (spec.py), so the two cannot drift apart.

A schema cannot see what the reader resolves across files (a box's `extends`, a palette name, a
picture that exists): those stay the reader's, reported at validate; the schema catches a misspelt
field, a wrong type, a value outside its choices, as the writer types.
"""

from __future__ import annotations

from typing import Any

from ..content.lengths import LENGTH_PATTERN, MAX_LENGTH_MM
from ..draw.scene import SHAPES
from . import spec
from .units import PERCENT_PATTERN, PRESETS

JsonSchema = dict[str, Any]

_MM: JsonSchema = {"anyOf": [{"type": "string", "pattern": LENGTH_PATTERN,
                              "patternErrorMessage": "a length with its unit, such as '3mm', '1.2cm' or '0.5in'"},
                             {"type": "number", "minimum": 0, "maximum": MAX_LENGTH_MM}]}
# patternErrorMessage: the YAML language server's own keyword, what it says instead of the pattern
_TEXT: JsonSchema = {"type": ["string", "number"]}


def _ending(suffixes: tuple[str, ...]) -> str:
    """A pattern for a file name ending in one of `suffixes`, in any case (as the reader takes them)."""
    either = ("".join(f"[{c.lower()}{c.upper()}]" if c.isalpha() else c for c in s.lstrip(".")) for s in suffixes)
    return "\\.(?:" + "|".join(either) + ")$"


KINDS: dict[str, JsonSchema] = {
    "length": {"anyOf": [*_MM["anyOf"], {"type": "string", "pattern": PERCENT_PATTERN,
                                                     "patternErrorMessage": "a length such as '3mm' or '50%'"},
                         {"type": "string", "pattern": r"\{\{"}],
               "description": "A length such as '12mm', '1.2cm', '0.5in' or '9pt', or a percentage of the face "
                              "(or of the box, for a polygon's points) such as '50%'; for x, y, width and "
                              "height also a template over the row such as '{{ x }}mm'.",
               "examples": ["3mm", "50%"]},
    "thin": {**_MM, "description": "A length such as '0.5mm' or '1pt'.", "examples": ["0.5mm"]},
    "colour": {"type": "string",
               "description": "A name from layouts/palette.yaml, '#rrggbb', 'none', or a template such as "
                              "\"{{ 'red' if kind == 'event' else 'ink' }}\".",
               "examples": ["ink", "#1f2328", "none"]},
    "template": {**_TEXT, "description": "A text, or a template over the row's fields such as '{{ name }}'.",
                 "examples": ["{{ name }}"]},
    "font": {"anyOf": [{"enum": list(spec.BUILTIN_FONTS)},
                       {"type": "string", "pattern": _ending(spec.FONT_SUFFIXES)}],
             "description": f"One of {', '.join(spec.BUILTIN_FONTS)}, or a font file "
                            f"({', '.join(spec.FONT_SUFFIXES)}) in the game's folder."},
    "pt": {"anyOf": [{"type": "number", "minimum": spec.MIN_TEXT_PT, "maximum": spec.MAX_TEXT_PT},
                     {"type": "string", "pattern": r"\{\{"}],
           "description": f"A size in points from {spec.MIN_TEXT_PT:g} (no word is printed smaller) to "
                          f"{spec.MAX_TEXT_PT:g}, or a template over the row such as '{{{{ pt }}}}'."},
    "align": {"enum": list(spec.ALIGN)},
    "valign": {"enum": list(spec.VALIGN)},
    "flag": {"type": "boolean"},
    "image": {"anyOf": [{"type": "string", "pattern": _ending(spec.IMAGE_SUFFIXES)},
                        {"type": "string", "pattern": "\\{\\{"}],
              "description": f"A picture ({', '.join(spec.IMAGE_SUFFIXES)}) in the game's folder, such as "
                             "'images/coin.svg', or a template over the row that names one, such as "
                             "'images/{{ art }}'."},
    "fit": {"enum": list(spec.FITS),
            "description": "How a picture fills its box: contain (the default: all of it, its proportions "
                           "kept), cover (the box filled, its proportions kept, what overflows cut off) or "
                           "stretch (the box filled, its proportions lost)."},
    "points": {"type": "array", "minItems": 3,
               "items": {"type": "array", "minItems": 2, "maxItems": 2, "items": {"$ref": "#/$defs/length"}},
               "description": "At least three [x, y] points, in lengths or % of the box."},
}
"""One JSON Schema for each kind of value in spec.VALUES."""

_BOX_DESCRIPTIONS = {
    "rect": "a rectangle (radius rounds its corners)",
    "circle": "a circle centred in the box",
    "line": "a line from the box's top left corner to its bottom right",
    "polygon": "a shape through `points`",
    "text": "a text, shrunk to fit down to min_size",
    "image": "a picture from the game's folder",
    "slot": "a place the game draws in itself",
}


def _box() -> JsonSchema:
    fields = sorted(set().union(*spec.ALLOWED.values()))
    properties: dict[str, JsonSchema] = {
        "type": {"enum": list(spec.BOX_TYPES),
                 "description": "; ".join(f"{t}: {_BOX_DESCRIPTIONS[t]}" for t in spec.BOX_TYPES) + "."},
        "extends": {"type": "string",
                    "description": "Another box of this layout: its place (and, for a box of its type, its look) "
                                   "first, this box's fields over it."},
    }
    for name in fields:
        if name not in properties:
            properties[name] = {"$ref": f"#/$defs/{spec.VALUES[name]}"}
    by_type = [{"if": {"required": ["type"], "properties": {"type": {"const": t}}},
                "then": {"propertyNames": {"enum": sorted(spec.ALLOWED[t])}}} for t in spec.BOX_TYPES]
    return {"type": "object", "properties": properties, "additionalProperties": False, "allOf": by_type}


def _whole_box() -> JsonSchema:
    """A box of a layout that extends no other, itself extending no box: whole as written (its type,
    its place and the fields its type needs)."""
    needs = [{"if": {"required": ["type"], "properties": {"type": {"const": t}}},
              "then": {"required": list(keys)}} for t, keys in spec.NEEDS.items()]
    return {"$ref": "#/$defs/box",
            "if": {"not": {"required": ["extends"]}},
            "then": {"required": ["type", *spec.PLACE], "allOf": needs}}


def layout_schema() -> JsonSchema:
    """The schema of layouts/NAME.yaml (every layout but the palette)."""
    length_mm = {"anyOf": _MM["anyOf"]}
    return {
        "type": "object",
        "description": "A layout: named boxes drawn in order over the face (docs/layouts.md).",
        "properties": {
            "size": {"anyOf": [{"enum": list(PRESETS)},
                               {"type": "object", "required": ["width", "height"], "additionalProperties": False,
                                "properties": {"width": length_mm, "height": length_mm}}],
                     "description": f"One of {', '.join(PRESETS)}, or {{width: 63mm, height: 88mm}}; optional "
                                    "when the game sets it."},
            "extends": {"type": "string",
                        "description": "Another layout of this folder: its boxes first, this layout's over them "
                                       "by name."},
            "background": {"$ref": "#/$defs/colour"},
            "shape": {"enum": list(SHAPES),
                      "description": "The piece's outline as it is cut: circle for a round token (a Tabletop "
                                     "Simulator export makes it a round tile); rect by default."},
            "icons": {"type": "object", "propertyNames": {"pattern": spec.ICON_NAME.pattern},
                      "additionalProperties": {"$ref": "#/$defs/image"},
                      "description": "Pictures a text prints inline at its size: `fire: images/fire.svg` is "
                                     ":fire: in a text."},
            "boxes": {"type": "object", "additionalProperties": {"$ref": "#/$defs/box"},
                      "description": "The boxes by name, drawn in the order written."},
        },
        "additionalProperties": False,
        # a layout that extends another may name a box of it with only the fields it changes
        "if": {"not": {"required": ["extends"]}},
        "then": {"properties": {"boxes": {"additionalProperties": {"$ref": "#/$defs/whole-box"}}}},
        "$defs": {**KINDS, "box": _box(), "whole-box": _whole_box()},
    }


def palette_schema() -> JsonSchema:
    """The schema of layouts/palette.yaml."""
    return {
        "type": "object",
        "description": "The game's named colours, for its layouts.",
        "properties": {"colours": {"type": "object",
                                   "propertyNames": {"pattern": spec.COLOUR_NAME.pattern},
                                   "additionalProperties": {"type": "string", "pattern": spec.HEX.pattern},
                                   "description": "Names (lower-case words joined by hyphens) and '#rrggbb' "
                                                  "values."}},
        "required": ["colours"],
        "additionalProperties": False,
    }
