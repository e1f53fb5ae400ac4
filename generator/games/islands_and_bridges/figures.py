"""The rulebook's figures and examples: the kit's own faces and sheets, and rounds the rules model plays.

A figure of a tile, token, card or sheet is drawn by the drawer that prints it, and each example's
numbers (an enemy's health, an attack's damage, a marker's field) come from the rules functions, so a
stat change in the content reaches the figures and their captions alike.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...core.kitspec import Figure
from ...draw import Circle, Line, Rect, Scene, Text, polygon
from ...draw.scene import Clipped, Item
from ...draw.text import block
from ...press.figures import annotated, detail, pictured, placed
from . import draw_cards, draw_sheets, draw_tiles, draw_tokens, rules
from .mapgen import start_bands, widest_start_band
from .model import Ability, Action, EnemyToken, IslandsAndBridges
from .plan import MapKit

SETUP_SOCKET = "north"  # the figure joins the first bridge at this socket: it stands above the island


def figures(game: IslandsAndBridges) -> dict[str, Figure]:
    return {
        "components-tiles": _components_tiles(game),
        "components-tokens": _components_tokens(game, ("player", "enemy")),
        "components-markers": _components_tokens(game, ("chest", "trap", "stage-end", "duration-marker")),
        "components-cards": _components_cards(game),
        "island": _island(game),
        "island-corners": _island_corners(game),
        # where the first island, its bridge and the players' tokens lie (told apart by their rings)
        "setup": Figure((pictured(_setup(game)),), max_h_mm=120, outline=False),
        "duration-round": Figure((_duration_round(game, duration_example(game)),), max_scale=1.0, outline=False),
        "damage-example": Figure((_damage_example(game, damage_example(game)),), max_scale=1.2, outline=False),
        "reach": _reach(game),
    }


# ---- the examples: rounds played by the rules functions ------------------------------------------------

@dataclass(frozen=True)
class Play:
    """One attack of the example's round."""

    player: int                # the player token's rings
    action: str                # the action's name
    targets: tuple[str, ...]   # the enemy tokens it hits, "W1"
    damage: int                # to each target
    boosted: bool


@dataclass(frozen=True)
class EnemyRow:
    label: str                 # the token's number, "W1"
    name: str
    health: int
    by_player: dict[int, int]  # player -> damage dealt this round
    trap: int
    total: int
    left: int
    defeated: bool


@dataclass(frozen=True)
class DamageExample:
    """One round of the Damage Matrix: two enemies, hit by the players' attacks (one under the damage
    boost) and, the first, by a trap it walked into."""

    round: int
    plays: tuple[Play, ...]
    rows: tuple[EnemyRow, ...]
    boost: str                 # the ability that raises damage, by name ("" if the game has none)


def _attacks(game: IslandsAndBridges) -> tuple[Action, Action]:
    """The single-target attack and the attack on every enemy in range (the first of each kind)."""
    damaging = [a for a in game.elements.actions.values() if a.damage is not None]
    single = next((a for a in damaging if a.target == "single"), damaging[0])
    area = next((a for a in damaging if a.target == "all"), single)
    return single, area


def damage_example(game: IslandsAndBridges) -> DamageExample:
    """Player 1 strikes the first enemy with the single attack, player 2 hits both with the attack on
    all in range, player 3 (the last player in a smaller game) strikes the second under the damage
    boost; the first enemy has sprung a trap. Totals, health left and defeats are the rules' own."""
    players = [t.rings or k for k, t in enumerate(game.players_in_play(), 1)]
    single, area = _attacks(game)
    first, second = _example_enemies(game)
    boost = rules.ability_effect(game, "damage-multiplier")

    def player(k: int) -> int:
        return players[min(k, len(players)) - 1]

    plays = (Play(player(1), single.name, (first.label,), rules.damage(game, single), False),
             Play(player(2), area.name, (first.label, second.label), rules.damage(game, area), False),
             Play(player(3), single.name, (second.label,), rules.damage(game, single, boosted=True), boost is not None))
    trap = {first.label: game.elements.trap.damage, second.label: 0}
    rows = []
    for et in (first, second):
        e = game.elements.enemies[et.enemy]
        by_player: dict[int, int] = {}
        for pl in plays:
            if et.label in pl.targets:
                by_player[pl.player] = by_player.get(pl.player, 0) + pl.damage
        total = sum(by_player.values()) + trap[et.label]
        left = e.health - total
        rows.append(EnemyRow(et.label, e.name, e.health, by_player, trap[et.label], total, left,
                             rules.is_defeated(left)))
    return DamageExample(3, plays, tuple(rows), boost[1].name if boost else "")


