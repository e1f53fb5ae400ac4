"""Tokens and the scoring pad: player tokens, player markers, inhabitants, VP markers."""

from __future__ import annotations

from dataclasses import replace

from ...content import Problem
from ...draw import Line, Rect, Scene, Text
from ...draw.scene import Item as SceneItem
from ...draw.text import block
from ...layout import Item, draw
from .draw_tiles import text_on
from .model import Skylands
from .schema import InhabitantColour, PlayerColour
from .text import pad_hint

TOKENS = ("token-player", "token-marker-active", "token-marker-passive", "token-inhabitant", "token-vp")
"""The token layouts (layouts/<name>.yaml): places, sizes, fonts and colours are data."""


def _token(model: Skylands, layout: str, size: float, item: Item, title: str) -> tuple[Scene, list[Problem]]:
    scene, problems = draw(model.layouts[layout], item, (size, size))
    return replace(scene, title=title), problems


def _on(model: Skylands, colour: str) -> dict[str, str]:
    return {"colour": colour, "fg": text_on(colour, model.inks["ink"])}


def player_token(model: Skylands, colour: PlayerColour) -> Scene:
    """A pawn in the player's colour with the colour's mark (inhabitants show a person: the two never
    look alike)."""
    return _player_token(model, colour)[0]


def _player_token(model: Skylands, colour: PlayerColour) -> tuple[Scene, list[Problem]]:
    name = f"{model.files.tokens.player_tokens.name} {colour.name}"
    return _token(model, "token-player", model.files.print.player_token,
                  Item(name, {**_on(model, colour.colour), "name": colour.name, "mark": colour.mark}), name)


def player_marker(model: Skylands, colour: PlayerColour, active: bool) -> Scene:
    """The active side shows what it is worth at the end; the passive side is grey in a ring of
    the player's colour."""
    return _player_marker(model, colour, active)[0]


def _player_marker(model: Skylands, colour: PlayerColour, active: bool) -> tuple[Scene, list[Problem]]:
    pm = model.files.tokens.player_markers
    side = pm.active_side if active else pm.passive_side
    fields = {**_on(model, colour.colour if active else model.inks["passive"]), "colour": colour.colour,
              "name": colour.name, "side": side, "vp": model.files.scoring.active_marker_vp}
    name = f"{pm.name} {colour.name} {side}"
    return _token(model, "token-marker-active" if active else "token-marker-passive", model.files.print.player_marker,
                  Item(name, fields), name)


def inhabitant(model: Skylands, colour: InhabitantColour) -> Scene:
    return _inhabitant(model, colour)[0]


def _inhabitant(model: Skylands, colour: InhabitantColour) -> tuple[Scene, list[Problem]]:
    name = f"{colour.name} inhabitant"
    return _token(model, "token-inhabitant", model.files.print.inhabitant,
                  Item(name, {**_on(model, colour.colour), "name": colour.name}), name)


def vp_marker(model: Skylands, value: int) -> Scene:
    return _vp_marker(model, value)[0]


def _vp_marker(model: Skylands, value: int) -> tuple[Scene, list[Problem]]:
    name = f"victory point marker {value}"
    return _token(model, "token-vp", model.files.print.vp_marker, Item(name, {"value": value}), name)


def token_problems(model: Skylands) -> list[Problem]:
    """Every problem the token layouts have with any token (a text too wide, a box off the token)."""
    out: list[Problem] = []
    colours = model.files.game.player_colours
    faces = [_player_token(model, c) for c in colours]
    faces += [_player_marker(model, c, active) for c in colours for active in (True, False)]
    faces += [_inhabitant(model, c) for c in model.files.game.inhabitants.colours]
    faces += [_vp_marker(model, d.value) for d in model.files.tokens.vp_markers.denominations]
    for _, problems in faces:
        out += [p for p in problems if p not in out]
    return out


def scoring_pad(model: Skylands) -> Scene:
    """One sheet of the scoring pad: a row per category in the seed's order, a column per player."""
    pr = model.files.print
    pad = model.files.scoring.pad
    w, h = pr.scoring_pad.w, pr.scoring_pad.h
    ink, muted = model.inks["ink"], model.inks["muted"]
    items: list[SceneItem] = [Text(w / 2, 12, pad.title, 15, ink, "bold", "middle")]
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
