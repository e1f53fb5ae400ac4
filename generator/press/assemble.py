"""A kit spec made into files: imposed PDFs, one SVG per named face, the rulebook; in order, lazily.

Every game's kit goes through here, so imposition, size grouping, SVG naming and sources are the
same for all of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from ..draw.scene import Scene
from ..draw.svg import to_svg
from ..game import Artifact, BuildOptions
from ..kitspec import Board, DataFile, Face, KitFile, PrintFile, Rulebook, Section, Sheet
from .document import PrintDocument
from .rulebook import rulebook_pdf


def assemble(title: str, files: Iterable[KitFile], options: BuildOptions) -> Iterator[Artifact]:
    """Every file of the kit, one Artifact at a time (the CLI shows progress as they come)."""
    for f in files:
        if isinstance(f, PrintFile):
            yield from _print_file(title, f, options)
        elif isinstance(f, Rulebook):
            yield Artifact(f.path, rulebook_pdf(title, f.text, options.paper, f.figures, f.kind), f.sources)
        else:
            assert isinstance(f, DataFile)
            yield Artifact(f.path, f.data, f.sources)


def size_label(w: float, h: float) -> str:
    """'16 mm' for a square or round face, '63 x 88 mm' otherwise."""
    return f"{w:g} mm" if w == h else f"{w:g} x {h:g} mm"


def by_size(section: Section) -> list[tuple[str, list[Face]]]:
    """The section's faces split into one grid per full size (width and height), smallest first.

    A section of one size keeps its label (unless `sized`); several sizes each get theirs appended.
    """
    groups: dict[tuple[float, float], list[Face]] = {}
    for face in section.faces:
        groups.setdefault((face.front.w, face.front.h), []).append(face)
    if len(groups) == 1 and not section.sized:
        return [(section.label, next(iter(groups.values())))]
    return [(f"{section.label} {size_label(*size)}", groups[size]) for size in sorted(groups)]


def _print_file(title: str, f: PrintFile, options: BuildOptions) -> Iterator[Artifact]:
    doc = PrintDocument(title, f.subject, options)
    svgs = _SvgSet()
    for part in f.parts:
        if isinstance(part, Section):
            for label, faces in by_size(part):
                _impose(doc, label, faces)
                for face in faces:
                    svgs.add(face.svg, face.front, f.sources)
                    if face.back is not None:
                        svgs.add(face.back_svg, face.back, f.sources)
        elif isinstance(part, Sheet):
            doc.sheet(part.label, part.scene)
            svgs.add(part.svg, part.scene, f.sources)
        else:
            assert isinstance(part, Board)
            doc.board(part.label, part.scene)
            svgs.add(part.svg, part.scene, f.sources)
    for extra in f.svgs:
        svgs.add(extra.name, extra.scene, extra.sources or f.sources)
    yield Artifact(f.path, doc.to_bytes(), f.sources)
    for name, (scene, sources) in svgs.items.items():
        yield Artifact(f"svg/{name}.svg", to_svg(scene), sources)


def _impose(doc: PrintDocument, label: str, faces: Sequence[Face]) -> None:
    """One grid: every copy of every face in order, each with its back (or none at all)."""
    with_back = [face.back is not None for face in faces]
    if any(with_back) and not all(with_back):
        raise ValueError(f"{label}: some faces have a back and some do not")
    fronts = [face.front for face in faces for _ in range(face.copies)]
    backs = [face.back for face in faces for _ in range(face.copies) if face.back is not None]
    doc.cards(label, fronts, backs if all(with_back) else None)


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
