"""What every self-play shares (generator/games/selfplay.py): a tally's merge is addition, so games
counted in any split give the tally of counting them all in one."""

from __future__ import annotations

import random

from generator.games.selfplay import SHARE, Tally, chunks, versus_rates, win_rates

GAMES = [([30, 41, 41], [1, 2], 7, "board"), ([12, 9, 30], [2], 5, "supply"), ([20, 20, 20], [0, 1, 2], 6, "board"),
         ([9, 8], [0], 4, "board")]


def _counted(games) -> Tally:
    t = Tally()
    for scores, winners, rounds, ended in games:
        t.count(scores, scores, winners, rounds, ended)
    return t


def test_tallies_of_any_split_merge_into_the_tally_of_all_games() -> None:
    rng = random.Random(3)
    whole = _counted(GAMES)
    for _ in range(20):
        order = GAMES[:]
        rng.shuffle(order)
        cut = rng.randrange(len(order) + 1)
        merged, rest = _counted(order[:cut]), _counted(order[cut:])
        merged.merge(rest)
        assert merged == whole


def test_a_shared_victory_is_shared_and_ties_count_half_against_another_seat() -> None:
    t = _counted([([20, 20, 20], [0, 1, 2], 6, "board")])
    assert [s.wins for s in t.seats] == [SHARE // 3] * 3
    assert [r.value for r in win_rates(t, 3)] == [1 / 3] * 3
    assert [r.value for r in versus_rates(t, 3)] == [0.5] * 3
    t = _counted([([30, 41, 12], [1], 7, "board")])
    assert [r.value for r in versus_rates(t, 3)] == [0.5, 1.0, 0.0]


def test_chunks_cover_the_games_once_in_fixed_sizes() -> None:
    assert chunks(0) == []
    spans = chunks(23)
    assert [g for a, b in spans for g in range(a, b)] == list(range(23))
    assert len({b - a for a, b in spans[:-1]}) == 1
