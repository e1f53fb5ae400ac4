"""Text fitted once: wrapped and sized in mm with the embedded font, the same for PDF and SVG.

One fitting function, `fit`, serves every text the kits print: a layout's text boxes (plain or rich,
with icons), tables, labels and blocks drawn by a game's code, and Skybound Battle's rules text. It
looks for the largest size on a 0.25 pt grid (from the size asked for down to the smallest allowed) at
which the text fits, by galloping then bisection over that grid: a text fits at a size when it fits at
any larger one (greedy wrapping at a smaller size breaks no line earlier), so the answer is the same as
stepping down 0.25 pt at a time, found in about 2·log2(steps) tries instead of `steps`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import groupby
from typing import TypeVar, cast

from .fonts import PT_MM, width_mm
from .scene import Anchor, Color, FontStyle, Text
from .scene import Item as SceneItem

LEADING = 1.2
MIN_TEXT_PT = 6.0   # the kit's floor: no word is printed smaller (tables, layouts, cards, labels)
STEP_PT = 0.25      # the grid sizes are tried on, down from the size asked for
ASCENT = 0.78       # of the em, from a line's top (of its em box) to its baseline
_TALL = 1e-9        # mm a text's lines may pass its box's height by rounding


@dataclass(frozen=True, slots=True)
class Piece:
    """Words in one style (and colour: None for the text's own) within a paragraph."""

    text: str
    style: FontStyle = "regular"
    color: Color = None


@dataclass(frozen=True, slots=True)
class Icon:
    """A picture inline, one em tall at the text's size and `aspect` (width / height) wide; `name` says
    which to the drawing (`draw_fitted`'s `icon`)."""

    name: str
    aspect: float = 1.0


Para = tuple[Piece | Icon, ...]
"""A paragraph: pieces and icons in reading order; spaces between words are in the pieces' text."""


@dataclass(frozen=True, slots=True)
class Run:
    """Part of a fitted line: text in one style and colour, or an icon; `dx` mm from the line's start."""

    dx: float
    width: float
    text: str = ""
    style: FontStyle = "regular"
    color: Color = None
    icon: Icon | None = None


@dataclass(frozen=True)
class Fitted:
    """A text at the size it fits: each line's runs and width (mm), and how many lines each paragraph has."""

    size: float
    lines: tuple[tuple[Run, ...], ...]
    widths: tuple[float, ...]
    paras: tuple[int, ...]
    leading: float = LEADING
    para_gap: float = 0.0

    def height(self) -> float:
        step = self.size * PT_MM * self.leading
        return len(self.lines) * step + max(0, len(self.paras) - 1) * self.para_gap * step


def plain(text: str, style: FontStyle = "regular") -> tuple[Para, ...]:
    """A plain text as paragraphs (one a line of it)."""
    return tuple((Piece(line, style),) for line in text.split("\n"))


T = TypeVar("T")


def largest(attempt: Callable[[float], T | None], max_pt: float, min_pt: float = MIN_TEXT_PT) -> tuple[float, T] | None:
    """The largest size of the grid max_pt, max_pt - 0.25, … (never below min_pt, which is tried last)
    at which `attempt` gives something, with what it gave; None when it gives nothing even at min_pt.
    `attempt` must succeed at every size below one it succeeds at: tried by galloping down from
    max_pt, then bisection, so about 2·log2(steps) tries."""
    steps = max(0, math.ceil((max_pt - min_pt) / STEP_PT))
    while steps > 0 and max_pt - STEP_PT * (steps - 1) <= min_pt:
        steps -= 1
    while max_pt - STEP_PT * steps > min_pt:
        steps += 1

    def size(k: int) -> float:   # as written at the top (an int stays one), then stepped down
        pt = max_pt if k == 0 else max_pt - STEP_PT * k
        return pt if pt >= min_pt else min_pt

    found = attempt(size(0))
    if found is not None:
        return size(0), found
    bad, probe = 0, 1   # `bad`: a step known not to fit
    while True:
        probe = min(probe, steps)
        found = attempt(size(probe))
        if found is not None:
            break
        if probe == steps:
            return None
        bad, probe = probe, probe * 2
    good = probe
    while good - bad > 1:
        mid = (good + bad) // 2
        got = attempt(size(mid))
        if got is not None:
            good, found = mid, got
        else:
            bad = mid
    return size(good), found


@lru_cache(maxsize=1024)
def fit(paras: tuple[Para, ...], w: float, h: float, max_pt: float, min_pt: float = MIN_TEXT_PT,
        font: str = "", wrap: bool = True, leading: float = LEADING, para_gap: float = 0.0) -> Fitted | None:
    """The paragraphs at the largest size (0.25 pt grid, not below min_pt) at which they fit the w x h mm
    box, wrapped at spaces (or, with wrap false, one line each); None when they do not fit even at
    min_pt. Remembered (bounded): a face is checked and printed, and a deck's texts repeat."""
    def attempt(size: float) -> Fitted | None:
        return lay_out(paras, w, h, size, font, wrap, leading, para_gap)

    found = largest(attempt, max_pt, min_pt)
    return None if found is None else found[1]


def lay_out(paras: tuple[Para, ...], w: float, h: float, size: float, font: str = "", wrap: bool = True,
            leading: float = LEADING, para_gap: float = 0.0) -> Fitted | None:
    """The paragraphs at `size` when they fit the box (else None), given up on as soon as their lines
    pass its height."""
    step = size * PT_MM * leading
    gap = para_gap * step
    lines: list[tuple[Run, ...]] = []
    widths: list[float] = []
    counts: list[int] = []
    used = 0.0
    for para in paras:
        if counts:
            used += gap
        room = h + _TALL - used
        if len(para) == 1 and isinstance(para[0], Piece):
            laid = _plain_lines(para[0], w, room, step, size, font, wrap)
        else:
            laid = _rich_lines(para, w, room, step, size, font, wrap)
        if laid is None:
            return None
        for line, width in laid:
            lines.append(line)
            widths.append(width)
        counts.append(len(laid))
        used += len(laid) * step
    if used > h + _TALL:
        return None
    return Fitted(size, tuple(lines), tuple(widths), tuple(counts), leading, para_gap)


def _plain_lines(piece: Piece, w: float, room: float, step: float, size: float, font: str,
                 wrap: bool) -> list[tuple[tuple[Run, ...], float]] | None:
    """One style's words wrapped greedily, each line measured once as it grows."""
    style, color = piece.style, piece.color

    def one(text: str, width: float) -> tuple[tuple[Run, ...], float]:
        return (Run(0.0, width, text, style, color),), width

    if not wrap:
        width = width_mm(piece.text, size, style, font)
        return [one(piece.text, width)] if width <= w and step <= room else None
    out: list[tuple[tuple[Run, ...], float]] = []
    line, line_w = "", 0.0
    for word in piece.text.split():
        trial = f"{line} {word}" if line else word
        trial_w = width_mm(trial, size, style, font)
        if not line or trial_w <= w:
            line, line_w = trial, trial_w
            continue
        if line_w > w or (len(out) + 2) * step > room:
            return None
        out.append(one(line, line_w))
        line, line_w = word, width_mm(word, size, style, font)
    if line_w > w:
        return None
    out.append(one(line, line_w))
    return out if len(out) * step <= room else None


_SPACE = re.compile(r"\s")
_Fragment = tuple[str, FontStyle, Color]   # a word's fragment, or a space ("" text is never made)
_Atom = _Fragment | Icon


def _words(para: Para) -> list[tuple[list[_Atom], _Atom | None]]:
    """The paragraph's words (each fragments of text and icons with no space between them), each with
    the space before it (None for the first), a run of spaces counting as one in the style it starts."""
    words: list[tuple[list[_Atom], _Atom | None]] = []
    current: list[_Atom] = []
    space: _Atom | None = None
    pending: _Atom | None = None
    for piece in para:
        if isinstance(piece, Icon):
            if not current:
                space, pending = pending, None
            current.append(piece)
            continue
        for i, part in enumerate(_SPACE.split(piece.text)):
            if i > 0:   # a space: the word so far ends
                if current:
                    words.append((current, space))
                    current = []
                if pending is None:
                    pending = (" ", piece.style, piece.color)
            if part:
                if not current:
                    space, pending = pending, None
                current.append((part, piece.style, piece.color))
    if current:
        words.append((current, space))
    if words:   # the first word of a paragraph has no space before it
        words[0] = (words[0][0], None)
    return words


def _width(atoms: Sequence[_Atom], size: float, font: str) -> float:
    """The atoms' width, the text of each style measured as one string."""
    total = 0.0
    for style, group in groupby(atoms, key=lambda atom: None if isinstance(atom, Icon) else atom[1]):
        if style is None:
            for icon in cast("Iterator[Icon]", group):
                total += size * PT_MM * icon.aspect
        else:
            total += width_mm("".join(text for text, _, _ in cast("Iterator[_Fragment]", group)), size, style, font)
    return total


def _runs(atoms: list[_Atom], size: float, font: str) -> tuple[Run, ...]:
    """A line's atoms as runs of one style and colour (their spaces as room between them) and icons."""
    out: list[Run] = []
    x = 0.0
    em = size * PT_MM
    for look, group in groupby(atoms, key=lambda atom: None if isinstance(atom, Icon) else atom[1:]):
        if look is None:
            for icon in cast("Iterator[Icon]", group):
                out.append(Run(x, em * icon.aspect, icon=icon))
                x += em * icon.aspect
            continue
        style, color = look
        text = "".join(part for part, _, _ in cast("Iterator[_Fragment]", group))
        body = text.strip(" ")
        if body:
            lead = text[: len(text) - len(text.lstrip(" "))]
            dx = x + width_mm(lead, size, style, font) if lead else x
            out.append(Run(dx, width_mm(body, size, style, font), body, style, color))
        x += width_mm(text, size, style, font)
    return tuple(out)


def _rich_lines(para: Para, w: float, room: float, step: float, size: float, font: str,
                wrap: bool) -> list[tuple[tuple[Run, ...], float]] | None:
    """Words of several styles and icons wrapped greedily: a word never breaks, a line is as long as fits."""
    lines: list[list[_Atom]] = []
    line: list[_Atom] = []
    line_w = 0.0
    for word, space in _words(para):
        trial = [*line, *([space] if line and space is not None else []), *word]
        trial_w = _width(trial, size, font)
        if not line or not wrap or trial_w <= w:
            line, line_w = trial, trial_w
            continue
        if line_w > w or (len(lines) + 2) * step > room:
            return None
        lines.append(line)
        line, line_w = list(word), _width(word, size, font)
    if line_w > w:
        return None
    lines.append(line)
    if len(lines) * step > room:
        return None
    return [(_runs(atoms, size, font), _width(atoms, size, font)) for atoms in lines]


IconDrawing = Callable[[Icon, float, float, float, float], Sequence[SceneItem]]
"""Draws an icon into the box (x, y, w, h) in mm."""


def draw_fitted(fitted: Fitted, x: float, y: float, w: float, h: float, *, color: Color = "#000000",
          anchor: Anchor = "start", valign: str = "top", font: str = "",
          icon: IconDrawing | None = None) -> tuple[list[SceneItem], tuple[float, float, float, float]]:
    """The fitted text drawn in the box (x, y, w, h): a line of one run is one Text at the anchor, a
    line of several has its runs (and icons) side by side; with the area (x0, y0, x1, y1) its lines
    cover, ascenders to descenders."""
    size = fitted.size
    em = size * PT_MM
    step = em * fitted.leading
    used = fitted.height()
    top = y + {"top": 0.0, "middle": (h - used) / 2, "bottom": h - used}[valign]
    ax = {"start": x, "middle": x + w / 2, "end": x + w}[anchor]
    out: list[SceneItem] = []
    x0 = y0 = math.inf
    x1 = y1 = -math.inf
    n = 0
    yy = top   # with gaps between paragraphs, each line's top is the last one's plus a step
    for count in fitted.paras:
        start = n
        for line, width in zip(fitted.lines[start:start + count], fitted.widths[start:start + count], strict=True):
            line_top = yy if fitted.para_gap else top + n * step
            base = line_top + ASCENT * em + (step - em) / 2
            left = ax - {"start": 0.0, "middle": width / 2, "end": width}[anchor]
            if len(line) == 1 and line[0].icon is None:
                run = line[0]
                out.append(Text(ax, base, run.text, size, run.color or color, run.style, anchor, font))
            else:
                for run in line:
                    if run.icon is not None:
                        if icon is not None:
                            out += icon(run.icon, left + run.dx, base - ASCENT * em, run.width, em)
                    else:
                        out.append(Text(left + run.dx, base, run.text, size, run.color or color, run.style,
                                        "start", font))
            if line:
                x0, x1 = min(x0, left), max(x1, left + width)
                y0, y1 = min(y0, base - 0.75 * em), max(y1, base + 0.2 * em)
            yy += step
            n += 1
        yy += fitted.para_gap * step
    return out, (x0, y0, x1, y1)


# ---- plain text: the words a game's code draws ----------------------------------------------------

def wrap(text: str, width: float, size_pt: float, style: FontStyle = "regular", font: str = "") -> list[str]:
    """Greedy word wrap to `width` mm; explicit newlines are kept."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split()
        line = ""
        for word in words:
            trial = f"{line} {word}" if line else word
            if not line or width_mm(trial, size_pt, style, font) <= width:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fits(text: str, w: float, h: float, size_pt: float, style: FontStyle = "regular", font: str = "") -> bool:
    return wrapped_to_fit(text, w, h, size_pt, style, font) is not None


def wrapped_to_fit(text: str, w: float, h: float, size_pt: float, style: FontStyle = "regular",
                   font: str = "") -> list[str] | None:
    """The lines `wrap` makes of `text`, when they fit the box (else None)."""
    laid = lay_out(plain(text, style), w, h, size_pt, font)
    return None if laid is None else [line[0].text for line in laid.lines]


def fit_size(text: str, w: float, h: float, max_pt: float, min_pt: float = MIN_TEXT_PT,
             style: FontStyle = "regular", font: str = "") -> float:
    """The largest size (0.25 pt grid) at which `text` fits the box; min_pt when it fits at none."""
    fitted = fit(plain(text, style), w, h, max_pt, min_pt, font)
    return fitted.size if fitted is not None else min_pt


def block(text: str, x: float, y: float, w: float, h: float, *, max_pt: float = 10, min_pt: float = MIN_TEXT_PT,
          style: FontStyle = "regular", color: Color = "#000000", anchor: Anchor = "start",
          valign: str = "top", font: str = "") -> tuple[Text, ...]:
    """`text` wrapped and shrunk to fit the box (x, y, w, h); one Text per line. A text that does not fit
    even at min_pt is drawn at min_pt (its check refuses it where it was written)."""
    paras = plain(text, style)
    fitted = fit(paras, w, h, max_pt, min_pt, font)
    if fitted is None:   # wrapped as it comes, a word wider than the box on a line of its own
        lines = wrap(text, w, min_pt, style, font)
        fitted = Fitted(min_pt, tuple((Run(0.0, 0.0, line, style),) for line in lines),
                        tuple(width_mm(line, min_pt, style, font) for line in lines), (len(lines),))
    drawn, _ = draw_fitted(fitted, x, y, w, h, color=color, anchor=anchor, valign=valign, font=font)
    return tuple(t for t in drawn if isinstance(t, Text))


def label(text: str, x: float, y: float, w: float, *, max_pt: float = 10, min_pt: float = MIN_TEXT_PT,
          style: FontStyle = "regular", color: Color = "#000000", anchor: Anchor = "middle") -> Text:
    """One line of text at baseline y, shrunk until it fits width w (x is the anchor point)."""
    fitted = fit(((Piece(text, style),),), w, math.inf, max_pt, min_pt, wrap=False)
    size = fitted.size if fitted is not None else min_pt
    return Text(x, y, text, size, color, style, anchor)
