"""A layout drawn for one item into the neutral scene, with every problem placed in the layout.

Pure apart from reading the layout's own pictures and fonts: the same layout and item give the same
scene, so PDF and SVG come from one drawing. Problems name the item and where its data was written.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..content import Problem
from ..content.problems import on
from ..draw import fonts
from ..draw.scene import BLEED_ART, Anchor, Circle, FontStyle, Line, Rect, Scene, polygon
from ..draw.scene import Item as SceneItem
from ..draw.text import Icon, Piece, draw_fitted, fit
from . import markup
from .picturefit import fitted
from .spec import MIN_TEXT_PT, PLACE, Box, Colour, Layout, LayoutIcon, points
from .template import Template, TemplateFails, missing_fields, render
from .units import length


@dataclass(frozen=True)
class SlotBox:
    """Where a game draws its own art (icons, badges, terrain, rich text): the box in mm, and the text
    sizes the layout asks for (None when it leaves them to the game)."""

    x: float
    y: float
    w: float
    h: float
    size: float | None = None
    min_size: float | None = None
    color: str | None = None
    stroke_width: float | None = None


Slot = Callable[[SlotBox], tuple[SceneItem, ...]]
"""Game art drawn by code into a named box of the layout (it raises DoesNotFit for a text too long)."""


class DoesNotFit(Exception):
    """Raised by a slot's drawing whose text cannot fit the box at the smallest size it may print:
    the layout reports it at the box, naming the item and where the fields it names were written."""

    def __init__(self, message: str, fields: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.fields = fields

_EDGE = 0.01   # mm a box may pass the face's edge by rounding
_ANCHOR: dict[str, Anchor] = {"left": "start", "center": "middle", "right": "end"}
_FALSY = ("", "0", "false", "none", "no")


@dataclass(frozen=True, slots=True)
class Item:
    """What a face shows: its fields (the template context), how problems name it, and where each
    field's value was written ('FILE:LINE:COL', for messages)."""

    name: str
    fields: Mapping[str, Any]
    places: Mapping[str, str] = field(default_factory=dict)


def reads_item(layout: Layout) -> bool:
    """Whether the layout's drawing depends on the item (a text, a `when` or a colour template that
    reads a field); when not, one drawing serves every item (a deck's shared back)."""
    return any(map(fields_read, [layout.background, *(v for box in layout.boxes for v in box.values.values())]))


def fields_read(value: object) -> tuple[str, ...]:
    """The item's fields a value reads: a template's (a colour's too); none for a plain value."""
    template = value.template if isinstance(value, Colour) else value
    return template.fields if isinstance(template, Template) else ()


def face_size(layout: Layout | None, given: tuple[float, float] | None = None) -> tuple[float, float]:
    """The face's size: the game's when it sets one, else the layout's (poker by default, and for no layout)."""
    return given or (layout.size if layout is not None else None) or (63.0, 88.0)


@dataclass(frozen=True)
class Scale:
    """How a layout written for one face size is drawn on a face of another (the game's, say a card
    size changed in its kit): lengths in mm stretch with the face, x and widths with its width, y and
    heights with its height; what has no direction (text and stroke sizes, corner radii) by the
    smaller of the two, so it still fits. Percentages follow the face by themselves."""

    x: float = 1.0
    y: float = 1.0

    @staticmethod
    def of(layout: Layout, face: tuple[float, float]) -> Scale:
        if layout.size is None or layout.size == face:
            return Scale()
        return Scale(face[0] / layout.size[0], face[1] / layout.size[1])

    @property
    def k(self) -> float:
        return min(self.x, self.y)

    def pt(self, size: float, floor: float) -> float:
        """A text size scaled, never below `floor` (the box's min_size, itself never below 6 pt)."""
        return size if self.k == 1.0 else max(floor, size * self.k)


def place(box: Box, fw: float, fh: float, scale: Scale = Scale()) -> tuple[float, float, float, float]:
    """The box (x, y, width, height) in mm on a fw x fh mm face (a box whose place is written as a
    template: see `_placed`)."""
    v = box.values
    return (v["x"].mm(fw, scale.x), v["y"].mm(fh, scale.y), v["width"].mm(fw, scale.x), v["height"].mm(fh, scale.y))


