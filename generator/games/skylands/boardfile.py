"""Board files: a player's board at the end of the game, described in YAML and checked by the rules.

    player: Maria            # optional: whose board it is
    side: board-1            # or 'empty' (the variant Tactical start)
    players: 4               # optional: tiles must be in the game for that many players
    marker: active           # the player marker's side
    vp_markers: [5, 2, 1]    # the VP markers collected
    bracketed_vp: 0          # VPs written in brackets on the pad
    squares:
      A1: {tile: half-woods-1, rotation: 90, inhabitants: [green, green]}
      B2: {inhabitants: [blue]}      # a pre-printed square: only its inhabitants
"""

from __future__ import annotations

import difflib
from typing import Literal

from pydantic import Field

from ...content import ContentError, ContentSet, Loc, Problem, Slug, Source, Strict, parse
from .board import Board, EndState, Mismatch, Placed, Square, parse_square, square_name
from .islands import find_islands
from .model import Skylands
from .schema import Hostel, Rotation


class SquareEntry(Strict):
    """One square of the board: the tile laid on it and the inhabitants on its spaces."""

    tile: str | None = None
    """The tile's id (tiles.yaml); none on a pre-printed square."""
    rotation: Rotation = 0
    """How far the tile is turned clockwise, in degrees."""
    inhabitants: list[str] = Field(default_factory=list)
    """The inhabitants on its spaces, by colour."""


class BoardSpec(Strict):
    """A player's board, square by square (`playkit score skylands BOARD.yaml`)."""

    player: str = ""
    """Whose board it is."""
    side: Slug = "empty"
    """The player board's side: a pre-printed board (boards.yaml) or 'empty' (the variant Tactical start)."""
    players: int | None = None
    """How many play: every tile must be in the game for that many players."""
    marker: Literal["active", "passive"] = "active"
    """The side the player marker shows."""
    vp_markers: list[int] = Field(default_factory=list)
    """The values of the VP markers collected."""
    bracketed_vp: int = Field(default=0, ge=0)
    """VPs written in brackets on the scoring pad."""
    squares: dict[str, SquareEntry] = Field(default_factory=dict)
    """The squares by name (A1, B2, …)."""


def _near(name: str, known: list[str]) -> str:
    close = difflib.get_close_matches(name, known, n=3)
    return f"; did you mean {', '.join(close)}?" if close else ""


