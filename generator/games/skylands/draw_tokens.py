"""Tokens and the scoring pad: player tokens, player markers, inhabitants, VP markers."""

from __future__ import annotations

from ...draw import BLEED_ART, Circle, Line, Rect, Scene, Text, polygon
from ...draw.fonts import PT_MM
from ...draw.scene import Item
from ...draw.text import block, label
from .draw_tiles import text_on
from .model import Skylands
from .schema import InhabitantColour, PlayerColour
from .text import pad_hint


def _disc(size: float, fill: str, ring: str, background: str) -> list[Item]:
    return [Rect(-BLEED_ART, -BLEED_ART, size + 2 * BLEED_ART, size + 2 * BLEED_ART, fill=background),
            Circle(size / 2, size / 2, size * 0.46, fill=fill, stroke=ring, stroke_mm=0.6)]


MIN_PT = 6.0  # the smallest text on a token


def player_token(model: Skylands, colour: PlayerColour) -> Scene:
    """A pawn in the player's colour (inhabitants show a person: the two never look alike)."""
    pr = model.files.print
    s = pr.player_token
    ink = pr.inks["ink"]
    fg = text_on(colour.colour, ink)
    items = _disc(s, colour.colour, ink, colour.colour)
    items.append(polygon([(s * 0.3, s * 0.76), (s * 0.7, s * 0.76), (s * 0.58, s * 0.46), (s * 0.42, s * 0.46)],
                         fill=fg))
    items.append(Circle(s / 2, s * 0.36, s * 0.13, fill=fg))
    items.append(Circle(s / 2, s / 2, s * 0.4, stroke=fg, stroke_mm=0.3))
    return Scene(s, s, tuple(items), background=colour.colour, title=f"{model.files.tokens.player_tokens.name} "
                                                                        f"{colour.name}")


def player_marker(model: Skylands, colour: PlayerColour, active: bool) -> Scene:
    """The active side shows what it is worth at the end; the passive side is grey in a ring of
    the player's colour."""
    pr = model.files.print
    s = pr.player_marker
    ink = pr.inks["ink"]
    pm = model.files.tokens.player_markers
    fill = colour.colour if active else "#b8bec4"
    items = _disc(s, fill, ink, fill)
    fg = text_on(fill, ink)
    width = s * 0.78
    size = max(MIN_PT, s * 0.6)
    if active:
        items.append(label(pm.active_side, s / 2, s * 0.48, width, max_pt=size, min_pt=MIN_PT, style="bold",
                           color=fg))
        items.append(label(f"+{model.files.scoring.active_marker_vp} VP", s / 2, s * 0.74, width, max_pt=size,
                           min_pt=MIN_PT, style="bold", color=fg))
    else:
        items.append(Circle(s / 2, s / 2, s * 0.46, stroke=colour.colour, stroke_mm=max(0.8, s * 0.08)))
        items.append(label(pm.passive_side, s / 2, s * 0.5 + size * PT_MM * 0.36, width * 0.92, max_pt=size,
                           min_pt=MIN_PT, color=fg))
    side = pm.active_side if active else pm.passive_side
    return Scene(s, s, tuple(items), background=fill, title=f"{pm.name} {colour.name} {side}")


def inhabitant(model: Skylands, colour: InhabitantColour) -> Scene:
    pr = model.files.print
    s = pr.inhabitant
    ink = pr.inks["ink"]
    fg = text_on(colour.colour, ink)
    items = _disc(s, colour.colour, ink, colour.colour)
    items.append(Circle(s / 2, s * 0.34, s * 0.12, fill=fg))
    items.append(Rect(s * 0.3, s * 0.5, s * 0.4, s * 0.24, fill=fg, radius=s * 0.1))
    return Scene(s, s, tuple(items), background=colour.colour, title=f"{colour.name} inhabitant")


def vp_marker(model: Skylands, value: int) -> Scene:
    pr = model.files.print
    s = pr.vp_marker
    ink = pr.inks["ink"]
    items = _disc(s, "#ffd966", ink, "#f1c232")
    items.append(label(str(value), s / 2, s * 0.6, s * 0.7, max_pt=s * 1.1, min_pt=MIN_PT, style="bold", color=ink))
    items.append(label("VP", s / 2, s * 0.83, s * 0.5, max_pt=max(MIN_PT, s * 0.45), min_pt=MIN_PT, style="bold",
                       color=ink))
    return Scene(s, s, tuple(items), background="#f1c232", title=f"victory point marker {value}")


def scoring_pad(model: Skylands) -> Scene:
    """One sheet of the scoring pad: a row per category in the seed's order, a column per player."""
    pr = model.files.print
    pad = model.files.scoring.pad
    w, h = pr.scoring_pad.w, pr.scoring_pad.h
    ink, muted = pr.inks["ink"], pr.inks["muted"]
    items: list[Item] = [Text(w / 2, 12, pad.title, 15, ink, "bold", "middle")]
    first = w * 0.36
    col = (w - first) / pr.pad_columns
    top = 22.0
    # the bracket row sits under the names: it is written during the game, when markers run out
    rows: list[tuple[str, str]] = [(pad.players_row, ""), (pad.brackets_label, "")]
    rows += [(r.label, pad_hint(model, r.hint)) for r in pad.rows]
    rows += [(pad.total_label, "")]
    row_h = (h - top - 8) / len(rows)
    colours = model.files.game.player_colours
    for i, (text, hint) in enumerate(rows):
        y = top + i * row_h
        shade = "#eef3f7" if i % 2 else "#ffffff"
        if i == 0 or i == len(rows) - 1:
            shade = "#dde7f0"
        items.append(Rect(0, y, w, row_h, fill=shade))
        items += block(text, 3, y + 2, first - 6, row_h * 0.5, max_pt=11, style="bold", color=ink)
        if hint:
            items += block(hint, 3, y + row_h * 0.52, first - 6, row_h * 0.44, max_pt=9, color=muted)
    for k in range(pr.pad_columns):
        x = first + k * col
        stripe = colours[k % len(colours)].colour
        items.append(Rect(x, top, col, 3, fill=stripe))
    for i in range(len(rows) + 1):
        y = top + i * row_h
        items.append(Line(0, y, w, y, stroke=ink, stroke_mm=0.6 if i in (0, 1, 2, len(rows) - 1, len(rows)) else 0.3))
    for k in range(pr.pad_columns + 1):
        x = first + k * col
        items.append(Line(x, top, x, top + len(rows) * row_h, stroke=ink, stroke_mm=0.4))
    items.append(Rect(0, top, w, len(rows) * row_h, stroke=ink, stroke_mm=0.8))
    return Scene(w, h, tuple(items), background="#ffffff", title="Scoring pad")
