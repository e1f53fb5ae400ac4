"""The `playkit` command line: each command parses, calls one library function, prints.

A command imports what it uses when it runs (`playkit validate` loads no exporter, no press), and a
game's own commands are loaded when first asked for (click's lazily loaded subcommands:
`list_commands` and `get_command`). --content and --out are options of `playkit` and of every
command, so they may stand before or after it.
"""

from __future__ import annotations

import gc
import itertools
import os
import signal
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

import click

from . import __version__, cliutil, export, games
from .cliutil import fail_on_problems
from .content import ContentError, paths
from .core import kit
from .core.game import BuildOptions

if TYPE_CHECKING:
    from .build.output import WriteReport

INTERRUPTED = 130
"""The exit status of a command stopped by SIGINT or SIGTERM (128 + SIGINT, as shells give)."""

PAPERS = ("a4", "letter")


@dataclass
class Context:
    content: Path
    out: Path

    def game_ids(self, requested: tuple[str, ...]) -> list[str]:
        if requested and all(kit.has_game(self.content, g) for g in requested):
            return list(requested)   # found without importing every other game
        known = kit.games_in(self.content)
        if not known:
            hint = ""
            if any(self.content.glob("*.yaml")):
                hint = f" (it holds YAML files: give the folder above it, {self.content.resolve().parent})"
            raise click.UsageError(f"no game content found in {self.content}{hint}; "
                                   f"games playkit knows: {', '.join(games.available())}")
        for g in requested:
            if g not in known:
                raise click.UsageError(cliutil.unknown_game(g, known, games.available()))
        return list(requested) or known


pass_ctx = click.make_pass_decorator(Context)


def _for_people(commands: Iterable[click.Command]) -> None:
    """What every command gets, the games' too: choices are words a user types (`--paper A4`), so
    their case never matters; a list of commands shows each one's first sentence whole (wrapped),
    never cut short with '...'."""
    for cmd in commands:
        if cmd.short_help is None and cmd.help:
            cmd.short_help = cmd.get_short_help_str(limit=1000)
        for param in cmd.params:
            if isinstance(param.type, click.Choice):
                param.type.case_sensitive = False
        if isinstance(cmd, click.Group):
            _for_people(cmd.commands.values())
        elif not any(param.name in ("content", "out") for param in cmd.params):
            cmd.params += _folder_options()


Resolved = tuple[str | None, click.Command | None, list[str]]


class _Verb(click.Group):
    """`playkit VERB GAME …`: a game without that command, a mistyped id or a game's folder gets a hint."""

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Resolved:
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            raise click.UsageError(cliutil.unknown_game(name, self.commands, games.available(), self.name), ctx)
        return super().resolve_command(ctx, args)


class _Playkit(click.Group):
    """The top group: hints for a mistyped command, the games' own commands loaded when first asked
    for (a list of commands, or a name that is none of playkit's own), and what a user causes said
    without a traceback: a file that cannot be read or written, an interrupt (exit 130)."""

    @cached_property
    def _games(self) -> dict[str, click.Command]:
        return _game_commands()

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self._games})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return self.commands.get(cmd_name) or self._games.get(cmd_name)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Resolved:
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            hint = cliutil.unknown_command(name, self.list_commands(ctx), games.available())
            if hint:
                raise click.UsageError(hint, ctx)
        return super().resolve_command(ctx, args)

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except games.BrokenGame as err:   # a plugin's code that fails to import: said, not a traceback
            raise click.ClickException(str(err)) from None
        except BrokenPipeError:  # `playkit … | head`: the reader has all it wanted
            sys.stderr.close()
            raise SystemExit(0) from None
        except KeyboardInterrupt:   # Ctrl-C, SIGINT, or SIGTERM (run): whatever was begun is taken back
            click.echo("\nplaykit: interrupted; nothing more was written", err=True)
            # Left without Python's teardown: a pool's workers stopped mid-way through sending a result
            # leave its reading thread waiting for the rest for good, and the teardown would join it.
            cliutil.leave_at_once()
            raise SystemExit(INTERRUPTED) from None
        except OSError as err:
            where = f" {err.filename}" if err.filename else ""
            raise click.ClickException(f"cannot use{where}: {err.strerror or err}") from None


def _set_folder(ctx: click.Context, param: click.Parameter, value: Path | None) -> None:
    """--content or --out given after the command: the running playkit's folder of that name."""
    if value is not None:
        setattr(ctx.ensure_object(Context), str(param.name), value)


def _folder_options() -> list[click.Option]:
    """--content and --out as a command's own options: they may follow the command."""
    return [click.Option(["--content"], type=click.Path(exists=True, file_okay=False, path_type=Path),
                         expose_value=False, callback=_set_folder,
                         help="Folder of game content folders (default: the games shipped with playkit)."),
            click.Option(["--out"], type=click.Path(file_okay=False, path_type=Path), expose_value=False,
                         callback=_set_folder, help=f"Where kits are written (OUT/GAME/…; default: {paths.OUT}).")]


