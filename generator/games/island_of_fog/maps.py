"""The files of one generated map (map.yaml, map.pdf, map.svg) and the summary printed for it."""

from __future__ import annotations

from ...core.game import Artifact, BuildOptions
from ...draw import to_svg
from ...press import PrintDocument
from .draw_board import map_scene
from .fairness import MapReport
from .mapfile import to_yaml
from .mapgen import MapPlan
from .model import IslandOfFog

SOURCES = ("tiles", "board", "spaces", "fairness")


def map_artifacts(model: IslandOfFog, plan: MapPlan, report: MapReport,
                  options: BuildOptions | None = None) -> list[Artifact]:
    """map.yaml, map.pdf (board scale, tiled over pages) and map.svg of one map."""
    scene = map_scene(model, plan)
    doc = PrintDocument(model.game.title, f"map {plan.size}x{plan.size} {plan.digest()}", options or BuildOptions())
    doc.board(f"map {plan.digest()}", scene)
    return [Artifact("map.yaml", to_yaml(model, plan, report).encode(), SOURCES),
            Artifact("map.pdf", doc.to_bytes(), SOURCES),
            Artifact("map.svg", to_svg(scene), SOURCES)]


def map_summary(model: IslandOfFog, plan: MapPlan, report: MapReport) -> str:
    """What a game master reads after generating a map: who has how far to go, and what is near."""
    unit = model.unit[model.fairness.unit]
    lines = [f"{plan.size}x{plan.size} map {plan.digest()}, {plan.players} players, seed {plan.seed}"
             f" (draw {plan.attempt}); {len(plan.left_over)} tiles left in the pile",
             f"  {'nation':<8} {'path':>7} {'turns':>6} {'lots first':>11} {'worth':>6}   (for a {unit.name.lower()})"]
    for s in report.seats:
        path = f"{s.path_mp} MP" if s.path_mp is not None else "cut off"
        lines.append(f"  {model.colour[s.colour].name:<8} {path:>7} {s.turns if s.turns else '-':>6} "
                     f"{s.lots_nearer:>11} {s.lots_value:>6}")
    if report.fair:
        lines.append(f"  fair: turns to the lighthouse within {report.path_margin_turns} (basic units and elites), "
                     f"lots reached first within {report.lots_margin} coins a turn")
    for colour, why in report.disadvantaged:
        lines.append(f"  disadvantaged: {model.colour[colour].name}: {why}")
    return "\n".join(lines)
