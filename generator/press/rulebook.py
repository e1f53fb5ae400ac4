"""A rulebook PDF from a small Markdown-like text (rendered from the game's templates).

Understood: `#`, `##`, `###` headings; paragraphs; `- ` bullets; `1. ` numbered items; pipe tables
(`| a | b |`, the first row is the header, a `|---|` row is skipped); **bold** and *italic*; figures
(`::: figure NAME`, the next paragraph its caption: see figures.py).
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    CondPageBreak,
    KeepTogether,
    ListFlowable,
    ListItem,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.flowables import Flowable

from .. import __version__
from ..core.kitspec import Figure
from ..draw import fonts
from . import figures as fig
from .markup import inline
from .paper import PAPERS_MM

HEADING_ROOM = 30 * mm  # a heading starts a new page unless this much room is left under it
LINE_ROOM = 8 * mm      # and this much more for each short line under it (a decision's id, "The seed says:")


def _styles() -> dict[str, ParagraphStyle]:
    reg, bold, ital = fonts.pdf_name("regular"), fonts.pdf_name("bold"), fonts.pdf_name("italic")
    from reportlab.lib.fonts import addMapping

    addMapping(reg, 0, 0, reg)
    addMapping(reg, 1, 0, bold)
    addMapping(reg, 0, 1, ital)
    addMapping(reg, 1, 1, bold)
    body = ParagraphStyle("body", fontName=reg, fontSize=10, leading=13.5, spaceAfter=5)
    return {
        "body": body,
        "title": ParagraphStyle("title", parent=body, fontName=bold, fontSize=24, leading=29, spaceAfter=14,
                                textColor=colors.HexColor("#1d3557")),
        "h1": ParagraphStyle("h1", parent=body, fontName=bold, fontSize=16, leading=20, spaceBefore=12,
                             spaceAfter=6, textColor=colors.HexColor("#1d3557"), ),
        "h2": ParagraphStyle("h2", parent=body, fontName=bold, fontSize=12.5, leading=16, spaceBefore=9,
                             spaceAfter=4, textColor=colors.HexColor("#264653"), ),
        "h3": ParagraphStyle("h3", parent=body, fontName=bold, fontSize=10.5, leading=14, spaceBefore=6,
                             spaceAfter=3, ),
        "item_kept": ParagraphStyle("item_kept", parent=body, keepWithNext=1),   # see _kept
        "cell": ParagraphStyle("cell", parent=body, fontSize=8.5, leading=10.5, spaceAfter=0),
        "label": ParagraphStyle("label", parent=body, fontSize=8, leading=10, spaceAfter=0, alignment=1),
        "caption": ParagraphStyle("caption", parent=body, fontName=ital, fontSize=9, leading=12, spaceBefore=2,
                                  spaceAfter=6),
        "head": ParagraphStyle("head", parent=body, fontName=bold, fontSize=8.5, leading=10.5, spaceAfter=0,
                               textColor=colors.white),
    }


def flowables(text: str, width: float, figures: Mapping[str, Figure] | None = None) -> list[Flowable]:
    """The text as reportlab flowables; a figure directive takes its figure from `figures`
    (UnknownFigure if the game has none of that name)."""
    st = _styles()
    out: list[Flowable] = []
    lines = text.splitlines()
    i = 0
    para: list[str] = []
    numbered_figures = 0

    def flush() -> None:
        if para:
            out.append(Paragraph(inline(" ".join(para)), st["body"]))
            para.clear()

    while i < len(lines):
        line = lines[i].rstrip()
        stripped = line.strip()
        directive = fig.parse(stripped)
        if not stripped:
            flush()
        elif directive:
            flush()
            name, labels = directive
            figure = fig.lookup(figures or {}, name)
            caption = []
            i += 1
            while i < len(lines) and lines[i].strip():
                caption.append(lines[i].strip())
                i += 1
            numbered_figures += 1
            out.append(fig.flowable(figure, labels, numbered_figures, " ".join(caption), width, st))
            continue
        elif stripped == "---":
            flush()
            out.append(PageBreak())
        elif stripped.startswith("#"):
            flush()
            level = len(stripped) - len(stripped.lstrip("#"))
            style = {1: "h1", 2: "h2"}.get(level, "h3")
            out.append(Paragraph(inline(stripped[level:].strip()), st[style]))
        elif stripped.startswith("|"):
            flush()
            rows = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
                if not all(re.fullmatch(r":?-{2,}:?", c) for c in cells):
                    rows.append(cells)
                i += 1
            out.append(_table(rows, width, st))
            continue
        elif re.match(r"^(- |\d+\. )", stripped):
            flush()
            numbered = stripped[0].isdigit()
            bodies = []
            while i < len(lines) and _list_goes_on(lines, i):
                if not lines[i].strip():
                    i += 1
                    continue
                body = re.sub(r"^(- |\d+\. )", "", lines[i].strip())
                i += 1
                while i < len(lines) and lines[i].startswith("  ") and lines[i].strip() \
                        and not re.match(r"^(- |\d+\. )", lines[i].strip()):
                    body += " " + lines[i].strip()
                    i += 1
                bodies.append(body)
            # room for the widest number ("12."), else two-digit numbers run into their text
            indent = 14 + (5 * (len(str(len(bodies))) - 1) if numbered else 0)
            items = [ListItem(Paragraph(inline(b), st["item_kept" if k in _kept(len(bodies)) else "body"]),
                              leftIndent=indent) for k, b in enumerate(bodies)]
            out.append(ListFlowable(items,  # type: ignore[arg-type]  # the stub is narrower than reportlab
                                    bulletType="1" if numbered else "bullet", start="1" if numbered else None,
                                    bulletFormat="%s." if numbered else None,
                                    bulletFontName=fonts.pdf_name("regular"), bulletFontSize=9, leftIndent=indent))
            continue
        else:
            para.append(stripped)
        i += 1
    flush()
    return _keep_headings_with_next(out)


def _kept(n: int) -> set[int]:
    """The items of an n-item list that keep with the next: the first (the first two items travel
    together) and the last but one (and the last two), so that no page ends with a list's first item
    alone nor starts with its last item alone (reportlab sends a split list's items on one by one)."""
    return {0, n - 2} if n >= 2 else set()


def _list_goes_on(lines: list[str], i: int) -> bool:
    """A list item here, or blank lines and then another item (a loose list stays one list)."""
    while i < len(lines) and not lines[i].strip():
        i += 1
    return i < len(lines) and re.match(r"^(- |\d+\. )", lines[i].strip()) is not None


def _keep_headings_with_next(items: list[Flowable]) -> list[Flowable]:
    """A heading never ends a page, nor does a line that leads into a table or a figure (a short
    paragraph ending in ':', or the one under a heading). Before a small table or a figure they travel
    with it; a heading before text or a list asks for room for a few lines (moving a whole list would
    leave half pages)."""
    out: list[Flowable] = []
    for k in range(len(items) - 1, -1, -1):
        f, nxt = items[k], (out[0] if out else None)
        under_heading = k > 0 and _is_heading(items[k - 1])
        if isinstance(nxt, KeepTogether) and (_is_heading(f) or _leads_in(f, under_heading)):
            # a KeepTogether nested in a KeepTogether always moves to the next page: unwrap it
            out[0] = KeepTogether([f, *nxt._content])  # type: ignore[attr-defined]
            continue
        out.insert(0, f)
        if _is_heading(f):   # room for the heading, the short lines under it and a few lines more
            under = 0
            while k + 1 + under < len(items) and _short(items[k + 1 + under]):
                under += 1
            out.insert(0, CondPageBreak(HEADING_ROOM + under * LINE_ROOM))
    return out


def _short(f: Flowable) -> bool:
    return isinstance(f, Paragraph) and not _is_heading(f) and len(f.getPlainText()) <= LEAD_IN_CHARS


def _leads_in(f: Flowable, under_heading: bool) -> bool:
    """A paragraph of a line or two that leads into what follows it: it ends in ':', or it stands
    under a heading."""
    if not isinstance(f, Paragraph) or f.style.name != "body":
        return False
    text = f.getPlainText().rstrip()
    return len(text) <= LEAD_IN_CHARS and (text.endswith(":") or under_heading)


LEAD_IN_CHARS = 240   # two lines of a book's text, about


def _is_heading(f: Flowable) -> bool:
    return isinstance(f, Paragraph) and f.style.name in ("h1", "h2", "h3")


def _table(rows: list[list[str]], width: float, st: dict[str, ParagraphStyle]) -> Flowable:
    ncols = max(len(r) for r in rows)
    rows = [r + [""] * (ncols - len(r)) for r in rows]
    data = [[Paragraph(inline(c), st["head" if k == 0 else "cell"]) for c in r] for k, r in enumerate(rows)]
    t = Table(data, colWidths=_widths(rows, width), repeatRows=1)
    t.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), fonts.pdf_name("regular")),  # else reportlab sets Helvetica
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#264653")),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#eef3f4")]),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#8aa1a8")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
    ]))
    return KeepTogether([Spacer(1, 2), t, Spacer(1, 6)]) if len(rows) < 25 else t


