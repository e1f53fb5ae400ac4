"""Names that must resolve before the model can be made: shapes, terrains, effects, squares, ids."""

from __future__ import annotations

from collections.abc import Iterable

from ...content import ContentSet, Loc, Problem
from .board import parse_square
from .model import Files
from .schema import EFFECT_KINDS_NEEDING_COLOUR, EFFECT_KINDS_NEEDING_TERRAIN, FaceSpec, ShapeSpec


def _known(found: str, allowed: Iterable[str]) -> str:
    return f"(found {found!r}, allowed: {', '.join(allowed)})"


def duplicate_ids(content: ContentSet, stem: str, path: Loc, ids: list[str], what: str) -> list[Problem]:
    seen: dict[str, int] = {}
    out = []
    for i, x in enumerate(ids):
        if x in seen:
            out.append(content.problem(stem, (*path, i, "id"),
                                       f"{what} {x!r} is defined twice (first at entry {seen[x] + 1})"))
        seen.setdefault(x, i)
    return out


def reference_problems(files: Files, content: ContentSet) -> list[Problem]:
    """Every name that does not resolve, every duplicated id; the model is made only without them."""
    out: list[Problem] = []
    g, t, sp, b = files.game, files.tiles, files.specials, files.boards
    terrains = [x.id for x in g.terrains]
    colours = [c.id for c in g.inhabitants.colours]
    shapes = {s.id: s for s in t.shapes}
    out += duplicate_ids(content, "game", ("terrains",), terrains, "terrain")
    out += duplicate_ids(content, "game", ("inhabitants", "colours"), colours, "inhabitant colour")
    out += duplicate_ids(content, "game", ("player_colours",), [c.id for c in g.player_colours],
                         "player colour")
    out += duplicate_ids(content, "tiles", ("shapes",), [s.id for s in t.shapes], "shape")
    out += duplicate_ids(content, "tiles", ("player_marks",), [m.id for m in t.player_marks], "mark")
    out += duplicate_ids(content, "specials", ("groups",), [x.id for x in sp.groups], "group")
    out += duplicate_ids(content, "specials", ("specials",), [x.id for x in sp.specials], "special island")
    out += duplicate_ids(content, "boards", ("actions",), [x.id for x in b.actions], "action")
    out += duplicate_ids(content, "boards", ("player_boards",), [x.id for x in b.player_boards],
                         "player board")
    out += duplicate_ids(content, "boards", ("starting_islands",), [x.id for x in b.starting_islands],
                         "starting island")
    out += duplicate_ids(content, "decisions", ("decisions",), [x.id for x in files.decisions.decisions],
                         "decision")
    kinds: list[str] = [e.kind for e in sp.effects]
    for i, kind_id in enumerate(kinds):
        if kind_id in kinds[:i]:
            out.append(content.problem("specials", ("effects", i, "kind"), f"effect {kind_id!r} is defined twice"))

    for i, terrain in enumerate(g.terrains):
        if terrain.inhabitant is not None and terrain.inhabitant not in colours:
            out.append(content.problem("game", ("terrains", i, "inhabitant"),
                                       f"unknown inhabitant colour {_known(terrain.inhabitant, colours)}"))

    for i, each in enumerate(t.shapes):
        if each.mirror_of is not None and each.mirror_of not in shapes:
            out.append(content.problem("tiles", ("shapes", i, "mirror_of"),
                                       f"unknown shape {_known(each.mirror_of, shapes)}"))
    marks = [m.id for m in t.player_marks]
    for k, kind in enumerate(t.island_tiles):
        at: Loc = ("island_tiles", k)
        shape = shapes.get(kind.shape)
        if shape is None:
            out.append(content.problem("tiles", (*at, "shape"), f"unknown shape {_known(kind.shape, shapes)}"))
            continue
        if shape.special_only:
            out.append(content.problem("tiles", (*at, "shape"),
                                       f"shape {shape.id!r} is for special islands only"))
        want = 1 if kind.per == "terrain" else 2
        if len(shape.fragments) != want:
            out.append(content.problem(
                "tiles", (*at, "per"),
                f"per: {kind.per} needs a shape of {want} fragment{'s' if want > 1 else ''} "
                f"(shape {shape.id!r} has {len(shape.fragments)})"))
        for mark in kind.marks:
            if mark not in marks:
                out.append(content.problem("tiles", (*at, "marks", mark), f"unknown mark {_known(mark, marks)}"))
        if sum(kind.marks.values()) > kind.copies:
            out.append(content.problem("tiles", (*at, "marks"),
                                       f"{sum(kind.marks.values())} marked copies of {kind.copies} copies"))

    groups = [x.id for x in sp.groups]
    for i, s in enumerate(sp.specials):
        at = ("specials", i)
        if s.group not in groups:
            out.append(content.problem("specials", (*at, "group"), f"unknown group {_known(s.group, groups)}"))
        if s.effect not in kinds:
            out.append(content.problem("specials", (*at, "effect"), f"unknown effect {_known(s.effect, kinds)}"))
        sshape = shapes.get(s.shape)
        if sshape is None:
            out.append(content.problem("specials", (*at, "shape"), f"unknown shape {_known(s.shape, shapes)}"))
        elif len(sshape.fragments) != 1:
            out.append(content.problem("specials", (*at, "shape"),
                                       f"a special island is one fragment (shape {sshape.id!r} has "
                                       f"{len(sshape.fragments)})"))
        elif sshape.fragments[0].edges and s.terrain is None:
            out.append(content.problem("specials", at, f"special island {s.id!r}: missing field 'terrain' "
                                       f"(shape {sshape.id!r} reaches the tile's edges)"))
        elif not sshape.fragments[0].edges and s.terrain is not None:
            out.append(content.problem("specials", (*at, "terrain"),
                                       f"a complete special island has no terrain (shape {sshape.id!r}); "
                                       "use 'depicts' for the terrain it shows"))
        for field in ("terrain", "depicts"):
            value = getattr(s, field)
            if value is not None and value not in terrains:
                out.append(content.problem("specials", (*at, field), f"unknown terrain {_known(value, terrains)}"))
        if s.colour is not None and s.colour not in colours:
            out.append(content.problem("specials", (*at, "colour"), f"unknown colour {_known(s.colour, colours)}"))
        if s.effect in EFFECT_KINDS_NEEDING_TERRAIN and s.depicts is None:
            out.append(content.problem("specials", at, f"special island {s.id!r}: effect {s.effect!r} "
                                       "needs 'depicts' (the terrain type it counts)"))
        if s.effect in EFFECT_KINDS_NEEDING_COLOUR and s.colour is None:
            out.append(content.problem("specials", at, f"special island {s.id!r}: effect {s.effect!r} "
                                       "needs 'colour' (the inhabitant colour it designates)"))

    grid = g.player_board
    for i, pb in enumerate(b.player_boards):
        for j, sq in enumerate(pb.layout):
            at = ("player_boards", i, "layout", j)
            out += _face_refs(content, at, sq, shapes, terrains)
            if parse_square(sq.square, grid.rows, grid.columns) is None:
                out.append(content.problem("boards", (*at, "square"),
                                           f"not a square of the {grid.columns}x{grid.rows} board "
                                           f"(found {sq.square!r}, allowed A1 to "
                                           f"{chr(ord('A') + grid.columns - 1)}{grid.rows})"))
    for i, st in enumerate(b.starting_islands):
        for side, spec in sorted(st.sides.items()):
            out += _face_refs(content, ("starting_islands", i, "sides", side), spec, shapes, terrains)
    return out


def _face_refs(content: ContentSet, at: Loc, spec: FaceSpec, shapes: dict[str, ShapeSpec],
               terrains: list[str]) -> list[Problem]:
    out = []
    shape = shapes.get(spec.shape)
    if shape is None:
        return [content.problem("boards", (*at, "shape"), f"unknown shape {_known(spec.shape, shapes)}")]
    for j, terrain in enumerate(spec.terrains):
        if terrain not in terrains:
            out.append(content.problem("boards", (*at, "terrains", j), f"unknown terrain {_known(terrain, terrains)}"))
    if len(spec.terrains) != len(shape.fragments):
        out.append(content.problem("boards", (*at, "terrains"),
                                   f"shape {shape.id!r} has {len(shape.fragments)} fragment(s): give one terrain "
                                   f"each (found {len(spec.terrains)})"))
    return out
