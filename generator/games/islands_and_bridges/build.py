"""The Islands & Bridges kit: which faces go into which files (the core imposes and renders them)."""

from __future__ import annotations

from collections.abc import Iterator

from ...content import ContentSet
from ...content.decisions import notes
from ...core.game import BuildOptions, Kit
from ...core.kitspec import Face, KitFile, PrintFile, Rulebook, Section, Sheet, Spaces, Svg
from . import draw_cards, draw_sheets, draw_tiles, draw_tokens, figures, rulebook
from .model import LAYOUTS, IslandsAndBridges

ALL = ("game.yaml", "elements.yaml", "components.yaml", "layouts/palette.yaml")
CARDS = tuple(f"layouts/{name}.yaml" for name in LAYOUTS if name.startswith("card"))
TOKENS = tuple(f"layouts/{name}.yaml" for name in LAYOUTS if name.startswith("token-"))
# the rulebook's figures show cards and tokens; its set-up figure places players by the map rules
ALL_RULES = (*ALL, *CARDS, *TOKENS, "phases.yaml", "maps.yaml")


def kit(game: IslandsAndBridges, content: ContentSet, options: BuildOptions) -> Kit:
    return Kit(game.settings.title, _files(game), spaces(game))


def spaces(game: IslandsAndBridges) -> list[Spaces]:
    """Which piece goes into which space: an ability's duration marker into a field of its lane."""
    marker = next(t for t in game.components.tokens if t.kind == "duration-marker")
    d = draw_tokens.token_mm(game, marker)
    return [Spaces(marker.name, (d, d), "Ability Duration Timeline", draw_sheets.duration_fields(game),
                   bounded=True, round=True)]


def _files(game: IslandsAndBridges) -> Iterator[KitFile]:
    c = game.components

    # tiles: each island numbered, with its back; the bridges share one back
    islands = [draw_tiles.island(game, n + 1) for n in range(c.island.quantity)]
    bridge = draw_tiles.bridge(game)
    yield PrintFile("tiles.pdf", "island and bridge tiles", [
        Section("islands", [Face(isl, draw_tiles.tile_back(game, isl), group="islands") for isl in islands]),
        Section("bridges", [Face(bridge, draw_tiles.tile_back(game, bridge), c.bridge.quantity, "bridges",
                                 "tiles/bridge", "tiles/bridge-back")]),
    ], ("game.yaml", "components.yaml", "layouts/palette.yaml"), [
        Svg("tiles/island", draw_tiles.island(game)),   # the island as a designer sees it: no number
        Svg("tiles/island-back", draw_tiles.tile_back(game, islands[0]), ("game.yaml", "layouts/palette.yaml")),
    ])

    # enemy tokens each carry their own number; the other kinds print one face many times
    tokens = []
    for tok in c.tokens:
        faces = draw_tokens.faces(game, tok)
        if tok.kind == "enemy":
            tokens += [Face(f, group="tokens", svg=f"tokens/{tok.id}" if k == 0 else "") for k, f in enumerate(faces)]
        else:
            tokens.append(Face(faces[0], copies=tok.quantity, group="tokens", svg=f"tokens/{tok.id}"))
    yield PrintFile("tokens.pdf", "tokens", [Section("tokens", tokens, sized=True)], (*ALL, *TOKENS))

    # action cards: a deck per player, backs with the player's rings
    decks = []
    for n in range(1, game.settings.players + 1):
        back = draw_cards.back(game, n)
        decks.append(Section(f"player {n} action cards", [
            Face(draw_cards.front(game, cid, n), back, group=f"Player {n}", svg=f"cards/player-{n}-{cid}",
                 back_svg=f"cards/player-{n}-back") for cid in c.cards.per_player]))
    yield PrintFile("cards.pdf", "action cards", decks, (*ALL, *CARDS))

    yield PrintFile("sheets.pdf", "global sheets", [
        Sheet("Element Overview", draw_sheets.element_overview(game)),
        Sheet("Game Phases", draw_sheets.game_phases(game)),
    ], ("elements.yaml", "phases.yaml", "layouts/palette.yaml"))

    gm = [Sheet(f"Trapboard {n + 1}", draw_sheets.trapboard(game, n + 1)) for n in range(c.island.quantity)]
    gm += [Sheet(f"Damage Matrix {k + 1}", draw_sheets.damage_matrix(game, k))
           for k in range(draw_sheets.damage_matrix_pages(game))]
    gm += [Sheet(f"Player Timeline {k + 1}", draw_sheets.player_timeline(game, k))
           for k in range(draw_sheets.player_timeline_pages(game))]
    gm += [Sheet(f"Enemy Timeline {k + 1}", draw_sheets.enemy_timeline(game, k))
           for k in range(draw_sheets.enemy_timeline_pages(game))]
    gm += [Sheet(f"Ability Duration Timeline {k + 1}", draw_sheets.ability_duration_timeline(game, k))
           for k in range(draw_sheets.ability_timeline_pages(game))]
    yield PrintFile("gm-sheets.pdf", "Game Master sheets", gm, ALL)

    yield Rulebook(rulebook.text(game), ALL_RULES, figures=figures.figures(game))
    yield Rulebook(notes(rulebook.decisions(game)), (*ALL, "decisions.yaml", "maps.yaml"), path="design-notes.pdf",
                   kind="designer's notes")
