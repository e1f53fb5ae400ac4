"""Figures in a rulebook: faces or scenes side by side, drawn by the kit's own drawers, with a caption.

A rulebook text names a figure on a line of its own,

    ::: figure NAME | label | label
    The caption, a paragraph of its own (the template may put the model's numbers in it).

and the game provides the figure NAME: the scenes (a tile is the very scene the tile sheet prints, so a
stat change reaches the figure too) and, when the directive gives none, a label under each scene.
The press numbers the figures in the order they appear.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import replace

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Paragraph, Spacer, Table, TableStyle
from reportlab.platypus.flowables import Flowable

from ..core.kitspec import Figure
from ..draw import fonts, pdf, width_mm
from ..draw.scene import Circle, Group, Item, Line, Rect, Scene, Text, leaves
from ..draw.text import MIN_TEXT_PT
from .markup import inline

DIRECTIVE = re.compile(r"^:::\s*figure\s+([a-z0-9][a-z0-9-]*)\s*((?:\|[^|]*)*)$")
GAP_MM = 6.0
MIN_LABEL_MM = 18.0  # the narrowest column a label under a figure gets
OUTLINE = "#9aa5ab"


class UnknownFigure(KeyError):
    """A rulebook names a figure its game does not provide."""


def parse(line: str) -> tuple[str, tuple[str, ...]] | None:
    """The figure name and labels of a directive line, or None if the line is not one."""
    m = DIRECTIVE.match(line.strip())
    if not m:
        return None
    labels = tuple(part.strip() for part in m.group(2).split("|")[1:])
    return m.group(1), labels


class SceneFlowable(Flowable):
    """One scene at a scale, as a reportlab flowable (the same pdf backend that draws the kit)."""

    def __init__(self, scene: Scene, scale: float, outline: bool) -> None:
        super().__init__()
        self.scene, self.scale, self.outline = legible(scene, scale), scale, outline
        self.width, self.height = scene.w * scale * mm, scene.h * scale * mm

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.scale(self.scale, self.scale)
        pdf.draw(c, self.scene, 0, 0, page_h=self.scene.h)
        c.restoreState()
        if self.outline:
            c.saveState()
            c.setStrokeColor(colors.HexColor(OUTLINE))
            c.setLineWidth(0.4)
            c.rect(0, 0, self.width, self.height, stroke=1, fill=0)
            c.restoreState()


MIN_PT = MIN_TEXT_PT
"""No text of a kit prints smaller; a face shown smaller than life leaves out the words that would."""


def legible(scene: Scene, scale: float) -> Scene:
    """The scene without the texts that would print under MIN_PT at `scale`: a figure shows the
    piece's picture, its caption and labels say the words (a printed speck is no text to read)."""
    kept = _without_texts(scene.items, lambda text: text.size_pt * scale < MIN_PT - 1e-9)
    return Scene(scene.w, scene.h, kept, scene.background, scene.title)


def _without_texts(items: tuple[Item, ...], drop: Callable[[Text], bool]) -> tuple[Item, ...]:
    """The items without the texts `drop` picks, inside groups too (a Clipped keeps its clip)."""
    return tuple(replace(it, items=_without_texts(it.items, drop)) if isinstance(it, Group) else it
                 for it in items if not (isinstance(it, Text) and drop(it)))


def flowable(fig: Figure, labels: tuple[str, ...], number: int, caption: str, width: float,
             styles: Mapping[str, ParagraphStyle]) -> Flowable:
    """The figure: its scenes in rows at one scale, a label under each, the numbered caption. The scenes
    stand in one row unless their labels' columns cannot share the text's width: then in as few even
    rows as hold them (a row never runs past the text into the paper's margin)."""
    gap = GAP_MM * mm
    labels = labels or fig.labels
    labelled = any(labels)
    n = len(fig.scenes)
    scale, groups = arrange(fig, labels, width)
    all_labels = (*labels, *[""] * n)[:n]
    tables: list[Flowable] = []
    for group in groups:
        cells = [SceneFlowable(fig.scenes[k], scale, fig.outline) for k in group]
        col_w = [max(c.width, MIN_LABEL_MM * mm if labelled else 0) + (gap if j < len(group) - 1 else 0)
                 for j, c in enumerate(cells)]
        table_rows: list[list[object]] = [list(cells)]
        if labelled:
            table_rows.append([Paragraph(inline(all_labels[k]), styles["label"]) for k in group])
        t = Table(table_rows, colWidths=col_w, hAlign="CENTER")
        t.setStyle(TableStyle([
            ("FONTNAME", (0, 0), (-1, -1), fonts.pdf_name("regular")),  # else reportlab sets Helvetica
            ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
            ("ALIGN", (0, 0), (-1, 0), "CENTER"),
            ("VALIGN", (0, 1), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-2, -1), gap),
            ("TOPPADDING", (0, 0), (-1, -1), 1.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
        ]))
        tables.append(t)
    text = f"<b>Figure {number}.</b> {inline(caption)}" if caption else f"<b>Figure {number}.</b>"
    return KeepTogether([Spacer(1, 4), *tables, Paragraph(text, styles["caption"]), Spacer(1, 4)])


BOOK_H_MM = 230.0   # the tallest a figure stands on a book's page (its text frame, less a caption)


def smallest_pt(scene: Scene) -> float | None:
    """The smallest text size of a scene at its own size (None: it has no words)."""
    sizes = [it.size_pt for it in leaves(scene.items) if isinstance(it, Text) and it.text.strip()]
    return min(sizes, default=None)


