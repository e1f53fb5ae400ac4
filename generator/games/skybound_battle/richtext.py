"""Paragraphs that start with a bold label ("Deployed:") and run on in another style, fitted to a box."""

from __future__ import annotations

from functools import lru_cache

from ...draw import Text, width_mm
from ...draw.fonts import PT_MM
from ...draw.scene import Color, FontStyle

LEADING = 1.18
PARA_GAP = 0.35  # of a line, between paragraphs

Para = tuple[str, str, FontStyle]  # (bold label or "", text, style of the text)
Run = tuple[str, FontStyle, float]  # (text, style, x offset in mm)


def lay_out(paras: list[Para], w: float, size: float) -> list[list[list[Run]]]:
    """Each paragraph as lines of runs, wrapped to `w` mm at `size` pt."""
    out: list[list[list[Run]]] = []
    space = width_mm(" ", size)
    for label, body, style in paras:
        lines: list[list[Run]] = []
        cur: list[Run] = []
        x = 0.0
        if label:
            cur.append((label, "bold", 0.0))
            x = width_mm(label, size, "bold") + space
        words: list[str] = []
        for word in body.split():
            trial = " ".join([*words, word])
            if x + width_mm(trial, size, style) <= w or (not words and not cur):
                words.append(word)
                continue
            if words:
                cur.append((" ".join(words), style, x))
            lines.append(cur)
            cur, x, words = [], 0.0, [word]
        if words:
            cur.append((" ".join(words), style, x))
        if cur:
            lines.append(cur)
        out.append(lines)
    return out


def height(laid: list[list[list[Run]]], size: float) -> float:
    step = size * PT_MM * LEADING
    n = sum(len(p) for p in laid)
    return n * step + max(0, len(laid) - 1) * PARA_GAP * step


def fits(laid: list[list[list[Run]]], w: float, h: float, size: float) -> bool:
    wide = any(x + width_mm(t, size, s) > w + 1e-6 for p in laid for line in p for t, s, x in line)
    return not wide and height(laid, size) <= h + 1e-6


Laid = list[list[list[Run]]]  # paragraphs of lines of runs


def fit(paras: list[Para], w: float, h: float, max_pt: float, min_pt: float = 5.0) -> tuple[float, Laid]:
    """The largest size (0.25 pt steps, not below min_pt) at which the paragraphs fit, and their lines
    (not to be changed: shared by every caller fitting the same paragraphs to the same box)."""
    return _fit(tuple(paras), w, h, max_pt, min_pt)


@lru_cache(maxsize=256)
def _fit(paras: tuple[Para, ...], w: float, h: float, max_pt: float, min_pt: float) -> tuple[float, Laid]:
    """fit, found once for each card's text and box: a card's face is checked, drawn for every deck
    it is in, and drawn again when the kit is built, and each fits the text twice (block fits it too)."""
    size = max_pt
    laid = lay_out(list(paras), w, size)
    while size > min_pt and not fits(laid, w, h, size):
        size -= 0.25
        laid = lay_out(list(paras), w, size)
    return size, laid


def block(paras: list[Para], x: float, y: float, w: float, h: float, *, max_pt: float = 8.0,
          min_pt: float = 5.0, color: Color = "#1f2328", label_color: Color | None = None,
          valign: str = "middle") -> tuple[Text, ...]:
    """The paragraphs fitted into the box (x, y, w, h), as Text items."""
    size, laid = fit(paras, w, h, max_pt, min_pt)
    step = size * PT_MM * LEADING
    used = height(laid, size)
    top = y + {"top": 0.0, "middle": (h - used) / 2, "bottom": h - used}[valign]
    ascent = size * PT_MM * 0.78
    out: list[Text] = []
    yy = top
    for p in laid:
        for line in p:
            for t, s, dx in line:
                col = label_color if (s == "bold" and label_color and dx == 0.0) else color
                out.append(Text(x + dx, yy + ascent + (step - size * PT_MM) / 2, t, size, col, s))
            yy += step
        yy += PARA_GAP * step
    return tuple(out)
