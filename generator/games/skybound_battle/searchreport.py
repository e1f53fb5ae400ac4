"""A search's result as a designer reads it: a table, and each deck found as a deck file."""

from __future__ import annotations

import shlex

from ..stats import pct
from .model import GAME_ID, SkyboundBattle
from .search import Budget, Found, SearchResult


def command(r: SearchResult) -> str:
    """The command that finds the same decks again."""
    s, b = r.setup, r.setup.budget
    default = Budget()
    parts = ["playkit", "balance", GAME_ID, "search", "--seed", str(s.seed), "--policy", s.policy]
    for name in ("restarts", "steps", "neighbours", "games", "top", "final_games"):
        value = getattr(b, name)
        if value != getattr(default, name):
            parts += [f"--{name.replace('_', '-')}", str(value)]
    if not b.race:
        parts.append("--no-race")
    elif b.chunk != default.chunk:
        parts += ["--chunk", str(b.chunk)]
    return shlex.join(parts)


def rate(f: Found) -> str:
    lo, hi = f.overall.interval
    return f"{pct(f.overall.value)} [{pct(lo)}, {pct(hi)}] over {f.overall.n:,} games"


def text(r: SearchResult, model: SkyboundBattle) -> str:
    s, b = r.setup, r.setup.budget
    pool = {c.id: c for c in model.cards}
    lines = ["Skybound Battle strongest-deck search",
             f"policy: {s.policy}   seed: {s.seed}   content: {s.content_hash or '-'}",
             f"budget: {b.restarts} climb(s) per pair of colours, {b.steps} steps, {b.neighbours} swaps a step, "
             f"{b.games} games against each starter a score; the best {b.top} replayed with {b.final_games} "
             f"fresh games against each",
             f"games: {r.games:,} played of at most {b.games_played(len(s.pairs()), len(s.field)):,}"
             + (f" (a swap clearly worse than the deck to beat, at {100 * b.confidence:g}% confidence, dropped "
                f"after a look every {b.chunk} games a starter)" if b.race else " (every swap played in full)"),
             f"reproduce: {command(r)}", ""]
    names = [d.id for d in s.field]
    for k, f in enumerate(r.found, 1):
        colours = " + ".join(model.colour(c).name for c in f.colours)
        lines.append(f"{k}. {colours}, cost {f.cost(pool)}: {rate(f)} against the starters "
                     f"(95% Wilson; search score {pct(f.score)})")
        lines.append("   against " + ", ".join(f"{n} {pct(x.value)}" for n, x in f.against if n in names))
        lines.append("   " + ", ".join(f"{n}x {pool[c].name}" for c, n in f.cards))
    return "\n".join(lines) + "\n"


def deck_yaml(r: SearchResult, model: SkyboundBattle, k: int) -> str:
    """Deck k (from 1) as a deck file `playkit deck check` and `playkit simulate` accept."""
    f = r.found[k - 1]
    colours = " + ".join(model.colour(c).name for c in f.colours)
    lines = [f"# Found by: {command(r)}",
             f"# (content {r.setup.content_hash or '-'}). Against the starter decks, {r.setup.policy} policy: "
             f"{rate(f)}.",
             f"name: Strongest found {k} ({colours})", "cards:"]
    lines += [f"  {c}: {n}" for c, n in f.cards]
    return "\n".join(lines) + "\n"