def _templated(box: Box, keys: tuple[str, ...]) -> bool:
    return any(isinstance(box.values.get(key), Template) for key in keys)


def _placed(box: Box, item: Item, fw: float, fh: float, scale: Scale,
            problems: list[Problem]) -> tuple[float, float, float, float] | None:
    """The place of a box some of whose x, y, width and height are templates, for this item; None (with
    the problem at the value's line, naming the item and where its fields were written) when a template
    gives no length."""
    out = []
    for key, whole, k in (("x", fw, scale.x), ("y", fh, scale.y), ("width", fw, scale.x), ("height", fh, scale.y)):
        value = box.values[key]
        if isinstance(value, Template):
            said = len(problems)
            text = _text(box, key, item, problems)
            if len(problems) > said:
                return None
            try:
                value = length(text.strip())
            except ValueError as err:
                problems.append(on(box.at[key].problem(f"box {box.name!r}: {key}: {item.name}: the template gives "
                                                       f"{err}{_sources(value.fields, item)}"), item.name))
                return None
        out.append(value.mm(whole, k))
    return out[0], out[1], out[2], out[3]


Extent = tuple[float, float, float, float]
"""The area (x0, y0, x1, y1) in mm a text box's lines cover."""


@dataclass
class _Sized:
    """A layout worked out for one face size: where each box goes, and the drawing (with its text's
    extent) of each box that reads nothing of the item, once it has been drawn without a problem."""

    scale: Scale
    places: list[tuple[float, float, float, float] | None]   # None: a template over the item
    fixed: list[bool]                        # the box reads no field: one drawing serves every item
    drawings: dict[int, tuple[list[SceneItem], Extent | None]] = field(default_factory=dict)
    texts: dict[int, _TextSettings] = field(default_factory=dict)   # each text box's settings
    lines: dict[int, dict[str, tuple[list[SceneItem], Extent]]] = field(default_factory=dict)
    """The drawing of a text box by its text, for a box whose text alone decides it: a deck's stats
    and rules texts repeat from card to card (bounded: TEXTS_KEPT a box)."""


TEXTS_KEPT = 1024
"""Texts a text box remembers the drawing of; past it, it forgets them all and starts again."""


def _sized(layout: Layout, w: float, h: float) -> _Sized:
    known: _Sized | None = layout.drawn.get((w, h))
    if known is None:
        scale = Scale.of(layout, (w, h))
        known = layout.drawn[(w, h)] = _Sized(scale, [None if _templated(box, PLACE) else place(box, w, h, scale)
                                                      for box in layout.boxes],
                                               [_reads_nothing(box) for box in layout.boxes])
    return known


def _reads_nothing(box: Box) -> bool:
    """Whether the box draws the same for every item: no template of it reads a field, and it is not
    a slot (the game's code draws those)."""
    return box.type != "slot" and not any(map(fields_read, box.values.values()))


def draw(layout: Layout, item: Item, size: tuple[float, float] | None = None,
         slots: Mapping[str, Slot] | None = None) -> tuple[Scene, list[Problem]]:
    """The face of `item` drawn by `layout`, and every problem found drawing it."""
    w, h = face_size(layout, size)
    sized = _sized(layout, w, h)
    problems: list[Problem] = []
    items: list[SceneItem] = []
    texts: list[tuple[Box, Extent]] = []   # text drawn so far, where
    for i, box in enumerate(layout.boxes):
        where = sized.places[i] or _placed(box, item, w, h, sized.scale, problems)
        if where is None:
            continue
        if sized.places[i] is None and not _inside(box, where, w, h, []):
            x, y, bw, bh = where   # said with the item: each item places this box where its data says
            fields = sorted({f for key in PLACE if isinstance(t := box.values[key], Template) for f in t.fields})
            problems.append(on(box.where.problem(
                f"box {box.name!r}: {item.name}: its place ({x:g}, {y:g}, {bw:g} x {bh:g} mm) is outside the "
                f"{w:g} x {h:g} mm face{_sources(tuple(fields), item)}"), item.name))
            continue
        known = sized.drawings.get(i)
        if known is not None:
            drawn, extent = known
        else:
            found: list[Problem] = []
            drawn, extent = _box(box, item, w, h, where, sized, i, slots or {}, found, layout.icons)
            if sized.fixed[i] and not found:   # a problem names the item: such a box is drawn each time
                sized.drawings[i] = (drawn, extent)
            problems += found
        if drawn and box.type != "text":
            _covers(box, drawn, texts, item, where, problems)
        if extent is not None:
            texts.append((box, extent))
        items += drawn
    background = _paint(layout.background, item, problems, None) if layout.background else None
    return Scene(w, h, tuple(items), background=background, title=item.name, shape=layout.shape), problems


