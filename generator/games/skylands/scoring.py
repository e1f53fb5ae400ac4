"""Final scoring, category by category as on the scoring pad ("Now the final scoring takes place")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .board import Board, EndState, Square, square_name
from .islands import Island, find_islands, island_of
from .model import Skylands, SpecialIsland
from .schema import Academy, Effect, Sanctum, Shrine, SkyHaven, Villa


@dataclass(frozen=True)
class SpecialLine:
    """What one special island on the board scored, and why."""

    square: Square
    special: str
    name: str
    vp: int
    why: str


@dataclass(frozen=True)
class ScorePad:
    """The scoring pad column of one player."""

    categories: dict[str, int]
    details: dict[str, str]
    specials: tuple[SpecialLine, ...] = field(default=())

    @property
    def total(self) -> int:
        return sum(self.categories.values())


@dataclass(frozen=True)
class _Facts:
    """What scoring effects look at, worked out once per board."""

    board: Board
    islands: list[Island]
    complete: list[Island]
    inhabitants: int
    specials_on_board: int


def inhabitants_on(board: Board) -> int:
    """Every inhabitant on the board, the Hostel's included ("placed inhabitants are counted")."""
    return len(board.inhabitants)


def shrine_vp(e: Shrine, s: SpecialIsland, f: _Facts) -> tuple[int, str]:
    # the shrine is a special island of its own type, so it never counts itself
    n = sum(1 for i in f.complete if i.type == s.spec.depicts)
    return e.vp_per_island * n, f"{n} complete {s.spec.depicts} island{'s' if n != 1 else ''} x {e.vp_per_island}"


def sky_haven_vp(e: SkyHaven, s: SpecialIsland, f: _Facts) -> tuple[int, str]:
    n = f.inhabitants // e.inhabitants_per_vp
    return e.vp * n, f"{f.inhabitants} inhabitants / {e.inhabitants_per_vp} x {e.vp}"


def sanctum_vp(e: Sanctum, s: SpecialIsland, f: _Facts, square: Square) -> tuple[int, str]:
    near = [(square[0] + dr, square[1] + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
    n = sum(1 for sq in near if sq in f.board.squares)
    return min(e.max_vp, e.vp_per_tile * n), f"{n} tiles around it x {e.vp_per_tile} (at most {e.max_vp})"


def academy_vp(e: Academy, s: SpecialIsland, f: _Facts) -> tuple[int, str]:
    n = f.specials_on_board
    return e.vp_per_special * n, f"{n} special islands x {e.vp_per_special}"


def villa_vp(e: Villa, s: SpecialIsland, f: _Facts) -> tuple[int, str]:
    best = max((i.spaces for i in f.complete), default=0)
    return e.vp_per_space * best, f"largest complete island has {best} space{'' if best == 1 else 's'}"


# The "?" tiles: each scoring effect the model knows (checks.py holds content to this list).
SCORING_EFFECTS: dict[str, Callable[..., tuple[int, str]]] = {
    "shrine": shrine_vp,
    "sky-haven": sky_haven_vp,
    "sanctum": sanctum_vp,
    "academy-of-creators": academy_vp,
    "villa": villa_vp,
}


def special_vp(effect: Effect, special: SpecialIsland, facts: _Facts, square: Square) -> tuple[int, str]:
    """VPs of a special island on a complete island: its printed number, or its scoring effect."""
    if special.vp is not None:
        return special.vp, "shown on the tile"
    rule = SCORING_EFFECTS.get(effect.kind)
    if rule is None:
        return 0, "no scoring effect"
    if rule is sanctum_vp:
        return sanctum_vp(effect, special, facts, square)  # type: ignore[arg-type]
    return rule(effect, special, facts)


def final_score(model: Skylands, end: EndState) -> ScorePad:
    """The scoring pad column of a player at the end of the game."""
    rules = model.files.scoring
    board = end.board
    islands = find_islands(board)
    complete = [i for i in islands if i.complete]
    placed_specials = board.specials
    facts = _Facts(board, islands, complete, inhabitants_on(board), len(placed_specials))

    empty = len(board.empty_squares())
    spaces = sum(i.spaces for i in complete)
    lines = []
    for square, special_id in placed_specials:
        special = model.specials[special_id]
        if any(i.complete for i in island_of(islands, square)):
            vp, why = special_vp(special.effect, special, facts, square)
        else:
            vp, why = 0, "not part of a complete island"
        lines.append(SpecialLine(square, special.id, special.spec.name, vp, why))
    markers = sum(end.vp_markers)
    active = rules.active_marker_vp if end.marker_active else 0

    categories = {
        "empty-squares": rules.empty_square_vp * empty,
        "inhabitants": facts.inhabitants // rules.inhabitants_per_vp,
        "spaces": rules.space_vp * spaces,
        "specials": sum(line.vp for line in lines),
        "markers": markers + active + end.bracketed_vp,
    }
    details = {
        "empty-squares": f"{empty} empty square{'s' if empty != 1 else ''} x {rules.empty_square_vp}",
        "inhabitants": f"{facts.inhabitants} inhabitants / {rules.inhabitants_per_vp}",
        "spaces": f"{spaces} space{'' if spaces == 1 else 's'} on {len(complete)} complete "
                  f"island{'' if len(complete) == 1 else 's'}",
        "specials": ", ".join(f"{ln.name} at {square_name(ln.square)} {ln.vp}" for ln in lines) or "none",
        "markers": (f"{markers} in markers + {active} for the "
                    f"{'active' if end.marker_active else 'passive'} marker + {end.bracketed_vp} in brackets"),
    }
    return ScorePad(categories, details, tuple(lines))
