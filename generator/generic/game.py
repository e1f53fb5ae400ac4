"""A designer's own game with no Python: `game.yaml` of kind `generic` names components (cards, tiles,
tokens), each from a data file (CSV or YAML) drawn by a layout, with a back and quantities.

    kind: generic
    title: Market Day
    components:
      - id: cards
        name: Market cards
        data: cards.csv          # one row a face
        layout: card             # layouts/card.yaml
        back: back               # layouts/back.yaml (drawn for each row, so a back may show a field)
        quantity: copies         # a column with each row's copies, or a number
        fields: {name: text, cost: number, kind: [goods, people, event], copies: number}
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePath
from typing import Any, Literal, overload

from pydantic import Field, field_validator

from ..content import ContentSet, Problem, Slug, Strict
from ..content.nearby import closest, did_you_mean
from ..content.problems import on
from ..content.schema import MAX_NUMBER
from ..core.game import BuildOptions, Game, Kit
from ..core.kitspec import DrawnFaces, Face, KitFile, PrintFile, Section
from ..draw.scene import Scene
from ..layout import Item, Layout, draw, load_layouts, load_palette
from ..layout.render import at_place, face_size, fields_read, reads_item
from ..layout.spec import present
from ..layout.template import Template, TemplateFails, compile_template, is_template, render
from .table import Cell, Row, Table, read_table

KIND = "generic"
FIELD_NAME = re.compile(r"^[a-z_][a-z0-9_]*$")
DATA_SUFFIXES = (".csv", ".xlsx", ".yaml", ".yml")
DATA_FILE = re.compile(rf"^[A-Za-z0-9_.-]+({'|'.join(map(re.escape, DATA_SUFFIXES))})$", re.IGNORECASE)
FieldType = Literal["number", "text"] | list[str]


class Component(Strict):
    """A deck or group of faces: one a row of its data file, drawn by a layout."""

    id: Slug
    """Its id, which names its PDF (`ID.pdf`) and its faces' SVGs."""
    name: str
    """Its name as players read it."""
    kind: Literal["cards", "tiles", "tokens"] = "cards"
    data: str
    """The data file in the game's folder: a CSV or a spreadsheet (.xlsx) whose first row names the
    columns, or a YAML list of entries; one row a face."""
    sheet: str | None = None
    """The sheet of a spreadsheet to read (its first when none is named)."""
    layout: str = Field(min_length=1, max_length=500)
    """The layout that draws a face: layouts/LAYOUT.yaml; or a template over the row choosing one for
    each row (`"{{ class }}"`), every one of them the same size."""
    back: str | None = None
    """The layout that draws the back (drawn for each row, so a back may show a field); a template over the
    row choosing one for each row; none for no back."""
    quantity: int | str = Field(default=1)
    """How many copies of each face are printed: a number, or the name of a number field."""
    fields: dict[str, FieldType] = Field(default_factory=dict)
    """Every field (column) with its type: number, text, or a list of the words it may hold."""
    svg: bool = True
    """Whether each face gets an SVG of its own under svg/; false for a deck of hundreds, printed from its
    PDF alone."""

    @field_validator("data")
    @classmethod
    def _data_file(cls, value: str) -> str:
        if value.lower().endswith(".ods"):
            raise ValueError("playkit reads no .ods (no well-kept pure-Python reader: docs/spreadsheets.md); "
                             "save the sheet as .xlsx or .csv")
        if not DATA_FILE.match(value):
            raise ValueError("a data file of the game's folder named with letters, digits, _ . or -, ending "
                             f"{', '.join(DATA_SUFFIXES)}")
        return value

    @field_validator("fields")
    @classmethod
    def _names(cls, value: dict[str, FieldType]) -> dict[str, FieldType]:
        for name in value:
            if not FIELD_NAME.match(name):
                raise ValueError(f"field name {name!r}: lower-case letters, digits and _ (a template reads it)")
        return value


class GameFile(Strict):
    """game.yaml of a game made with no Python: its title and its components."""

    kind: Literal["generic"]
    """Always `generic`: a game drawn from data files and layouts."""
    title: str = Field(min_length=1, max_length=200)
    """The game's title, printed on its pages."""
    components: tuple[Component, ...] = Field(min_length=1)


