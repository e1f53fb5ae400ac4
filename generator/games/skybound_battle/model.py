"""The typed content of Skybound Battle: colours, cards and their effects, starters, rules, decisions."""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, Field, StrictInt

from ...content import ContentSet, Mm, Slug, Strict
from ...content.colourvision import TellApart
from ...content.decisions import Decision, DecisionsFile

GAME_ID = "skybound-battle"
TITLE = "Skybound Battle"

When = Literal["deployed", "activated", "end-of-round", "passive"]
Do = Literal["damage", "heal", "strengthen", "fortify", "exhaust", "defeat", "draw", "end-round", "mana",
             "armour", "ranged"]
Target = Literal["self", "across", "nearest-enemy", "column-enemies", "weakest-enemy", "all-enemies",
                 "adjacent-allies", "all-allies"]

# What each verb needs: (takes a target, takes an amount). The vocabulary is closed on purpose:
# every verb has a rule in the engine and a sentence in the text templates.
VERBS: dict[str, tuple[bool, bool]] = {
    "damage": (True, True),
    "heal": (True, True),
    "strengthen": (True, True),
    "fortify": (True, True),
    "exhaust": (True, False),
    "defeat": (True, False),
    "mana": (True, True),
    "draw": (False, True),
    "end-round": (False, False),
    "armour": (False, True),
    "ranged": (False, False),
}
PASSIVE_VERBS = ("armour", "ranged")
ENEMY_TARGETS = ("across", "nearest-enemy", "column-enemies", "weakest-enemy", "all-enemies")
TARGETS: tuple[str, ...] = get_args(Target)
# Every target but the character itself: the engine only ever touches face-up characters there
# (decision effect-targets), so the card's words must say so.
FACE_UP_TARGETS = tuple(t for t in TARGETS if t != "self")


class Effect(Strict):
    """One effect of a card: when it happens, what it does, to whom, how much."""

    when: When
    do: Do
    target: Target | None = None
    amount: int | None = Field(default=None, ge=1, le=20)
    mana: int | None = Field(default=None, ge=1, le=9)

    @property
    def mana_cost(self) -> int:
        """What an Activated effect spends per use (1 unless the card says otherwise)."""
        return self.mana if self.mana is not None else 1


class Card(Strict):
    """A character card."""

    id: Slug
    """Its id, which decks and starters name it by."""
    name: str = Field(min_length=1, max_length=40)
    colour: Slug
    """Its colour's id (colours.yaml)."""
    cost: int = Field(ge=0, le=10)
    """Its cost: a deck's cards together cost at most the deck limit (rules.yaml)."""
    mana: int = Field(ge=0, le=9)
    """The mana placed on it when it is deployed (the number under its cost)."""
    attack: int = Field(ge=0, le=20)
    life: int = Field(ge=1, le=30)
    effects: tuple[Effect, ...] = ()
    """Its effects, each with when it happens and what it does (effects.yaml names the words)."""
    flavour: str = ""
    """A line of story, printed in italics after its text."""

    def effects_when(self, when: str) -> tuple[Effect, ...]:
        return tuple(e for e in self.effects if e.when == when)


class Colour(Strict):
    """One of the four colours: its name, its look, its way of fighting."""

    id: Slug
    name: str
    symbol: Literal["flame", "wave", "leaf", "feather"]
    ink: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    tint: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    motto: str
    identity: str


Count = Annotated[StrictInt, Field(ge=1, le=200)]
"""How many copies of a card a deck holds: a whole number, never a boolean (`wind-scout: true`
is not "one copy") and never 0 or less."""


class Starter(Strict):
    """A starter deck: card ids with their counts."""

    id: Slug
    name: str
    blurb: str
    cards: dict[Slug, Count]


class DeckRules(Strict):
    cards: int = Field(ge=1, le=200)
    max_cost: int = Field(ge=0, le=1000)
    max_colours: int = Field(ge=1, le=10)
    max_copies: int = Field(ge=1, le=200)


class HandRules(Strict):
    opening: int = Field(ge=0, le=50)
    draw_per_round: int = Field(ge=0, le=50)


class BoardRules(Strict):
    columns: int = Field(ge=1, le=9)


class Rules(Strict):
    deck: DeckRules
    hand: HandRules
    board: BoardRules
    round_limit: int = Field(ge=1, le=1000)
    # Both cards of a shared spot turn face up together, then act token holder first; or the token
    # holder's card turns up and acts before the other is revealed (decision shared-spot-reveal).
    shared_spot_reveal: Literal["together", "token-holder-first"]


class CardSize(Strict):
    width: Mm = Field(gt=20, lt=200)
    height: Mm = Field(gt=20, lt=200)


class BoardKit(Strict):
    spot_gap: Mm = Field(ge=0, le=30)
    centre: Mm = Field(ge=0, le=60)


class ReferenceKit(Strict):
    width: Mm = Field(gt=50, lt=300)
    height: Mm = Field(gt=50, lt=300)
    copies: int = Field(ge=1, le=10)


class FirstPlayerToken(Strict):
    """The first player token: card-sized, so it prints on the cards' pages in a slot the decks
    leave free, and reminds its holder what holding it means."""

    copies: int = Field(ge=1, le=10)