class _Reader:
    """Reads one board file, gathering every problem with its position."""

    def __init__(self, model: Skylands, source: Source) -> None:
        self.model = model
        self.source = source
        self.problems: list[Problem] = []

    def problem(self, loc: Loc, message: str, *, on_key: bool = False) -> None:
        self.problems.append(self.source.problem(loc, message, on_key=on_key))

    def read(self, spec: BoardSpec) -> EndState | None:
        model = self.model
        boards = [b.id for b in model.files.boards.player_boards]
        if spec.side != "empty" and spec.side not in boards:
            self.problem(("side",), f"unknown player board side (found {spec.side!r}, allowed: empty, "
                                    f"{', '.join(boards)})")
            return None
        g = model.files.game
        if spec.players is not None and not g.players.min <= spec.players <= g.players.max:
            self.problem(("players",), f"{spec.players} players (Skylands is for {g.players.min} to "
                                       f"{g.players.max})")
        board = model.starting_board(None if spec.side == "empty" else spec.side)
        board, entries = self.place_tiles(spec, board)
        self.check_edges(board, entries)
        board = self.add_inhabitants(spec, board, entries)
        self.check_markers(spec)
        if self.problems:
            return None
        return EndState(board, tuple(spec.vp_markers), spec.marker == "active", spec.bracketed_vp, spec.player)

    def place_tiles(self, spec: BoardSpec, board: Board) -> tuple[Board, dict[Square, str]]:
        """Every named tile on its square, as found (edges are checked afterwards, all at once)."""
        model = self.model
        faces = model.faces
        grid = model.files.game.player_board
        used: dict[str, str] = {}
        entries: dict[Square, str] = {}
        for name, entry in spec.squares.items():
            at: Loc = ("squares", name)
            square = parse_square(name, grid.rows, grid.columns)
            if square is None:
                self.problem(at, f"not a square of the board (found {name!r}, allowed A1 to "
                                 f"{chr(ord('A') + grid.columns - 1)}{grid.rows})", on_key=True)
                continue
            if square in entries:
                self.problem(at, f"square {square_name(square)} is described twice", on_key=True)
                continue
            entries[square] = name
            printed = square in board.squares and board.squares[square].printed
            if entry.tile is None:
                if not printed:
                    self.problem(at, f"square {square_name(square)}: missing field 'tile' (only a "
                                     "pre-printed square may list just its inhabitants)")
                continue
            if printed:
                self.problem((*at, "tile"), f"square {square_name(square)} is pre-printed on {spec.side}; "
                                             "no tile can be placed on it")
                continue
            face = faces.get(entry.tile)
            if face is None:
                self.problem((*at, "tile"), f"unknown tile {entry.tile!r}" + _near(entry.tile, sorted(faces)))
                continue
            physical = face.id[:-2] if face.kind == "starting" else face.id
            if physical in used:
                self.problem((*at, "tile"), f"tile {physical!r} is already on square {used[physical]} "
                                             "(each tile exists once)")
                continue
            used[physical] = square_name(square)
            if face.kind == "starting" and spec.side != "empty":
                self.problem((*at, "tile"), "starting island tiles are used on the empty side of the "
                                             f"board only (side is {spec.side!r})")
            if spec.players is not None and model.mark_min_players(face.mark) > spec.players:
                self.problem((*at, "tile"), f"tile {face.id!r} is marked for {model.mark_min_players(face.mark)}+ "
                                             f"players and is not in a game of {spec.players}")
            board = board.with_square(square, Placed(face, entry.rotation))
        return board, entries

    def check_edges(self, board: Board, entries: dict[Square, str]) -> None:
        """Every touching pair of edges matches; the problem sits at the square written later."""
        lines = {sq: self.source.node_at(("squares", name))[0] for sq, name in entries.items()}

        def line(sq: Square) -> int:
            node = lines.get(sq)
            return node.start_mark.line if node is not None else -1

        for m in board.all_mismatches():
            a, b = m.square, m.neighbour
            if line(b) >= line(a):  # report on the later of the two, naming its own edge
                where, msg = b, _flip(m)
            else:
                where, msg = a, str(m)
            self.problem(("squares", entries[where], "tile"), msg)

    def add_inhabitants(self, spec: BoardSpec, board: Board, entries: dict[Square, str]) -> Board:
        model = self.model
        colour_terrain = {t.inhabitant: t.id for t in model.files.game.terrains if t.inhabitant}
        colours = sorted(colour_terrain)
        islands = find_islands(board)
        for square, name in entries.items():
            entry = spec.squares[name]
            placed = board.squares.get(square)
            if not entry.inhabitants or placed is None:
                continue
            at: Loc = ("squares", name, "inhabitants")
            hostel = placed.face.special is not None and isinstance(
                model.specials[placed.face.special].effect, Hostel)
            groups: list[list[str]] = [[] for _ in placed.face.fragments]
            for j, colour in enumerate(entry.inhabitants):
                if colour not in colours:
                    self.problem((*at, j), f"unknown inhabitant colour (found {colour!r}, allowed: "
                                            f"{', '.join(colours)})")
                    continue
                index = 0 if hostel else next(
                    (i for i, f in enumerate(placed.face.fragments) if f.terrain == colour_terrain[colour]), None)
                if index is None:
                    self.problem((*at, j), f"square {square_name(square)} has no {colour_terrain[colour]} "
                                            f"fragment for a {colour} inhabitant")
                    continue
                groups[index].append(colour)
            for i, group in enumerate(groups):
                frag = placed.face.fragments[i]
                if len(group) > frag.spaces:
                    self.problem(at, f"square {square_name(square)}: {len(group)} inhabitants on "
                                     f"{frag.spaces} space{'s' if frag.spaces != 1 else ''}")
                island = next((x for x in islands if (square, i) in x.parts), None)
                if group and not hostel and island is not None and not island.complete:
                    self.problem(at, f"square {square_name(square)}: inhabitants on an incomplete "
                                     f"{island.type} island (they are deployed on complete islands only)")
            board = board.with_square(square, Placed(placed.face, placed.rotation, placed.printed,
                                                     tuple(tuple(g) for g in groups)))
        return board

    def check_markers(self, spec: BoardSpec) -> None:
        have = {d.value: d.count for d in self.model.files.tokens.vp_markers.denominations}
        for j, value in enumerate(spec.vp_markers):
            if value not in have:
                self.problem(("vp_markers", j), f"no VP marker of {value} (markers: "
                                                f"{', '.join(str(v) for v in sorted(have))})")
        for value, n in sorted(have.items()):
            if spec.vp_markers.count(value) > n:
                self.problem(("vp_markers",), f"{spec.vp_markers.count(value)} markers of {value} VP "
                                              f"(there are {n})")


def _flip(m: Mismatch) -> str:
    """The same mismatch told from the neighbour's side."""
    return str(Mismatch(m.neighbour, (m.side + 2) % 4, m.neighbour_terrain, m.square, m.terrain))


# The content file with the rulebook's scoring example: a board file like any other.
EXAMPLE = "scoring-example"
# The content files with the boards of the rulebook's worked examples of the actions, by action.
ACTION_EXAMPLES = {"deploy-inhabitants": "example-deploy", "create-islands": "example-create",
                   "convert-energy": "example-convert"}
BOARD_FILES = (EXAMPLE, *ACTION_EXAMPLES.values())


def scoring_example(model: Skylands, content: ContentSet) -> EndState:
    """The board of the rulebook's scoring example; ContentError with its problems, at their lines."""
    return read_board(model, content.sources[EXAMPLE])


def action_examples(model: Skylands, content: ContentSet) -> dict[str, EndState]:
    """The boards of the worked examples, by action; ContentError with the problems of them all."""
    out: dict[str, EndState] = {}
    problems: list[Problem] = []
    for action, stem in ACTION_EXAMPLES.items():
        try:
            out[action] = read_board(model, content.sources[stem])
        except ContentError as err:
            problems += err.problems
    if problems:
        raise ContentError(problems)
    return out


def read_board(model: Skylands, source: Source) -> EndState:
    """The end state a board file describes; ContentError with every problem found."""
    if not isinstance(source.data, dict):
        raise ContentError([source.problem((), "a board file is a mapping (side, squares, …)")])
    return read_spec(model, source, parse(BoardSpec, source))


def read_spec(model: Skylands, source: Source, spec: BoardSpec) -> EndState:
    """The end state of a parsed board file (`source` places the problems); ContentError if illegal."""
    reader = _Reader(model, source)
    state = reader.read(spec)
    if state is None or reader.problems:
        raise ContentError(reader.problems)
    return state
