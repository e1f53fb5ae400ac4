"""WCAG 2's contrast ratio of sRGB colours, as coloraide computes it."""

from __future__ import annotations

from coloraide import Color


def ratio(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two colours '#rrggbb', 1 to 21."""
    return float(Color(a).contrast(b, method="wcag21"))
