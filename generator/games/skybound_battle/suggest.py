"""Suggested edits: the smallest stat or cost changes that pull the starters toward 50% and the
strongest deck found down, each checked by simulation before it is shown.

Candidates come from the figures: the cards the strongest deck leans on and the starters' cards
that win most when played are weakened by one point; the cards of the weakest starter that win
least are strengthened by one. A cost is raised only where every starter holding the card stays
within the cost limit. Every candidate is simulated on the same games as the pool it would
change, so the difference is the edit's, and only edits that improve the measure are shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..jobs import Mapper, serial
from ..stats import Rate, pct
from .checks import dominates
from .decks import DeckLimits, is_legal
from .model import Card, Rules
from .simulate import Report, report, run, starter_setup

STRONGEST = "strongest-found"


@dataclass(frozen=True)
class Edit:
    """One card, one field, one point."""

    card: str
    field: str   # cost | attack | life
    old: int
    new: int


@dataclass(frozen=True)
class Measure:
    """The starters' overall rates among themselves, and the strongest deck's against them."""

    starters: tuple[tuple[str, Rate], ...]
    strongest: Rate

    @property
    def spread(self) -> tuple[float, float]:
        values = [r.value for _, r in self.starters]
        return min(values), max(values)

    @property
    def badness(self) -> float:
        """What an edit should lower: each starter's distance from one half, squared, and the
        strongest deck's win rate above one half, squared."""
        return sum((r.value - 0.5) ** 2 for _, r in self.starters) + max(0.0, self.strongest.value - 0.5) ** 2


@dataclass(frozen=True)
class Checked:
    edit: Edit
    before: Measure
    after: Measure


@dataclass(frozen=True)
class SuggestSetup:
    cards: tuple[Card, ...]
    rules: Rules
    starters: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]
    strongest: tuple[tuple[str, int], ...]
    games: int
    seed: int
    policy: str


def measure_from(rep: Report, starters: Sequence[str]) -> Measure:
    rates = []
    for name in starters:
        cells = [c for c in rep.cells if c.row == name and c.col in starters]
        rates.append((name, Rate(sum(c.wins for c in cells), sum(c.games for c in cells))))
    vs = [c for c in rep.cells if c.row == STRONGEST]
    return Measure(tuple(rates), Rate(sum(c.wins for c in vs), sum(c.games for c in vs)))


def measure(job: tuple[SuggestSetup, tuple[Card, ...]]) -> Measure:
    """The starters among themselves and the strongest deck against them, with the pool `cards`."""
    setup, cards = job
    decks = [(name, dict(cs)) for name, cs in setup.starters] + [(STRONGEST, dict(setup.strongest))]
    sim = starter_setup(cards, setup.rules, decks, setup.games, setup.seed, setup.policy)
    return measure_from(report(sim, run(sim, chunk_size=setup.games)), [n for n, _ in setup.starters])


def apply(cards: Sequence[Card], edit: Edit) -> tuple[Card, ...]:
    return tuple(c.model_copy(update={edit.field: edit.new}) if c.id == edit.card else c for c in cards)


def candidates(setup: SuggestSetup, before: Measure, card_rates: dict[str, float], most: int) -> list[Edit]:
    """The edits worth simulating, most promising first, at most `most`."""
    pool = {c.id: c for c in setup.cards}
    limits = DeckLimits.from_rules(setup.rules.deck)
    strongest = sorted(setup.strongest, key=lambda cn: (-cn[1] * (pool[cn[0]].attack + pool[cn[0]].life), cn[0]))
    in_starters = {c for _, cs in setup.starters for c, _ in cs}
    hot = sorted(in_starters, key=lambda c: (-card_rates.get(c, 0.5), c))
    weakest = min(before.starters, key=lambda nr: nr[1].value)[0]
    weak_cards = sorted(dict(dict(setup.starters)[weakest]), key=lambda c: (card_rates.get(c, 0.5), c))
    out: list[Edit] = []

    def add(cid: str, field: str, delta: int) -> None:
        card = pool[cid]
        old = getattr(card, field)
        new = old + delta
        if new < {"cost": 0, "attack": 0, "life": 1}[field] or any(e.card == cid and e.field == field for e in out):
            return
        edit = Edit(cid, field, old, new)
        changed = {c.id: c for c in apply(setup.cards, edit)}
        if field == "cost" and not all(is_legal(dict(cs), changed, limits) for _, cs in setup.starters):
            return
        mine = changed[cid]
        if any(o.colour == mine.colour and (dominates(o, mine) or dominates(mine, o))
               for o in changed.values() if o.id != cid):
            return  # an edit that makes a card dead in its colour, or kills another, is no fix
        out.append(edit)

    for cid in [c for c, _ in strongest[:4]] + hot[:3]:
        add(cid, "cost", +1)
        add(cid, "attack", -1)
        add(cid, "life", -1)
    for cid in weak_cards[:3]:
        add(cid, "attack", +1)
        add(cid, "life", +1)
        add(cid, "cost", -1)
    return out[:most]


def suggest(setup: SuggestSetup, card_rates: dict[str, float], most: int = 12, show: int = 5,
            map_jobs: Mapper = serial) -> tuple[Measure, list[Checked]]:
    """The measure now, and the edits that lower its badness, best first (at most `show`)."""
    before = map_jobs(measure, [(setup, setup.cards)])[0]
    edits = candidates(setup, before, card_rates, most)
    after = map_jobs(measure, [(setup, apply(setup.cards, e)) for e in edits])
    better = [Checked(e, before, a) for e, a in zip(edits, after, strict=True) if a.badness < before.badness]
    better.sort(key=lambda c: (c.after.badness, c.edit.card, c.edit.field))
    return before, better[:show]



def describe(m: Measure) -> str:
    lo, hi = m.spread
    s_lo, s_hi = m.strongest.interval
    return (f"starters {pct(lo)}-{pct(hi)} overall, strongest found {pct(m.strongest.value)} "
            f"[{pct(s_lo)}, {pct(s_hi)}] against them")


def yaml_text(before: Measure, checked: Sequence[Checked], names: dict[str, str], header: Sequence[str]) -> str:
    """The suggestions as YAML a designer applies to cards.yaml: each card's new value, what it was,
    and what the simulation found with it."""
    lines = [f"# {h}" for h in header]
    lines.append(f"# now: {describe(before)}")
    if not checked:
        lines += ["# No one-point edit of the candidates improved the balance.", "edits: []"]
        return "\n".join(lines) + "\n"
    lines.append("edits:")
    for c in checked:
        e = c.edit
        lines += [f"  - card: {e.card}    # {names[e.card]}",
                  f"    {e.field}: {e.new}    # was {e.old}",
                  f"    checked: \"{describe(c.after)}\""]
    return "\n".join(lines) + "\n"
