"""The files of one generated map: gm.pdf (secret), players.pdf (nothing secret), map.svg, plan.yaml."""

from __future__ import annotations

from ...core.game import Artifact, BuildOptions
from ...draw import Group, Scene, to_svg
from ...press import PrintDocument
from . import draw_map, draw_map_sheets, draw_tiles
from .model import IslandsAndBridges
from .plan import MapKit, Plan
from .plan_file import plan_yaml

SOURCES = ("maps.yaml", "elements.yaml", "components.yaml", "game.yaml")


SVG_MARGIN_MM = 8.0  # the PDF page has its margins; the image needs its own


def framed(scene: Scene, margin: float) -> Scene:
    """The scene on a white sheet `margin` mm larger on every side."""
    return Scene(scene.w + 2 * margin, scene.h + 2 * margin, (Group(scene.items, margin, margin),),
                 background="#ffffff", title=scene.title)


def map_artifacts(game: IslandsAndBridges, kit: MapKit, plan: Plan, options: BuildOptions) -> list[Artifact]:
    """Every file of the map, in memory (the command writes them atomically)."""
    title = f"{game.settings.title} map"
    overview = draw_map.overview(game, kit, plan)

    gm = PrintDocument(f"{title} · {plan.origin()} · plan {plan.digest()}", "the Game Master's secret map", options)
    gm.sheet("Map overview", overview)
    gm.sheet("Setup checklist", draw_map_sheets.checklist(game, kit, plan))
    for i, isl in enumerate(plan.islands):
        gm.sheet(f"Trapboard island {isl.number}", draw_map_sheets.trapboard(game, kit, plan, i))

    # nothing on the players' pages derives from the secret plan (its seed or its digest would let a
    # player remake it): their hash is of what they show
    players = PrintDocument(f"{title} {plan.players_digest()}",
                            "islands and bridges to lay out as they are revealed", options)
    islands = [draw_tiles.island(game, isl.number) for isl in plan.islands]
    backs = [draw_map_sheets.island_back(game, face, isl.number)
             for face, isl in zip(islands, plan.islands, strict=True)]
    players.cards("islands, in path order", islands, backs)
    bridge = draw_tiles.bridge(game)
    players.cards("bridges", [bridge] * (len(plan.islands) - 1), draw_tiles.tile_back(game, bridge))

    return [Artifact("gm.pdf", gm.to_bytes(), SOURCES),
            Artifact("players.pdf", players.to_bytes(), ("game.yaml", "components.yaml")),
            Artifact("map.svg", to_svg(framed(overview, SVG_MARGIN_MM)), SOURCES),
            Artifact("plan.yaml", plan_yaml(kit, plan).encode(), SOURCES)]
