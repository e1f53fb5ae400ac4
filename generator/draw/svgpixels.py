"""The pixels an SVG embeds of a picture: at most what its box shows at SVG_DPI.

Each SVG stands alone, so it carries its pictures. A 20 MB picture on 48 cards would be a gigabyte of
SVGs held at once; a copy with the pixels the box shows is bounded by the box, whatever the file. The
PDFs (and the print-shop PNGs drawn from them) keep the picture as read.
"""

from __future__ import annotations

import io
import math
from functools import lru_cache

from .scene import Picture

SVG_DPI = 300
"""A print shop's resolution: an SVG face looks as the printed card does, even zoomed in on a screen."""


def shown(picture: Picture, w_mm: float, h_mm: float) -> tuple[bytes, str]:
    """The bytes an SVG embeds for `picture` drawn over a w x h mm box, and their kind (png, jpeg)."""
    pw, ph = picture.px
    tw = min(pw, max(1, math.ceil(abs(w_mm) / 25.4 * SVG_DPI)))
    th = min(ph, max(1, math.ceil(abs(h_mm) / 25.4 * SVG_DPI)))
    if (tw, th) == (pw, ph):
        return picture.data, picture.kind
    return _smaller(picture, tw, th)


@lru_cache(maxsize=16)
def _smaller(picture: Picture, tw: int, th: int) -> tuple[bytes, str]:
    """The picture resampled to tw x th pixels (kept by its content and size: a deck's faces repeat)."""
    from PIL import Image

    with Image.open(io.BytesIO(picture.data)) as im:
        jpeg = picture.kind == "jpeg"
        wanted = "RGB" if jpeg else ("RGBA" if im.mode not in ("RGB", "L") else im.mode)
        small = im.convert(wanted).resize((tw, th), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    if jpeg:
        small.save(out, "JPEG", quality=90)
    else:
        small.save(out, "PNG")
    return out.getvalue(), picture.kind
