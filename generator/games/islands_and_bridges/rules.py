"""The rules of Islands & Bridges as pure functions over the model (what the seed and the
decisions say happens in a round)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Literal

from .model import Ability, Action, IslandsAndBridges

Cell = tuple[int, int]


def distance(a: Cell, b: Cell) -> int:
    """Fields between two cells, diagonals counting as one (decision attack-range-shape)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def in_range(a: Cell, b: Cell, fields: int) -> bool:
    return distance(a, b) <= fields


def is_defeated(health: int) -> bool:
    """0 or less health is defeated (decision defeat-threshold)."""
    return health <= 0


def ability_effect(game: IslandsAndBridges, kind: str) -> tuple[str, Ability] | None:
    for aid, ab in game.elements.abilities.items():
        if ab.effect.kind == kind:
            return aid, ab
    return None


def move(game: IslandsAndBridges, boosted: bool = False) -> int:
    """Fields a player may move this round."""
    base = game.elements.player.move
    found = ability_effect(game, "move-bonus")
    if boosted and found:
        return base + (found[1].effect.amount or 0)
    return base


def damage(game: IslandsAndBridges, action: Action, boosted: bool = False) -> int:
    """Damage of a player's attack, with Damage Boost when active."""
    base = action.damage or 0
    found = ability_effect(game, "damage-multiplier")
    if boosted and found:
        return base * (found[1].effect.amount or 1)
    return base


def heal(game: IslandsAndBridges, health: int, regenerating: bool) -> int:
    """Health after the Healing phase: +amount while regenerating, capped at the maximum health
    (a player at 0 or less is healed too: decision healing-at-zero)."""
    found = ability_effect(game, "heal-per-round")
    if not regenerating or not found:
        return health
    return min(game.elements.player.health, health + (found[1].effect.amount or 0))


def damage_taken(damage_in: int, invincible: bool) -> int:
    """Invincibility reduces the damage a player receives to 0."""
    return 0 if invincible else damage_in


def ready_again(activated_round: int, cooldown: int) -> int:
    """The first round an ability or action may be played again (decision cooldown-start)."""
    return activated_round + max(cooldown, 1) if cooldown else activated_round + 1


def active_rounds(activated_round: int, duration: int) -> range:
    """Rounds during which an ability played in `activated_round` is in effect."""
    return range(activated_round, activated_round + duration)


# Seed 2.4: "All abilities which lie on the Ability Duration Timeline are move 1 field to the left
# thus decreasing the current duration time of the ability by 1." The sheet's numbering and every
# sentence that tells the direction read it from here.
DURATION_STEP = "left"


def duration_fields(longest: int) -> list[int]:
    """The numbers of the Ability Duration Timeline's fields, in order from left to right: a
    marker that moves one field towards DURATION_STEP loses one round of duration."""
    values = list(range(1, longest + 1))
    return values if DURATION_STEP == "left" else values[::-1]


def duration_update(duration: int) -> int | None:
    """A marker's duration after the Ability Duration Update (phase 7): one less; None when it
    goes below 1, leaves the timeline and its card is turned face down."""
    left = duration - 1
    return left if left >= 1 else None


def round_order(game: IslandsAndBridges, played: Iterable[str]) -> list[str]:
    """The order in which one player's cards of a round resolve (decision cards-in-a-round): any
    ready cards may be played together, each once; abilities first (seed 1.4), in the order of
    the content, then the basic actions in the content's `round_order`."""
    chosen = set(played)
    abilities = [a for a in game.elements.abilities if a in chosen]
    return abilities + [a for a in game.elements.round_order if a in chosen]


def trap_springs(trap: Iterable[Cell], entered: Iterable[Cell]) -> bool:
    """Whether a move springs a trap: any cell the token enters on its way, or ends on, is one of
    the trap's cells (decision trap-timing; its damage is booked in the Damage phase)."""
    cells = set(trap)
    return any(c in cells for c in entered)


Side = Literal["players", "enemies"]


def step_cost(game: IslandsAndBridges, a: Cell, b: Cell) -> int:
    """Fields a step from `a` to the touching cell `b` costs: 1 straight, the content's cost diagonally
    (decision movement)."""
    dc, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
    if max(dc, dr) != 1:
        raise ValueError(f"{a} and {b} do not touch")
    return game.elements.movement.diagonal_cost if dc and dr else 1


def may_step(game: IslandsAndBridges, mover: Side, into: Cell, land: Collection[Cell],
             held: Mapping[Cell, Side]) -> bool:
    """Whether a token of side `mover` may step into `into` on its way: land (island or bridge) unless
    the sea may be crossed, and a cell another token holds only if it may pass through that side.
    A diagonal step between an island and a bridge end is a step like any other: both are land."""
    mv = game.elements.movement
    if into not in land and not mv.cross_sea:
        return False
    side = held.get(into)
    if side is None:
        return True
    return mv.through_own_side if side == mover else mv.through_other_side


