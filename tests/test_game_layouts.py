"""The faces of Islands & Bridges and Island of Fog take their places, sizes and colours from layout
YAML: an edit of a layout (no Python) changes the face, and only through the layout."""

from __future__ import annotations

from generator.core import kit
from generator.draw import Text
from generator.games.island_of_fog import draw_cards as fog_cards
from generator.games.island_of_fog import draw_tokens as fog_tokens
from generator.games.islands_and_bridges import draw_cards, draw_tokens

from .conftest import replace_in


def test_an_islands_and_bridges_card_and_token_follow_their_layouts(content_copy):
    root = content_copy("islands-and-bridges")
    layouts = root / "islands-and-bridges" / "layouts"
    replace_in(layouts / "card.yaml", "name:        {type: text, x: 6mm,", "name:        {type: text, x: 8mm,")
    replace_in(layouts / "palette.yaml", 'basic-card: "#124d8c"', 'basic-card: "#0b3d75"')
    replace_in(layouts / "token-trap.yaml", "font: bold, size: 8,", "font: bold, size: 7,")
    game = kit.load("islands-and-bridges", root).model
    card = draw_cards.front(game, "primary-attack", 1)
    name = next(t for t in card.items if isinstance(t, Text) and t.text == "Primary Attack")
    assert name.x == 8 + 51 / 2 and card.background == "#0b3d75"
    trap = draw_tokens.token(game, next(t for t in game.components.tokens if t.kind == "trap"))
    assert [t.size_pt for t in trap.items if isinstance(t, Text)] == [7]


def test_an_island_of_fog_coin_and_turn_summary_follow_their_layouts(content_copy):
    root = content_copy("island-of-fog")
    layouts = root / "island-of-fog" / "layouts"
    replace_in(layouts / "token-coin.yaml", "size: 18.9,", "size: 16,")
    replace_in(layouts / "card-turn-summary.yaml", "size: 8, min_size: 6", "size: 7, min_size: 6")
    replace_in(layouts / "palette.yaml", 'paper: "#fbf8f1"', 'paper: "#ffffff"')
    m = kit.load("island-of-fog", root).model
    coin = fog_tokens.coin(m, 3)
    assert [t.size_pt for t in coin.items if isinstance(t, Text)] == [16] and coin.background == "#ffffff"
    summary = fog_cards.turn_summary(m, "red")
    assert max(t.size_pt for t in summary.items if isinstance(t, Text) and t.y > 14) <= 7
