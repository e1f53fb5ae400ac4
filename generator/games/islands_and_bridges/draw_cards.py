"""Action cards: one deck per player, the same seven cards, told apart by green rings."""

from __future__ import annotations

from ...draw import Circle, Rect, Scene, Text
from ...draw.scene import Item
from ...draw.text import block, label
from . import texts
from .model import Game

BLEED_ART = 5.0


def rings(game: Game, n: int, cx: float, cy: float, r: float) -> tuple[Item, ...]:
    green = game.color("player")
    return tuple(Circle(cx, cy, r - k * 1.2, stroke=green, stroke_mm=0.7) for k in range(n))


def stat_box(x: float, y: float, w: float, value: str, caption: str, color: str) -> tuple[Item, ...]:
    return (Rect(x, y, w, 14, fill="#ffffff", stroke=color, stroke_mm=0.5, radius=1.5),
            label(value, x + w / 2, y + 7.6, w - 2, max_pt=13, style="bold", color=color),
            label(caption, x + w / 2, y + 12, w - 2, max_pt=6, color="#6b7280"))


def front(game: Game, card_id: str, player: int) -> Scene:
    """A card's face: name, kind, its numbers in boxes, its rules text, the player's rings."""
    w, h = game.settings.card.width, game.settings.card.height
    is_action = card_id in game.elements.actions
    color = game.color("basic-card" if is_action else "ability-card")
    name = (game.elements.actions[card_id].name if is_action else game.elements.abilities[card_id].name)
    items: list[Item] = [
        Rect(-BLEED_ART, -BLEED_ART, w + 2 * BLEED_ART, h + 2 * BLEED_ART, fill=color),
        Rect(3.5, 3.5, w - 7, h - 7, fill="#ffffff", radius=2.5),
        Rect(3.5, 3.5, w - 7, 14, fill=color, radius=2.5),
        Rect(3.5, 10, w - 7, 7.5, fill=color),
        label(name, w / 2, 12.5, w - 12, max_pt=11.5, style="bold", color="#ffffff"),
        label("BASIC ACTION" if is_action else "ABILITY", w / 2, 22.5, w - 12, max_pt=6.5, style="bold",
              color=color),
    ]
    boxes: list[tuple[str, str]] = []
    if is_action:
        a = game.elements.actions[card_id]
        if a.damage is not None:
            boxes.append((str(a.damage), "damage"))
            boxes.append(("1" if a.target == "single" else "all", "target" if a.target == "single" else "in range"))
        else:
            boxes.append((str(game.elements.player.move), "fields"))
        boxes.append((str(a.cooldown), "cooldown"))
    else:
        ab = game.elements.abilities[card_id]
        boxes += [(str(ab.duration), "duration"), (str(ab.cooldown), "cooldown")]
    bw, gap = 15.0, 3.0
    x0 = (w - len(boxes) * bw - (len(boxes) - 1) * gap) / 2
    for k, (value, caption) in enumerate(boxes):
        items += stat_box(x0 + k * (bw + gap), 26, bw, value, caption, color)
    items += block(texts.card_text(game, card_id), *texts.text_box(game), max_pt=8.5,
                   min_pt=texts.TEXT_MIN_PT)
    items += rings(game, player, w / 2, h - 10.5, 4.6)
    items.append(Text(w - 7, h - 8, f"P{player}", 6.5, "#6b7280", "bold", "end"))
    return Scene(w, h, tuple(items), background=color, title=f"{name} (player {player})")


def back(game: Game, player: int) -> Scene:
    """The back of player `player`'s cards: the same rings, large."""
    w, h = game.settings.card.width, game.settings.card.height
    dark = game.color("stage-end")
    items: list[Item] = [
        Rect(-BLEED_ART, -BLEED_ART, w + 2 * BLEED_ART, h + 2 * BLEED_ART, fill=dark),
        Rect(4, 4, w - 8, h - 8, stroke="#ffffff", stroke_mm=0.4, radius=2.5),
        Circle(w / 2, h / 2 - 4, 17, fill="#ffffff"),
        *rings(game, player, w / 2, h / 2 - 4, 15),
        Text(w / 2, h / 2 - 1, f"P{player}", 12, dark, "bold", "middle"),
        label(game.settings.title, w / 2, h - 14, w - 12, max_pt=10, style="bold", color="#ffffff"),
        label("action card", w / 2, h - 9, w - 12, max_pt=7, color="#cfe8f3"),
    ]
    return Scene(w, h, tuple(items), background=dark, title=f"card back (player {player})")
