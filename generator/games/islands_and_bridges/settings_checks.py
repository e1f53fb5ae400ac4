"""What maps.yaml asks of the map generator, checked against the game's stats and its box."""

from __future__ import annotations

from ...content import ContentSet, Problem
from .model import IslandsAndBridges
from .plan import MapKit, strength
from .plan_settings import STEM


def check(game: IslandsAndBridges, content: ContentSet) -> list[Problem]:
    """What maps.yaml asks that the generator could not honour with this game's stats and box, each at
    its line."""
    settings = game.maps
    out: list[Problem] = []

    def bad(loc: tuple[str | int, ...], message: str) -> None:
        out.append(content.problem(STEM, loc, message))

    e = game.elements
    kit_islands = min(game.components.island.quantity, game.components.bridge.quantity + 1)
    if settings.islands.min < 2:
        bad(("islands", "min"), f"at least 2 islands (found {settings.islands.min}): the first island "
                                "needs a bridge to leave by")
    if not settings.islands.min <= settings.islands.default <= kit_islands:
        bad(("islands", "default"), f"default {settings.islands.default} islands is outside "
                                    f"{settings.islands.min} to {kit_islands} (the box holds "
                                    f"{game.components.island.quantity} islands and "
                                    f"{game.components.bridge.quantity} bridges)")
    player_tokens = sum(t.quantity for t in game.components.tokens if t.kind == "player")
    if settings.players.min > min(game.settings.players, player_tokens):
        bad(("players", "min"), f"at least {settings.players.min} players, but the game has "
                                f"{game.settings.players} and the box {player_tokens} player tokens")
    levels = settings.difficulty.levels
    if settings.difficulty.default not in levels:
        bad(("difficulty", "default"), f"unknown level {settings.difficulty.default!r} "
                                       f"(levels: {', '.join(levels)})")
    for name, level in levels.items():
        lo, hi = level.traps_per_island
        if not 0 <= lo <= hi:
            bad(("difficulty", "levels", name, "traps_per_island"),
                f"fewest and most traps must be 0 <= fewest <= most (found {lo}, {hi})")
    action = e.actions.get(settings.budget.player_attack)
    if action is None or not action.damage:
        bad(("budget", "player_attack"), f"{settings.budget.player_attack!r} is not an attack with damage "
                                         f"(attacks: {', '.join(a for a, x in e.actions.items() if x.damage)})")
    if settings.budget.min > settings.budget.max:
        bad(("budget", "min"), f"the budget's min {settings.budget.min} is above its max {settings.budget.max}")
    if settings.guard.enemy not in e.enemies:
        bad(("guard", "enemy"), f"unknown enemy type {settings.guard.enemy!r} (known: {', '.join(e.enemies)})")
    lo, hi = settings.chests_per_island
    if not 0 <= lo <= hi:
        bad(("chests_per_island",), f"fewest and most chests must be 0 <= fewest <= most (found {lo}, {hi})")
    if out:
        return out
    kit = MapKit.of(game, settings)
    if kit.guard_max > kit.box[kit.guard]:
        bad(("guard", "max"), f"{kit.guard_max} guards, but the box holds {kit.box[kit.guard]}")
    out += _box_covers_the_largest_map(game, kit, content)
    if kit.table_cells(kit.table_default_mm) < (kit.cols, kit.rows):
        bad(("table",), "the default table is smaller than one island")
    # every budget a player count and level can ask for must be spendable with the box's enemies
    for players in range(kit.players_min, kit.players_max + 1):
        for name in levels:
            b = kit.budget(players, name)
            best = sum(strength(kit, t) * n for t, n in kit.enemy_mix(b, None).items())
            if best * 100 < b * kit.min_spent_percent:
                bad(("budget", "max"), f"{players} players on {name} get a budget of {b}, but the box's enemies "
                                       f"make at most {best} of it (at least {kit.min_spent_percent}% must be "
                                       f"spent): lower the max or the level's budget_percent")
    # and every enemy token of the box must be one that some plan can put on the map
    most = {t: max(kit.enemy_mix(kit.budget(players, name), None)[t]
                   for players in range(kit.players_min, kit.players_max + 1) for name in levels)
            for t in kit.enemy_types}
    for i, token in enumerate(game.components.tokens):
        if token.kind == "enemy" and token.enemy in most and token.quantity > most[token.enemy]:
            out.append(content.problem("components", ("tokens", i, "quantity"),
                                       f"the box holds {token.quantity} {token.name} tokens, but no map uses more "
                                       f"than {most[token.enemy]} (maps.yaml's budgets and guard): the rest would "
                                       "never be played"))
    return out


def _box_covers_the_largest_map(game: IslandsAndBridges, kit: MapKit, content: ContentSet) -> list[Problem]:
    """The box holds the Loot-Chests and revealed-trap markers of the largest map the settings allow,
    so the generator never has to shrink traps or drop chests on the last islands to fit the box
    (each one at the quantity that falls short in components.yaml)."""
    most_traps = max(hi for _, _, hi in kit.levels.values())
    largest = max((s for s in kit.trap_sizes if s <= max(kit.cols, kit.rows)), default=0)  # others never fit
    need = {
        "trap": (kit.islands_max * most_traps * largest,
                 f"{kit.islands_max} islands x {most_traps} traps x {largest} cells "
                 "(maps.yaml traps_per_island, elements.yaml trap sizes)"),
        "chest": (kit.islands_max * kit.chests_per_island[1],
                  f"{kit.islands_max} islands x {kit.chests_per_island[1]} (maps.yaml chests_per_island)"),
    }
    out = []
    for kind, (n, why) in need.items():
        tokens = [(i, t) for i, t in enumerate(game.components.tokens) if t.kind == kind]
        have = sum(t.quantity for _, t in tokens)
        if have >= n:
            continue
        loc: tuple[str | int, ...] = ("tokens", tokens[0][0], "quantity") if tokens else ("tokens",)
        name = tokens[0][1].name if tokens else kind
        out.append(content.problem("components", loc, f"the box holds {have} x {name}, but the largest map needs "
                                                      f"{n}: {why}; raise the quantity or lower those ranges"))
    return out
