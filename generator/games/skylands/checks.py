"""Content rules: geometry, the seed's counts, known colours, placeable tiles, templates that render."""

from __future__ import annotations

from collections import Counter

from ...content import ContentError, ContentSet, Problem, colourvision, decisions
from .actions import CONVERT_FIELDS, PARAMS
from .board import Board, EndState, square_name
from .boardfile import action_examples, scoring_example
from .geometry import face_problems, mirror_problems, shape_problems
from .model import Skylands, cost_letter
from .scoring import SCORING_EFFECTS
from .special_layout import fit_problems
from .text import TemplateProblem, action_texts, decision_context, group_meaning, pad_hint, special_text, supply_text
from .tiles import Face

# The inks the drawers name (layouts/palette.yaml); a missing one is a content error, not a KeyError at build.
INKS = ("ink", "muted", "paper", "sky", "board", "board-frame", "space-ring", "back", "passive")

SEED_COUNT_KEYS = ("island_tiles", "special_islands", "action_boards", "supply_boards", "inhabitants",
                   "player_boards", "starting_islands", "player_tokens", "player_markers", "vp_markers",
                   "scoring_pads")


def check(model: Skylands, content: ContentSet) -> list[Problem]:
    """Every content rule problem, each at the YAML line that causes it."""
    try:  # the scoring example obeys the rules like any board file
        example: EndState | None = scoring_example(model, content)
        examples: list[Problem] = []
    except ContentError as err:
        example, examples = None, err.problems
    try:  # so do the boards of the worked examples
        action_examples(model, content)
    except ContentError as err:
        examples += err.problems
    return (geometry_problems(model, content) + count_problems(model, content)
            + player_count_problems(model, content) + special_problems(model, content)
            + placeable_problems(model, content) + layout_problems(model, content)
            + marker_problems(model, content) + template_problems(model, content, example)
            + print_problems(model, content) + action_problems(model, content) + examples
            + colourvision.content_problems(content, "print", model.files.print.tell_apart, model.palette())
            + symbol_problems(model, content) + mark_problems(model, content))


def symbol_problems(model: Skylands, content: ContentSet) -> list[Problem]:
    """Every island type carries a symbol of its own along its edges (decided in game.yaml)."""
    out = []
    seen: dict[str, str] = {}
    for i, t in enumerate(model.files.game.terrains):
        if t.symbol is None:
            out.append(content.problem("game", ("terrains", i), f"{t.id}: no symbol (edges must match by shape "
                                                                 "as well as by colour)"))
        elif t.symbol in seen:
            out.append(content.problem("game", ("terrains", i, "symbol"),
                                       f"{t.id}: the symbol {t.symbol!r} is {seen[t.symbol]}'s already"))
        else:
            seen[t.symbol] = t.id
    return out


def mark_problems(model: Skylands, content: ContentSet) -> list[Problem]:
    """Each player token's mark is its own (decided in game.yaml): no two players share one, and none
    is, or begins with, the letter an inhabitant's cost disc prints, which stands beside it at the
    table and means a colour of inhabitants."""
    g = model.files.game
    letters = {cost_letter(c.name).casefold(): c for c in g.inhabitants.colours}
    shown = ", ".join(cost_letter(c.name) for c in g.inhabitants.colours)
    out = []
    seen: dict[str, str] = {}
    for i, p in enumerate(g.player_colours):
        key = p.mark.casefold()
        clash = letters.get(key) or letters.get(key[0])
        if clash is not None:
            out.append(content.problem("game", ("player_colours", i, "mark"),
                                       f"{p.id}: the mark {p.mark!r} reads as the letter of the {clash.name.lower()} "
                                       f"inhabitants (cost discs print {shown}; a player's mark must be another)"))
        elif key in seen:
            out.append(content.problem("game", ("player_colours", i, "mark"),
                                       f"{p.id}: the mark {p.mark!r} is {seen[key]}'s already"))
        seen.setdefault(key, p.id)
    return out


