"""A rulebook paragraph that breaks its lines once for a width.

platypus wraps most paragraphs twice to the same width: once to measure (a table's rows, a heading
kept with what follows, a frame asking whether it fits) and once to place it. The lines depend on the
paragraph's words, style and width only, so the second wrap gives back the first one's lines: the
same lines, heights and bytes, at half the cost of breaking them.
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Paragraph as _Paragraph


class Paragraph(_Paragraph):
    _wrapped: tuple[float, tuple[float, float], Any] | None = None

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """reportlab's wrap, skipped when the paragraph was last wrapped to this width and its lines are
        still the ones that wrap made (splitting a paragraph, or a list setting its lines, drops them)."""
        last = self._wrapped
        if last is not None and last[0] == availWidth and self.__dict__.get("blPara") is last[2]:
            return last[1]
        size: tuple[float, float] = super().wrap(availWidth, availHeight)
        self._wrapped = (availWidth, size, self.__dict__.get("blPara"))
        return size
