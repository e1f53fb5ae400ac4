"""The `preview` profile: OUT/GAME/preview/index.html, a gallery of every face of the kit (front and
back) grouped as the kit is (its files, their sections, decks and groups), with names and copies.

It works offline from its folder: the faces are SVGs beside the page (`faces/`), linked by relative
paths; the page loads nothing else (no script, no web font, no network), its style is a few lines
inline. A face drawn twice (a back shared by a deck) is one file, shown wherever it appears.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from html import escape as _e
from urllib.parse import quote

from ..core.game import Artifact
from ..core.kitspec import Board, Face, KitFile, PrintFile, Section, Sheet
from ..draw.scene import Scene
from ..draw.svg import SvgFonts, to_svg
from ..press.assemble import by_size
from . import Exporter, Job
from .decks import slug
from .settings import Settings

INDEX = "index.html"
FACES = "faces"
SCALE = 0.7
"""Faces are shown at 70% of their size in CSS mm (a poker card 44 mm wide on a screen, four or more to a
row); a board at most MAX_SHOWN_MM wide or high."""
MAX_SHOWN_MM = 110.0

STYLE = "".join((
    "body{font:15px/1.4 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:0 16px 48px;",
    "color:#1f2328;background:#f6f7f9}",
    "h1{margin:24px 0 4px}h2{margin:36px 0 4px;border-bottom:2px solid #d0d7de}h3{margin:20px 0 8px}",
    "h4{margin:12px 0 6px;color:#57606a}.note{color:#57606a;margin:0 0 8px}nav a{margin-right:12px}",
    ".faces{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}",
    "figure{margin:0;padding:8px;background:#fff;border:1px solid #d0d7de;border-radius:6px;",
    "width:min-content;max-width:100%;overflow-x:auto}",
    ".sides{display:flex;gap:6px;align-items:flex-start}",
    "img{display:block;height:auto;box-shadow:0 0 0 1px #d0d7de}",
    "figcaption{margin-top:6px;min-width:9em;font-size:14px}.copies{color:#57606a;white-space:nowrap}",
))


@dataclass(frozen=True)
class Shown:
    """One gallery entry: a face (and its back), its name and how many copies the kit prints."""

    name: str
    front: str
    back: str | None
    copies: int
    w_mm: float
    h_mm: float
    round: bool = False   # cut round (its layout's `shape: circle`): shown round, as it is cut


class _Images:
    """The face images by drawing: a drawing shown several times is one file, named after its first
    face (its SVG name in the kit, when it has one). The SVGs are written once every face is known, with
    the kit's font subsets (one a font and style, as the home kit's SVGs have), not a subset a face
    (a subset a face made the preview cost several times the home kit)."""

    def __init__(self) -> None:
        self.by_scene: dict[Scene, str] = {}

    def add(self, scene: Scene, name: str) -> str:
        known = self.by_scene.get(scene)
        if known is not None:
            return known
        taken = set(self.by_scene.values())
        stem = _slug(name) or hashlib.sha256(repr(scene).encode()).hexdigest()[:12]
        path = f"{FACES}/{stem}.svg"
        n = 2
        while path in taken:
            path = f"{FACES}/{stem}-{n}.svg"
            n += 1
        self.by_scene[scene] = path
        return path

    def files(self) -> Iterator[tuple[str, bytes]]:
        """Each image's path and SVG."""
        kit_fonts = SvgFonts(self.by_scene)
        for scene, path in self.by_scene.items():
            yield path, to_svg(scene, kit_fonts)


def _slug(name: str) -> str:
    """A file name from a face's name: lower-case words and '/' for its folders, nothing else."""
    parts = [slug(p) for p in name.split("/")]
    return "/".join(p for p in parts if p)


