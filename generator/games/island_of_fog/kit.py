"""The print kit of Battle on the Island of Fog: which faces go into which files."""

from __future__ import annotations

from collections.abc import Iterator

from ...content import ContentSet
from ...draw import Scene, to_svg
from ...game import Artifact, BuildOptions
from ...press import PrintDocument
from ...press.rulebook import rulebook_pdf
from . import draw_board, draw_cards, draw_tiles, draw_tokens, rulebook
from .model import IslandOfFog
from .odds import to_csv
from .texts import table

TILES = ("tiles.yaml", "spaces.yaml", "board.yaml", "look.yaml", "game.yaml")
TOKENS = ("tokens.yaml", "units.yaml", "game.yaml", "look.yaml", "combat.yaml")
CARDS = ("combat.yaml", "units.yaml", "spaces.yaml", "game.yaml", "look.yaml", "board.yaml", "tiles.yaml")
ALL = ("game.yaml", "board.yaml", "spaces.yaml", "tiles.yaml", "units.yaml", "combat.yaml", "tokens.yaml",
       "decisions.yaml", "look.yaml")


def build_kit(model: IslandOfFog, content: ContentSet, options: BuildOptions,
              counts: dict[str, int]) -> Iterator[Artifact]:
    """Every file of the kit."""
    m = model
    title = m.game.title
    colours = [c.id for c in m.game.colours]

    # the board of every size: the game's own size as board.pdf, the house-rule sizes beside it
    for v in m.board.variants:
        doc = PrintDocument(title, f"{v.size}x{v.size} board", options)
        scene = draw_board.board(m, v.size)
        doc.sheet(f"{v.size}x{v.size} board", scene)  # one page when it fits, else tiled over pages
        name = "board" if v.size == m.board.default_size else f"board-{v.size}x{v.size}"
        yield Artifact(f"{name}.pdf", doc.to_bytes(), ("board.yaml", "tiles.yaml", "game.yaml", "look.yaml"))
        yield Artifact(f"svg/{name}.svg", to_svg(scene), ("board.yaml", "game.yaml", "look.yaml"))

    # tiles: lighthouse, the starting tiles, the field tiles; all share the fog back
    back = draw_tiles.back(m)
    faces = [draw_tiles.face(m, m.lighthouse_tile)]
    faces += [draw_tiles.face(m, m.starting_tile, c) for c in colours]
    for t in m.field_tiles:
        faces += [draw_tiles.face(m, t)] * t.copies
    doc = PrintDocument(title, "tiles", options)
    doc.cards("tiles", faces, back)
    yield Artifact("tiles.pdf", doc.to_bytes(), TILES)
    yield Artifact("svg/tiles/back.svg", to_svg(back), TILES)
    yield Artifact(f"svg/tiles/{m.lighthouse_tile.id}.svg", to_svg(faces[0]), TILES)
    for c, face in zip(colours, faces[1:1 + len(colours)], strict=True):
        yield Artifact(f"svg/tiles/{m.starting_tile.id}-{c}.svg", to_svg(face), TILES)
    for t in m.field_tiles:
        yield Artifact(f"svg/tiles/{t.id}.svg", to_svg(draw_tiles.face(m, t)), TILES)

    # tokens, one section per size (fronts with their backs): units, double-sided buildings,
    # bases, lighthouse pieces, coins
    sections: dict[float, tuple[list[Scene], list[Scene]]] = {}

    def add(faces: list[Scene], backs: list[Scene]) -> None:
        fronts_, backs_ = sections.setdefault(faces[0].w, ([], []))
        fronts_ += faces
        backs_ += backs

    for unit in m.units.units:
        for c in colours:
            add([draw_tokens.unit(m, unit.id, c)] * unit.per_colour, [draw_tokens.unit_back(m, c)] * unit.per_colour)
    for c in colours:
        n = m.tokens.buildings.per_colour
        add([draw_tokens.building(m, c, "city")] * n, [draw_tokens.building(m, c, "factory")] * n)
    for c in colours:
        piece = draw_tokens.lighthouse_piece(m, c)
        add([piece] * m.tokens.lighthouse_pieces.per_colour, [piece] * m.tokens.lighthouse_pieces.per_colour)
        base = draw_tokens.base(m, c)
        add([base] * m.tokens.bases.per_colour, [base] * m.tokens.bases.per_colour)
    for coin in m.tokens.coins:
        face = draw_tokens.coin(m, coin.value)
        add([face] * coin.count, [face] * coin.count)
        yield Artifact(f"svg/tokens/coin-{coin.value}.svg", to_svg(face), TOKENS)
    doc = PrintDocument(title, "tokens", options)
    for size in sorted(sections):
        fronts, backs = sections[size]
        doc.cards(f"tokens {size:g} mm", fronts, backs)
    yield Artifact("tokens.pdf", doc.to_bytes(), TOKENS)
    for c in colours:
        for unit in m.units.units:
            yield Artifact(f"svg/tokens/{c}-{unit.id}.svg", to_svg(draw_tokens.unit(m, unit.id, c)), TOKENS)
        for side in ("city", "factory"):
            yield Artifact(f"svg/tokens/{c}-{side}.svg", to_svg(draw_tokens.building(m, c, side)), TOKENS)
        yield Artifact(f"svg/tokens/{c}-base.svg", to_svg(draw_tokens.base(m, c)), TOKENS)
        yield Artifact(f"svg/tokens/{c}-lighthouse.svg", to_svg(draw_tokens.lighthouse_piece(m, c)), TOKENS)

    # dice: one set of fold-up nets for each side of a combat, on one sheet
    doc = PrintDocument(title, "dice", options)
    doc.sheet("dice", draw_tokens.dice_sheet(m))
    yield Artifact("dice.pdf", doc.to_bytes(), ("tokens.yaml", "combat.yaml", "look.yaml"))

    # cards: the combat reference (from the exact odds) and a turn summary for each nation
    rows = table(m)
    doc = PrintDocument(title, "reference cards", options)
    combat = draw_cards.combat_card(m, rows)
    doc.sheet("combat reference card", combat)
    summaries = [draw_cards.turn_summary(m, c) for c in colours]
    doc.cards("turn summaries", summaries, draw_cards.card_back(m, summaries[0].w, summaries[0].h))
    yield Artifact("cards.pdf", doc.to_bytes(), CARDS)
    yield Artifact("svg/cards/combat.svg", to_svg(combat), CARDS)
    for c, face in zip(colours, summaries, strict=True):
        yield Artifact(f"svg/cards/turn-summary-{c}.svg", to_svg(face), CARDS)
    yield Artifact("odds.csv", to_csv(rows).encode(), ("combat.yaml", "units.yaml", "spaces.yaml"))

    yield Artifact("rulebook.pdf", rulebook_pdf(title, rulebook.text(m, counts, rows), options.paper), ALL)
