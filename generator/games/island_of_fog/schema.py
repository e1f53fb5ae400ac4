"""The content files of Battle on the Island of Fog as typed models (one model per YAML file)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from ...content import Mm, Slug, Strict, decisions
from ...content.colourvision import TellApart

HexColour = Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$")]
Corner = Literal["top-left", "top-right", "bottom-right", "bottom-left"]
Count = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]
Text = Annotated[str, StringConstraints(min_length=1)]


# ---- game.yaml
class Colour(Strict):
    id: Slug
    name: Text
    hex: HexColour
    mark: str = Field(min_length=1, max_length=2)
    """What every piece of the nation prints besides its colour (its initial): nations are told apart
    without colour too."""


class PlayerRange(Strict):
    min: Positive
    max: Positive


class Turn(Strict):
    units_moved: Positive
    actions_per_unit: Positive
    starting_coins: Count
    take_uses_action: bool          # decision `taking`: starting to take an enemy building is the unit's action
    taken_pays_at_once: bool        # decision `taking`: a building taken at the start of a turn pays
                                    # in that turn's income
    blocked_step_costs: bool        # decision `exploring`: a step refused by water or a mountain costs its points


class Scoring(Strict):
    points_per_building: Positive
    lighthouse_points: Count


class GameFile(Strict):
    title: Text
    players: PlayerRange
    playtime_minutes: Positive
    colours: list[Colour] = Field(min_length=1)
    seats: dict[int, list[Slug]]
    turn: Turn
    countdown_turns: Positive
    scoring: Scoring
    tell_apart: list[TellApart] = Field(min_length=1)
    # decision `three-players`: player counts at which the squares of an empty corner's quarter
    # are sea (board.sea_squares)
    sea_quarter: list[int] = Field(default_factory=list)
    # decision `first-player`: coins each seat starts with on top of turn.starting_coins, in play
    # order, by player count (a count not named: none)
    seat_coins: dict[int, list[Count]] = Field(default_factory=dict)
    # decision `lighthouse-flip`: player counts at which the lighthouse's owner lays a tile at the
    # start of every player's turn (at any other count, at the start of each of its own turns)
    flip_every_turn: list[int] = Field(default_factory=list)


# ---- board.yaml
class Variant(Strict):
    size: Annotated[int, Field(ge=2, le=12)]
    ring_values: list[Positive] = Field(min_length=1)
    lighthouse: Literal["centre", "pile"]


class BoardFile(Strict):
    spaces_per_tile: Annotated[int, Field(ge=1, le=9)]
    space_size: Mm = Field(gt=0, le=60)   # a tile (3 spaces) fits across a page
    # each board square is this much larger than its tile on every side: the square's city value
    # is printed in that band, where a laid tile leaves it in sight (room for a 6 pt figure or more)
    value_band: Mm = Field(ge=3, le=10)
    default_size: int
    corners: dict[Slug, Corner]
    variants: list[Variant] = Field(min_length=1)


# ---- spaces.yaml
class SpaceKind(Strict):
    id: Slug
    code: Annotated[str, StringConstraints(pattern=r"^[A-Z]$")]
    name: Text
    move_cost: Positive | None
    climb: bool = False
    defence: Slug
    built_defence: Slug | None = None
    lot: bool = False
    base: bool = False
    lighthouse: bool = False
    colour: HexColour


class SpacesFile(Strict):
    kinds: list[SpaceKind] = Field(min_length=1)


# ---- tiles.yaml
class TileDesign(Strict):
    id: Slug
    name: Text
    rows: list[str] = Field(min_length=1)
    copies: Positive = 1


class LighthouseDesign(TileDesign):
    income: Positive


class TilesFile(Strict):
    lighthouse: LighthouseDesign
    starting: TileDesign
    field: list[TileDesign] = Field(min_length=1)


# ---- units.yaml
class Unit(Strict):
    id: Slug
    name: Text
    cost: Positive
    move: Positive
    climbs_mountains: bool
    stackable: bool
    combat_extra: Count
    per_colour: Positive


class Stacking(Strict):
    max_size: Annotated[int, Field(ge=1, le=9)]
    rerolls: dict[int, Count]


class UnitsFile(Strict):
    units: list[Unit] = Field(min_length=1)
    stacking: Stacking


# ---- combat.yaml
class DefenceRow(Strict):
    id: Slug
    name: Text
    bonus: Count


class OddsWords(Strict):
    optimal: Text
    simple: Text


class CombatWords(Strict):
    """Templates printed alike on the combat card and in the rulebook."""

    rerolls: Text
    odds: OddsWords


class CombatFile(Strict):
    dice: Annotated[int, Field(ge=1, le=6)]
    die_sides: Annotated[int, Field(ge=2, le=20)]
    attack_bonus: Count
    defence: list[DefenceRow] = Field(min_length=1)
    reroll_policy: Literal["optimal", "simple"]
    simple_threshold: Positive
    words: CombatWords


# ---- tokens.yaml
class PerColour(Strict):
    per_colour: Positive
    size: Mm = Field(gt=0)


class UnitTokens(Strict):
    size: Mm = Field(gt=0)


class Coin(Strict):
    value: Positive
    count: Positive
    size: Mm = Field(gt=0)
    colour: HexColour


class DiceTokens(Strict):
    net_size: Mm = Field(gt=0)


class TokensFile(Strict):
    buildings: PerColour
    bases: PerColour
    lighthouse_pieces: PerColour
    units: UnitTokens
    coins: list[Coin] = Field(min_length=1)
    dice: DiceTokens


# ---- fairness.yaml
class Calibration(Strict):
    """The survey's per-map verdict against self-play on the same maps, as one run counted them
    (`playkit simulate island-of-fog --calibrate MAPS`, calibration.md)."""

    command: Text                 # the run that counted them
    rules: Text                   # calibration.measured_on: the content they were counted on
    players: Positive
    games_per_map: Positive
    maps: Positive
    survey_fair: Count            # maps the survey calls fair
    selfplay_fair: Count          # maps self-play calls fair
    both_fair: Count              # maps both call fair


class FairnessFile(Strict):
    unit: Slug
    path_margin_turns: Count
    lots_margin: Count
    max_attempts: Positive
    survey_target_pct: Annotated[float, Field(ge=0, le=100)]
    calibration: Calibration | None = None


# ---- decisions.yaml: the core's shape, shared by every game
Decision = decisions.Decision
DecisionsFile = decisions.DecisionsFile


# ---- layouts/palette.yaml
# The layouts the tokens and cards are drawn with (layouts/<name>.yaml).
LAYOUTS = ("token-unit", "token-unit-back", "token-building", "token-base", "token-lighthouse", "token-coin",
           "card-turn-summary", "card-back", "combat-card", "dice-sheet")


class Look(Strict):
    """The named colours the game's own art paints with, from the palette (a name the art needs and
    the palette lacks is an error at validate, not a blank); in the palette `fog_dark` is `fog-dark`."""

    ink: HexColour
    paper: HexColour
    muted: HexColour
    sea: HexColour
    fog: HexColour
    fog_dark: HexColour
    board: HexColour
    ring_outer: HexColour
    ring_inner: HexColour
    centre: HexColour
    arrow: HexColour
    tree: HexColour
    rock: HexColour
    snow: HexColour
    wave: HexColour
    lot_line: HexColour
    lamp: HexColour
    lighthouse_band: HexColour
    coin: HexColour
    coin_dark: HexColour
    win: HexColour
    lose: HexColour

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The palette names the art needs."""
        return tuple(name.replace("_", "-") for name in cls.model_fields)

    @classmethod
    def of(cls, palette: dict[str, str]) -> Look:
        return cls(**{name: palette[name.replace("_", "-")] for name in cls.model_fields})