def _example_enemies(game: IslandsAndBridges) -> tuple[EnemyToken, EnemyToken]:
    """The first token of the weakest enemy type and of the next (by health)."""
    tokens = game.enemy_tokens()
    kinds = sorted(dict.fromkeys(t.enemy for t in tokens), key=lambda k: game.elements.enemies[k].health)
    firsts = [next(t for t in tokens if t.enemy == k) for k in kinds]
    return firsts[0], firsts[min(1, len(firsts) - 1)]


@dataclass(frozen=True)
class DurationExample:
    """An ability played in round 1, its marker round by round through the Skill Duration phases."""

    ability: Ability
    fields: tuple[tuple[int, int | None], ...]  # (round, the marker's field after that round's update)
    ready: int                                  # the first round it may be played again


def duration_example(game: IslandsAndBridges) -> DurationExample:
    """The ability with the shortest duration (its lane is the shortest to follow), played in round 1."""
    ab = min(game.elements.abilities.values(), key=lambda a: a.duration)
    steps: list[tuple[int, int | None]] = []
    left: int | None = ab.duration
    rnd = 1
    while left is not None:
        left = rules.duration_update(left)
        steps.append((rnd, left))
        rnd += 1
    return DurationExample(ab, tuple(steps), rules.ready_again(1, ab.cooldown))


# ---- the figures ----------------------------------------------------------------------------------------

def _components_tiles(game: IslandsAndBridges) -> Figure:
    c = game.components
    island = draw_tiles.island(game, 1)
    bridge = draw_tiles.bridge(game)
    # the picture of each (figure island-corners shows an island's words at their printed size)
    return Figure((pictured(island), pictured(draw_tiles.tile_back(game, island)), pictured(bridge)),
                  (f"{c.island.quantity} x {c.island.name.lower()}", "the back of every tile",
                   f"{c.bridge.quantity} x {c.bridge.name.lower()}"), max_h_mm=75)


def _components_tokens(game: IslandsAndBridges, kinds: tuple[str, ...]) -> Figure:
    """One face of each token of these kinds (an enemy type's first numbered token)."""
    scenes, labels = [], []
    for tok in game.components.tokens:
        if tok.kind not in kinds or (tok.kind == "player" and tok.rings not in (1, None)):
            continue
        scenes.append(draw_tokens.faces(game, tok)[0])
        if tok.kind == "player":
            labels.append(f"{game.settings.players} player tokens")
        else:
            labels.append(f"{tok.quantity} x {tok.name.lower()}")
    return Figure(tuple(scenes), tuple(labels), max_scale=1.0)


def _components_cards(game: IslandsAndBridges) -> Figure:
    cards = game.components.cards.per_player
    basic = next(c for c in cards if c in game.elements.actions)
    ability = next(c for c in cards if c in game.elements.abilities)
    return Figure((draw_cards.front(game, basic, 1), draw_cards.front(game, ability, 1), draw_cards.back(game, 1)),
                  ("a basic action card", "an ability card", "the back: the player's rings"))


