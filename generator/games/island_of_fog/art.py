"""Small pictures shared by the tiles, the board and the tokens: terrain, buildings, the arrow.

Each function returns scene items inside a box (x, y, size) in mm; colours come from the model.
"""

from __future__ import annotations

import math

from ...draw import Circle, Line, Path, Rect, Text, polygon
from ...draw.scene import Item, PathOp, mix
from ...kitchecks.wcag import ratio as contrast
from .model import IslandOfFog


def tint(hex_colour: str, amount: float) -> str:
    """The colour mixed with white (amount 0: unchanged, 1: white)."""
    return mix(hex_colour, "#ffffff", amount)


def shade(hex_colour: str, amount: float) -> str:
    """The colour mixed with black."""
    return mix(hex_colour, "#000000", amount)


def text_on(m: IslandOfFog, background: str) -> str:
    """Paper or ink, whichever reads better on `background` (ink on the yellow nation)."""
    return max((m.look.paper, m.look.ink), key=lambda c: contrast(c, background))


def readable(colour: str, background: str, ratio: float = 4.5) -> str:
    """`colour` darkened just enough to read as text on `background`."""
    amount = 0.0
    out = colour
    while contrast(out, background) < ratio and amount < 1.0:
        amount += 0.05
        out = shade(colour, amount)
    return out


def _p(x: float, y: float, s: float, fx: float, fy: float) -> tuple[float, float]:
    return (x + fx * s, y + fy * s)


def tree(m: IslandOfFog, cx: float, base: float, h: float) -> list[Item]:
    """One fir: a trunk and two tiers of needles, `h` tall, standing on `base`."""
    w = h * 0.62
    return [Rect(cx - h * 0.07, base - h * 0.2, h * 0.14, h * 0.2, fill=m.look.rock),
            polygon([(cx, base - h), (cx + w * 0.38, base - h * 0.5), (cx - w * 0.38, base - h * 0.5)],
                    fill=m.look.tree),
            polygon([(cx, base - h * 0.72), (cx + w / 2, base - h * 0.16), (cx - w / 2, base - h * 0.16)],
                    fill=m.look.tree)]


def trees(m: IslandOfFog, x: float, y: float, s: float) -> list[Item]:
    """A forest space: three firs, big enough to tell from a distance."""
    out: list[Item] = []
    for fx, fy, k in ((0.27, 0.5, 0.4), (0.71, 0.44, 0.44), (0.5, 0.9, 0.42)):
        out += tree(m, x + fx * s, y + fy * s, s * k)
    return out


def peak(m: IslandOfFog, x: float, y: float, w: float, h: float, rock: str) -> list[Item]:
    """One mountain `w` wide and `h` tall from its left foot (x, y) on the ground line, with snow."""
    top = (x + w / 2, y - h)
    return [polygon([(x, y), top, (x + w, y)], fill=rock),
            polygon([top, (x + w * 0.62, y - h * 0.72), (x + w * 0.54, y - h * 0.78), (x + w * 0.47, y - h * 0.68),
                      (x + w * 0.4, y - h * 0.76), (x + w * 0.36, y - h * 0.72)], fill=m.look.snow)]


def peaks(m: IslandOfFog, x: float, y: float, s: float) -> list[Item]:
    """A mountain space: a big peak with a smaller one behind."""
    rock = m.look.rock
    return (peak(m, x + 0.44 * s, y + 0.84 * s, 0.5 * s, 0.5 * s, tint(rock, 0.25))
            + peak(m, x + 0.08 * s, y + 0.84 * s, 0.64 * s, 0.66 * s, rock))


def wave(m: IslandOfFog, x0: float, x1: float, y0: float, amp: float, stroke_mm: float) -> Item:
    """One wavy line from x0 to x1 at height y0."""
    step = (x1 - x0) / 4
    ops: list[PathOp] = [("M", x0, y0)]
    for k in range(4):
        a = x0 + k * step
        dy = -amp if k % 2 == 0 else amp
        ops.append(("C", a + step * 0.3, y0 + dy, a + step * 0.7, y0 + dy, a + step, y0))
    return Path(tuple(ops), stroke=m.look.wave, stroke_mm=stroke_mm)


def waves(m: IslandOfFog, x: float, y: float, s: float) -> list[Item]:
    """A water space: three white waves across it."""
    return [wave(m, x + 0.14 * s, x + 0.86 * s, y + fy * s, 0.07 * s, 0.8) for fy in (0.28, 0.5, 0.72)]


