"""The shape of Skylands' YAML files (pydantic models); meaning is checked in checks.py."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from ...content import Mm, Slug, Strict, decisions
from ...content.colourvision import TellApart

Side = Literal["north", "east", "south", "west"]
Colour = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]
Count = Annotated[int, Field(ge=0)]
Rotation = Literal[0, 90, 180, 270]


# ---- game.yaml ----------------------------------------------------------------------------

class Players(Strict):
    min: int = Field(ge=1)
    max: int = Field(ge=1)


TerrainSymbol = Literal["tree", "peak", "crystal", "house"]
"""The shapes the tile drawer knows (draw_tiles.SYMBOLS)."""


class Terrain(Strict):
    id: Slug
    name: str
    adjective: str = ""
    colour: Colour
    light: Colour
    letter: str = Field(min_length=1, max_length=2)
    # drawn along every edge of this type, so edges match by shape as well as by colour
    symbol: TerrainSymbol | None = None
    inhabitant: Slug | None = None


class InhabitantColour(Strict):
    id: Slug
    name: str
    colour: Colour
    count: Count = 0


class Inhabitants(Strict):
    colours: list[InhabitantColour] = Field(min_length=1)
    any: InhabitantColour


class PlayerColour(Strict):
    id: Slug
    name: str
    colour: Colour
    mark: str = Field(min_length=1, max_length=2, pattern=r"^\S+$")
    """What the player's token prints under its pawn, for a player who cannot tell the colours apart
    (never an inhabitant's letter: checks.mark_problems)."""


class BoardGrid(Strict):
    rows: int = Field(ge=1, le=26)
    columns: int = Field(ge=1, le=26)


class GameEnd(Strict):
    empty_squares_left: int = Field(ge=0)


class SelfPlay(Strict):
    """The quick self-play table of the designer's notes, computed when the kit is built."""

    games: int = Field(ge=1, le=40)   # per seat count: a build affords a few CPU seconds
    seed: int
    policy: Literal["random", "greedy", "lookahead"]


class GameFile(Strict):
    title: str
    players: Players
    ages: Count = Field(ge=1, le=99)
    """The youngest age the game is for ("ages 8 and up")."""
    credits: str = Field(min_length=1, max_length=200)
    """Who made the game, as the cover says it ("by …")."""
    seed_counts: dict[str, Count]
    terrains: list[Terrain] = Field(min_length=1)
    clouds: Terrain
    special_island_type: Terrain
    inhabitants: Inhabitants
    player_colours: list[PlayerColour] = Field(min_length=1)
    player_board: BoardGrid
    game_end: GameEnd
    self_play: SelfPlay


# ---- tiles.yaml ---------------------------------------------------------------------------

class FragmentSpec(Strict):
    edges: list[Side]
    spaces: Count


class ShapeSpec(Strict):
    id: Slug
    name: str
    fragments: list[FragmentSpec] = Field(min_length=1)
    mirror_of: Slug | None = None
    special_only: bool = False


class PlayerMark(Strict):
    id: Slug
    symbol: str = Field(min_length=1, max_length=3)
    min_players: int = Field(ge=1)


class TileKind(Strict):
    shape: Slug
    per: Literal["terrain", "pair"]
    copies: int = Field(ge=1)
    seed: str
    marks: dict[Slug, Count] = Field(default_factory=dict)


class TilesFile(Strict):
    space_capacity: dict[int, Count]
    shapes: list[ShapeSpec] = Field(min_length=1)
    player_marks: list[PlayerMark]
    island_tiles: list[TileKind] = Field(min_length=1)


# ---- specials.yaml ------------------------------------------------------------------------

class SpecialGroup(Strict):
    id: Slug
    name: str
    back: Colour
    seed_count: Count
    seed: str
    meaning: str = Field(min_length=1)  # what the group's effects do, printed in the rulebook


class _Effect(Strict):
    name: str
    text: str


class NoEffect(_Effect):
    kind: Literal["none"]


class WorthWhileFind(_Effect):
    kind: Literal["worth-while-find"]
    gain_vp: int = Field(ge=1)


class Outpost(_Effect):
    kind: Literal["outpost"]
    draw: int = Field(ge=1)


class FruitfulTerrain(_Effect):
    kind: Literal["fruitful-terrain"]
    per_space: int = Field(ge=1)


class ProfitableCity(_Effect):
    kind: Literal["profitable-city"]
    vp: int = Field(ge=1)
    spaces_per_vp: int = Field(ge=1)


class Generator(_Effect):
    kind: Literal["generator"]
    vp_per_convert: int = Field(ge=1)
    # Whether the VP comes even to an owner who cannot or does not convert (decision
    # generator-without-converting); the engine and the rulebook both read it.
    without_converting: bool


class Hostel(_Effect):
    kind: Literal["hostel"]
    capacity: int = Field(ge=1)


class MerchantDistrict(_Effect):
    kind: Literal["merchant-district"]
    give: int = Field(ge=2)
    get: int = Field(ge=1)


class District(_Effect):
    kind: Literal["district"]
    fewer: int = Field(ge=1)


class PowerStation(_Effect):
    kind: Literal["power-station"]
    bonus_vp: int = Field(ge=1)


class Shrine(_Effect):
    kind: Literal["shrine"]
    vp_per_island: int = Field(ge=1)


class SkyHaven(_Effect):
    kind: Literal["sky-haven"]
    vp: int = Field(ge=1)
    inhabitants_per_vp: int = Field(ge=1)


class Sanctum(_Effect):
    kind: Literal["sanctum"]
    vp_per_tile: int = Field(ge=1)
    max_vp: int = Field(ge=1)


class Academy(_Effect):
    kind: Literal["academy-of-creators"]
    vp_per_special: int = Field(ge=1)


class Villa(_Effect):
    kind: Literal["villa"]
    vp_per_space: int = Field(ge=1)


Effect = Annotated[
    NoEffect | WorthWhileFind | Outpost | FruitfulTerrain | ProfitableCity | Generator | Hostel
    | MerchantDistrict | District | PowerStation | Shrine | SkyHaven | Sanctum | Academy | Villa,
    Field(discriminator="kind"),
]
EFFECT_KINDS_NEEDING_TERRAIN = {"shrine"}
EFFECT_KINDS_NEEDING_COLOUR = {"district"}


class SpecialSpec(Strict):
    id: Slug
    name: str
    group: Slug
    shape: Slug
    terrain: Slug | None = None
    depicts: Slug | None = None
    colour: Slug | None = None
    vp: int | Literal["?"]
    cost: list[str] = Field(min_length=1)
    effect: Slug
    intro: bool = False

    @field_validator("vp")
    @classmethod
    def _vp_not_negative(cls, v: int | str) -> int | str:
        if isinstance(v, int) and v < 0:
            raise ValueError("VPs are 0 or more, or '?'")
        return v


class SpecialsFile(Strict):
    display_per_group: int = Field(ge=1)
    max_white_per_cost: int = Field(ge=0)
    intro_label: str = Field(min_length=1)
    groups: list[SpecialGroup] = Field(min_length=1)
    fragment_note: str
    effects: list[Effect] = Field(min_length=1)
    specials: list[SpecialSpec] = Field(min_length=1)


# ---- boards.yaml --------------------------------------------------------------------------

class ActionSpec(Strict):
    id: Slug
    name: str
    colour: Colour
    params: dict[str, int]
    text: str
    bonus: str
    source: Slug | None = None
    target: Slug | None = None
    bonus_colour: Slug | None = None


class SupplyBoard(Strict):
    name: str
    text: str


class FaceSpec(Strict):
    shape: Slug
    terrains: list[Slug] = Field(min_length=1)


class PrintedSquare(FaceSpec):
    square: str
    rotation: Rotation = 0


class PlayerBoardSpec(Strict):
    id: Slug
    name: str
    layout: list[PrintedSquare]


class StartingIslandSpec(Strict):
    id: Slug
    sides: dict[Literal["a", "b"], FaceSpec]


class TacticalStart(Strict):
    draw: int = Field(ge=0)
    keep: int = Field(ge=0)


class BoardsFile(Strict):
    actions: list[ActionSpec] = Field(min_length=1)
    supply_board: SupplyBoard
    printed_squares_per_layout: int = Field(ge=0)
    player_boards: list[PlayerBoardSpec] = Field(min_length=1)
    starting_islands: list[StartingIslandSpec] = Field(min_length=1)
    tactical_start: TacticalStart
    starting_island_label: str = Field(min_length=1, max_length=12)


# ---- tokens.yaml --------------------------------------------------------------------------

class Named(Strict):
    name: str
    per_colour: int = Field(ge=1)


class PlayerMarkers(Named):
    active_side: str
    passive_side: str


class Denomination(Strict):
    value: int = Field(ge=1)
    count: int = Field(ge=1)


class MarkerSupply(Strict):
    players: int
    vp: int = Field(ge=0)
    seed: str
    leave_out: dict[int, Count]


class VpMarkers(Strict):
    denominations: list[Denomination] = Field(min_length=1)
    supply: list[MarkerSupply] = Field(min_length=1)


class TokensFile(Strict):
    player_tokens: Named
    player_markers: PlayerMarkers
    vp_markers: VpMarkers


# ---- scoring.yaml -------------------------------------------------------------------------

Category = Literal["empty-squares", "inhabitants", "spaces", "specials", "markers"]


class PadRow(Strict):
    category: Category
    label: str
    hint: str


class Pad(Strict):
    title: str
    players_row: str
    total_label: str
    rows: list[PadRow] = Field(min_length=1)
    brackets_label: str


class ScoringFile(Strict):
    empty_square_vp: int
    inhabitants_per_vp: int = Field(ge=1)
    space_vp: int
    active_marker_vp: int
    pad: Pad


# ---- print.yaml ---------------------------------------------------------------------------

class Size(Strict):
    w: Mm
    h: Mm


class PrintFile(Strict):
    tile: Mm = Field(gt=20)
    edge_band: Mm = Field(gt=0)
    space: Mm = Field(gt=0)
    board_frame: Mm = Field(ge=0)
    action_board: Size
    supply_board: Size
    player_token: Mm
    player_marker: Mm
    inhabitant: Mm
    vp_marker: Mm
    scoring_pad: Size
    pad_columns: int = Field(ge=1, le=8)
    tell_apart: list[TellApart] = Field(min_length=1)


# ---- decisions.yaml: the core's shape, shared by every game ----------------------------------
Decision = decisions.Decision
DecisionsFile = decisions.DecisionsFile