def action_problems(model: Skylands, content: ContentSet) -> list[Problem]:
    """The action boards the rules model plays (actions.PARAMS), each with the numbers it reads."""
    f = model.files
    out = []
    index = {a.id: i for i, a in enumerate(f.boards.actions)}
    for action_id, names in PARAMS.items():
        if action_id not in index:
            out.append(content.problem("boards", ("actions",), f"missing action {action_id!r} (the rules model "
                                                               f"plays {', '.join(PARAMS)})"))
            continue
        i = index[action_id]
        a = f.boards.actions[i]
        for name in names:
            if name not in a.params:
                out.append(content.problem("boards", ("actions", i, "params"),
                                           f"{action_id}: missing number {name!r} (needs {', '.join(names)})"))
    if "convert-energy" in index:
        i = index["convert-energy"]
        a = f.boards.actions[i]
        allowed = {"source": [t.id for t in f.game.terrains], "target": [t.id for t in f.game.terrains],
                   "bonus_colour": [c.id for c in f.game.inhabitants.colours]}
        for field in CONVERT_FIELDS:
            value = getattr(a, field)
            if value not in allowed[field]:
                loc: tuple[str | int, ...] = ("actions", i, field) if value is not None else ("actions", i)
                out.append(content.problem("boards", loc, f"convert-energy: {field} must be one of "
                                                          f"{', '.join(allowed[field])} (found {value!r})"))
    return out


def print_problems(model: Skylands, content: ContentSet) -> list[Problem]:
    """Sizes that leave room for the spaces between the edge bands (the inks the drawers need are
    checked with the palette, when the model is made)."""
    pr = model.files.print
    out: list[Problem] = []
    if pr.edge_band * 4 > pr.tile:
        out.append(content.problem("print", ("edge_band",),
                                   f"edge bands of {pr.edge_band:g} mm leave no room on a {pr.tile:g} mm tile"))
    effects = {e.kind: i for i, e in enumerate(model.files.specials.effects)}
    for s in model.specials.values():
        try:
            fitting = fit_problems(model, s)
        except TemplateProblem:
            continue  # reported by template_problems, at the text's line
        for what, message in fitting:
            if what == "name":
                loc: tuple[str | int, ...] = ("specials", s.index, "name")
            elif s.effect.text:
                loc = ("effects", effects[s.effect.kind], "text")
            else:
                loc = ("fragment_note",)
            out.append(content.problem("specials", loc, message))
    if pr.space * 2 > pr.tile / 6:
        out.append(content.problem("print", ("space",),
                                   f"spaces of {pr.space:g} mm radius do not fit side by side on a "
                                   f"{pr.tile:g} mm tile (at most {pr.tile / 12:.1f} mm)"))
    return out


def geometry_problems(model: Skylands, content: ContentSet) -> list[Problem]:
    tiles = model.files.tiles
    shapes = model.shapes
    out = []
    for i, shape in enumerate(tiles.shapes):
        out += [content.problem("tiles", ("shapes", i), m) for m in shape_problems(shape, tiles.space_capacity)]
        if shape.mirror_of is not None and shape.mirror_of in shapes:
            out += [content.problem("tiles", ("shapes", i, "mirror_of"), m)
                    for m in mirror_problems(shape, shapes[shape.mirror_of])]
    for tile in model.island_tiles:
        out += [content.problem("tiles", ("island_tiles", tile.kind), m) for m in face_problems(tile.face)]
    for i, st in enumerate(model.files.boards.starting_islands):
        for side in sorted(st.sides):
            face = model.starting_faces[f"{st.id}-{side}"]
            out += [content.problem("boards", ("starting_islands", i, "sides", side), m)
                    for m in face_problems(face)]
    for i, pb in enumerate(model.files.boards.player_boards):
        for j, (_, placed) in enumerate(model.printed[pb.id]):
            out += [content.problem("boards", ("player_boards", i, "layout", j), m)
                    for m in face_problems(placed.face)]
    return out