def _island(game: IslandsAndBridges) -> Figure:
    """An island with its sockets pointed out, and the bridge that joins two of them."""
    cell = game.settings.cell
    face = draw_tiles.island(game, 1)
    w, h = face.w, face.h
    notes: list[tuple[float, float, str]] = []
    for s in game.components.island.sockets:
        cells = rules.socket_cells(game, s.side, s.at)
        xs, ys = [c for c, _ in cells], [r for _, r in cells]
        x, y = (min(xs) + max(xs) + 1) / 2 * cell, (min(ys) + max(ys) + 1) / 2 * cell
        # a north or south socket is pointed at from its nearer side: its left end north, right end south
        if s.side == "north":
            x = min(xs) * cell + cell * 0.4
        elif s.side == "south":
            x = (max(xs) + 1) * cell - cell * 0.4
        notes.append((min(max(x, 1.0), w - 1.0), min(max(y, 1.0), h - 1.0), f"{s.side} socket"))
    # the cells' names and the island's number would print too small to read at this scale: the picture
    # only, and figure island-corners shows them at their printed size
    # cut to the tile's edge: its art reaches past it into the bleed, under the callouts' words
    trimmed = Scene(w, h, (Clipped(pictured(face).items, clip=(0.0, 0.0, w, h)),), face.background, face.title)
    return Figure((annotated(trimmed, notes, size_pt=13), pictured(draw_tiles.bridge(game))),
                  ("", f"{game.components.bridge.name}, {game.components.bridge.cells[0]}x"
                       f"{game.components.bridge.cells[1]} cells"), outline=False, max_h_mm=100)


CORNER_MM = 80.0   # the side of an island's corner shown at its printed size


def _island_corners(game: IslandsAndBridges) -> Figure:
    """An island's north-west and south-east corners at their printed size: the cells' names, the
    island's number."""
    face = draw_tiles.island(game, 1)
    c = CORNER_MM
    return Figure((detail(face, 0, 0, c, c), detail(face, face.w - c, face.h - c, c, c)),
                  ("north-west corner", "south-east corner"), max_h_mm=c)


def _setup(game: IslandsAndBridges) -> Scene:
    """The first island with its bridge at the north socket, the player tokens on cells all at one
    distance from the bridge (the map generator's own start rule)."""
    kit = MapKit.of(game, game.maps)
    cell = game.settings.cell
    island, bridge = draw_tiles.island(game, 1), draw_tiles.bridge(game)
    at = next((s.at for s in game.components.island.sockets if s.side == SETUP_SOCKET), 0)
    items: list[Item] = [placed(bridge, at * cell, 0), placed(island, 0, bridge.h)]
    band = (start_bands(kit, SETUP_SOCKET, game.settings.players) or [widest_start_band(kit, SETUP_SOCKET)])[0]
    # the band in order around the bridge's mouth, the players spread along it from end to end
    mouth = (at + game.components.bridge.cells[0] / 2, 0.0)
    band = sorted(band, key=lambda c: -math.atan2(c[1] + 0.5 - mouth[1], c[0] + 0.5 - mouth[0]))
    players = game.players_in_play()
    for k, tok in enumerate(players):
        col, row = band[round(k * (len(band) - 1) / max(1, len(players) - 1))]
        items.append(placed(draw_tokens.faces(game, tok)[0], col * cell, bridge.h + row * cell))
    return Scene(island.w, island.h + bridge.h, tuple(items), title="set-up")


ARROW = "#1d3557"
MARKER_R = 0.2         # the marker's radius in the duration figure, of a lane's height
MARKER_EDGE_MM = 0.5   # from its field's bottom edge


