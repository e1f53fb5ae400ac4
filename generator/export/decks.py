"""The kit spec as exporters see it: decks of faces, each with one size, a key that names its files,
and every face's back and copies. A deck is a section's faces of one group and one size (a group
the game gave, else the section); a sheet or a board is a deck of one face.

Keys are slugs unique in the kit, made from the print file, the group and (when a group has faces
of several sizes) the size: 'cards-player-1', 'tokens-red', 'tokens-22mm'. Face names come from the
face's SVG name or its drawing's title, so a file says which card it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import PurePosixPath
from typing import Literal

from ..core.kitspec import Board, Face, KitFile, PrintFile, Section, Sheet
from ..draw.scene import Scene

Kind = Literal["sections", "sheets", "boards"]


@dataclass(frozen=True)
class Card:
    """One face of a deck, numbered from 1 in the kit's order."""

    number: int
    name: str
    front: Scene
    back: Scene | None
    copies: int
    called: str = ""
    """What people call it (a card's name in a game, a board's label): the face's `called`."""

    @property
    def stem(self) -> str:
        """'007-ember-duelist': the face's number, then its name if it has one."""
        return f"{self.number:03d}-{self.name}" if self.name else f"{self.number:03d}"


@dataclass(frozen=True)
class Deck:
    key: str
    label: str
    kind: Kind
    cards: tuple[Card, ...]
    sources: tuple[str, ...] = ()   # the content files its print file reads

    @property
    def size(self) -> tuple[float, float]:
        return self.cards[0].front.w, self.cards[0].front.h

    @property
    def common_back(self) -> Scene | None:
        """The back every card shares, if they share one."""
        backs = {card.back for card in self.cards}
        return next(iter(backs)) if len(backs) == 1 else None

    @property
    def count(self) -> int:
        return sum(card.copies for card in self.cards)


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def decks(files: Iterable[KitFile], kinds: Iterable[Kind] = ("sections", "sheets", "boards")) -> list[Deck]:
    """The kit's decks of the kinds asked for, in the kit's order."""
    wanted = set(kinds)
    out: list[Deck] = []
    for f in files:
        if not isinstance(f, PrintFile):
            continue
        stem = slug(PurePosixPath(f.path).stem)
        for part in f.parts:
            if isinstance(part, Section) and "sections" in wanted:
                out += _section_decks(stem, part, f.sources)
            elif isinstance(part, Sheet | Board):
                kind: Kind = "sheets" if isinstance(part, Sheet) else "boards"
                if kind in wanted:
                    card = Card(1, _name(part.svg, part.scene), part.scene, None, 1, part.label)
                    out.append(Deck(_key(stem, slug(part.label)), part.label, kind, (card,), f.sources))
    return _unique(out)


def _section_decks(stem: str, section: Section, sources: tuple[str, ...]) -> list[Deck]:
    groups: dict[str, dict[tuple[float, float], list[Face]]] = {}
    for face in section.faces:
        groups.setdefault(face.group or section.label, {}).setdefault((face.front.w, face.front.h), []).append(face)
    out = []
    for group, sizes in groups.items():
        for (w, h), faces in sizes.items():
            size = f"{w:g}mm" if w == h else f"{w:g}x{h:g}mm"
            key = _key(stem, slug(group), size if len(sizes) > 1 else "")
            label = f"{group} {size}" if len(sizes) > 1 else group
            cards = tuple(Card(n, _name(face.svg, face.front), face.front, face.back, face.copies, face.called)
                          for n, face in enumerate(faces, 1))
            out.append(Deck(key, label, "sections", cards, sources))
    return out


def _key(stem: str, *parts: str) -> str:
    """The file's stem, then each word of the parts it does not already hold: 'board-3x3' + '3x3
    board' is 'board-3x3', 'tiles' + 'island tiles' is 'tiles-island'."""
    words = stem.split("-")
    for part in parts:
        words += [w for w in part.split("-") if w and w not in words]
    return "-".join(words)


def _name(svg: str, scene: Scene) -> str:
    return slug(PurePosixPath(svg).name if svg else scene.title)[:40].strip("-")


def _unique(found: list[Deck]) -> list[Deck]:
    """Decks under one key (a group named twice in one file) are numbered: 'tokens', 'tokens-2'."""
    seen: dict[str, int] = {}
    out = []
    for deck in found:
        n = seen.get(deck.key, 0) + 1
        seen[deck.key] = n
        out.append(deck if n == 1 else replace(deck, key=f"{deck.key}-{n}"))
    return out
