"""The `playkit` command line: each command parses, calls one library function, prints."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from . import __version__, games, kit, paths
from .cliutil import fail_on_problems
from .content import ContentError
from .game import Artifact, BuildOptions

PAPERS = ("a4", "letter")


class Context:
    def __init__(self, content: Path, out: Path) -> None:
        self.content = content
        self.out = out

    def game_ids(self, requested: tuple[str, ...]) -> list[str]:
        known = kit.games_in(self.content)
        if not known:
            hint = ""
            if any(self.content.glob("*.yaml")):
                hint = f" (it holds YAML files: give the folder above it, {self.content.resolve().parent})"
            raise click.UsageError(f"no game content found in {self.content}{hint}; "
                                   f"games playkit knows: {', '.join(games.available())}")
        for g in requested:
            if g not in known:
                raise click.UsageError(
                    f"unknown game {g!r} (games in {self.content}: {', '.join(known) or 'none'})")
        return list(requested) or known

    def load(self, game_id: str) -> kit.Loaded:
        return kit.load(game_id, self.content)


pass_ctx = click.make_pass_decorator(Context)


class _Playkit(click.Group):
    """The top group: a file that cannot be read or written is the user's to fix, not a traceback."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:  # `playkit … | head`: the reader has all it wanted
            sys.stderr.close()
            raise SystemExit(0) from None
        except OSError as err:
            where = f" {err.filename}" if err.filename else ""
            raise click.ClickException(f"cannot use{where}: {err.strerror or err}") from None


@click.group(cls=_Playkit, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="playkit")
@click.option("--content", "content", type=click.Path(file_okay=False, path_type=Path),
              default=None, help="Folder of game content folders (default: the games shipped with playkit).")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
              show_default=True, help="Where kits are written (OUT/GAME/…).")
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
            loaded = ctx.load(gid)
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
    problems = []
    for gid in ctx.game_ids(game):
        try:
            ctx.load(gid)
            click.echo(f"{gid}: ok")
        except ContentError as err:
            problems += err.problems
    if problems:
        fail_on_problems(problems)


@main.command()
@click.argument("game", nargs=-1)
@click.option("--paper", type=click.Choice(PAPERS), default="a4", show_default=True)
@click.option("--bleed", "bleed_mm", type=click.FloatRange(0, 10), default=3.0, show_default=True,
              help="Bleed around each card, tile and token, in mm.")
@click.option("--no-crop-marks", is_flag=True, help="Leave out the crop marks.")
@click.option("--duplex", type=click.Choice(("long", "short", "none")), default="long", show_default=True,
              help="How backs line up: long- or short-edge duplex, or none (fronts only).")
@pass_ctx
def build(ctx: Context, game: tuple[str, ...], paper: str, bleed_mm: float, no_crop_marks: bool,
          duplex: str) -> None:
    """Validate, then build the print kit of GAME (default: every game) into OUT/GAME/."""
    options = BuildOptions(paper=paper, bleed_mm=bleed_mm, crop_marks=not no_crop_marks, duplex=duplex)
    ids = ctx.game_ids(game)
    loaded, problems = [], []
    for gid in ids:
        try:
            loaded.append(ctx.load(gid))
        except ContentError as err:
            problems += err.problems
    if problems:
        fail_on_problems(problems)
    for item in loaded:
        bar = _Progress(item.game.id)
        report = kit.build(item, ctx.out, options, bar)
        bar.done()
        click.echo(f"{item.game.id}: {len(report.written)} files in {report.folder}/, "
                   f"{len(report.changed)} changed since the last build")
        shown = report.changed if len(report.changed) <= 12 else \
            [n for n in report.changed if not n.startswith("svg/")]
        for name in shown:
            click.echo(f"  changed  {name}")
        if len(shown) < len(report.changed):
            click.echo(f"  changed  {len(report.changed) - len(shown)} SVG faces under svg/")
        for name in report.removed:
            click.echo(f"  removed  {name}")


class _Progress:
    """One line of progress on a terminal; nothing when output is piped."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.count = 0
        self.tty = sys.stderr.isatty()

    def __call__(self, artifact: Artifact) -> None:
        self.count += 1
        if self.tty:
            click.echo(f"\r{self.label}: {self.count} files … {artifact.path[:50]:<50}", nl=False, err=True)

    def done(self) -> None:
        if self.tty:
            click.echo("\r" + " " * 80 + "\r", nl=False, err=True)


def _attach_game_commands() -> None:
    """Game-specific commands: `playkit VERB GAME …` groups, and top-level commands."""
    groups: dict[str, click.Group] = {}
    for gid in games.available():
        game = games.get(gid)
        for verb, commands in game.commands.items():
            for cmd in commands:
                if not verb:
                    main.add_command(cmd)
                    continue
                group = groups.get(verb)
                if group is None:
                    group = click.Group(verb, help=f"`playkit {verb} GAME …`: see each game's --help.")
                    groups[verb] = group
                    main.add_command(group)
                group.add_command(cmd, gid)


_attach_game_commands()


if __name__ == "__main__":
    main()
