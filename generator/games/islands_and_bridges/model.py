"""The Islands & Bridges content as typed data: every stat once, read from content/islands-and-bridges/."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, Field

from ...content import ContentSet, Mm, Slug, Strict
from ...content.colourvision import TellApart
from ...content.decisions import Decision, DecisionsFile
from .plan_settings import MapSettings

GAME_ID = "islands-and-bridges"
Side = Literal["north", "east", "south", "west"]
Target = Literal["single", "all"]


class Card(Strict):
    width: Mm
    height: Mm


class Settings(Strict):
    title: str
    players: int = Field(ge=1, le=4)
    stage_rounds: int = Field(ge=1, le=200)
    # A token is one cell and an island 8 cells: bounded, so that whatever validate accepts builds quickly.
    cell: Mm = Field(ge=12, le=40)
    card: Card
    tell_apart: list[TellApart] = Field(min_length=1)


class Player(Strict):
    name: str
    health: int = Field(gt=0)
    move: int = Field(ge=0)
    attack_range: int = Field(ge=1)
    visual_range: int = Field(ge=1)
    score: int = Field(ge=0)


class Enemy(Strict):
    name: str
    health: int = Field(gt=0)
    move: int = Field(ge=0)
    attack_range: int = Field(ge=1)
    damage: int = Field(ge=0)
    target: Target
    charge_rounds: int = Field(ge=0)
    score: int = Field(ge=0)


class Pursuit(Strict):
    gives_up_lead: int = Field(ge=1)


class Movement(Strict):
    """How every token moves (decision movement): each a rule the rulebook states."""

    diagonal_cost: int = Field(ge=1, le=2)
    through_own_side: bool
    through_other_side: bool
    end_on_token: bool
    cross_sea: bool
    chest_when_passed: bool


class Action(Strict):
    name: str
    kind: Literal["basic"]
    damage: int | None = Field(default=None, ge=0)
    target: Target | None = None
    cooldown: int = Field(ge=0)
    boosted_by: Slug | None = None
    text: str


class Effect(Strict):
    kind: Literal["damage-taken-zero", "heal-per-round", "damage-multiplier", "move-bonus"]
    amount: int | None = Field(default=None, ge=0)
    wording: Literal["doubles"] | None = None


class Ability(Strict):
    name: str
    short: str | None = None
    duration: int = Field(ge=1)
    cooldown: int = Field(ge=0)
    effect: Effect
    text: str

    @property
    def label(self) -> str:
        return self.short or self.name


class Chest(Strict):
    name: str
    score: int = Field(ge=0)
    cells: int = Field(ge=1)
    visibility: Literal["visible", "hidden"]


class Trap(Strict):
    name: str
    damage: int = Field(ge=0)
    visibility: Literal["visible", "hidden"]
    sizes: list[int] = Field(min_length=1)


class Elements(Strict):
    player: Player
    enemies: dict[Slug, Enemy]
    pursuit: Pursuit
    movement: Movement
    actions: dict[Slug, Action]
    round_order: list[Slug] = Field(min_length=1)  # the basic actions, in the order they resolve
    abilities: dict[Slug, Ability]
    chest: Chest
    trap: Trap


class Socket(Strict):
    side: Side
    at: int


class IslandTile(Strict):
    name: str
    cells: tuple[int, int]
    quantity: int = Field(ge=1)
    sockets: list[Socket] = Field(min_length=1)


class BridgeTile(Strict):
    name: str
    cells: tuple[int, int]
    quantity: int = Field(ge=1)


TokenKind = Literal["player", "enemy", "chest", "trap", "stage-end", "duration-marker"]


class Token(Strict):
    id: Slug
    name: str
    kind: TokenKind
    quantity: int = Field(ge=1)
    rings: int | None = Field(default=None, ge=1, le=4)
    enemy: Slug | None = None
    cells: float | None = Field(default=None, gt=0, le=4)   # its width in grid cells: 1 (a chest: its cells)


class Cards(Strict):
    per_player: list[Slug] = Field(min_length=1)


class Sheet(Strict):
    id: Slug
    name: str
    group: Literal["global", "game-master"]
    per: Literal["island"] | None = None
    shows: list[Slug]


class Components(Strict):
    island: IslandTile
    bridge: BridgeTile
    tokens: list[Token]
    cards: Cards
    sheets: list[Sheet]


@dataclass(frozen=True)
class EnemyToken:
    """One numbered enemy token of the box: 'W3' is the third Weak token. The tracking sheets have
    a row for each, and a map's plan names the token that starts on each enemy cell."""

    enemy: str    # the enemy type's id
    number: int   # from 1 within its type
    label: str


def enemy_label(enemy: Enemy, number: int) -> str:
    """'W3': the type's initial (told apart by a content check) and the token's number."""
    return f"{enemy.name[:1].upper()}{number}"


class Phase(Strict):
    id: Slug
    name: str
    actor: Literal["players", "game-master"]
    step: str


class Phases(Strict):
    phases: list[Phase] = Field(min_length=1)


class IslandsAndBridges(Strict):
    """The whole game, as the rules, drawers and generators read it."""

    settings: Settings
    elements: Elements
    components: Components
    phases: list[Phase]
    decisions: list[Decision]
    maps: MapSettings
    palette: dict[str, str]       # layouts/palette.yaml, checked by the layout core
    layouts: dict[str, Any]       # layouts/*.yaml by name (generator.layout.Layout), checked likewise

    def token(self, token_id: str) -> Token:
        return next(t for t in self.components.tokens if t.id == token_id)

    def color(self, name: str) -> str:
        return self.palette[name]

    def players_in_play(self) -> list[Token]:
        """The player tokens in play, in turn order."""
        return [t for t in self.components.tokens if t.kind == "player"][: self.settings.players]

    def enemy_tokens(self) -> list[EnemyToken]:
        """Every enemy token of the box, numbered within its type, in the order of the tokens list:
        the faces printed, the rows of the Damage Matrix and Enemy Timeline, and the numbers a map
        gives its enemies all come from here, so they cannot disagree."""
        out: list[EnemyToken] = []
        for t in self.components.tokens:
            if t.kind == "enemy" and t.enemy in self.elements.enemies:
                e = self.elements.enemies[t.enemy]
                done = sum(1 for x in out if x.enemy == t.enemy)
                out += [EnemyToken(t.enemy, done + k, enemy_label(e, done + k)) for k in range(1, t.quantity + 1)]
        return out


FILES: dict[str, type[BaseModel]] = {
    "game": Settings, "elements": Elements, "components": Components, "phases": Phases,
    "decisions": DecisionsFile, "maps": MapSettings,
}


# The layouts the faces are drawn with (layouts/<name>.yaml), and the palette colours the game's own
# art (tiles, sheets, maps, rings) paints with.
LAYOUTS = ("card", "card-two-numbers", "card-back", "token-player", "token-enemy", "token-charging-enemy",
           "token-chest", "token-trap", "token-stage-end", "token-duration-marker")
COLOURS = ("ability-card", "bridge", "bridge-line", "chest", "ink", "island", "island-label", "island-line", "muted",
           "paper", "player", "sea", "socket", "stage-end", "trap")


def make_model(parts: dict[str, Any], content: ContentSet, palette: dict[str, str],
               layouts: dict[str, Any]) -> IslandsAndBridges:
    """The validated content files and the layouts (read by the game's loader, __init__.py) as the model."""
    return IslandsAndBridges(settings=parts["game"], elements=parts["elements"], components=parts["components"],
                phases=parts["phases"].phases, decisions=parts["decisions"].decisions, maps=parts["maps"],
                palette=palette, layouts=layouts)
