"""Figures every simulator reports: a proportion's 95 % interval, a rate with it, a distribution's
quantiles and mean, and the CSV text they are written to."""

from __future__ import annotations

import csv
import io
import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default); (0, 1) when n is 0. `successes`
    may be fractional (a shared win counted as a share)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Rate:
    """successes out of n (successes may be fractional: shared wins), with a 95 % Wilson interval."""

    successes: float
    n: int

    @property
    def value(self) -> float:
        return self.successes / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.successes, self.n)

    def text(self) -> str:
        lo, hi = self.interval
        return f"{100 * self.value:5.1f} % [{100 * lo:4.1f}, {100 * hi:4.1f}]"


def pct(x: float) -> str:
    """A share as a percentage: '12.3%'."""
    return f"{100 * x:.1f}%"


def quantile(counts: Counter[int], q: float) -> int:
    """The q-quantile of a distribution given as value → count."""
    total = sum(counts.values())
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= q * total:
            return value
    return 0


def mean(counts: Counter[int]) -> float:
    total = sum(counts.values())
    return sum(v * c for v, c in counts.items()) / total if total else 0.0


def csv_text(header: list[str], rows: Iterable[Iterable[object]]) -> str:
    """A header and rows as CSV text, lines ended by a bare newline."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    return out.getvalue()
