"""Where the words, spaces and cost of a special island go on its tile: the boxes of its layout
(layouts/special*.yaml: places, sizes, fonts; placed in mm on the tile by look.py through the core's
layout machinery) flowed here. The body starts GAP under the name's last line (and under the Hostel's
spaces), never above its own box. Pure: the drawer draws from it, the content check holds every text
to its box's min_size with it."""

from __future__ import annotations

from dataclasses import dataclass
from textwrap import shorten

from ...draw.fonts import PT_MM
from ...draw.scene import FontStyle
from ...draw.text import LEADING, fit_size, fits, wrap
from .geometry import form
from .model import Skylands, SpecialIsland
from .text import special_text

LAYOUTS = ("special", "special-cap", "special-corner", "special-back")
"""A special island that is an island of its own; a fragment covering the top; any other fragment;
the back of every special island."""
GAP = 0.4   # mm between stacked words, and between the words and the cost
NEEDS = {"special": ("name", "body", "spaces", "cost"), "special-cap": ("name", "body", "cost"),
         "special-corner": ("name", "body", "cost")}
"""The boxes each layout must have: the flow and the game's drawing read them."""


@dataclass(frozen=True)
class Box:
    """A layout's box placed on the tile (mm), with the text sizes and font it sets in."""

    x: float
    y: float
    w: float
    h: float
    size: float = 0.0
    min_size: float = 0.0
    style: FontStyle = "regular"
    font: str = ""          # a font file, or '' for the built-in `style`
    where: str = ""         # 'FILE:LINE:COL' of the box in its layout, for messages

    @property
    def bottom(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class Flow:
    """Where a special island's words and spaces go (tile mm)."""

    layout: str              # the layout's name
    name: str
    name_box: Box
    body: str
    body_box: Box            # moved under the name (and spaces), its bottom kept
    spaces_y: float | None   # the centre line of the Hostel's spaces


def _line(size: float) -> float:
    return size * PT_MM * LEADING


def layout_of(special: SpecialIsland) -> str:
    if not special.is_fragment:
        return "special"
    form_name, _ = form(special.face.fragments[0].sides)
    return "special-cap" if form_name == "cap" else "special-corner"


def layout(model: Skylands, special: SpecialIsland) -> Flow:
    """The special island's boxes (model.special_boxes) with its words flowed into them."""
    name_of = layout_of(special)
    boxes = model.special_boxes[name_of]
    nb, bb = boxes["name"], boxes["body"]
    name = special.spec.name
    name_pt = fit_size(name, nb.w, nb.h, nb.size, nb.min_size, nb.style, nb.font)
    below = nb.y + len(wrap(name, nb.w, name_pt, nb.style, nb.font)) * _line(name_pt) + GAP
    body = special_text(model, special) or (model.files.specials.fragment_note if special.is_fragment else "")
    spaces_y = None
    n = 0 if special.is_fragment else special.face.fragments[0].spaces
    if n:  # the Hostel's spaces under its name: a block the words run over (the inhabitants cover them)
        spaces_y = below
    top = max(bb.y, below)
    body_box = Box(bb.x, top, bb.w, bb.bottom - top, bb.size, bb.min_size, bb.style, bb.font, bb.where)
    return Flow(name_of, name, nb, body, body_box, spaces_y)


HOSTEL_ROOM_MM = 0.6   # between two inhabitants standing on neighbouring Hostel spaces


def hostel_spots(model: Skylands, special: SpecialIsland) -> list[tuple[float, float]]:
    """The centres of the Hostel's spaces (tile mm): an inhabitant (print.yaml: inhabitant) stands on
    each, so they lie an inhabitant and HOSTEL_ROOM_MM apart, in as many rows as the spaces box is wide
    enough for, the block centred on the room between the name and the bottom of the spaces box."""
    n = 0 if special.is_fragment else special.face.fragments[0].spaces
    if not n:
        return []
    pr = model.files.print
    box = model.special_boxes[layout_of(special)]["spaces"]
    flow = layout(model, special)
    pitch = pr.inhabitant + HOSTEL_ROOM_MM
    per_row = max(1, min(n, int((box.w - pr.inhabitant) // pitch) + 1))
    rows = -(-n // per_row)
    top = flow.spaces_y if flow.spaces_y is not None else box.y
    cy = (top + box.y + box.h) / 2
    out = []
    for k in range(n):
        r, c = divmod(k, per_row)
        in_row = min(per_row, n - r * per_row)
        out.append((box.x + box.w / 2 + (c - (in_row - 1) / 2) * pitch, cy + (r - (rows - 1) / 2) * pitch))
    return out


def _room(h: float, size: float) -> int:
    return int((h + 1e-9) // _line(size))


_WORDS = {1: "one line", 2: "two lines", 3: "three lines"}


def fit_problems(model: Skylands, special: SpecialIsland) -> list[tuple[str, str]]:
    """The texts of a special island that do not fit their box at its min_size: ('name' or 'body',
    message naming the box in its layout, the other way out)."""
    lay = layout(model, special)
    nb, bb = lay.name_box, lay.body_box
    out = []
    if not fits(lay.name, nb.w, nb.h, nb.min_size, nb.style, nb.font):
        room = _room(nb.h, nb.min_size)
        out.append(("name", f"the name {lay.name!r} does not fit on the tile in {_WORDS.get(room, f'{room} lines')} "
                            f"at {nb.min_size:g} pt (box 'name' at {nb.where})"))
    if lay.body and not fits(lay.body, bb.w, max(bb.h, 0.0), bb.min_size, bb.style, bb.font):
        lines = len(wrap(lay.body, bb.w, bb.min_size, bb.style, bb.font))
        out.append(("body", f"the text on {special.id!r} takes {lines} lines at {bb.min_size:g} pt, the tile has "
                            f"room for {max(0, _room(bb.h, bb.min_size))} "
                            f"({shorten(lay.body, 80, placeholder=' …')!r}; box 'body' at {bb.where})"))
    return out