def _covers(box: Box, drawn: list[SceneItem], texts: list[tuple[Box, Extent]], item: Item,
            where: tuple[float, float, float, float], problems: list[Problem]) -> None:
    """A box painted over text already drawn hides it: that is a broken face, not a design."""
    if box.type in ("line",) or (box.type in ("rect", "circle", "polygon") and not getattr(drawn[0], "fill", None)):
        return
    x, y, w, h = where
    for text_box, (x0, y0, x1, y1) in texts:
        if box.type == "circle":
            cx, cy, r = x + w / 2, y + h / 2, min(w, h) / 2
            dx, dy = max(x0 - cx, 0.0, cx - x1), max(y0 - cy, 0.0, cy - y1)
            hit = dx * dx + dy * dy < r * r - 1e-6
        else:
            hit = x < x1 - 1e-6 and x0 < x + w - 1e-6 and y < y1 - 1e-6 and y0 < y + h - 1e-6
        if hit:
            problems.append(on(box.where.problem(f"box {box.name!r} is drawn over the text of box {text_box.name!r}; "
                                                 "move one of them or draw the text later"), item.name))


def _box(box: Box, item: Item, fw: float, fh: float, where: tuple[float, float, float, float], sized: _Sized,
         index: int, slots: Mapping[str, Slot], problems: list[Problem],
         icons: Mapping[str, LayoutIcon]) -> tuple[list[SceneItem], Extent | None]:
    """The box drawn for the item, with the area its text covers (a text box's)."""
    if box.type == "text":
        x, y, w, h = where
        if not _inside(box, where, fw, fh, problems) or not _shown(box, item, problems):
            return [], None
        settings = sized.texts.get(index)
        if settings is None:
            settings = _TextSettings.of(box, sized.scale, item, problems)
            if settings is None:
                return [], None
            if not _templated(box, ("size", "min_size")):
                sized.texts[index] = settings
        known = sized.lines.setdefault(index, {}) if settings.by_text and sized.places[index] else None
        return _text_box(box, item, x, y, w, h, settings, problems, known, icons)
    return _shape(box, item, fw, fh, where, sized.scale, slots, problems), None


def _inside(box: Box, where: tuple[float, float, float, float], fw: float, fh: float,
            problems: list[Problem]) -> bool:
    x, y, w, h = where
    if x < -_EDGE or y < -_EDGE or x + w > fw + _EDGE or y + h > fh + _EDGE or w < 0 or h < 0:
        problems.append(box.where.problem(
            f"box {box.name!r} ({x:g}, {y:g}, {w:g} x {h:g} mm) is outside the {fw:g} x {fh:g} mm face"))
        return False
    return True


def _shown(box: Box, item: Item, problems: list[Problem]) -> bool:
    """Whether the box's `when` (if it has one) lets it be drawn for the item."""
    return "when" not in box.values or _text(box, "when", item, problems).strip().lower() not in _FALSY