def _widths(rows: list[list[str]], width: float) -> list[float]:
    """Columns share the width by the length of their longest cell, none below half an even share."""
    longest = [max(len(r[c]) for r in rows) + 4 for c in range(len(rows[0]))]
    floor = width / len(longest) / 2
    shares = [max(floor, width * n / sum(longest)) for n in longest]
    scale = width / sum(shares)
    return [s * scale for s in shares]


MARGIN_MM = 18.0   # a book's page margin, every edge


def text_width(paper: str) -> float:
    """The width of a book's text on `paper`, in points: what its figures and tables share."""
    return (PAPERS_MM[paper][0] - 2 * MARGIN_MM) * mm


def figures_named(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """The figures a book's text shows, in order: each name with the labels its directive gives."""
    return [d for d in (fig.parse(line) for line in text.splitlines()) if d is not None]


def rulebook_pdf(game_title: str, text: str, paper: str, figures: Mapping[str, Figure] | None = None,
                 kind: str = "rulebook") -> bytes:
    """The rulebook (or another book of the kit, named by `kind`): a title, then the text with its
    figures, with page numbers and the game in the footer."""
    w, h = PAPERS_MM[paper]
    buf = io.BytesIO()
    margin = MARGIN_MM * mm
    doc = SimpleDocTemplate(buf, pagesize=(w * mm, h * mm), leftMargin=margin, rightMargin=margin,
                            topMargin=margin, bottomMargin=margin, title=f"{game_title}: {kind}",
                            author="playkit", creator=f"playkit {__version__}", invariant=1,
                            initialFontName=fonts.pdf_name("regular"))
    st = _styles()
    story: list[Flowable] = [Paragraph(inline(game_title), st["title"])]
    if kind != "rulebook":
        story.append(Paragraph(inline(kind[:1].upper() + kind[1:]), st["h1"]))
    story += flowables(text, text_width(paper), figures)

    def footer(canvas: object, d: SimpleDocTemplate) -> None:
        c = canvas
        c.saveState()  # type: ignore[attr-defined]
        c.setFont(fonts.pdf_name("regular"), 8)  # type: ignore[attr-defined]
        c.setFillColor(colors.HexColor("#555555"))  # type: ignore[attr-defined]
        c.drawString(margin, 10 * mm, f"{game_title} · {kind}")  # type: ignore[attr-defined]
        c.drawRightString(w * mm - margin, 10 * mm, f"page {d.page}")  # type: ignore[attr-defined]
        c.restoreState()  # type: ignore[attr-defined]

    doc.build(story, onFirstPage=footer, onLaterPages=footer)
    return buf.getvalue()