@click.group(cls=_Playkit, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="playkit")
@click.option("--content", "content", type=cliutil.ContentFolder(),
              default=None, help="Folder of game content folders (default: the games shipped with playkit); "
              "before or after the command.")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=paths.OUT,
              show_default=True, help="Where kits are written (OUT/GAME/…); before or after the command.")
@click.pass_context
def main(ctx: click.Context, content: Path | None, out: Path) -> None:
    """playkit: print-ready playtest kits from YAML, checked against each game's rules."""
    ctx.obj = Context(content or paths.CONTENT, out)


@main.command("games")
@pass_ctx
def games_cmd(ctx: Context) -> None:
    """List the games found, with their component counts."""
    for gid in ctx.game_ids(()):
        try:
            loaded = kit.load(gid, ctx.content)
        except ContentError as err:
            click.echo(f"{gid}: {len(err.problems)} content problems (run `playkit validate {gid}`)")
            continue
        counts = loaded.game.components(loaded.model)
        click.echo(f"{gid} — {loaded.game.title}: {sum(counts.values())} components")
        for name, n in counts.items():
            click.echo(f"  {n:>5}  {name}")


@main.command()
@click.argument("game", nargs=-1)
@pass_ctx
def validate(ctx: Context, game: tuple[str, ...]) -> None:
    """Load and check GAME (default: every game); print every problem as FILE:LINE:COL: error: …"""
    from .build.builds import check_games

    ids = ctx.game_ids(game)
    problems = []
    cliutil.leave_at_once()   # it writes nothing and holds nothing to close
    for gid, found in zip(ids, check_games(ids, ctx.content), strict=True):
        if found:
            problems += found
        else:
            click.echo(f"{gid}: ok")
    if problems:
        fail_on_problems(problems)


class _ProfileOption(click.Option):
    """--profile, its help made from the profiles' own words when help is shown."""

    @property
    def help(self) -> str:
        return ("Who the kit is for: " + "; ".join(f"{k}: {v}" for k, v in export.about().items())
                + ". Paper, bleed, marks and duplex are the home kit's; a shop's sizes are its own.")

    @help.setter
    def help(self, value: object) -> None:
        pass


def _build_options(command: Callable[..., None]) -> Callable[..., None]:
    """The options of a build, for `build` and `watch` alike."""
    for option in reversed((
        click.option("--paper", type=click.Choice(PAPERS), default="a4", show_default=True),
        click.option("--bleed", "bleed_mm", type=cliutil.LengthMm(10), default=3.0, show_default=True,
                     help="Bleed around each card, tile and token: 3mm, 0.125in, or a number of mm."),
        click.option("--no-crop-marks", is_flag=True, help="Leave out the crop marks."),
        click.option("--duplex", type=click.Choice(("long", "short", "none")), default="long", show_default=True,
                     help="How backs line up: long- or short-edge duplex, or none (fronts only)."),
        click.option("--profile", cls=_ProfileOption, type=click.Choice(export.names()), default=export.DEFAULT,
                     show_default=True),
    )):
        command = option(command)
    return command


@main.command()
@click.argument("game", nargs=-1)
@_build_options
@pass_ctx
def build(ctx: Context, game: tuple[str, ...], paper: str, bleed_mm: float, no_crop_marks: bool,
          duplex: str, profile: str) -> None:
    """Validate, then build the print kit of GAME (default: every game) into OUT/GAME/ (another
    profile than home: into OUT/GAME/PROFILE/)."""
    options = BuildOptions(paper=paper, bleed_mm=bleed_mm, crop_marks=not no_crop_marks, duplex=duplex)
    from .build import builds

    ids = ctx.game_ids(game)
    bar = cliutil.Progress("playkit build", "files")
    made = itertools.count(1)
    try:
        built = builds.build_games(ids, ctx.content, ctx.out, options, profile,
                                   progress=lambda gid, a: bar(next(made), note=f"{gid}: {a.path}"),
                                   waiting=lambda line: click.echo(f"playkit: {line}", err=True))
    except ContentError as err:
        bar.done()
        fail_on_problems(err.problems)
    bar.done()
    for item in built:
        _say_what_changed(item.game, item.report)
    cliutil.leave_at_once()   # every file written and closed, every process it forked done


@main.command("watch")
@click.argument("game", nargs=-1)
@_build_options
@click.option("--rounds", type=click.IntRange(min=0), default=None, hidden=True,
              help="Stop after this many polls (for tests).")
@pass_ctx
def watch_cmd(ctx: Context, game: tuple[str, ...], paper: str, bleed_mm: float, no_crop_marks: bool,
              duplex: str, profile: str, rounds: int | None) -> None:
    """Build GAME (default: every game), then again on every save of its content, saying which files
    and faces changed, or every problem at FILE:LINE:COL; Ctrl-C stops."""
    from .build import watch

    options = BuildOptions(paper=paper, bleed_mm=bleed_mm, crop_marks=not no_crop_marks, duplex=duplex)
    watch.watch(ctx.game_ids(game), ctx.content, ctx.out, options, profile, click.echo,
                lambda line: click.echo(line, err=True), rounds=rounds)


