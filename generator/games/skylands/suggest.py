"""`playkit balance skylands suggest`: the smallest content edits that bring special islands nearer
a fair share of wins, each simulated before it is shown.

A special island is out of line when the players who take it win more (or less) often than their
fair share (1 / players), beyond its 95 % interval. For each such island with printed VPs, one VP
less (or more) is tried on the same games (same seed: the edit is the only difference), and kept
when its takers' win rate moves toward the fair share. The edits come as the special island's
entry of specials.yaml, ready to paste.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import yaml

from ..jobs import Mapper, serial
from .model import Skylands, make_model
from .simulate import SimSetup, Tally, over_seat_counts, run, special_rates


@dataclass(frozen=True)
class Standing:
    """How a special island's takers did: their win share and the fair share they would have had."""

    taken: int
    won: float
    fair: float
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.won / self.taken if self.taken else 0.0

    @property
    def off(self) -> float:
        """How far its takers' win rate lies from fair (positive: too strong)."""
        return self.rate - self.fair


def standings(tallies: dict[int, Tally]) -> dict[str, Standing]:
    total, fair = over_seat_counts(tallies)
    out = {}
    for sid, _, won in special_rates(total):
        if won.n:
            lo, hi = won.interval
            out[sid] = Standing(won.n, won.successes, fair[sid] / won.n, lo, hi)
    return out


@dataclass(frozen=True)
class Suggestion:
    special: str
    field: str
    before: int
    after: int
    was: Standing
    now: Standing

    def yaml(self, model: Skylands, edited: Skylands) -> str:
        """The special island's entry of specials.yaml, as it would read with the edit."""
        spec = edited.specials[self.special].spec
        entry = yaml.safe_dump([spec.model_dump(exclude_defaults=True)], sort_keys=False,
                               default_flow_style=None, width=200).strip()
        name = model.specials[self.special].spec.name
        return (f"# specials.yaml, {name}: {self.field} {self.before} -> {self.after}; its takers won "
                f"{100 * self.was.rate:.1f} % -> {100 * self.now.rate:.1f} % (fair share "
                f"{100 * self.was.fair:.0f} %)\n{entry}")


def with_vp(model: Skylands, special: str, vp: int) -> Skylands:
    """The rules model with one special island's printed VPs changed (nothing else)."""
    files = model.files
    specs = [s.model_copy(update={"vp": vp}) if s.id == special else s for s in files.specials.specials]
    specials = files.specials.model_copy(update={"specials": specs})
    return make_model(replace(files, specials=specials))


def suggest(model: Skylands, setup: SimSetup, tries: int = 3,
            map_jobs: Mapper = serial) -> tuple[dict[str, Standing], list[tuple[Suggestion, Skylands]]]:
    """The standings of every special island, and up to `tries` edits, each simulated on the same games."""
    base = standings(run(model, setup, map_jobs))
    out_of_line = [(sid, s) for sid, s in base.items()
                   if (s.fair < s.low or s.fair > s.high) and model.specials[sid].vp is not None]
    out_of_line.sort(key=lambda x: (-abs(x[1].off), x[0]))
    found = []
    for sid, was in out_of_line[:tries]:
        vp = model.specials[sid].vp
        assert vp is not None
        after = vp - 1 if was.off > 0 else vp + 1
        if after < 0:
            continue
        edited = with_vp(model, sid, after)
        now = standings(run(edited, setup, map_jobs)).get(sid)
        if now is not None and abs(now.off) < abs(was.off):
            found.append((Suggestion(sid, "vp", vp, after, was, now), edited))
    return base, found


def text(model: Skylands, setup: SimSetup, base: dict[str, Standing],
         found: list[tuple[Suggestion, Skylands]]) -> str:
    lines = [f"Special islands whose takers win beyond their fair share ({setup.games} games per seat count, "
             f"{setup.policy} players, seed {setup.seed}):", ""]
    off = [(sid, s) for sid, s in sorted(base.items()) if s.fair < s.low or s.fair > s.high]
    for sid, s in off:
        lines.append(f"  {model.specials[sid].spec.name} ({sid}): takers won {100 * s.rate:.1f} % "
                     f"[{100 * s.low:.1f}, {100 * s.high:.1f}] of {s.taken}, fair share {100 * s.fair:.0f} %")
    if not off:
        lines.append("  none: every special island's takers win about their fair share.")
    lines += ["", "Edits that move them toward it, each simulated on the same games (paste into specials.yaml):", ""]
    for suggestion, edited in found:
        lines += [suggestion.yaml(model, edited), ""]
    if not found:
        lines.append("  none found.")
    return "\n".join(lines) + "\n"

