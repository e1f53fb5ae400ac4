"""What a kit is, as a game declares it: files of imposed sections, sheets and boards, a rulebook.

A game says what goes where; the core (generator/press/assemble.py) imposes the faces, renders the
PDFs and one SVG per named face, and records where every file came from. Nothing here draws.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..draw.scene import Scene


@dataclass(frozen=True)
class Face:
    """A printed face with its back, how many copies are printed, and the deck or group it belongs to.

    svg / back_svg name the face's own SVG under svg/ (without '.svg'); '' prints it without one.
    name is what people call it where the kit is shown or listed (a preview, a shop's upload);
    '' for the front's title.
    """

    front: Scene
    back: Scene | None = None
    copies: int = 1
    group: str = ""
    svg: str = ""
    back_svg: str = ""
    name: str = ""

    @property
    def called(self) -> str:
        """The face's name for people: `name`, else its front's title."""
        return self.name or self.front.title


class DrawnFaces(Sequence[Face], ABC):
    """Faces handed to the press one at a time, a page at a time, never gathered into a list: each is
    made when reached (a generic deck gives the drawing its check made, laid out once a build). All
    are one size, and the counts are known without making them: the press imposes them in a single
    pass."""

    size: tuple[float, float]   # every face's (width, height) in mm
    copies: int                 # the copies of all faces together
    backs: bool                 # whether every face has a back (else none has)
    named: bool                 # whether its faces have SVGs of their own (else none has)

    @abstractmethod
    def __iter__(self) -> Iterator[Face]:
        """Each face, made as it is reached."""


@dataclass(frozen=True)
class Section:
    """Faces imposed in a grid with bleed, crop marks and backs.

    The press refuses faces of different sizes in one grid, so the core splits a section into one
    grid per full size (width and height), smallest first, each labelled with its size (a section
    of one size too when `sized`, as tokens are).
    """

    label: str
    faces: Sequence[Face]    # or DrawnFaces, drawn as the press reaches them
    sized: bool = False


@dataclass(frozen=True)
class Sheet:
    """A full-page face (a player aid, a GM sheet): centred on a page, tiled when larger."""

    label: str
    scene: Scene
    svg: str = ""


@dataclass(frozen=True)
class Board:
    """A face larger than the paper, tiled over pages with overlap and alignment marks."""

    label: str
    scene: Scene
    svg: str = ""


Part = Section | Sheet | Board


@dataclass(frozen=True)
class Svg:
    """A face exported as an SVG only (for instance a card without the print run's deck footer)."""

    name: str
    scene: Scene
    sources: tuple[str, ...] = ()


@dataclass(frozen=True)
class PrintFile:
    """One print PDF (`path`, e.g. 'cards.pdf') of parts in order, with the content files it reads."""

    path: str
    subject: str
    parts: Sequence[Part]
    sources: tuple[str, ...]
    svgs: Sequence[Svg] = field(default_factory=tuple)


@dataclass(frozen=True)
class Figure:
    """What a game shows under one figure name.

    scenes:     drawn side by side, in one row, all at one scale
    labels:     one short line under each scene ("" for none)
    max_scale:  1 prints the pieces at their real size when they fit; figures never enlarge past it
    max_h_mm:   the tallest a figure may stand on the page
    outline:    a thin line around each scene, so a pale piece shows its edges on white paper
    """

    scenes: tuple[Scene, ...]
    labels: tuple[str, ...] = ()
    max_scale: float = 1.0
    max_h_mm: float = 95.0
    outline: bool = True


@dataclass(frozen=True)
class Rulebook:
    """A book of the kit: Markdown-like text (rendered from templates) typeset as a PDF, with the
    figures its text names (`::: figure NAME`, see press/figures.py). `kind` names the book on its
    pages: the players' rulebook, or the designer's notes (design-notes.pdf)."""

    text: str
    sources: tuple[str, ...]
    path: str = "rulebook.pdf"
    figures: Mapping[str, Figure] = field(default_factory=dict)
    kind: str = "rulebook"


@dataclass(frozen=True)
class DataFile:
    """Any other file of the kit, made by the game (a CSV of odds, a simulation report)."""

    path: str
    data: bytes
    sources: tuple[str, ...]


Later = DataFile | Rulebook
"""What a kit may make late: data files, and books without figures (their text from a simulation)."""


@dataclass(frozen=True)
class LaterFiles:
    """Files made when the press reaches them: a kit read whole before its first file is drawn
    (the press reads it so, for its SVG fonts) does not wait for them first. The build layer makes
    each Computed of a kit one of these, its jobs running in the pool meanwhile (builds.py)."""

    make: Callable[[], Sequence[Later]]


@dataclass(frozen=True)
class Computed:
    """Files computed from `inputs`, at a cost worth keeping for the next build (a balance report, a
    book of self-play tables): `jobs` are pure functions of picklable arguments, each `(fn, argument)`,
    which may run in other processes, side by side; `files` makes the data files and books (without
    figures) from their results, in order. `inputs` is everything the files are made from: the same
    inputs (and code), the same files. The build layer alone keeps them (by `kind` and a hash of
    `inputs`) and runs the jobs."""

    kind: str
    inputs: object
    jobs: tuple[tuple[Callable[[Any], Any], Any], ...]
    files: Callable[[tuple[Any, ...]], Sequence[Later]]

    def here(self) -> Sequence[Later]:
        """The files, every job run in this process."""
        return self.files(tuple(fn(arg) for fn, arg in self.jobs))


KitFile = PrintFile | Rulebook | DataFile | LaterFiles | Computed


@dataclass(frozen=True)
class Spaces:
    """Where a piece of the kit goes on a face, as the model says: the piece's size and the spaces it
    takes there (x, y, w, h in the face's mm), checked by generator/kitchecks/fit.py.

    bounded: each space is a field with printed edges the piece must lie inside (a timeline's box);
             else a space is a mark the piece is set on, centred, and no two pieces set on the face's
             spaces may overlap (inhabitants on the spaces of a tile).
    """

    piece: str
    piece_mm: tuple[float, float]
    face: str
    spaces: tuple[tuple[float, float, float, float], ...]
    bounded: bool = False
    round: bool = False   # a disc piece_mm across: two overlap only when their centres are nearer than that


def made(files: Iterable[KitFile]) -> Iterator[PrintFile | Rulebook | DataFile]:
    """The kit's files with every LaterFiles and Computed made where it stands, in order: the kit as
    a reader that takes it whole sees it."""
    for f in files:
        if isinstance(f, LaterFiles):
            yield from f.make()
        elif isinstance(f, Computed):
            yield from f.here()
        else:
            yield f