def _shape(box: Box, item: Item, fw: float, fh: float, where: tuple[float, float, float, float], scale: Scale,
           slots: Mapping[str, Slot], problems: list[Problem]) -> list[SceneItem]:
    """Any box but a text."""
    x, y, w, h = where
    if not _inside(box, where, fw, fh, problems) or not _shown(box, item, problems):
        return []
    kind = box.type
    if kind == "slot":
        if box.name not in slots:
            problems.append(box.where.problem(f"box {box.name!r}: the game draws nothing called {box.name!r} "
                                              f"(it draws: {', '.join(sorted(slots)) or 'nothing'})"))
            return []
        colour = _paint(box.get("color"), item, problems, box.at.get("color"))
        size, low = box.get("size"), box.get("min_size")
        if size is not None:
            size = scale.pt(size, low if low is not None else MIN_TEXT_PT)
        stroke_width = box.get("stroke_width")
        try:
            return list(slots[box.name](SlotBox(x, y, w, h, size, low, colour,
                                                stroke_width * scale.k if stroke_width is not None else None)))
        except DoesNotFit as err:
            problems.append(box.where.problem(f"box {box.name!r}: {item.name}: {err}{_sources(err.fields, item)}"))
            return []
    if kind == "image":
        return _image(box, item, fw, fh, where, problems)
    fill = _paint(box.get("fill"), item, problems, box.at.get("fill"))
    stroke = _paint(box.get("stroke"), item, problems, box.at.get("stroke"))
    stroke_mm = box.get("stroke_width", 0.3) * scale.k
    if stroke_mm <= 0:   # no stroke (a PDF line of width 0 is the thinnest the device draws: a hairline)
        if kind == "line":
            return []
        stroke = None
    if kind == "rect":
        radius = min(box.get("radius", 0.0) * scale.k, w / 2, h / 2)
        if box.get("bleed"):
            x, y, w, h = _into_bleed(where, fw, fh)
        return [Rect(x, y, w, h, fill, stroke, stroke_mm, radius)]
    if kind == "circle":
        return [Circle(x + w / 2, y + h / 2, min(w, h) / 2, fill, stroke, stroke_mm)]
    if kind == "line":
        return [Line(x, y, x + w, y + h, stroke or "#000000", stroke_mm)]
    points = [(x + px.mm(w), y + py.mm(h)) for px, py in box.values["points"]]
    return [polygon(points, fill=fill, stroke=stroke, stroke_mm=stroke_mm)]


def _text(box: Box, key: str, item: Item, problems: list[Problem]) -> str:
    template: Template = box.values[key]
    missing = missing_fields(template, item.fields)
    if missing:
        known = ", ".join(sorted(item.fields)) or "none"
        problems.append(on(box.at[key].problem(f"box {box.name!r}: unknown field in the template "
                                               f"({', '.join(map(repr, missing))} is undefined; fields: {known})"),
                           item.name))
        return ""
    try:
        return render(template, item.fields)
    except (TemplateFails, TypeError, ValueError, ArithmeticError) as err:
        problems.append(on(box.at[key].problem(f"box {box.name!r}: the template fails: {err}"), item.name))
    return ""


def _paint(colour: Colour | None, item: Item, problems: list[Problem], at: Any) -> str | None:
    if colour is None:
        return None
    if colour.template is None:
        return colour.value
    try:
        value = render(colour.template, item.fields).strip()
    except TemplateFails as err:
        if at is not None:
            problems.append(on(at.problem(f"the colour's template fails: {err}"), item.name))
        return None
    if value == "none":
        return None
    if value in colour.names:
        return colour.names[value]
    if len(value) == 7 and value.startswith("#") and all(c in "0123456789abcdefABCDEF" for c in value[1:]):
        return value.lower()
    if at is not None:
        problems.append(at.problem(f"{item.name}: the colour's template gives {value!r}, neither '#rrggbb' "
                                   "nor a name of the palette"))
    return None


def _sources(fields: tuple[str, ...], item: Item) -> str:
    """Where the item's fields a text reads were written, for the message."""
    places = [f"{name} at {item.places[name]}" for name in fields if name in item.places]
    return f" (text from {', '.join(places)})" if places else ""


