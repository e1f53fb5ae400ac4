"""Where the words, spaces and cost of a special island go on its tile (pure geometry and text
measuring: the drawer draws from it, the content check holds every text to MIN_PT with it)."""

from __future__ import annotations

from dataclasses import dataclass
from textwrap import shorten

from ...draw.fonts import PT_MM
from ...draw.scene import Anchor
from ...draw.text import LEADING, fit_size, fits, wrap
from .geometry import form
from .model import Skylands, SpecialIsland
from .text import special_text

# Text on a tile is never set below MIN_PT (a player reads it at arm's length); names take two lines
# before they shrink, rules text as many lines as its box holds.
MIN_PT = 6.0
NAME_PT = 7.0
BODY_PT = 7.0
GAP = 0.4
COST_R = 2.3
BADGE_R = 4.4


def _line(size: float) -> float:
    return size * PT_MM * LEADING


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Layout:
    """Where a special island's words, spaces and cost go (tile mm)."""

    name: str
    name_box: Box
    name_pt: float
    body: str
    body_box: Box
    anchor: Anchor
    cost_x: float
    cost_y: float
    spaces_y: float | None  # the Hostel's row of spaces


def layout(model: Skylands, special: SpecialIsland) -> Layout:
    pr = model.files.print
    t, b = pr.tile, pr.edge_band
    inset = b + 1.2
    name = special.spec.name
    two_lines = 2 * _line(MIN_PT)
    if special.is_fragment:
        form_name, _ = form(special.face.fragments[0].sides)
        cost_y = t - b - COST_R - 0.4
        if form_name == "cap":  # the fragment covers the top: words below it, in the clouds
            top, width, cost_x = t * 0.42, t - 2 * inset, t / 2
        else:  # a half: the top right is terrain, words go in the clouds at the lower left
            top, width, cost_x = t * 0.47, t * 0.58, t * 0.3
        name_box = Box(inset, top, width, two_lines)
        anchor: Anchor = "start"
        body = special_text(model, special) or model.files.specials.fragment_note
        spaces_y = None
        body_x, body_w = inset, width
    else:
        cost_y = t - inset - COST_R - 0.8
        badge_left = t - 2 * BADGE_R - 2.0 - 0.8
        name_box = Box(inset + 2.4, inset + 1.2, badge_left - inset - 2.4, two_lines)
        top = inset + 1.2
        cost_x, anchor = t / 2, "middle"
        body = special_text(model, special)
        spaces_y = None
        body_x, body_w = inset + 1.0, t - 2 * inset - 2.0
    name_pt = fit_size(name, name_box.w, name_box.h, NAME_PT, MIN_PT, "bold")
    body_top = top + len(wrap(name, name_box.w, name_pt, "bold")) * _line(name_pt) + GAP
    if not special.is_fragment:
        n = special.face.fragments[0].spaces
        if n:  # the Hostel's row of spaces under its name, clear of the VP badge
            spaces_y = max(body_top + pr.space, _clear_of_badge(t, pr.space, n))
            body_top = spaces_y + pr.space
        body_top = max(body_top, 2 * BADGE_R + 2.0) + GAP
    body_box = Box(body_x, body_top, body_w, cost_y - COST_R - GAP - body_top)
    return Layout(name, name_box, name_pt, body, body_box, anchor, cost_x, cost_y, spaces_y)


def space_row(t: float, space: float, n: int) -> list[float]:
    """x of each of the Hostel's n spaces, in a row centred on the tile."""
    step = 2 * space + 1.0
    return [t / 2 - step * (n - 1) / 2 + i * step for i in range(n)]


def _clear_of_badge(t: float, space: float, n: int) -> float:
    """The highest centre line for a row of n spaces that keeps the last one off the VP badge."""
    bx, by = t - BADGE_R - 2.0, BADGE_R + 2.0
    dx = max(0.0, bx - space_row(t, space, n)[-1])
    reach = BADGE_R + space + GAP
    return by + (reach * reach - dx * dx) ** 0.5 if dx < reach else 0.0


def fit_problems(model: Skylands, special: SpecialIsland) -> list[tuple[str, str]]:
    """The texts of a special island that do not fit their place at MIN_PT: ('name' or 'body', message)."""
    lay = layout(model, special)
    out = []
    if not fits(lay.name, lay.name_box.w, lay.name_box.h, MIN_PT, "bold"):
        out.append(("name", f"the name {lay.name!r} does not fit on the tile in two lines at {MIN_PT:g} pt"))
    if lay.body and not fits(lay.body, lay.body_box.w, lay.body_box.h, MIN_PT):
        lines = len(wrap(lay.body, lay.body_box.w, MIN_PT))
        room = int(lay.body_box.h // _line(MIN_PT))
        out.append(("body", f"the text on {special.id!r} takes {lines} lines at {MIN_PT:g} pt, the tile has "
                            f"room for {room} ({shorten(lay.body, 80, placeholder=' …')!r})"))
    return out
