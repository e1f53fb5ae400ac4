"""The win-rate matrix as a heatmap a designer reads at a glance (one scene: SVG and PDF)."""

from __future__ import annotations

from ...content.prose import render_line
from ...core.game import Artifact, BuildOptions
from ...draw import Rect, Scene, Text, to_svg
from ...draw.scene import Item, mix
from ...draw.text import block, label
from ...press import PrintDocument
from ..stats import Rate
from .model import TITLE
from .simulate import Report

SIZE = (264.0, 180.0)
NIGHT = "#1b2a4a"
MUTED = "#5b6470"
LOW, MID, HIGH = "#c0392b", "#f7f7f2", "#2166ac"
SPAN = 0.2  # the colour is full at 50 % ± 20 %


def shade(rate: float) -> str:
    """Red below one half, blue above, white at one half; full colour at ±SPAN."""
    t = max(-1.0, min(1.0, (rate - 0.5) / SPAN))
    return mix(MID, HIGH, t) if t >= 0 else mix(MID, LOW, -t)


def _cell(x: float, y: float, w: float, h: float, rate: Rate) -> tuple[Item, ...]:
    fill = shade(rate.value)
    strong = abs(rate.value - 0.5) > SPAN * 0.6
    ink = "#ffffff" if strong else "#1f2328"
    lo, hi = rate.interval
    return (Rect(x, y, w, h, fill=fill, stroke="#ffffff", stroke_mm=0.6),
            label(f"{100 * rate.value:.1f}%", x + w / 2, y + h * 0.46, w - 3, max_pt=12, style="bold", color=ink),
            label(f"[{100 * lo:.1f}, {100 * hi:.1f}]", x + w / 2, y + h * 0.68, w - 3, max_pt=6.5, color=ink),
            label(f"n = {rate.n}", x + w / 2, y + h * 0.86, w - 3, max_pt=6, min_pt=6, color=ink))


def scene(r: Report) -> Scene:
    """The heatmap: row deck's win rate against the column deck, and overall, with intervals."""
    w, h = SIZE
    s = r.setup
    decks = list(r.decks)
    items: list[Item] = [
        Text(0, 9, f"{TITLE}: starter deck balance", 18, NIGHT, "bold"),
        Text(w, 9, f"policy {s.policy} · seed {s.seed} · {s.games} games per pairing · content {s.content_hash or '-'}",
             7.5, MUTED, "regular", "end"),
        Rect(0, 12, w, 0.6, fill=NIGHT),
    ]
    head_w, top = 34.0, 28.0
    n = len(decks) + 1
    cw = min(30.0, (w - head_w - 6) / n)
    chh = min(19.0, (h - top - 40) / len(decks))
    items.append(Text(0, 19, render_line("skybound-battle/heatmap-caption.txt.j2"), 7.5, MUTED))
    for j, d in enumerate([*decks, "overall"]):
        x = head_w + j * cw + (4 if j == len(decks) else 0)
        items.append(label(d, x + cw / 2, top + 1, cw - 1.5, max_pt=7.5, style="bold", color=NIGHT))
    overall = dict(r.overall)
    for i, row in enumerate(decks):
        y = top + 3 + i * chh
        items.append(label(row, head_w - 2, y + chh / 2 + 1.2, head_w - 3, max_pt=8.5, style="bold", color=NIGHT,
                           anchor="end"))
        for j, col in enumerate(decks):
            x = head_w + j * cw
            c = r.cell(row, col)
            if c is None:
                items += (Rect(x, y, cw, chh, fill="#e3e5e8", stroke="#ffffff", stroke_mm=0.6),
                          label("-", x + cw / 2, y + chh / 2 + 1.5, cw, max_pt=10, color=MUTED))
            else:
                items += _cell(x, y, cw, chh, c.rate)
        items += _cell(head_w + len(decks) * cw + 4, y, cw, chh, overall[row])
    y = top + 3 + len(decks) * chh + 7
    fp = r.first_player
    lo, hi = fp.interval
    summary = (f"First player (starts with the token) wins {100 * fp.value:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] "
               f"of {fp.n} games. Draws: {r.draws}. Game length: mean {r.mean_rounds:.2f} rounds, "
               f"median {r.rounds_quantile(0.5)}, 90% within {r.rounds_quantile(0.9)}.")
    items += block(summary, 0, y, w * 0.62, 14, max_pt=8.5, color=NIGHT)
    # the legend: the colour scale
    lx, ly, steps = w * 0.66, y + 1, 9
    for k in range(steps):
        rate = 0.5 - SPAN + 2 * SPAN * k / (steps - 1)
        items.append(Rect(lx + k * 9, ly, 9, 6, fill=shade(rate)))
        if k % 2 == 0:
            items.append(label(f"{round(100 * rate)}%", lx + k * 9 + 4.5, ly + 10, 12, max_pt=6, color=MUTED))
    items.append(Text(lx, ly + 14.5, f"reproduce: playkit simulate skybound-battle --games {s.games} --seed "
                                     f"{s.seed} --policy {s.policy}", 6, MUTED))
    return Scene(w, h, tuple(items), background="#ffffff", title=f"{TITLE} balance heatmap")


def heatmap_artifacts(r: Report, options: BuildOptions | None = None, prefix: str = "") -> list[Artifact]:
    """heatmap.svg and heatmap.pdf of a report."""
    sc = scene(r)
    doc = PrintDocument(TITLE, "balance heatmap", options or BuildOptions())
    doc.sheet("balance heatmap", sc)
    return [Artifact(f"{prefix}heatmap.svg", to_svg(sc)), Artifact(f"{prefix}heatmap.pdf", doc.to_bytes())]