@dataclass(frozen=True, slots=True)
class _Row:
    """A checked row as the check drew it: its face (its back when the back reads the row), what
    people call it, and its copies and SVG name. The layout's boxes that read nothing of the row,
    and a text drawn before, are the same objects on every face (layout/render.py), so a deck of
    thousands holds each face's own lines only."""

    front: Scene
    back: Scene | None
    called: str
    copies: int
    svg: str
    layout: str          # the names of its face's and back's layouts ("" for no back)
    back_layout: str


def _named(comp: Component, file: str, fields: dict[str, Any], line: int) -> tuple[str, str]:
    """A row's item name, as its problems name it (where the row is written, as `file` is shown), and
    what people call its face (Face.name): its `name` or `title` field, else its number."""
    called = fields.get("name") or fields.get("title")
    return f"{comp.name} {_label(fields)!r} ({file}:{line})", str(called or f"{comp.name} {fields['number']}")


def _titled(comp: Component, file: str, fields: dict[str, Any], line: int) -> str:
    """A row's face title (the drawing's, so the bytes of its PDF and SVG): as its item name, but with
    the data file's own name, not the folder it was read from, so a build does not depend on where
    playkit was run."""
    return _named(comp, PurePath(file).name, fields, line)[0]


def _label(fields: dict[str, Any]) -> Any:
    return fields.get("name") or fields.get("title") or f"row {fields['number']}"


class RowFaces(DrawnFaces):
    """A component's faces as its check drew them: each face is laid out once a build, and the press
    prints the check's drawing (its texts fitted once), a page at a time; `copies`, how many it prints."""

    def __init__(self, comp: Component, rows: list[_Row], size: tuple[float, float], shared_back: Scene | None,
                 same_backs: bool) -> None:
        self.comp, self.rows = comp, rows
        self.shared_back = shared_back          # the one back, when the back layout reads no field
        self.same_backs = same_backs            # every back drawn alike: one SVG for all
        self.size = size
        self.copies = sum(r.copies for r in rows)
        self.backs = comp.back is not None
        self.named = comp.svg

    def __len__(self) -> int:
        return len(self.rows)

    @overload
    def __getitem__(self, index: int) -> Face: ...
    @overload
    def __getitem__(self, index: slice) -> list[Face]: ...
    def __getitem__(self, index: int | slice) -> Face | list[Face]:
        if isinstance(index, slice):
            return [self._face(r) for r in self.rows[index]]
        return self._face(self.rows[index])

    def __iter__(self) -> Iterator[Face]:
        return (self._face(r) for r in self.rows)

    def _face(self, row: _Row) -> Face:
        back = row.back or self.shared_back
        back_svg = ""
        if back is not None and row.svg:
            back_svg = f"{self.comp.id}/back" if self.same_backs else f"{row.svg}-back"
        return Face(row.front, back, row.copies, self.comp.name, row.svg, back_svg, row.called)


@dataclass
class GenericGame:
    game: GameFile
    drawn: list[RowFaces]   # each component's faces, drawn once when the model is checked
    problems: list[Problem] = field(default_factory=list)


def make_model(parts: dict[str, Any], content: ContentSet) -> GenericGame:
    """Read every component's data, check it against its fields, and draw every face (the fit checks
    of the layouts need the real texts, so drawing is part of validating)."""
    game: GameFile = parts["game"]
    problems: list[Problem] = []
    palette = load_palette(content.folder, problems)
    layouts = load_layouts(content.folder, palette, problems)
    game_source = content.sources["game"]
    drawn = []
    for k, comp in enumerate(game.components):
        def at(key: str, message: str, k: int = k) -> Problem:
            return game_source.problem(("components", k, key), message)
        front = _Pick.of("layout", comp.layout, layouts, content.folder, at, problems)
        back = _Pick.of("back", comp.back, layouts, content.folder, at, problems) if comp.back else None
        if isinstance(comp.quantity, str) and comp.quantity not in comp.fields:
            problems.append(at("quantity", f"quantity names the field {comp.quantity!r}, which `fields` does "
                                           "not declare as a number"))
        content.claim(comp.data)  # read here, not through content.parse: not an unknown file
        table = read_table(content.folder / comp.data, content.folder, problems, comp.sheet)
        if table is None:
            continue
        found: list[Problem] = []   # said unless the table turns out unreadable (they would be false)
        made = None
        if front is not None and (comp.back is None or back is not None):
            made = _draw(comp, table, layouts, front, back, at, found)
        problems += table.finish(found)
        if made is not None and table.unreadable is None:
            drawn.append(made)
    return GenericGame(game, drawn, problems)


