"""Tokens: players (told apart by green rings), enemies with their stats, chest, traps, stage end."""

from __future__ import annotations

from ...draw import Circle, Rect, Scene, Text, polygon
from ...draw.scene import Item
from ...draw.text import label
from .model import Game, Token


def faces(game: Game, tok: Token) -> list[Scene]:
    """Every copy of a token in the box: enemy tokens each carry their own number ('W3', as the
    tracking sheets and a map's trapboards name them); other tokens are alike."""
    if tok.kind == "enemy":
        return [token(game, tok, et.label) for et in game.enemy_tokens() if et.enemy == tok.enemy][:tok.quantity]
    return [token(game, tok)] * tok.quantity


def token(game: Game, tok: Token, number: str = "") -> Scene:
    """The face of one token, one cell square (the chest: its cells x its cells); `number` is an
    enemy token's label."""
    cell = game.settings.cell
    size = cell * (game.elements.chest.cells if tok.kind == "chest" else 1)
    c = size / 2
    ink, paper = game.color("ink"), game.color("paper")
    items: list[Item] = []
    bg = paper
    if tok.kind == "player":
        green = game.color("player")
        for k in range(tok.rings or 0):
            items.append(Circle(c, c, size * 0.44 - k * 1.55, stroke=green, stroke_mm=0.9))
        items.append(Text(c, c + 1.4, f"P{tok.rings}", 7.5, ink, "bold", "middle"))
    elif tok.kind == "enemy" and tok.enemy:
        e = game.elements.enemies[tok.enemy]
        bg = game.color(tok.enemy)
        items.append(Circle(c, c, size * 0.45, fill=paper, stroke=ink, stroke_mm=0.4))
        # its number, name and health, then the attack spelled out (a charging enemy needs one more line)
        ys: tuple[float, ...] = (0.28, 0.43, 0.57, 0.70) if e.charge_rounds else (0.31, 0.48, 0.63)
        items.append(label(number or e.name.upper(), c, size * ys[0], size * 0.6, max_pt=11, style="bold"))
        items.append(label(f"{e.name.upper()} {e.health} HP" if number else f"{e.health} HP", c, size * ys[1],
                           size * 0.74, max_pt=7))
        # 6 pt is the kit's floor: these lines get the circle's width rather than a smaller size
        items.append(label(f"{e.damage} dmg, range {e.attack_range}", c, size * ys[2], size * 0.84, max_pt=6,
                           min_pt=6))
        if e.charge_rounds:
            items.append(label(f"{e.charge_rounds}-round charge", c, size * ys[3], size * 0.72, max_pt=6, min_pt=6))
    elif tok.kind == "chest":
        bg = game.color("chest")
        items.append(Rect(size * 0.2, size * 0.32, size * 0.6, size * 0.42, fill="#d9a441", stroke=ink,
                          stroke_mm=0.5, radius=1.5))
        items.append(Rect(size * 0.2, size * 0.32, size * 0.6, size * 0.12, fill="#b07d27", stroke=ink,
                          stroke_mm=0.5))
        items.append(Text(c, size * 0.88, f"{game.elements.chest.name}  +{game.elements.chest.score}", 8,
                          paper, "bold", "middle"))
    elif tok.kind == "trap":
        bg = game.color("trap")
        items.append(polygon([(c, size * 0.15), (size * 0.85, size * 0.8), (size * 0.15, size * 0.8)],
                             fill=paper, stroke=ink, stroke_mm=0.4))
        items.append(Text(c, size * 0.72, f"-{game.elements.trap.damage}", 8, ink, "bold", "middle"))
    elif tok.kind == "stage-end":
        bg = game.color("stage-end")
        items.append(polygon(_star(c, c, size * 0.4, size * 0.18), fill="#f6d55c", stroke=paper, stroke_mm=0.3))
        items.append(label("END", c, c + 1.6, size * 0.5, max_pt=6.5, style="bold"))
    elif tok.kind == "duration-marker":
        bg = game.color("ability-card")
        items.append(Circle(c, c, size * 0.3, fill=paper))
        items.append(label("DUR", c, c + 1.3, size * 0.45, max_pt=6, style="bold"))
    return Scene(size, size, tuple(items), background=bg, title=tok.name)


def _star(cx: float, cy: float, r_out: float, r_in: float) -> list[tuple[float, float]]:
    import math

    pts = []
    for k in range(10):
        r = r_out if k % 2 == 0 else r_in
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts
