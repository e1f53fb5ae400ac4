"""Colours that must be told apart, checked as people with a colour-vision deficiency see them.

Each game lists, in its content (`tell_apart`), the groups of its colours that a player has to tell
apart (island types, nations, card colours…), naming each colour by a key of the game's palette.
Every pair of a group is simulated for the three dichromacies with the model of Machado, Oliveira
and Fernandes, "A Physiologically-based Model for Simulation of Color Vision Deficiency" (IEEE TVCG
15(6), 2009), at severity 1, brought back into sRGB by ray-traced chroma reduction in OkLCh (the CSS
Color 4 gamut mapping), and compared with CIEDE2000 (Sharma, Wu and Dalal, Color Research &
Application 30(1), 2005) in CIE Lab under D65. A pair closer than MIN_DELTA_E is a problem, unless
the group says what else tells its colours apart (`symbol`: a pattern, letter or shape printed with
every colour of the group).

The arithmetic is coloraide's (8.13: `Color(c).filter(v, method="machado").convert("srgb").fit()`,
then `.delta_e(…, method="2000")`), written out here step for step with its constants, because
importing coloraide builds colour-temperature tables this check never uses, in every `playkit
validate` (tests/test_colourvision.py holds the two to the same colours and distances).

Pure: data in, data out.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from pydantic import Field

from .content import ContentSet, Problem
from .content.schema import Strict

DEFICIENCIES: dict[str, str] = {"protan": "protanopia", "deutan": "deuteranopia", "tritan": "tritanopia"}
"""The dichromacies simulated, and what each is called in a message (the full dichromacy, severity 1)."""

MIN_DELTA_E = 10.0
"""ΔE2000 of 2 to 3 is about the least difference an eye notices side by side; 10 is our floor for
colours read apart at a glance across a table (a tile edge against its neighbour, a token on a board),
for normal vision and under each simulated dichromacy."""


class TellApart(Strict):
    """A group of a game's colours that players must tell apart (content: `tell_apart`)."""

    what: str = Field(min_length=1)
    """What the colours tell apart, in a few words (named when two come too close)."""
    colours: list[str] = Field(min_length=2)
    """The colours of the group, by the names the file gives them."""
    symbol: str | None = None
    """What else is printed with every colour of the group, when colour alone cannot tell them apart."""


@dataclass(frozen=True)
class ClosePair:
    """Two colours of a group closer than MIN_DELTA_E for one kind of vision."""

    group: str
    a: str
    b: str
    vision: str          # "normal" or a key of DEFICIENCIES
    delta_e: float

    def __str__(self) -> str:
        seen = "with normal vision" if self.vision == "normal" else f"with {DEFICIENCIES[self.vision]}"
        return (f"{self.group}: {self.a} and {self.b} differ by ΔE2000 {self.delta_e:.1f} {seen}"
                f" (at least {MIN_DELTA_E:g} is needed, or a symbol printed with each colour)")


@lru_cache(maxsize=4096)
def simulate(hex_colour: str, vision: str) -> str:
    """How `hex_colour` ('#rrggbb') looks with a dichromacy ('protan', 'deutan', 'tritan'), as sRGB hex."""
    if vision == "normal":
        return hex_colour.lower()
    linear = _mul(_MACHADO[vision], [_to_linear(c) for c in _rgb(hex_colour)])
    shown = _fit(_fit([_from_linear(c) for c in linear]))   # fitted, then fitted again as coloraide writes hex
    return "#" + "".join(f"{math.floor(c * 255.0 + 0.5):02x}" for c in shown)


@lru_cache(maxsize=16384)
def delta_e(a: str, b: str) -> float:
    """CIEDE2000 difference of two '#rrggbb' colours."""
    return _ciede2000(_lab(a), _lab(b))


# sRGB, linear light, XYZ (D65), Oklab and CIE Lab: coloraide's constants and formulas.

Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]
_MACHADO: dict[str, Matrix] = {   # Machado et al.'s matrices at severity 1, on linear sRGB
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.01182, 0.04294, 0.968881)),
    "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.3039)),
}
_RGB_TO_XYZ: Matrix = ((0.4123907992659593, 0.357584339383878, 0.1804807884018343),
                       (0.21263900587151024, 0.715168678767756, 0.07219231536073371),
                       (0.01933081871559182, 0.11919477979462598, 0.9505321522496607))
_XYZ_TO_LMS: Matrix = ((0.819022437996703, 0.3619062600528904, -0.1288737815209879),
                       (0.03298365393238847, 0.9292868615863434, 0.03614466635064236),
                       (0.04817718935962421, 0.2642395317527308, 0.6335478284694309))
_LMS3_TO_OKLAB: Matrix = ((0.21045426830931396, 0.7936177747023053, -0.0040720430116192585),
                          (1.9779985324311686, -2.42859224204858, 0.450593709617411),
                          (0.025904042465547734, 0.7827717124575297, -0.8086757549230774))
_OKLAB_TO_LMS3: Matrix = ((1.0, 0.3963377773761749, 0.21580375730991364),
                          (1.0, -0.10556134581565857, -0.0638541728258133),
                          (1.0, -0.08948417752981186, -1.2914855480194092))
