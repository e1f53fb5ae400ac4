"""`playkit map islands-and-bridges` and `playkit validate-plan`: thin click commands over the
generator, the plan rules and the map drawers."""

from __future__ import annotations

import re
import secrets
from pathlib import Path

import click

from ...build.output import write_artifacts
from ...cliutil import InputFile, fail_on_problems, load_or_exit, out_root
from ...content import ContentError, load_file, to_mm
from ...content.lengths import MAX_LONG_MM
from ...core.game import BuildOptions
from ...core.kit import Loaded
from .mapgen import MapError, MapParams, check_params, default_params, generate
from .model import GAME_ID
from .plan import MAX_SEED, SEED_BITS, MapKit, Plan
from .plan_checks import check_plan
from .plan_file import length, notes, read_plan

PAPERS = ("a4", "letter")
_TABLE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[xX]\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)?\s*$")


def map_kit(loaded: Loaded) -> MapKit:
    """The generator's numbers from the loaded game and its maps.yaml (checked with the game's rules)."""
    return MapKit.of(loaded.model, loaded.model.maps)


def parse_table(text: str) -> tuple[float, float]:
    """'120x80' (cm), '120x80cm', '1200x800mm' or '47x31in' as (width, height) in mm."""
    m = _TABLE.match(text)
    if not m:
        raise click.UsageError(f"--table {text}: write the table as WIDTHxHEIGHT, in cm unless a unit follows "
                               "(120x80, 1200x800mm, 47x31in)")
    unit = m.group(3) or "cm"
    try:
        w, h = (round(to_mm(f"{m.group(i)}{unit}", MAX_LONG_MM), 1) for i in (1, 2))
    except ValueError as err:
        raise click.UsageError(f"--table {text}: {err}") from None
    return w, h


def params_of(kit: MapKit, islands: int | None, players: int | None, difficulty: str | None,
              table: str | None) -> MapParams:
    """The parameters asked for, the content's defaults for the rest; UsageError when unmeetable."""
    d = default_params(kit)
    p = MapParams(islands=d.islands if islands is None else islands,
                  players=d.players if players is None else players,
                  difficulty=d.difficulty if difficulty is None else difficulty,
                  table_mm=d.table_mm if table is None else parse_table(table))
    try:
        check_params(kit, p)
    except MapError as err:
        raise click.UsageError(str(err)) from None
    return p


def folder_name(kit: MapKit, seed: int, p: MapParams, paper: str) -> str:
    """seed-N, then each parameter that differs from the defaults: seed-7-islands-5-hard-letter."""
    d = default_params(kit)
    parts = [f"seed-{seed}"]
    if p.islands != d.islands:
        parts.append(f"islands-{p.islands}")
    if p.players != d.players:
        parts.append(f"players-{p.players}")
    if p.difficulty != d.difficulty:
        parts.append(p.difficulty)
    if p.table_mm != d.table_mm:
        parts.append("table-" + "x".join(length(v) for v in p.table_mm))
    if paper != PAPERS[0]:
        parts.append(paper)
    return "-".join(parts)


def new_seed() -> int:
    """A fresh seed from a space too large to search (2**64): a player who could try every seed
    against the pages on the table would learn the whole secret map. gm.pdf prints it, so the
    Game Master can make the same map again."""
    return secrets.randbits(SEED_BITS)


@click.command(GAME_ID)
@click.option("--seed", type=click.IntRange(min=0, max=MAX_SEED), default=None,
              help="Seed of the map (default: a fresh one, printed so the map can be made again).")
@click.option("--islands", type=int, default=None,
              help="Islands in the path (default and bounds: maps.yaml and the box).")
@click.option("--players", type=int, default=None, help="Players (default: the game's player count).")
@click.option("--difficulty", default=None, help="A level of maps.yaml: easy, normal or hard as shipped.")
@click.option("--table", default=None,
              help="Table size WIDTHxHEIGHT, in cm unless a unit follows (default: maps.yaml).")
@click.option("--paper", type=click.Choice(PAPERS), default=PAPERS[0], show_default=True)
@click.option("--from-plan", "from_plan", type=InputFile(), default=None,
              help="Print an edited plan.yaml instead of making a new one (only --paper applies).")
