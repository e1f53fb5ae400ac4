"""A print PDF: sections of imposed cards with backs, full-page sheets and tiled boards.

Every page carries, in its footer, the game and what the page holds; a page cut to a trim inside the
paper adds, in that footer (the slug, cut away), a short hash of the faces drawn on it and the version,
so a page whose data did not change keeps its hash and its bytes.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Iterable
from dataclasses import dataclass, field, fields, replace

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from .. import __version__
from ..core.game import BuildOptions
from ..draw import fonts, pdf
from ..draw.scene import Item, Scene, files_drawn
from . import impose
from .faces import canvas
from .paper import FOOTER_MM, MARGIN_MM, MARK_LINE_MM, OVERLAP_MM, SAFE_MM, Page

MM = pdf.MM
MARK_GAP_MM = 0.5
MARK_LEN_MM = 4.0
MARK_COLOR = "#000000"
FOOT_COLOR = "#555555"
FOOT_BASELINE_MM = SAFE_MM + 0.25 * MARK_LINE_MM   # the footer's descenders stay out of the safe margin;
# its capitals below the crop marks, which start MARGIN_MM + FOOTER_MM - MARK_GAP_MM - MARK_LEN_MM = 9 mm in


def _short_hash(shown: list[str]) -> str:
    """A short hash of what faces show (their reprs): same drawing, same hash."""
    return hashlib.sha256("".join(shown).encode()).hexdigest()[:10]


WRITTEN_LIMIT = 1024
"""Items whose repr a document remembers (past it, it forgets them all and starts again)."""


def written(scene: Scene, memo: dict[int, tuple[Item, str]]) -> str:
    """repr(scene), with the repr of each item `memo` holds taken from it: by identity, as a layout's
    boxes that read nothing of the item are the same objects on every face (render.py). The memo
    keeps each item it names, so no other object takes its id."""
    parts = []
    for it in scene.items:
        known = memo.get(id(it))
        if known is None or known[0] is not it:
            if len(memo) >= WRITTEN_LIMIT:
                memo.clear()
            known = memo[id(it)] = (it, repr(it))
        parts.append(known[1])
    items = f"({', '.join(parts)}{',' if len(parts) == 1 else ''})"
    shown = ", ".join(f"{f.name}={items if f.name == 'items' else repr(getattr(scene, f.name))}"
                      for f in fields(scene) if f.repr)
    return f"{type(scene).__qualname__}({shown})"


@dataclass
class _Placed:
    scene: Scene
    slot: impose.Slot
    bleed: float


@dataclass
class _PageSpec:
    page: Page
    label: str
    placed: list[_Placed] = field(default_factory=list)
    crop: list[impose.Slot] = field(default_factory=list)
    clip: tuple[float, float, float, float] | None = None   # for a tiled part: region in face mm
    part: tuple[impose.Tiling, impose.Part] | None = None
    boxes: tuple[float, float, float, float] | None = None  # trim x, y, w, h in page mm
    bleed: float = 0.0
    faces_hash: str = ""   # _short_hash of the faces placed, for the footer (made when it is added)


class PrintDocument:
    """The pages of one PDF, held until `to_bytes` draws them all (a kit's file, whose key is known
    before it is drawn), or, with `stream`, each drawn as it is added, so that a deck of thousands
    never holds its faces (reportlab holds each page's operators until the file is saved). Both draw
    the same bytes,
    and both know the same digest of their pages (what a build keys the file by)."""

    def __init__(self, game_title: str, subject: str, options: BuildOptions, *, stream: bool = False) -> None:
        self.game_title = game_title
        self.subject = subject
        self.options = options
        self.stream = stream
        self.pages: list[_PageSpec] = []     # held pages (none when streaming)
        self.files: set[str] = set()         # pictures and font files the pages draw from
        self._digest = hashlib.sha256()
        self._canvas: Canvas | None = None
        self._pdf: bytes | None = None
        self._last: tuple[Scene | None, str] = (None, "")
        self._written: dict[int, tuple[Item, str]] = {}
        # each scene placed, with what was written of it (a held document holds its scenes anyway)
        self._texts: dict[int, tuple[Scene, str]] | None = None if stream else {}

    def _shown(self, scene: Scene) -> str:
        """The scene written out whole (its repr); the last one is remembered, as a page of backs
        places the same back nine times."""
        if scene is not self._last[0]:
            self._last = (scene, self.written_of(scene))
            if self._texts is not None:
                self._texts[id(scene)] = (scene, self._last[1])
        return self._last[1]

    def written_of(self, scene: Scene) -> str:
        """repr(scene): what the document wrote of it for its digest when it placed it, or written now
        (a kit keys the SVG of a face by the same text, so the face is not written out twice)."""
        known = self._texts.get(id(scene)) if self._texts is not None else None
        if known is not None and known[0] is scene:
            return known[1]
        return written(scene, self._written)

    @property
    def pages_digest(self) -> str:
        """A hash of every page added so far, whole (its faces, slots, marks and label)."""
        return self._digest.hexdigest()

    # ---- what a kit puts in ------------------------------------------------------------
    def cards(self, what: str, fronts: list[Scene], back: Scene | list[Scene] | None = None) -> None:
        """Faces of one size imposed in a grid with bleed and crop marks; each fronts page is
        followed by its backs page, lined up for the chosen duplex (none: fronts only)."""
        if not fronts:
            return
        if isinstance(back, list):
            pairs: Iterable[tuple[Scene, Scene | None]] = zip(fronts, back, strict=True)
        else:
            pairs = ((front, back) for front in fronts)
        self.card_stream(what, pairs, len(fronts), (fronts[0].w, fronts[0].h), back is not None)

    def card_stream(self, what: str, pairs: Iterable[tuple[Scene, Scene | None]], count: int,
                    size: tuple[float, float], backs: bool) -> None:
        """`count` faces of `size`, each with its back when `backs`, imposed as `cards` does; the pairs
        are drawn as they come, a page at a time (a face the pairs have not yet drawn is not held)."""
        if count == 0:
            return
        w, h = size
        bleed = self.options.bleed_mm
        try:
            g = impose.grid(self.options.paper, w, h, bleed)
        except impose.DoesNotFit:
            # larger than the paper: each face is tiled over pages (backs are then printed the same way)
            first_back = None
            for n, (face, back) in enumerate(pairs, 1):
                _same_size(what, face, size)
                self.board(f"{what} {n}/{count}", face)
                first_back = first_back or back
            if first_back is not None and self.options.duplex != "none":
                self.board(f"{what}: back", first_back)
            return
        sheets = -(-count // g.per_page)
        with_backs = backs and self.options.duplex != "none"
        bslots = impose.backs(g, self.options.duplex) if with_backs else ()
        it = iter(pairs)
        for n in range(1, sheets + 1):
            chunk = [pair for _, pair in zip(range(g.per_page), it, strict=False)]
            for face, back in chunk:
                _same_size(what, face, size)
                if (back is not None) != backs:
                    raise ValueError(f"{what}: some faces have a back and some do not")
            tag = f"{what} {n}/{sheets}"
            spec = _PageSpec(g.page, f"{tag} (fronts)" if backs else tag, bleed=bleed)
            spec.placed = [_Placed(face, slot, bleed) for (face, _), slot in zip(chunk, g.slots, strict=False)]
            spec.crop = list(g.slots[:len(chunk)])
            spec.boxes = _union(spec.crop)
            self._add(spec)
            if with_backs:
                bspec = _PageSpec(g.page, f"{tag} (backs, {self.options.duplex}-edge duplex)", bleed=bleed)
                bspec.placed = [_Placed(back, bslots[i], bleed) for i, (_, back) in enumerate(chunk)
                                if back is not None]
                bspec.crop = list(bslots[:len(chunk)])
                bspec.boxes = _union(bspec.crop)
                self._add(bspec)
        if next(it, None) is not None:
            raise ValueError(f"{what}: more faces than the {count} announced")

    def sheet(self, what: str, scene: Scene) -> None:
        """A full-page face (a player sheet, a GM sheet), centred; tiled if larger than the page."""
        pg = impose.fits_whole(self.options.paper, scene.w, scene.h)
        if pg is None:
            self.board(what, scene)
            return
        ax, ay, aw, ah = pg.area
        slot = impose.Slot(ax + (aw - scene.w) / 2, ay + (ah - scene.h) / 2, scene.w, scene.h)
        self._add(_PageSpec(pg, what, [_Placed(scene, slot, 0.0)], boxes=(0, 0, pg.w, pg.h)))

    def board(self, what: str, scene: Scene) -> None:
        """A face larger than the paper, tiled over pages that overlap, with alignment marks."""
        bleed = self.options.bleed_mm
        t = impose.tile(self.options.paper, scene.w, scene.h, bleed)
        for part in t.parts:
            slot = impose.Slot(part.page_x - part.x, part.page_y - part.y, scene.w, scene.h)
            label = f"{what}, part {part.row + 1}-{part.col + 1} of {t.rows}x{t.cols}"
            spec = _PageSpec(t.page, label, [_Placed(scene, slot, bleed)], bleed=bleed,
                             clip=(part.x, part.y, part.w, part.h), part=(t, part))
            spec.boxes = (part.page_x, part.page_y, part.w, part.h)
            spec.crop = [slot]
            self._add(spec)

    # ---- rendering ---------------------------------------------------------------------
    def _add(self, spec: _PageSpec) -> None:
        if self._pdf is not None:
            raise ValueError("the document is finished: to_bytes has been called")
        # each face written out once: for the footer's hash and for the digest of the pages
        shown = [self._shown(p.scene) for p in spec.placed]
        spec.faces_hash = _short_hash(shown)
        where = [repr((p.slot, p.bleed)) for p in spec.placed]
        self._digest.update("\0".join([repr(replace(spec, placed=[])), *where, *shown, ""]).encode())
        self.files |= files_drawn(p.scene for p in spec.placed)
        if self.stream:
            self._draw(spec)
        else:
            self.pages.append(spec)

    def _draw(self, spec: _PageSpec) -> None:
        self._page(self._open(), spec)

    def _open(self) -> Canvas:
        if self._canvas is None:
            self._canvas = canvas(io.BytesIO(), self.game_title, self.subject)
        return self._canvas

    def to_bytes(self) -> bytes:
        """The finished PDF (nothing more may be added once it is asked for)."""
        if self._pdf is None:
            for spec in self.pages:
                self._draw(spec)
            self._pdf = self._open().getpdfdata()  # type: ignore[no-untyped-call]  # save's bytes, no copy
        return self._pdf

    def _page(self, c: Canvas, spec: _PageSpec) -> None:
        pg = spec.page
        c.setPageSize((pg.w * MM, pg.h * MM))
        if spec.boxes:
            x, y, w, h = spec.boxes
            b = spec.bleed if spec.part is None else 0.0
            c.setTrimBox(_pdf_box(pg, x, y, w, h))
            c.setBleedBox(_pdf_box(pg, x - b, y - b, w + 2 * b, h + 2 * b))
        for p in spec.placed:
            if spec.clip is not None:
                pdf.draw(c, p.scene, p.slot.x, p.slot.y, pg.h, clip=spec.clip)
            elif p.slot.turned:
                _draw_turned(c, p, pg)
            else:
                pdf.draw(c, p.scene, p.slot.x, p.slot.y, pg.h, bleed=p.bleed, clip=_clip(p.slot))
        if self.options.crop_marks and spec.crop:
            _crop_marks(c, pg, spec)
        if spec.part is not None:
            _part_marks(c, pg, *spec.part, spec.placed[0].scene)
        self._footer(c, spec)
        c.showPage()

    def _footer(self, c: Canvas, spec: _PageSpec) -> None:
        # what players read: the game and what the page holds, as a publisher prints it. The build's id
        # (the page's data digest and the version) only in a print shop's slug: where the page is cut
        # to a trim inside the paper (cards, tiles, a board's parts), the footer is cut away with it.
        # A full-page sheet is the piece itself: it names no build (the manifest does, for its file).
        text = f"{self.game_title} · {spec.label}"
        if _has_slug(spec):
            digest = spec.faces_hash
            if spec.part is not None:
                digest += f"-{spec.part[1].row + 1}{spec.part[1].col + 1}"
            text += f" · data {digest} · v{__version__}"
        c.setFillColor(HexColor(FOOT_COLOR))
        c.setFont(fonts.pdf_name("regular"), 6.5)
        c.drawString(MARGIN_MM * MM, FOOT_BASELINE_MM * MM, text)


def _has_slug(spec: _PageSpec) -> bool:
    """Whether the page's trim lies inside the paper, so that its footer is cut away."""
    return spec.boxes is not None and spec.boxes != (0, 0, spec.page.w, spec.page.h)


def _same_size(what: str, face: Scene, size: tuple[float, float]) -> None:
    if (face.w, face.h) != size:
        raise ValueError(f"{what}: faces of one section must share a size")


def _pdf_box(pg: Page, x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
    return (x * MM, (pg.h - y - h) * MM, (x + w) * MM, (pg.h - y) * MM)


def _union(slots: list[impose.Slot]) -> tuple[float, float, float, float]:
    x0 = min(s.x for s in slots)
    y0 = min(s.y for s in slots)
    x1 = max(s.x + s.w for s in slots)
    y1 = max(s.y + s.h for s in slots)
    return (x0, y0, x1 - x0, y1 - y0)


def _draw_turned(c: Canvas, p: _Placed, pg: Page) -> None:
    """A face turned 180° within its slot (backs for short-edge duplex)."""
    c.saveState()
    cx, cy = (p.slot.x + p.slot.w / 2) * MM, (pg.h - p.slot.y - p.slot.h / 2) * MM
    c.translate(cx, cy)
    c.rotate(180)
    c.translate(-cx, -cy)
    left, top, right, bottom = p.slot.bleeds  # in page terms; the face is turned
    pdf.draw(c, p.scene, p.slot.x, p.slot.y, pg.h, bleed=p.bleed,
             clip=(-right, -bottom, p.slot.w + left + right, p.slot.h + top + bottom))
    c.restoreState()


def _clip(slot: impose.Slot) -> tuple[float, float, float, float]:
    left, top, right, bottom = slot.bleeds
    return (-left, -top, slot.w + left + right, slot.h + top + bottom)


def _crop_marks(c: Canvas, pg: Page, spec: _PageSpec) -> None:
    """Short lines on every trim line, outside the artwork (bleed included) of the whole grid."""
    c.setStrokeColor(HexColor(MARK_COLOR))
    c.setLineWidth(0.25)
    c.setDash([])
    if spec.part is not None:  # a tiled board: marks only where this part shows a board corner
        _board_corner_marks(c, pg, spec)
        return
    slots = spec.crop
    gx, gy, gw, gh = _union(slots)
    xs = sorted({round(s.x, 3) for s in slots} | {round(s.x + s.w, 3) for s in slots})
    ys = sorted({round(s.y, 3) for s in slots} | {round(s.y + s.h, 3) for s in slots})
    out = spec.bleed + MARK_GAP_MM
    for x in xs:
        _mm_line(c, pg, x, gy - out, x, gy - out - MARK_LEN_MM)
        _mm_line(c, pg, x, gy + gh + out, x, gy + gh + out + MARK_LEN_MM)
    for y in ys:
        _mm_line(c, pg, gx - out, y, gx - out - MARK_LEN_MM, y)
        _mm_line(c, pg, gx + gw + out, y, gx + gw + out + MARK_LEN_MM, y)


def _board_corner_marks(c: Canvas, pg: Page, spec: _PageSpec) -> None:
    """Crop marks at the board's own corners that this part shows, in the stroke _crop_marks set."""
    assert spec.part is not None and spec.clip is not None
    t, part = spec.part
    slot = spec.crop[0]
    out = spec.bleed + MARK_GAP_MM
    left, right = part.col == 0, part.col == t.cols - 1
    top, bottom = part.row == 0, part.row == t.rows - 1
    x0, y0, x1, y1 = slot.x, slot.y, slot.x + slot.w, slot.y + slot.h
    for is_x, is_y, x, y, sx, sy in ((left, top, x0, y0, -1, -1), (right, top, x1, y0, 1, -1),
                                     (left, bottom, x0, y1, -1, 1), (right, bottom, x1, y1, 1, 1)):
        if is_x and is_y:
            _mm_line(c, pg, x, y + sy * out, x, y + sy * (out + MARK_LEN_MM))
            _mm_line(c, pg, x + sx * out, y, x + sx * (out + MARK_LEN_MM), y)


def _part_marks(c: Canvas, pg: Page, t: impose.Tiling, part: impose.Part, scene: Scene) -> None:
    """How this part lies on its neighbours. A part to the right or below goes on top: it is
    trimmed along its printed left and top edges, and each edge is laid on the dashed line of the
    part it covers, which the edge then hides. Registration crosses sit on those lines, on both
    parts, so a trimmed edge leaves half a cross that meets the other half; they are placed only
    where the line runs outside the face's play area (in its frame), so none stays on the board
    where pieces lie. A small map of the parts, bottom right, shows which one this is."""
    c.setStrokeColor(HexColor("#cc0066"))
    c.setLineWidth(0.3)
    x0, y0 = part.page_x, part.page_y
    ox, oy = _overlap(t, "x"), _overlap(t, "y")
    crosses: list[tuple[float, float]] = []
    if part.col < t.cols - 1:   # the next part's left edge lands on this line
        x = x0 + part.w - ox
        _dashed(c, pg, x, y0, x, y0 + part.h)
        crosses += _seam_crosses(scene, part, x - x0, vertical=True)
    if part.col > 0:            # this part's own left edge, trimmed along the print
        crosses += _seam_crosses(scene, part, 0.0, vertical=True)
    if part.row < t.rows - 1:
        y = y0 + part.h - oy
        _dashed(c, pg, x0, y, x0 + part.w, y)
        crosses += _seam_crosses(scene, part, y - y0, vertical=False)
    if part.row > 0:
        crosses += _seam_crosses(scene, part, 0.0, vertical=False)
    c.setDash([])
    for mx, my in crosses:
        _cross(c, pg, x0 + mx, y0 + my)
    c.setFillColor(HexColor(FOOT_COLOR))
    c.setFont(fonts.pdf_name("regular"), 6.5)
    c.drawString(MARGIN_MM * MM, (pg.h - SAFE_MM - MARK_LINE_MM) * MM, _assembly_line(part))
    # the map of parts, bottom right, in the footer: inside the safe margin, below the part's own region
    cell = min(3.0, (MARGIN_MM + FOOTER_MM - SAFE_MM - 0.5) / t.rows)
    mx0 = pg.w - MARGIN_MM - t.cols * cell
    my0 = pg.h - SAFE_MM - t.rows * cell
    c.setLineWidth(0.2)
    c.setStrokeColor(HexColor("#555555"))
    for r in range(t.rows):
        for col in range(t.cols):
            filled = (r, col) == (part.row, part.col)
            c.setFillColor(HexColor("#cc0066" if filled else "#ffffff"))
            x, y, w, h = _pdf_box(pg, mx0 + col * cell, my0 + r * cell, cell, cell)
            c.rect(x, y, w - x, h - y, stroke=1, fill=1)


CROSS_ROOM_MM = 6.0  # the length of line a registration cross needs outside the play area


def _seam_crosses(scene: Scene, part: impose.Part, at: float, vertical: bool) -> list[tuple[float, float]]:
    """Where registration crosses go on a seam `at` mm into the part (a vertical line at x = at,
    or a horizontal one at y = at), in part coordinates: the middle of each stretch of the line
    that lies outside the scene's play area and is long enough for a cross. A scene without a
    play area gets crosses a quarter and three quarters along the line."""
    length = part.h if vertical else part.w
    if scene.play_area is None:
        return [(at, length * f) if vertical else (length * f, at) for f in (0.25, 0.75)]
    px, py, pw, ph = scene.play_area
    seam = (part.x + at) if vertical else (part.y + at)        # the line, in scene coordinates
    lo, hi = (px, px + pw) if vertical else (py, py + ph)      # the play area across the line
    start = part.y if vertical else part.x                     # the part along the line
    a0, a1 = (py, py + ph) if vertical else (px, px + pw)      # the play area along the line
    if not lo < seam < hi:                                     # the line misses the play area
        stretches = [(start, start + length)]
    else:
        stretches = [(start, min(a0, start + length)), (max(a1, start), start + length)]
    out = []
    for s0, s1 in stretches:
        if s1 - s0 >= CROSS_ROOM_MM:
            mid = (s0 + s1) / 2 - start
            out.append((at, mid) if vertical else (mid, at))
    return out


def _assembly_line(part: impose.Part) -> str:
    """What to do with this part, printed in its top margin."""
    name = f"Part {part.row + 1}-{part.col + 1}"
    trims = [side for side, yes in (("left", part.col > 0), ("top", part.row > 0)) if yes]
    if not trims:
        return f"{name}: lay it first; the parts to its right and below go on top, each edge on a dashed line."
    return (f"{name}: trim its {' and '.join(trims)} edge{'s' if len(trims) > 1 else ''} along the print, "
            f"then lay it over the parts it meets, each trimmed edge on their dashed line, half crosses meeting.")


def _overlap(t: impose.Tiling, axis: str) -> float:
    parts = t.parts
    if axis == "x" and t.cols > 1:
        return parts[0].w - (parts[1].x - parts[0].x)
    if axis == "y" and t.rows > 1:
        return parts[0].h - (parts[t.cols].y - parts[0].y)
    return OVERLAP_MM


def _mm_line(c: Canvas, pg: Page, x1: float, y1: float, x2: float, y2: float) -> None:
    c.line(x1 * MM, (pg.h - y1) * MM, x2 * MM, (pg.h - y2) * MM)


def _dashed(c: Canvas, pg: Page, x1: float, y1: float, x2: float, y2: float) -> None:
    c.setDash([2 * MM, 1.5 * MM])
    _mm_line(c, pg, x1, y1, x2, y2)
    c.setDash([])


def _cross(c: Canvas, pg: Page, x: float, y: float) -> None:
    r = 2.5
    _mm_line(c, pg, x - r, y, x + r, y)
    _mm_line(c, pg, x, y - r, x, y + r)
    c.circle(x * MM, (pg.h - y) * MM, 1.5 * MM, stroke=1, fill=0)