_LMS_TO_RGB: Matrix = ((4.07674163607596, -3.307711539258064, 0.23096990318210453),
                       (-1.2684379732850315, 2.609757349287688, -0.3413193760026571),
                       (-0.004196076138675481, -0.7034186179359362, 1.7076146940746115))
_RGB_TO_LMS: Matrix = ((0.4122214694707628, 0.5363325372617349, 0.05144599326750219),   # its inverse
                       (0.2119034958178251, 0.6806995506452346, 0.10739695353694054),
                       (0.08830245919005636, 0.28171883913612156, 0.6299787016738222))
_D65 = (0.31270 / 0.32900, 1.0, (1.0 - 0.31270 - 0.32900) / 0.32900)   # the white, xy (0.3127, 0.3290)
_ATOL = 1e-12   # how close to the sRGB cube's surface a point counts as on it


def _mul(m: Matrix, v: list[float]) -> list[float]:
    return [m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
            m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
            m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2]]


def _root(n: float, p: float) -> float:
    return 0.0 if n == 0 else math.copysign(abs(n) ** (p ** -1), n)


def _rgb(hex_colour: str) -> list[float]:
    return [int(hex_colour[i:i + 2], 16) * (1.0 / 255.0) for i in (1, 3, 5)]


def _to_linear(c: float) -> float:
    a = abs(c)
    return math.copysign(((a + 0.055) / 1.055) ** 2.4, c) if a > 0.04045 else c / 12.92


def _from_linear(c: float) -> float:
    a = abs(c)
    return math.copysign(1.055 * _root(a, 2.4) - 0.055, c) if a > 0.0031308 else 12.92 * c


def _oklch(rgb: list[float]) -> list[float]:
    """sRGB to OkLCh, the way coloraide converts (through linear light and XYZ)."""
    xyz = _mul(_RGB_TO_XYZ, [_to_linear(c) for c in rgb])
    lightness, a, b = _mul(_LMS3_TO_OKLAB, [_root(c, 3) for c in _mul(_XYZ_TO_LMS, xyz)])
    return [lightness, math.sqrt(a ** 2 + b ** 2), math.degrees(math.atan2(b, a)) % 360]


def _from_oklch(lch: list[float]) -> list[float]:
    """OkLCh straight to linear sRGB."""
    r = math.radians(lch[2])
    lab = [lch[0], lch[1] * math.cos(r), lch[1] * math.sin(r)]
    return _mul(_LMS_TO_RGB, [c ** 3 for c in _mul(_OKLAB_TO_LMS3, lab)])


def _to_oklch(linear: list[float]) -> list[float]:
    """Linear sRGB straight to OkLCh."""
    lightness, a, b = _mul(_LMS3_TO_OKLAB, [_root(c, 3) for c in _mul(_RGB_TO_LMS, linear)])
    return [lightness, math.sqrt(a * a + b * b), math.degrees(math.atan2(b, a)) % 360]


def _fit(rgb: list[float]) -> list[float]:
    """An sRGB colour inside the gamut as it is; outside, its chroma reduced at constant OkLCh lightness
    and hue onto the gamut's surface (coloraide's `raytrace` fit, CSS's fast path)."""
    if all(0.0 <= c <= 1.0 for c in rgb):
        return rgb
    start = _oklch(rgb)
    grey = [start[0], 0.0, start[2]]
    anchor = _onto_grey_axis(_from_oklch(grey))
    if anchor == [1.0, 1.0, 1.0] or anchor == [0.0, 0.0, 0.0]:
        return [_from_linear(c) for c in anchor]
    point = _from_oklch(start)
    last = point[:]
    if any(not 0.0 <= x <= 1.0 for x in last):
        for i in range(4):
            if i:
                lch = _to_oklch(point)
                point = _from_oklch([start[0], lch[1], start[2]])
            hit = _ray_to_box(anchor, point)
            if not hit:
                point = last
                break
            if i and all(_ATOL < x < 1.0 + _ATOL for x in point):
                anchor = point
            last = point = hit
    return [_from_linear(max(0.0, min(1.0, x))) for x in point]


def _onto_grey_axis(a: list[float]) -> list[float]:
    """`a` projected onto the segment from black to white of linear sRGB."""
    r = (a[0] + a[1] + a[2]) / 3.0
    r = min(max(r, 0.0), 1.0)
    return [r, r, r]


def _ray_to_box(start: list[float], end: list[float]) -> list[float]:
    """Where the ray from `start` through `end` meets the surface of the unit cube (slab method); []
    when it does not."""
    near, far = -math.inf, math.inf
    direction = []
    too_small = True
    for i in range(3):
        a, d = start[i], end[i] - start[i]
        direction.append(d)
        if too_small and abs(d) > _ATOL:
            too_small = False
        if d:
            inv = 1 / d
            t1, t2 = (0.0 - a) * inv, (1.0 - a) * inv
            near, far = max(min(t1, t2), near), min(max(t1, t2), far)
        elif a < 0.0 or a > 1.0:
            return []
    if too_small or near > far or far < 0:
        return []
    if near < 0.0:
        near = far
    if not math.isfinite(near):
        return []
    return [start[i] + direction[i] * near for i in range(3)]


