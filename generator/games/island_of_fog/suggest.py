"""`playkit balance island-of-fog suggest`: the smallest content edits that bring the seats nearer
even, each simulated before it is shown.

The measure is how far the seats lie from even: for each seat count, the largest distance of a
seat's 'ranks above another seat' rate from 50 %, averaged over the seat counts. Each candidate is a
one-step edit of one number in the content (a unit's cost or move, the lighthouse's income and
points, the starting coins, the countdown, the attack bonus); it is played on the same games
(same seed: the edit is the only difference) and shown only when it lowers the measure, as the
YAML of the file it edits, ready to paste.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import yaml

from ..jobs import Mapper, serial
from ..selfplay import versus_rates
from ..stats import wilson
from .model import IslandOfFog
from .simulate import SimSetup, Tally, run


def unevenness(tallies: dict[int, Tally]) -> float:
    """Mean over seat counts of the largest |seat's rate of ranking above another seat − 50 %|."""
    worst = [max(abs(r.value - 0.5) for r in versus_rates(t, n)) for n, t in sorted(tallies.items())]
    return sum(worst) / len(worst)


def noise(games: int) -> float:
    """Half the width of a 95 % interval on an even rate over `games` games."""
    lo, hi = wilson(games / 2, games)
    return (hi - lo) / 2


def first_seat(tallies: dict[int, Tally]) -> dict[int, float]:
    return {n: versus_rates(t, n)[0].value for n, t in sorted(tallies.items())}


@dataclass(frozen=True)
class Edit:
    """One number of one content file, changed by one step."""

    file: str            # the content file (stem)
    where: str           # what the number is, in words
    before: int
    after: int
    apply: Apply
    show: Show            # the part of the file to paste, from the edited model


Apply = Callable[[IslandOfFog, int], IslandOfFog]
Show = Callable[[IslandOfFog], object]


def _unit(field: str, unit_id: str) -> tuple[Apply, Show]:
    """How to set one unit's `field`, and the part of units.yaml to paste: that unit."""
    def apply(m: IslandOfFog, v: int) -> IslandOfFog:
        units = [u.model_copy(update={field: v}) if u.id == unit_id else u for u in m.units.units]
        return replace(m, units=m.units.model_copy(update={"units": units}))

    def show(m: IslandOfFog) -> object:
        return {"units": [u.model_dump() for u in m.units.units if u.id == unit_id]}
    return apply, show


NUMBERS: tuple[tuple[tuple[str, ...], int, tuple[int, ...]], ...] = (
    # (the number's path: content file, then its keys), its lowest value, the steps tried
    (("tiles", "lighthouse", "income"), 1, (-1, 1)),
    (("game", "turn", "starting_coins"), 0, (1,)),
    (("game", "countdown_turns"), 1, (-1, 1)),
    (("game", "scoring", "lighthouse_points"), 0, (-1, 1)),
    (("combat", "attack_bonus"), 0, (-1, 1)),
)


def _get(m: IslandOfFog, path: tuple[str, ...]) -> int:
    node: Any = m
    for key in path:
        node = getattr(node, key)
    return int(node)


def _number(path: tuple[str, ...]) -> tuple[Apply, Show]:
    """How to set the number at `path` (each model above it copied with the change), and the part of
    its file to paste: the file's top-level key that holds it."""
    def apply(m: IslandOfFog, v: int) -> IslandOfFog:
        def set_in(node: Any, keys: tuple[str, ...]) -> Any:
            value = v if len(keys) == 1 else set_in(getattr(node, keys[0]), keys[1:])
            return node.model_copy(update={keys[0]: value})
        return replace(m, **{path[0]: set_in(getattr(m, path[0]), path[1:])})

    def show(m: IslandOfFog) -> object:
        held = getattr(getattr(m, path[0]), path[1])
        return {path[1]: held.model_dump() if hasattr(held, "model_dump") else held}
    return apply, show


def candidates(model: IslandOfFog) -> list[Edit]:
    """Every one-step edit tried, nearest the content first."""
    out: list[Edit] = []
    for u in model.units.units:
        for field in ("cost", "move"):
            apply, show = _unit(field, u.id)
            value = getattr(u, field)
            for after in (value - 1, value + 1):
                if after >= 1:
                    out.append(Edit("units", f"{u.name}: {field}", value, after, apply, show))
    for path, lowest, steps in NUMBERS:
        apply, show = _number(path)
        value = _get(model, path)
        for after in (value + step for step in steps):
            if after >= lowest:
                out.append(Edit(path[0], ": ".join(path[1:]), value, after, apply, show))
    return out


@dataclass(frozen=True)
class Checked:
    edit: Edit
    before: float
    after: float
    first_before: dict[int, float]
    first_after: dict[int, float]

    def yaml(self, edited: IslandOfFog) -> str:
        first = ", ".join(f"{n} players {100 * self.first_before[n]:.1f} -> {100 * self.first_after[n]:.1f} %"
                          for n in sorted(self.first_before))
        body = yaml.safe_dump(self.edit.show(edited), sort_keys=False, default_flow_style=None, width=200).strip()
        return (f"# {self.edit.file}.yaml, {self.edit.where}: {self.edit.before} -> {self.edit.after}; seats' "
                f"largest distance from even {100 * self.before:.1f} -> {100 * self.after:.1f} points "
                f"(first player ranks above another seat: {first})\n{body}")


def suggest(model: IslandOfFog, setup: SimSetup, tries: int = 6, show: int = 3,
            map_jobs: Mapper = serial) -> tuple[dict[int, Tally], list[tuple[Checked, IslandOfFog]]]:
    """The seats as they stand, and up to `show` of the first `tries` edits that lower the measure,
    best first, each simulated on the same games."""
    base = run(model, setup, map_jobs)
    before = unevenness(base)
    found = []
    for edit in candidates(model)[:tries]:
        edited = edit.apply(model, edit.after)
        tallies = run(edited, setup, map_jobs)
        after = unevenness(tallies)
        if after < before:
            found.append((Checked(edit, before, after, first_seat(base), first_seat(tallies)), edited))
    found.sort(key=lambda x: (x[0].after, x[0].edit.file, x[0].edit.where))
    return base, found[:show]


def text(setup: SimSetup, base: dict[int, Tally], found: list[tuple[Checked, IslandOfFog]]) -> str:
    first = ", ".join(f"{n} players {100 * v:.1f} %" for n, v in first_seat(base).items())
    lines = [f"Island of Fog: seats' largest distance from even {100 * unevenness(base):.1f} points "
             f"({setup.games} games per seat count, {setup.policy} players, seed {setup.seed}); first player "
             f"ranks above another seat: {first}",
             f"At {setup.games} games a seat's rate is known to about ±{100 * noise(setup.games):.0f} points (95 %): "
             "a smaller change may be chance; confirm an edit with more --games.", "",
             "Edits that bring the seats nearer even, each simulated on the same games (paste into the file named):",
             ""]
    for checked, edited in found:
        lines += [checked.yaml(edited), ""]
    if not found:
        lines.append("  none found among the edits tried.")
    return "\n".join(lines) + "\n"