@dataclass(frozen=True)
class _Pick:
    """A component's layout (or back) as written: one layout's name, or a template over the row that
    names one for each row."""

    key: str
    name: str
    template: Template | None

    @staticmethod
    def of(key: str, name: str, layouts: dict[str, Layout], folder: Path, at: Callable[[str, str], Problem],
           problems: list[Problem]) -> _Pick | None:
        """The pick, or None (with the problem at game.yaml's line) for a layout that is not there (one
        that is there but broken has its own problems) or a template that cannot be read."""
        if is_template(name):
            try:
                return _Pick(key, name, compile_template(name))
            except TemplateFails as err:
                problems.append(at(key, f"the template fails: {err}"))
                return None
        if name in layouts:
            return _Pick(key, name, None)
        if not present(folder / "layouts" / f"{name}.yaml"):
            problems.append(at(key, f"no layout {name!r} (layouts/{name}.yaml; layouts: "
                                    f"{', '.join(sorted(layouts)) or 'none'}){did_you_mean(name, layouts)}"))
        return None

    def layout(self, layouts: dict[str, Layout], item: Item, at: Callable[[str, str], Problem],
               problems: list[Problem]) -> str | None:
        """The name of the row's layout; None (with the problem where the row wrote the name, or at
        game.yaml's line when it is not one field's) when it names none."""
        if self.template is None:
            return self.name
        try:
            name = render(self.template, item.fields).strip()
        except TemplateFails as err:
            problems.append(on(at(self.key, f"{item.name}: the template fails: {err}"), item.name))
            return None
        if name in layouts:
            return name
        message = (f"{item.name}: the {self.key} {name!r} is no layout of the game (layouts/{name}.yaml; "
                   f"layouts: {', '.join(sorted(layouts)) or 'none'}){did_you_mean(name, layouts)}")
        for field_name in self.template.fields:
            where = item.places.get(field_name)
            if where is not None and str(item.fields.get(field_name, "")).strip() == name:
                problems.append(at_place(where, f"{field_name}: {message}"))
                return None
        problems.append(on(at(self.key, message), item.name))
        return None


