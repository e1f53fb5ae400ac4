"""The rulebook's legend: every edge letter and cost letter the content defines, drawn and named from it."""

from __future__ import annotations

from pathlib import Path

from generator.content import paths
from generator.core import kit as core
from generator.draw.scene import texts
from generator.games.skylands.legend import legend
from tests.conftest import replace_in

GAME = "skylands"


def _legend(root: Path) -> tuple[str, list[str]]:
    model = core.load(GAME, root).model
    fig = legend(model)
    drawn = [word for scene in fig.scenes for word in texts(scene)]
    return " | ".join(fig.labels), drawn


def test_legend_names_every_terrain_letter_and_cost_letter_of_the_content() -> None:
    model = core.load(GAME, paths.CONTENT).model
    labels, drawn = _legend(paths.CONTENT)
    for t in model.terrains.values():
        assert f"**{t.letter}**: {t.name.lower()}" in labels and t.letter in drawn
    for c in model.files.game.inhabitants.colours:
        assert f"**{c.name[0]}**: {c.name.lower()}" in labels and c.name[0] in drawn
    for mk in model.files.tiles.player_marks:
        assert f"**{mk.symbol}**" in labels and mk.symbol in drawn
    assert "any colour" in labels and "?" in drawn


def test_legend_follows_the_content(content_copy) -> None:
    root = content_copy(GAME)
    replace_in(root / GAME / "game.yaml", "    letter: Cr\n", "    letter: K\n")
    replace_in(root / GAME / "game.yaml", "{id: purple, name: Purple,", "{id: purple, name: Violet,")
    labels, drawn = _legend(root)
    assert "**K**: crystals edge" in labels and "K" in drawn and "Cr" not in drawn
    assert "**V**: violet (cost)" in labels and "V" in drawn and "**P**" not in labels


def test_setup_figure_shows_the_stack_the_display_and_the_vp_supply() -> None:
    """The seed's set-up 'as shown': the action boards and supply board, the island stack, the display of
    the first game's special islands (a row per group) and every VP marker of the supply."""
    from generator.games.skylands.boardfile import action_examples, scoring_example
    from generator.games.skylands.examples import all_examples
    from generator.games.skylands.figures import STACK_BACKS, figures

    def pieces(root: Path) -> int:
        loaded = core.load(GAME, root)
        m = loaded.model
        end = scoring_example(m, loaded.content)
        fig = figures(m, end, all_examples(m, end, action_examples(m, loaded.content)))["setup"]
        return len(fig.scenes[0].items)

    model = core.load(GAME, paths.CONTENT).model
    f = model.files
    display = f.specials.display_per_group * len(f.specials.groups)
    markers = sum(d.count for d in f.tokens.vp_markers.denominations)
    assert pieces(paths.CONTENT) == len(f.boards.actions) + 1 + STACK_BACKS + display + markers
