"""Layout files read and checked: named boxes with their fields, `extends` resolved, each value's place kept.

A layout is `layouts/<name>.yaml` in a game's content folder:

    size: poker                # a preset or {width: 63mm, height: 88mm}; optional when the game sets it
    shape: rect                # or circle: the piece's outline as it is cut (a round token)
    extends: base              # another layout of the folder: its boxes first, ours over them by name
    background: paper          # a palette name, '#rrggbb' or a template over the item
    icons: {fire: images/fire.svg}   # pictures a text prints inline as :fire: (layout/markup.py)
    boxes:
      cost: {type: circle, x: 3mm, y: 3mm, width: 12mm, height: 12mm, fill: ink}
      cost-text: {extends: cost, type: text, text: "{{ cost }}", size: 14, align: center}

Every problem is reported at the FILE:LINE:COL where the value was written (in the layout that wrote
it, when it came through `extends`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..content import Loc, Problem, Source
from ..content.contentset import load_noting, shown_path
from ..content.nearby import did_you_mean
from ..draw.scene import SHAPES, Shape
from ..draw.text import MIN_TEXT_PT as MIN_TEXT_PT  # the floor, named where layouts are checked
from ..draw.text import STEP_PT
from .pictures import FONT_SUFFIXES as FONT_SUFFIXES
from .pictures import IMAGE_SUFFIXES as IMAGE_SUFFIXES
from .pictures import Drawable, Shelf
from .svgimage import SvgPicture
from .template import Template, TemplateFails, compile_template, is_template
from .units import PRESETS, Length, length

LAYOUT_FIELDS = ("size", "extends", "background", "shape", "icons", "boxes")
BOX_TYPES = ("rect", "circle", "line", "polygon", "text", "image", "slot")
PLACE = ("x", "y", "width", "height")
_PLACE = (*PLACE, "when", "extends", "type")
NEEDS: dict[str, tuple[str, ...]] = {"text": ("text",), "image": ("file",), "polygon": ("points",)}
"""The fields a box of a type must have besides its place (x, y, width, height), once `extends` is resolved."""
_PAINT = ("fill", "stroke", "stroke_width")
ALLOWED: dict[str, frozenset[str]] = {
    "rect": frozenset((*_PLACE, *_PAINT, "radius", "bleed")),
    "circle": frozenset((*_PLACE, *_PAINT)),
    "line": frozenset((*_PLACE, "stroke", "stroke_width")),
    "polygon": frozenset((*_PLACE, *_PAINT, "points")),
    "text": frozenset((*_PLACE, "text", "font", "size", "min_size", "color", "align", "valign", "wrap")),
    "image": frozenset((*_PLACE, "file", "fit", "bleed")),
    # hints for the game's own drawing: text sizes, a colour and a line width
    "slot": frozenset((*_PLACE, "size", "min_size", "color", "stroke_width")),
}
ALIGN = ("left", "center", "right")
VALIGN = ("top", "middle", "bottom")
BUILTIN_FONTS = ("regular", "bold", "italic")
HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
ICON_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")   # as `:name:` in a text (layout/markup.py)
MAX_TEXT_PT = 720.0
"""The largest text size a layout may ask for (10 in, a 254 mm em): past any face playkit prints, and
a bound on the sizes the fitting tries (a text shrinks from it 0.25 pt a step)."""
TEMPLATED = frozenset(("x", "y", "width", "height", "size", "min_size"))
"""The box fields besides texts and colours whose value may be a template over the item (each item's
value is checked as it is drawn: inside the face, a size in bounds)."""
COLOUR_NAME = re.compile(r"^[a-z][a-z0-9-]*$")   # a palette's names
FITS = ("contain", "cover", "stretch")
VALUES: dict[str, str] = {
    "x": "length", "y": "length", "width": "length", "height": "length",
    "stroke_width": "thin", "radius": "thin",
    "fill": "colour", "stroke": "colour", "color": "colour",
    "text": "template", "when": "template",
    "font": "font", "size": "pt", "min_size": "pt",
    "align": "align", "valign": "valign", "wrap": "flag", "bleed": "flag",
    "file": "image", "points": "points", "fit": "fit",
}
"""The kind of value each box field holds: one checker a kind here, one JSON Schema a kind for editors
(layout/editor_schema.py)."""


@dataclass(frozen=True)
class At:
    """Where a value was written: a file and the path to it."""

    source: Source
    loc: Loc

    def problem(self, message: str, *, on_key: bool = False) -> Problem:
        return self.source.problem(self.loc, message, on_key=on_key)


@dataclass(frozen=True)
class Colour:
    """A colour as written: fixed ('#rrggbb', or None for no paint) or a template over the item, which
    may give '#rrggbb' or a name of the palette (`names`)."""

    value: str | None
    template: Template | None = None
    names: Mapping[str, str] = field(default_factory=dict)


@dataclass
class Box:
    """One named box with its checked values and where each was written."""

    name: str
    type: str
    values: dict[str, Any]
    at: dict[str, At]
    where: At
    shelf: Shelf | None = field(default=None, compare=False, repr=False)
    """The game's pictures (an image box whose file is a template finds the one it names there)."""

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)


