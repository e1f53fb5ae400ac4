"""Rule checks over the loaded content: each problem placed at the YAML value that breaks the rule."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ...content import ContentSet, Loc, Problem, colourvision, decisions
from . import schema as s
from .board import player_counts
from .model import IslandOfFog

Report = Callable[[str, Loc, str], None]


def check(model: IslandOfFog, content: ContentSet) -> list[Problem]:
    """Every rule problem of the content, none raised."""
    problems: list[Problem] = []

    def report(stem: str, loc: Loc, message: str) -> None:
        problems.append(content.problem(stem, loc, message))

    _unique(report, "game", ("colours",), [c.id for c in model.game.colours], "colour")
    _unique(report, "spaces", ("kinds",), [k.id for k in model.spaces.kinds], "space kind")
    _unique(report, "spaces", ("kinds",), [k.code for k in model.spaces.kinds], "space code", "code")
    _unique(report, "units", ("units",), [u.id for u in model.units.units], "unit")
    _unique(report, "combat", ("defence",), [d.id for d in model.combat.defence], "defence row")
    _unique(report, "tokens", ("coins",), [c.value for c in model.tokens.coins], "coin value", "value")
    _unique(report, "decisions", ("decisions",), [d.id for d in model.decisions.decisions], "decision")
    _unique(report, "board", ("variants",), [v.size for v in model.board.variants], "board size", "size")
    _check_players(model, report)
    problems += colourvision.content_problems(content, "game", model.game.tell_apart, model.palette)
    _check_spaces(model, report)
    tiles_ok = _check_tiles(model, report)
    _check_units(model, report)
    if model.combat.simple_threshold >= model.combat.die_sides:
        report("combat", ("simple_threshold",),
               f"simple_threshold must be below the die's {model.combat.die_sides} sides "
               f"(found {model.combat.simple_threshold})")
    if model.fairness.unit not in model.unit:
        report("fairness", ("unit",),
               f"unknown unit {model.fairness.unit!r} (units: {', '.join(model.unit)})")
    _check_calibration(model, report)
    _check_board(model, report, tiles_ok and not problems)
    if not problems:
        problems += _check_templates(model, content)
    return problems


def _check_calibration(model: IslandOfFog, report: Report) -> None:
    """The counts of a calibration run must be counts of the same maps."""
    c = model.fairness.calibration
    if c is None:
        return
    for key in ("survey_fair", "selfplay_fair"):
        if getattr(c, key) > c.maps:
            report("fairness", ("calibration", key), f"{key} ({getattr(c, key)}) is more than the {c.maps} maps")
    if c.both_fair > min(c.survey_fair, c.selfplay_fair):
        report("fairness", ("calibration", "both_fair"),
               f"both_fair ({c.both_fair}) is more than survey_fair ({c.survey_fair}) or selfplay_fair "
               f"({c.selfplay_fair})")
    elif c.survey_fair + c.selfplay_fair - c.both_fair > c.maps:
        report("fairness", ("calibration", "both_fair"),
               f"survey_fair + selfplay_fair - both_fair ({c.survey_fair + c.selfplay_fair - c.both_fair}) "
               f"is more than the {c.maps} maps")


def _check_templates(model: IslandOfFog, content: ContentSet) -> list[Problem]:
    """Decision texts and the combat words are templates over the model: a name that does not
    exist is an error here, at its line, not a blank on the combat card or in the rulebook."""
    import jinja2

    from ...content.prose import render_string
    from .text import context

    ctx = context(model)
    problems = decisions.template_problems(content, model.decisions.decisions, ctx)
    w = model.combat.words
    for loc, source in ((("words", "rerolls"), w.rerolls), (("words", "odds", "optimal"), w.odds.optimal),
                        (("words", "odds", "simple"), w.odds.simple)):
        try:
            render_string(source, **ctx)
        except jinja2.TemplateError as err:
            problems.append(content.problem("combat", loc, f"{'.'.join(loc)} template: {err}"))
    return problems


def _unique(report: Report, stem: str, loc: Loc, values: Iterable[object], what: str,
            key: str = "id") -> None:
    seen: set[object] = set()
    for i, v in enumerate(values):
        if v in seen:
            report(stem, (*loc, i, key), f"{what} {v!r} is defined twice")
        seen.add(v)


def _check_players(model: IslandOfFog, report: Report) -> None:
    lo, hi = model.game.players.min, model.game.players.max
    if lo > hi:
        report("game", ("players",), f"players: min {lo} is more than max {hi}")
    for n in range(lo, hi + 1):
        if n not in model.game.seats:
            report("game", ("seats",), f"no seats for {n} players (every count from {lo} to {hi} needs one)")
    for n, colours in model.game.seats.items():
        if not lo <= n <= hi:
            report("game", ("seats", n), f"seats for {n} players, but the game is for {lo} to {hi}")
        if len(colours) != n:
            report("game", ("seats", n), f"{n} players need {n} colours (found {len(colours)})")
        if len(set(colours)) != len(colours):
            report("game", ("seats", n), "a colour sits twice")
        for i, c in enumerate(colours):
            if c not in model.colour:
                report("game", ("seats", n, i), f"unknown colour {c!r} (colours: {', '.join(model.colour)})")
            elif c not in model.board.corners:
                report("game", ("seats", n, i), f"colour {c!r} has no start corner in board.yaml")
    for n, purse in model.game.seat_coins.items():
        if n not in model.game.seats:
            report("game", ("seat_coins", n), f"a purse for {n} players, who have no seats")
        elif len(purse) != n:
            report("game", ("seat_coins", n), f"{n} players need {n} purses, one a seat (found {len(purse)})")
    for i, n in enumerate(model.game.sea_quarter):
        if n not in model.game.seats:
            report("game", ("sea_quarter", i), f"sea for {n} players, who have no seats")
    for i, n in enumerate(model.game.flip_every_turn):
        if n not in model.game.seats:
            report("game", ("flip_every_turn", i), f"a tile on every turn for {n} players, who have no seats")
    for c in model.board.corners:
        if c not in model.colour:
            report("board", ("corners", c), f"unknown colour {c!r} (colours: {', '.join(model.colour)})")
    corners = list(model.board.corners.values())
    for c, corner in model.board.corners.items():
        if corners.count(corner) > 1:
            report("board", ("corners", c), f"corner {corner!r} is given to more than one colour")


def _check_spaces(model: IslandOfFog, report: Report) -> None:
    for i, k in enumerate(model.spaces.kinds):
        for field in ("defence", "built_defence"):
            row = getattr(k, field)
            if row is not None and row not in model.defence:
                report("spaces", ("kinds", i, field),
                       f"unknown defence row {row!r} (combat.yaml has: {', '.join(model.defence)})")
    for flag in ("base", "lighthouse"):
        n = sum(1 for k in model.spaces.kinds if getattr(k, flag))
        if n != 1:
            report("spaces", ("kinds",), f"exactly one space kind must be the {flag} (found {n})")
    if not any(k.lot for k in model.spaces.kinds):
        report("spaces", ("kinds",), "no space kind is a building lot")


def _check_tiles(model: IslandOfFog, report: Report) -> bool:
    """Shape and codes of every tile; False when the grids cannot be read."""
    n = model.board.spaces_per_tile
    ok = True
    designs: list[tuple[Loc, s.TileDesign]] = [(("lighthouse",), model.tiles.lighthouse),
                                               (("starting",), model.tiles.starting)]
    designs += [(("field", i), d) for i, d in enumerate(model.tiles.field)]
    for loc, d in designs:
        if len(d.rows) != n:
            report("tiles", (*loc, "rows"), f"tile {d.id!r} has {len(d.rows)} rows (a tile is {n}x{n} spaces)")
            ok = False
        for r, row in enumerate(d.rows):
            codes = row.split()
            if len(codes) != n:
                report("tiles", (*loc, "rows", r),
                       f"row has {len(codes)} spaces (a tile is {n}x{n}; write codes apart: 'P F P')")
                ok = False
            for code in codes:
                if code not in model.kind_by_code:
                    report("tiles", (*loc, "rows", r),
                           f"unknown space code {code!r} (codes: {' '.join(model.kind_by_code)})")
                    ok = False
    _unique(report, "tiles", ("field",), [d.id for d in model.tiles.field], "tile")
    if not ok:
        return False
    flags = {"base": 0, "lighthouse": 0}
    for loc, d in designs:
        grid = model.read_tile(d, "field").grid
        for flag in flags:
            count = sum(1 for row in grid for k in row if getattr(model.kind[k], flag))
            want = 1 if (flag == "base" and loc == ("starting",)) or \
                (flag == "lighthouse" and loc == ("lighthouse",)) else 0
            if count != want:
                report("tiles", (*loc, "rows"),
                       f"tile {d.id!r} has {count} {flag} spaces (it must have {want})")
    if model.tiles.lighthouse.id == model.tiles.starting.id or any(
            d.id in (model.tiles.lighthouse.id, model.tiles.starting.id) for d in model.tiles.field):
        report("tiles", (), "tile ids must differ between the lighthouse, starting and field tiles")
    if not any(model.kind[k].lot for row in model.starting_tile.grid for k in row):
        report("tiles", ("starting", "rows"), "the starting tile has no building lot for the starting buildings")
    return True


def _check_units(model: IslandOfFog, report: Report) -> None:
    stacking = model.units.stacking
    want = set(range(2, stacking.max_size + 1)) if any(u.stackable for u in model.units.units) else set()
    if set(stacking.rerolls) != want:
        report("units", ("stacking", "rerolls"),
               f"re-rolls must be given for stack sizes {sorted(want)} (found {sorted(stacking.rerolls)})")
    for size, k in stacking.rerolls.items():
        if k > model.combat.dice:
            report("units", ("stacking", "rerolls", size),
                   f"a stack cannot re-roll {k} dice when a side rolls {model.combat.dice}")


def _check_board(model: IslandOfFog, report: Report, grids_ok: bool) -> None:
    if model.board.default_size not in model.variant:
        report("board", ("default_size",),
               f"no variant of size {model.board.default_size} (sizes: {sorted(model.variant)})")
    for i, v in enumerate(model.board.variants):
        rings = v.size // 2
        if len(v.ring_values) != rings:
            report("board", ("variants", i, "ring_values"),
                   f"a {v.size}x{v.size} board has {rings} rings besides the lighthouse "
                   f"(found {len(v.ring_values)} values)")
            continue
        if v.lighthouse == "centre" and v.size % 2 == 0:
            report("board", ("variants", i, "lighthouse"),
                   f"a {v.size}x{v.size} board has no centre square: put the lighthouse in the pile")
            continue
        if grids_ok and not player_counts(model, v.size):
            report("board", ("variants", i, "size"),
                   f"the tiles cannot set up a {v.size}x{v.size} board for any player count "
                   f"({model.field_tile_count} field tiles)")
