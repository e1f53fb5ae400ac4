"""WCAG 2's relative luminance and contrast ratio of sRGB colours: light, for drawers that pick an ink."""

from __future__ import annotations


def luminance(hex_colour: str) -> float:
    """WCAG 2's relative luminance of an sRGB colour '#rrggbb'."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex_colour[k:k + 2], 16) / 255 for k in (1, 3, 5))
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def ratio(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two colours, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