@dataclass(frozen=True)
class LayoutIcon:
    """A picture a text box prints inline (`:name:`), one em tall: the picture (read once, from the
    game's shelf) and its width / height."""

    picture: Drawable
    aspect: float
    at: At


@dataclass
class Layout:
    name: str
    size: tuple[float, float] | None
    background: Colour | None
    boxes: list[Box]
    where: At
    shape: Shape = "rect"
    """The piece's outline as it is cut (`shape: circle` for a round token): the scene says it to exports."""
    icons: dict[str, LayoutIcon] = field(default_factory=dict)
    """Pictures its texts print inline (`:name:`), by name."""
    drawn: dict[tuple[float, float], Any] = field(default_factory=dict, init=False, compare=False, repr=False)
    """What render.py works out once per face size: where each box goes, and the drawing of each box
    that reads nothing of the item (a deck's frame and circles are drawn once, not once a card).
    Not an init field, so a layout made by `dataclasses.replace` (other boxes) starts with its own."""

    def box(self, name: str) -> Box | None:
        return next((b for b in self.boxes if b.name == name), None)


@dataclass
class Palette:
    """A game's named colours (layouts/palette.yaml: `colours: {ink: "#1f2328", …}`)."""

    colours: dict[str, str] = field(default_factory=dict)
    broken: bool = False
    """Whether palette.yaml could not be read (its problem is said): a colour it would name is then
    not said unknown on every box that paints with it."""

    def resolve(self, value: str) -> str | None:
        """'#rrggbb' for a hex colour or a palette name; None for 'none'; KeyError otherwise."""
        if value == "none":
            return None
        if HEX.match(value):
            return value.lower()
        return self.colours[value]


def load_palette(folder: Path, problems: list[Problem]) -> Palette:
    path = folder / "layouts" / "palette.yaml"
    if not present(path):
        return Palette()
    source = load_noting(path, shown_path(path), folder, problems)
    if source is None:
        return Palette()
    data = source.data
    if isinstance(data, dict) and set(data) - {"colours"}:
        for key in set(data) - {"colours"}:
            problems.append(source.problem((key,), f"unknown field {key!r} (a palette has colours)"
                                                   f"{did_you_mean(key, ('colours',))}", on_key=True))
        return Palette(broken=True)
    if not isinstance(data, dict) or not isinstance(data.get("colours"), dict):
        problems.append(source.problem((), "a palette is `colours:` with names and '#rrggbb' values"))
        return Palette(broken=True)
    out = {}
    for name, value in data["colours"].items():
        if not isinstance(name, str) or not COLOUR_NAME.match(name):
            problems.append(source.problem(("colours", name), f"colour name {name!r}: lower-case words "
                                           "joined by hyphens", on_key=True))
        elif not isinstance(value, str) or not HEX.match(value):
            problems.append(source.problem(("colours", name), f"colour {name!r}: '#rrggbb', not {value!r}"))
        else:
            out[name] = value.lower()
    return Palette(out)


