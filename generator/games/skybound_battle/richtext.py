"""Paragraphs that start with a bold label ("Deployed:") and run on in another style, fitted to a box
by the one fitting function (draw/text.py), with Skybound's own leading and gap between paragraphs."""

from __future__ import annotations

from ...draw import Text
from ...draw.scene import Color, FontStyle
from ...draw.text import MIN_TEXT_PT, Fitted, Piece, draw_fitted, fit

LEADING = 1.18
PARA_GAP = 0.35  # of a line, between paragraphs

Para = tuple[str, str, FontStyle]  # (bold label or "", text, style of the text)


def _pieces(paras: list[Para], label_color: Color) -> tuple[tuple[Piece, ...], ...]:
    return tuple((Piece(label, "bold", label_color), Piece(" " + body, style)) if label else (Piece(body, style),)
                 for label, body, style in paras)


def fitted(paras: list[Para], w: float, h: float, max_pt: float, min_pt: float = MIN_TEXT_PT,
           label_color: Color = None) -> Fitted | None:
    """The paragraphs at the largest size (0.25 pt grid, not below min_pt) at which they fit the box;
    None when they do not fit even at min_pt."""
    return fit(_pieces(paras, label_color), w, h, max_pt, min_pt, leading=LEADING, para_gap=PARA_GAP)


def block(paras: list[Para], x: float, y: float, w: float, h: float, *, max_pt: float = 8.0,
          min_pt: float = MIN_TEXT_PT, color: Color = "#1f2328", label_color: Color | None = None,
          valign: str = "middle") -> tuple[Text, ...]:
    """The paragraphs fitted into the box (x, y, w, h), as Text items (nothing when they do not fit:
    the callers' checks refuse such a text where it was written)."""
    laid = fitted(paras, w, h, max_pt, min_pt, label_color)
    return () if laid is None else placed(laid, x, y, w, h, color=color, valign=valign)


def placed(laid: Fitted, x: float, y: float, w: float, h: float, *, color: Color = "#1f2328",
           valign: str = "middle") -> tuple[Text, ...]:
    """Paragraphs `fitted` already, as Text items in the box (x, y, w, h)."""
    drawn, _ = draw_fitted(laid, float(x), y, w, h, color=color, valign=valign)   # x as a float, as it was
    return tuple(t for t in drawn if isinstance(t, Text))
