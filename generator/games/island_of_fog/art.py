"""Small pictures shared by the tiles, the board and the tokens: terrain, buildings, the arrow.

Each function returns scene items inside a box (x, y, size) in mm; colours come from the model.
"""

from __future__ import annotations

import math

from ...draw import Circle, Line, Path, Rect, polygon
from ...draw.scene import Item, PathOp
from .model import IslandOfFog


def tint(hex_colour: str, amount: float) -> str:
    """The colour mixed with white (amount 0: unchanged, 1: white)."""
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    mix = [round(v + (255 - v) * amount) for v in (r, g, b)]
    return "#" + "".join(f"{v:02x}" for v in mix)


def shade(hex_colour: str, amount: float) -> str:
    """The colour mixed with black."""
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    mix = [round(v * (1 - amount)) for v in (r, g, b)]
    return "#" + "".join(f"{v:02x}" for v in mix)


def _p(x: float, y: float, s: float, fx: float, fy: float) -> tuple[float, float]:
    return (x + fx * s, y + fy * s)


def trees(m: IslandOfFog, x: float, y: float, s: float) -> list[Item]:
    out: list[Item] = []
    for fx, fy, k in ((0.28, 0.42, 0.9), (0.7, 0.36, 1.0), (0.5, 0.72, 0.95)):
        h = 0.3 * s * k
        cx, base = x + fx * s, y + fy * s + h / 2
        out.append(Rect(cx - 0.04 * s, base - 0.02 * s, 0.08 * s, 0.1 * s, fill=m.look.rock))
        out.append(polygon([(cx, base - h), (cx + h * 0.45, base), (cx - h * 0.45, base)], fill=m.look.tree))
    return out


def peaks(m: IslandOfFog, x: float, y: float, s: float) -> list[Item]:
    rock, snow = m.look.rock, m.look.snow
    big = [_p(x, y, s, 0.1, 0.8), _p(x, y, s, 0.42, 0.22), _p(x, y, s, 0.74, 0.8)]
    small = [_p(x, y, s, 0.46, 0.8), _p(x, y, s, 0.7, 0.42), _p(x, y, s, 0.92, 0.8)]
    return [
        polygon(small, fill=shade(rock, 0.15)),
        polygon(big, fill=rock),
        polygon([_p(x, y, s, 0.42, 0.22), _p(x, y, s, 0.52, 0.4), _p(x, y, s, 0.46, 0.37),
                 _p(x, y, s, 0.41, 0.42), _p(x, y, s, 0.35, 0.35), _p(x, y, s, 0.32, 0.4)], fill=snow),
    ]


def waves(m: IslandOfFog, x: float, y: float, s: float) -> list[Item]:
    out: list[Item] = []
    for fy in (0.3, 0.52, 0.74):
        y0 = y + fy * s
        x0, x1 = x + 0.18 * s, x + 0.82 * s
        step = (x1 - x0) / 4
        ops: list[PathOp] = [("M", x0, y0)]
        for k in range(4):
            a = x0 + k * step
            dy = -0.06 * s if k % 2 == 0 else 0.06 * s
            ops.append(("C", a + step * 0.3, y0 + dy, a + step * 0.7, y0 + dy, a + step, y0))
        out.append(Path(tuple(ops), stroke=m.look.wave, stroke_mm=0.55))
    return out


def grass(m: IslandOfFog, x: float, y: float, s: float, colour: str) -> list[Item]:
    out: list[Item] = []
    ink = shade(colour, 0.25)
    for fx, fy in ((0.25, 0.3), (0.7, 0.62), (0.32, 0.8)):
        cx, cy = x + fx * s, y + fy * s
        for dx in (-0.05, 0.0, 0.05):
            out.append(Line(cx, cy, cx + dx * s, cy - 0.08 * s, stroke=ink, stroke_mm=0.3))
    return out


def lot(m: IslandOfFog, x: float, y: float, s: float) -> list[Item]:
    """A building lot: a dashed plot with a small house outline."""
    inset = 0.12 * s
    return [
        Rect(x + inset, y + inset, s - 2 * inset, s - 2 * inset, stroke=m.look.lot_line, stroke_mm=0.45,
             radius=0.06 * s, dash=(1.2, 0.8)),
        polygon([_p(x, y, s, 0.36, 0.52), _p(x, y, s, 0.5, 0.38), _p(x, y, s, 0.64, 0.52),
                 _p(x, y, s, 0.64, 0.68), _p(x, y, s, 0.36, 0.68)], stroke=m.look.lot_line, stroke_mm=0.4),
    ]


def fortress(x: float, y: float, s: float, fill: str, ink: str) -> list[Item]:
    """A home base: a wall with battlements and a gate."""
    pts = [(0.18, 0.82), (0.18, 0.34), (0.28, 0.34), (0.28, 0.42), (0.38, 0.42), (0.38, 0.34), (0.46, 0.34),
           (0.46, 0.22), (0.54, 0.22), (0.54, 0.34), (0.62, 0.34), (0.62, 0.42), (0.72, 0.42), (0.72, 0.34),
           (0.82, 0.34), (0.82, 0.82)]
    return [polygon([_p(x, y, s, a, b) for a, b in pts], fill=fill, stroke=ink, stroke_mm=0.4),
            Path((("M", *_p(x, y, s, 0.43, 0.82)), ("L", *_p(x, y, s, 0.43, 0.62)),
                  ("C", *_p(x, y, s, 0.43, 0.54), *_p(x, y, s, 0.57, 0.54), *_p(x, y, s, 0.57, 0.62)),
                  ("L", *_p(x, y, s, 0.57, 0.82)), ("Z",)), fill=ink)]


