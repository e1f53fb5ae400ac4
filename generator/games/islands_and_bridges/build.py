"""The Islands & Bridges kit: which faces go into which files."""

from __future__ import annotations

from collections.abc import Iterator

from ...content import ContentSet
from ...draw import Scene, to_svg
from ...game import Artifact, BuildOptions
from ...press import PrintDocument
from ...press.rulebook import rulebook_pdf
from . import draw_cards, draw_sheets, draw_tiles, draw_tokens, rulebook
from .model import Game

ALL = ("game.yaml", "elements.yaml", "components.yaml")


def build(game: Game, content: ContentSet, options: BuildOptions) -> Iterator[Artifact]:
    title = game.settings.title
    c = game.components

    # tiles
    doc = PrintDocument(title, "island and bridge tiles", options)
    isl = [draw_tiles.island(game, n + 1) for n in range(c.island.quantity)]
    doc.cards("islands", isl, [draw_tiles.tile_back(game, s) for s in isl])
    br = draw_tiles.bridge(game)
    doc.cards("bridges", [br] * c.bridge.quantity, draw_tiles.tile_back(game, br))
    yield Artifact("tiles.pdf", doc.to_bytes(), ("game.yaml", "components.yaml"))
    yield Artifact("svg/tiles/island.svg", to_svg(draw_tiles.island(game)), ("game.yaml", "components.yaml"))
    yield Artifact("svg/tiles/bridge.svg", to_svg(br), ("game.yaml", "components.yaml"))
    yield Artifact("svg/tiles/island-back.svg", to_svg(draw_tiles.tile_back(game, isl[0])), ("game.yaml",))
    yield Artifact("svg/tiles/bridge-back.svg", to_svg(draw_tiles.tile_back(game, br)), ("game.yaml",))

    # tokens, grouped by size (one section each)
    doc = PrintDocument(title, "tokens", options)
    by_size: dict[float, list[Scene]] = {}
    for tok in c.tokens:
        face = draw_tokens.token(game, tok)
        by_size.setdefault(face.w, []).extend([face] * tok.quantity)
        yield Artifact(f"svg/tokens/{tok.id}.svg", to_svg(face), ALL)
    for size in sorted(by_size):
        doc.cards(f"tokens {size:g} mm", by_size[size])
    yield Artifact("tokens.pdf", doc.to_bytes(), ALL)

    # action cards: a deck per player, backs with the player's rings
    doc = PrintDocument(title, "action cards", options)
    for n in range(1, game.settings.players + 1):
        fronts = [draw_cards.front(game, cid, n) for cid in c.cards.per_player]
        doc.cards(f"player {n} action cards", fronts, draw_cards.back(game, n))
        for cid, face in zip(c.cards.per_player, fronts, strict=True):
            yield Artifact(f"svg/cards/player-{n}-{cid}.svg", to_svg(face), ("elements.yaml", "components.yaml"))
        yield Artifact(f"svg/cards/player-{n}-back.svg", to_svg(draw_cards.back(game, n)), ("game.yaml",))
    yield Artifact("cards.pdf", doc.to_bytes(), ("game.yaml", "elements.yaml", "components.yaml"))

    # global sheets
    doc = PrintDocument(title, "global sheets", options)
    doc.sheet("Element Overview", draw_sheets.element_overview(game))
    doc.sheet("Game Phases", draw_sheets.game_phases(game))
    yield Artifact("sheets.pdf", doc.to_bytes(), ("elements.yaml", "phases.yaml"))

    # Game Master sheets
    doc = PrintDocument(title, "Game Master sheets", options)
    for n in range(c.island.quantity):
        doc.sheet(f"Trapboard {n + 1}", draw_sheets.trapboard(game, n + 1))
    doc.sheet("Damage Matrix", draw_sheets.damage_matrix(game))
    for k in range(draw_sheets.timeline_pages(game)):
        doc.sheet(f"Player Timeline {k + 1}", draw_sheets.player_timeline(game, k))
    for k in range(draw_sheets.timeline_pages(game)):
        doc.sheet(f"Enemy Timeline {k + 1}", draw_sheets.enemy_timeline(game, k))
    for k in range(draw_sheets.ability_timeline_pages(game)):
        doc.sheet(f"Ability Duration Timeline {k + 1}", draw_sheets.ability_duration_timeline(game, k))
    yield Artifact("gm-sheets.pdf", doc.to_bytes(), ALL)

    yield Artifact("rulebook.pdf", rulebook_pdf(title, rulebook.text(game), options.paper),
                   ("elements.yaml", "components.yaml", "phases.yaml", "decisions.yaml"))
