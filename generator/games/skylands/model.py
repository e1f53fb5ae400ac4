"""The Skylands model: every tile, special island, board and marker, made from the content files."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations
from typing import Any

from .board import Board, Placed, Square, parse_square
from .schema import (
    BoardsFile,
    DecisionsFile,
    Effect,
    FaceSpec,
    GameFile,
    Hostel,
    PrintFile,
    ScoringFile,
    ShapeSpec,
    SpecialsFile,
    SpecialSpec,
    Terrain,
    TileKind,
    TilesFile,
    TokensFile,
)
from .tiles import SIDES, Face, FaceKind, Fragment

GAME_ID = "skylands"


@dataclass(frozen=True)
class Files:
    """The parsed content files, as written."""

    game: GameFile
    tiles: TilesFile
    specials: SpecialsFile
    boards: BoardsFile
    tokens: TokensFile
    scoring: ScoringFile
    decisions: DecisionsFile
    print: PrintFile


@dataclass(frozen=True)
class SpecialIsland:
    """A special island tile: its face, cost, VPs (None for '?') and effect."""

    spec: SpecialSpec
    index: int
    face: Face
    effect: Effect

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def vp(self) -> int | None:
        return None if self.spec.vp == "?" else self.spec.vp

    @property
    def is_fragment(self) -> bool:
        """A special island that is not complete in itself (its VPs need a complete island)."""
        return any(f.sides for f in self.face.fragments)


@dataclass(frozen=True)
class IslandTile:
    """One of the island tiles, and the recipe entry (kind index) it was made from."""

    face: Face
    kind: int


@dataclass(frozen=True)
class Skylands:
    files: Files
    island_tiles: tuple[IslandTile, ...]
    specials: dict[str, SpecialIsland]
    starting_faces: dict[str, Face]
    printed: dict[str, tuple[tuple[Square, Placed], ...]]
    inks: dict[str, str] = field(default_factory=dict)   # the layout palette (layouts/palette.yaml)
    layouts: dict[str, Any] = field(default_factory=dict)   # layouts/*.yaml by name (generator.layout.Layout)
    # the special islands' layouts placed on the tile (special_layout.Box by box name, by layout name)
    special_boxes: dict[str, dict[str, Any]] = field(default_factory=dict)

    @cached_property
    def terrains(self) -> dict[str, Terrain]:
        """The terrains by id (made once a model: the engine asks for an island's colour all game long)."""
        return {t.id: t for t in self.files.game.terrains}

    @property
    def shapes(self) -> dict[str, ShapeSpec]:
        return {s.id: s for s in self.files.tiles.shapes}

    @property
    def faces(self) -> dict[str, Face]:
        """Every face a board file may name: island tiles, special islands, starting island sides."""
        out = {t.face.id: t.face for t in self.island_tiles}
        out.update({s.id: s.face for s in self.specials.values()})
        out.update(self.starting_faces)
        return out

    def palette(self) -> dict[str, str]:
        """Every colour a player tells apart, by the key print.yaml's `tell_apart` names it with:
        island types (edge colour by id, fragment fill as `<id>-light`), inhabitants, player
        colours and the backs of the special island groups (`<group>-back`)."""
        g = self.files.game
        types = [*g.terrains, g.clouds, g.special_island_type]
        out = {t.id: t.colour for t in types} | {f"{t.id}-light": t.light for t in types}
        out |= {c.id: c.colour for c in [*g.inhabitants.colours, g.inhabitants.any]}
        out |= {c.id: c.colour for c in g.player_colours}
        out |= {f"{grp.id}-back": grp.back for grp in self.files.specials.groups}
        if "sky" in self.inks:  # the ground every tile is printed on
            out["sky"] = self.inks["sky"]
        return out

    def mark_min_players(self, mark: str | None) -> int:
        if mark is None:
            return self.files.game.players.min
        return {m.id: m.min_players for m in self.files.tiles.player_marks}[mark]

    def tiles_for(self, players: int) -> list[IslandTile]:
        """The island tiles in the stack for `players` players (the others go back to the box)."""
        return [t for t in self.island_tiles if self.mark_min_players(t.face.mark) <= players]

    def empty_board(self) -> Board:
        grid = self.files.game.player_board
        return Board(grid.rows, grid.columns)

    def starting_board(self, board_id: str | None) -> Board:
        """The empty side (None) or the side with the pre-printed starting islands of `board_id`."""
        board = self.empty_board()
        for square, placed in self.printed.get(board_id, ()) if board_id else ():
            board = board.with_square(square, placed)
        return board


def cost_letter(colour_name: str) -> str:
    """The letter a cost disc prints on an inhabitant of this colour (its name's initial); a player
    token's mark is never one (checks.mark_problems)."""
    return colour_name[0]


def terrain_combos(kind: TileKind, terrains: list[str]) -> list[tuple[str, ...]]:
    """The kinds of a recipe entry: one per terrain, or one per pair of different terrains."""
    if kind.per == "terrain":
        return [(t,) for t in terrains]
    return list(combinations(terrains, 2))


def shape_face(face_id: str, kind: FaceKind, shape: ShapeSpec, terrains: tuple[str | None, ...],
               *, mark: str | None = None, copy: int = 1, special: str | None = None,
               spaces: tuple[int, ...] | None = None, scoring: bool = True) -> Face:
    """A face made from a shape, one terrain per fragment (None: a special island on its own)."""
    frags = tuple(
        Fragment(terrain, frozenset(SIDES.index(s) for s in spec.edges),
                 spec.spaces if spaces is None else spaces[i], scoring)
        for i, (spec, terrain) in enumerate(zip(shape.fragments, terrains, strict=True))
    )
    return Face(face_id, kind, shape.id, frags, mark=mark, special=special, copy=copy,
                terrains=tuple(t for t in terrains if t is not None))


def copy_marks(kind: TileKind, order: list[str]) -> list[str | None]:
    """The player-count mark of each copy: unmarked copies first, then marks in `order`."""
    marked = [m for m in order for _ in range(kind.marks.get(m, 0))]
    return [None] * (kind.copies - len(marked)) + marked


def make_island_tiles(files: Files) -> tuple[IslandTile, ...]:
    shapes = {s.id: s for s in files.tiles.shapes}
    terrains = [t.id for t in files.game.terrains]
    order = [m.id for m in sorted(files.tiles.player_marks, key=lambda m: m.min_players)]
    out = []
    for k, kind in enumerate(files.tiles.island_tiles):
        shape = shapes[kind.shape]
        for combo in terrain_combos(kind, terrains):
            for copy, mark in enumerate(copy_marks(kind, order), start=1):
                face_id = f"{shape.id}-{'-'.join(combo)}-{copy}"
                out.append(IslandTile(shape_face(face_id, "island", shape, combo, mark=mark, copy=copy), k))
    return tuple(out)


def make_special(files: Files, index: int, spec: SpecialSpec) -> SpecialIsland:
    shape = {s.id: s for s in files.tiles.shapes}[spec.shape]
    effects: dict[str, Effect] = {e.kind: e for e in files.specials.effects}
    effect = effects[spec.effect]
    n = len(shape.fragments)
    # Fragments show their shape's spaces like island tiles; complete special islands show none,
    # but the Hostel's spaces hold inhabitants and score nothing (decision special-island-spaces).
    complete = not shape.fragments[0].edges
    if isinstance(effect, Hostel):
        spaces: tuple[int, ...] | None = (effect.capacity,) + (0,) * (n - 1)
    else:
        spaces = (0,) * n if complete else None
    terrains: tuple[str | None, ...] = (None,) * n if complete else (spec.terrain,) * n
    face = shape_face(spec.id, "special", shape, terrains, special=spec.id, spaces=spaces,
                      scoring=not isinstance(effect, Hostel))
    return SpecialIsland(spec, index, face, effect)


def face_of(face_id: str, kind: FaceKind, spec: FaceSpec, shapes: dict[str, ShapeSpec]) -> Face:
    return shape_face(face_id, kind, shapes[spec.shape], tuple(spec.terrains))


def make_model(files: Files) -> Skylands:
    """The model, from files whose references were checked (see refs.reference_problems)."""
    shapes = {s.id: s for s in files.tiles.shapes}
    specials = {s.id: make_special(files, i, s) for i, s in enumerate(files.specials.specials)}
    starting = {f"{st.id}-{side}": face_of(f"{st.id}-{side}", "starting", spec, shapes)
                for st in files.boards.starting_islands for side, spec in sorted(st.sides.items())}
    grid = files.game.player_board
    printed = {}
    for pb in files.boards.player_boards:
        squares = []
        for sq in pb.layout:
            square = parse_square(sq.square, grid.rows, grid.columns)
            assert square is not None  # refs checked it
            face = face_of(f"{pb.id}-{sq.square.lower()}", "printed", sq, shapes)
            squares.append((square, Placed(face, sq.rotation, printed=True)))
        printed[pb.id] = tuple(squares)
    return Skylands(files, make_island_tiles(files), specials, starting, printed)