def count_problems(model: Skylands, content: ContentSet) -> list[Problem]:
    """The seed's component counts against what the content makes."""
    f = model.files
    out = [content.problem("game", ("seed_counts", key),
                           f"unknown component {key!r} (known: {', '.join(SEED_COUNT_KEYS)})")
           for key in sorted(set(f.game.seed_counts) - set(SEED_COUNT_KEYS))]
    colours = len(f.game.player_colours)
    made = [  # (seed_counts key, how many the content makes, where, what)
        ("island_tiles", len(model.island_tiles), "tiles", ("island_tiles",), "island tiles"),
        ("special_islands", len(model.specials), "specials", ("specials",), "special islands"),
        ("action_boards", len(f.boards.actions), "boards", ("actions",), "action boards"),
        ("supply_boards", 1, "boards", ("supply_board",), "supply boards"),
        ("inhabitants", sum(c.count for c in f.game.inhabitants.colours), "game", ("inhabitants", "colours"),
         "inhabitants"),
        ("player_boards", len(f.boards.player_boards), "boards", ("player_boards",), "player boards"),
        ("starting_islands", len(f.boards.starting_islands), "boards", ("starting_islands",), "starting islands"),
        ("player_tokens", colours * f.tokens.player_tokens.per_colour, "tokens", ("player_tokens",), "player tokens"),
        ("player_markers", colours * f.tokens.player_markers.per_colour, "tokens", ("player_markers",),
         "player markers"),
        ("vp_markers", sum(d.count for d in f.tokens.vp_markers.denominations), "tokens",
         ("vp_markers", "denominations"), "VP markers"),
        ("scoring_pads", 1, "scoring", ("pad",), "scoring pads")]
    for key, n, stem, loc, what in made:
        want = f.game.seed_counts.get(key)
        if want is None:
            out.append(content.problem("game", ("seed_counts",), f"seed_counts: missing {key!r}"))
        elif n != want:
            out.append(content.problem(stem, loc,
                                       f"{what}: {n} made, the seed has {want} (game.yaml seed_counts.{key})"))
    if colours != f.game.players.max:
        out.append(content.problem("game", ("player_colours",),
                                   f"{colours} player colours for up to {f.game.players.max} players"))
    ts = f.boards.tactical_start
    if ts.keep > ts.draw:
        out.append(content.problem("boards", ("tactical_start", "keep"),
                                   f"keeps {ts.keep} of the {ts.draw} island tiles drawn (at most {ts.draw})"))
    for i, pb in enumerate(f.boards.player_boards):
        if len(pb.layout) != f.boards.printed_squares_per_layout:
            out.append(content.problem("boards", ("player_boards", i, "layout"),
                                       f"{len(pb.layout)} pre-printed squares (the seed: "
                                       f"'count like {f.boards.printed_squares_per_layout} tiles')"))
    return out


def _balance(tiles: list[Face], terrains: list[str]) -> dict[str, int]:
    """How many tiles show each terrain."""
    return {t: sum(1 for face in tiles if t in face.terrains) for t in terrains}


def player_count_problems(model: Skylands, content: ContentSet) -> list[Problem]:
    """Per player count: every terrain as often as the others, every kind of tile still present,
    fewer tiles with fewer players; and the seed's "N of each kind" per shape."""
    f = model.files
    terrains = [t.id for t in f.game.terrains]
    out = []
    previous = None
    for players in range(f.game.players.max, f.game.players.min - 1, -1):
        stack = [t.face for t in model.tiles_for(players)]
        balance = _balance(stack, terrains)
        if len(set(balance.values())) > 1:
            shown = ", ".join(f"{t} {n}" for t, n in balance.items())
            out.append(content.problem("tiles", ("island_tiles",),
                                       f"with {players} players the terrains are uneven ({shown})"))
        kinds = Counter((face.shape, face.terrains) for face in stack)
        for k, kind in enumerate(f.tiles.island_tiles):
            for face in (t.face for t in model.island_tiles if t.kind == k and t.face.copy == 1):
                if kinds[(face.shape, face.terrains)] == 0:
                    out.append(content.problem("tiles", ("island_tiles", k, "marks"),
                                               f"with {players} players no {kind.shape} tile of "
                                               f"{'/'.join(face.terrains)} is left (every copy is marked)"))
        if previous is not None and len(stack) > previous:
            out.append(content.problem("tiles", ("player_marks",),
                                       f"{players} players use more tiles ({len(stack)}) than {players + 1}"))
        previous = len(stack)
    shapes = Counter(t.face.shape for t in model.island_tiles)
    for i, shape in enumerate(f.tiles.shapes):
        if shape.mirror_of and shapes[shape.id] != shapes[shape.mirror_of]:
            out.append(content.problem("tiles", ("shapes", i, "mirror_of"),
                                       f"{shapes[shape.id]} mirror images of {shapes[shape.mirror_of]} "
                                       f"{shape.mirror_of} tiles (the seed: 'plus 2 mirror images of each')"))
    return out


