"""The game as one typed object: the content files plus the lookups the rules read."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal

from . import schema as s

GAME_ID = "island-of-fog"

Grid = tuple[tuple[str, ...], ...]
"""A square grid of space-kind ids, rows top to bottom."""

TileRole = Literal["field", "starting", "lighthouse"]


def rotate(grid: Grid, turns: int) -> Grid:
    """The grid turned clockwise by `turns` quarter turns."""
    out = grid
    for _ in range(turns % 4):
        n = len(out)
        out = tuple(tuple(out[n - 1 - c][r] for c in range(n)) for r in range(n))
    return out


@dataclass(frozen=True)
class Tile:
    """A tile design read with its arrow pointing up; `grid` holds space-kind ids."""

    id: str
    name: str
    role: TileRole
    grid: Grid
    copies: int = 1


@dataclass(frozen=True)
class IslandOfFog:
    """Every content file of the game, typed; lookups are derived, never typed twice."""

    game: s.GameFile
    board: s.BoardFile
    spaces: s.SpacesFile
    tiles: s.TilesFile
    units: s.UnitsFile
    combat: s.CombatFile
    tokens: s.TokensFile
    fairness: s.FairnessFile
    decisions: s.DecisionsFile
    look: s.Look                  # the palette's colours the art paints with (layouts/palette.yaml)
    layouts: dict[str, Any]       # layouts/*.yaml by name (generator.layout.Layout)

    @cached_property
    def palette(self) -> dict[str, str]:
        """Every colour a player tells apart, by the key game.yaml's `tell_apart` names it with:
        nations and space kinds by id, coins as `coin-<value>`, and the palette's names."""
        out = {k.replace("_", "-"): v for k, v in self.look.model_dump().items()}
        out |= {c.id: c.hex for c in self.game.colours}
        out |= {k.id: k.colour for k in self.spaces.kinds}
        return out | {f"coin-{c.value}": c.colour for c in self.tokens.coins}

    # ---- spaces
    @cached_property
    def kind(self) -> dict[str, s.SpaceKind]:
        """Space kinds by id."""
        return {k.id: k for k in self.spaces.kinds}

    @cached_property
    def kind_by_code(self) -> dict[str, s.SpaceKind]:
        return {k.code: k for k in self.spaces.kinds}

    # ---- tiles
    def read_tile(self, design: s.TileDesign, role: TileRole) -> Tile:
        """A design's grid of space-kind ids (the codes must have been checked)."""
        grid = tuple(tuple(self.kind_by_code[c].id for c in row.split()) for row in design.rows)
        return Tile(design.id, design.name, role, grid, design.copies)

    @cached_property
    def lighthouse_tile(self) -> Tile:
        return self.read_tile(self.tiles.lighthouse, "lighthouse")

    @cached_property
    def starting_tile(self) -> Tile:
        return self.read_tile(self.tiles.starting, "starting")

    @cached_property
    def field_tiles(self) -> tuple[Tile, ...]:
        return tuple(self.read_tile(d, "field") for d in self.tiles.field)

    @cached_property
    def tile(self) -> dict[str, Tile]:
        """Every tile design by id (field, starting and lighthouse)."""
        out = {t.id: t for t in self.field_tiles}
        out[self.starting_tile.id] = self.starting_tile
        out[self.lighthouse_tile.id] = self.lighthouse_tile
        return out

    @cached_property
    def turned(self) -> dict[tuple[str, int], Grid]:
        """Every tile turned clockwise by 0 to 3 quarter turns (maps are laid out thousands of times)."""
        out = {}
        for tile in self.tile.values():
            for turns in range(4):
                out[(tile.id, turns)] = rotate(tile.grid, turns)
        return out

    @property
    def field_tile_count(self) -> int:
        """Field tiles in the box, copies counted."""
        return sum(t.copies for t in self.field_tiles)

    # ---- board
    @cached_property
    def variant(self) -> dict[int, s.Variant]:
        """Board variants by size."""
        return {v.size: v for v in self.board.variants}

    @property
    def default_variant(self) -> s.Variant:
        return self.variant[self.board.default_size]

    # ---- players
    @cached_property
    def colour(self) -> dict[str, s.Colour]:
        return {c.id: c for c in self.game.colours}

    def seats(self, players: int) -> list[str]:
        """The colours that play at this player count, in play order."""
        return list(self.game.seats[players])

    # ---- units and combat
    @cached_property
    def unit(self) -> dict[str, s.Unit]:
        return {u.id: u for u in self.units.units}

    @cached_property
    def defence(self) -> dict[str, s.DefenceRow]:
        return {d.id: d for d in self.combat.defence}

    @property
    def dice_in_box(self) -> int:
        """A set of the dice one side rolls for each side of a combat (decision `dice`)."""
        return 2 * self.combat.dice