class Token(Strict):
    """A counter players put on characters: mana, or damage of a value."""

    id: Slug
    name: str
    diameter: Mm = Field(gt=5, lt=100)
    copies: int = Field(ge=1, le=200)
    value: int | None = Field(default=None, ge=1, le=20)


class Balance(Strict):
    """The simulation the kit's balance page shows."""

    games: int = Field(ge=1, le=100_000)
    seed: int
    policy: Literal["greedy", "random"]
    search: SearchBudget


class SearchBudget(Strict):
    """The strongest-deck search the kit's balance report runs (small: a build stays fast; the
    result is kept in memory by content, so a second build of the same content does not search)."""

    restarts: int = Field(ge=1, le=10)
    steps: int = Field(ge=0, le=50)
    neighbours: int = Field(ge=1, le=20)
    games: int = Field(ge=1, le=200)
    final_games: int = Field(ge=1, le=2000)


class Kit(Strict):
    card: CardSize
    board: BoardKit
    reference: ReferenceKit
    first_player_token: FirstPlayerToken
    blank_deck_lists: int = Field(ge=0, le=20)
    tokens: tuple[Token, ...]
    balance: Balance


class ColoursFile(Strict):
    colours: tuple[Colour, ...] = Field(min_length=1)
    tell_apart: tuple[TellApart, ...] = Field(min_length=1)


class CardsFile(Strict):
    cards: tuple[Card, ...] = Field(min_length=1)


class StartersFile(Strict):
    starters: tuple[Starter, ...] = Field(min_length=1)


Moment = Literal["deployed", "activated", "end-of-round"]
Passive = Literal["armour", "ranged"]
Keyword = Literal["deployed", "activated", "end-of-round", "armour", "ranged", "none"]


class EffectWords(Strict):
    """How the effect vocabulary reads on cards and in the rulebook (effects.yaml): each entry a
    Jinja2 template over the effect's fields. `face_up` is the word every target phrase of a target
    the engine restricts to face-up characters must carry (checked), so a card says what it does."""

    face_up: str = Field(min_length=1)
    when: dict[Moment, str]
    do: dict[Do, str]
    passive: dict[Passive, str]
    keyword: dict[Keyword, str]
    target: dict[Target, str]
    target_means: dict[Target, str]


class BoardWords(Strict):
    rows: tuple[str, str]
    zones: tuple[str, str]
    column: str
    centre: str


class Panel(Strict):
    """A titled list of lines; a label before "|" prints bold."""

    title: str
    lines: tuple[str, ...] = Field(min_length=1)


class ReferenceWords(Strict):
    front: Panel
    back: Panel


class DeckListWords(Strict):
    limits: str = Field(min_length=1)


class ComponentWords(Strict):
    """The words of the board, the first player token, the deck lists and the reference card
    (components.yaml), each a Jinja2 template over `rules` and `kit`."""

    board: BoardWords
    first_player: Panel
    deck_list: DeckListWords
    reference: ReferenceWords


class SkyboundBattle(Strict):
    """The whole game as content describes it."""

    rules: Rules
    colours: tuple[Colour, ...]
    cards: tuple[Card, ...]
    starters: tuple[Starter, ...]
    decisions: tuple[Decision, ...]
    kit: Kit
    effect_words: EffectWords
    component_words: ComponentWords
    tell_apart: tuple[TellApart, ...] = ()
    content_hash: str = ""
    layouts: Any = None   # the card layouts (card_layout.CardLayouts), read from layouts/ with the content

    def palette(self) -> dict[str, str]:
        """The colours colours.yaml's `tell_apart` names: each colour's ink by id, its tint as `<id>-tint`."""
        return {c.id: c.ink for c in self.colours} | {f"{c.id}-tint": c.tint for c in self.colours}

    def card(self, card_id: str) -> Card:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)

    def colour(self, colour_id: str) -> Colour:
        for c in self.colours:
            if c.id == colour_id:
                return c
        raise KeyError(colour_id)

    def starter(self, starter_id: str) -> Starter:
        for s in self.starters:
            if s.id == starter_id:
                return s
        raise KeyError(starter_id)


FILES: dict[str, type[BaseModel]] = {
    "rules": Rules, "colours": ColoursFile, "cards": CardsFile, "starters": StartersFile,
    "decisions": DecisionsFile, "kit": Kit, "effects": EffectWords, "components": ComponentWords,
}


def make_model(parts: dict[str, Any], content: ContentSet) -> SkyboundBattle:
    """The eight validated content files as the model, with the hash of what a simulation reads."""
    return SkyboundBattle(rules=parts["rules"], colours=parts["colours"].colours, cards=parts["cards"].cards,
                          starters=parts["starters"].starters, decisions=parts["decisions"].decisions,
                          kit=parts["kit"], effect_words=parts["effects"], component_words=parts["components"],
                          tell_apart=parts["colours"].tell_apart,
                          content_hash=content_hash(content))


SIMULATED = ("cards", "rules", "starters")


def content_hash(content: ContentSet) -> str:
    """One short hash of what a simulation depends on (cards, rules, starters), so a report names
    the content it ran on; a change of wording or print size leaves it alone."""
    import hashlib

    parts = "".join(f"{stem}:{content.digest(stem)};" for stem in SIMULATED if stem in content.sources)
    return hashlib.sha256(parts.encode()).hexdigest()[:12]
