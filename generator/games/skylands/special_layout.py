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
    pr = model.files.print
    t = pr.tile
    nb, bb = boxes["name"], boxes["body"]
    name = special.spec.name
    name_pt = fit_size(name, nb.w, nb.h, nb.size, nb.min_size, nb.style, nb.font)
    below = nb.y + len(wrap(name, nb.w, name_pt, nb.style, nb.font)) * _line(name_pt) + GAP
    body = special_text(model, special) or (model.files.specials.fragment_note if special.is_fragment else "")
    spaces_y = None
    n = 0 if special.is_fragment else special.face.fragments[0].spaces
    if n:  # the Hostel's row of spaces under its name, clear of the VP badge
        row = boxes["spaces"]
        spaces_y = max(below + pr.space, row.y + pr.space, _clear_of_badge(boxes, row, t, pr.space, n))
        below = spaces_y + pr.space + GAP
    top = max(bb.y, below)
    body_box = Box(bb.x, top, bb.w, bb.bottom - top, bb.size, bb.min_size, bb.style, bb.font, bb.where)
    return Flow(name_of, name, nb, body, body_box, spaces_y)


def space_row(cx: float, space: float, n: int) -> list[float]:
    """x of each of the Hostel's n spaces, in a row centred on cx."""
    step = 2 * space + 1.0
    return [cx - step * (n - 1) / 2 + i * step for i in range(n)]


def _clear_of_badge(boxes: dict[str, Box], row: Box, t: float, space: float, n: int) -> float:
    """The highest centre line for a row of n spaces that keeps the last one off the VP badge."""
    badge = boxes.get("badge")
    if badge is None:
        return 0.0
    r = min(badge.w, badge.h) / 2
    bx, by = badge.x + badge.w / 2, badge.y + badge.h / 2
    dx = max(0.0, bx - space_row(row.x + row.w / 2, space, n)[-1])
    reach = r + space + GAP
    return by + (reach * reach - dx * dx) ** 0.5 if dx < reach else 0.0


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