def _duration_round(game: IslandsAndBridges, ex: DurationExample) -> Scene:
    """The ability's lane of the Ability Duration Timeline after each round's Skill Duration phase: the
    marker one field towards rules.DURATION_STEP each round, gone below 1 (its card is Figure
    components-cards': at its printed size beside the lane, the lane's numbers would print too small)."""
    # the marker as a disc of the marker token's colour (a token is a whole cell, wider than a field here)
    marker = draw_tokens.faces(game, next(t for t in game.components.tokens if t.kind == "duration-marker"))[0]
    longest = max(a.duration for a in game.elements.abilities.values())
    field, lane, label_w, gap = 10.0, 9.0, 36.0, 5.0
    x0 = label_w
    rows: list[tuple[str, int | None, int | None]] = [("Round 1, played", ex.ability.duration, None)]
    before: int | None = ex.ability.duration
    for rnd, after in ex.fields:
        if rnd in (1, len(ex.fields) - 1, len(ex.fields)) or len(ex.fields) <= 3:
            rows.append((f"Round {rnd}, after the update", after, before))
        before = after
    h = len(rows) * (lane + gap) + 4
    items: list[Item] = []
    y = (h - len(rows) * (lane + gap) + gap) / 2
    for words, value, came_from in rows:
        items += block(words, 0, y, label_w - 3, lane, max_pt=8.5, style="bold", valign="middle")
        if value is None:
            items += block("the marker leaves the timeline; the card is turned face down", x0, y, field * longest,
                           lane, max_pt=8.5, style="italic", valign="middle")
            y += lane + gap
            continue
        items += draw_sheets.duration_lane(game, ex.ability, x0, y, field, lane, longest, number_pt=8)
        mx = x0 + draw_sheets.duration_field_x(longest, field, value)
        # in the field's lower part, under its number (at the top left), clear of it
        r = lane * MARKER_R
        cx, cy = mx + (field - draw_sheets.FIELD_GAP_MM) / 2, y + lane - MARKER_EDGE_MM - r
        items += [Circle(cx, cy, r, fill=marker.background), Circle(cx, cy, r * 0.55, fill=game.color("paper"))]
        if came_from is not None:
            fx = x0 + draw_sheets.duration_field_x(longest, field, came_from) + field / 2
            tx = x0 + draw_sheets.duration_field_x(longest, field, value) + field / 2
            items += _arrow(fx, tx, y + lane + gap / 2)
        y += lane + gap
    return Scene(x0 + field * longest, h, tuple(items), title="a round on the Ability Duration Timeline")


def _arrow(x_from: float, x_to: float, y: float) -> list[Item]:
    """A short arrow from one field to the next, the way a marker moves."""
    d = 1.6 if x_to > x_from else -1.6
    return [Line(x_from, y, x_to - d, y, stroke=ARROW, stroke_mm=0.5),
            polygon([(x_to, y), (x_to - d, y - 1.1), (x_to - d, y + 1.1)], fill=ARROW)]


def _damage_example(game: IslandsAndBridges, ex: DamageExample) -> Scene:
    """The example's block of the Damage Matrix, filled in as the Game Master fills it."""
    header = draw_sheets.damage_header(game)
    players = [t.rings for t in game.players_in_play()]
    rows = [[r.label, *(str(r.by_player[p]) if p in r.by_player else "" for p in players),
             str(r.trap) if r.trap else "", str(r.total)] for r in ex.rows]
    width = 24.0 * len(header)
    items, th = draw_sheets.damage_block(game, 0, 0, width, rows, f"Round {ex.round}", row_h=9.0, size_pt=9)
    return Scene(width, th, items, title="Damage Matrix example")


# ---- how far a player reaches: move, attack and sight on an island's grid ------------------------------

REACH_CELL = 6.0     # mm a cell is drawn in the reach figure
REACH_DARK = "#9fd3b0"
REACH_LIGHT = "#dff2e5"


