"""The Skylands kit: which faces go into which files."""

from __future__ import annotations

from collections.abc import Iterator

from ...content import ContentSet
from ...draw import Scene, to_svg
from ...game import Artifact, BuildOptions
from ...press import PrintDocument
from ...press.rulebook import rulebook_pdf
from . import draw_boards, draw_specials, draw_tiles, draw_tokens, rulebook
from .boardfile import scoring_example
from .model import Skylands

TILES = ("game.yaml", "tiles.yaml", "print.yaml")
SPECIALS = ("game.yaml", "tiles.yaml", "specials.yaml", "boards.yaml", "print.yaml")
BOARDS = ("game.yaml", "tiles.yaml", "boards.yaml", "print.yaml")
TOKENS = ("game.yaml", "tokens.yaml", "scoring.yaml", "print.yaml")
ALL = ("game.yaml", "tiles.yaml", "specials.yaml", "boards.yaml", "tokens.yaml", "scoring.yaml",
       "decisions.yaml", "print.yaml", "scoring-example.yaml")


def build_kit(model: Skylands, content: ContentSet, options: BuildOptions) -> Iterator[Artifact]:
    title = model.files.game.title

    # island tiles (one shared back), then the starting islands (side a, side b behind it) in the
    # same sheets: they are the same size, and the last sheet of island tiles has room for them
    doc = PrintDocument(title, "island tiles and starting islands", options)
    back = draw_tiles.tile_back(model)
    fronts: list[Scene] = []
    backs: list[Scene] = []
    for tile in model.island_tiles:
        face = draw_tiles.island_tile(model, tile.face)
        fronts.append(face)
        backs.append(back)
        yield Artifact(f"svg/tiles/{tile.face.id}.svg", to_svg(face), TILES)
    yield Artifact("svg/tiles/back.svg", to_svg(back), TILES)
    for st in model.files.boards.starting_islands:
        for side, faces in (("a", fronts), ("b", backs)):
            face = draw_tiles.island_tile(model, model.starting_faces[f"{st.id}-{side}"])
            faces.append(face)
            yield Artifact(f"svg/starting-islands/{st.id}-{side}.svg", to_svg(face), BOARDS)
    doc.cards("island tiles and starting islands", fronts, backs)
    yield Artifact("tiles.pdf", doc.to_bytes(), BOARDS)

    doc = PrintDocument(title, "special islands", options)
    fronts, backs = [], []
    for special in model.specials.values():
        front, sback = draw_specials.special_front(model, special), draw_specials.special_back(model, special)
        fronts.append(front)
        backs.append(sback)
        yield Artifact(f"svg/specials/{special.id}.svg", to_svg(front), SPECIALS)
        yield Artifact(f"svg/specials/{special.id}-back.svg", to_svg(sback), SPECIALS)
    doc.cards("special islands", fronts, backs)
    yield Artifact("specials.pdf", doc.to_bytes(), SPECIALS)

    # player boards: one page each, the pre-printed side in front and the empty side behind it
    # (the press tiles them over pages only if a larger tile or bleed makes them outgrow the paper)
    doc = PrintDocument(title, "player boards", options)
    empty = draw_boards.player_board(model, None)
    printed_sides = []
    for pb in model.files.boards.player_boards:
        printed = draw_boards.player_board(model, pb.id)
        printed_sides.append(printed)
        yield Artifact(f"svg/boards/{pb.id}.svg", to_svg(printed), BOARDS)
    doc.cards("player boards", printed_sides, empty)
    yield Artifact("svg/boards/empty-side.svg", to_svg(empty), BOARDS)
    yield Artifact("player-boards.pdf", doc.to_bytes(), BOARDS)

    doc = PrintDocument(title, "action boards and supply board", options)
    actions = [draw_boards.action_board(model, a) for a in model.files.boards.actions]
    doc.cards("action boards", actions)
    supply = draw_boards.supply_board(model)
    doc.cards("supply board", [supply])
    for a, scene in zip(model.files.boards.actions, actions, strict=True):
        yield Artifact(f"svg/boards/{a.id}.svg", to_svg(scene), BOARDS)
    yield Artifact("svg/boards/supply.svg", to_svg(supply), BOARDS)
    yield Artifact("boards.pdf", doc.to_bytes(), BOARDS)

    # tokens and markers: double-sided, one section per size
    doc = PrintDocument(title, "tokens and markers", options)
    sections: dict[float, tuple[list[Scene], list[Scene]]] = {}

    def add(front: Scene, back: Scene, n: int = 1) -> None:
        fronts, backs = sections.setdefault(front.w, ([], []))
        fronts.extend([front] * n)
        backs.extend([back] * n)

    tk = model.files.tokens
    for c in model.files.game.player_colours:
        token = draw_tokens.player_token(model, c)
        add(token, token, tk.player_tokens.per_colour)
        yield Artifact(f"svg/tokens/player-token-{c.id}.svg", to_svg(token), TOKENS)
    for c in model.files.game.player_colours:
        active, passive = draw_tokens.player_marker(model, c, True), draw_tokens.player_marker(model, c, False)
        add(active, passive, tk.player_markers.per_colour)
        yield Artifact(f"svg/tokens/player-marker-{c.id}-active.svg", to_svg(active), TOKENS)
        yield Artifact(f"svg/tokens/player-marker-{c.id}-passive.svg", to_svg(passive), TOKENS)
    for ic in model.files.game.inhabitants.colours:
        face = draw_tokens.inhabitant(model, ic)
        add(face, face, ic.count)
        yield Artifact(f"svg/tokens/inhabitant-{ic.id}.svg", to_svg(face), TOKENS)
    for d in tk.vp_markers.denominations:
        face = draw_tokens.vp_marker(model, d.value)
        add(face, face, d.count)
        yield Artifact(f"svg/tokens/vp-marker-{d.value}.svg", to_svg(face), TOKENS)
    for size in sorted(sections):
        fronts, backs = sections[size]
        doc.cards(f"tokens {size:g} mm", fronts, backs)
    yield Artifact("tokens.pdf", doc.to_bytes(), TOKENS)

    # the scoring pad, and the rulebook's scoring example next to it (the rulebook has no pictures)
    example = scoring_example(model, content)
    doc = PrintDocument(title, "scoring pad and scoring example", options)
    doc.sheet("Scoring pad", draw_tokens.scoring_pad(model))
    board = draw_boards.scoring_example_board(model, example)
    doc.sheet("Scoring example", board)
    yield Artifact("svg/scoring-example.svg", to_svg(board), ALL)
    yield Artifact("scoring-pad.pdf", doc.to_bytes(), ALL)

    text = rulebook.text(model, example)
    yield Artifact("rulebook.pdf", rulebook_pdf(title, text, options.paper), ALL)
