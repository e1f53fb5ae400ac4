"""How simulated players choose: `random` (any legal choice), `greedy` (the choice whose position is
best by an estimate of the final score) and `lookahead` (greedy, but the active player plays each
action out for the whole turn, every player answering greedily, and keeps the one that leaves it
furthest ahead of its best rival).

The estimate is the rules' own final score of the board as it stands (scoring.final_score), plus
what its open islands, free spaces and crystals promise while the game has turns left. Policies
never see the order of the stack: a look-ahead imagines it shuffled with its own random source.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any, TypeVar, cast

from . import actions, effects
from .board import BEYOND, Board, EndState, Square, fits
from .engine import ACTIONS, CONVERT, CREATE, DEPLOY, DISCOVER, Placement, State, choices, play_turn
from .islands import Island, find_islands
from .model import Skylands
from .scoring import final_score
from .tiles import CLOUDS, Face


@dataclass(frozen=True)
class Weights:
    """What an unfinished board promises, in VPs (a policy's guess, not a rule)."""

    open_island: float = 0.8     # share of an open island's spaces (and special VPs) expected …
    per_open_edge: float = 0.7   # … times this for every edge still open
    free_space: float = 0.35     # a free space on a complete island that inhabitants can fill
    fuel: float = 0.4            # an inhabitant on a crystal island, with a complete city to power
    turns_left_full: int = 8     # promises count in full while the closest board has this many squares left
    shortlist: int = 3           # placements weighed exactly, of those the edges rank best


WEIGHTS = Weights()
T = TypeVar("T")


def time_left(state: State, w: Weights = WEIGHTS) -> float:
    """1 early in the game, falling to 0 as the fullest board nears the end."""
    if state.ended:
        return 0.0
    left = min(len(p.board.empty_squares()) for p in state.players) - state.model.files.game.game_end.empty_squares_left
    return max(0.0, min(1.0, left / w.turns_left_full))


def promise(model: Skylands, board: Board, time: float, w: Weights = WEIGHTS) -> float:
    """What the board's unfinished business is likely worth by the end."""
    if time <= 0:
        return 0.0
    value = 0.0
    islands = find_islands(board)
    act = actions.action(model, CONVERT)
    city = any(i.complete and i.type == act.target for i in islands)
    for island in islands:
        if not island.complete:
            if island.can_be_completed:
                specials = sum(model.specials[sid].vp or 0 for sq, sid in board.specials if sq in island.squares)
                value += w.open_island * w.per_open_edge ** len(island.open_edges) * (island.spaces + specials)
        elif actions.colour_of(model, island.type) is not None:
            value += w.free_space * (island.all_spaces - island.inhabitants)
            if city and island.type == act.source:
                value += w.fuel * island.inhabitants
    return value * time


def board_value(model: Skylands, board: Board, time: float, w: Weights = WEIGHTS) -> float:
    """The board's final score if the game ended now (markers aside), plus its promise."""
    return final_score(model, EndState(board)).total + promise(model, board, time, w)


def standing(state: State, seat: int, w: Weights = WEIGHTS) -> float:
    """A player's final score if the game ended now, plus the promise of their board."""
    p = state.players[seat]
    return final_score(state.model, p.end_state()).total + promise(state.model, p.board, time_left(state, w), w)


@lru_cache(maxsize=1 << 16)
def edge_rank(across: tuple[str | None, ...], edges: tuple[str, ...]) -> float:
    """A quick ranking of a placement from its edges alone (and what lies across each, Opening.across):
    terrain joining terrain is good, terrain facing the border (never to be completed) is bad, clouds
    on the border are tidy."""
    rank = 0.0
    for side, facing in enumerate(across):
        terrain = edges[side] != CLOUDS
        if facing == BEYOND:
            rank += -3.0 if terrain else 0.3
        elif facing is not None:
            rank += 1.0 if terrain else 0.2
        elif terrain:
            rank -= 0.2
    return rank


def best_placements(board: Board, faces: Sequence[Face], keep: int) -> list[tuple[int, Square, int]]:
    """The `keep` placements (face index, square, rotation) of `faces` that edge_rank likes best."""
    ranked = [(-edge_rank(o.across, face.turns[rot // 90][0]), i, o.square, rot)
              for i, face in enumerate(faces) for table in [fits(face)]
              for o in board.openings for rot in table.get(o.wanted, ())]
    ranked.sort()
    return [(i, sq, rot) for _, i, sq, rot in ranked[:keep]]


class Greedy:
    """The choice that leaves the best estimated board; the action whose own gain is largest."""

    name = "greedy"

    def __init__(self, model: Skylands, rng: random.Random, weights: Weights = WEIGHTS) -> None:
        self.model = model
        self.rng = rng
        self.w = weights
        self._last: dict[str, tuple[Board, object, Any]] = {}

    def _once(self, what: str, board: Board, given: object, work: Callable[[], T]) -> T:
        """What `work` gives for `board` and the rest it depends on (`given`), remembered for the last
        board: several choices are weighed against one board, an action is weighed then performed."""
        last = self._last.get(what)
        if last is None or last[0] is not board or last[1] != given:
            last = self._last[what] = (board, given, work())
        return cast(T, last[2])

    def _value_now(self, board: Board, time: float) -> float:
        return self._once("value", board, time, lambda: board_value(self.model, board, time, self.w))

    # -- placing -------------------------------------------------------------------------------
    def _place(self, state: State, board: Board, faces: Sequence[Face]) -> tuple[float, tuple[int, Square, int] | None]:
        """The best placement of one of `faces` and its gain (None: passing is better)."""
        time = time_left(state, self.w)
        before = self._value_now(board, time)
        best: tuple[float, tuple[int, Square, int] | None] = (0.0, None)
        for i, sq, rot in best_placements(board, faces, self.w.shortlist):
            gain = board_value(self.model, board.place(faces[i], sq, rot), time, self.w) - before
            if gain > best[0]:
                best = (gain, (i, sq, rot))
        return best

    def discover(self, state: State, seat: int, revealed: Sequence[Face]) -> tuple[int, Square, int] | None:
        return self._place(state, state.players[seat].board, revealed)[1]

    def outpost(self, state: State, seat: int, face: Face) -> Placement | None:
        pick = self._place(state, state.players[seat].board, [face])[1]
        return None if pick is None else (pick[1], pick[2])

    # -- inhabitants ---------------------------------------------------------------------------
    def _deploy_gain(self, state: State, seat: int, island: Island) -> float:
        colour = actions.colour_of(self.model, island.type)
        n = min(island.all_spaces - island.inhabitants, state.supply[colour] if colour else 0)
        fuel = island.type == actions.action(self.model, CONVERT).source
        return n * (0.5 + (self.w.fuel if fuel else 0.0))

    def deploy(self, state: State, seat: int, targets: Sequence[Island], count: int) -> list[Island]:
        ranked = sorted(targets, key=lambda i: -self._deploy_gain(state, seat, i))
        return [i for i in ranked[:count] if self._deploy_gain(state, seat, i) > 0]

    def hostel(self, state: State, seat: int) -> tuple[Island, list[Island], int] | None:
        board = state.players[seat].board
        islands = find_islands(board)
        hostels = [i for i in islands if actions.is_hostel(self.model, board, i)]
        if not hostels:
            return None
        hostel = hostels[0]
        room = actions.hostel_room(self.model, board, hostel)
        full = [i for i in islands if i.complete and i.inhabitants and not actions.is_hostel(self.model, board, i)
                and actions.colour_of(self.model, i.type) is not None]
        if not room or not full:
            return None
        source = max(full, key=lambda i: i.inhabitants)
        return hostel, [source], min(room, source.inhabitants)

    # -- special islands -----------------------------------------------------------------------
    def _create(self, state: State, seat: int, active: bool) -> tuple[float, tuple[str, Square, int] | None]:
        board = state.players[seat].board
        time = time_left(state, self.w)
        sids = sorted(set(state.display))
        return self._once("create", board, (sids, active, sorted(state.supply.items()), time),
                          lambda: self._create_on(board, state, sids, active, time))

    def _create_on(self, board: Board, state: State, sids: list[str], active: bool,
                   time: float) -> tuple[float, tuple[str, Square, int] | None]:
        model = self.model
        before = self._value_now(board, time)
        best: tuple[float, tuple[str, Square, int] | None] = (0.0, None)
        for sid in sids:
            pay = actions.payment(model, board, actions.special_cost(model, sid, board, active=active))
            if pay is None:
                continue
            face = model.specials[sid].face
            spots = best_placements(board, [face], 1)
            if not spots:
                continue
            paid = actions.return_inhabitants(model, board, pay)
            for _, sq, rot in spots:
                done = effects.on_place(model, paid.place(face, sq, rot), sq, state.supply + pay)
                gain = board_value(model, done.board, time, self.w) + done.vp + 2.0 * done.draw - before
                if gain > best[0]:
                    best = (gain, (sid, sq, rot))
        return best

    def create(self, state: State, seat: int, active: bool) -> tuple[str, Square, int] | None:
        return self._create(state, seat, active)[1]

    # -- Convert energy ------------------------------------------------------------------------
    def _convert(self, state: State, seat: int, active: bool) -> tuple[float, tuple[list[Island], list[Island]] | None]:
        board = state.players[seat].board
        return self._once("convert", board, active, lambda: self._convert_on(board, active))

    def _convert_on(self, board: Board, active: bool) -> tuple[float, tuple[list[Island], list[Island]] | None]:
        model = self.model
        islands = find_islands(board)
        act = actions.action(model, CONVERT)
        crystals = [i for i in islands if i.complete and i.type == act.source and i.inhabitants]
        cities = [i for i in islands if i.complete and i.type == act.target]
        hostels = [i for i in islands if actions.is_hostel(model, board, i) and i.inhabitants]
        p = act.params
        shapes = [(p["sources"], p["targets"])]
        if active:
            shapes += [(p["bonus_islands"], p["targets"]), (p["sources"], p["bonus_islands"])]
        best: tuple[float, tuple[list[Island], list[Island]] | None] = (0.0, None)
        for n, m in sorted(set(shapes)):
            for src in combinations(crystals, min(n, len(crystals))):
                for tgt in combinations(cities, min(m, len(cities))):
                    if not src or not tgt:
                        continue
                    for extra in ([], hostels[:1]):
                        done = actions.convert(model, board, [*src, *extra], list(tgt), active=active)
                        gain = done.vp - len(done.moved) / model.files.scoring.inhabitants_per_vp
                        if done.moved and gain > best[0]:
                            best = (gain, ([*src, *extra], list(tgt)))
        return best

    def convert(self, state: State, seat: int, active: bool) -> tuple[list[Island], list[Island]] | None:
        return self._convert(state, seat, active)[1]

    # -- the action ----------------------------------------------------------------------------
    def gain(self, state: State, seat: int, action: str) -> float:
        """What the action is worth to the active player alone, bonus included."""
        board = state.players[seat].board
        if action == DISCOVER:
            hidden = list(state.stack)
            n = actions.reveal_count(self.model, state.count)
            if len(hidden) < n:
                return -100.0  # the game would end at once
            # the best of a sample of the hidden islands, once for every island the active player takes
            got = self._place(state, board, self.rng.sample(hidden, n))[0]
            return got * actions.tiles_taken(self.model, active=True)
        if action == DEPLOY:
            targets = actions.deploy_targets(self.model, board, find_islands(board))
            gains = sorted((self._deploy_gain(state, seat, i) for i in targets), reverse=True)
            return sum(gains[:actions.action(self.model, DEPLOY).params["bonus_islands"]])
        if action == CREATE:
            return self._create(state, seat, True)[0]
        gain, choice = self._convert(state, seat, True)
        paid = effects.generator_vp(self.model, board, without_converting=True)
        return gain + paid + (effects.generator_vp(self.model, board, without_converting=False) if choice else 0)

    def action(self, state: State, seat: int) -> str:
        player = state.players[seat]
        marker = self.model.files.scoring.active_marker_vp
        ranked = [(self.gain(state, seat, a) - (marker if a == player.token else 0), -ACTIONS.index(a), a)
                  for a in choices(state, seat)]
        return max(ranked)[2]


class _Forced(Greedy):
    """Greedy, but its action is the one given (a look-ahead's rollout)."""

    def __init__(self, base: Greedy, action: str) -> None:
        super().__init__(base.model, base.rng, base.w)
        self.forced = action

    def action(self, state: State, seat: int) -> str:
        return self.forced


class Lookahead(Greedy):
    """Greedy in every choice but the action: each action is played out for the turn (all players
    greedy, the hidden stack imagined), and the one leaving this player furthest ahead is taken."""

    name = "lookahead"

    def action(self, state: State, seat: int) -> str:
        marker = self.model.files.scoring.active_marker_vp

        def lead(a: str) -> tuple[float, int]:
            sim = state.copy(self.rng)
            rollout = [Greedy(self.model, self.rng, self.w) for _ in state.players]
            rollout[seat] = _Forced(rollout[seat], a)
            play_turn(sim, rollout)
            mine = standing(sim, seat, self.w)
            rival = max(standing(sim, s, self.w) for s in range(sim.count) if s != seat)
            return mine - rival - (marker if a == state.players[seat].token else 0), -ACTIONS.index(a)

        return max(choices(state, seat), key=lead)


class RandomPlayer:
    """Any legal choice, uniformly (for tests and as a floor)."""

    name = "random"

    def __init__(self, model: Skylands, rng: random.Random) -> None:
        self.model = model
        self.rng = rng

    def action(self, state: State, seat: int) -> str:
        return self.rng.choice(choices(state, seat))

    def discover(self, state: State, seat: int, revealed: Sequence[Face]) -> tuple[int, Square, int] | None:
        board = state.players[seat].board
        options = [(i, sq, rot) for i, f in enumerate(revealed) for sq, rot in board.legal_placements(f)]
        return self.rng.choice(options) if options else None

    def outpost(self, state: State, seat: int, face: Face) -> Placement | None:
        options = state.players[seat].board.legal_placements(face)
        return self.rng.choice(options) if options and self.rng.random() < 0.8 else None

    def deploy(self, state: State, seat: int, targets: Sequence[Island], count: int) -> list[Island]:
        return self.rng.sample(list(targets), min(count, len(targets)))

    def hostel(self, state: State, seat: int) -> tuple[Island, list[Island], int] | None:
        return None

    def create(self, state: State, seat: int, active: bool) -> tuple[str, Square, int] | None:
        board = state.players[seat].board
        options = []
        for sid in sorted(set(state.display)):
            if actions.payment(self.model, board, actions.special_cost(self.model, sid, board, active=active)) is None:
                continue
            options += [(sid, sq, rot) for sq, rot in board.legal_placements(self.model.specials[sid].face)]
        return self.rng.choice(options) if options else None

    def convert(self, state: State, seat: int, active: bool) -> tuple[list[Island], list[Island]] | None:
        islands = find_islands(state.players[seat].board)
        act = actions.action(self.model, CONVERT)
        crystals = [i for i in islands if i.complete and i.type == act.source and i.inhabitants]
        cities = [i for i in islands if i.complete and i.type == act.target]
        if not crystals or not cities:
            return None
        return [self.rng.choice(crystals)], [self.rng.choice(cities)]


PolicyMaker = Callable[[Skylands, random.Random], object]
POLICIES: dict[str, PolicyMaker] = {"random": RandomPlayer, "greedy": Greedy, "lookahead": Lookahead}