@dataclass(frozen=True)
class _TextSettings:
    """A text box's settings as drawn on one face size (read from its values once, not once a card)."""

    style: FontStyle
    file: str
    size: float          # scaled, never below `low`
    low: float
    wrapping: bool
    anchor: Anchor
    valign: str
    by_text: bool        # its text alone decides its drawing (no `when`, no colour read from the item)

    @staticmethod
    def of(box: Box, scale: Scale, item: Item, problems: list[Problem]) -> _TextSettings | None:
        """The settings for the item (its own, when a size is a template over it: None, with the problem
        at the size's line, when it gives no size in bounds)."""
        font = box.get("font", "regular")
        style: FontStyle = font if font in ("regular", "bold", "italic") else "regular"
        file = "" if font in ("regular", "bold", "italic") else font
        sizes = []
        for key in ("min_size", "size"):
            value = box.values[key]
            if isinstance(value, Template):
                said = len(problems)
                text = _text(box, key, item, problems).strip()
                if len(problems) > said:
                    return None
                try:
                    value = points(float(text))
                except ValueError as err:
                    number = text.lstrip("-").replace(".", "", 1).isdigit()
                    why = str(err) if number else f"{text!r}, not a size in points"
                    problems.append(on(box.at[key].problem(f"box {box.name!r}: {key}: {item.name}: the template "
                                                           f"gives {why}{_sources(box.values[key].fields, item)}"),
                                       item.name))
                    return None
            sizes.append(value)
        low, size = sizes
        if low > size:
            problems.append(on(box.at.get("min_size", box.where).problem(
                f"box {box.name!r}: {item.name}: min_size {low:g} pt is larger than size {size:g} pt"), item.name))
            return None
        colour = box.get("color")
        by_text = ("when" not in box.values and not (isinstance(colour, Colour) and colour.template is not None)
                   and not _templated(box, ("size", "min_size")))
        return _TextSettings(style, file, scale.pt(size, low), low, box.get("wrap", True),
                             _ANCHOR[box.get("align", "left")], box.get("valign", "top"), by_text)


def _text_box(box: Box, item: Item, x: float, y: float, w: float, h: float, settings: _TextSettings,
              problems: list[Problem], known: dict[str, tuple[list[SceneItem], Extent]] | None,
              icons: Mapping[str, LayoutIcon]) -> tuple[list[SceneItem], Extent | None]:
    """The box's lines, and the area they cover (ascenders to descenders); taken from `known` (the
    box's drawings by text) when its text was drawn there before without a problem, and kept there."""
    text = _text(box, "text", item, problems)
    if not text.strip():
        return [], None
    if known is not None:
        drawn_before = known.get(text)
        if drawn_before is not None:
            return drawn_before
        if len(known) >= TEXTS_KEPT:
            known.clear()
        said = len(problems)
        found = _text_lines(box, item, x, y, w, h, settings, problems, text, icons)
        if found[1] is not None and len(problems) == said:
            known[text] = (found[0], found[1])
        return found
    return _text_lines(box, item, x, y, w, h, settings, problems, text, icons)


