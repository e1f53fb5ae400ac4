"""How simulated generals choose: `random` (any legal choice) and `greedy` (each unit takes the option
an estimate values most: a fight worth its odds, a lot, the lighthouse, an enemy building to hold,
a square to explore, or steps towards the nearest of them; home is guarded when an enemy is near).

The estimate's weights are a policy's guesses, not rules; every cost, value and chance it weighs
is the model's (units, income, exact combat odds through the game).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from .engine import Game, Option, Policy, Space
from .rules import city_income


@dataclass(frozen=True)
class Weights:
    """What the greedy policy values, in coins (guesses)."""

    turns_of_income: float = 6.0   # a city is worth this many turns of its income …
    point: float = 8.0             # … plus this for the point it scores
    hold: float = 10.0             # an enemy building stood on, to take at the next turn
    base: float = 40.0             # an enemy base stood on
    explore: float = 3.0           # a square turned up
    step: float = 1.0              # each movement point nearer the nearest goal
    guard: float = 25.0            # a unit back on its base with an enemy this close …
    threat_mp: int = 8             # … (movement points of the enemy's path)
    elite_from: int = 12           # coins from which an elite is built rather than a basic unit
    factory_from: int = 12         # coins (times factories + 1) from which a factory beats a city


WEIGHTS = Weights()


class RandomPolicy:
    """Any legal choice, uniformly; builds a unit whenever it can pay, of either kind."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def order(self, game: Game, seat: int, ready: list[Space]) -> list[Space]:
        out = list(ready)
        self.rng.shuffle(out)
        return out[:game.model.game.turn.units_moved]

    def choose(self, game: Game, seat: int, at: Space, mp: int, options: list[Option]) -> Option:
        return self.rng.choice(options)

    def place_flip(self, game: Game, seat: int, empty: list[tuple[int, int]]) -> tuple[int, int]:
        return self.rng.choice(empty)

    def build(self, game: Game, seat: int, site: Space) -> str | None:
        affordable = [u.id for u in game.model.units.units
                      if u.cost <= game.coins[seat] and game.on_board[seat][u.id] < u.per_colour]
        return self.rng.choice(affordable) if affordable else None

    def side(self, game: Game, seat: int, at: Space) -> Literal["city", "factory"]:
        return "city" if self.rng.random() < 0.5 else "factory"


