"""Tabletop Simulator: deck sheets, tile images and a saved object TTS loads (`tts` profile).

Each deck of cards (a section's portrait faces of card proportions, `card_aspect`) becomes a TTS
deck: its faces on sheets of at most `grid` (10 x 7) faces and `sheet_px` pixels a side, one sheet
a CustomDeck; CardID is the sheet's deck key x 100 + the face's slot, each copy of a card listed in
DeckIDs. A shared back is one image (UniqueBack false), backs that differ a sheet laid out as the
faces (UniqueBack true). Every other face (tiles, tokens, boards, sheets) is a Custom_Tile with its
front and back images: round (Type 2) when its layout says `shape: circle`, in a bag with its copies. Each
object's Nickname is what players call it (a card's name), a deck's its group's name.

Images are named by file:/// URLs to where the build writes them, so TTS loads the saved object on
this machine as it is; to share it, upload the images and replace the folder's URL (README).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Generator, Iterator
from typing import Annotated, Any

from pydantic import Field

from ..content.schema import Mm
from ..core.game import Artifact
from ..draw.scene import Scene
from ..press.faces import FacePage, Placed, face_pages
from . import Exporter, Job, raster
from .decks import Card, Deck, Kind, decks
from .settings import Settings

INCH = 25.4
TILE_BOX, TILE_CIRCLE = 0, 2   # CustomTile Types (1 is a hexagon, 3 a rounded square)
WHITE = {"r": 1.0, "g": 1.0, "b": 1.0}   # ColorDiffuse: no tint (a tile's sides, a card's edge)
Px = Annotated[int, Field(ge=16, le=8192)]


class TtsSettings(Settings):
    dpi: Annotated[int, Field(ge=72, le=1200)]   # the most a face gets; a full sheet gets less
    grid: tuple[Annotated[int, Field(ge=1, le=10)], Annotated[int, Field(ge=1, le=7)]]
    sheet_px: Px
    tile_px: Px                                    # the longest side of a tile's image
    card_aspect: tuple[float, float]               # width / height of a face that is a card
    unit: Mm                                       # the length of one TTS unit on the table
    card_units: float                              # how wide TTS draws a card of scale 1, in units
    tile_units: float                              # how wide TTS draws a tile of scale 1, in units
    parts: tuple[Kind, ...] = ("sections", "sheets", "boards")


def make(job: Job, tts: TtsSettings) -> Iterator[Artifact]:
    objects: list[dict[str, Any]] = []
    key = 0
    sources: set[str] = set()
    for deck in decks(job.files, tts.parts):
        sources.update(deck.sources)
        w, h = deck.size
        if deck.kind == "sections" and tts.card_aspect[0] <= w / h <= tts.card_aspect[1]:
            states: list[dict[str, Any]] = []
            custom: dict[str, Any] = {}
            ids: list[int] = []
            per_sheet = tts.grid[0] * tts.grid[1]
            for start in range(0, len(deck.cards), per_sheet):
                key += 1
                chunk = deck.cards[start:start + per_sheet]
                entry = yield from _sheets(job, deck, chunk, start // per_sheet + 1, tts)
                custom[str(key)] = entry
                for slot, card in enumerate(chunk):
                    name = card.called or card.name or deck.label
                    for _ in range(card.copies):
                        ids.append(key * 100 + slot)
                        states.append(_card(key * 100 + slot, name, {str(key): entry}, w, tts))
            objects.append(_deck_object(deck, ids, custom, states, w, tts))
        else:
            objects.append((yield from _tiles(job, deck, tts)))
    for n, obj in enumerate(objects):
        obj["Transform"] = _at(n, obj["Transform"])
    save = {"SaveName": job.title, "GameMode": job.title, "Date": "", "Note": "", "Rules": "",
            "ObjectStates": [_bag_of_everything(job, objects)]}
    yield Artifact(f"{job.game}.json", (json.dumps(save, indent=2) + "\n").encode(), tuple(sorted(sources)))


def _sheets(job: Job, deck: Deck, chunk: tuple[Card, ...], n: int,
            tts: TtsSettings) -> Generator[Artifact, None, dict[str, Any]]:
    """The face sheet (and the back image or sheet) of one CustomDeck: yields their Artifacts,
    returns the CustomDeck entry."""
    w, h = deck.size
    cols = min(tts.grid[0], len(chunk))
    rows = math.ceil(len(chunk) / cols)
    cw = min(round(w / INCH * tts.dpi), tts.sheet_px // cols, math.floor(tts.sheet_px // rows * w / h))
    ch = min(round(cw * h / w), tts.sheet_px // rows)
    suffix = f"-{n}" if len(deck.cards) > len(chunk) else ""
    face_name = f"{deck.key}{suffix}.png"
    backs = [card.back or _blank(w, h) for card in chunk]
    common = len(set(backs)) == 1
    pages = [_grid_page(w, h, cols, rows, [card.front for card in chunk])]
    sizes = [(cols * cw, rows * ch)]
    if common:
        pages.append(_grid_page(w, h, 1, 1, backs[:1]))
        sizes.append((cw, ch))
        back_name = f"{deck.key}-back.png"
    else:
        pages.append(_grid_page(w, h, cols, rows, backs))
        sizes.append((cols * cw, rows * ch))
        back_name = f"{deck.key}{suffix}-backs.png"
    pdf = face_pages(job.title, f"{deck.label} for Tabletop Simulator", pages)
    images = list(raster.pngs(pdf, sizes, tts.dpi))
    yield Artifact(face_name, images[0], deck.sources)
    if not (common and n > 1):   # a shared back is written once
        yield Artifact(back_name, images[1], deck.sources)
    entry = {"FaceURL": _url(job, face_name), "BackURL": _url(job, back_name), "NumWidth": cols,
             "NumHeight": rows, "BackIsHidden": True, "UniqueBack": not common, "Type": 0}
    return entry


def _grid_page(w: float, h: float, cols: int, rows: int, scenes: list[Scene]) -> FacePage:
    placed = tuple(Placed(s, (i % cols) * w, (i // cols) * h) for i, s in enumerate(scenes))
    return FacePage(cols * w, rows * h, placed)


def _blank(w: float, h: float) -> Scene:
    return Scene(w, h, background="#ffffff")


def _tiles(job: Job, deck: Deck, tts: TtsSettings) -> Generator[Artifact, None, dict[str, Any]]:
    """Every face of the deck as Custom_Tiles (its copies too), in a bag when there are several."""
    w, h = deck.size
    scale = min(1.0, tts.tile_px / (max(w, h) / INCH * tts.dpi))
    size = (max(1, round(w / INCH * tts.dpi * scale)), max(1, round(h / INCH * tts.dpi * scale)))
    pages: list[FacePage] = []
    names: list[str] = []
    sides: list[tuple[str, str]] = []   # each card's front and back image (its front again for none)
    for card in deck.cards:
        front = back = f"{deck.key}/{card.stem}.png"
        pages.append(_grid_page(w, h, 1, 1, [card.front]))
        names.append(front)
        if card.back is not None:
            back = f"{deck.key}/{card.stem}-back.png"
            pages.append(_grid_page(w, h, 1, 1, [card.back]))
            names.append(back)
        sides.append((front, back))
    pdf = face_pages(job.title, f"{deck.label} for Tabletop Simulator", pages)
    for name, data in zip(names, raster.pngs(pdf, [size] * len(pages), tts.dpi), strict=True):
        yield Artifact(name, data, deck.sources)
    tiles = []
    for card, (front, back) in zip(deck.cards, sides, strict=True):
        name = card.called or card.name or deck.label
        tile = _tile(name, _url(job, front), _url(job, back), card.front.shape == "circle", w, h, tts)
        tiles += [tile] * card.copies
    if len(tiles) == 1:
        return tiles[0]
    return _object("Bag", deck.label, 1.0, ContainedObjects=[dict(t) for t in tiles])


def _tile(name: str, front: str, back: str, round_: bool, w: float, h: float, tts: TtsSettings) -> dict[str, Any]:
    scale = max(w, h) / tts.unit / tts.tile_units
    return _object("Custom_Tile", name, scale, CustomImage={
        "ImageURL": front, "ImageSecondaryURL": back, "ImageScalar": 1.0, "WidthScale": 0.0,
        "CustomTile": {"Type": TILE_CIRCLE if round_ else TILE_BOX, "Thickness": 0.1, "Stackable": True,
                       "Stretch": True}})


def _card(card_id: int, name: str, custom: dict[str, Any], w: float, tts: TtsSettings) -> dict[str, Any]:
    return _object("Card", name, w / tts.unit / tts.card_units, CardID=card_id, CustomDeck=custom,
                   SidewaysCard=False, HideWhenFaceDown=True)


def _deck_object(deck: Deck, ids: list[int], custom: dict[str, Any], cards: list[dict[str, Any]],
                 w: float, tts: TtsSettings) -> dict[str, Any]:
    """A deck, or the card itself when the deck holds one (TTS makes no deck of one card)."""
    if len(cards) == 1:
        return cards[0]
    deck_obj = _object("Deck", deck.label, w / tts.unit / tts.card_units, DeckIDs=ids, CustomDeck=custom,
                       ContainedObjects=cards, SidewaysCard=False, HideWhenFaceDown=True)
    deck_obj["Transform"]["rotZ"] = 180.0   # face down, as a draw pile lies
    for card in cards:                      # and each card in it: TTS saves a deck's cards as they lie
        card["Transform"] = {**card["Transform"], "rotZ": 180.0}
    return deck_obj


def _object(name: str, nickname: str, scale: float, **fields: Any) -> dict[str, Any]:
    return {"GUID": "", "Name": name,
            "Transform": {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 0.0,
                          "scaleX": round(scale, 4), "scaleY": 1.0, "scaleZ": round(scale, 4)},
            "Nickname": nickname, "Description": "", "GMNotes": "", "ColorDiffuse": dict(WHITE),
            "Locked": False, "Grid": True, "Snap": True,
            "Autoraise": True, "Sticky": True, "Tooltip": True, **fields}


def _at(n: int, t: dict[str, Any]) -> dict[str, Any]:
    """The n-th object's place on the table: rows of eight, left to right."""
    return {**t, "posX": -21.0 + (n % 8) * 6.0, "posZ": 12.0 - (n // 8) * 7.0}


def _bag_of_everything(job: Job, objects: list[dict[str, Any]]) -> dict[str, Any]:
    """One saved object holds the kit: a bag of every deck, bag and tile, each with a fixed GUID."""
    bag = _object("Bag", job.title, 1.0, ContainedObjects=objects)
    _guids(bag, job.game)
    return bag


def _guids(obj: dict[str, Any], path: str) -> None:
    """Six hex digits from the object's place in the kit: the same build, the same GUIDs."""
    obj["GUID"] = hashlib.sha256(path.encode()).hexdigest()[:6]
    for i, inner in enumerate(obj.get("ContainedObjects", [])):
        _guids(inner, f"{path}/{i}")


def _url(job: Job, name: str) -> str:
    return (job.folder / name).as_uri()


EXPORTER = Exporter(TtsSettings, make)