def _text_lines(box: Box, item: Item, x: float, y: float, w: float, h: float, settings: _TextSettings,
                problems: list[Problem], text: str, icons: Mapping[str, LayoutIcon],
                ) -> tuple[list[SceneItem], Extent | None]:
    style, file = settings.style, settings.file
    try:
        paras = markup.parse(text, {name: icon.aspect for name, icon in icons.items()}, style)
    except markup.MarkupError as err:
        problems.append(_markup_problem(box, item, err))
        return [], None
    if file and any(isinstance(p, Piece) and p.style != style for para in paras for p in para):
        problems.append(on(box.at["text"].problem(
            f"box {box.name!r}: {item.name}: <b> and <i> print in the built-in fonts; this box's font is a "
            "font file of the game's (use `font: regular`, bold or italic, or no tags)"), item.name))
        return [], None
    for para in paras:
        for piece in para:
            missing = fonts.missing_glyphs(piece.text, piece.style, file) if isinstance(piece, Piece) else ""
            if missing:
                shown = ", ".join(f"{ch!r} U+{ord(ch):04X}" for ch in missing)
                problems.append(box.at["text"].problem(f"box {box.name!r}: {item.name}: the font has no glyph for "
                                                       f"{shown}{_sources(box.values['text'].fields, item)}"))
                return [], None
    low = settings.low
    laid = fit(paras, w, h, settings.size, low, file, settings.wrapping)
    if laid is None:
        problems.append(box.at["text"].problem(
            f"box {box.name!r}: {item.name}: the text does not fit its {w:g} x {h:g} mm box even at "
            f"{low:g} pt{_sources(box.values['text'].fields, item)}"))
        return [], None
    colour = _paint(box.get("color"), item, problems, box.at.get("color")) if "color" in box.values else "#000000"

    def icon(which: Icon, ix: float, iy: float, iw: float, ih: float) -> list[SceneItem]:
        return [fitted(icons[which.name].picture, ix, iy, iw, ih)]

    return draw_fitted(laid, x, y, w, h, color=colour, anchor=settings.anchor, valign=settings.valign,
                       font=file, icon=icon)


def _markup_problem(box: Box, item: Item, err: markup.MarkupError) -> Problem:
    """Markup that cannot be read, at the data that wrote it (the cell of the field whose value holds
    it), else at the box's text in the layout."""
    template: Template = box.values["text"]
    for name in template.fields:
        value = item.fields.get(name)
        where = item.places.get(name)
        if isinstance(value, str) and err.token in value and where:
            return on(at_place(where, f"{name}: {err} (drawn by box {box.name!r})"), item.name)
    return on(box.at["text"].problem(f"box {box.name!r}: {item.name}: {err}"), item.name)


def _into_bleed(where: tuple[float, float, float, float], fw: float, fh: float) -> tuple[float, float, float, float]:
    """The box run on past each edge of the face it touches, into the bleed (BLEED_ART mm: the press
    cuts it to the bleed of the build, whatever the profile)."""
    x, y, w, h = where
    x0 = x - BLEED_ART if x <= _EDGE else x
    y0 = y - BLEED_ART if y <= _EDGE else y
    x1 = x + w + BLEED_ART if x + w >= fw - _EDGE else x + w
    y1 = y + h + BLEED_ART if y + h >= fh - _EDGE else y + h
    return x0, y0, x1 - x0, y1 - y0


def _image(box: Box, item: Item, fw: float, fh: float, where: tuple[float, float, float, float],
           problems: list[Problem]) -> list[SceneItem]:
    """The box's picture, fitted: a fixed one, or the one its template names for the item (a name
    that is no picture is a problem at the data cell it came from)."""
    value = box.values["file"]
    if isinstance(value, Template):
        name = _text(box, "file", item, problems).strip()
        if not name:
            return []   # no picture for this item
        try:
            if box.shelf is None:
                raise ValueError("no pictures here")   # a layout made in code, with no game folder
            picture = box.shelf.picture(name)
        except ValueError as err:
            problems.append(_at_data(box, "file", item, f"box {box.name!r}: {item.name}: {err}"))
            return []
    else:
        picture = value
    x, y, w, h = _into_bleed(where, fw, fh) if box.get("bleed") else where
    return [fitted(picture, x, y, w, h, box.get("fit", "contain"))]


def _at_data(box: Box, key: str, item: Item, message: str) -> Problem:
    """A problem at the data cell the box's template `key` reads (the first field it names that has a
    place), else at the template itself."""
    template: Template = box.values[key]
    for name in template.fields:
        place = item.places.get(name)
        if place:
            layout = box.at[key].problem("")
            return at_place(place, f"{message} (the picture of {layout.file}:{layout.line})")
    return on(box.at[key].problem(message), item.name)


def at_place(place: str, message: str) -> Problem:
    """A problem at a data cell, given as an item's place of a field ('FILE:LINE:COL')."""
    file, line, col = place.rsplit(":", 2)
    return Problem(file, int(line), int(col), message)
