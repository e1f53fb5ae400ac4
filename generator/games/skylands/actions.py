"""The actions of a turn, as the seed's "The Actions in Detail" states them (pure: data in, data out).

Every number is the action's own (boards.yaml params) or a special island's effect (specials.yaml);
special islands that change an action (District, Merchant District, Power Station, Hostel) are
applied here. The one-time effects of placing a tile are in effects.py.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .board import Board, Placed
from .islands import Island
from .model import Skylands
from .schema import ActionSpec, District, Hostel, MerchantDistrict, PowerStation

# The action boards the rules model knows, and the numbers each one's params must give it.
PARAMS: dict[str, tuple[str, ...]] = {
    "discover-islands": ("reveal_extra", "take", "bonus_tiles"),
    "deploy-inhabitants": ("islands", "bonus_islands"),
    "create-islands": ("specials",),
    "convert-energy": ("sources", "targets", "vp_per_space", "bonus_vp", "bonus_islands"),
}
# Convert energy also names the island types it moves between and the colour its bonus asks for.
CONVERT_FIELDS = ("source", "target", "bonus_colour")


class IllegalAction(ValueError):
    """A choice the rules do not allow."""


def action(model: Skylands, action_id: str) -> ActionSpec:
    return next(a for a in model.files.boards.actions if a.id == action_id)


def _p(model: Skylands, action_id: str) -> dict[str, int]:
    return action(model, action_id).params


# ---- a turn ---------------------------------------------------------------------------------

def marker_after(previous: str | None, chosen: str, marker_active: bool) -> bool:
    """The active player moves their token to another action board; "Once per game, a player may
    repeat their previous action … They must flip their player marker to its passive side."
    Returns whether the marker is still active; IllegalAction for a second repeat."""
    if previous is None or chosen != previous:  # the first round: any board
        return marker_active
    if not marker_active:
        raise IllegalAction(f"{chosen!r} again: the special action is used once per game (the marker is passive)")
    return False


def game_ends(model: Skylands, boards: Sequence[Board], vp_supply: int) -> bool:
    """After a turn: a player has only one or no empty square left, or the VP markers are gone."""
    left = model.files.game.game_end.empty_squares_left
    return vp_supply <= 0 or any(len(b.empty_squares()) <= left for b in boards)


# ---- Discover islands ---------------------------------------------------------------------------

def reveal_count(model: Skylands, players: int) -> int:
    """"reveals as many island tiles as the number of players plus one"."""
    return players + _p(model, "discover-islands")["reveal_extra"]


def can_discover(model: Skylands, players: int, stack: int) -> bool:
    """False: "the game ends at once without performing the action"."""
    return stack >= reveal_count(model, players)


def tiles_taken(model: Skylands, *, active: bool) -> int:
    """At most this many revealed islands for a player (the active player's bonus: one more)."""
    p = _p(model, "discover-islands")
    return p["take"] + (p["bonus_tiles"] if active else 0)


# ---- inhabitants on a board -------------------------------------------------------------------

def colour_of(model: Skylands, island_type: str) -> str | None:
    """The inhabitants an island type holds (cities and special islands: none of their own)."""
    terrain = model.terrains.get(island_type)
    return terrain.inhabitant if terrain is not None else None


def inhabitants_of(board: Board) -> Counter[str]:
    """Every inhabitant on the board by colour, the Hostel's included."""
    return Counter(board.inhabitants)


def _with(board: Board, square: tuple[int, int], fragment: int, group: tuple[str, ...]) -> Board:
    placed = board.squares[square]
    groups = [placed.inhabitants_on(i) for i in range(len(placed.face.fragments))]
    groups[fragment] = group
    return board.with_square(square, Placed(placed.face, placed.rotation, placed.printed, tuple(groups)))


def fill(board: Board, island: Island, colour: str, supply: Counter[str]) -> tuple[Board, Counter[str]]:
    """One inhabitant of `colour` on each unoccupied space of the island while the supply lasts
    ("If the number of required inhabitants in the common supply is insufficient, any remaining
    spaces are left empty")."""
    supply = Counter(supply)
    for square, index in island.parts:
        placed = board.squares[square]
        frag = placed.face.fragments[index]
        have = placed.inhabitants_on(index)
        add = min(frag.spaces - len(have), supply[colour])
        if add > 0:
            board = _with(board, square, index, have + (colour,) * add)
            supply[colour] -= add
    return board, supply


def is_hostel(model: Skylands, board: Board, island: Island) -> bool:
    return any(isinstance(model.specials[sid].effect, Hostel) for sq, sid in board.specials if sq in island.squares)


def hostel_room(model: Skylands, board: Board, hostel: Island) -> int:
    """The Hostel's empty spaces."""
    (square, index), = hostel.parts
    effect = _effect(model, board.squares[square])
    assert isinstance(effect, Hostel)
    return effect.capacity - len(board.squares[square].inhabitants_on(index))


def to_hostel(model: Skylands, board: Board, hostel: Island, sources: Sequence[Island], count: int) -> Board:
    """Move `count` inhabitants from the player's complete islands onto empty Hostel spaces,
    taken from the sources in the order given ("Up to four inhabitants from completed islands can
    be placed onto the Hostel"; decision `hostel-filling`: at any time between actions, never from
    the supply, never past the Hostel's capacity). IllegalAction for anything else."""
    if not is_hostel(model, board, hostel):
        raise IllegalAction("inhabitants can only be moved onto the Hostel")
    (square, index), = hostel.parts  # the Hostel is a complete island in itself
    effect = _effect(model, board.squares[square])
    assert isinstance(effect, Hostel)
    on_hostel = board.squares[square].inhabitants_on(index)
    room = effect.capacity - len(on_hostel)
    if count < 1 or count > room:
        raise IllegalAction(f"the Hostel has {room} empty space{'s' if room != 1 else ''} ({count} asked)")
    for s in sources:
        if s is hostel or is_hostel(model, board, s) or not s.complete:
            raise IllegalAction(f"inhabitants come to the Hostel from complete islands (found a "
                                f"{'complete' if s.complete else 'incomplete'} {s.type} island)")
    if sum(s.inhabitants for s in sources) < count:
        raise IllegalAction(f"the islands chosen hold {sum(s.inhabitants for s in sources)} inhabitants "
                            f"({count} asked); none come from the supply")
    moving: list[str] = []
    for island in sources:
        for sq, i in island.parts:
            if len(moving) == count:
                break
            have = board.squares[sq].inhabitants_on(i)
            k = min(count - len(moving), len(have))
            moving += have[:k]
            board = _with(board, sq, i, have[k:])
    return _with(board, square, index, on_hostel + tuple(moving))


def _effect(model: Skylands, placed: Placed) -> object:
    return model.specials[placed.face.special].effect if placed.face.special else None


def _effects(model: Skylands, board: Board, kind: type) -> list[tuple[object, str]]:
    """Effects of one kind on the board, with the special island's id (sorted: deterministic)."""
    effects = ((model.specials[sid].effect, sid) for _, sid in board.specials)
    return [(effect, sid) for effect, sid in effects if isinstance(effect, kind)]


# ---- Deploy inhabitants ---------------------------------------------------------------------------

def deploy_targets(model: Skylands, board: Board, islands: Sequence[Island]) -> list[Island]:
    """Complete islands of woods, mountains or crystals with a space not occupied ("you cannot
    choose cities")."""
    return [i for i in islands if i.complete and colour_of(model, i.type) is not None
            and i.inhabitants < i.all_spaces]


def deploy(model: Skylands, board: Board, islands: Sequence[Island], chosen: Sequence[Island],
           supply: Counter[str], *, active: bool) -> tuple[Board, Counter[str]]:
    """Deploy inhabitants on the chosen islands (one; two for the active player)."""
    p = _p(model, "deploy-inhabitants")
    allowed = p["bonus_islands"] if active else p["islands"]
    if len(chosen) > allowed:
        raise IllegalAction(f"{len(chosen)} islands chosen (at most {allowed})")
    targets = deploy_targets(model, board, islands)
    for island in chosen:
        if island not in targets:
            raise IllegalAction(f"a {'complete' if island.complete else 'incomplete'} {island.type} island "
                                "cannot take inhabitants (complete woods, mountains or crystals with a free space)")
        colour = colour_of(model, island.type)
        assert colour is not None
        board, supply = fill(board, island, colour, supply)
    return board, supply


# ---- Create islands -------------------------------------------------------------------------------

def special_cost(model: Skylands, special_id: str, board: Board, *, active: bool) -> Counter[str]:
    """The inhabitants to return for a special island: its cost, less the white one for the active
    player, less what a Mountain / Wood District on the board spares of its colour."""
    white = model.files.game.inhabitants.any.id
    cost = Counter(model.specials[special_id].spec.cost)
    if active:
        cost.pop(white, None)
    for effect, sid in _effects(model, board, District):
        assert isinstance(effect, District)
        colour = model.specials[sid].spec.colour
        if colour is not None and cost[colour]:
            cost[colour] = max(0, cost[colour] - effect.fewer)
    return +cost


def payment(model: Skylands, board: Board, cost: Counter[str]) -> Counter[str] | None:
    """The inhabitants taken from the board to pay `cost` (white: any colour), None when they do not
    suffice. With a Merchant District, inhabitants of one colour are traded for a missing one."""
    white = model.files.game.inhabitants.any.id
    have = inhabitants_of(board)
    colours = [c.id for c in model.files.game.inhabitants.colours]
    pay = Counter({c: min(n, have[c]) for c, n in cost.items() if c != white})
    short = sum(max(0, n - have[c]) for c, n in cost.items() if c != white)
    left = {c: have[c] - pay[c] for c in colours}
    if short:
        merchants = _effects(model, board, MerchantDistrict)
        if not merchants:
            return None
        trade = merchants[0][0]
        assert isinstance(trade, MerchantDistrict)
        for _ in range(math.ceil(short / trade.get)):  # each trade: `give` of one colour for `get` of any
            colour = max(colours, key=lambda c: left[c])
            if left[colour] < trade.give:
                return None
            left[colour] -= trade.give
            pay[colour] += trade.give
    for _ in range(cost[white]):  # the white inhabitant: any colour, the most plentiful first
        colour = max(colours, key=lambda c: left[c])
        if left[colour] < 1:
            return None
        left[colour] -= 1
        pay[colour] += 1
    return +pay


def return_inhabitants(model: Skylands, board: Board, pay: Counter[str]) -> Board:
    """The board once the inhabitants of `pay` are returned to the supply ("the player must return
    the inhabitants shown on that tile from their player board"). Which ones is the player's
    choice; the kit's simulated players take them from the islands in reading order, the Hostel's
    last (it is refilled only from islands). IllegalAction when the board lacks them."""
    left = Counter(pay)
    squares = sorted(board.squares, key=lambda sq: (isinstance(_effect(model, board.squares[sq]), Hostel), sq))
    for square in squares:
        placed = board.squares[square]
        for index in range(len(placed.face.fragments)):
            have = list(placed.inhabitants_on(index))
            kept = []
            for colour in have:
                if left[colour] > 0:
                    left[colour] -= 1
                else:
                    kept.append(colour)
            if len(kept) != len(have):
                board = _with(board, square, index, tuple(kept))
    if +left:
        raise IllegalAction(f"the board lacks {dict(+left)} to return")
    return board


# ---- Convert energy -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Conversion:
    """What Convert energy did: VPs gained, the inhabitants moved (back to the supply), the board after."""

    vp: int
    moved: tuple[str, ...]
    board: Board


def convert(model: Skylands, board: Board, sources: Sequence[Island], targets: Sequence[Island], *,
            active: bool) -> Conversion:
    """Move inhabitants from complete crystal islands (and the Hostel) onto the spaces of complete
    cities until they are full or the sources empty; VPs per occupied space, the bonus for the active
    player who moved a blue inhabitant, the Power Station's for each city it lies in."""
    act = action(model, "convert-energy")
    p = act.params
    hostels = [s for s in sources if is_hostel(model, board, s)]
    crystal = [s for s in sources if s not in hostels]
    for s in crystal:
        if not s.complete or s.type != act.source or not s.inhabitants:
            raise IllegalAction(f"a source must be a complete {act.source} island with an inhabitant "
                                f"(found a {'complete' if s.complete else 'incomplete'} {s.type} island "
                                f"with {s.inhabitants} inhabitants)")
    for c in targets:
        if not c.complete or c.type != act.target:
            raise IllegalAction(f"a target must be a complete {act.target} island (found a "
                                f"{'complete' if c.complete else 'incomplete'} {c.type} island)")
    if not crystal or not targets:
        raise IllegalAction(f"choose a {act.source} island and a {act.target} island")
    n, m = len(crystal), len(targets)
    ok = n <= p["sources"] and m <= p["targets"]
    if active:  # "from one or two crystal islands to one city island, or from one crystal island to one
        # or two city islands"
        ok = ok or (n <= p["bonus_islands"] and m <= p["targets"]) or (n <= p["sources"] and m <= p["bonus_islands"])
    if not ok:
        raise IllegalAction(f"{n} {act.source} and {m} {act.target} islands chosen")

    # take inhabitants from the sources in the order given, fragment by fragment
    pool: list[str] = []
    for island in crystal + hostels:
        for square, index in island.parts:
            placed = board.squares[square]
            pool += placed.inhabitants_on(index)
    room = [c.spaces for c in targets]
    moved = pool[:sum(room)]
    taken = len(moved)
    for island in crystal + hostels:
        for square, index in island.parts:
            if not taken:
                break
            have = board.squares[square].inhabitants_on(index)
            k = min(taken, len(have))
            board = _with(board, square, index, have[k:])
            taken -= k

    vp = p["vp_per_space"] * len(moved)
    if active and act.bonus_colour in moved:
        vp += p["bonus_vp"]
    placed_in = _fill_order(room, len(moved))
    for effect, sid in _effects(model, board, PowerStation):
        assert isinstance(effect, PowerStation)
        for city, got in zip(targets, placed_in, strict=True):
            if got and any(board.squares[sq].face.special == sid for sq, _ in city.parts):
                vp += effect.bonus_vp
    return Conversion(vp, tuple(moved), board)


def _fill_order(room: list[int], n: int) -> list[int]:
    """How many of n inhabitants each city receives, filled one after the other."""
    out = []
    for r in room:
        out.append(min(r, n))
        n -= out[-1]
    return out
