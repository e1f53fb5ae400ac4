"""What game commands share with the core CLI: loading a game or exiting with its problems, the
files a user names, and the hints a mistyped name gets."""

from __future__ import annotations

import difflib
import shlex
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

import click

from .content import ContentError, Problem, paths
from .content.problems import folded
from .core import kit
from .core.game import Artifact

_AT_ONCE = [False]


def leave_at_once() -> None:
    """Have this process leave, once its command is done, without Python's teardown: for a command
    that has nothing left to write or close and started nothing that outlives it (`playkit validate`;
    `playkit build` once its kits are written), as pool.leave_now says. Only the `playkit` command
    itself leaves (cli.run): a test calling `main` in its own process goes on."""
    _AT_ONCE[0] = True


def leave(done: SystemExit) -> None:
    """What `playkit` does as its command ends with `done`: when asked (leave_at_once), flush the
    output and leave with its exit status now; otherwise nothing (the exit goes on as usual)."""
    if not _AT_ONCE[0]:
        return
    from .build.pool import leave_now

    code = done.code
    if code is not None and not isinstance(code, int):
        print(code, file=sys.stderr)
        code = 1
    leave_now(code)


def fail_on_problems(problems: list[Problem], *, wrote_nothing: bool = True) -> NoReturn:
    """Print every content problem as FILE:LINE:COL: error: …, one a line, and exit 1."""
    shown = folded(problems)
    for p in shown:
        click.echo(str(p), err=True)
    n = len(shown)
    tail = "; nothing was written." if wrote_nothing else "."
    click.echo(f"{n} problem{'s' if n != 1 else ''} found{tail}", err=True)
    sys.exit(1)


def content_root(ctx: click.Context) -> Path:
    """The --content folder of the running `playkit` (the shipped games by default)."""
    obj = ctx.find_object(object)
    root = getattr(obj, "content", None)
    return root if isinstance(root, Path) else paths.CONTENT


def out_root(ctx: click.Context) -> Path:
    """The --out folder of the running `playkit` (output/ by default)."""
    obj = ctx.find_object(object)
    out = getattr(obj, "out", None)
    return out if isinstance(out, Path) else paths.OUT


def write_results(ctx: click.Context, game_id: str, under: str, artifacts: list[Artifact], meta: dict[str, Any],
                  names: bool = False) -> Path:
    """Write a command's files to OUT/GAME/UNDER (nothing outside OUT/GAME) and say so: how many, or
    with `names` which; the folder written."""
    from .build.output import write_artifacts

    folder = out_root(ctx) / game_id / under
    written = write_artifacts(folder, artifacts, meta, root=out_root(ctx) / game_id).written
    click.echo(f"wrote {', '.join(written) if names else f'{len(written)} files'} to {folder}/")
    return folder


def load_or_exit(ctx: click.Context, game_id: str) -> kit.Loaded:
    """Load and check a game for a game command, or print its problems and exit 1."""
    try:
        return kit.load(game_id, content_root(ctx))
    except ContentError as err:
        fail_on_problems(err.problems)


def shipped_example(path: Path) -> Path:
    """`path` as given, or, when no such file exists here, the shipped example of that name.

    The README's examples name files under examples/; like the shipped content, they work from any
    folder. Both `examples/skylands/x.yaml` and `skylands/x.yaml` find the shipped file."""
    if path.exists() or path.is_absolute():
        return path
    inside = Path(*path.parts[1:]) if path.parts[:1] == ("examples",) else path
    found = paths.EXAMPLES / inside
    return found if inside.parts and found.is_file() else path


class ContentFolder(click.Path):
    """--content: a folder that exists; one that does not is named where it was looked for (a relative
    path is read from the current folder), with the shipped examples' folder of that name when there is
    one (the README's `--content examples/decks`, run from another folder than the clone's)."""

    def __init__(self) -> None:
        super().__init__(file_okay=False, path_type=Path)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        given = super().convert(value, param, ctx)
        if isinstance(given, Path) and not given.exists():
            looked = Path.cwd() / given if not given.is_absolute() else given
            inside = Path(*given.parts[1:]) if given.parts[:1] == ("examples",) else given
            shipped = paths.EXAMPLES / inside if not given.is_absolute() and inside.parts else None
            hint = (f"; the shipped examples are in {shipped}: --content {shipped}"
                    if shipped is not None and shipped.is_dir() else "")
            where = f" here: looked in {looked} (a relative --content is read from the current folder)" \
                if not given.is_absolute() else ""
            self.fail(f"{str(value)!r} does not exist{where}{hint}", param, ctx)
        return given


class InputFile(click.Path):
    """A file the user names for a command to read (a board, a deck, a plan, a map); the shipped
    examples are found from any folder (see shipped_example)."""

    def __init__(self) -> None:
        super().__init__(dir_okay=False, path_type=Path)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        given = super().convert(value, param, ctx)
        return shipped_example(given) if isinstance(given, Path) else given


