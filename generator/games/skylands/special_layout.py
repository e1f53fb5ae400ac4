"""Where the words, spaces and cost of a special island go on its tile: the boxes of its layout
(layouts/special*.yaml: places, sizes, fonts; placed in mm on the tile by look.py through the core's
layout machinery) flowed here. The body starts GAP under the name's last line, never above its own box.
An island with spaces (the Hostel) sets them and its words in its `spaces` box instead: the spaces in
a band of their own under the name, the words under them at the bottom of the box, in as few lines
as they need at the largest size that leaves the spaces their room: words and spaces never overlap.
Pure: the drawer draws from it, the content check holds every text to its box's min_size with it
(and the spaces to their band)."""

from __future__ import annotations

from dataclasses import dataclass
from math import sqrt
from textwrap import shorten

from ...draw.fonts import PT_MM
from ...draw.scene import FontStyle
from ...draw.text import LEADING, STEP_PT, fit_size, fits, wrap
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
    body_box: Box            # moved under the name, its bottom kept; with spaces: under them, as tall as its lines
    spaces_box: Box | None   # the band the Hostel's spaces lie in, between the name and the body


def _line(size: float) -> float:
    return size * PT_MM * LEADING


def layout_of(special: SpecialIsland) -> str:
    if not special.is_fragment:
        return "special"
    form_name, _ = form(special.face.fragments[0].sides)
    return "special-cap" if form_name == "cap" else "special-corner"


def spaces_of(special: SpecialIsland) -> int:
    """How many spaces a special island that is an island of its own shows (the Hostel's capacity)."""
    return 0 if special.is_fragment else special.face.fragments[0].spaces


def layout(model: Skylands, special: SpecialIsland) -> Flow:
    """The special island's boxes (model.special_boxes) with its words flowed into them."""
    name_of = layout_of(special)
    boxes = model.special_boxes[name_of]
    nb, bb = boxes["name"], boxes["body"]
    name = special.spec.name
    name_pt = fit_size(name, nb.w, nb.h, nb.size, nb.min_size, nb.style, nb.font)
    below = nb.y + len(wrap(name, nb.w, name_pt, nb.style, nb.font)) * _line(name_pt) + GAP
    body = special_text(model, special) or (model.files.specials.fragment_note if special.is_fragment else "")
    n = spaces_of(special)
    if not n:
        top = max(bb.y, below)
        body_box = Box(bb.x, top, bb.w, bb.bottom - top, bb.size, bb.min_size, bb.style, bb.font, bb.where)
        return Flow(name_of, name, nb, body, body_box, None)
    # the Hostel: the `spaces` box holds its spaces, in a band of their own under the name, and its
    # words (set as the body's) under them, in the lines they need
    sb = boxes["spaces"]
    top = max(sb.y, below)
    arranged = _arranged(model, n, sb.w)
    need = arranged[1] if arranged is not None else 0.0   # none across: no size of the words helps
    size = bb.size
    while True:  # the largest size (on the fitting grid) that leaves the spaces their room
        h = len(wrap(body, bb.w, size, bb.style, bb.font)) * _line(size) if body else 0.0
        band_bottom = sb.bottom - h - (GAP if h else 0.0)
        if band_bottom - top >= need - 1e-9 or size - STEP_PT < bb.min_size - 1e-9:
            break
        size -= STEP_PT
    # a hair taller than its lines, so that fitting sets the words at `size` in them
    body_box = Box(bb.x, sb.bottom - h, bb.w, h + 1e-6, size, bb.min_size, bb.style, bb.font, bb.where)
    spaces_box = Box(sb.x, top, sb.w, band_bottom - top, where=sb.where)
    return Flow(name_of, name, nb, body, body_box, spaces_box)


HOSTEL_ROOM_MM = 0.6   # between two inhabitants standing on neighbouring Hostel spaces


def _arranged(model: Skylands, n: int, width: float) -> tuple[list[tuple[float, float]], float] | None:
    """`n` spaces (print.yaml: space, their radius) across a band `width` mm wide, as few rows as
    will do, every other row shifted by half a step (the rows then nest closer): an inhabitant
    (print.yaml: inhabitant) stands on each, so no two centres lie nearer than an inhabitant and
    HOSTEL_ROOM_MM. The centres relative to the band's top left corner, and the band's height they
    need; None for a band narrower than a space."""
    pr = model.files.print
    r, pitch = pr.space, pr.inhabitant + HOSTEL_ROOM_MM
    room = width - 2 * r   # where centres may lie across the band
    if room < 0:
        return None
    for rows in range(1, n + 1):
        per_row = -(-n // rows)
        if rows == 1:
            step = room / (per_row - 1) if per_row > 1 else 0.0
            rise = 0.0
        else:  # spread as wide as the band lets them: the rows nest the closer
            step = room / (per_row - 0.5)
            rise = max(pitch / 2, sqrt(max(0.0, pitch ** 2 - (step / 2) ** 2)))
        if per_row > 1 and step < pitch - 1e-9:
            continue
        spots = [((k % per_row) * step + (step / 2 if (k // per_row) % 2 else 0.0), (k // per_row) * rise)
                 for k in range(n)]
        left = min(x for x, _ in spots)
        shift = (room - (max(x for x, _ in spots) - left)) / 2 + r - left
        return [(x + shift, y + r) for x, y in spots], (rows - 1) * rise + 2 * r
    return None   # not reached: one space a row always goes


def spaces_fit(model: Skylands, special: SpecialIsland) -> bool:
    """Whether the island's spaces find room in their band (an island without spaces: always)."""
    flow = layout(model, special)
    if flow.spaces_box is None:
        return True
    arranged = _arranged(model, spaces_of(special), flow.spaces_box.w)
    return arranged is not None and arranged[1] <= flow.spaces_box.h + 1e-9


def hostel_spots(model: Skylands, special: SpecialIsland) -> list[tuple[float, float]]:
    """The centres of the Hostel's spaces (tile mm), in their band over its words (`_arranged`),
    the block centred in the band (in a row across it when they find no room: the check says so)."""
    band = layout(model, special).spaces_box
    if band is None:
        return []
    n = spaces_of(special)
    arranged = _arranged(model, n, band.w)
    if arranged is None:
        return [(band.x + band.w / 2 + (k - (n - 1) / 2) * model.files.print.space, band.y) for k in range(n)]
    spots, need = arranged
    down = band.y + max(0.0, band.h - need) / 2
    return [(band.x + x, down + y) for x, y in spots]


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
    if lay.spaces_box is not None and not spaces_fit(model, special):
        sb, n = lay.spaces_box, spaces_of(special)
        arranged = _arranged(model, n, sb.w)
        short = f"need {arranged[1]:.1f} mm between its name and its text, the tile leaves {max(0.0, sb.h):.1f} mm" \
            if arranged else f"do not fit across the tile ({sb.w:.1f} mm)"
        out.append(("body", f"the {n} spaces of {special.id!r} {short} (a shorter text, or fewer spaces; "
                            f"box 'spaces' at {sb.where})"))
    return out
