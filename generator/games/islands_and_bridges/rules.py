"""The rules of Islands & Bridges as pure functions over the model (what the seed and the
decisions say happens in a round)."""

from __future__ import annotations

from dataclasses import dataclass

from .model import Ability, Action, Game

Cell = tuple[int, int]


def distance(a: Cell, b: Cell) -> int:
    """Fields between two cells, diagonals counting as one (decision attack-range-shape)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def in_range(a: Cell, b: Cell, fields: int) -> bool:
    return distance(a, b) <= fields


def is_defeated(health: int) -> bool:
    """0 or less health is defeated (decision defeat-threshold)."""
    return health <= 0


def ability_effect(game: Game, kind: str) -> tuple[str, Ability] | None:
    for aid, ab in game.elements.abilities.items():
        if ab.effect.kind == kind:
            return aid, ab
    return None


def move(game: Game, boosted: bool = False) -> int:
    """Fields a player may move this round."""
    base = game.elements.player.move
    found = ability_effect(game, "move-bonus")
    if boosted and found:
        return base + (found[1].effect.amount or 0)
    return base


def damage(game: Game, action: Action, boosted: bool = False) -> int:
    """Damage of a player's attack, with Damage Boost when active."""
    base = action.damage or 0
    found = ability_effect(game, "damage-multiplier")
    if boosted and found:
        return base * (found[1].effect.amount or 1)
    return base


def heal(game: Game, health: int, regenerating: bool) -> int:
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


def strikes(charge_rounds: int, rounds_engaged: int) -> bool:
    """Whether an enemy with this charge time strikes in its n-th round of attacking (1-based):
    no charge strikes every round; a charge of 3 strikes in rounds 3, 6, 9… (decision boss-charge)."""
    if charge_rounds <= 1:
        return True
    return rounds_engaged % charge_rounds == 0


def still_pursues(game: Game, lead: int) -> bool:
    """An enemy follows a player until the player is `gives_up_lead` fields ahead."""
    return lead < game.elements.pursuit.gives_up_lead


@dataclass(frozen=True)
class StageScore:
    enemies: int
    chests: int
    survivors: int

    @property
    def total(self) -> int:
        return self.enemies + self.chests + self.survivors


def stage_score(game: Game, defeated: dict[str, int], chests: int, healths: list[int]) -> StageScore:
    """The team's score: defeated enemies by type, chests opened, 2 per surviving player."""
    e = sum(game.elements.enemies[k].score * n for k, n in defeated.items())
    c = chests * game.elements.chest.score
    s = sum(game.elements.player.score for h in healths if not is_defeated(h))
    return StageScore(e, c, s)


def longest_cooldown(game: Game) -> int:
    """The longest wait of any card: the timelines need at least this many rounds."""
    waits = [a.cooldown for a in game.elements.actions.values()]
    waits += [a.cooldown for a in game.elements.abilities.values()]
    return max(waits)


def socket_cells(game: Game, side: str, at: int) -> list[Cell]:
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