def _lab(hex_colour: str) -> list[float]:
    """'#rrggbb' in CIE Lab under D65."""
    xyz = _mul(_RGB_TO_XYZ, [_to_linear(c) for c in _rgb(hex_colour)])
    fx, fy, fz = (_root(v / w, 3) if v / w > 216 / 24389 else (24389 / 27 * (v / w) + 16) / 116
                  for v, w in zip(xyz, _D65, strict=True))
    return [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]


def _ciede2000(lab1: list[float], lab2: list[float]) -> float:
    """CIEDE2000 (kL = kC = kH = 1), the paper's equations (2) to (22) in its order."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    g_const = 25 ** 7
    c1, c2 = math.sqrt(a1 ** 2 + b1 ** 2), math.sqrt(a2 ** 2 + b2 ** 2)
    c7 = ((c1 + c2) / 2) ** 7
    g = 0.5 * (1 - math.sqrt(c7 / (c7 + g_const)))
    ap1, ap2 = (1 + g) * a1, (1 + g) * a2
    cp1, cp2 = math.sqrt(ap1 ** 2 + b1 ** 2), math.sqrt(ap2 ** 2 + b2 ** 2)
    hp1 = 0 if (ap1 == 0 and b1 == 0) else math.atan2(b1, ap1)
    hp2 = 0 if (ap2 == 0 and b2 == 0) else math.atan2(b2, ap2)
    hp1 = math.degrees(hp1 + math.tau if hp1 < 0.0 else hp1)
    hp2 = math.degrees(hp2 + math.tau if hp2 < 0.0 else hp2)
    dl, dc, hdiff = l1 - l2, cp1 - cp2, hp1 - hp2
    if cp1 * cp2 == 0.0:
        dh = 0.0
    elif abs(hdiff) <= 180.0:
        dh = hdiff
    else:
        dh = hdiff + (-360 if hdiff > 180.0 else 360)
    dh = 2 * math.sqrt(cp2 * cp1) * math.sin(math.radians(dh / 2))
    lpm, cpm, hsum = (l1 + l2) / 2, (cp1 + cp2) / 2, hp1 + hp2
    if cp1 * cp2 == 0:
        hpm = hsum
    elif abs(hp1 - hp2) > 180:
        hpm = (hsum + (360 if hsum < 360 else -360)) / 2
    else:
        hpm = hsum / 2
    t = (1 - (0.17 * math.cos(math.radians(hpm - 30))) + (0.24 * math.cos(math.radians(2 * hpm)))
         + (0.32 * math.cos(math.radians((3 * hpm) + 6))) - (0.20 * math.cos(math.radians((4 * hpm) - 63))))
    dt = 30 * math.exp(-1 * ((hpm - 275) / 25) ** 2)
    cpm7 = cpm ** 7
    rc = 2 * math.sqrt(cpm7 / (cpm7 + g_const))
    l_temp = (lpm - 50) ** 2
    sl = 1 + ((0.015 * l_temp) / math.sqrt(20 + l_temp))
    sc = 1 + 0.045 * cpm
    sh = 1 + 0.015 * cpm * t
    rt = -1 * math.sin(math.radians(2 * dt)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dh / sh) ** 2 + rt * (dc / sc) * (dh / sh))


def closest(a: str, b: str) -> tuple[str, float]:
    """The kind of vision for which two colours are closest, and their ΔE2000 there."""
    return min(((v, delta_e(simulate(a, v), simulate(b, v))) for v in ("normal", *DEFICIENCIES)),
               key=lambda x: x[1])


def close_pairs(group: TellApart, palette: Mapping[str, str]) -> list[ClosePair]:
    """Every pair of the group's colours closer than MIN_DELTA_E for some kind of vision
    (colours missing from the palette are left to `unknown_colours`)."""
    out = []
    known = [c for c in group.colours if c in palette]
    for a, b in combinations(known, 2):
        vision, d = closest(palette[a], palette[b])
        if d < MIN_DELTA_E:
            out.append(ClosePair(group.what, a, b, vision, d))
    return out


def unknown_colours(group: TellApart, palette: Mapping[str, str]) -> list[str]:
    return [c for c in group.colours if c not in palette]


def problems(groups: list[TellApart], palette: Mapping[str, str]) -> list[tuple[int, str]]:
    """(index of the group, message) for every unknown colour and every close pair of a group
    that carries no symbol."""
    out: list[tuple[int, str]] = []
    for i, group in enumerate(groups):
        for key in unknown_colours(group, palette):
            out.append((i, f"{group.what}: no colour {key!r} (the palette has {', '.join(sorted(palette))})"))
        if group.symbol is None:
            out += [(i, str(p)) for p in close_pairs(group, palette)]
    return out


def content_problems(content: ContentSet, stem: str, groups: list[TellApart],
                     palette: Mapping[str, str], key: str = "tell_apart") -> list[Problem]:
    """`problems`, each placed at its group in the content file `stem` (under `key`)."""
    return [content.problem(stem, (key, i), message) for i, message in problems(groups, palette)]
