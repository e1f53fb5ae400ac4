"""Full games of Island of Fog on a board explored live from the pile: set-up, turns (income, the
lighthouse's flip, activations, building units), combat, captures, the countdown and the end.

Pure: a model, a board size, the seats, their policies, a deal (where each explored tile comes
from) and a random source in; a finished game out. Every number is the model's (units.yaml,
spaces.yaml, combat.yaml, game.yaml, tiles.yaml) and every rule that has a function in rules.py is
called from there (movement costs, stacking, re-rolls, bonuses, defence rows, income, score); this
module sequences them as the seed's "How to Play" does and settles what it leaves open as
decisions.yaml does (each use names its decision). Combat outcomes are drawn from the exact odds
(odds.py) with the game's seeded random source. A policy's illegal choice raises IllegalMove.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from .board import Square, arrow, quarter_turns, sea_kind, setup
from .mapgen import MapPlan, draw
from .model import IslandOfFog
from .odds import matchup
from .rules import (
    Force,
    can_build,
    can_build_unit,
    can_stack,
    city_income,
    defence_row,
    lays_tile,
    move_cost,
    neighbours,
    refused_step_cost,
    score,
    seat_coins,
)

# Not a rule: a game still going after this many rounds is a policy that never explores the board
# (a bug to report, counted as an ending of its own).
MAX_ROUNDS = 200

Space = int                                   # flat index: row * side + col of the board's spaces
BuildingKind = Literal["city", "factory", "base", "lighthouse"]
ActionKind = Literal["none", "city", "factory", "claim", "stack", "swap", "attack"]


class IllegalMove(ValueError):
    """A policy chose something the rules do not allow."""


@dataclass
class Unit:
    """A unit or stack on the board (a `Force` with an owner and this turn's state)."""

    seat: int
    unit: str
    size: int = 1
    ready: bool = False      # may be activated this turn (not built or stacked this turn, not yet activated)

    @property
    def force(self) -> Force:
        return Force(self.unit, self.size)


@dataclass
class Building:
    """A building token, the home base or the lighthouse (owner None: unclaimed)."""

    owner: int | None
    kind: BuildingKind


@dataclass(frozen=True)
class Option:
    """One way to finish an activation: move to `dest` (movement points `cost`) and take `action`
    (`target`: the attacked space); or, `explore` set, move to `dest` and step into `explore`, a
    space of a square no tile covers yet, turning a tile up for it."""

    dest: Space
    cost: int
    action: ActionKind = "none"
    target: Space | None = None
    explore: Space | None = None


class Deal(Protocol):
    """Where explored tiles come from: the pile, live, or a map drawn beforehand."""

    def tile_for(self, square: Square) -> str | None: ...


@dataclass
class LivePile:
    """The shuffled pile, top first: each explored square gets the next tile (decision `exploring`)."""

    tiles: list[str]

    def tile_for(self, square: Square) -> str | None:
        return self.tiles.pop(0) if self.tiles else None


@dataclass
class FixedMap:
    """A map drawn whole beforehand (the survey's): each square turns up the tile the map put there."""

    plan: MapPlan

    def tile_for(self, square: Square) -> str | None:
        return next(p.tile for p in self.plan.placements if p.square == square)


def live_pile(plan: MapPlan, corners: set[Square], centre: Square | None) -> LivePile:
    """The pile of a drawn map in the order it was dealt: `mapgen.draw` lays the shuffled pile
    row by row, so its tiles off the fixed squares, then what is left over, are the pile top first."""
    dealt = [p.tile for p in plan.placements if p.square not in corners and p.square != centre]
    return LivePile(dealt + list(plan.left_over))


class Policy(Protocol):
    """What a player decides; the engine asks and checks."""

    def order(self, game: Game, seat: int, ready: list[Space]) -> list[Space]:
        """The units to activate this turn, at most `units_moved` of them, in order."""

    def choose(self, game: Game, seat: int, at: Space, mp: int, options: list[Option]) -> Option: ...

    def place_flip(self, game: Game, seat: int, empty: list[Square]) -> Square: ...

    def build(self, game: Game, seat: int, site: Space) -> str | None:
        """The unit to build on an empty base or factory (None: none)."""

    def side(self, game: Game, seat: int, at: Space) -> Literal["city", "factory"]:
        """Which side up a conquered token goes."""


@dataclass
class Result:
    """A finished game: seats in play order (seat 0 started)."""

    players: int
    scores: list[int]
    coins: list[int]
    winners: list[int]
    rounds: int
    ended: str                 # "countdown", "last-standing" or "limit"
    first_lighthouse: int | None
    counts: Counter[str] = field(default_factory=Counter)
    alive: list[bool] = field(default_factory=list)

    def ranking(self) -> list[tuple[int, int, int]]:
        """Each seat's standing, higher is better: (still in the game, points, coins)."""
        alive = self.alive or [True] * self.players
        return [(int(alive[s]), self.scores[s], self.coins[s]) for s in range(self.players)]


class Game:
    """A game in progress. Spaces are flat indices of the board's space grid."""

    def __init__(self, model: IslandOfFog, size: int, colours: Sequence[str], deal: Deal,
                 rng: random.Random) -> None:
        plan = setup(model, size, len(colours))
        self.model, self.size, self.rng, self.deal = model, size, rng, deal
        self.n = model.board.spaces_per_tile
        self.side = size * self.n
        self.players = len(colours)
        self.colours = list(colours)
        self.kinds: list[str | None] = [None] * (self.side * self.side)
        self.units: dict[Space, Unit] = {}
        self.buildings: dict[Space, Building] = {}
        self.coins = [model.game.turn.starting_coins + extra for extra in seat_coins(model, self.players)]
        self.alive = [True] * self.players
        self.on_board = [Counter[str]() for _ in range(self.players)]
        self.bases: list[Space] = []
        self.lighthouse: Space | None = None
        self.first_lighthouse: int | None = None
        self.countdown: list[int] | None = None
        self.counts: Counter[str] = Counter()
        self.version = 0          # changes whenever the board does (tiles, units, buildings): for policies' caches
        self.costs = {u.id: {k: move_cost(model, u, k) for k in model.kind} for u in model.units.units}
        self.neighbours = [[r * self.side + c for r, c in neighbours((i // self.side, i % self.side),
                                                                     self.side, self.side)]
                           for i in range(self.side * self.side)]
        self.odds: dict[tuple[Force, Force, str], tuple[float, float]] = {}
        for sq in plan.sea:        # out of play (decision `three-players`): spaces no unit enters
            for i in self._square_spaces(sq):
                self.kinds[i] = sea_kind(model)
        for _, sq in plan.seats:
            self._lay(sq, model.starting_tile.id)
        if plan.lighthouse_square is not None:
            self._lay(plan.lighthouse_square, model.lighthouse_tile.id)
        basic = self.basic_unit
        for seat, (_, sq) in enumerate(plan.seats):
            for i in self._square_spaces(sq):
                kind = model.kind[self.kinds[i] or ""]
                if kind.base:      # the base token, one basic unit on it (set-up)
                    self.buildings[i] = Building(seat, "base")
                    self.bases.append(i)
                    self._place(i, Unit(seat, basic))
                elif kind.lot:     # two building tokens, city side up (decision `starting-coins`)
                    self.buildings[i] = Building(seat, "city")

    # ---- the board
    @property
    def basic_unit(self) -> str:
        return next(u.id for u in self.model.units.units if u.stackable)

    def _square_spaces(self, sq: Square) -> list[Space]:
        n = self.n
        return [(sq[0] * n + r) * self.side + sq[1] * n + c for r in range(n) for c in range(n)]

    def square_of(self, space: Space) -> Square:
        return (space // self.side) // self.n, (space % self.side) // self.n

    def _lay(self, sq: Square, tile: str) -> None:
        """A tile face up on a square, its arrow towards the lighthouse (decision `arrow-diagonal`)."""
        self.version += 1
        grid = self.model.turned[(tile, quarter_turns(arrow(self.size, sq)))]
        for i, kind in zip(self._square_spaces(sq), (k for row in grid for k in row), strict=True):
            self.kinds[i] = kind
            if self.model.kind[kind].lighthouse:
                self.lighthouse = i
                self.buildings[i] = Building(None, "lighthouse")
        self.counts["tiles"] += 1

    def empty_squares(self) -> list[Square]:
        return [(r, c) for r in range(self.size) for c in range(self.size)
                if self.kinds[self._square_spaces((r, c))[0]] is None]

    def reveal(self, sq: Square) -> bool:
        """Turn up the deal's tile for a square no tile covers; False when the pile is empty."""
        tile = self.deal.tile_for(sq)
        if tile is None:
            return False
        self._lay(sq, tile)
        return True

    def _place(self, at: Space, unit: Unit) -> None:
        self.version += 1
        self.units[at] = unit
        self.on_board[unit.seat][unit.unit] += unit.size

    def _remove(self, at: Space) -> Unit:
        self.version += 1
        unit = self.units.pop(at)
        self.on_board[unit.seat][unit.unit] -= unit.size
        return unit

    # ---- movement
    def reach(self, at: Space, mp: int) -> dict[Space, int]:
        """Spaces the unit at `at` can pass with `mp` movement points and what each costs: covered
        spaces it can enter (water never, mountains only for climbers), through its own nation's
        units but never an enemy's (decision `passing`)."""
        unit = self.units[at]
        enemies = {i for i, u in self.units.items() if u.seat != unit.seat}
        best = self.distances([at], self.costs[unit.unit], mp, enemies)
        return {i: d for i, d in enumerate(best) if d >= 0}

    def distances(self, starts: Sequence[Space], costs: dict[str, int | None], limit: int | None = None,
                  blocked: set[Space] | frozenset[Space] = frozenset()) -> list[int]:
        """Fewest movement points from the nearest of `starts` to every covered space (-1: not
        reached within `limit`), each step paying the cost of the space stepped into; `blocked`
        spaces are never entered."""
        best = [-1] * len(self.kinds)
        for s in starts:
            best[s] = 0
        frontier = list(starts)
        while frontier:
            nxt = []
            for i in frontier:
                d = best[i]
                for j in self.neighbours[i]:
                    kind = self.kinds[j]
                    if kind is None or j in blocked:
                        continue
                    cost = costs[kind]
                    if cost is None or (limit is not None and d + cost > limit):
                        continue
                    if best[j] < 0 or d + cost < best[j]:
                        best[j] = d + cost
                        nxt.append(j)
            frontier = nxt
        return best

    def options(self, at: Space, mp: int) -> list[Option]:
        """Every legal way to finish (or, exploring, go on with) the activation of the unit at `at`."""
        unit = self.units[at]
        out = []
        for dest, cost in sorted(self.reach(at, mp).items()):
            other = self.units.get(dest) if dest != at else None
            if other is not None:
                # only to stack there, as the action (decisions `passing`, `stack-moves`)
                if can_stack(self.model, unit.force, other.force):
                    out.append(Option(dest, cost, "stack"))
                continue
            out.append(Option(dest, cost))
            out += [Option(dest, cost, a) for a in self.actions_at(unit.seat, dest)]
            b = self.buildings.get(dest)
            taking = b is not None and b.owner is not None and b.owner != unit.seat
            for j in self.neighbours[dest]:
                foe = self.units.get(j)
                if foe is not None and foe.seat != unit.seat and not (taking and self.model.game.turn.take_uses_action):
                    out.append(Option(dest, cost, "attack", j))   # decision `taking`: a take may be its action
                if self.kinds[j] is None and cost < mp:
                    out.append(Option(dest, cost, explore=j))
        return out

    def actions_at(self, seat: int, at: Space) -> list[ActionKind]:
        """Building actions a unit of `seat` standing on `at` may take."""
        kind = self.model.kind[self.kinds[at] or ""]
        b = self.buildings.get(at)
        if can_build(self.model, kind.id, b is not None):
            return ["city", "factory"]             # "Build ... a city or factory if on a building square"
        if kind.lighthouse and b is not None and b.owner is None:
            return ["claim"]                       # decision `lighthouse-claim`
        if b is not None and b.owner == seat and b.kind in ("city", "factory"):
            return ["swap"]                        # "A city and a factory can be swapped around"
        return []

    def activate(self, seat: int, at: Space, policy: Policy) -> None:
        """One unit's activation: moves (turning tiles up as it explores), then one action."""
        unit = self.units[at]
        if unit.seat != seat or not unit.ready:
            raise IllegalMove(f"the unit on space {at} cannot be activated by seat {seat + 1}")
        unit.ready = False
        mp = self.model.unit[unit.unit].move
        while True:
            options = self.options(at, mp)
            choice = policy.choose(self, seat, at, mp, options)
            if choice not in options:
                raise IllegalMove(f"{choice} is not a legal option")
            if choice.action == "stack":
                self.stack(at, choice.dest)
                self.counts["stack"] += 1
                return
            self._move(at, choice.dest)
            at, mp = choice.dest, mp - choice.cost
            if choice.explore is None:
                self._act(seat, at, choice)
                return
            at, mp = self._explore(at, choice.explore, mp)

    def _move(self, src: Space, dest: Space) -> None:
        self.version += 1
        if src != dest and dest not in self.units:
            self.units[dest] = self.units.pop(src)

    def _explore(self, at: Space, into: Space, mp: int) -> tuple[Space, int]:
        """Step into a space no tile covers: turn up its square's tile; go in if the space can be
        entered and paid for, else stay, paying for the refused step if `blocked_step_costs` says
        so, up to the points left (decision `exploring`). The unit's remaining points."""
        self.counts["explored"] += 1
        if not self.reveal(self.square_of(into)):
            return at, mp
        unit = self.units[at].unit
        kind = self.kinds[into] or ""
        cost = self.costs[unit][kind]
        if cost is None or cost > mp:
            return at, mp - min(mp, refused_step_cost(self.model, kind))
        self._move(at, into)
        return into, mp - cost

    def _act(self, seat: int, at: Space, choice: Option) -> None:
        action = choice.action
        self.version += 1
        self.counts[action] += 1
        if action in ("city", "factory"):
            self.buildings[at] = Building(seat, action)
        elif action == "claim":
            self.buildings[at].owner = seat
            if self.first_lighthouse is None:
                self.first_lighthouse = seat
        elif action == "swap":
            b = self.buildings[at]
            b.kind = "factory" if b.kind == "city" else "city"
        elif action == "attack":
            assert choice.target is not None
            self.fight(at, choice.target)

    def stack(self, src: Space, dest: Space) -> None:
        """Join the unit at `src` to the one at `dest`: one stack, which cannot move again this turn."""
        mover, under = self.units[src], self.units[dest]
        if not can_stack(self.model, mover.force, under.force) or mover.seat != under.seat:
            raise IllegalMove("these units cannot stack")
        self._remove(src)
        self._remove(dest)
        self._place(dest, Unit(under.seat, under.unit, under.size + mover.size, ready=False))

    # ---- combat
    def chances(self, attacker: Unit, defender: Unit, at: Space) -> tuple[float, float]:
        """(win, draw) of an attack on the unit standing at `at`, exact (odds.py)."""
        row = defence_row(self.model, self.kinds[at] or "", at in self.buildings and
                          self.buildings[at].kind in ("city", "factory"))
        key = (attacker.force, defender.force, row)
        if key not in self.odds:
            o = matchup(self.model, attacker.force, defender.force, row, self.model.combat.reroll_policy).odds
            self.odds[key] = (float(o.win), float(o.draw))
        return self.odds[key]

    def fight(self, at: Space, target: Space) -> str:
        """The unit at `at` attacks the adjacent enemy at `target`: the loser's unit (a whole stack)
        is removed; an attacker that destroys a defender on a building moves in (decision
        `combat-result`). The outcome: "win", "draw" or "lose"."""
        attacker, defender = self.units[at], self.units[target]
        if target not in self.neighbours[at] or attacker.seat == defender.seat:
            raise IllegalMove("only an adjacent enemy can be attacked")
        win, draw_ = self.chances(attacker, defender, target)
        roll = self.rng.random()
        if roll < win:
            self._remove(target)
            self.counts["attack-won"] += 1
            if target in self.buildings:
                self.units[target] = self.units.pop(at)
            return "win"
        if roll < win + draw_:
            self.counts["attack-drawn"] += 1
            return "draw"
        self._remove(at)
        self.counts["attack-lost"] += 1
        return "lose"

    # ---- a turn
    def income(self, seat: int) -> int:
        """The coins `seat` receives at the start of its turn (decision `income`)."""
        total = 0
        for at, b in self.buildings.items():
            if b.owner == seat and b.kind in ("city", "lighthouse"):
                total += city_income(self.model, self.size, self.square_of(at), b.kind == "lighthouse")
        return total

    def capture(self, seat: int, policy: Policy) -> None:
        """Enemy buildings a unit of `seat` has held since its last turn become its own; a base
        taken puts its nation out (decision `conquest`)."""
        for at, unit in sorted(self.units.items()):
            b = self.buildings.get(at)
            if unit.seat != seat or b is None or b.owner is None or b.owner == seat:
                continue
            loser = b.owner
            self.counts["captured"] += 1
            if b.kind == "base":
                self.eliminate(loser, seat)
                b.owner, b.kind = seat, policy.side(self, seat, at)
            else:
                b.owner = seat
                if b.kind != "lighthouse":
                    b.kind = policy.side(self, seat, at)

    def eliminate(self, loser: int, by: int) -> None:
        self.alive[loser] = False
        self.counts["eliminated"] += 1
        for at in [a for a, u in self.units.items() if u.seat == loser]:
            self._remove(at)
        for b in self.buildings.values():
            if b.owner == loser:
                b.owner = by
        self.coins[loser] = 0

    def build_sites(self, seat: int) -> list[Space]:
        """The player's base and factories with no unit on them (decision `building-units`)."""
        return [at for at, b in sorted(self.buildings.items())
                if b.owner == seat and b.kind in ("base", "factory") and at not in self.units]

    def build(self, seat: int, at: Space, unit_id: str) -> None:
        unit = self.model.unit[unit_id]
        if at not in self.build_sites(seat) or not can_build_unit(
                self.model, unit, self.kinds[at] or "", self.buildings[at].kind == "factory", at in self.units,
                self.coins[seat], self.on_board[seat][unit_id]):
            raise IllegalMove(f"seat {seat + 1} cannot build a {unit_id} on space {at}")
        self.coins[seat] -= unit.cost
        self._place(at, Unit(seat, unit_id, ready=False))   # "cannot be moved until the next turn"
        self.counts[f"built-{unit_id}"] += 1

    def lighthouse_flip(self, seat: int, policy: Policy, table: Sequence[Policy] = ()) -> None:
        """At the start of `seat`'s turn, when the rules say so (rules.lays_tile, decision
        `lighthouse-flip`), the lighthouse's owner turns up a tile and lays it on an empty square of
        its choice, while the pile lasts and squares are empty. `policy` is the seat's own; a tile
        laid in another seat's turn is placed by the owner's policy, `table[owner]`."""
        lh = self.buildings.get(self.lighthouse) if self.lighthouse is not None else None
        owner = lh.owner if lh is not None else None
        if owner is None or not lays_tile(self.model, self.players, owner, seat):
            return
        empty = self.empty_squares()
        if not empty:
            return
        if owner != seat and owner >= len(table):
            raise ValueError(f"seat {owner + 1} lays the lighthouse's tile in seat {seat + 1}'s turn: "
                             "pass every seat's policy")
        sq = (policy if owner == seat else table[owner]).place_flip(self, owner, empty)
        if sq not in empty:
            raise IllegalMove(f"square {sq} is covered already")
        self.reveal(sq)
        self.counts["lighthouse-flip"] += 1

    def turn(self, seat: int, policy: Policy, table: Sequence[Policy] = ()) -> None:
        """One player's turn: captures, income (a building taken pays this turn when the content says
        so, else from the next), the lighthouse's flip, up to `units_moved`
        activations, then units built. The seed lets a player build "in addition to" moving, at no
        set time; building last loses nothing (a new unit "cannot be moved until the next turn"
        either way) and finds every site its units have left, so the engine builds then. `table`:
        every seat's policy in seat order, for the lighthouse's owner to lay its tile on another
        seat's turn (`lighthouse_flip`)."""
        self.counts["turns"] += 1
        self.version += 1
        pays_at_once = self.model.game.turn.taken_pays_at_once   # decision `taking`
        if pays_at_once:
            self.capture(seat, policy)
        self.coins[seat] += self.income(seat)
        if not pays_at_once:
            self.capture(seat, policy)
        self.lighthouse_flip(seat, policy, table)
        for unit in self.units.values():
            unit.ready = unit.seat == seat
        ready = sorted(at for at, u in self.units.items() if u.seat == seat)
        chosen = policy.order(self, seat, ready)
        if len(chosen) > self.model.game.turn.units_moved or len(set(chosen)) < len(chosen):
            raise IllegalMove(f"seat {seat + 1} activates {len(chosen)} units")
        for at in chosen:
            # an earlier unit may have stacked onto it or fought it: only units still ready
            here = self.units.get(at)
            if here is not None and here.seat == seat and here.ready:
                self.activate(seat, at, policy)
        for unit in self.units.values():
            unit.ready = False
        for at in self.build_sites(seat):
            choice = policy.build(self, seat, at)
            if choice is not None:
                self.build(seat, at, choice)

    def score(self, seat: int) -> int:
        """End-of-game points (rules.score, decisions `scoring`, `lighthouse-value`)."""
        tokens = sum(1 for b in self.buildings.values() if b.owner == seat and b.kind in ("city", "factory"))
        lh = self.buildings.get(self.lighthouse) if self.lighthouse is not None else None
        return score(self.model, tokens, lh is not None and lh.owner == seat)


def play_game(model: IslandOfFog, size: int, colours: Sequence[str], policies: Sequence[Policy],
              deal: Deal, rng: random.Random) -> Result:
    """A whole game, seat 0 first, then clockwise (the seats' order)."""
    game = Game(model, size, colours, deal, rng)
    players = len(colours)
    rounds = 0
    ended = "limit"
    while rounds < MAX_ROUNDS:
        rounds += 1
        for seat in range(players):
            if not game.alive[seat]:
                continue
            game.turn(seat, policies[seat], policies)
            if sum(game.alive) == 1:
                ended = "last-standing"
                break
            if game.countdown is not None:
                game.countdown[seat] -= 1
            elif not game.empty_squares():
                # decision `countdown`: every player takes this many more turns, starting with the next
                game.countdown = [model.game.countdown_turns] * players
            if game.countdown is not None and all(left <= 0 or not game.alive[s]
                                                  for s, left in enumerate(game.countdown)):
                ended = "countdown"
                break
        if ended != "limit":
            break
    return finish(game, rounds, ended)


def finish(game: Game, rounds: int, ended: str) -> Result:
    """Scores and winners: the last nation standing, or the most points; ties to more coins, then
    shared (decision `scoring`)."""
    players = game.players
    scores = [game.score(s) if game.alive[s] else 0 for s in range(players)]
    if ended == "last-standing":
        winners = [s for s in range(players) if game.alive[s]]
    else:
        best = max((scores[s], game.coins[s]) for s in range(players) if game.alive[s])
        winners = [s for s in range(players) if game.alive[s] and (scores[s], game.coins[s]) == best]
    return Result(players, scores, list(game.coins), winners, rounds, ended, game.first_lighthouse, game.counts,
                  list(game.alive))


def new_deal(model: IslandOfFog, size: int, players: int, rng: random.Random) -> tuple[MapPlan, LivePile]:
    """A pile shuffled as the rules shuffle it (mapgen.draw), for a game explored live."""
    plan = draw(model, size, players, rng)
    s = setup(model, size, players)
    return plan, live_pile(plan, {sq for _, sq in s.seats}, s.lighthouse_square)
