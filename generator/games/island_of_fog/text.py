"""What the templates may name: the model's numbers under rulebook names, and rendered decisions.

Every number a player reads in the rulebook, on the combat card or the turn summary comes from
here, so a change in the YAML shows everywhere it is printed.
"""

from __future__ import annotations

from typing import Any

from ...content.decisions import Decision, rendered
from ...content.prose import phrase_of, render_string
from .board import arrow, corner_square, player_counts, setup
from .model import IslandOfFog
from .odds import OddsRow, odds_table, percent
from .rules import Force, attack_bonus, can_stand_on, defence_bonus, forces, rerolls, seat_coins

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def words(n: int) -> str:
    """Small numbers as words, as a rulebook writes them."""
    names = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    return names[n] if 0 <= n < len(names) else str(n)


def context(m: IslandOfFog) -> dict[str, Any]:
    """Names for templates (rulebook, cards, decisions)."""
    basic = m.unit["basic"] if "basic" in m.unit else m.units.units[0]
    elite = m.unit["elite"] if "elite" in m.unit else m.units.units[-1]
    n = m.board.spaces_per_tile
    start_lots = sum(1 for row in m.starting_tile.grid for k in row if m.kind[k].lot)
    setups = []
    for v in m.board.variants:
        for p in player_counts(m, v.size):
            s = setup(m, v.size, p)
            setups.append({"size": v.size, "players": p, "from_pile": s.squares_from_pile,
                           "pile": s.pile, "left_over": s.left_over, "lighthouse": v.lighthouse,
                           "sea": len(s.sea)})
    coins = m.tokens.coins
    size = m.board.default_size
    # where the arrow points on each corner square of the default board (the diagonal rule), N E S W
    corner_arrows = [(corner, arrow(size, corner_square(size, corner)))
                     for corner in ("top-left", "top-right", "bottom-right", "bottom-left")]
    return {
        "m": m, "game": m.game, "board": m.board, "combat": m.combat, "tokens": m.tokens,
        "units": m.unit, "basic": basic, "elite": elite, "stacking": m.units.stacking,
        "defence": m.defence, "kinds": m.kind, "lighthouse": m.tiles.lighthouse,
        "colours": m.game.colours, "seats": m.game.seats, "corners": m.board.corners,
        "spaces_per_tile": n, "tile_mm": m.board.space_size * n,
        "field_tiles": m.field_tile_count, "start_lots": start_lots,
        "starting_income": start_lots * m.default_variant.ring_values[0],
        "dice_in_box": m.dice_in_box, "variants": m.board.variants, "default": m.default_variant,
        "setups": setups, "coins": coins, "coin_count": sum(c.count for c in coins),
        "coin_value": sum(c.value * c.count for c in coins), "fairness": m.fairness,
        "words": words, "percent": percent,
        "max_reroll": max(m.units.stacking.rerolls.values(), default=0),
        "corner_arrows": corner_arrows,
        # sea squares of the default board by player count (decision `three-players`)
        "sea": {p: len(setup(m, size, p).sea) for p in player_counts(m, size) if setup(m, size, p).sea},
        # player counts at which the lighthouse's owner lays a tile on every player's turn (decision
        # `lighthouse-flip`)
        "flip_every_turn": sorted(m.game.flip_every_turn),
        # the seats that start with more coins, by player count (decision `first-player`)
        "purses": {p: [(ORDINALS[i], c) for i, c in enumerate(seat_coins(m, p)) if c]
                   for p in sorted(m.game.seats) if any(seat_coins(m, p))},
    }


def combat_words(m: IslandOfFog, policy: str | None = None) -> dict[str, str]:
    """How stacks re-roll and what the odds assume (combat.yaml `words`), for the card and the
    rulebook alike; `policy` is the one the odds were computed with (default: the content's)."""
    ctx = context(m)
    w = m.combat.words
    chosen = policy or m.combat.reroll_policy
    odds = w.odds.optimal if chosen == "optimal" else w.odds.simple
    return {"rerolls": " ".join(render_string(w.rerolls, **ctx).split()),
            "odds": " ".join(render_string(odds, **ctx).split())}


def card_words(sheet: str, phrase: str, **context: Any) -> str:
    """A phrase printed on a sheet: the macro `phrase` of templates/island-of-fog/<sheet>.j2 (the combat
    card's, the dice sheet's), rendered in the core's sandbox, its whitespace collapsed."""
    return phrase_of(f"island-of-fog/{sheet}.j2", phrase, **context)


def decisions(m: IslandOfFog) -> list[Decision]:
    """The decisions with their choice and reason rendered (they may name the model's numbers)."""
    return rendered(m.decisions.decisions, context(m))


def odds_grid(m: IslandOfFog, rows: list[OddsRow]) -> list[tuple[Force, Force, list[OddsRow | None]]]:
    """The odds table as (attacker, defender, one entry per defence row or None where the
    defender cannot stand)."""
    index = {(r.attacker, r.defender, r.defence): r for r in rows}
    return [(a, d, [index.get((a, d, row.id)) for row in m.combat.defence]) for a in forces(m) for d in forces(m)]


def combat_lines(m: IslandOfFog) -> dict[str, Any]:
    """The bonuses as the combat card and rulebook print them."""
    return {
        "attack": {f.label(m): attack_bonus(m, f) for f in forces(m) if f.size == 1},
        # only the units that can stand there: no elite bonus on a mountain it cannot enter
        "defence": {row.name: {f.label(m): defence_bonus(m, f, row.id) for f in forces(m)
                               if f.size == 1 and can_stand_on(m, f, row.id)}
                    for row in m.combat.defence},
        "rerolls": {f.label(m): rerolls(m, f) for f in forces(m) if f.size > 1},
    }


def table(m: IslandOfFog) -> list[OddsRow]:
    """The odds under the content's re-roll policy."""
    return odds_table(m, m.combat.reroll_policy)
