"""The print kit of Battle on the Island of Fog: which faces go into which files."""

from __future__ import annotations

from collections.abc import Iterator

from ...content import ContentSet
from ...content.decisions import notes
from ...core.game import BuildOptions, Kit
from ...core.kitspec import DataFile, Face, KitFile, PrintFile, Rulebook, Section, Sheet
from . import draw_board, draw_cards, draw_tiles, draw_tokens, figures, rulebook
from .box import components
from .model import IslandOfFog
from .odds import odds_csv
from .schema import LAYOUTS
from .text import decisions, table

TILES = ("tiles.yaml", "spaces.yaml", "board.yaml", "layouts/palette.yaml", "game.yaml")
TOKENS = ("tokens.yaml", "units.yaml", "game.yaml", "layouts/palette.yaml", "combat.yaml",
          *(f"layouts/{name}.yaml" for name in LAYOUTS if name.startswith("token-")))
CARDS = ("combat.yaml", "units.yaml", "spaces.yaml", "game.yaml", "layouts/palette.yaml", "board.yaml", "tiles.yaml",
         *(f"layouts/{name}.yaml" for name in LAYOUTS if name.startswith("card-")))
ALL = ("game.yaml", "board.yaml", "spaces.yaml", "tiles.yaml", "units.yaml", "combat.yaml", "tokens.yaml",
       "decisions.yaml", "layouts/palette.yaml")


def kit(model: IslandOfFog, content: ContentSet, options: BuildOptions) -> Kit:
    """Every file of the kit."""
    return Kit(model.game.title, _files(model, components(model)))


def _files(m: IslandOfFog, counts: dict[str, int]) -> Iterator[KitFile]:
    colours = [c.id for c in m.game.colours]

    # the board of every size: the game's own size as board.pdf, the house-rule sizes beside it
    for v in m.board.variants:
        name = "board" if v.size == m.board.default_size else f"board-{v.size}x{v.size}"
        # one page when it fits, else tiled over pages
        yield PrintFile(f"{name}.pdf", f"{v.size}x{v.size} board",
                        [Sheet(f"{v.size}x{v.size} board", draw_board.board(m, v.size), name)],
                        ("board.yaml", "tiles.yaml", "game.yaml", "layouts/palette.yaml"))

    # tiles: lighthouse, the starting tiles, the field tiles; all share the fog back
    back = draw_tiles.back(m)
    tiles = [Face(draw_tiles.face(m, m.lighthouse_tile), back, svg=f"tiles/{m.lighthouse_tile.id}",
                  back_svg="tiles/back")]
    tiles += [Face(draw_tiles.face(m, m.starting_tile, c), back, svg=f"tiles/{m.starting_tile.id}-{c}")
              for c in colours]
    tiles += [Face(draw_tiles.face(m, t), back, t.copies, svg=f"tiles/{t.id}") for t in m.field_tiles]
    yield PrintFile("tiles.pdf", "tiles", [Section("tiles", tiles)], TILES)

    # tokens (fronts with their backs): units, double-sided buildings, bases, lighthouse pieces, coins
    tokens = [Face(draw_tokens.unit(m, unit.id, c), draw_tokens.unit_back(m, c), unit.per_colour, c,
                   f"tokens/{c}-{unit.id}")
              for unit in m.units.units for c in colours]
    tokens += [Face(draw_tokens.building(m, c, "city"), draw_tokens.building(m, c, "factory"),
                    m.tokens.buildings.per_colour, c, f"tokens/{c}-city", f"tokens/{c}-factory") for c in colours]
    for c in colours:
        piece, base = draw_tokens.lighthouse_piece(m, c), draw_tokens.base(m, c)
        tokens += [Face(piece, piece, m.tokens.lighthouse_pieces.per_colour, c, f"tokens/{c}-lighthouse"),
                   Face(base, base, m.tokens.bases.per_colour, c, f"tokens/{c}-base")]
    for coin in m.tokens.coins:
        face = draw_tokens.coin(m, coin.value)
        tokens.append(Face(face, face, coin.count, "coins", f"tokens/coin-{coin.value}"))
    yield PrintFile("tokens.pdf", "tokens", [Section("tokens", tokens, sized=True)], TOKENS)

    # dice: one set of fold-up nets for each side of a combat, on one sheet
    yield PrintFile("dice.pdf", "dice", [Sheet("dice", draw_tokens.dice_sheet(m))],
                    ("tokens.yaml", "combat.yaml", "layouts/palette.yaml"))

    # cards: the combat reference (from the exact odds) and a turn summary for each nation
    rows = table(m)
    lines = draw_cards.summary_lines(m)
    summaries = [draw_cards.turn_summary(m, c, lines) for c in colours]
    card_back = draw_cards.card_back(m)
    yield PrintFile("cards.pdf", "reference cards", [
        Sheet("combat reference card", draw_cards.combat_card(m, rows), "cards/combat"),
        Section("turn summaries", [Face(face, card_back, group=c, svg=f"cards/turn-summary-{c}")
                                   for c, face in zip(colours, summaries, strict=True)]),
    ], CARDS)
    yield DataFile("odds.csv", odds_csv(m).encode(), ("combat.yaml", "units.yaml", "spaces.yaml"))
    # the rulebook's figures show the tiles and tokens
    yield Rulebook(rulebook.text(m, counts, rows), tuple(dict.fromkeys((*ALL, *TILES, *TOKENS))),
                   figures=figures.figures(m, colours))
    yield Rulebook(notes(decisions(m)), ALL, path="design-notes.pdf", kind="designer's notes")
