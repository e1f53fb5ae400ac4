"""Skylands (Queen Games, 2018): 88 island tiles, 32 special islands, boards and the scoring pad."""

from __future__ import annotations

from collections.abc import Iterator

from ...content import ContentSet
from ...game import Artifact, BuildOptions, Game
from .boardfile import EXAMPLE, BoardSpec
from .checks import check
from .model import Files, Skylands, make_model
from .refs import reference_problems
from .schema import (
    BoardsFile,
    DecisionsFile,
    GameFile,
    PrintFile,
    ScoringFile,
    SpecialsFile,
    TilesFile,
    TokensFile,
)

GAME_ID = "skylands"


def load(content: ContentSet) -> Skylands | None:
    """Parse every file, resolve every name, then make the model (None if anything failed)."""
    parts = {
        "game": content.parse("game", GameFile),
        "tiles": content.parse("tiles", TilesFile),
        "specials": content.parse("specials", SpecialsFile),
        "boards": content.parse("boards", BoardsFile),
        "tokens": content.parse("tokens", TokensFile),
        "scoring": content.parse("scoring", ScoringFile),
        "decisions": content.parse("decisions", DecisionsFile),
        "print": content.parse("print", PrintFile),
    }
    example = content.parse(EXAMPLE, BoardSpec)  # its rules are checked with the rest (check)
    if any(v is None for v in parts.values()) or example is None:
        return None
    files = Files(**parts)  # type: ignore[arg-type]
    problems = reference_problems(files, content)
    if problems:
        content.problems.extend(problems)
        return None
    return make_model(files)


def components(model: Skylands) -> dict[str, int]:
    """Component names with their quantities, as the seed lists them."""
    f = model.files
    colours = len(f.game.player_colours)
    out = {}
    for shape in f.tiles.shapes:
        n = sum(1 for t in model.island_tiles if t.face.shape == shape.id)
        if n:
            out[f"island tiles: {shape.name.lower()}"] = n
    out["special islands"] = len(model.specials)
    out["action boards"] = len(f.boards.actions)
    out["supply board"] = 1
    out["inhabitants"] = sum(c.count for c in f.game.inhabitants.colours)
    out["player boards (double-sided)"] = len(f.boards.player_boards)
    out["starting islands (double-sided)"] = len(f.boards.starting_islands)
    out["player tokens"] = colours * f.tokens.player_tokens.per_colour
    out["player markers"] = colours * f.tokens.player_markers.per_colour
    out["victory point markers"] = sum(d.count for d in f.tokens.vp_markers.denominations)
    out["scoring pad"] = 1
    out["rulebook"] = 1
    return out


def build(model: Skylands, content: ContentSet, options: BuildOptions) -> Iterator[Artifact]:
    from .build import build_kit

    yield from build_kit(model, content, options)


def _commands() -> dict[str, list[object]]:
    from .commands import score

    return {"score": [score]}


GAME = Game(id=GAME_ID, title="Skylands", load=load, check=check, components=components, build=build,
            commands=_commands())  # type: ignore[arg-type]
