"""The rulebook's worked examples of the actions: small positions (the board files of the content) on
which the self-play engine performs one action, once with the board's owner as the active player and
once as another player. Everything the examples say is what the engine did: nothing is typed twice."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import actions, engine
from .board import Board, EndState, Square, square_name
from .engine import CONVERT, CREATE, DEPLOY, DISCOVER, State
from .islands import Island, find_islands
from .model import Skylands
from .policies import Greedy
from .tiles import Face


class Watched(Greedy):
    """The self-play player, noting what it chose."""

    def __init__(self, model: Skylands, rng: random.Random) -> None:
        super().__init__(model, rng)
        self.chose: list[Any] = []

    def deploy(self, state: State, seat: int, targets: Sequence[Island], count: int) -> list[Island]:
        out = super().deploy(state, seat, targets, count)
        self.chose.append(out)
        return out

    def create(self, state: State, seat: int, active: bool) -> tuple[str, Square, int] | None:
        out = super().create(state, seat, active)
        self.chose.append(out)
        return out

    def convert(self, state: State, seat: int, active: bool) -> tuple[list[Island], list[Island]] | None:
        out = super().convert(state, seat, active)
        self.chose.append(out)
        return out

    def discover(self, state: State, seat: int, revealed: Sequence[Face]) -> tuple[int, Square, int] | None:
        out = super().discover(state, seat, revealed)
        self.chose.append((seat, None if out is None else (revealed[out[0]], out[1])))
        return out


@dataclass(frozen=True)
class Played:
    """One action performed on a position: the board before and after, VPs gained, the choice."""

    before: Board
    after: Board
    vp: int
    choice: Any
    state: State


def _seat(model: Skylands, board: Board, action: str, *, active: bool) -> Played:
    """`board`'s owner performs `action` in a game of the fewest players, as the active player (seat 1)
    or as the next player (the active player's board is empty); the self-play seed. The display is a
    first game's, of the special islands that show a white inhabitant (the example is about it)."""
    seed = model.files.game.self_play.seed
    state = engine.setup(model, model.files.game.players.min, random.Random(seed), intro=True)
    white = model.files.game.inhabitants.any.id
    state.display = [s for s in state.display if white in model.specials[s].spec.cost]
    seat = 0 if active else 1
    for p in state.players:
        p.board = model.starting_board(None)
    state.players[seat].board = board
    policies = [Watched(model, random.Random(seed)) for _ in state.players]
    engine.PERFORM[action](state, policies)
    player = state.players[seat]
    chose = policies[seat].chose
    return Played(board, player.board, player.vp, chose[0] if chose else None, state)


def _islands(model: Skylands, islands: Sequence[Island]) -> list[dict[str, Any]]:
    return [{"what": f"{model.terrains[i.type].adjective} island" if i.type in model.terrains else i.type,
             "at": ", ".join(square_name(sq) for sq in dict.fromkeys(sq for sq, _ in i.parts)),
             "spaces": i.spaces, "inhabitants": i.inhabitants, "complete": i.complete} for i in islands]


def _colour_name(model: Skylands, colour: str) -> str:
    g = model.files.game.inhabitants
    return next((c.name.lower() for c in [*g.colours, g.any] if c.id == colour), colour)


def _counted(model: Skylands, got: Counter[str]) -> str:
    return " and ".join(f"{n} {_colour_name(model, c)}" for c, n in sorted(got.items()) if n) or "none"


def deploy(model: Skylands, end: EndState) -> dict[str, Any]:
    """Deploy inhabitants on `end`'s board: which islands can take inhabitants, which not and why, and
    what the owner places as the active player and as another player."""
    board = end.board
    islands = find_islands(board)
    targets = actions.deploy_targets(model, board, islands)
    out: dict[str, Any] = {"player": end.player, "targets": _islands(model, targets)}
    out["refused"] = [{**d, "why": "it is incomplete" if not i.complete else "it is a city"}
                      for i, d in zip(islands, _islands(model, islands), strict=True) if i not in targets]
    for key, active in (("active", True), ("other", False)):
        played = _seat(model, board, DEPLOY, active=active)
        chosen = played.choice or []
        placed = actions.inhabitants_of(played.after) - actions.inhabitants_of(board)
        out[key] = {"islands": _islands(model, chosen), "placed": _counted(model, placed),
                    "count": sum(placed.values()), "board": played.after}
    return out


def create(model: Skylands, end: EndState) -> dict[str, Any]:
    """Create islands on `end`'s board: the special island the owner takes as the active player, what it
    shows and what they return; what the same island costs another player."""
    board = end.board
    played = _seat(model, board, CREATE, active=True)
    if played.choice is None:
        raise ValueError(f"{end.player} takes no special island in the worked example of Create islands")
    special_id, square, _ = played.choice
    spec = model.specials[special_id].spec
    white = model.files.game.inhabitants.any.id
    paid = actions.inhabitants_of(board) - actions.inhabitants_of(played.after)
    other = actions.payment(model, board, actions.special_cost(model, special_id, board, active=False))
    extra = [{"tile": _tile_words(model, played.after.squares[sq].face), "square": square_name(sq)}
             for sq in sorted(played.after.squares) if sq not in board.squares and sq != square]
    return {"player": end.player, "special": spec.name, "id": special_id, "extra": extra, "square": square_name(square),
            "shows": _counted(model, Counter(c for c in spec.cost if c != white)),
            "whites": spec.cost.count(white), "paid": _counted(model, paid), "paid_n": sum(paid.values()),
            "other": None if other is None else _counted(model, other),
            "other_n": None if other is None else sum(other.values()), "before": board}


def convert(model: Skylands, end: EndState) -> dict[str, Any]:
    """Convert energy on `end`'s board: what the owner moves and gains as the active player and as
    another player."""
    board = end.board
    p = actions.action(model, CONVERT).params
    out: dict[str, Any] = {"player": end.player, "board": board}
    for key, active in (("active", True), ("other", False)):
        played = _seat(model, board, CONVERT, active=active)
        if played.choice is None:
            raise ValueError(f"{end.player} does not convert in the worked example of Convert energy")
        sources, targets = played.choice
        moved = sum((actions.inhabitants_of(board) - actions.inhabitants_of(played.after)).values())
        out[key] = {"sources": _islands(model, sources), "targets": _islands(model, targets), "moved": moved,
                    "vp": played.vp, "per_space": moved * p["vp_per_space"],
                    "bonus": played.vp - moved * p["vp_per_space"]}
    return out


def discover(model: Skylands, names: Sequence[str]) -> dict[str, Any]:
    """Discover islands at a table of the most players (the first player named is active), pre-printed
    boards dealt by the self-play seed: what is revealed and who takes which island where."""
    seed = model.files.game.self_play.seed
    count = model.files.game.players.max
    state = engine.setup(model, count, random.Random(seed), intro=True)
    n = actions.reveal_count(model, count)
    revealed = list(reversed(state.stack[-n:]))   # the stack is drawn from its end
    policies = [Watched(model, random.Random(seed)) for _ in state.players]
    engine.discover(state, policies)
    picks: list[tuple[int, Face, Square]] = []
    for pol in policies:
        picks += [(seat, face, sq) for seat, got in pol.chose if got is not None for face, sq in [got]]
    order = {seat: k for k, seat in enumerate([*state.order(), state.active])}
    taken: list[dict[str, Any]] = [{"player": names[seat % len(names)], "tile": _tile_words(model, face),
                                    "square": square_name(square), "face": face, "seat": seat}
                                   for seat, face, square in picks]
    # the active player's own first pick comes first, their bonus pick last
    first = [t for t in taken if t["seat"] == state.active][:1]
    rest = [t for t in taken if t not in first]
    rest.sort(key=lambda t: order[t["seat"]] if t["seat"] != state.active else len(order))
    return {"players": count, "revealed": revealed, "n": n, "active": names[0], "taken": first + rest,
            "discarded": len(state.discard)}


def _tile_words(model: Skylands, face: Face) -> str:
    shape = model.shapes[face.shape].name.lower()
    terrains = [model.terrains[t].adjective for t in dict.fromkeys(fr.terrain for fr in face.fragments if fr.terrain)]
    return f"{shape} ({' and '.join(terrains)})"


def special_action(model: Skylands, player: str) -> dict[str, Any]:
    """The special action: a player whose token stands on Discover islands, marker active, may stay
    (the engine's choices), and their marker turns; once turned, they may not stay again."""
    names = {a.id: a.name for a in model.files.boards.actions}
    state = engine.setup(model, model.files.game.players.min, random.Random(model.files.game.self_play.seed))
    me = state.players[0]
    me.token = DISCOVER
    may = engine.choices(state, 0)
    after = actions.marker_after(DISCOVER, DISCOVER, True)
    me.marker_active = after
    later = engine.choices(state, 0)
    sides = model.files.tokens.player_markers
    return {"player": player, "board": names[DISCOVER], "may": [names[a] for a in may],
            "stays": DISCOVER in may, "side": sides.active_side if after else sides.passive_side,
            "again": DISCOVER in later, "moves": [names[a] for a in may if a != DISCOVER]}


def all_examples(model: Skylands, scoring: EndState, boards: dict[str, EndState]) -> dict[str, Any]:
    """Every worked example; the players' names are those of the boards."""
    names = [scoring.player, boards[CREATE].player, boards[DEPLOY].player, boards[CONVERT].player]
    return {"discover": discover(model, names), "deploy": deploy(model, boards[DEPLOY]),
            "create": create(model, boards[CREATE]), "convert": convert(model, boards[CONVERT]),
            "special": special_action(model, boards[CREATE].player)}
