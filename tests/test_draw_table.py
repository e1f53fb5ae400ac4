"""Tables set no text under the kit's floor, and say which cells cannot hold their text there."""

from __future__ import annotations

from generator.draw import Text
from generator.draw.table import overflowing, table
from generator.draw.text import MIN_TEXT_PT


def test_a_cell_too_small_for_its_text_is_named_and_its_text_stays_at_the_floor():
    rows = [["Name", "Cost"], ["Basic unit", "2"], ["A name far too long for so narrow a cell " * 3, "6"]]
    assert overflowing([30, 12], rows, row_h=6) == [(2, 0)]
    items, h = table(0, 0, [30, 12], rows, row_h=6, size_pt=8)
    sizes = [t.size_pt for t in items if isinstance(t, Text)]
    assert h == 18 and min(sizes) == MIN_TEXT_PT and max(sizes) == 8


def test_text_that_fits_keeps_its_size():
    items, _ = table(0, 0, [40, 20], [["Unit", "Move"], ["Elite unit", "7"]], row_h=7, size_pt=7.5)
    assert {t.size_pt for t in items if isinstance(t, Text)} == {7.5}
    assert overflowing([40, 20], [["Unit", "Move"], ["Elite unit", "7"]], row_h=7) == []
