"""The rulebook text: sections 1-2 of the seed, rewritten as a template over the model."""

from __future__ import annotations

from ...content.decisions import Decision, rendered
from ...text import render
from . import overview, texts
from .model import Game


def text(game: Game) -> str:
    ctx = texts.context(game)
    return render(
        "islands-and-bridges/rulebook.md.j2",
        card_text=lambda cid: texts.card_text(game, cid),
        effect=lambda aid: overview.ability_effect(game, aid),
        overview={"stats": overview.stats(game), "actions": overview.actions(game),
                  "abilities": overview.abilities(game), "items": overview.items(game)},
        enemy_table=enemy_table(game),
        ability_table=[["Ability", "Duration", "Cooldown", "Effect"]] + [
            [ab.name, ab.duration, ab.cooldown, overview.ability_effect(game, aid)]
            for aid, ab in game.elements.abilities.items()],
        **ctx,
    )


def decisions(game: Game) -> list[Decision]:
    """Every decision of the game and of its map generator, rendered over the model (design notes)."""
    return rendered([*game.decisions, *game.maps.decisions], texts.context(game))


def enemy_table(game: Game) -> list[list[object]]:
    rows: list[list[object]] = [["Enemy", "Health", "Move", "Range", "Damage", "Target", "Charge", "Score"]]
    for e in game.elements.enemies.values():
        rows.append([e.name, e.health, e.move, e.attack_range, e.damage,
                     "single" if e.target == "single" else "all in range",
                     f"{e.charge_rounds} rounds" if e.charge_rounds else "-", e.score])
    return rows