def load_game_layouts(folder: Path, needed: Iterable[str], colours: Iterable[str],
                      problems: list[Problem]) -> tuple[Palette, dict[str, Layout]] | None:
    """The palette and layouts of a game whose code draws with them: `needed` names the layouts its
    faces use and `colours` the palette names its own art paints with. None (with every problem, at
    its place) when any is missing or broken, so a kit is never drawn from half a look."""
    found: list[Problem] = []
    palette = load_palette(folder, found)
    layouts = load_layouts(folder, palette, found)
    for name in needed:
        if name not in layouts and not any(p.file.endswith(f"{name}.yaml") for p in found):
            found.append(Problem(shown_path(folder / "layouts" / f"{name}.yaml"), 1, 1,
                                 f"missing layout {name!r}: the game draws its faces with it"))
    absent = sorted(set(colours) - set(palette.colours))
    if absent:
        found.append(Problem(shown_path(folder / "layouts" / "palette.yaml"), 1, 1,
                             f"the palette lacks {', '.join(map(repr, absent))}: the game's art paints with "
                             f"{'it' if len(absent) == 1 else 'them'}"))
    problems += found
    return None if found else (palette, layouts)


def load_layouts(folder: Path, palette: Palette, problems: list[Problem]) -> dict[str, Layout]:
    """Every layout in `folder/layouts/` (but the palette), resolved and checked."""
    raw: dict[str, Source] = {}
    for path in _layout_files(folder, problems):
        if path.stem == "palette":
            continue
        source = load_noting(path, shown_path(path), folder, problems)
        if source is not None:
            raw[path.stem] = source
    reader = _Reader(folder, palette, problems)
    out = {}
    for name, source in raw.items():
        layout = reader.layout(name, source, raw, ())
        if layout is not None:
            out[name] = layout
    return out


def present(path: Path) -> bool:
    """Whether there is anything at `path` (a file that cannot be read is there: reading it says why)."""
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError:
        return True
    return True


def _layout_files(folder: Path, problems: list[Problem]) -> list[Path]:
    """The layout files of the game's `layouts/` folder (none when it has none); a folder that cannot
    be listed is a problem at its name."""
    here = folder / "layouts"
    if not present(here):
        return []
    try:
        names = sorted(e.name for e in os.scandir(here))
    except OSError as err:
        problems.append(Problem(shown_path(here), 1, 1, f"cannot read the layouts folder: {err.strerror or err}"))
        return []
    return [here / n for n in names if n.endswith(".yaml") and not n.startswith(".")]


