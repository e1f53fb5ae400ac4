"""The Skylands kit: which faces go into which files (the core imposes and renders them)."""

from __future__ import annotations

from collections.abc import Iterator

from ...content import ContentSet
from ...content.decisions import notes
from ...core.game import BuildOptions, Kit
from ...core.kitspec import Computed, Face, KitFile, Later, PrintFile, Rulebook, Section, Sheet, Spaces
from . import draw_boards, draw_specials, draw_tiles, draw_tokens, rulebook, simreport
from .boardfile import ACTION_EXAMPLES, action_examples, scoring_example
from .draw_tiles import space_spots
from .examples import all_examples
from .figures import figures
from .model import Skylands
from .simulate import SimSetup, Tally, play_chunk, tallies
from .special_layout import hostel_spots

TILES = ("game.yaml", "tiles.yaml", "print.yaml")
SPECIALS = ("game.yaml", "tiles.yaml", "specials.yaml", "boards.yaml", "print.yaml")
BOARDS = ("game.yaml", "tiles.yaml", "boards.yaml", "print.yaml")
TOKENS = ("game.yaml", "tokens.yaml", "scoring.yaml", "print.yaml")
ALL = ("game.yaml", "tiles.yaml", "specials.yaml", "boards.yaml", "tokens.yaml", "scoring.yaml",
       "decisions.yaml", "print.yaml", "scoring-example.yaml",
       *(f"{stem}.yaml" for stem in ACTION_EXAMPLES.values()))


def kit(model: Skylands, content: ContentSet, options: BuildOptions) -> Kit:
    return Kit(model.files.game.title, _files(model, content), spaces(model))


def spaces(model: Skylands) -> list[Spaces]:
    """Which piece goes into which space: an inhabitant onto each space of an island tile, a starting
    island, a special island (the Hostel's among them)."""
    pr = model.files.print
    size = (pr.inhabitant, pr.inhabitant)

    def marks(spots: list[tuple[float, float]]) -> tuple[tuple[float, float, float, float], ...]:
        return tuple((x - pr.space, y - pr.space, 2 * pr.space, 2 * pr.space) for x, y in spots)

    faces = [*(t.face for t in model.island_tiles), *model.starting_faces.values()]
    out = [Spaces("inhabitant", size, face.id, marks([s for f in face.fragments for s in space_spots(f, pr.tile)]),
                  round=True) for face in faces]
    for sp in model.specials.values():
        spots = hostel_spots(model, sp) if not sp.is_fragment else \
            [s for f in sp.face.fragments for s in space_spots(f, pr.tile)]
        out.append(Spaces("inhabitant", size, sp.spec.name, marks(spots), round=True))
    return out


