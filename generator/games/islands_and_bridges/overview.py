"""The Element Overview as rows of text, regenerated from the model (the seed's table is the
reference). The sheet and the rulebook both print these same rows."""

from __future__ import annotations

from .model import IslandsAndBridges


def _fields(n: int) -> str:
    return f"{n} Field" if n == 1 else f"{n} Fields"


def _points(n: int) -> str:
    return f"{n} Point" if n == 1 else f"{n} Points"


def stats(game: IslandsAndBridges) -> list[list[str]]:
    p, en = game.elements.player, game.elements.enemies
    head = ["Stats", p.name, *(e.name for e in en.values())]
    return [
        head,
        ["Health", f"{p.health} HP", *(f"{e.health} HP" for e in en.values())],
        ["Move", _fields(p.move), *(_fields(e.move) for e in en.values())],
        ["Attack Range", _fields(p.attack_range), *(_fields(e.attack_range) for e in en.values())],
        ["Damage", "see Actions", *(f"{e.damage} Dmg" for e in en.values())],
        ["Charge Time", "-", *(f"{e.charge_rounds} rounds" if e.charge_rounds else "-" for e in en.values())],
        ["Score", _points(p.score), *(_points(e.score) for e in en.values())],
    ]


def actions(game: IslandsAndBridges) -> list[list[str]]:
    rows = [["Actions", "Cooldown", "Effect"]]
    for a in game.elements.actions.values():
        if a.damage is None:
            effect = _fields(game.elements.player.move)
        else:
            effect = f"{a.damage} Dmg" + (" 360°" if a.target == "all" else "")
        rows.append([a.name, str(a.cooldown), effect])
    return rows


def ability_effect(game: IslandsAndBridges, aid: str) -> str:
    e = game.elements.abilities[aid].effect
    if e.kind == "damage-taken-zero":
        return "no damage taken"
    if e.kind == "heal-per-round":
        return f"+{e.amount} HP a round (max {game.elements.player.health})"
    if e.kind == "damage-multiplier":
        return f"+{((e.amount or 1) - 1) * 100}% Dmg"
    return f"+{_fields(e.amount or 0)}"


def abilities(game: IslandsAndBridges) -> list[list[str]]:
    rows = [["Abilities", "Duration", "Cooldown", "Effect"]]
    for aid, ab in game.elements.abilities.items():
        rows.append([ab.label, str(ab.duration), str(ab.cooldown), ability_effect(game, aid)])
    return rows


def items(game: IslandsAndBridges) -> list[list[str]]:
    c, t = game.elements.chest, game.elements.trap
    return [
        ["Item", c.name, t.name],
        ["Effect", f"+{_points(c.score)}", f"{t.damage} Dmg"],
        ["Visibility", c.visibility.capitalize(), t.visibility.capitalize()],
        ["Size", f"{c.cells}x{c.cells} cells", " / ".join(str(s) for s in t.sizes) + " cells"],
    ]