@click.pass_context
def map_cmd(ctx: click.Context, seed: int | None, islands: int | None, players: int | None,
            difficulty: str | None, table: str | None, paper: str, from_plan: Path | None) -> None:
    """Make the Game Master's secret map: a random path of islands with enemies, traps, Loot-Chests,
    the players' start cells and the stage end. Writes gm.pdf (secret), map.svg and plan.yaml under
    OUT/islands-and-bridges/maps/seed-SEED/, and the players' pages, players.pdf, under
    OUT/islands-and-bridges/maps/players-…/ (its folder names no seed)."""
    loaded = load_or_exit(ctx, GAME_ID)
    kit = map_kit(loaded)
    if from_plan is not None:
        given = [name for name, v in (("--seed", seed), ("--islands", islands), ("--players", players),
                                      ("--difficulty", difficulty), ("--table", table)) if v is not None]
        if given:
            raise click.UsageError(f"--from-plan takes the plan's own parameters; drop {', '.join(given)}")
        plan = _read(kit, from_plan)
        folder = f"plan-{plan.digest()}" + (f"-{paper}" if paper != PAPERS[0] else "")
    else:
        p = params_of(kit, islands, players, difficulty, table)
        if seed is None:
            seed = new_seed()
            click.echo(f"seed: {seed}")
        plan = generate(kit, p, seed)
        issues = check_plan(kit, plan)
        if issues:  # the generator's promise; a failure here is a bug, not the user's doing
            raise RuntimeError(f"generated plan breaks the rules: {issues}")
        folder = folder_name(kit, seed, p, paper)
    maps = out_root(ctx) / GAME_ID / "maps"
    target = maps / folder
    from .draw_map_build import map_artifacts  # the drawing and the press, only when a map is made

    artifacts = map_artifacts(loaded.model, kit, plan, BuildOptions(paper=paper))
    handed = [a for a in artifacts if a.path == PLAYERS_FILE]
    meta = {"game": GAME_ID, "plan": plan.digest(), "seed": plan.seed, "edited": plan.edited, "paper": paper,
            "players": plan.players, "difficulty": plan.difficulty, "islands": len(plan.islands),
            "table_mm": list(plan.table_mm), "players_file": f"../{players_folder(plan, paper)}/{PLAYERS_FILE}"}
    report = write_artifacts(target, [a for a in artifacts if a.path != PLAYERS_FILE], meta,
                             root=out_root(ctx) / GAME_ID)
    theirs = maps / players_folder(plan, paper)
    write_artifacts(theirs, handed, {"game": GAME_ID, "paper": paper, "pages": plan.players_digest()},
                    root=out_root(ctx) / GAME_ID)
    click.echo(f"{GAME_ID} map {plan.digest()}: {len(report.written)} files in {target}/ "
               f"({len(plan.islands)} islands, {_players(plan.players)}, {plan.difficulty}; "
               f"enemy strength {plan.spent} of {plan.budget})")
    click.echo(f"  gm.pdf is for the Game Master only; the players' pages are {theirs}/{PLAYERS_FILE}, in a "
               "folder of their own that names nothing secret.")


PLAYERS_FILE = "players.pdf"


def players_folder(plan: Plan, paper: str) -> str:
    """Where the players' pages go: named by what they show (plan.players_digest), never by the seed or
    the plan's digest, which would let a player make the secret map again (a zip, a shared folder or
    a print dialog shows a file's path)."""
    return f"players-{plan.players_digest()}" + (f"-{paper}" if paper != PAPERS[0] else "")


def _read(kit: MapKit, path: Path) -> Plan:
    """The plan in `path`, checked; its notes (a stale header hash, the generator's preferences) are
    printed; problems exit 1."""
    if not path.is_file():
        raise click.UsageError(f"no plan file at {path}")
    try:
        source = load_file(path)
        plan = read_plan(kit, source)
    except ContentError as err:
        fail_on_problems(err.problems)
    for note in notes(kit, plan, source, source.text):
        click.echo(note)
    return plan


@click.command("validate-plan")
@click.argument("plan_file", type=InputFile())
@click.pass_context
def validate_plan_cmd(ctx: click.Context, plan_file: Path) -> None:
    """Check an Islands & Bridges map plan (a plan.yaml, edited or not) against every plan rule;
    print each problem as FILE:LINE:COL: error: … (exit 1), or that it is clean (exit 0)."""
    loaded = load_or_exit(ctx, GAME_ID)
    kit = map_kit(loaded)
    plan = _read(kit, plan_file)
    click.echo(f"{plan_file}: ok (plan {plan.digest()}, {plan.origin()}: {len(plan.islands)} islands, "
               f"{_players(plan.players)}, {plan.difficulty}, enemy strength {plan.spent} of {plan.budget})")


def _players(n: int) -> str:
    return f"{n} player{'s' if n != 1 else ''}"