class _Reader:
    """Resolves `extends` and checks every value once, at the place it was written."""

    def __init__(self, folder: Path, palette: Palette, problems: list[Problem]) -> None:
        self.folder = folder
        self.palette = palette
        self.problems = problems
        self.shelf = Shelf(folder)

    def layout(self, name: str, source: Source, raw: dict[str, Source], chain: tuple[str, ...]) -> Layout | None:
        written = self._written(name, source, raw, chain)
        if written is None:
            return None
        top, boxes = written
        size = self._size(*top["size"]) if "size" in top else None
        background = None
        if "background" in top:
            try:
                background = self._colour(top["background"][0])
            except ValueError as err:
                self.problems.append(top["background"][1].problem(f"background: {err}"))
        shape: Shape = "rect"
        if "shape" in top:
            value, at = top["shape"]
            if value in SHAPES:
                shape = value
            else:
                self.problems.append(at.problem(f"shape: one of {', '.join(SHAPES)} (the piece's outline as it is "
                                                f"cut), not {value!r}{did_you_mean(value, SHAPES)}"))
        icons = self._icons(top["icons"][0]) if "icons" in top else {}
        resolved = {box: self._extend(box, boxes, ()) for box in boxes}
        parsed = [self._box(box, fields) for box, fields in resolved.items()]
        return Layout(name, size, background, [b for b in parsed if b is not None], At(source, ()), shape, icons)

    def _icons(self, written: dict[str, tuple[Any, At]]) -> dict[str, LayoutIcon]:
        out = {}
        for name, (value, at) in written.items():
            if not ICON_NAME.match(name):
                self.problems.append(at.problem(f"icon name {name!r}: lower-case letters, digits, - and _, "
                                                "starting with a letter (a text prints it as :name:)", on_key=True))
                continue
            try:
                if not isinstance(value, str) or is_template(value):
                    raise ValueError(f"a picture file ({', '.join(IMAGE_SUFFIXES)}) in the game's folder, "
                                     f"not {value!r}")
                picture = self.shelf.picture(value)
                out[name] = LayoutIcon(picture, _aspect(picture, value), at)
            except ValueError as err:
                self.problems.append(at.problem(f"icon {name!r}: {err}"))
        return out

    def _written(self, name: str, source: Source, raw: dict[str, Source], chain: tuple[str, ...]
                 ) -> tuple[dict[str, tuple[Any, At]], dict[str, dict[str, tuple[Any, At]]]] | None:
        """The layout's own values and boxes as written, over those of the layout it extends."""
        data = source.data
        if not isinstance(data, dict):
            self.problems.append(At(source, ()).problem(
                "a layout is a mapping with `boxes:` (and `size`, `extends`, `background`)"))
            return None
        top: dict[str, tuple[Any, At]] = {}
        boxes: dict[str, dict[str, tuple[Any, At]]] = {}
        if "extends" in data:
            parent, at = data["extends"], At(source, ("extends",))
            if not isinstance(parent, str) or parent not in raw:
                self.problems.append(at.problem(f"no layout {parent!r} to extend (layouts: {', '.join(sorted(raw))})"))
            elif parent in (*chain, name):
                self.problems.append(at.problem(f"layout {name!r} extends itself through {parent!r}"))
            else:
                up = self._written(parent, raw[parent], raw, (*chain, name))
                if up is not None:
                    top, boxes = up
                    boxes = {k: dict(v) for k, v in boxes.items()}
        for key in data:
            if key not in LAYOUT_FIELDS:
                self.problems.append(At(source, (key,)).problem(
                    f"unknown field {key!r} (a layout has {', '.join(LAYOUT_FIELDS)})"
                    f"{did_you_mean(key, LAYOUT_FIELDS)}", on_key=True))
            elif key in ("size", "background", "shape"):
                top[key] = (data[key], At(source, (key,)))
            elif key == "icons":   # over the icons of the layout it extends, by name
                at = At(source, (key,))
                if not isinstance(data[key], dict):
                    self.problems.append(at.problem("icons: a mapping of icon names to picture files, such as "
                                                    "{fire: images/fire.svg}"))
                    continue
                icons = dict(top["icons"][0]) if "icons" in top else {}
                for icon, file in data[key].items():
                    icons[str(icon)] = (file, At(source, (key, icon)))
                top[key] = (icons, at)
        own = data.get("boxes", {})
        if not isinstance(own, dict):
            self.problems.append(At(source, ("boxes",)).problem("boxes: a mapping of box names to boxes"))
            own = {}
        for box, fields in own.items():
            where = At(source, ("boxes", box))
            if not isinstance(fields, dict):
                self.problems.append(where.problem(f"box {box!r}: a mapping of fields (x, y, width, height, …)"))
                continue
            merged = boxes.setdefault(str(box), {})
            merged["__written__"] = (None, where)
            for key, value in fields.items():
                merged[str(key)] = (value, At(source, ("boxes", box, key)))
        return top, boxes

    def _size(self, value: Any, at: At) -> tuple[float, float] | None:
        if isinstance(value, str) and value in PRESETS:
            return PRESETS[value]
        if isinstance(value, dict) and set(value) == {"width", "height"}:
            try:
                w, h = length(value["width"], percent=False).value, length(value["height"], percent=False).value
            except ValueError as err:
                self.problems.append(at.problem(f"size: {err}"))
                return None
            if w > 0 and h > 0:
                return (w, h)
        self.problems.append(at.problem(f"size: one of {', '.join(PRESETS)}, or {{width: 63mm, height: 88mm}}; "
                                        f"not {value!r}"))
        return None

    def _extend(self, name: str, merged: dict[str, dict[str, tuple[Any, At]]],
                chain: tuple[str, ...]) -> dict[str, tuple[Any, At]]:
        fields = merged[name]
        if "extends" not in fields:
            return fields
        other, at = fields["extends"]
        if other not in merged:
            self.problems.append(at.problem(f"no box {other!r} to extend in this layout"))
            return fields
        if other in (*chain, name):
            self.problems.append(at.problem(f"box {name!r} extends itself through {other!r}"))
            return fields
        up = {k: v for k, v in self._extend(str(other), merged, (*chain, name)).items() if k != "__written__"}
        kind = fields.get("type", up.get("type", (None, None)))[0]
        if kind in ALLOWED:  # a text box on a circle takes its place, not its paint
            up = {k: v for k, v in up.items() if k in ALLOWED[kind]}
        return up | {k: v for k, v in fields.items() if k != "extends"}

    def _box(self, name: str, fields: dict[str, tuple[Any, At]]) -> Box | None:
        where = fields["__written__"][1]
        kind, kind_at = fields.get("type", (None, where))
        if kind not in BOX_TYPES:
            self.problems.append(kind_at.problem(f"box {name!r}: type is one of {', '.join(BOX_TYPES)}"
                                                 + (f", not {kind!r}" if kind is not None else " (missing)")))
            return None
        values: dict[str, Any] = {}
        at: dict[str, At] = {}
        ok = True
        for key, (value, place) in fields.items():
            if key in ("__written__", "extends", "type"):
                continue
            if key not in ALLOWED[kind]:
                self.problems.append(place.problem(f"box {name!r}: unknown field {key!r} for a {kind} box "
                                                   f"(fields: {', '.join(sorted(ALLOWED[kind] - {'type'}))})"
                                                   f"{did_you_mean(key, ALLOWED[kind])}",
                                                   on_key=True))
                ok = False
                continue
            try:
                values[key] = self._value(key, value)
            except ValueError as err:
                self.problems.append(place.problem(f"box {name!r}: {key}: {err}"))
                ok = False
                continue
            at[key] = place
        for key in ("size", "min_size"):
            if kind != "text" and isinstance(values.get(key), Template):
                self.problems.append(at[key].problem(f"box {name!r}: {key}: a template over the item sizes a "
                                                     "text box's words only; here a size in points, such as 9"))
                ok = False
        for key in PLACE:
            if key not in values and ok:
                self.problems.append(where.problem(f"box {name!r}: missing field {key!r}"))
                ok = False
        for key in NEEDS.get(kind, ()):
            if key not in values and ok:
                self.problems.append(where.problem(f"box {name!r}: a {kind} box needs `{key}`"))
                ok = False
        if kind == "text" and ok:
            size = values.setdefault("size", 10.0)
            low = values.setdefault("min_size", MIN_TEXT_PT if isinstance(size, Template) else min(MIN_TEXT_PT, size))
            if isinstance(size, Template) or isinstance(low, Template):
                pass   # checked for each item as it is drawn
            elif low > size:
                self.problems.append(at.get("min_size", where).problem(
                    f"box {name!r}: min_size {values['min_size']:g} pt is larger than size {size:g} pt"))
                ok = False
        return Box(name, str(kind), values, at, where, self.shelf if kind == "image" else None) if ok else None

    # ---- one checker per kind of value -------------------------------------------------------
    def _value(self, key: str, value: Any) -> Any:
        if key in TEMPLATED and isinstance(value, str) and is_template(value):
            return _template(value)
        checkers: dict[str, Callable[[Any], Any]] = {
            "length": length, "thin": _thin, "colour": self._colour, "template": _template,
            "font": self._font, "pt": _points, "align": _choice(ALIGN), "valign": _choice(VALIGN),
            "flag": _flag, "image": self._image, "points": _points_list, "fit": _choice(FITS),
        }
        return checkers[VALUES[key]](value)

    def _colour(self, value: Any) -> Colour:
        if not isinstance(value, str):
            raise ValueError(f"a palette name, '#rrggbb' or 'none', not {value!r}")
        if is_template(value):
            return Colour(None, _template(value), self.palette.colours)
        try:
            return Colour(self.palette.resolve(value))
        except KeyError:
            if self.palette.broken and COLOUR_NAME.match(value):
                return Colour("#000000")   # the palette's own problem is said; nothing is drawn with it
            names = ", ".join(sorted(self.palette.colours)) or "none yet: add layouts/palette.yaml"
            raise ValueError(f"unknown colour {value!r} (palette: {names}; or '#rrggbb')") from None

    def _image(self, value: Any) -> Drawable | Template:
        """A picture of the game's folder, or a template over the item that names one (each name it
        gives is checked as the face is drawn, at the data cell it comes from)."""
        if isinstance(value, str) and is_template(value):
            return _template(value)
        if not isinstance(value, str):
            raise ValueError(f"a picture file ({', '.join(IMAGE_SUFFIXES)}) in the game's folder, not {value!r}")
        return self.shelf.picture(value)

    def _font(self, value: Any) -> str:
        if isinstance(value, str) and value in BUILTIN_FONTS:
            return value
        if not isinstance(value, str) or not value.lower().endswith(FONT_SUFFIXES):
            raise ValueError(f"one of {', '.join(BUILTIN_FONTS)} or a .ttf/.otf file in the game's folder, "
                             f"not {value!r}")
        return self.shelf.font(value)


