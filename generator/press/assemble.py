"""A kit spec made into files: imposed PDFs, one SVG per named face, the rulebook; in order, lazily.

Every game's kit goes through here, so imposition, size grouping, SVG naming and sources are the
same for all of them. Each PDF and SVG carries a key (keys.key: a hash of everything it is drawn
from); a file whose key the last build wrote is taken as it is, not drawn again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from ..build.keys import key
from ..core.game import Artifact, BuildOptions
from ..core.kitspec import (
    Board,
    Computed,
    DataFile,
    DrawnFaces,
    Face,
    KitFile,
    LaterFiles,
    PrintFile,
    Rulebook,
    Section,
    Sheet,
)
from ..draw.scene import Scene, files_drawn
from ..draw.svg import SvgFonts, to_svg
from .document import PrintDocument

Reuse = Callable[[str, str], "bytes | None"]
"""The bytes the last build wrote at a path under a key, if it did (output.Previous.data)."""


def assemble(title: str, files: Iterable[KitFile], options: BuildOptions,
             reuse: Reuse | None = None) -> Iterator[Artifact]:
    """Every file of the kit, one Artifact at a time (the CLI shows progress as they come).

    The kit's SVGs share one font subset a style (made from every character they draw), so the
    spec is read whole before the first file is made; its LaterFiles (a simulation's report) are
    made when reached, after the files before them are drawn, and a Computed the build layer did
    not make one (kitspec) is computed here when reached."""
    files = list(files)
    svgs = {f.path: _svgs(f) for f in files if isinstance(f, PrintFile)}
    kit_fonts = SvgFonts((scene for named in svgs.values() for scene, _ in named.values()))
    book_keys = {f.path: _book_key(title, f, options) for f in files if isinstance(f, Rulebook)}
    for f in files:
        if isinstance(f, PrintFile):
            doc = _document(title, f, options)
            yield _made(f.path, f.sources, key("pdf", title, f.subject, options, doc.pages_digest,
                                                _file_digests(doc.files)),
                        doc.to_bytes, reuse)
            for name, (scene, sources) in svgs[f.path].items():
                yield _made(f"svg/{name}.svg", sources,
                            key("svg", _Written(doc.written_of(scene)), kit_fonts.chars_of(scene),
                                _file_digests(files_drawn([scene]))),
                            lambda scene=scene: to_svg(scene, kit_fonts), reuse)   # type: ignore[misc]
        elif isinstance(f, Rulebook):
            yield _made(f.path, f.sources, book_keys[f.path], lambda f=f: _rulebook(title, f, options),  # type: ignore[misc]
                        reuse)
        elif isinstance(f, LaterFiles | Computed):
            for later in f.make() if isinstance(f, LaterFiles) else f.here():
                if isinstance(later, Rulebook):
                    yield _made(later.path, later.sources, _book_key(title, later, options),
                                lambda later=later: _rulebook(title, later, options), reuse)  # type: ignore[misc]
                else:
                    yield Artifact(later.path, later.data, later.sources)
        else:
            assert isinstance(f, DataFile)
            yield Artifact(f.path, f.data, f.sources)


class _Written:
    """A scene by the text its document wrote of it, its repr: keyed without writing it out again."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def _book_key(title: str, f: Rulebook, options: BuildOptions) -> str:
    figures = [s for fig in f.figures.values() for s in fig.scenes]
    return key("rulebook", title, f, options.paper, _file_digests(files_drawn(figures)))


def _rulebook(title: str, f: Rulebook, options: BuildOptions) -> bytes:
    from .rulebook import rulebook_pdf  # reportlab's platypus, imported when a book is typeset

    return rulebook_pdf(title, f.text, options.paper, f.figures, f.kind)


def _made(path: str, sources: tuple[str, ...], k: str, make: Callable[[], bytes], reuse: Reuse | None) -> Artifact:
    """The file at `path`: the last build's bytes when it made them under the same key, else made now."""
    data = reuse(path, k) if reuse else None
    return Artifact(path, make() if data is None else data, sources, k)


def _file_digests(drawn: Iterable[str]) -> tuple[str, ...]:
    """The pictures and font files drawn from, by the hashes of their bytes as read at load
    (scene.files_drawn): no file is opened again."""
    return tuple(sorted(drawn))


def size_label(w: float, h: float) -> str:
    """'16 mm' for a square or round face, '63 x 88 mm' otherwise."""
    return f"{w:g} mm" if w == h else f"{w:g} x {h:g} mm"


def by_size(section: Section) -> list[tuple[str, Sequence[Face]]]:
    """The section's faces split into one grid per full size (width and height), smallest first.

    A section of one size keeps its label (unless `sized`); several sizes each get theirs appended.
    Faces drawn on demand (DrawnFaces) are one size and are not drawn to be sorted.
    """
    if isinstance(section.faces, DrawnFaces):
        label = f"{section.label} {size_label(*section.faces.size)}" if section.sized else section.label
        return [(label, section.faces)]
    groups: dict[tuple[float, float], list[Face]] = {}
    for face in section.faces:
        groups.setdefault((face.front.w, face.front.h), []).append(face)
    if len(groups) == 1 and not section.sized:
        return [(section.label, next(iter(groups.values())))]
    return [(f"{section.label} {size_label(*size)}", groups[size]) for size in sorted(groups)]


def _document(title: str, f: PrintFile, options: BuildOptions) -> PrintDocument:
    """The file's pages: every section imposed, sheets centred, boards tiled (nothing drawn yet);
    a file with faces drawn on demand is drawn a page at a time as its pages are imposed."""
    stream = any(isinstance(p, Section) and isinstance(p.faces, DrawnFaces) for p in f.parts)
    doc = PrintDocument(title, f.subject, options, stream=stream)
    for part in f.parts:
        if isinstance(part, Section):
            for label, faces in by_size(part):
                _impose(doc, label, faces)
        elif isinstance(part, Sheet):
            doc.sheet(part.label, part.scene)
        else:
            assert isinstance(part, Board)
            doc.board(part.label, part.scene)
    return doc


def _svgs(f: PrintFile) -> dict[str, tuple[Scene, tuple[str, ...]]]:
    """The file's SVGs by name: every named face, back, sheet and board, and the file's extra SVGs."""
    svgs = _SvgSet()
    for part in f.parts:
        if isinstance(part, Section):
            if isinstance(part.faces, DrawnFaces) and not part.faces.named:
                continue   # no face of it has an SVG: not drawn to find out
            for _, faces in by_size(part):
                for face in faces:
                    svgs.add(face.svg, face.front, f.sources)
                    if face.back is not None:
                        svgs.add(face.back_svg, face.back, f.sources)
        else:
            svgs.add(part.svg, part.scene, f.sources)
    for extra in f.svgs:
        svgs.add(extra.name, extra.scene, extra.sources or f.sources)
    return svgs.items


def _impose(doc: PrintDocument, label: str, faces: Sequence[Face]) -> None:
    """One grid: every copy of every face in order, each with its back (or none at all), handed to
    the document as a stream (faces drawn on demand are drawn as their page is reached)."""
    if isinstance(faces, DrawnFaces):
        count, backs, size = faces.copies, faces.backs, faces.size
    elif faces:
        count, backs = sum(face.copies for face in faces), faces[0].back is not None
        size = (faces[0].front.w, faces[0].front.h)
    else:
        return

    def pairs() -> Iterator[tuple[Scene, Scene | None]]:
        for face in faces:
            for _ in range(face.copies):
                yield face.front, face.back

    doc.card_stream(label, pairs(), count, size, backs)


class _SvgSet:
    """The SVGs of one file by name; a name given twice must name the same drawing."""

    def __init__(self) -> None:
        self.items: dict[str, tuple[Scene, tuple[str, ...]]] = {}

    def add(self, name: str, scene: Scene, sources: tuple[str, ...]) -> None:
        if not name:
            return
        known = self.items.get(name)
        if known is not None:
            if known[0] != scene:
                raise ValueError(f"two different faces are both named svg/{name}.svg")
            return
        self.items[name] = (scene, sources)
