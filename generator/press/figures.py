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
from collections.abc import Mapping

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Spacer, Table, TableStyle
from reportlab.platypus.flowables import Flowable

from ..draw import fonts, pdf, width_mm
from ..draw.scene import Circle, Group, Item, Line, Rect, Scene, Text
from ..draw.text import MIN_TEXT_PT
from ..kitspec import Figure
from .paragraph import Paragraph

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

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        return self.width, self.height

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
    def keep(items: tuple[Item, ...]) -> tuple[Item, ...]:
        out: list[Item] = []
        for it in items:
            if isinstance(it, Text) and it.size_pt * scale < MIN_PT - 1e-9:
                continue
            out.append(Group(keep(it.items), it.dx, it.dy, it.rotate) if isinstance(it, Group) else it)
        return tuple(out)

    return Scene(scene.w, scene.h, keep(scene.items), scene.background, scene.title)


def flowable(fig: Figure, labels: tuple[str, ...], number: int, caption: str, width: float,
             styles: Mapping[str, ParagraphStyle]) -> Flowable:
    """The figure: its scenes in a row at one scale, a label under each, the numbered caption."""
    from .rulebook import inline

    gap = GAP_MM * mm
    n = len(fig.scenes)
    total_w = sum(s.w for s in fig.scenes) * mm
    tallest = max(s.h for s in fig.scenes) * mm
    scale = min(fig.max_scale, (0.98 * width - gap * (n - 1)) / total_w, fig.max_h_mm * mm / tallest)
    labels = labels or fig.labels
    if any(labels):  # a small piece's column is widened to hold its label: the row shrinks to make room
        extra = sum(max(0.0, MIN_LABEL_MM * mm - s.w * mm * scale) for s in fig.scenes)
        scale = min(scale, (0.98 * width - gap * (n - 1) - extra) / total_w)
    cells = [SceneFlowable(s, scale, fig.outline) for s in fig.scenes]
    col_w = [max(c.width, MIN_LABEL_MM * mm if any(labels) else 0) + (gap if k < n - 1 else 0)
             for k, c in enumerate(cells)]
    rows: list[list[object]] = [list(cells)]
    if any(labels):
        rows.append([Paragraph(inline(lb), styles["label"]) for lb in (*labels, *[""] * n)[:n]])
    t = Table(rows, colWidths=col_w, hAlign="CENTER")
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
    text = f"<b>Figure {number}.</b> {inline(caption)}" if caption else f"<b>Figure {number}.</b>"
    return KeepTogether([Spacer(1, 4), t, Paragraph(text, styles["caption"]), Spacer(1, 4)])


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
                items += [Line(margin_mm - 3, ty - 1, px, py, stroke="#333333", stroke_mm=0.25),
                          Text(margin_mm - 4, ty, words, size_pt, anchor="end")]
            else:
                tx = margin_mm + face.w + 3
                items += [Line(tx, ty - 1, px, py, stroke="#333333", stroke_mm=0.25),
                          Text(tx + 1, ty, words, size_pt)]
    items += [Circle(margin_mm + x, top + y, 0.8, fill="#333333") for x, y, _ in notes]
    return Scene(w, h, tuple(items), title=face.title)
