"""Policies compared: each pair of policies duels over every starter deck against every starter deck
(each policy holding each deck, first player alternating), and how often each one held cards back."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations

from ..jobs import Mapper, serial
from ..stats import Rate, pct
from .model import Card, Rules
from .simulate import run, starter_setup


@dataclass(frozen=True)
class Duel:
    """Policy a against policy b: a's wins, b's wins, draws; and each one's placements and holds
    (a pass while it had a card in hand and room on the board)."""

    a: str
    b: str
    wins_a: int
    wins_b: int
    draws: int
    placed: tuple[int, int]
    held: tuple[int, int]

    @property
    def games(self) -> int:
        return self.wins_a + self.wins_b + self.draws

    @property
    def rate_a(self) -> Rate:
        return Rate(self.wins_a, self.games)

    def held_rate(self, k: int) -> Rate:
        """How often policy a (k=0) or b (k=1) passed when it could have placed a card."""
        return Rate(self.held[k], self.held[k] + self.placed[k])


def duel(cards: Sequence[Card], rules: Rules, decks: Sequence[tuple[str, dict[str, int]]], games: int, seed: int,
         a: str, b: str, map_jobs: Mapper = serial) -> Duel:
    """`games` games for every ordered pair of decks (mirrors included), a holding the first deck."""
    setup = replace(starter_setup(cards, rules, decks, games, seed, a), opponent_policy=b)
    tally = run(setup, chunk_size=max(1, games // 2), map_jobs=map_jobs)
    pairs = tally.pairs.values()
    return Duel(a, b, sum(p.wins[0] for p in pairs), sum(p.wins[1] for p in pairs), sum(p.draws for p in pairs),
                (sum(p.placed[0] for p in pairs), sum(p.placed[1] for p in pairs)),
                (sum(p.held[0] for p in pairs), sum(p.held[1] for p in pairs)))


def duels(cards: Sequence[Card], rules: Rules, decks: Sequence[tuple[str, dict[str, int]]], games: int, seed: int,
          policies: Sequence[str], map_jobs: Mapper = serial) -> list[Duel]:
    return [duel(cards, rules, decks, games, seed, a, b, map_jobs) for a, b in combinations(policies, 2)]



# A policy that passes and holds cards back, and its twin that never passes (the same rollouts
# choose the card): their duel measures what holding back is worth, everything else being equal.
TWINS = (("lookahead", "lookahead-dump"),)


def _verdict(holder: Rate) -> str:
    lo, hi = holder.interval
    return "no" if lo > 0.5 else "yes" if hi < 0.5 else "undecided"


def dumping_dominant(results: Sequence[Duel]) -> str:
    """Whether dumping the hand (placing whenever one can) still dominates holding cards back.

    When a policy duelled its never-pass twin, that duel decides: "no" when the one that passes wins
    beyond doubt (95% interval above one half), "yes" when it loses beyond doubt, else "undecided".
    Otherwise greedy, the dumper, against every policy that held cards back: "no" as soon as one beats
    it beyond doubt, "yes" when it beats them all beyond doubt, else "undecided" ("untested" without
    such a duel)."""
    for holder, twin in TWINS:
        for d in results:
            if (d.a, d.b) == (holder, twin):
                return _verdict(d.rate_a)
            if (d.a, d.b) == (twin, holder):
                return _verdict(Rate(d.wins_b, d.games))
    verdicts = []
    for d in results:
        if "greedy" not in (d.a, d.b):
            continue
        k = 0 if d.a != "greedy" else 1  # the other policy
        if d.held[k]:
            verdicts.append(_verdict(Rate(d.wins_a if k == 0 else d.wins_b, d.games)))
    if not verdicts:
        return "untested"
    if "no" in verdicts:
        return "no"
    return "yes" if all(v == "yes" for v in verdicts) else "undecided"


def matrix(results: Sequence[Duel]) -> list[str]:
    """The duels as a table: the row policy's win rate against the column policy, with its 95%
    Wilson interval (a draw counts as not won, so two cells of a pair can sum to less than 100%)."""
    names = list(dict.fromkeys(n for d in results for n in (d.a, d.b)))
    rates: dict[tuple[str, str], Rate] = {}
    for d in results:
        rates[(d.a, d.b)] = d.rate_a
        rates[(d.b, d.a)] = Rate(d.wins_b, d.games)
    width = max(22, *(len(n) + 2 for n in names))
    label = max(len(n) for n in names) + 2
    lines = ["Win rate of the row policy against the column policy [95% Wilson]:",
             " " * label + "".join(f" {n:>{width}}" for n in names)]
    for row in names:
        cells = []
        for col in names:
            r = rates.get((row, col))
            if r is None:
                cells.append(f" {'—':>{width}}")
            else:
                lo, hi = r.interval
                cells.append(f" {f'{pct(r.value)} [{pct(lo)}, {pct(hi)}]':>{width}}")
        lines.append(f"{row:<{label}}" + "".join(cells))
    return lines


def text(results: Sequence[Duel], games: int, seed: int, decks: int) -> str:
    lines = ["Skybound Battle policies compared",
             f"each pairing: {games} games for every ordered pair of the {decks} starter decks (mirrors "
             f"included), first player alternating; seed {seed}", ""]
    lines += [*matrix(results), ""]
    for d in results:
        lo, hi = d.rate_a.interval
        lines.append(f"{d.a} vs {d.b}: {d.a} wins {pct(d.rate_a.value)} [{pct(lo)}, {pct(hi)}] of "
                     f"{d.games:,} games ({d.wins_b:,} lost, {d.draws} drawn)")
        for k, name in enumerate((d.a, d.b)):
            h = d.held_rate(k)
            lines.append(f"  {name} passed with a card it could place in {h.successes:,} of {h.n:,} "
                         f"placement decisions ({pct(h.value)})")
    twin = next(((h, t) for h, t in TWINS for d in results if {d.a, d.b} == {h, t}), None)
    if twin:
        how = (f"measured by {twin[0]} against {twin[1]}, the same policy that never passes, so only "
               "holding back differs")
    else:
        how = "measured by greedy against the policies that hold cards back"
    words = {
        "yes": "still dominant: holding cards back loses (95% interval below one half).",
        "no": "not dominant: passing and holding cards back wins (95% interval above one half).",
        "undecided": "neither shown dominant nor beaten at this number of games (the 95% interval holds one "
                     "half): holding back neither wins nor loses measurably.",
    }
    verdict = dumping_dominant(results)
    if verdict in words:
        lines += ["", f"Dumping the hand (placing a card whenever one can be placed), {how}, is " + words[verdict]]
    return "\n".join(lines) + "\n"