def _draw(comp: Component, table: Table, layouts: dict[str, Layout], front: _Pick, back: _Pick | None,
          at: Callable[[str, str], Problem], problems: list[Problem]) -> RowFaces:
    """Check every row and draw its face and back once, for the problems drawing finds (a text too
    long for its box, a layout the row names that is not there or not the deck's size): the drawings
    the press prints."""
    rows: list[_Row] = []
    first_back: Scene | None = None
    same_backs = True
    svg_names: list[tuple[str, Cell | Row]] = []   # each face's SVG name, with the cell that gives it
    shared = back is not None and back.template is None and not reads_item(layouts[back.name])
    absent: set[str] = set()   # declared fields the header lacks: said once, at the header, not on each row
    size: tuple[float, float] | None = None   # the deck's: its first row's face
    sized_by = ""
    said: set[tuple[str, str]] = set()        # layouts said to be of another size
    if table.header and comp.fields:
        meant = set()
        for name, cell in table.header.items():
            if name not in comp.fields:
                meant.add(closest(name, comp.fields))
                problems.append(table.at(cell, f"column {name!r} is not one of the declared fields "
                                               f"({', '.join(comp.fields)}){did_you_mean(name, comp.fields)}"
                                               f"{table.split(name)}"))
        absent = {name for name in comp.fields if name not in table.header}
        if absent - meant:
            first = next(iter(table.header.values()))
            header = ", ".join(map(repr, table.header))
            problems.append(table.at(first, f"no column {', '.join(sorted(absent - meant))} (the header names "
                                            f"{header}){table.split(header)}"))
    partial: dict[tuple[str, frozenset[str]], Layout] = {}
    for n, row in enumerate(table.rows, 1):
        values, wrong, ok = _typed(comp, table, row, problems, absent)
        places = {k: table.place(c) for k, c in row.cells.items()}
        fields = {**values, "number": n}
        named, called = _named(comp, table.file, fields, row.line)
        item = Item(named, fields, places)
        if not ok:
            # drawn all the same by the boxes that read no wrong cell, so that what else is wrong with the
            # row (a text too long for its box) is said now, not once its wrong cells are fixed
            for pick in (front, back):
                if pick is not None and (pick.template is None or wrong.isdisjoint(pick.template.fields)):
                    picked = pick.layout(layouts, item, at, problems)
                    if picked is not None:
                        problems += draw(_without(layouts[picked], frozenset(wrong), partial), item)[1]
            continue
        copies = values[comp.quantity] if isinstance(comp.quantity, str) else comp.quantity
        if (isinstance(copies, float) and not copies.is_integer()) or not isinstance(copies, (int, float)) \
                or copies < 0:
            where: Cell | Row = row.cells.get(str(comp.quantity)) or row
            problems.append(table.at(where, f"{comp.quantity}: a whole number of copies, not {copies!r}"))
            continue
        front_name = front.layout(layouts, item, at, problems)
        back_name = back.layout(layouts, item, at, problems) if back is not None else ""
        if front_name is None or back_name is None:
            continue
        for key, name in (("layout", front_name), ("back", back_name)):
            face = face_size(layouts[name]) if name else None
            if size is None:
                size, sized_by = face, name
            elif face is not None and face != size:
                if (key, name) not in said:   # once a layout, not once a row
                    said.add((key, name))
                    problems.append(at(key, f"the {key} layout {name!r} is not the size of {sized_by!r} "
                                            f"({face[0]:g} x {face[1]:g} mm, not {size[0]:g} x {size[1]:g} mm: "
                                            f"one component, one size; met at {item.name})"))
                front_name = None
        if front_name is None:
            continue
        face_front, found = draw(layouts[front_name], item)
        problems += found
        title = _titled(comp, table.file, fields, row.line)
        if face_front.title != title:
            face_front = replace(face_front, title=title)
        back_face = None
        if back_name and (first_back is None or not shared):
            back_face, found = _back(comp, layouts[back_name], item)
            problems += found
            if first_back is None:
                first_back = back_face
            elif same_backs and back_face != first_back:
                same_backs = False
        ident = str(values.get("id") or f"{n:02d}-{_label(fields)}")
        svg = f"{comp.id}/{_slug(ident)}" if comp.svg else ""
        if svg:
            svg_names.append((svg, row.cells.get("id") or row.cells.get("name") or row))
        rows.append(_Row(face_front, None if shared else back_face, called, int(copies), svg, front_name, back_name))
    problems += _same_files(comp, table, svg_names, back is not None and not same_backs)
    if size is None:   # no row drawn: the size its one layout says
        size = face_size(layouts[front.name] if front.template is None else None)
    return RowFaces(comp, rows, size, first_back if shared else None, same_backs)


def _same_files(comp: Component, table: Table, named: list[tuple[str, Cell | Row]], own_backs: bool) -> list[Problem]:
    """Two faces whose SVGs would have one file name (ids `Fire Bolt` and `fire-bolt`; an id `x-back`
    beside the back of `x`): a problem at the second, naming the first."""
    taken: dict[str, Cell | Row] = {}
    if not own_backs:
        taken[f"{comp.id}/back"] = Row({}, 0, 0)   # the deck's one back
    out = []
    for svg, where in named:
        for name in (svg, f"{svg}-back") if own_backs else (svg,):
            first = taken.setdefault(name, where)
            if first is not where:
                other = f"the face of line {first.line}" if first.line else "the deck's back"
                out.append(table.at(where, f"its file would be svg/{name}.svg, as {other}'s is (ids or names "
                                           "that differ only in case or punctuation give one file name): give it "
                                           "another id or name"))
    return out


def _without(layout: Layout, wrong: frozenset[str], made: dict[tuple[str, frozenset[str]], Layout]) -> Layout:
    """The layout without the boxes (and background) that read a field of `wrong`, made once a set."""
    key = (layout.name, wrong)
    if key not in made:
        def reads(value: Any) -> bool:
            return not wrong.isdisjoint(fields_read(value))

        boxes = [b for b in layout.boxes if not any(reads(v) for v in b.values.values())]
        made[key] = replace(layout, boxes=boxes, background=None if reads(layout.background) else layout.background)
    return made[key]


def _back(comp: Component, back: Layout, item: Item) -> tuple[Scene, list[Problem]]:
    """The back of a row's face: a back names no card."""
    scene, found = draw(back, item)
    return replace(scene, title=f"{comp.name}: back"), found