def arrange(fig: Figure, labels: tuple[str, ...], width: float) -> tuple[float, list[list[int]]]:
    """The one scale of a figure's scenes and the scenes of each row (by index), for a text `width`
    wide (reportlab points). The scale is at most max_scale and max_h_mm a row; where the scenes'
    words would print under MIN_PT in one row, the scale grows until they do not (up to max_scale) and
    the scenes wrap into as many rows as that takes, as long as the rows stand on a page."""
    gap = GAP_MM * mm
    labelled = any(labels)
    room = 0.98 * width
    col_min = MIN_LABEL_MM * mm if labelled else 0.0

    def pack(scale: float) -> list[list[int]]:
        rows: list[list[int]] = [[]]
        used = 0.0
        for k, sc in enumerate(fig.scenes):
            w = max(sc.w * mm * scale, col_min)
            if rows[-1] and used + gap + w > room:
                rows.append([])
                used = 0.0
            used += (gap if rows[-1] else 0.0) + w
            rows[-1].append(k)
        return rows

    def fits(scale: float, rows: list[list[int]]) -> float:
        """The largest scale up to `scale` at which each row lies inside the width."""
        for row in rows:
            scenes = [fig.scenes[k] for k in row]
            total_w = sum(s.w for s in scenes) * mm
            free = room - gap * (len(scenes) - 1)
            scale = min(scale, free / total_w)
            if labelled:   # a small piece's column is widened to hold its label: the row shrinks to make room
                extra = sum(max(0.0, col_min - s.w * mm * scale) for s in scenes)
                scale = min(scale, (free - extra) / total_w)
        return scale

    tallest = max(s.h for s in fig.scenes) * mm
    top = min(fig.max_scale, min(fig.max_h_mm, BOOK_H_MM) * mm / tallest)   # a row stands on a page
    one_row = [list(range(len(fig.scenes)))]
    scale = fits(top, one_row)
    small = [p for p in (smallest_pt(s) for s in fig.scenes) if p is not None]
    want = min(top, MIN_PT / min(small)) if small else scale
    if scale < want - 1e-9:
        rows = pack(want)
        wrapped = fits(want, rows)
        height = sum(max(fig.scenes[k].h for k in row) for row in rows) * wrapped
        if height <= BOOK_H_MM and wrapped > scale:
            return wrapped, rows
    return scale, one_row


def detail(face: Scene, x: float, y: float, w: float, h: float, title: str = "") -> Scene:
    """The part (x, y, w, h in mm) of a face, as a scene of its own: a figure shows a large face's
    detail at a size its words read at, rather than the whole face too small to read."""
    items: tuple[Item, ...] = face.items
    if face.background:
        items = (Rect(0, 0, face.w, face.h, fill=face.background), *items)
    return Scene(w, h, (Group(items, -x, -y),), face.background, title or face.title)


def pictured(face: Scene, titles_pt: float | None = None) -> Scene:
    """A face without its words: for a figure whose caption names only what the picture shows (the
    lay of a board, where pieces go), not a word printed on it. With `titles_pt`, the words printed at
    that size or larger stay (the boards' titles of a table seen whole)."""
    shown = _without_texts(face.items, lambda text: titles_pt is None or text.size_pt < titles_pt)
    return Scene(face.w, face.h, shown, face.background, face.title, face.play_area)


def lookup(figures: Mapping[str, Figure], name: str) -> Figure:
    if name not in figures:
        raise UnknownFigure(f"the rulebook names figure {name!r}; the game provides: "
                            f"{', '.join(sorted(figures)) or 'none'}")
    return figures[name]


# ---- building figure scenes out of kit faces -------------------------------------------------------------

def placed(face: Scene, dx: float, dy: float) -> Group:
    """A face as a group of a larger scene, its background painted, its top-left at (dx, dy)."""
    items: tuple[Item, ...] = face.items
    if face.background:
        items = (Rect(0, 0, face.w, face.h, fill=face.background), *items)
    return Group((*items, Rect(0, 0, face.w, face.h, stroke=OUTLINE, stroke_mm=0.25)), dx, dy)


CALLOUT_DOT_MM = 0.8     # the dot a callout ends in, on the point it names
CALLOUT_INK = "#333333"


def annotated(face: Scene, notes: list[tuple[float, float, str]], *, size_pt: float = 7.5) -> Scene:
    """A face with callouts: each note points from its words, left or right of the face, to the point
    (x, y) on the face (notes on the left half of the face go left)."""
    margin_mm = max(width_mm(words, size_pt, "regular") for _, _, words in notes) + 8.0
    w = face.w + 2 * margin_mm
    step = max(size_pt * 0.353 * 2.6, 5.0)
    left = sorted((n for n in notes if n[0] < face.w / 2), key=lambda n: n[1])
    right = sorted((n for n in notes if n[0] >= face.w / 2), key=lambda n: n[1])
    h = max(face.h, step * (max(len(left), len(right)) + 1)) + 4
    top = (h - face.h) / 2
    items: list[Item] = [placed(face, margin_mm, top)]
    for side, group in (("left", left), ("right", right)):
        y0 = top + (face.h - step * (len(group) - 1)) / 2
        for k, (x, y, words) in enumerate(group):
            ty = y0 + step * k
            px, py = margin_mm + x, top + y
            if side == "left":
                items += [Line(margin_mm - 3, ty - 1, px, py, stroke=CALLOUT_INK, stroke_mm=0.25),
                          Text(margin_mm - 4, ty, words, size_pt, anchor="end")]
            else:
                tx = margin_mm + face.w + 3
                items += [Line(tx, ty - 1, px, py, stroke=CALLOUT_INK, stroke_mm=0.25),
                          Text(tx + 1, ty, words, size_pt)]
    items += [Circle(margin_mm + x, top + y, CALLOUT_DOT_MM, fill=CALLOUT_INK) for x, y, _ in notes]
    return Scene(w, h, tuple(items), title=face.title)
