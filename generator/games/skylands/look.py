"""The special islands' layouts placed on the tile once, through the core's layout machinery, as plain
boxes (special_layout.Box) the pure flow and the content check read without importing any drawing."""

from __future__ import annotations

from ...content import Problem
from ...layout import Layout
from ...layout.render import Scale, place
from .special_layout import NEEDS, Box


def special_boxes(layouts: dict[str, Layout], tile: float, problems: list[Problem]) -> dict[str, dict[str, Box]]:
    """Each special-island layout's boxes in mm on a `tile` mm tile, with the sizes and font of its
    texts (scaled as the core scales them); a box the game needs and the layout lacks is a problem
    at the layout."""
    out: dict[str, dict[str, Box]] = {}
    for name, needs in NEEDS.items():
        lay = layouts[name]
        scale = Scale.of(lay, (tile, tile))
        boxes = {}
        for b in lay.boxes:
            x, y, w, h = place(b, tile, tile, scale)
            font = b.get("font", "regular")
            builtin = font in ("regular", "bold", "italic")
            low = b.get("min_size") or 0.0
            at = b.where.problem("")
            boxes[b.name] = Box(x, y, w, h, scale.pt(b.get("size") or 0.0, low), low,
                                font if builtin else "regular", "" if builtin else font,
                                f"{at.file}:{at.line}:{at.col}")
        for box in needs:
            if box not in boxes:
                problems.append(lay.where.problem(f"layout {name!r} has no box {box!r}: the game draws a special "
                                                  f"island's {box} there"))
        for box in ("name", "body"):
            written = lay.box(box)
            if written is not None and written.type != "text":
                problems.append(written.where.problem(f"box {box!r}: a text box (the special island's {box} is "
                                                      f"set in it), not a {written.type}"))
        out[name] = boxes
    return out
