"""The pictures and font files a game's layouts draw: each read once (content/opener.py), checked, and
kept by what it holds for the faces to be drawn from.

A `Shelf` serves one load of a game's layouts: a file named by several boxes, or by a template that
gives the same name for many rows, is read once. What is kept is bytes and the hash that names them;
the path is never opened again, so a file swapped after it was checked cannot reach the output, and a
long-running process (`playkit watch`) that reads an edited file again sees the edit.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Literal

from ..content import ContentError
from ..content.contentset import shown_path
from ..content.opener import read_bytes
from ..draw import fonts
from ..draw.scene import Picture
from .svgimage import SvgPicture, read_svg

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")
FONT_SUFFIXES = (".ttf", ".otf")
MAX_RASTER_BYTES = 32 << 20     # a full-bleed tarot card at 600 dpi is well under this
MAX_RASTER_PIXELS = 40_000_000  # about 160 MB once decoded: the most a face's picture may cost
MAX_SVG_BYTES = 1 << 20         # as every text content file
MAX_FONT_BYTES = 32 << 20       # a large CJK TrueType font is about 20 MB
MAX_GAME_PICTURE_BYTES = 512 << 20
"""All the pictures of a game's layouts together (a deck with a picture of its own on every card):
held while its kit is built, so bounded."""

Drawable = Picture | SvgPicture


@dataclass
class Shelf:
    """The files of one game's folder its layouts draw, by their name as written (relative to the
    folder), each read once: a picture, an SVG picture, a font key, or why it cannot be drawn."""

    folder: Path
    known: dict[str, Drawable | str | ValueError] = field(default_factory=dict)
    held: int = 0   # bytes of the pictures kept

    def picture(self, name: str) -> Drawable:
        """The picture `name` (ValueError saying why it cannot be drawn)."""
        return self._get(name, IMAGE_SUFFIXES, "picture", self._read_picture)  # type: ignore[return-value]

    def font(self, name: str) -> str:
        """The key of the font file `name` (ValueError saying why it cannot be embedded)."""
        return self._get(name, FONT_SUFFIXES, "font", self._read_font)  # type: ignore[return-value]

    def _get(self, name: str, suffixes: tuple[str, ...], what: str,
             read: Callable[[str, Path], Drawable | str]) -> Drawable | str:
        found = self.known.get(name)
        if found is None:
            try:
                found = read(name, self._path(name, suffixes, what))
            except ValueError as err:
                found = err
            self.known[name] = found
        if isinstance(found, ValueError):
            raise found
        return found

    def _path(self, name: str, suffixes: tuple[str, ...], what: str) -> Path:
        if not name.lower().endswith(suffixes):
            raise ValueError(f"a {what} file ({', '.join(suffixes)}) in the game's folder, not {name!r}")
        relative = PurePosixPath(name)
        if relative.is_absolute() or ".." in relative.parts or "\\" in name or "\0" in name:
            raise ValueError(f"{name!r} is outside the game's folder")
        return self.folder / relative

    def _bytes(self, name: str, path: Path, limit: int, why: str, noun: str = "picture") -> bytes:
        try:
            return read_bytes(path, shown_path(path), folder=self.folder, limit=limit, what=why)
        except ContentError as err:
            message = err.problems[0].message
            if message.startswith("cannot read: No such file"):
                raise ValueError(f"no {noun} file {name!r} in {shown_path(self.folder)}") from None
            raise ValueError(f"{name!r}: {message}") from None

    def _read_picture(self, name: str, path: Path) -> Drawable:
        if path.suffix.lower() == ".svg":
            return read_svg(self._bytes(name, path, MAX_SVG_BYTES, "an SVG picture is small text"), path.name)
        data = self._bytes(name, path, MAX_RASTER_BYTES, "a picture for a face")
        if self.held + len(data) > MAX_GAME_PICTURE_BYTES:
            raise ValueError(f"{name!r}: the game's pictures come to more than {MAX_GAME_PICTURE_BYTES >> 20} MiB "
                             "in all (make them smaller: a face prints well at 300 dpi)")
        picture = raster(data, path.name)
        self.held += len(data)
        return picture

    def _read_font(self, name: str, path: Path) -> str:
        key = fonts.add_file(self._bytes(name, path, MAX_FONT_BYTES, "a font file", "font"))
        why = fonts.usable(key)
        if why:
            raise ValueError(f"cannot embed the font {name!r}: {why}")
        return key


def raster(data: bytes, name: str) -> Picture:
    """A PNG or JPEG that decodes whole, of bounded pixel count (the count is read from its header
    before any pixel is: a small file may decode to gigabytes); ValueError otherwise. Decoding it
    here finds a picture whose pixel data is cut short, which the header and checksums do not."""
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data)) as im:
            w, h = im.size
            if w * h > MAX_RASTER_PIXELS:
                raise ValueError(f"the picture {name!r} has {w:,} x {h:,} pixels; at most "
                                 f"{MAX_RASTER_PIXELS:,} in all (scale it down)")
            if im.format not in ("PNG", "JPEG"):
                raise ValueError(f"the picture {name!r} is {im.format}, not a PNG or a JPEG")
            kind: Literal["png", "jpeg"] = "jpeg" if im.format == "JPEG" else "png"
            im.load()
    except (OSError, UnidentifiedImageError, SyntaxError, Image.DecompressionBombError, EOFError) as err:
        raise ValueError(f"cannot read the picture {name!r}: {err}") from None
    if not (w and h):
        raise ValueError(f"the picture {name!r} has no pixels")
    return Picture(data, hashlib.sha256(data).hexdigest(), (w, h), kind)