def special_problems(model: Skylands, content: ContentSet) -> list[Problem]:
    """Groups as counted by the seed, known cost colours, '?' exactly on scoring effects, every effect used."""
    f = model.files
    sp = f.specials
    colours = [c.id for c in f.game.inhabitants.colours] + [f.game.inhabitants.any.id]
    out = []
    per_group = Counter(s.spec.group for s in model.specials.values())
    intro = Counter(s.spec.group for s in model.specials.values() if s.spec.intro)
    for i, g in enumerate(sp.groups):
        if per_group[g.id] != g.seed_count:
            out.append(content.problem("specials", ("groups", i, "seed_count"),
                                       f"group {g.id!r}: {per_group[g.id]} special islands, the seed has "
                                       f"{g.seed_count} ({g.seed!r})"))
        if intro[g.id] != sp.display_per_group:
            out.append(content.problem("specials", ("groups", i),
                                       f"group {g.id!r}: {intro[g.id]} intro tiles, the display takes "
                                       f"{sp.display_per_group} of each group"))
        if per_group[g.id] < sp.display_per_group:
            out.append(content.problem("specials", ("groups", i),
                                       f"group {g.id!r} has fewer tiles than the display draws"))
    used = {s.spec.effect for s in model.specials.values()}
    for i, e in enumerate(sp.effects):
        if e.kind not in used:
            out.append(content.problem("specials", ("effects", i, "kind"),
                                       f"effect {e.kind!r} is on no special island"))
    for s in model.specials.values():
        at = ("specials", s.index)
        for j, c in enumerate(s.spec.cost):
            if c not in colours:
                out.append(content.problem("specials", (*at, "cost", j),
                                           f"unknown inhabitant colour (found {c!r}, allowed: {', '.join(colours)})"))
        any_colour = f.game.inhabitants.any.id
        if s.spec.cost.count(any_colour) > sp.max_white_per_cost:
            out.append(content.problem("specials", (*at, "cost"),
                                       f"{s.spec.cost.count(any_colour)} {any_colour} inhabitants in the cost (at "
                                       f"most {sp.max_white_per_cost}: max_white_per_cost)"))
        scoring = s.effect.kind in SCORING_EFFECTS
        if s.vp is None and not scoring:
            out.append(content.problem("specials", (*at, "vp"),
                                       f"'?' needs a scoring effect (found {s.effect.kind!r}, known: "
                                       f"{', '.join(SCORING_EFFECTS)})"))
        if s.vp is not None and scoring:
            out.append(content.problem("specials", (*at, "vp"),
                                       f"a scoring effect ({s.effect.kind!r}) shows '?' as its VPs"))
    return out