def unknown_game(name: str, known: Iterable[str], every_game: Iterable[str], verb: str | None = None) -> str:
    """What to tell a user who typed `name` where a game id of `known` was expected: the game does
    not have that command, they meant a close id, or they gave the game's folder instead of its id."""
    known, every_game = list(known), sorted({*every_game, *known})
    listed = f"games with `playkit {verb}`" if verb else "games"
    choices = f"({listed}: {', '.join(known) or 'none'})"
    if verb and name in every_game:
        return f"{name} has no {verb} {choices}"
    folder = Path(name)
    if len(folder.parts) > 1 or folder.is_dir():
        gid = folder.name
        shipped = not folder.is_dir() or folder.resolve().parent == paths.CONTENT.resolve()
        if gid in every_game and shipped:
            return f"unknown game {name!r}: that is a game's folder; give its id, {gid}"
        if (folder / "game.yaml").is_file() or gid in every_game:
            return (f"unknown game {name!r}: that is a game's folder; give the folder above it as --content "
                    f"and the game's id: `playkit --content {shlex.quote(str(folder.parent))} {_command(verb)} {gid}`")
        return f"unknown game {name!r}: give a game's id, not a path {choices}"
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6) or \
        difflib.get_close_matches(name, every_game, n=1, cutoff=0.6)
    if close and close[0] not in known:  # a real game, but not one with this command
        lacks = f"has no {verb}" if verb else "has no folder here"
        return f"unknown game {name!r}; did you mean {close[0]}? ({close[0]} {lacks}; {choices[1:]}"
    hint = f"; did you mean {close[0]}?" if close else ""
    return f"unknown game {name!r}{hint} {choices}"


def _command(verb: str | None) -> str:
    """The command being run (`build`, `validate`), for a command line to suggest."""
    if verb:
        return verb
    ctx = click.get_current_context(silent=True)
    return ctx.info_name if ctx is not None and ctx.info_name else "build"


def unknown_command(name: str, commands: Iterable[str], every_game: Iterable[str]) -> str | None:
    """A hint for `playkit NAME` when NAME is no command: a close command, or a game id typed without
    its verb. None when there is nothing better to say than click's own message."""
    if name in set(every_game):
        return f"{name} is a game, not a command: try `playkit build {name}` (see `playkit --help`)"
    close = difflib.get_close_matches(name, list(commands), n=1, cutoff=0.6)
    return f"no command {name!r}; did you mean {close[0]}?" if close else None


class LengthMm(click.ParamType[float, Any]):
    """A length given as content gives one ('3mm', '0.125in', '0.3cm', or a bare number of mm), converted
    by the one units module (content/lengths.py), from 0 to `most` mm; held in mm."""

    name = "length"

    def __init__(self, most: float) -> None:
        self.most = most

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        given = value
        if isinstance(value, str):
            try:
                value = float(value)   # a bare number of mm (nan and inf are refused as lengths)
            except ValueError:
                value = value.strip()
        from .content.lengths import MAX_LONG_MM, to_mm

        try:
            mm = to_mm(value, MAX_LONG_MM)
        except ValueError:
            self.fail(f"{given!r} is not a length from 0 to {self.most:g} mm such as 3mm, 0.125in or 3 (mm).",
                      param, ctx)
        if mm > self.most:
            self.fail(f"{given!r} is {mm:g} mm; from 0 to {self.most:g} mm.", param, ctx)
        return mm


def pool_options(f: Any) -> Any:
    """`--workers N` and `--scheduler ADDRESS`: where a command's simulations run (the results do not
    change); `pool(workers, scheduler)` gives the pool they name."""
    f = click.option("--scheduler", default=None, metavar="ADDRESS",
                     help="Run on the Dask cluster at ADDRESS (pip install 'playkit[cluster]'); "
                          "the results do not change.")(f)
    return click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
                        help="Local processes, without --scheduler (the results do not change).")(f)


@contextmanager
def pool(workers: int, scheduler: str | None) -> Iterator[Any]:
    """The process pool `--workers`/`--scheduler` name (generator/build/pool.py), its jobs' progress
    shown on a terminal under the command's name; a scheduler that cannot be reached is a usage error."""
    from .build.pool import ClusterUnavailable, Pool

    bar = Progress(_command_name(), "jobs")
    try:
        with Pool(workers, scheduler, progress=bar) as ex:
            yield ex
    except ClusterUnavailable as err:
        raise click.UsageError(str(err)) from None
    finally:
        bar.done()


def _command_name() -> str:
    """'playkit simulate skylands': the running command, however playkit was started."""
    names = []
    ctx = click.get_current_context(silent=True)
    while ctx is not None and ctx.parent is not None:
        names.append(ctx.info_name or "")
        ctx = ctx.parent
    return " ".join(["playkit", *reversed(names)])


class Progress:
    """One line of progress on a terminal (stderr), written over as work is done: how much of how
    many, the seconds spent and about how many are left (or, with no total, how many so far), and a
    note (the file being made); nothing when stderr is not a terminal. Told `(done, total)`; a count
    starting again from 0 (the next batch of jobs) starts its clock again."""

    def __init__(self, what: str, unit: str, total: int = 0, stream: Any = None) -> None:
        self.what, self.unit, self.total = what, unit, total
        self.stream = stream
        self.tty = (stream or sys.stderr).isatty()
        self.start = time.monotonic()
        self.shown = 0

    def __call__(self, done: int, total: int | None = None, note: str = "") -> None:
        total = self.total if total is None else total
        if done == 0:
            self.start = time.monotonic()
        if not self.tty or not (total or done):
            return
        spent = time.monotonic() - self.start
        if total:
            line = f"{self.what}: {done}/{total} {self.unit} ({100 * done // total}%), {spent:.0f} s"
            if done:
                line += f", about {spent / done * (total - done):.0f} s left"
        else:
            line = f"{self.what}: {done} {self.unit}"
        if note:
            line += f" … {note[:50]}"
        click.echo("\r" + line.ljust(self.shown), nl=False, err=True, file=self.stream)
        self.shown = len(line)

    def done(self) -> None:
        if self.tty and self.shown:
            click.echo("\r" + " " * self.shown + "\r", nl=False, err=True, file=self.stream)
            self.shown = 0
