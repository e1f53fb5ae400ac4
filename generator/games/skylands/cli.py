"""`playkit score skylands BOARD.yaml` (the scoring pad of a described board) and `playkit simulate
skylands` (self-play) (thin)."""

from __future__ import annotations

from pathlib import Path

import click

from ...cliutil import InputFile, fail_on_problems, load_or_exit, pool, pool_options, write_results
from ...content import ContentError, load_file
from ...core.game import Artifact
from .board import EndState, square_name
from .boardfile import EXAMPLE, read_board, scoring_example
from .islands import find_islands
from .model import GAME_ID, Skylands
from .policies import POLICIES
from .scoring import ScorePad, final_score
from .tiles import SIDES


def pad_lines(model: Skylands, end: EndState, pad: ScorePad, title: str) -> list[str]:
    """The scoring pad column as text, then the islands it was worked out from."""
    rows = model.files.scoring.pad.rows
    width = max(len(r.label) for r in rows) + 2
    out = [f"{model.files.scoring.pad.title}: {title}"]
    for row in rows:
        out.append(f"  {row.label:<{width}}{pad.categories[row.category]:>4}   {pad.details[row.category]}")
    out.append(f"  {model.files.scoring.pad.total_label:<{width}}{pad.total:>4}")
    out.append("islands:")
    islands = find_islands(end.board)
    wide = max((len(" ".join(square_name(sq) for sq in i.squares)) for i in islands), default=0)
    for island in islands:
        squares = " ".join(square_name(sq) for sq in island.squares)
        if island.complete:
            state = "complete"
        elif island.can_be_completed:
            state = "open at " + ", ".join(f"{square_name(sq)} {SIDES[s]}" for sq, s in island.open_edges)
        else:
            state = "can never be completed (open at " + ", ".join(
                f"{square_name(sq)} {SIDES[s]}" for sq, s in island.blocked_edges) + ")"
        people = f"{island.inhabitants} inhabitant{'' if island.inhabitants == 1 else 's'}"
        spaces = f"{island.spaces:>2} space{'' if island.spaces == 1 else 's'}"
        out.append(f"  {island.type:<9} {squares:<{wide}}  {spaces}, {people}, {state}")
    return out


@click.command(GAME_ID)
@click.argument("board_file", required=False, type=InputFile())
@click.pass_context
def score(ctx: click.Context, board_file: Path | None) -> None:
    """Print the scoring pad of the board described in BOARD_FILE (see examples/skylands/);
    without BOARD_FILE, of the rulebook's scoring example (scoring-example.yaml of the content)."""
    loaded = load_or_exit(ctx, GAME_ID)
    model: Skylands = loaded.model
    if board_file is None:  # load_or_exit checked it
        end, title = scoring_example(model, loaded.content), loaded.content.sources[EXAMPLE].file
    else:
        if not board_file.is_file():
            raise click.UsageError(f"no board file at {board_file}")
        try:
            end = read_board(model, load_file(board_file))
        except ContentError as err:
            fail_on_problems(err.problems)
        title = str(board_file)
    if end.player:
        title = f"{end.player} ({title})"
    pad = final_score(model, end)
    for line in pad_lines(model, end, pad, title):
        click.echo(line)


@click.command(GAME_ID)
@click.option("--players", "players", type=click.IntRange(1), multiple=True,
              help="Seat count to simulate (repeat for several; default: every count the game allows).")
@click.option("--games", type=click.IntRange(1), default=200, show_default=True, help="Games per seat count.")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--policy", type=click.Choice(sorted(POLICIES)), default="greedy", show_default=True,
              help="How the simulated players choose.")
@click.option("--intro", is_flag=True, help="Play with the 16 special islands recommended for a first game.")
@pool_options
@click.pass_context
def simulate_cmd(ctx: click.Context, players: tuple[int, ...], games: int, seed: int, policy: str,
                 intro: bool, workers: int, scheduler: str | None) -> None:
    """Play Skylands against itself: win rate by seat with 95 % intervals, scores, length, and how
    often each special island is taken and wins.

    Writes report.md, seats.csv, scores.csv and specials.csv to OUT/skylands/simulation/.
    """
    from . import simreport
    from .simulate import SimSetup, run

    loaded = load_or_exit(ctx, GAME_ID)
    model: Skylands = loaded.model
    allowed = model.files.game.players
    counts = tuple(sorted(set(players))) or tuple(range(allowed.min, allowed.max + 1))
    bad = [n for n in counts if not allowed.min <= n <= allowed.max]
    if bad:
        raise click.UsageError(f"--players {bad[0]}: Skylands is for {allowed.min} to {allowed.max} players")
    setup = SimSetup(counts, games, seed, policy, intro)
    with pool(workers, scheduler) as ex:
        tallies = run(model, setup, ex.map)
    report = simreport.text(model, setup, tallies)
    click.echo(report, nl=False)
    artifacts = [Artifact("report.md", report.encode()),
                 Artifact("seats.csv", simreport.seats_csv(tallies).encode()),
                 Artifact("scores.csv", simreport.scores_csv(tallies).encode()),
                 Artifact("specials.csv", simreport.specials_csv(tallies).encode())]
    meta = {"game": GAME_ID, "policy": policy, "seed": seed, "games_per_seat_count": games,
            "players": list(counts), "intro": intro}
    write_results(ctx, GAME_ID, "simulation", artifacts, meta)


balance_group = click.Group(GAME_ID, help="Skylands balance tools.")


@balance_group.command("suggest")
@click.option("--games", type=click.IntRange(1), default=60, show_default=True,
              help="Games per seat count for each simulation (the edits are tried on the same games).")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--policy", type=click.Choice(sorted(POLICIES)), default="greedy", show_default=True)
@click.option("--tries", type=click.IntRange(1, 32), default=3, show_default=True,
              help="Special islands out of line to try an edit on, the furthest first.")
@pool_options
@click.pass_context
def suggest_cmd(ctx: click.Context, games: int, seed: int, policy: str, tries: int, workers: int,
                scheduler: str | None) -> None:
    """Propose the smallest edits to special islands' VPs that bring their takers nearer a fair share
    of wins, each simulated before it is shown, as YAML to paste into specials.yaml."""
    from . import suggest
    from .simulate import SimSetup

    loaded = load_or_exit(ctx, GAME_ID)
    model: Skylands = loaded.model
    allowed = model.files.game.players
    setup = SimSetup(tuple(range(allowed.min, allowed.max + 1)), games, seed, policy)
    with pool(workers, scheduler) as ex:
        base, found = suggest.suggest(model, setup, tries, ex.map)
    click.echo(suggest.text(model, setup, base, found), nl=False)
