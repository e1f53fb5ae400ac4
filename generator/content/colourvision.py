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

The simulation and the distance are coloraide's (`Color(c).filter(v, method="machado")
.convert("srgb").fit()`, then `.delta_e(…, method="2000")`), imported when a check first runs (a
command that checks no colours does not pay for its import), and each group's distances worked out
once a process for its colours (`_closest`, cached by the tuple of colours).

Pure: data in, data out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from pydantic import Field

from . import ContentSet, Problem
from .schema import Strict

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


def simulate(hex_colour: str, vision: str) -> str:
    """How `hex_colour` ('#rrggbb') looks with a dichromacy ('protan', 'deutan', 'tritan'), as sRGB hex."""
    if vision == "normal":
        return hex_colour.lower()
    from coloraide import Color

    shown = Color(hex_colour).filter(vision, method="machado").convert("srgb").fit()
    return str(shown.to_string(hex=True))


def delta_e(a: str, b: str) -> float:
    """CIEDE2000 difference of two '#rrggbb' colours."""
    from coloraide import Color

    return float(Color(a).delta_e(Color(b), method="2000"))


def closest(a: str, b: str) -> tuple[str, float]:
    """The kind of vision for which two colours are closest, and their ΔE2000 there."""
    return min(((v, delta_e(simulate(a, v), simulate(b, v))) for v in ("normal", *DEFICIENCIES)),
               key=lambda x: x[1])


@lru_cache(maxsize=256)
def _closest(colours: tuple[str, ...]) -> tuple[tuple[str, float], ...]:
    """`closest` of every pair of the colours ('#rrggbb'), in the order of `combinations`: worked out
    once a process for a group's colours (validate, then build, check the same palettes)."""
    return tuple(closest(a, b) for a, b in combinations(colours, 2))


def close_pairs(group: TellApart, palette: Mapping[str, str]) -> list[ClosePair]:
    """Every pair of the group's colours closer than MIN_DELTA_E for some kind of vision
    (colours missing from the palette are left to `unknown_colours`)."""
    out = []
    known = [c for c in group.colours if c in palette]
    pairs = zip(combinations(known, 2), _closest(tuple(palette[c] for c in known)), strict=True)
    for (a, b), (vision, d) in pairs:
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
                     palette: Mapping[str, str]) -> list[Problem]:
    """`problems`, each placed at its group in the content file `stem` (under `tell_apart`)."""
    return [content.problem(stem, ("tell_apart", i), message) for i, message in problems(groups, palette)]
