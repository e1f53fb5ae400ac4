"""Policies compared: each pair of policies duels over every starter deck against every starter deck
(each policy holding each deck, first player alternating), and how often each one held cards back."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations

from .executor import Executor
from .model import Card, Rules
from .simulate import Rate, run, starter_setup


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
         a: str, b: str, on: Executor | None = None) -> Duel:
    """`games` games for every ordered pair of decks (mirrors included), a holding the first deck."""
    setup = replace(starter_setup(cards, rules, decks, games, seed, a), opponent_policy=b)
    tally = run(setup, chunk_size=max(1, games // 2), on=on)
    pairs = tally.pairs.values()
    return Duel(a, b, sum(p.wins[0] for p in pairs), sum(p.wins[1] for p in pairs), sum(p.draws for p in pairs),
                (sum(p.placed[0] for p in pairs), sum(p.placed[1] for p in pairs)),
                (sum(p.held[0] for p in pairs), sum(p.held[1] for p in pairs)))


def duels(cards: Sequence[Card], rules: Rules, decks: Sequence[tuple[str, dict[str, int]]], games: int, seed: int,
          policies: Sequence[str], on: Executor | None = None) -> list[Duel]:
    return [duel(cards, rules, decks, games, seed, a, b, on) for a, b in combinations(policies, 2)]


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def dumping_dominant(results: Sequence[Duel], dumper: str = "greedy") -> str:
    """Whether the policy that never holds back (greedy) still dominates: "no" as soon as a policy
    that holds cards back beats it beyond doubt (95% interval above one half), "yes" when it beats
    every such policy beyond doubt, else "undecided" (or "untested" without such a duel)."""
    verdicts = []
    for d in results:
        if dumper not in (d.a, d.b):
            continue
        k = 0 if d.a != dumper else 1  # the other policy
        other = Rate(d.wins_a if k == 0 else d.wins_b, d.games)
        if d.held[k]:
            lo, hi = other.interval
            verdicts.append("no" if lo > 0.5 else "yes" if hi < 0.5 else "undecided")
    if not verdicts:
        return "untested"
    if "no" in verdicts:
        return "no"
    return "yes" if all(v == "yes" for v in verdicts) else "undecided"


def text(results: Sequence[Duel], games: int, seed: int, decks: int) -> str:
    lines = ["Skybound Battle policies compared",
             f"each pairing: {games} games for every ordered pair of the {decks} starter decks (mirrors "
             f"included), first player alternating; seed {seed}", ""]
    for d in results:
        lo, hi = d.rate_a.interval
        lines.append(f"{d.a} vs {d.b}: {d.a} wins {_pct(d.rate_a.value)} [{_pct(lo)}, {_pct(hi)}] of "
                     f"{d.games:,} games ({d.wins_b:,} lost, {d.draws} drawn)")
        for k, name in enumerate((d.a, d.b)):
            h = d.held_rate(k)
            lines.append(f"  {name} passed with a card it could place in {h.wins:,} of {h.games:,} "
                         f"placement decisions ({_pct(h.value)})")
    words = {
        "yes": "still dominant: it beats every policy that holds cards back (95% intervals below one half).",
        "no": "not dominant: a policy that passes and holds cards back beats it (95% interval above one half).",
        "undecided": "neither shown dominant nor beaten at this number of games (the 95% intervals hold one "
                     "half): play more games.",
    }
    verdict = dumping_dominant(results)
    if verdict in words:
        lines += ["", "Dumping the hand (greedy: place a card whenever one can be placed) is " + words[verdict]]
    return "\n".join(lines) + "\n"
