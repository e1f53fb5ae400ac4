"""`playkit map island-of-fog` and `playkit odds island-of-fog`: parse, call the library, print.

What draws and prints is imported by the command that runs: `playkit --help` lists these commands
without loading the press."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ...cliutil import InputFile, Progress, fail_on_problems, load_or_exit, pool, pool_options, write_results
from ...content import ContentError, load_file
from ...core.game import Artifact, BuildOptions
from .board import SetupError, setup
from .mapfile import read_map
from .mapgen import NoMapError, generate
from .model import GAME_ID, IslandOfFog
from .odds import POLICIES, format_table, odds_csv, odds_table
from .survey import format_survey, survey


@click.command(GAME_ID)
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Seed of the shuffle: the same seed gives the same map, byte for byte.")
@click.option("--size", type=int, default=None, help="Board size (default: the game's board, 5).")
@click.option("--players", type=int, default=None, help="Number of players (default: the most).")
@click.option("--survey", "survey_count", type=click.IntRange(min=1), default=None,
              help="Generate this many maps and report how fair the tile set is (writes nothing).")
@click.option("--paper", type=click.Choice(("a4", "letter")), default="a4", show_default=True,
              help="Paper of map.pdf (the map is printed at board scale over several pages).")
@click.option("--check", "check_file", type=InputFile(), default=None,
              help="Check an edited map.yaml by the rules instead of generating one.")
@click.pass_context
def map_command(ctx: click.Context, seed: int, size: int | None, players: int | None,
                survey_count: int | None, paper: str, check_file: Path | None) -> None:
    """Lay out a fully revealed Island of Fog map; write map.yaml, map.pdf and map.svg."""
    model: IslandOfFog = load_or_exit(ctx, GAME_ID).model
    if check_file is not None:
        _check_file(model, check_file)
        return
    size = model.board.default_size if size is None else size
    players = model.game.players.max if players is None else players
    try:
        setup(model, size, players)
    except SetupError as err:
        raise click.UsageError(str(err)) from None
    if survey_count is not None:
        bar = Progress("survey", "maps", survey_count)
        result = survey(model, size, players, seed, survey_count, bar)
        bar.done()
        click.echo(format_survey(model, result))
        return
    try:
        plan, report = generate(model, size, players, seed)
    except NoMapError as err:
        raise click.ClickException(str(err)) from None
    from .maps import map_artifacts, map_summary

    artifacts = map_artifacts(model, plan, report, BuildOptions(paper=paper))
    click.echo(map_summary(model, plan, report))
    # named by what the map shows, never by the seed (which would make the whole map again)
    write_results(ctx, GAME_ID, f"maps/{size}x{size}-{players}p-{plan.digest()}", artifacts,
                  {"game": GAME_ID, "map": {"size": size, "players": players, "digest": plan.digest()}}, names=True)


def _check_file(model: IslandOfFog, path: Path) -> None:
    try:
        report = read_map(model, load_file(path))
    except ContentError as err:
        fail_on_problems(err.problems, wrote_nothing=False)
    click.echo(f"{path}: ok, every base reaches the lighthouse"
               f"{'' if report.fair else ' (' + '; '.join(f'{c}: {w}' for c, w in report.disadvantaged) + ')'}")


@click.command(GAME_ID)
@click.option("--policy", type=click.Choice(POLICIES), default=None,
              help="Re-roll policy of the printed table and card (default: the one in combat.yaml).")
@click.option("--paper", type=click.Choice(("a4", "letter")), default="a4", show_default=True,
              help="Paper of combat-card.pdf.")
@click.pass_context
def odds_command(ctx: click.Context, policy: str | None, paper: str) -> None:
    """Exact combat odds for every attacker and defender: prints a table, writes odds.csv (both
    re-roll policies) and the combat reference card (combat-card.pdf, combat-card.svg)."""
    model: IslandOfFog = load_or_exit(ctx, GAME_ID).model
    chosen = policy or model.combat.reroll_policy
    tables = {p: odds_table(model, p) for p in POLICIES}
    assert chosen in tables
    click.echo(f"attacker's chances, {model.combat.dice}d{model.combat.die_sides} each, "
               f"re-roll policy {chosen!r} (exact)")
    click.echo(format_table(model, tables[chosen]))
    csv_text = odds_csv(model)
    from ...draw import to_svg
    from ...press import PrintDocument
    from .draw_cards import combat_card

    sources = ("combat", "units", "spaces")
    card = combat_card(model, tables[chosen])
    doc = PrintDocument(model.game.title, f"combat reference card ({chosen} re-rolls)", BuildOptions(paper=paper))
    doc.sheet("combat reference card", card)
    write_results(ctx, GAME_ID, "odds", [Artifact("odds.csv", csv_text.encode(), sources),
                                         Artifact("combat-card.pdf", doc.to_bytes(), sources),
                                         Artifact("combat-card.svg", to_svg(card), sources)],
                  {"game": GAME_ID, "odds": list(POLICIES), "card": chosen}, names=True)


# ---------------------------------------------------------------------- self-play
def _selfplay_options(f: Any) -> Any:
    from .policies import POLICIES

    for option in reversed([
        click.option("--players", "players", type=int, multiple=True,
                     help="Seat count to play (repeat for several; default: every count the board allows, "
                          "with --calibrate the most)."),
        click.option("--seed", type=int, default=1, show_default=True),
        click.option("--policy", type=click.Choice(sorted(POLICIES)), default="greedy", show_default=True,
                     help="How the simulated players choose."),
        click.option("--size", type=int, default=None, help="Board size (default: the game's board, 5)."),
    ]):
        f = option(f)
    return pool_options(f)


def _sim_setup(model: IslandOfFog, players: tuple[int, ...], games: int, seed: int, policy: str,
               size: int | None) -> Any:
    from .board import player_counts
    from .simulate import SimSetup

    size = model.board.default_size if size is None else size
    if size not in model.variant:
        raise click.UsageError(f"no {size}x{size} board (board sizes: {', '.join(map(str, sorted(model.variant)))})")
    allowed = player_counts(model, size)
    counts = tuple(sorted(set(players))) or tuple(allowed)
    bad = [n for n in counts if n not in allowed]
    if bad:
        raise click.UsageError(f"--players {bad[0]}: the {size}x{size} board is for "
                               f"{', '.join(map(str, allowed))} players")
    return SimSetup(counts, games, seed, policy, size)


@click.command(GAME_ID)
@click.option("--games", type=click.IntRange(1), default=None,
              help="Games per seat count [default: 100]; with --calibrate, games on each map [default: 20].")
@click.option("--calibrate", "calibrate", type=click.IntRange(1), default=None, metavar="MAPS",
              help="Calibrate the fairness survey: its verdict on MAPS surveyed maps against self-play on each.")
@_selfplay_options
@click.pass_context
def simulate_command(ctx: click.Context, games: int | None, calibrate: int | None, players: tuple[int, ...],
                     seed: int, policy: str, size: int | None, workers: int, scheduler: str | None) -> None:
    """Play Island of Fog against itself: win rate by seat with 95 % intervals for every player count,
    points, length; with --calibrate, the fairness survey's verdict against self-play map by map.

    Writes report.md and seats.csv (or calibration.md and calibration.csv) to
    OUT/island-of-fog/simulation/.
    """
    from . import simreport
    from .simulate import calibrate as run_calibration
    from .simulate import run

    model: IslandOfFog = load_or_exit(ctx, GAME_ID).model
    default_games = 20 if calibrate else 100
    if calibrate and not players:      # as `map --survey`: the most players, unless asked
        players = (model.game.players.max,)
    setup = _sim_setup(model, players, games or default_games, seed, policy, size)
    with pool(workers, scheduler) as ex:
        if calibrate:
            found = run_calibration(model, setup, calibrate, ex.map)
            report = simreport.calibration_text(model, setup, calibrate, found)
            artifacts = [Artifact("calibration.md", report.encode()),
                         Artifact("calibration.csv", simreport.calibration_csv(found).encode())]
        else:
            tallies = run(model, setup, ex.map)
            report = simreport.text(model, setup, tallies)
            artifacts = [Artifact("report.md", report.encode()),
                         Artifact("seats.csv", simreport.seats_csv(model, tallies).encode())]
    click.echo(report, nl=False)
    meta = {"game": GAME_ID, "policy": policy, "seed": seed, "games": setup.games, "players": list(setup.players),
            "size": setup.size, "calibrate": calibrate}
    write_results(ctx, GAME_ID, "simulation", artifacts, meta)


balance_group = click.Group(GAME_ID, help="Island of Fog balance tools.")


@balance_group.command("suggest")
@click.option("--games", type=click.IntRange(1), default=30, show_default=True,
              help="Games per seat count for each simulation (the edits are tried on the same games).")
@click.option("--tries", type=click.IntRange(1, 100), default=None,
              help="Edits to simulate, nearest the content first (default: all).")
@click.option("--show", type=click.IntRange(1, 50), default=3, show_default=True, help="Edits to show at most.")
@_selfplay_options
@click.pass_context
def suggest_command(ctx: click.Context, games: int, tries: int | None, show: int, players: tuple[int, ...],
                    seed: int, policy: str, size: int | None, workers: int, scheduler: str | None) -> None:
    """Propose the smallest content edits (a unit's cost or move, the lighthouse's income, the starting
    purse, the countdown, the attack bonus) that bring the seats nearer even, each simulated before
    it is shown, as YAML to paste."""
    from . import suggest as sg

    model: IslandOfFog = load_or_exit(ctx, GAME_ID).model
    setup = _sim_setup(model, players, games, seed, policy, size)
    with pool(workers, scheduler) as ex:
        base, found = sg.suggest(model, setup, tries or len(sg.candidates(model)), show, ex.map)
    click.echo(sg.text(setup, base, found), nl=False)
