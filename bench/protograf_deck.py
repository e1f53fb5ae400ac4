"""The peer deck drawn by protograf (https://pypi.org/project/protograf/), for bench/bench_peer.py.

    PEER_CSV=cards.csv PEER_OUT=out.pdf /tmp/protograf-venv/bin/python bench/protograf_deck.py

protograf is no dependency of playkit: the bench installs it into a virtual environment of its own.
The same card as examples/decks/peer-deck: poker size, a frame, a name box, three stat circles and a
wrapped rules text, 3 mm bleed, grid marks, nine to an A4 page, and one back for every card.
Paths come from the environment: protograf reads sys.argv itself.
"""

import os

from protograf import Card, CardBack, Create, Data, Deck, Save, T, circle, rectangle, text

INK, PAPER = "#1f2a44", "#fbf6ea"
Create(filename=os.environ["PEER_OUT"], paper="A4", units="mm", margin_left=10, margin_right=10,
       margin_top=16, margin_bottom=16)
Data(filename=os.environ["PEER_CSV"])
Deck(width=63, height=88, grid_marks=True, grid_marks_stroke="black", grid_marks_stroke_width=0.25,
     bleed_fill=INK, fill=INK, stroke=INK)
faces = [
    rectangle(x=3, y=3, width=57, height=82, rounding=2.5, fill=PAPER, stroke=INK, stroke_width=1.4),
    rectangle(x=6, y=6, width=51, height=10, rounding=1.5, fill=INK, stroke=INK),
    text(text=T("{{ name }}"), x=6, y=6, width=51, height=10, wrap=True, align="centre", valign="middle",
         font_size=12, stroke="white"),
]
for field, colour, left in (("might", "#c0392b", 9.0), ("guard", "#2e6da4", 25.5), ("speed", "#2e8b57", 42.0)):
    faces += [circle(cx=left + 6, cy=26, radius=6, fill=colour, stroke=INK, stroke_width=1.4),
              text(text=T("{{ " + field + " }}"), x=left + 6, y=28, font_size=14, stroke="white")]
faces.append(text(text=T("{{ text }}"), x=8, y=38, width=47, height=42, wrap=True, align="left", valign="top",
                  font_size=10, stroke=INK))
Card("*", *faces)
CardBack("*", rectangle(x=4, y=4, width=55, height=80, rounding=2.5, fill=None, stroke=PAPER, stroke_width=1.4),
         circle(cx=31.5, cy=44, radius=15, fill="#c0392b", stroke=PAPER, stroke_width=1.4),
         text(text="Peer", x=31.5, y=46, font_size=14, stroke="white"))
Save()