def lighthouse(m: IslandOfFog, x: float, y: float, s: float, band: str) -> list[Item]:
    """The lighthouse: a striped tower with its lamp shining."""
    ink = m.look.ink
    out: list[Item] = []
    for k in range(8):
        a = math.radians(k * 45 + 22.5)
        cx, cy = x + 0.5 * s, y + 0.24 * s
        out.append(Line(cx + math.cos(a) * 0.12 * s, cy + math.sin(a) * 0.12 * s,
                        cx + math.cos(a) * 0.22 * s, cy + math.sin(a) * 0.22 * s, stroke=m.look.lamp,
                        stroke_mm=0.6))
    out.append(polygon([_p(x, y, s, 0.36, 0.88), _p(x, y, s, 0.42, 0.32), _p(x, y, s, 0.58, 0.32),
                        _p(x, y, s, 0.64, 0.88)], fill=m.look.paper, stroke=ink, stroke_mm=0.4))
    for top, bottom in ((0.42, 0.52), (0.64, 0.74)):
        wt = 0.08 + (top - 0.32) / 0.56 * 0.06
        wb = 0.08 + (bottom - 0.32) / 0.56 * 0.06
        out.append(polygon([_p(x, y, s, 0.5 - wt, top), _p(x, y, s, 0.5 + wt, top),
                            _p(x, y, s, 0.5 + wb, bottom), _p(x, y, s, 0.5 - wb, bottom)], fill=band))
    out.append(Rect(x + 0.4 * s, y + 0.18 * s, 0.2 * s, 0.14 * s, fill=m.look.lamp, stroke=ink, stroke_mm=0.4))
    out.append(polygon([_p(x, y, s, 0.38, 0.18), _p(x, y, s, 0.5, 0.1), _p(x, y, s, 0.62, 0.18)],
                       fill=ink))
    return out


def arrow(m: IslandOfFog, x: float, y: float, s: float, turns: int = 0) -> list[Item]:
    """The tile's arrow, pointing up, or turned clockwise by `turns` quarter turns."""
    pts = [(0.5, 0.14), (0.82, 0.5), (0.62, 0.5), (0.62, 0.86), (0.38, 0.86), (0.38, 0.5), (0.18, 0.5)]
    for _ in range(turns % 4):
        pts = [(1 - b, a) for a, b in pts]  # a quarter turn clockwise about the box's centre (y down)
    return [polygon([_p(x, y, s, a, b) for a, b in pts], fill=m.look.arrow, stroke=m.look.ink, stroke_mm=0.5)]


def houses(x: float, y: float, s: float, fill: str, ink: str) -> list[Item]:
    """A city: three roofs."""
    out: list[Item] = []
    for fx, fy, k in ((0.3, 0.55, 0.8), (0.62, 0.5, 1.0), (0.46, 0.7, 0.9)):
        w = 0.26 * s * k
        cx, base = x + fx * s, y + fy * s + 0.12 * s
        out.append(polygon([(cx - w / 2, base), (cx - w / 2, base - w * 0.7), (cx, base - w * 1.2),
                            (cx + w / 2, base - w * 0.7), (cx + w / 2, base)], fill=fill, stroke=ink,
                           stroke_mm=0.35))
    return out


def factory(x: float, y: float, s: float, fill: str, ink: str) -> list[Item]:
    """A factory: saw-tooth roof and a chimney with smoke."""
    pts = [(0.15, 0.8), (0.15, 0.5), (0.32, 0.38), (0.32, 0.5), (0.49, 0.38), (0.49, 0.5), (0.66, 0.38),
           (0.66, 0.5), (0.7, 0.5), (0.7, 0.2), (0.8, 0.2), (0.8, 0.8)]
    return [polygon([_p(x, y, s, a, b) for a, b in pts], fill=fill, stroke=ink, stroke_mm=0.35),
            Circle(x + 0.8 * s, y + 0.12 * s, 0.05 * s, fill=fill),
            Circle(x + 0.9 * s, y + 0.06 * s, 0.035 * s, fill=fill)]


def shield(x: float, y: float, s: float, fill: str, ink: str) -> list[Item]:
    return [Path((("M", *_p(x, y, s, 0.22, 0.2)), ("L", *_p(x, y, s, 0.78, 0.2)), ("L", *_p(x, y, s, 0.78, 0.5)),
                  ("C", *_p(x, y, s, 0.78, 0.72), *_p(x, y, s, 0.6, 0.82), *_p(x, y, s, 0.5, 0.88)),
                  ("C", *_p(x, y, s, 0.4, 0.82), *_p(x, y, s, 0.22, 0.72), *_p(x, y, s, 0.22, 0.5)),
                  ("Z",)), fill=fill, stroke=ink, stroke_mm=0.4)]


def chevron(x: float, y: float, s: float, fy: float, colour: str) -> list[Item]:
    pts = [(0.32, fy), (0.5, fy - 0.12), (0.68, fy), (0.68, fy + 0.08), (0.5, fy - 0.04), (0.32, fy + 0.08)]
    return [polygon([_p(x, y, s, a, b) for a, b in pts], fill=colour)]


def star(cx: float, cy: float, r_out: float, colour: str, points: int = 5) -> list[Item]:
    pts = []
    for k in range(2 * points):
        r = r_out if k % 2 == 0 else r_out * 0.45
        a = -math.pi / 2 + k * math.pi / points
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return [polygon(pts, fill=colour)]