def _files(model: Skylands, content: ContentSet) -> Iterator[KitFile]:
    boards = model.files.boards
    # island tiles (one shared back), then the starting islands (side a, side b behind it) in the
    # same sheets: they are the same size, and the last sheet of island tiles has room for them
    back = draw_tiles.tile_back(model)
    tiles = [Face(draw_tiles.island_tile(model, tile.face), back, group="island tiles",
                  svg=f"tiles/{tile.face.id}", back_svg="tiles/back") for tile in model.island_tiles]
    tiles += [Face(draw_tiles.island_tile(model, model.starting_faces[f"{st.id}-a"]),
                   draw_tiles.island_tile(model, model.starting_faces[f"{st.id}-b"]), group="starting islands",
                   svg=f"starting-islands/{st.id}-a", back_svg=f"starting-islands/{st.id}-b")
              for st in boards.starting_islands]
    yield PrintFile("tiles.pdf", "island tiles and starting islands",
                    [Section("island tiles and starting islands", tiles)], BOARDS)

    specials = [Face(draw_specials.special_front(model, sp), draw_specials.special_back(model, sp),
                     group="special islands", svg=f"specials/{sp.id}", back_svg=f"specials/{sp.id}-back")
                for sp in model.specials.values()]
    yield PrintFile("specials.pdf", "special islands", [Section("special islands", specials)], SPECIALS)

    # player boards: one page each, the pre-printed side in front and the empty side behind it
    # (the press tiles them over pages only if a larger tile or bleed makes them outgrow the paper)
    empty = draw_boards.player_board(model, None)
    players = [Face(draw_boards.player_board(model, pb.id), empty, svg=f"boards/{pb.id}",
                    back_svg="boards/empty-side") for pb in boards.player_boards]
    yield PrintFile("player-boards.pdf", "player boards", [Section("player boards", players)], BOARDS)

    actions = [Face(draw_boards.action_board(model, a), svg=f"boards/{a.id}") for a in boards.actions]
    supply = Face(draw_boards.supply_board(model), svg="boards/supply")
    yield PrintFile("boards.pdf", "action boards and supply board",
                    [Section("action boards", actions), Section("supply board", [supply])], BOARDS)

    # tokens and markers: double-sided
    tk = model.files.tokens
    colours = model.files.game.player_colours
    tokens = []
    for c in colours:
        token = draw_tokens.player_token(model, c)
        tokens.append(Face(token, token, tk.player_tokens.per_colour, c.id, f"tokens/player-token-{c.id}"))
    for c in colours:
        tokens.append(Face(draw_tokens.player_marker(model, c, True), draw_tokens.player_marker(model, c, False),
                           tk.player_markers.per_colour, c.id, f"tokens/player-marker-{c.id}-active",
                           f"tokens/player-marker-{c.id}-passive"))
    for ic in model.files.game.inhabitants.colours:
        face = draw_tokens.inhabitant(model, ic)
        tokens.append(Face(face, face, ic.count, "inhabitants", f"tokens/inhabitant-{ic.id}"))
    for d in tk.vp_markers.denominations:
        face = draw_tokens.vp_marker(model, d.value)
        tokens.append(Face(face, face, d.count, "victory points", f"tokens/vp-marker-{d.value}"))
    yield PrintFile("tokens.pdf", "tokens and markers", [Section("tokens", tokens, sized=True)], TOKENS)

    # the scoring pad, and the rulebook's scoring example next to it (the rulebook has no pictures)
    example = scoring_example(model, content)
    yield PrintFile("scoring-pad.pdf", "scoring pad and scoring example", [
        Sheet("Scoring pad", draw_tokens.scoring_pad(model)),
        Sheet("Scoring example", draw_boards.scoring_example_board(model, example), "scoring-example"),
    ], ALL)
    worked = all_examples(model, example, action_examples(model, content))
    yield Rulebook(rulebook.text(model, example, worked), ALL, figures=figures(model, example, worked))
    yield design_notes(model, notes(rulebook.decisions(model, example)))


def design_notes(model: Skylands, decided: str) -> Computed:
    """The designer's notes: the decisions (`decided`, as the notes print them) and a self-play table
    computed from the content, a costly result: the build layer keeps it for the next build and plays
    its games in the pool while the rest of the kit is drawn. Its inputs are every content file but
    print.yaml (sizes and colours: nothing the rules engine reads) and the decisions' text."""
    sp, players, f = model.files.game.self_play, model.files.game.players, model.files
    setup = SimSetup(tuple(range(players.min, players.max + 1)), sp.games, sp.seed, sp.policy)
    rules = (f.game, f.tiles, f.specials, f.boards, f.tokens, f.scoring, f.decisions)

    def book(results: tuple[tuple[int, Tally], ...]) -> list[Later]:
        text = decided + "\n" + simreport.notes(setup, tallies(setup, results))
        return [Rulebook(text, ALL, path="design-notes.pdf", kind="designer's notes")]

    return Computed("design-notes", (setup, rules, decided),
                    tuple((play_chunk, job) for job in setup.jobs(model)), book)
