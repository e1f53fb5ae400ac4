"""The Skybound Battle kit: which faces go into which files."""

from __future__ import annotations

from collections.abc import Iterator

from ...content import ContentSet
from ...draw import Scene, to_svg
from ...game import Artifact, BuildOptions
from ...press import PrintDocument
from ...press.rulebook import rulebook_pdf
from . import draw_board, draw_cards, draw_sheets, heatmap, rulebook, simreport
from .model import TITLE, SkyboundBattle
from .simulate import simulate, starter_setup

CARDS = ("cards.yaml", "colours.yaml", "kit.yaml")
KIT = ("kit.yaml", "rules.yaml")


def build(model: SkyboundBattle, content: ContentSet, options: BuildOptions) -> Iterator[Artifact]:
    """Cards by starter deck, board, reference cards, tokens, deck lists, rulebook, balance heatmap."""
    yield from _cards(model, options)
    board = draw_board.board(model)
    doc = PrintDocument(TITLE, "battle board", options)
    doc.board("battle board", board)
    yield Artifact("board.pdf", doc.to_bytes(), KIT)
    yield Artifact("svg/board.svg", to_svg(board), KIT)

    ref = model.kit.reference
    front, back = draw_sheets.reference(model, "front"), draw_sheets.reference(model, "back")
    doc = PrintDocument(TITLE, "rules reference cards", options)
    doc.cards("rules reference", [front] * ref.copies, back)
    yield Artifact("reference.pdf", doc.to_bytes(), KIT)
    yield Artifact("svg/reference-front.svg", to_svg(front), KIT)
    yield Artifact("svg/reference-back.svg", to_svg(back), KIT)

    yield from _tokens(model, options)

    doc = PrintDocument(TITLE, "deck lists", options)
    lists = [(s.name, draw_sheets.deck_list(model, s)) for s in model.starters]
    lists += [("blank", draw_sheets.blank_deck_list(model))] * model.kit.blank_deck_lists
    for k in range(0, len(lists), 2):
        pair = lists[k:k + 2]
        doc.sheet("deck lists: " + " and ".join(name for name, _ in pair),
                  draw_sheets.deck_list_page([scene for _, scene in pair]))
    yield Artifact("deck-lists.pdf", doc.to_bytes(), ("starters.yaml", *CARDS, "rules.yaml"))

    yield Artifact("rulebook.pdf", rulebook_pdf(TITLE, rulebook.text(model), options.paper),
                   ("rules.yaml", "colours.yaml", "cards.yaml", "starters.yaml", "decisions.yaml", "kit.yaml"))
    yield from _balance(model, options)


def _cards(model: SkyboundBattle, options: BuildOptions) -> Iterator[Artifact]:
    """Every starter deck's cards, deck after deck on shared pages (each face names its deck, so
    the cut cards sort back into decks), all with the common back; one SVG per card."""
    back = draw_cards.back(model)
    fronts: list[Scene] = []
    for s in model.starters:
        for cid in sorted(s.cards):
            fronts += [draw_cards.front(model, model.card(cid), s.name)] * s.cards[cid]
    backs = [back] * len(fronts)
    # the first player token is card-sized: it takes a slot the decks leave free on the last page
    token = draw_sheets.first_player_token(model)
    fronts += [token] * model.kit.first_player_token.copies
    backs += [token] * model.kit.first_player_token.copies  # the same on both faces
    doc = PrintDocument(TITLE, "character cards and first player token", options)
    doc.cards("character cards and first player token", fronts, backs)
    yield Artifact("cards.pdf", doc.to_bytes(), ("starters.yaml", *CARDS, "rules.yaml"))
    yield Artifact("svg/tokens/first-player.svg", to_svg(token), ("kit.yaml", "rules.yaml"))
    faces = {c.id: draw_cards.front(model, c) for c in model.cards}
    for cid, face in faces.items():
        yield Artifact(f"svg/cards/{cid}.svg", to_svg(face), CARDS)
    yield Artifact("svg/cards/back.svg", to_svg(back), CARDS)


def _tokens(model: SkyboundBattle, options: BuildOptions) -> Iterator[Artifact]:
    kit = model.kit
    doc = PrintDocument(TITLE, "tokens", options)
    by_size: dict[float, list[Scene]] = {}
    for tok in kit.tokens:
        face = draw_sheets.token(model, tok)
        by_size.setdefault(face.w, []).extend([face] * tok.copies)
        yield Artifact(f"svg/tokens/{tok.id}.svg", to_svg(face), ("kit.yaml",))
    for size in sorted(by_size):
        doc.cards(f"mana and damage tokens {size:g} mm", by_size[size])
    yield Artifact("tokens.pdf", doc.to_bytes(), ("kit.yaml",))


def _balance(model: SkyboundBattle, options: BuildOptions) -> Iterator[Artifact]:
    """The starter decks against each other, simulated at build time, as a heatmap and a CSV."""
    b = model.kit.balance
    setup = starter_setup(model.cards, model.rules, [(s.id, dict(s.cards)) for s in model.starters],
                          b.games, b.seed, b.policy, model.content_hash)
    rep = simulate(setup)
    sources = ("cards.yaml", "rules.yaml", "starters.yaml", "kit.yaml")
    for a in heatmap.heatmap_artifacts(rep, options, prefix="balance/"):
        yield Artifact(a.path, a.data, sources)
    yield Artifact("balance/matrix.csv", simreport.matrix_csv(rep).encode(), sources)
    yield Artifact("balance/report.txt", simreport.text(rep).encode(), sources)
