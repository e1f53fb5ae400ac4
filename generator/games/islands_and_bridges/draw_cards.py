"""Action cards: one deck per player, the same seven cards, told apart by green rings.

Where everything sits, its size, font and colour come from layouts/card.yaml, card-two-numbers.yaml
and card-back.yaml; this module says what a card shows (its name, numbers and rules text) and draws
the one piece of art, the rings."""

from __future__ import annotations

from textwrap import shorten

from ...content import ContentSet, Problem
from ...draw import Circle, Scene
from ...draw.scene import Item as SceneItem
from ...layout import Item, SlotBox, draw
from .model import IslandsAndBridges
from .text import card_text


def rings(n: int, box: SlotBox) -> tuple[SceneItem, ...]:
    """`n` rings inside the box, the outer one touching it, a line and seven tenths of one apart."""
    stroke = box.stroke_width or 0.5
    r = min(box.w, box.h) / 2
    return tuple(Circle(box.x + box.w / 2, box.y + box.h / 2, r - k * stroke * 1.7, stroke=box.color,
                        stroke_mm=stroke) for k in range(n))


def numbers(game: IslandsAndBridges, card_id: str) -> list[tuple[str, str]]:
    """The numbers a card prints, each with its caption: an attack's damage and target, a move's
    fields, an ability's duration; then the cooldown."""
    if card_id in game.elements.actions:
        a = game.elements.actions[card_id]
        if a.damage is None:
            return [(str(game.elements.player.move), "fields"), (str(a.cooldown), "cooldown")]
        single = a.target == "single"
        return [(str(a.damage), "damage"), ("1" if single else "all", "target" if single else "in range"),
                (str(a.cooldown), "cooldown")]
    ab = game.elements.abilities[card_id]
    return [(str(ab.duration), "duration"), (str(ab.cooldown), "cooldown")]


def item(game: IslandsAndBridges, card_id: str, player: int, content: ContentSet | None = None) -> Item:
    """What a card shows, as the layout's templates read it; `content` places its texts for messages."""
    group = "actions" if card_id in game.elements.actions else "abilities"
    card = getattr(game.elements, group)[card_id]
    fields: dict[str, object] = {
        "name": card.name, "kind": "action" if group == "actions" else "ability", "player": player,
        "colour": "basic-card" if group == "actions" else "ability-card", "text": card_text(game, card_id),
        "title": game.settings.title}
    shown = numbers(game, card_id)
    for k in range(3):
        value, caption = shown[k] if k < len(shown) else ("", "")
        fields |= {f"value_{k + 1}": value, f"caption_{k + 1}": caption}
    places = {key: content.place("elements", (group, card_id, key)) for key in ("name", "text")} if content else {}
    # the item is named as messages show it: the same problem on every player's copy is one problem
    return Item(f"card {shorten(card.name, 40, placeholder=' …')!r}", fields, places)


def front_checked(game: IslandsAndBridges, card_id: str, player: int,
                  content: ContentSet | None = None) -> tuple[Scene, list[Problem]]:
    it = item(game, card_id, player, content)
    layout = game.layouts["card" if it.fields["caption_3"] else "card-two-numbers"]
    scene, problems = draw(layout, it, (game.settings.card.width, game.settings.card.height),
                           {"rings": lambda b: rings(player, b)})
    return Scene(scene.w, scene.h, scene.items, scene.background, f"{it.fields['name']} (player {player})"), problems


def front(game: IslandsAndBridges, card_id: str, player: int) -> Scene:
    """A card's face: name, kind, its numbers in boxes, its rules text, the player's rings."""
    return front_checked(game, card_id, player)[0]


def back_checked(game: IslandsAndBridges, player: int) -> tuple[Scene, list[Problem]]:
    it = Item(f"card back (player {player})", {"player": player, "title": game.settings.title})
    scene, problems = draw(game.layouts["card-back"], it, (game.settings.card.width, game.settings.card.height),
                           {"rings": lambda b: rings(player, b)})
    return Scene(scene.w, scene.h, scene.items, scene.background, f"card back (player {player})"), problems


def back(game: IslandsAndBridges, player: int) -> Scene:
    """The back of player `player`'s cards: the same rings, large."""
    return back_checked(game, player)[0]


def problems(game: IslandsAndBridges, content: ContentSet) -> list[Problem]:
    """Every problem the card layouts have with any card of any player (a name or rules text that
    does not fit its box, at the layout and naming the data line), found by drawing each once."""
    out: list[Problem] = []
    for player in range(1, game.settings.players + 1):
        out += back_checked(game, player)[1]
        for card_id in game.components.cards.per_player:
            out += front_checked(game, card_id, player, content)[1]
    return out