def _reach_grid(game: IslandsAndBridges, at: tuple[int, int], near: int, far: int | None,
                marks: tuple[tuple[tuple[int, int], str, str], ...] = ()) -> Scene:
    """An island's grid, the cells within `near` fields of the player at `at` shaded dark (and within
    `far`, light), the player and any `marks` (cell, label, colour) drawn as tokens."""
    cols, rows = game.components.island.cells
    c = REACH_CELL
    items: list[Item] = [Rect(0, 0, cols * c, rows * c, fill=game.color("island"))]
    for r in range(rows):
        for k in range(cols):
            d = rules.distance(at, (k, r))
            fill = REACH_DARK if d <= near else REACH_LIGHT if far is not None and d <= far else None
            items.append(Rect(k * c, r * c, c, c, fill=fill, stroke=game.color("island-line"), stroke_mm=0.2))
    for (k, r), words, colour in ((at, "P1", game.color("player")), *marks):
        items += [Circle((k + 0.5) * c, (r + 0.5) * c, c * 0.45, fill=game.color("paper"), stroke=colour,
                         stroke_mm=0.6),
                  Text((k + 0.5) * c, (r + 0.5) * c + 0.9, words, 6.5, game.color("ink"), "bold", "middle")]
    return Scene(cols * c, rows * c, tuple(items), title="reach")


def _reach(game: IslandsAndBridges) -> Figure:
    """Three grids of one island: how far a player moves (walking, and with Speed Boost), which
    cells it attacks, and what it sees; every number from the model."""
    p = game.elements.player
    cols, rows = game.components.island.cells
    mid = (cols // 2 - 1, rows // 2 - 1)
    weak = next(t for t in game.enemy_tokens() if t.enemy == "weak")
    strong = next(t for t in game.enemy_tokens() if t.enemy == "strong")
    inside = (mid[0] + p.attack_range, mid[1])
    outside = (min(cols - 1, mid[0] + p.attack_range + 1), min(rows - 1, mid[1] + p.attack_range + 1))
    corner = (0, 0)
    beyond = (cols - 1, rows - 1) if rules.distance(corner, (cols - 1, rows - 1)) > p.visual_range else None
    boost = next((ab.name for ab in game.elements.abilities.values() if ab.effect.kind == "move-bonus"), "")
    scenes = (
        _reach_grid(game, mid, rules.move(game), rules.move(game, boosted=True)),
        _reach_grid(game, mid, p.attack_range, None,
                    ((inside, weak.label, game.color("weak")), (outside, strong.label, game.color("strong")))),
        _reach_grid(game, corner, p.visual_range, None,
                    ((beyond, strong.label, game.color("strong")),) if beyond else ()),
    )
    labels = (f"moves {rules.move(game)} (dark), {rules.move(game, boosted=True)} with {boost} (light)",
              f"attacks within {p.attack_range}: {weak.label} yes, {strong.label} no",
              f"sees {p.visual_range} fields" + (f": not {strong.label}" if beyond else ""))
    return Figure(scenes, labels, max_scale=1.0, outline=False)


@dataclass(frozen=True)
class PursuitExample:
    """An enemy following a player over two rounds: the player walks, then runs with Speed Boost."""

    enemy: str                       # the enemy's name
    enemy_move: int
    walk: int                        # fields the player moves walking, and boosted
    run: int
    closest: int                     # the closest the enemy came
    after_walk: int                  # the distance after the walking round (the enemy moved too)
    follows_after_walk: bool
    after_run: int
    follows_after_run: bool


def pursuit_example(game: IslandsAndBridges) -> PursuitExample | None:
    """The enemy a boosted player can leave behind, following a player that walks away one round and
    runs the next, straight away from it; None when no enemy can be outrun that way."""
    found = next((eid for eid in game.elements.enemies if rules.outrun_by(game, eid) is not None), None)
    if found is None:
        return None
    e = game.elements.enemies[found]
    closest = 1
    walk, run = rules.move(game), rules.move(game, boosted=True)
    after_walk = max(1, closest + walk - e.move)
    closest_now = min(closest, after_walk)
    after_run = max(1, after_walk + run - e.move)
    return PursuitExample(e.name, e.move, walk, run, closest, after_walk,
                          rules.still_pursues(game, closest, after_walk), after_run,
                          rules.still_pursues(game, closest_now, after_run))
