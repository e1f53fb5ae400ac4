"""WCAG 2's contrast ratio of sRGB colours, as coloraide computes it (imported on first use, as the
colour-vision check imports it)."""

from __future__ import annotations


def ratio(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two colours '#rrggbb', 1 to 21."""
    from coloraide import Color

    return float(Color(a).contrast(b, method="wcag21"))