def placeable_problems(model: Skylands, content: ContentSet) -> list[Problem]:
    """Every tile can go next to another: each terrain edge has a partner edge on another tile
    of the stack (so every fragment can be continued), for every player count."""
    f = model.files
    out = []
    for players in range(f.game.players.min, f.game.players.max + 1):
        stack = [t.face for t in model.tiles_for(players)]
        faces = stack + [s.face for s in model.specials.values()]
        owners: dict[str, set[str]] = {}
        for face in faces:
            for terrain in set(face.edges()):
                owners.setdefault(terrain, set()).add(face.id)
        for tile in model.tiles_for(players):
            for terrain in sorted(set(tile.face.edges())):
                if owners.get(terrain, set()) - {tile.face.id}:
                    continue
                out.append(content.problem("tiles", ("island_tiles", tile.kind),
                                           f"{tile.face.id}: no other tile has a {terrain} edge with "
                                           f"{players} players, so it can be placed next to none"))
    return out


def layout_problems(model: Skylands, content: ContentSet) -> list[Problem]:
    """Pre-printed starting islands obey the rules for placing tiles among themselves."""
    out = []
    for i, pb in enumerate(model.files.boards.player_boards):
        board: Board = model.empty_board()
        for j, (square, placed) in enumerate(model.printed[pb.id]):
            at = ("player_boards", i, "layout", j)
            if square in board.squares:
                out.append(content.problem("boards", (*at, "square"),
                                           f"square {square_name(square)} is pre-printed twice"))
                continue
            out += [content.problem("boards", at, str(m))
                    for m in board.mismatches(placed.face, square, placed.rotation)]
            board = board.with_square(square, placed)
    return out


def marker_problems(model: Skylands, content: ContentSet) -> list[Problem]:
    """Each player count's VP supply adds up to the seed's number, from markers that exist."""
    f = model.files
    vm = f.tokens.vp_markers
    have = {d.value: d.count for d in vm.denominations}
    out = []
    wanted = set(range(f.game.players.min, f.game.players.max + 1))
    found = [s.players for s in vm.supply]
    if sorted(found) != sorted(wanted):
        out.append(content.problem("tokens", ("vp_markers", "supply"),
                                   f"a supply for each player count {sorted(wanted)} (found {found})"))
    for i, s in enumerate(vm.supply):
        for value, n in s.leave_out.items():
            if value not in have or n > have[value]:
                out.append(content.problem("tokens", ("vp_markers", "supply", i, "leave_out", value),
                                           f"leaves out {n} markers of {value} VP (there are {have.get(value, 0)})"))
        total = sum(v * n for v, n in have.items()) - sum(v * n for v, n in s.leave_out.items())
        if total != s.vp:
            out.append(content.problem("tokens", ("vp_markers", "supply", i, "vp"),
                                       f"{s.players} players: the markers add up to {total} VPs, the seed "
                                       f"says {s.vp} ({s.seed!r})"))
    return out


def template_problems(model: Skylands, content: ContentSet, example: EndState | None) -> list[Problem]:
    """Every rules text renders (StrictUndefined: an unknown name is an error at its line)."""
    out = []
    f = model.files
    effects = {e.kind: i for i, e in enumerate(f.specials.effects)}
    for s in model.specials.values():
        try:
            special_text(model, s)
        except TemplateProblem as err:
            out.append(content.problem("specials", ("effects", effects[s.effect.kind], "text"),
                                       f"{err} (on special island {s.id!r})"))
    for i, a in enumerate(f.boards.actions):
        try:
            action_texts(a)
        except TemplateProblem as err:
            out.append(content.problem("boards", ("actions", i), str(err)))
    for i, row in enumerate(f.scoring.pad.rows):
        try:
            pad_hint(model, row.hint)
        except TemplateProblem as err:
            out.append(content.problem("scoring", ("pad", "rows", i, "hint"), str(err)))
    try:
        supply_text(model)
    except TemplateProblem as err:
        out.append(content.problem("boards", ("supply_board", "text"), str(err)))
    for i, group in enumerate(f.specials.groups):
        try:
            group_meaning(model, group)
        except TemplateProblem as err:
            out.append(content.problem("specials", ("groups", i, "meaning"), str(err)))
    if example is not None:  # decisions quote its score; its own problems are reported anyway
        out += decisions.template_problems(content, f.decisions.decisions, decision_context(model, example))
    return out