class GreedyPolicy:
    """The option an estimate values most, for each unit in turn (see the module's docstring)."""

    def __init__(self, rng: random.Random, weights: Weights = WEIGHTS) -> None:
        self.rng = rng
        self.w = weights
        self._goals: tuple[int, int, list[int]] | None = None   # (board version, seat, distance to a goal)
        self._threat: tuple[int, int, bool] | None = None

    # ---- what lies where
    def goal_distance(self, game: Game, seat: int) -> list[int]:
        """Movement points (for a basic unit) from every space to the nearest goal: a free lot, a
        lighthouse not its own, an enemy building, a space beside a square still face down."""
        key = (game.version, seat)
        if self._goals is not None and self._goals[:2] == key:
            return self._goals[2]
        goals = []
        for at, kind in enumerate(game.kinds):
            if kind is None:
                continue
            b = game.buildings.get(at)
            free_lot = game.model.kind[kind].lot and b is None
            not_ours = b is not None and b.owner != seat
            if free_lot or not_ours or any(game.kinds[j] is None for j in game.neighbours[at]):
                goals.append(at)
        dist = game.distances(goals, game.costs[game.basic_unit])
        self._goals = (key[0], key[1], dist)
        return dist

    def threat(self, game: Game, seat: int) -> bool:
        """An enemy unit within `threat_mp` of the seat's base while no unit can be built on it at the
        end of the turn (one built there guards it as well)."""
        cheapest = min(u.cost for u in game.model.units.units)
        if game.coins[seat] >= cheapest:
            return False
        if self._threat is not None and self._threat[:2] == (game.version, seat):
            return self._threat[2]
        base = game.bases[seat]
        dist = game.distances([base], game.costs[game.basic_unit], self.w.threat_mp)
        found = any(u.seat != seat and dist[at] >= 0 for at, u in game.units.items())
        self._threat = (game.version, seat, found)
        return found

    def value(self, game: Game, seat: int, at: Space) -> float:
        """What a unit standing on `at` is worth: its cost, and the building it stands on."""
        unit = game.units[at]
        own = game.model.unit[unit.unit].cost * unit.size
        return own + (self.w.point if at in game.buildings else 0.0)

    def city_value(self, game: Game, at: Space, lighthouse: bool = False) -> float:
        income = city_income(game.model, game.size, game.square_of(at), lighthouse)
        points = 1 + (game.model.game.scoring.lighthouse_points if lighthouse else 0)
        return self.w.turns_of_income * income + self.w.point * points

    def estimate(self, game: Game, seat: int, at: Space, option: Option, guard: bool) -> float:
        w = self.w
        dist = self.goal_distance(game, seat)
        d = dist[option.dest]
        v = -w.step * (d if d >= 0 else 30)
        if option.explore is not None:
            return v + w.explore
        if option.action == "city":
            v += self.city_value(game, option.dest)
        elif option.action == "factory":
            factories = sum(1 for b in game.buildings.values() if b.owner == seat and b.kind == "factory")
            rich = game.coins[seat] >= self.w.factory_from * (factories + 1)
            v += self.city_value(game, option.dest) * (1.2 if rich else 0.2)
        elif option.action == "claim":
            v += self.city_value(game, option.dest, lighthouse=True)
        elif option.action == "attack":
            assert option.target is not None
            unit, foe = game.units[at], game.units[option.target]
            win, drawn = game.chances(unit, foe, option.target)
            lose = 1 - win - drawn
            v += win * (self.value(game, seat, option.target) + w.hold) - lose * self.value(game, seat, at)
        elif option.action == "stack":
            v += 1.0 if guard and option.dest != game.bases[seat] else -1.0
        elif option.action == "swap":
            v -= 1.0
        b = game.buildings.get(option.dest)
        if b is not None and b.owner is not None and b.owner != seat and option.action != "attack":
            v += w.base if b.kind == "base" else w.hold
        if guard and option.dest == game.bases[seat] and option.action in ("none", "stack"):
            v += w.guard
        return v

    # ---- the policy
    def order(self, game: Game, seat: int, ready: list[Space]) -> list[Space]:
        """Units nearest a goal first; the base's unit last, so that it can stay if the base needs it."""
        dist = self.goal_distance(game, seat)
        base = game.bases[seat]
        ranked = sorted(ready, key=lambda at: (at == base, dist[at] if dist[at] >= 0 else 99, at))
        return ranked[:game.model.game.turn.units_moved]

    def choose(self, game: Game, seat: int, at: Space, mp: int, options: list[Option]) -> Option:
        guard = self.threat(game, seat)
        best = max(options, key=lambda o: (self.estimate(game, seat, at, o, guard), -o.cost))
        return best

    def place_flip(self, game: Game, seat: int, empty: list[tuple[int, int]]) -> tuple[int, int]:
        home = game.square_of(game.bases[seat])
        return min(empty, key=lambda sq: (abs(sq[0] - home[0]) + abs(sq[1] - home[1]), sq))

    def build(self, game: Game, seat: int, site: Space) -> str | None:
        units = sorted(game.model.units.units, key=lambda u: -u.cost)
        coins = game.coins[seat]
        for u in units:
            if game.on_board[seat][u.id] >= u.per_colour or u.cost > coins:
                continue
            if u.stackable or coins >= self.w.elite_from:
                return u.id
        return None

    def side(self, game: Game, seat: int, at: Space) -> Literal["city", "factory"]:
        has_factory = any(b.owner == seat and b.kind == "factory" for b in game.buildings.values())
        return "city" if has_factory else "factory"


POLICIES: dict[str, Callable[[random.Random], Policy]] = {"greedy": GreedyPolicy, "random": RandomPolicy}
