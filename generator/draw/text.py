"""Text fitted once: wrapped and sized in mm with the embedded font, the same for PDF and SVG."""

from __future__ import annotations

from .fonts import PT_MM, width_mm
from .scene import Anchor, Color, FontStyle, Text

LEADING = 1.2
MIN_TEXT_PT = 6.0   # the kit's floor: no word is printed smaller (tables, layouts, cards)


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
    """The lines `wrap` makes of `text`, when they fit the box (else None): each line measured once,
    as it grows, and given up on as soon as the lines pass the box's height."""
    step = size_pt * PT_MM * LEADING
    lines: list[str] = []
    for para in text.split("\n"):
        line, line_w = "", 0.0
        for word in para.split():
            trial = f"{line} {word}" if line else word
            trial_w = width_mm(trial, size_pt, style, font)
            if not line or trial_w <= w:
                line, line_w = trial, trial_w
                continue
            if line_w > w or (len(lines) + 2) * step > h + 1e-9:
                return None
            lines.append(line)
            line, line_w = word, width_mm(word, size_pt, style, font)
        if line_w > w:
            return None
        lines.append(line)
    return lines if len(lines) * step <= h + 1e-9 else None


def fits_at_least(text: str, w: float, h: float, min_pt: float, style: FontStyle = "regular") -> bool:
    """Whether `text` fits the box at `min_pt`, the smallest size `block` will use: pure geometry, for
    the checks, which place text that cannot fit at its line in the content (drawing never fails)."""
    return fits(text, w, h, min_pt, style)


def fit_size(text: str, w: float, h: float, max_pt: float, min_pt: float = 5.0,
             style: FontStyle = "regular", font: str = "") -> float:
    """The largest size (in 0.25 pt steps) at which `text` fits the box; never below min_pt."""
    size = max_pt
    while size > min_pt and not fits(text, w, h, size, style, font):
        size -= 0.25
    return size


def block(text: str, x: float, y: float, w: float, h: float, *, max_pt: float = 10, min_pt: float = 5,
          style: FontStyle = "regular", color: Color = "#000000", anchor: Anchor = "start",
          valign: str = "top", font: str = "") -> tuple[Text, ...]:
    """`text` wrapped and shrunk to fit the box (x, y, w, h); one Text per line."""
    size = fit_size(text, w, h, max_pt, min_pt, style, font)
    lines = wrap(text, w, size, style, font)
    step = size * PT_MM * LEADING
    used = step * len(lines)
    top = y + {"top": 0.0, "middle": (h - used) / 2, "bottom": h - used}[valign]
    ax = {"start": x, "middle": x + w / 2, "end": x + w}[anchor]
    ascent = size * PT_MM * 0.78
    return tuple(Text(ax, top + i * step + ascent + (step - size * PT_MM) / 2, line, size, color, style, anchor,
                      font) for i, line in enumerate(lines))


def label(text: str, x: float, y: float, w: float, *, max_pt: float = 10, min_pt: float = 4,
          style: FontStyle = "regular", color: Color = "#000000", anchor: Anchor = "middle") -> Text:
    """One line of text at baseline y, shrunk until it fits width w (x is the anchor point)."""
    size = max_pt
    while size > min_pt and width_mm(text, size, style) > w:
        size -= 0.25
    return Text(x, y, text, size, color, style, anchor)