def gallery(title: str, files: Iterable[KitFile]) -> Iterator[Artifact]:
    """index.html and every face image of the kit `files` (lazily made kit specs are read once)."""
    images = _Images()
    body: list[str] = []
    contents: list[tuple[str, str]] = []
    total = printed = 0
    sources: list[str] = []
    for n, f in enumerate(files):
        if not isinstance(f, PrintFile):
            continue   # a rulebook or a data file has no faces
        anchor = f"file-{n}"
        contents.append((anchor, f.subject))
        sources += f.sources
        body.append(f'<section id="{anchor}"><h2>{_e(f.subject)}</h2>'
                    f'<p class="note">printed in {_e(f.path)}</p>')
        for part in f.parts:
            if isinstance(part, Section):
                for label, faces in by_size(part):
                    shown = [_face(images, face, f.path, k) for k, face in enumerate(faces)]
                    total += len(shown)
                    printed += sum(s.copies for s in shown)
                    body.append(_section("" if label == f.subject else label, faces, shown))
            else:
                assert isinstance(part, (Sheet, Board))
                path = images.add(part.scene, part.svg or f"{f.path.rsplit('.', 1)[0]}/{part.label}")
                total += 1
                printed += 1
                heading = f"<h3>{_e(part.label)}</h3>" if part.label != f.subject else ""
                body.append(heading + _figure(Shown(part.label, path, None, 1, part.scene.w, part.scene.h)))
        body.append("</section>")
    nav = " ".join(f'<a href="#{a}">{_e(s)}</a>' for a, s in contents)
    page = (f'<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{_e(title)}: every face</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
            f"<h1>{_e(title)}</h1>\n"
            f'<p class="note">Every face of the kit, front and back, with how many of each are printed: '
            f"{total} faces, {printed} printed in all.</p>\n"
            f"<nav>{nav}</nav>\n" + "\n".join(body) + "\n</body>\n</html>\n")
    unique = tuple(dict.fromkeys(sources))
    yield Artifact(INDEX, page.encode("utf-8"), unique)
    for path, data in images.files():
        yield Artifact(path, data, unique)


def _face(images: _Images, face: Face, file: str, k: int) -> Shown:
    """A face of a section: named by its title, its SVG's name in the kit, or its place in its file."""
    stem = file.rsplit(".", 1)[0]
    name = face.called or face.svg.rsplit("/", 1)[-1] or f"{stem} {k + 1}"
    image = face.svg or f"{stem}/{_slug(face.front.title) or k + 1}"
    front = images.add(face.front, image)
    back = images.add(face.back, face.back_svg or f"{image}-back") if face.back is not None else None
    return Shown(name, front, back, face.copies, face.front.w, face.front.h, face.front.shape == "circle")


def _section(label: str, faces: Sequence[Face], shown: list[Shown]) -> str:
    """A section's faces (under its label, unless its file's heading says it already), under a
    heading for each deck or group when it holds several. A back shared by a whole group is shown
    once, first; a back of its own beside its front."""
    groups: dict[str, list[Shown]] = {}
    for face, s in zip(faces, shown, strict=True):
        groups.setdefault(face.group, []).append(s)
    copies = sum(s.copies for s in shown)
    count = f"{len(shown)} faces, {copies} printed"
    out = [f'<h3>{_e(label)} <span class="copies">({count})</span></h3>' if label else f'<p class="note">{count}</p>']
    for group, items in groups.items():
        if len(groups) > 1 and group:
            out.append(f"<h4>{_e(group)}</h4>")
        backs = {s.back for s in items}
        shared = backs.pop() if len(backs) == 1 and len(items) > 1 else None
        figures = [_figure(replace(items[0], name="The back of every one", front=shared, back=None,
                                   copies=sum(s.copies for s in items)), "back")] if shared else []
        figures += [_figure(s if shared is None else replace(s, back=None)) for s in items]
        out.append('<div class="faces">' + "".join(figures) + "</div>")
    return "\n".join(out)


def _figure(s: Shown, side: str = "front") -> str:
    scale = min(SCALE, MAX_SHOWN_MM / max(s.w_mm, s.h_mm))
    size = f"width:{s.w_mm * scale:.1f}mm" + (";border-radius:50%" if s.round else "")
    imgs = [f'<img src="{quote(s.front)}" alt="{_e(s.name)}" style="{size}" data-side="{side}">']
    if s.back is not None:
        imgs.append(f'<img src="{quote(s.back)}" alt="{_e(s.name)}: back" style="{size}" data-side="back">')
    copies = f'<span class="copies">× {s.copies}</span>'
    return f'<figure><div class="sides">{"".join(imgs)}</div><figcaption>{_e(s.name)} {copies}</figcaption></figure>'


def make(job: Job, settings: Settings) -> Iterator[Artifact]:
    return gallery(job.title, job.files)


EXPORTER = Exporter(Settings, make)
