"""Full games of Skylands: setup, turns, every player performing the active player's action, the
end of the game and its exception ("Playing the Game", "Game End and Scoring").

Pure: a model, the number of players, their policies and a random source in; a finished game out.
Every rule is the rules model's (board.py places, islands.py completes, actions.py and effects.py
act, scoring.py scores); this module only sequences them as the seed does and asks a policy for
every choice a player makes. A policy's illegal choice raises (IllegalAction, IllegalPlacement).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol

from . import actions, effects
from .board import Board, EndState, Square
from .islands import Island, find_islands
from .model import Skylands
from .scoring import ScorePad, final_score
from .tiles import Face

DISCOVER, DEPLOY, CREATE, CONVERT = ("discover-islands", "deploy-inhabitants", "create-islands",
                                     "convert-energy")
ACTIONS = (DISCOVER, DEPLOY, CREATE, CONVERT)
# Not a rule: a game longer than this is a policy that never lets the game end (a bug to report).
MAX_TURNS = 400

Placement = tuple[Square, int]


class StalledGame(RuntimeError):
    """A game went on for MAX_TURNS turns: its policies never let it end."""


@dataclass
class Player:
    """A seat at the table: its board, where its token stands, its marker, its VPs."""

    seat: int
    board: Board
    board_id: str
    token: str | None = None
    marker_active: bool = True
    vp: int = 0          # VPs in markers
    bracketed: int = 0   # VPs written in brackets: the supply had run out
    specials: list[str] = field(default_factory=list)

    def end_state(self) -> EndState:
        return EndState(self.board, (self.vp,), self.marker_active, self.bracketed, f"seat {self.seat + 1}")


@dataclass
class State:
    """A game between turns. Seat 0 is the starting player; `stack` is drawn from its end."""

    model: Skylands
    players: list[Player]
    stack: list[Face]
    discard: list[Face]
    display: list[str]
    supply: Counter[str]
    vp_supply: int
    turn: int = 0
    ended: str = ""       # why the game ended: "board", "vp-supply", "stack" ("" while it goes on)
    shown: tuple[str, ...] = ()   # the special islands the display started with

    @property
    def count(self) -> int:
        return len(self.players)

    @property
    def active(self) -> int:
        return self.turn % self.count

    @property
    def round(self) -> int:
        """The game round, from 1 ("After all players have been active player once, a new round begins")."""
        return self.turn // self.count + 1

    def order(self) -> list[int]:
        """The seats from the active player, clockwise."""
        return [(self.active + k) % self.count for k in range(self.count)]

    def copy(self, rng: random.Random | None = None) -> State:
        """An independent copy (boards never change, so they are shared); with `rng`, the stack is
        shuffled: what a player may imagine of the tiles still hidden."""
        stack = list(self.stack)
        if rng is not None:
            rng.shuffle(stack)
        return replace(self, players=[replace(p, specials=list(p.specials)) for p in self.players],
                       stack=stack, discard=list(self.discard), display=list(self.display),
                       supply=Counter(self.supply))


class Policy(Protocol):
    """Every choice a player makes. Returning None passes where the seed lets a player pass."""

    def action(self, state: State, seat: int) -> str:
        """The action board the active player moves to (its token's own board: the special action)."""

    def discover(self, state: State, seat: int, revealed: Sequence[Face]) -> tuple[int, Square, int] | None:
        """A revealed island (index) and where it goes."""

    def deploy(self, state: State, seat: int, targets: Sequence[Island], count: int) -> list[Island]:
        """Up to `count` of the complete islands that can take inhabitants."""

    def create(self, state: State, seat: int, active: bool) -> tuple[str, Square, int] | None:
        """A special island of the display and where it goes."""

    def convert(self, state: State, seat: int, active: bool) -> tuple[list[Island], list[Island]] | None:
        """Crystal islands (and the Hostel) to move inhabitants from, cities to move them to."""

    def outpost(self, state: State, seat: int, face: Face) -> Placement | None:
        """Where the island drawn by an Outpost goes (None: the discard pile)."""

    def hostel(self, state: State, seat: int) -> tuple[Island, list[Island], int] | None:
        """Inhabitants to move onto the Hostel between actions: (Hostel, islands, how many)."""


# ---- setup ----------------------------------------------------------------------------------------

def vp_supply(model: Skylands, players: int) -> int:
    """The VPs of the markers placed in the common supply for `players` players."""
    return next(s.vp for s in model.files.tokens.vp_markers.supply if s.players == players)


def setup(model: Skylands, players: int, rng: random.Random, *, intro: bool = False) -> State:
    """The common components and each player's board ("Setup"): the stack of the island tiles in the
    game for `players` players, shuffled; 4 special islands from each group's shuffled stack (the 16
    introductory ones with `intro`); a pre-printed player board each, dealt at random."""
    g = model.files.game
    if not g.players.min <= players <= g.players.max:
        raise ValueError(f"Skylands is for {g.players.min} to {g.players.max} players ({players} asked)")
    stack = [t.face for t in model.tiles_for(players)]
    rng.shuffle(stack)
    display: list[str] = []
    per_group = model.files.specials.display_per_group
    for group in model.files.specials.groups:
        ids = [s.id for s in model.specials.values() if s.spec.group == group.id]
        if intro:
            display += [i for i in ids if model.specials[i].spec.intro]
        else:
            rng.shuffle(ids)
            display += ids[:per_group]
    boards = [b.id for b in model.files.boards.player_boards]
    rng.shuffle(boards)
    seats = [Player(i, model.starting_board(boards[i]), boards[i]) for i in range(players)]
    supply = Counter({c.id: c.count for c in g.inhabitants.colours})
    return State(model, seats, stack, [], display, supply, vp_supply(model, players), shown=tuple(display))


# ---- what a player gains and places ---------------------------------------------------------------

def gain_vp(state: State, player: Player, vp: int) -> None:
    """VPs from the supply; once it is exhausted, the rest in brackets (decision vp-supply-exhausted)."""
    take = max(0, min(vp, state.vp_supply))
    state.vp_supply -= take
    player.vp += take
    player.bracketed += vp - take


def place(state: State, policies: Sequence[Policy], seat: int, face: Face, square: Square, rotation: int) -> None:
    """Place a tile on a player's board and resolve what it sets off (effects.on_place): VPs, the
    inhabitants of a Fruitful Terrain, an Outpost's island."""
    player = state.players[seat]
    board = player.board.place(face, square, rotation)
    done = effects.on_place(state.model, board, square, state.supply)
    player.board, state.supply = done.board, done.supply
    gain_vp(state, player, done.vp)
    for _ in range(done.draw):
        if not state.stack:  # nothing to draw
            break
        drawn = state.stack.pop()
        where = policies[seat].outpost(state, seat, drawn)
        if where is None:
            state.discard.append(drawn)
        else:
            place(state, policies, seat, drawn, *where)


# ---- the four actions ------------------------------------------------------------------------------

def discover(state: State, policies: Sequence[Policy]) -> None:
    """Reveal players + 1 islands; each player from the active one takes one or passes; the active
    player may take one more; the rest go to the discard pile. Too few to reveal: the game ends at once."""
    model = state.model
    if not actions.can_discover(model, state.count, len(state.stack)):
        state.ended = "stack"
        return
    revealed = [state.stack.pop() for _ in range(actions.reveal_count(model, state.count))]
    picks = [(seat, actions.tiles_taken(model, active=False)) for seat in state.order()]
    picks.append((state.active, actions.tiles_taken(model, active=True) - actions.tiles_taken(model, active=False)))
    for seat, times in picks:
        for _ in range(times):
            if not revealed:
                break
            choice = policies[seat].discover(state, seat, revealed)
            if choice is None:
                continue
            index, square, rotation = choice
            face = revealed.pop(index)
            place(state, policies, seat, face, square, rotation)
    state.discard += revealed


def deploy(state: State, policies: Sequence[Policy]) -> None:
    """Each player fills one complete island of woods, mountains or crystals (the active player two)."""
    model = state.model
    p = actions.action(model, DEPLOY).params
    for seat in state.order():
        player = state.players[seat]
        active = seat == state.active
        islands = find_islands(player.board)
        targets = actions.deploy_targets(model, player.board, islands)
        if not targets:
            continue
        chosen = policies[seat].deploy(state, seat, targets, p["bonus_islands"] if active else p["islands"])
        player.board, state.supply = actions.deploy(model, player.board, islands, chosen, state.supply,
                                                    active=active)


def create(state: State, policies: Sequence[Policy]) -> None:
    """Each player may take a special island of the display: its inhabitants back to the supply,
    the tile on the board."""
    model = state.model
    for seat in state.order():
        player = state.players[seat]
        active = seat == state.active
        choice = policies[seat].create(state, seat, active)
        if choice is None:
            continue
        special_id, square, rotation = choice
        if special_id not in state.display:
            raise actions.IllegalAction(f"{special_id!r} is not in the display")
        cost = actions.special_cost(model, special_id, player.board, active=active)
        pay = actions.payment(model, player.board, cost)
        face = model.specials[special_id].face
        if pay is None:
            raise actions.IllegalAction(f"seat {seat + 1} cannot pay for {special_id!r}")
        if not player.board.can_place(face, square, rotation):
            raise actions.IllegalAction(f"{special_id!r} cannot be placed there")
        player.board = actions.return_inhabitants(model, player.board, pay)
        state.supply.update(pay)
        state.display.remove(special_id)
        player.specials.append(special_id)
        place(state, policies, seat, face, square, rotation)


def convert(state: State, policies: Sequence[Policy]) -> None:
    """Every Generator that pays `without_converting` gains its VP; each player moves inhabitants from
    a crystal island to a city and gains a VP per occupied space (the active player: two islands on one
    side, and the bonus), and the VP of a Generator that pays only to a player who converts."""
    model = state.model
    for player in state.players:
        gain_vp(state, player, effects.generator_vp(model, player.board, without_converting=True))
    for seat in state.order():
        player = state.players[seat]
        active = seat == state.active
        choice = policies[seat].convert(state, seat, active)
        if choice is None:
            continue
        sources, targets = choice
        done = actions.convert(model, player.board, sources, targets, active=active)
        player.board = done.board
        state.supply.update(done.moved)
        gain_vp(state, player, done.vp + effects.generator_vp(model, player.board, without_converting=False))


PERFORM = {DISCOVER: discover, DEPLOY: deploy, CREATE: create, CONVERT: convert}


# ---- a turn, a game ---------------------------------------------------------------------------------

def choices(state: State, seat: int) -> list[str]:
    """The action boards the player may move to: the three others, any in the first round, their own
    again while their marker is active (the special action)."""
    player = state.players[seat]
    return [a for a in ACTIONS if a != player.token or player.marker_active]


def fill_hostels(state: State, policies: Sequence[Policy]) -> None:
    """Between actions, each player may move inhabitants onto their Hostel (decision hostel-filling)."""
    for seat in state.order():
        move = policies[seat].hostel(state, seat)
        if move is not None:
            hostel, sources, count = move
            player = state.players[seat]
            player.board = actions.to_hostel(state.model, player.board, hostel, sources, count)


def play_turn(state: State, policies: Sequence[Policy]) -> str:
    """The active player moves their token and every player performs the action; the action chosen."""
    model = state.model
    fill_hostels(state, policies)
    active = state.players[state.active]
    chosen = policies[state.active].action(state, state.active)
    if chosen not in PERFORM:
        raise actions.IllegalAction(f"no action board {chosen!r}")
    if chosen == DISCOVER and not actions.can_discover(model, state.count, len(state.stack)):
        state.ended = "stack"  # "the game ends at once without performing the action"
        return chosen
    active.marker_active = actions.marker_after(active.token, chosen, active.marker_active)
    active.token = chosen
    PERFORM[chosen](state, policies)
    if not state.ended and actions.game_ends(model, [p.board for p in state.players], state.vp_supply):
        state.ended = "vp-supply" if state.vp_supply <= 0 else "board"
    state.turn += 1
    return chosen


@dataclass(frozen=True)
class Result:
    """A finished game: each seat's scoring pad, who won, how long it took, what it was made of."""

    players: int
    pads: tuple[ScorePad, ...]
    turns: int
    rounds: int
    ended: str
    shown: tuple[str, ...]                   # the special islands of the display
    taken: tuple[tuple[str, ...], ...]       # the special islands each seat took
    actions: tuple[str, ...]                 # the action of every turn
    final: State

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(p.total for p in self.pads)

    @property
    def winners(self) -> tuple[int, ...]:
        """"In case of a tie for the most points, the tied players share the victory.\""""
        best = max(self.scores)
        return tuple(i for i, s in enumerate(self.scores) if s == best)


def scores(state: State) -> tuple[ScorePad, ...]:
    return tuple(final_score(state.model, p.end_state()) for p in state.players)


def at_once(state: State) -> bool:
    """The game ended without the last action chosen (the game end exception)."""
    return state.ended == "stack"


def play_game(model: Skylands, players: int, policies: Sequence[Policy], rng: random.Random, *,
              intro: bool = False) -> Result:
    """A whole game, seat 0 starting; the same rng state and policies give the same game."""
    state = setup(model, players, rng, intro=intro)
    played: list[str] = []
    while not state.ended:
        if state.turn >= MAX_TURNS:
            raise StalledGame(f"no end after {MAX_TURNS} turns")
        chosen = play_turn(state, policies)
        if not at_once(state):
            played.append(chosen)
    turns = state.turn
    return Result(players, scores(state), turns, (max(turns, 1) - 1) // players + 1, state.ended, state.shown,
                  tuple(tuple(p.specials) for p in state.players), tuple(played), state)