def may_stop(game: IslandsAndBridges, at: Cell, held: Mapping[Cell, Side]) -> bool:
    """Whether a token may end its move on `at` (a cell another token holds only if tokens may share)."""
    return at not in held or game.elements.movement.end_on_token


def move_cost(game: IslandsAndBridges, path: Sequence[Cell]) -> int:
    """Fields a move along `path` (its start first) costs."""
    return sum(step_cost(game, a, b) for a, b in pairwise(path))


def chest_collected(game: IslandsAndBridges, chests: Iterable[Cell], path: Sequence[Cell]) -> Cell | None:
    """The chest a player's move along `path` collects: where it stops, or any cell on its way when the
    content lets a chest be taken in passing (decision chest-collected)."""
    cells = path[1:] if game.elements.movement.chest_when_passed else path[-1:]
    chests = list(chests)
    for cell in cells:
        found = chest_at(game, chests, cell)
        if found is not None:
            return found
    return None


def chest_at(game: IslandsAndBridges, chests: Iterable[Cell], cell: Cell) -> Cell | None:
    """The chest (its north-west cell) collected by a player token placed on `cell`, if any; a
    collected chest leaves the table at once and scores once (decision chest-collected)."""
    n = game.elements.chest.cells
    for nw in chests:
        if nw[0] <= cell[0] < nw[0] + n and nw[1] <= cell[1] < nw[1] + n:
            return nw
    return None


def choose_target(enemy: Cell, sighted: dict[int, Cell], invincible: Iterable[int] = ()) -> int | None:
    """Whom an enemy attacks among the players (by number) that came into its sight in the same
    round: the nearest, then the lowest number (the turn order); a player its attacks cannot
    hurt only when no other is there (seed 1.4.2.1; decision enemy-target)."""
    if not sighted:
        return None
    immune = set(invincible)
    return min(sighted, key=lambda p: (p in immune, distance(enemy, sighted[p]), p))


@dataclass(frozen=True)
class Charge:
    """A charging enemy's state after its Execute phase: rounds charged so far (0: not charging),
    and whether it struck this round."""

    charged: int
    strikes: bool


def may_move(charged: int) -> bool:
    """A charging enemy stands still (decision boss-charge-start)."""
    return charged == 0


def charge_round(charge_rounds: int, charged: int, player_in_range: bool) -> Charge:
    """One round of an enemy that charges its attack (decision boss-charge-start). `charged` is
    the rounds charged before this round; `player_in_range` whether a player is within its attack
    range (after its move, when it is not charging). The charge starts in the first round a player
    is in range after the enemy moved; in its last round the enemy strikes a player in range, or
    the blow is lost when none is; then it may move again. No charge time: it strikes every round
    a player is in range."""
    if charged == 0 and not player_in_range:
        return Charge(0, False)
    now = charged + 1
    if now >= max(charge_rounds, 1):
        return Charge(0, player_in_range)
    return Charge(now, False)


def still_pursues(game: IslandsAndBridges, closest: int, now: int) -> bool:
    """An enemy follows its target until the target is `gives_up_lead` fields ahead: that many
    fields farther from the enemy (after the enemy's move) than the closest the enemy came to it
    while following (decision pursuit-lead)."""
    return now - closest < game.elements.pursuit.gives_up_lead


def outrun_by(game: IslandsAndBridges, enemy: str) -> str | None:
    """How a player can leave this enemy behind: 'walking' when a player moves farther than it,
    'speed boost' when only a boosted player does, None when it is never left behind."""
    fields = game.elements.enemies[enemy].move
    if move(game) > fields:
        return "walking"
    if move(game, boosted=True) > fields:
        return "speed boost"
    return None


@dataclass(frozen=True)
class StageScore:
    enemies: int
    chests: int
    survivors: int

    @property
    def total(self) -> int:
        return self.enemies + self.chests + self.survivors


def stage_score(game: IslandsAndBridges, defeated: dict[str, int], chests: int, healths: list[int]) -> StageScore:
    """The team's score: defeated enemies by type, chests opened, 2 per surviving player."""
    e = sum(game.elements.enemies[k].score * n for k, n in defeated.items())
    c = chests * game.elements.chest.score
    s = sum(game.elements.player.score for h in healths if not is_defeated(h))
    return StageScore(e, c, s)


def longest_cooldown(game: IslandsAndBridges) -> int:
    """The longest wait of any card: the timelines need at least this many rounds."""
    waits = [a.cooldown for a in game.elements.actions.values()]
    waits += [a.cooldown for a in game.elements.abilities.values()]
    return max(waits)


def socket_cells(game: IslandsAndBridges, side: str, at: int) -> list[Cell]:
    """The island cells (col, row) a bridge socket covers, as wide as a bridge."""
    cols, rows = game.components.island.cells
    width = game.components.bridge.cells[0]
    if side == "north":
        return [(at + i, 0) for i in range(width)]
    if side == "south":
        return [(at + i, rows - 1) for i in range(width)]
    if side == "west":
        return [(0, at + i) for i in range(width)]
    return [(cols - 1, at + i) for i in range(width)]