def _say_what_changed(game_id: str, report: WriteReport) -> None:
    """The files a build wrote: all new on the first build into a folder, else those that changed."""
    if report.first:
        click.echo(f"{game_id}: {len(report.written)} files in {report.folder}/ (the first build there)")
        word = "new"
    else:
        click.echo(f"{game_id}: {len(report.written)} files in {report.folder}/, "
                   f"{len(report.changed)} changed since the last build")
        word = "changed"
    shown = report.changed if len(report.changed) <= 12 else [n for n in report.changed if not n.startswith("svg/")]
    for name in shown:
        click.echo(f"  {word:<7}  {name}")
    if len(shown) < len(report.changed):
        click.echo(f"  {word:<7}  {len(report.changed) - len(shown)} SVG faces under svg/")
    for name in report.removed:
        click.echo(f"  removed  {name}")


@main.command("schema")
@click.argument("game", nargs=-1)
@click.option("--dir", "directory", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Write them into DIR/GAME/ (default: OUT/GAME/schemas/).")
@pass_ctx
def schema_cmd(ctx: Context, game: tuple[str, ...], directory: Path | None) -> None:
    """Write a JSON Schema for each file of GAME (default: every game), for editors that check YAML as
    you type: OUT/GAME/schemas/NAME.schema.json."""
    from .build.output import MADE_BY, write_artifacts
    from .core import editor_schemas

    for gid in ctx.game_ids(game):
        folder = kit.content_folder(ctx.content, gid)
        schemas = editor_schemas.game_schemas(kit.game_of(gid), folder)
        out = directory / gid if directory is not None else ctx.out / gid / "schemas"
        root = None if directory is not None else ctx.out / gid
        write_artifacts(out, editor_schemas.artifacts(schemas),
                        {"game": gid, "playkit": __version__, MADE_BY: "playkit schema"}, root=root)
        click.echo(f"{gid}: {len(schemas)} schemas in {out}/")
        for s in schemas:
            click.echo(f"  {s.name + editor_schemas.SUFFIX:<32} {s.applies_to or f'a {s.name} file you write'}")
        first = schemas[0]
        line = os.path.relpath(out / f"{first.name}{editor_schemas.SUFFIX}", (folder / first.applies_to).parent)
        click.echo(f"  an editor with the YAML language server checks {folder / first.applies_to} as you type when "
                   f"its first line is\n  # yaml-language-server: $schema={Path(line).as_posix()}")


@main.group("new")
def new_group() -> None:
    """Start something of your own: `playkit new deck NAME`."""


@new_group.command("deck")
@click.argument("name")
@click.option("--dir", "directory", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
              show_default=True, help="The folder to put the new deck's folder in (your --content folder).")
def new_deck_cmd(name: str, directory: Path) -> None:
    """Write a small working deck NAME (a CSV of a dozen cards, a layout, a back) to edit."""
    from . import generic

    try:
        folder = generic.new_deck(name, directory)
    except ValueError as err:
        raise click.UsageError(str(err)) from None
    click.echo(f"wrote {folder}/: game.yaml, cards.csv, layouts/ (card, back, palette), images/")
    click.echo(f"build it:  playkit --content {directory} build {name}")


def _game_commands() -> dict[str, click.Command]:
    """Game-specific commands: `playkit VERB GAME …` groups, and top-level commands."""
    groups: dict[str, _Verb] = {}
    added: dict[str, click.Command] = {}
    for gid in games.available():
        try:
            game = games.get(gid)
        except games.BrokenGame as err:   # the other games' commands are still there
            click.echo(f"playkit: {err}; its commands are left out", err=True)
            continue
        for verb, commands in game.commands().items():
            for cmd in commands:
                if not verb:
                    added[cmd.name or ""] = cmd
                    continue
                group = groups.get(verb)
                if group is None:
                    group = groups[verb] = _Verb(verb)
                    added[verb] = group
                group.add_command(cmd, gid)
    for verb, group in groups.items():
        group.help = f"For {', '.join(group.commands)}: `playkit {verb} GAME --help` says more."
    _for_people(added.values())
    return added


_for_people(main.commands.values())


def run() -> None:
    """The `playkit` command: `main`, with rarer garbage collection, SIGTERM heard as an interrupt,
    and left at once, without Python's teardown, when its command asked to (cliutil.leave_at_once)."""
    # A `playkit` process makes millions of objects it keeps (pydantic's schemas, jinja2, reportlab,
    # the models) and few cycles to free: with Python's default thresholds (700, 10, 10) its collector
    # walked them all again and again (docs/speed.md). Rarer passes cost that once; the garbage they
    # leave waiting is a few MB at most.
    gc.set_threshold(10_000, 20, 100)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        main()
    except SystemExit as done:
        cliutil.leave(done)
        raise


if __name__ == "__main__":
    run()