def grass(m: IslandOfFog, x: float, y: float, s: float, colour: str) -> list[Item]:
    """A plains space: a few light tufts, so that the space stays the lightest on the tile."""
    out: list[Item] = []
    ink = shade(colour, 0.3)
    for fx, fy in ((0.22, 0.3), (0.74, 0.26), (0.3, 0.8), (0.76, 0.74)):
        cx, cy = x + fx * s, y + fy * s
        for dx in (-0.05, 0.0, 0.05):
            out.append(Line(cx, cy, cx + dx * s, cy - 0.08 * s, stroke=ink, stroke_mm=0.3))
    return out


def lot(m: IslandOfFog, x: float, y: float, s: float, house: bool = True) -> list[Item]:
    """A building lot: a bold fenced plot with a house on it (`house` False: the fence only, when
    the arrow takes the middle of the space)."""
    inset = 0.09 * s
    ink = m.look.lot_line
    out: list[Item] = [Rect(x + inset, y + inset, s - 2 * inset, s - 2 * inset, stroke=ink, stroke_mm=1.0,
                            radius=0.05 * s)]
    for fx in (inset / s, 1 - inset / s):  # corner posts: the plot reads as a lot even under a token
        for fy in (inset / s, 1 - inset / s):
            out.append(Circle(x + fx * s, y + fy * s, 0.045 * s, fill=ink))
    if house:
        out.append(polygon([_p(x, y, s, 0.29, 0.48), _p(x, y, s, 0.5, 0.27), _p(x, y, s, 0.71, 0.48),
                            _p(x, y, s, 0.66, 0.48), _p(x, y, s, 0.66, 0.72), _p(x, y, s, 0.34, 0.72),
                            _p(x, y, s, 0.34, 0.48)], fill=ink))
        out.append(Rect(x + 0.455 * s, y + 0.56 * s, 0.09 * s, 0.16 * s, fill=m.look.paper))
    return out


def corner_motifs(m: IslandOfFog, kind: str, x: float, y: float, s: float, colour: str) -> list[Item]:
    """A space's picture as four small motifs in its corners, for the space under the arrow."""
    out: list[Item] = []
    b = 0.27 * s
    for fx in (0.02, 0.98 - 0.27):
        for fy in (0.02, 0.98 - 0.27):
            bx, by = x + fx * s, y + fy * s
            if kind == "forest":
                out += tree(m, bx + b / 2, by + b, b)
            elif kind == "mountain":
                out += peak(m, bx, by + b * 0.95, b, b * 0.9, m.look.rock)
            elif kind == "water":
                out += [wave(m, bx + 0.05 * b, bx + 0.95 * b, by + fy2 * b, 0.09 * b, 0.6) for fy2 in (0.35, 0.7)]
            else:
                ink = shade(colour, 0.3)
                cx, cy = bx + b / 2, by + b * 0.7
                out += [Line(cx, cy, cx + dx * s, cy - 0.08 * s, stroke=ink, stroke_mm=0.3)
                        for dx in (-0.05, 0.0, 0.05)]
    return out


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


def value_coin(m: IslandOfFog, cx: float, cy: float, r: float, value: int, pt: float) -> list[Item]:
    """A coin showing the coins a city earns there each turn (the board's squares, the lighthouse
    tile): one picture, so a value reads the same wherever it is printed. The figure, `pt` points,
    sits centred on (cx, cy)."""
    cap_mm = 0.72 * pt * 0.3528  # the height of a figure in the kit's font
    return [Circle(cx, cy, r, fill=tint(m.look.coin, 0.45), stroke=m.look.coin_dark, stroke_mm=max(0.25, r * 0.05)),
            Text(cx, cy + cap_mm / 2, str(value), pt, readable(m.look.coin_dark, tint(m.look.coin, 0.45)), "bold",
                 "middle")]


def arrow(m: IslandOfFog, x: float, y: float, s: float, turns: int = 0) -> list[Item]:
    """The tile's arrow on a white disc, pointing up, or turned clockwise by `turns` quarter turns.
    A bold dark arrow on white reads at a glance in colour and in greyscale, whatever lies under it."""
    pts = [(0.5, 0.17), (0.8, 0.5), (0.61, 0.5), (0.61, 0.83), (0.39, 0.83), (0.39, 0.5), (0.2, 0.5)]
    for _ in range(turns % 4):
        pts = [(1 - b, a) for a, b in pts]  # a quarter turn clockwise about the box's centre (y down)
    return [Circle(x + 0.5 * s, y + 0.5 * s, 0.47 * s, fill=m.look.arrow, stroke=m.look.ink, stroke_mm=0.6),
            polygon([_p(x, y, s, a, b) for a, b in pts], fill=m.look.ink)]


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
