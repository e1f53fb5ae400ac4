"""The peer deck's rows: 540 poker cards (a name, three stats, a rules text), made deterministically.

examples/peer-deck/cards.csv is this script's output (`python bench/peer_rows.py 540 > ...`); the
peer bench writes the 5,400-card deck with it, so both decks are cards of the same kind.
"""

from __future__ import annotations

import csv
import io
import random
import sys

COLUMNS = ("name", "might", "guard", "speed", "text")

_FIRST = ("Amber", "Ashen", "Brass", "Cinder", "Copper", "Dawn", "Dusk", "Ember", "Frost", "Gale",
          "Glass", "Golden", "Hollow", "Iron", "Ivory", "Jade", "Moss", "Night", "Pale", "Quiet",
          "Rain", "Salt", "Silver", "Storm", "Thorn", "Tide", "Umber", "Willow", "Wild", "Winter")
_SECOND = ("Archer", "Bard", "Bear", "Crow", "Drake", "Fox", "Guard", "Hound", "Knight", "Lancer",
           "Mage", "Monk", "Owl", "Ranger", "Rider", "Sage", "Scout", "Seer", "Smith", "Wolf")
_OPENERS = ("When this enters play,", "At the start of your turn,", "When this attacks,",
            "When this is defeated,", "Once per round,", "While you control a Sage,",
            "If you have no cards in hand,", "At the end of each round,")
_EFFECTS = ("draw a card.", "gain 1 guard until the end of the round.",
            "deal 2 damage to a unit in the same lane.", "return a unit with 2 or less might to its owner's hand.",
            "move this to an adjacent lane.",
            "look at the top three cards of your deck and put them back in any order.",
            "each opponent discards a card at random.", "give another unit +1 speed.",
            "heal 3 damage from a unit you control.", "exhaust a unit; it does not ready next turn.")
_FLAVOUR = ("", "", "", "Ready two of your units.", "Then shuffle your discard pile into your deck.",
            "Your opponent chooses the target.")


def rows(count: int, seed: int = 540) -> list[dict[str, str]]:
    """`count` cards with distinct names (a number is added once the name pairs run out)."""
    rng = random.Random(seed)
    out = []
    for n in range(count):
        base = f"{_FIRST[n % len(_FIRST)]} {_SECOND[(n // len(_FIRST)) % len(_SECOND)]}"
        lap = n // (len(_FIRST) * len(_SECOND))
        name = base if lap == 0 else f"{base} {lap + 1}"
        text = " ".join(t for t in (rng.choice(_OPENERS), rng.choice(_EFFECTS), rng.choice(_FLAVOUR)) if t)
        out.append({"name": name, "might": str(rng.randint(0, 9)), "guard": str(rng.randint(0, 9)),
                    "speed": str(rng.randint(1, 5)), "text": text})
    return out


def csv_text(count: int) -> str:
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows(count))
    return buf.getvalue()


if __name__ == "__main__":
    sys.stdout.write(csv_text(int(sys.argv[1]) if len(sys.argv) > 1 else 540))