MAX_FILE_STEM = 80
"""Characters of a face's SVG name, made from its id or name (a file name has at most 255 bytes)."""


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower())[:MAX_FILE_STEM].strip("-") or "face"


def _typed(comp: Component, table: Table, row: Row, problems: list[Problem],
           absent: Collection[str] = ()) -> tuple[dict[str, Any], set[str], bool]:
    """The row's values in their declared types, the declared fields that are wrong or missing (their
    cells' text in the values, if any), and whether the row is right; every wrong cell is a problem at
    its place (a column the header lacks, `absent`, has been said once already)."""
    out: dict[str, Any] = {}
    wrong: set[str] = set()
    ok = True
    for name, kind in comp.fields.items():
        cell = row.cells.get(name)
        if cell is None:
            if name not in absent:
                problems.append(table.at(row, f"{name}: missing (the fields are {', '.join(comp.fields)})"))
            ok = False
            wrong.add(name)
            continue
        try:
            out[name] = _value(kind, cell)
        except ValueError as err:
            problems.append(table.at(cell, f"{name}: {err}"))
            ok = False
            wrong.add(name)
            out[name] = "" if cell.value is None else str(cell.value)
    for name, cell in row.cells.items():
        if name not in comp.fields:
            if comp.fields and not table.header:   # YAML: an undeclared key is a typo
                problems.append(table.at(cell, f"unknown field {name!r} (fields: {', '.join(comp.fields)})"
                                               f"{did_you_mean(name, comp.fields)}"))
                ok = False
            elif not FIELD_NAME.match(name):
                continue
            else:
                out[name] = cell.value
    return out, wrong, ok


def _value(kind: FieldType, cell: Cell) -> Any:
    value = cell.value
    text = str(value).strip() if not isinstance(value, (int, float)) or isinstance(value, bool) else value
    if kind == "number":
        if isinstance(text, (int, float)) and not isinstance(text, bool):
            number: int | float = text
        else:
            try:
                parsed = float(str(text))
            except ValueError:
                raise ValueError(f"a number, not {value!r}") from None
            number = int(parsed) if parsed.is_integer() and "." not in str(text) else parsed
        if not math.isfinite(number) or abs(number) > MAX_NUMBER:  # as every number in content
            raise ValueError(f"a number from -{MAX_NUMBER:,} to {MAX_NUMBER:,}, not {value!r}")
        return number
    if kind == "text":
        return "" if value is None else str(value)
    if str(text) not in kind:
        raise ValueError(f"one of {', '.join(kind)}, not {value!r}")
    return str(text)


def data_schema(comp: Component) -> dict[str, Any]:
    """The JSON Schema of a component's YAML data file, for editors (`playkit schema`): a list of
    entries with the declared fields, each of its type, as `_typed` reads them."""
    number = {"anyOf": [{"type": "number"}, {"type": "string", "pattern": r"^\s*-?\d+(?:\.\d+)?\s*$"}]}
    text = {"type": ["string", "number", "boolean", "null"]}
    properties = {name: number if kind == "number" else text if kind == "text" else {"enum": list(kind)}
                  for name, kind in comp.fields.items()}
    entry: dict[str, Any] = {"type": "object", "properties": properties, "required": list(comp.fields)}
    if comp.fields:
        entry["additionalProperties"] = False   # an undeclared key in YAML is a typo
    return {"type": "array", "items": entry, "description": f"{comp.name}: one entry a face."}


def check(model: GenericGame, content: ContentSet) -> list[Problem]:
    return list(model.problems)


def components(model: GenericGame) -> dict[str, int]:
    return {faces.comp.name: faces.copies for faces in model.drawn}


def kit(model: GenericGame, content: ContentSet, options: BuildOptions) -> Kit:
    return Kit(model.game.title, _files(model))


def _files(model: GenericGame) -> Iterator[KitFile]:
    for faces in model.drawn:
        comp, rows = faces.comp, faces.rows
        used = [f"layouts/{n}.yaml" for n in (*(r.layout for r in rows), *(r.back_layout for r in rows)) if n]
        yield PrintFile(f"{comp.id}.pdf", comp.name, [Section(comp.name, faces)],
                        tuple(dict.fromkeys(("game.yaml", comp.data, *used))))


def game_for(game_id: str) -> Game:
    """The Game of a data-only content folder (its id is the folder's name)."""
    return Game(id=game_id, title=game_id, files={"game": GameFile}, model=make_model, check=check,
                components=components, kit=kit)