def _thin(value: Any) -> float:
    mm = length(value, percent=False).value
    if mm < 0:
        raise ValueError(f"at least 0, not {value!r}")
    return mm


def _points(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise ValueError(f"a size in points, such as 9, not {value!r}")
    return points(value)


def points(value: float) -> float:
    """A text size in bounds: at least MIN_TEXT_PT, at most MAX_TEXT_PT (ValueError saying which)."""
    if value < MIN_TEXT_PT:
        raise ValueError(f"{value:g} pt is smaller than the {MIN_TEXT_PT:g} pt every printed word keeps")
    if value > MAX_TEXT_PT:
        raise ValueError(f"{value:g} pt is larger than the {MAX_TEXT_PT:g} pt a text may be (a text shrinks "
                         f"from its size {STEP_PT:g} pt a step to fit)")
    return float(value)


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"true or false, not {value!r}")
    return value


def _choice(options: tuple[str, ...]) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        if value not in options:
            raise ValueError(f"one of {', '.join(options)}, not {value!r}")
        return str(value)
    return check


def _template(value: Any) -> Template:
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise ValueError(f"a text or a template such as '{{{{ name }}}}', not {value!r}")
    try:
        return compile_template(str(value))
    except TemplateFails as err:
        raise ValueError(f"template: {err}") from None


def _points_list(value: Any) -> tuple[tuple[Length, Length], ...]:
    if not isinstance(value, list) or len(value) < 3:
        raise ValueError("at least three [x, y] points, in lengths or % of the box")
    out = []
    for p in value:
        if not isinstance(p, list) or len(p) != 2:
            raise ValueError(f"each point is [x, y], not {p!r}")
        out.append((length(p[0]), length(p[1])))
    return tuple(out)


def _aspect(picture: Drawable, name: str) -> float:
    """A picture's width / height (an SVG's viewBox, a raster's pixels)."""
    if isinstance(picture, SvgPicture):
        _, _, w, h = picture.view
    else:
        w, h = picture.px
    if not (w > 0 and h > 0 and 1 / MAX_ICON_ASPECT <= w / h <= MAX_ICON_ASPECT):
        raise ValueError(f"the picture {name!r} is {w:g} x {h:g}: an icon is drawn one em tall, and at most "
                         f"{MAX_ICON_ASPECT:g} times as wide as tall or as tall as wide")
    return float(w / h)


MAX_ICON_ASPECT = 20.0
