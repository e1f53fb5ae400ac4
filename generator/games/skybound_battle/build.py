"""The Skybound Battle kit: which faces go into which files (the core imposes and renders them)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import lru_cache

from ...content import ContentSet
from ...content.decisions import notes
from ...core.game import BuildOptions, Kit
from ...core.kitspec import Board, Computed, DataFile, Face, KitFile, PrintFile, Rulebook, Section, Sheet, Svg
from . import draw_board, draw_cards, draw_sheets, heatmap, rulebook, searchreport, simreport
from .figures import figures
from .model import TITLE, SkyboundBattle
from .search import Budget, SearchResult, SearchSetup, search, search_setup
from .simulate import SimSetup, Tally, report, run, simulate, starter_setup

CARDS = ("cards.yaml", "colours.yaml", "kit.yaml", "effects.yaml")
KIT = ("kit.yaml", "rules.yaml", "components.yaml")
BALANCE = "skybound-balance"  # the kind of result a build keeps for the next
# The kit's balance report plays its few thousand games by the rules engine: the compiled kernel
# would play the same games faster, but its first run on a machine compiles it (about 20 s), which a
# designer's first `playkit build` should not wait for; the balance commands, whose runs are long, use it.
KERNEL = False


def kit(model: SkyboundBattle, content: ContentSet, options: BuildOptions) -> Kit:
    """Cards by starter deck, board, reference cards, tokens, deck lists, rulebook, balance heatmap."""
    return Kit(TITLE, _files(model, options))


def _files(model: SkyboundBattle, options: BuildOptions) -> Iterator[KitFile]:
    yield _cards(model)
    yield PrintFile("board.pdf", "battle board", [Board("battle board", draw_board.board(model), "board")], KIT)

    ref = model.kit.reference
    front, back = draw_sheets.reference(model, "front"), draw_sheets.reference(model, "back")
    yield PrintFile("reference.pdf", "rules reference cards",
                    [Section("rules reference", [Face(front, back, ref.copies, "reference",
                                                      "reference-front", "reference-back")])], KIT)
    tokens = [Face(draw_sheets.token(model, tok), copies=tok.copies, group="tokens", svg=f"tokens/{tok.id}")
              for tok in model.kit.tokens]
    yield PrintFile("tokens.pdf", "tokens", [Section("mana and damage tokens", tokens, sized=True)], ("kit.yaml",))

    lists = [(s.name, draw_sheets.deck_list(model, s)) for s in model.starters]
    lists += [("blank", draw_sheets.blank_deck_list(model))] * model.kit.blank_deck_lists
    pages = [Sheet("deck lists: " + " and ".join(name for name, _ in lists[k:k + 2]),
                   draw_sheets.deck_list_page([scene for _, scene in lists[k:k + 2]]))
             for k in range(0, len(lists), 2)]
    yield PrintFile("deck-lists.pdf", "deck lists", pages, ("starters.yaml", *CARDS, "rules.yaml"))

    yield Rulebook(rulebook.text(model), figures=figures(model), sources=
                   ("rules.yaml", "colours.yaml", "cards.yaml", "starters.yaml", "kit.yaml", "effects.yaml"))
    yield Rulebook(notes(rulebook.decisions(model)), ("decisions.yaml", "rules.yaml"), path="design-notes.pdf",
                   kind="designer's notes")
    yield _balance(model, options)


def _cards(model: SkyboundBattle) -> PrintFile:
    """Every starter deck's cards, deck after deck on shared pages (each face names its deck, so
    the cut cards sort back into decks), all with the common back; one SVG per card."""
    back = draw_cards.back(model)
    faces = [Face(draw_cards.front(model, model.card(cid), s.name), back, s.cards[cid], s.name, back_svg="cards/back")
             for s in model.starters for cid in sorted(s.cards)]
    # the first player token is card-sized: it takes a slot the decks leave free on the last page,
    # the same on both faces
    token = draw_sheets.first_player_token(model)
    faces.append(Face(token, token, model.kit.first_player_token.copies, "first-player", "tokens/first-player"))
    # a card's own SVG has no deck footer: it is the card, whichever deck holds it
    svgs = [Svg(f"cards/{c.id}", draw_cards.front(model, c), CARDS) for c in model.cards]
    return PrintFile("cards.pdf", "character cards and first player token",
                     [Section("character cards and first player token", faces)],
                     ("starters.yaml", *CARDS, "rules.yaml"), svgs)


def _balance(model: SkyboundBattle, options: BuildOptions) -> Computed:
    """The starter decks against each other, simulated at build time, as a heatmap and a CSV, with
    the strongest deck a quick search finds: a costly result, declared with everything it reads
    (the build layer keeps it for the next build, and runs the simulation and the search side by
    side while the rest of the kit is drawn)."""
    b = model.kit.balance
    setup = replace(starter_setup(model.cards, model.rules, [(s.id, dict(s.cards)) for s in model.starters],
                                  b.games, b.seed, b.policy, model.content_hash), kernel=KERNEL)
    search_at = _search_setup(model)
    return Computed(BALANCE, (setup, search_at, b, model.colours, options), ((run, setup), (_search, search_at)),
                    lambda results: list(_balance_files(model, setup, options, *results)))


def _balance_files(model: SkyboundBattle, setup: SimSetup, options: BuildOptions,
                   tally: Tally | None = None, found: SearchResult | None = None) -> Iterator[DataFile]:
    """The balance files from the simulation's tally and the search's result (each made here when
    not given)."""
    b = model.kit.balance
    rep = report(setup, tally) if tally is not None else simulate(setup)
    sources = ("cards.yaml", "rules.yaml", "starters.yaml", "kit.yaml")
    for a in heatmap.heatmap_artifacts(rep, options, prefix="balance/"):
        yield DataFile(a.path, a.data, sources)
    yield DataFile("balance/matrix.csv", simreport.matrix_csv(rep).encode(), sources)
    # the README's balance table plays more games a pairing than a build can afford: say so, and how
    note = (f"This is the kit's quick look: {b.games} games per pairing (kit.yaml, balance: games). The README's",
            "balance table plays more; the command above it gives its figures while the content hash matches.")
    found = found if found is not None else _search(_search_setup(model))
    deck_file = searchreport.deck_yaml(found, model, 1)
    text = simreport.text(rep, note) + "\nThe strongest deck a quick search found (kit.yaml, balance: search):\n" + \
        "\n".join(searchreport.text(found, model).splitlines()[2:]) + "\n"
    yield DataFile("balance/report.txt", text.encode(), sources)
    yield DataFile("balance/strongest-found.yaml", deck_file.encode(), sources)


@lru_cache(maxsize=8)
def _search(setup: SearchSetup) -> SearchResult:
    """The kit's quick strongest-deck search, once per content (builds of the same content reuse it)."""
    return search(setup)


def _search_setup(model: SkyboundBattle) -> SearchSetup:
    b, q = model.kit.balance, model.kit.balance.search
    budget = Budget(q.restarts, q.steps, q.neighbours, q.games, 3, q.final_games)  # best of 3 on fresh games
    return replace(search_setup(model.cards, model.rules, [(s.id, dict(s.cards)) for s in model.starters],
                                [c.id for c in model.colours], b.seed, b.policy, budget, model.content_hash),
                   kernel=KERNEL)
