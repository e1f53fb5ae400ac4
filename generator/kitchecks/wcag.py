"""WCAG 2's contrast ratio of sRGB colours, as coloraide computes it (imported on first use, as the
colour-vision check imports it), each pair once a process: a kit asks for the same few pairs of its
palette thousands of times (every inked face, every check)."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=4096)
def ratio(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two colours '#rrggbb', 1 to 21."""
    from coloraide import Color

    return float(Color(a).contrast(b, method="wcag21"))
