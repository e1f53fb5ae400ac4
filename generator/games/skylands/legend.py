"""The legend of the rulebook: every letter and icon the tiles and special islands print, drawn by the
very functions that print them, and named from the content (nothing typed a second time)."""

from __future__ import annotations

from ...core.kitspec import Figure
from ...draw.scene import Item, Rect, Scene, Text
from ...layout.render import SlotBox
from ...press.figures import detail
from .draw_specials import cost_items, special_front
from .draw_tiles import edge_symbols, mark_badge, text_on
from .model import Skylands, SpecialIsland, cost_letter

SWATCH_W = 16.0     # mm: a piece of edge band, long enough for its two symbols and its letter
CORNER = 13.0       # mm: the upper right corner of a special island, where its VPs stand


def legend(model: Skylands) -> Figure:
    """One swatch a letter or icon, labelled with what it means."""
    scenes: list[Scene] = []
    labels: list[str] = []
    for t in model.terrains.values():
        scenes.append(_band(model, t.colour, t.symbol, t.letter))
        labels.append(f"**{t.letter}**: {t.name.lower()} edge")
    g = model.files.game.inhabitants
    for c in [*g.colours, g.any]:
        scenes.append(_cost(model, c.id))
        named = f"**{cost_letter(c.name)}**: {c.name.lower()}" if c.id != g.any.id else "blank: any colour"
        labels.append(f"{named} (cost)")
    for mk in model.files.tiles.player_marks:
        scenes.append(_mark(model, mk.id))
        labels.append(f"**{mk.symbol}**: {mk.min_players}+ players only")
    tile = model.files.print.tile
    for special, words in _corners(model):
        scenes.append(detail(special_front(model, special), tile - CORNER, 0, CORNER, CORNER))
        labels.append(words)
    return Figure(tuple(scenes), tuple(labels), max_scale=1.5)


def _band(model: Skylands, colour: str, symbol: str | None, letter: str) -> Scene:
    b = model.files.print.edge_band
    ink = model.inks["ink"]
    on = text_on(colour, ink)
    items: list[Item] = [Rect(0, 0, SWATCH_W, b, fill=colour)]
    if symbol is not None:
        items += edge_symbols(0, SWATCH_W, b, symbol, on)
    items.append(Text(SWATCH_W / 2, b / 2 + 6.5 * 0.125, letter, 6.5, on, "bold", "middle"))
    return Scene(SWATCH_W, b, tuple(items), background=model.inks["sky"], title=f"{letter} edge")


def _cost(model: Skylands, colour: str) -> Scene:
    h = 4.6   # the cost box of a special island's layout
    box = SlotBox(0.5, 0.5, h, h, size=6.0, stroke_width=0.35)
    return Scene(h + 1, h + 1, tuple(cost_items(model, [colour], box)), title=f"{colour} cost")


def _mark(model: Skylands, mark: str) -> Scene:
    """The player-count badge of an island tile's lower left corner, cut out."""
    pr = model.files.print
    x, y = pr.edge_band + 3.6, pr.tile - pr.edge_band - 3.6
    badge = mark_badge(model, mark)
    r = 4.0
    return detail(Scene(pr.tile, pr.tile, tuple(badge), background=model.inks["sky"]), x - r, y - r, 2 * r, 2 * r,
                  title=f"{mark} mark")


def _corners(model: Skylands) -> list[tuple[SpecialIsland, str]]:
    """A special island with VPs only if complete (a star), and one whose VPs its effect counts (?)."""
    out: list[tuple[SpecialIsland, str]] = []
    starred = next((s for s in model.specials.values() if s.vp is not None and s.is_fragment), None)
    if starred is not None:
        out.append((starred, f"{starred.vp}*: VPs if part of a complete island"))
    counted = next((s for s in model.specials.values() if s.vp is None), None)
    if counted is not None:
        out.append((counted, "**?**: VPs by its scoring effect"))
    return out
