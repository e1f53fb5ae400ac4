"""A picture fitted into a layout's box: `contain`, `cover` or `stretch`.

- contain (the default): all of the picture, its proportions kept, centred; what the designer drew is
  all there and undistorted, whatever the box (a circle stays a circle, no edge is lost). A box of
  the picture's own proportions is filled exactly, so nothing is lost by making it the default.
- cover: the box filled, proportions kept, centred; what overflows the box is cut off (full-art faces).
- stretch: the box filled, the proportions lost.
"""

from __future__ import annotations

from ..draw.scene import Clipped, Group, Image, Item, Picture
from .svgimage import SvgPicture, scaled

FIT_DEFAULT = "contain"


def fitted(picture: Picture | SvgPicture, x: float, y: float, w: float, h: float, fit: str = FIT_DEFAULT) -> Item:
    """The picture drawn into the box (x, y, w, h) mm as `fit` says."""
    if isinstance(picture, Picture):
        pw, ph = float(picture.px[0]), float(picture.px[1])
        vx, vy = 0.0, 0.0
    else:
        vx, vy, pw, ph = picture.view
    if fit == "stretch":
        kx, ky = w / pw, h / ph
    else:
        k = min(w / pw, h / ph) if fit == "contain" else max(w / pw, h / ph)
        kx = ky = k
    dw, dh = pw * kx, ph * ky
    left, top = x + (w - dw) / 2, y + (h - dh) / 2
    if isinstance(picture, Picture):
        drawn: Item = Image(left, top, dw, dh, picture)
        return Clipped((drawn,), clip=(x, y, w, h)) if fit == "cover" else drawn
    inner = scaled(picture.items, kx, ky, -vx, -vy)
    if fit == "cover":
        return Clipped(inner, left, top, clip=(x - left, y - top, w, h))
    return Group(inner, left, top)
