"""A simulation report as text and CSV: the matrix, the rates with intervals, the cards."""

from __future__ import annotations

import shlex

from ..stats import csv_text, pct
from .simulate import Report


def header(r: Report) -> list[str]:
    s = r.setup
    return [
        "Skybound Battle simulation",
        f"policy: {s.policy}   seed: {s.seed}   games per pairing: {s.games} ({r.games:,} in all)   "
        f"content: {s.content_hash or '-'}",
        f"reproduce: playkit simulate skybound-battle --decks "
        f"{shlex.quote(','.join(d.command_arg for d in s.decks))} "
        f"--games {s.games} --seed {s.seed} --policy {s.policy}",
    ]


def text(r: Report, note: tuple[str, ...] = ()) -> str:
    """The whole report, as a terminal shows it; `note` lines follow the header."""
    lines = [*header(r), *note, "", "Win rate of the row deck against the column deck (games):"]
    width = max(len(d) for d in r.decks) + 2
    lines.append(" " * width + "".join(f"{d[:12]:>14}" for d in r.decks))
    for row in r.decks:
        cells = []
        for col in r.decks:
            c = r.cell(row, col)
            cells.append(f"{'—':>14}" if c is None else f"{pct(c.rate.value) + f' ({c.games})':>14}")
        lines.append(f"{row:<{width}}" + "".join(cells))
    lines += ["", "Overall win rate with 95% Wilson interval:"]
    for deck, rate in r.overall:
        lo, hi = rate.interval
        lines.append(f"  {deck:<{width}} {pct(rate.value):>7}  [{pct(lo)}, {pct(hi)}]  "
                     f"{rate.successes}/{rate.n}")
    lo, hi = r.first_player.interval
    lines += ["",
              f"First player (starts with the token) wins: {pct(r.first_player.value)} "
              f"[{pct(lo)}, {pct(hi)}]  {r.first_player.successes}/{r.first_player.n}",
              f"Draws: {r.draws} of {r.games} ({pct(r.draws / r.games if r.games else 0)})",
              f"Game length in rounds: mean {r.mean_rounds:.2f}, median {r.rounds_quantile(0.5)}, "
              f"90% within {r.rounds_quantile(0.9)}, longest {r.rounds[-1][0] if r.rounds else 0}",
              "", "Cards: play rate (deployed in games where in a deck), win rate when played, and how often",
              "a Deployed effect found no target when revealed (fizzled):",
              f"  {'card':<20}{'in deck':>9}{'played':>9}{'play rate':>11}{'win when played':>26}{'fizzled':>10}"]
    for f in sorted(r.cards, key=lambda f: (-f.win_when_played.value, f.id)):
        lo, hi = f.win_when_played.interval
        fizzled = pct(f.fizzle_rate.value) if f.revealed else "-"
        lines.append(f"  {f.id:<20}{f.in_deck:>9}{f.played:>9}{pct(f.play_rate.value):>11}"
                     f"{pct(f.win_when_played.value):>9} [{pct(lo)}, {pct(hi)}]{fizzled:>10}")
    return "\n".join(lines) + "\n"


def matrix_csv(r: Report) -> str:
    """One row per (deck, opponent) cell, with its counts and its 95 % Wilson interval."""
    # Every row names its policy, seed and content, so a row copied elsewhere can still be reproduced.
    tail = [r.setup.policy, r.setup.seed, r.setup.content_hash]
    rows: list[list[object]] = []
    for c in r.cells:
        lo, hi = c.rate.interval
        rows.append([c.row, c.col, c.games, c.wins, c.losses, c.draws, f"{c.rate.value:.4f}", f"{lo:.4f}",
                     f"{hi:.4f}", *tail])
    for deck, rate in r.overall:
        lo, hi = rate.interval
        rows.append([deck, "ALL", rate.n, rate.successes, "", "", f"{rate.value:.4f}", f"{lo:.4f}", f"{hi:.4f}",
                     *tail])
    lo, hi = r.first_player.interval
    rows.append(["FIRST-PLAYER", "ALL", r.first_player.n, r.first_player.successes, "", r.draws,
                 f"{r.first_player.value:.4f}", f"{lo:.4f}", f"{hi:.4f}", *tail])
    return csv_text(["deck", "opponent", "games", "wins", "losses", "draws", "win_rate", "wilson_low",
                     "wilson_high", "policy", "seed", "content"], rows)


def cards_csv(r: Report) -> str:
    """One row per card: games in a deck, games played, wins when played, both rates."""
    return csv_text(["card", "in_deck", "played", "won_when_played", "play_rate", "win_when_played",
                     "wilson_low", "wilson_high", "deployed_revealed", "deployed_fizzled", "fizzle_rate"],
                    ([c.id, c.in_deck, c.played, c.won_played, f"{c.play_rate.value:.4f}",
                      f"{c.win_when_played.value:.4f}", *(f"{x:.4f}" for x in c.win_when_played.interval),
                      c.revealed, c.fizzled, f"{c.fizzle_rate.value:.4f}" if c.revealed else ""] for c in r.cards))


def rounds_csv(r: Report) -> str:
    return csv_text(["rounds", "games"], r.rounds)
