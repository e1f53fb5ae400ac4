"""What the fairness survey's per-map verdict is worth: how often it agreed with self-play on the
same maps (fairness.yaml's `calibration`, counted by `playkit simulate island-of-fog --calibrate`).

Self-play calls a map fair when no seat's win rate lies surely (its 95 % interval wholly) beyond its
fair share ± `simulate.BAND`; the two verdicts agree on a map when both call it fair or both unfair.
'By chance' is the agreement two verdicts would reach that call as many maps fair each but know
nothing of each other. The survey's verdict is *calibrated* when its agreement's 95 % interval lies
wholly above chance: then a map it calls fair is one self-play found even, `both / survey fair` of
the time, and the survey says so.
"""

from __future__ import annotations

import hashlib

from ..stats import Rate
from .model import IslandOfFog
from .schema import Calibration
from .simulate import BAND


def measured_on(model: IslandOfFog) -> str:
    """A short digest of what a calibration run's verdicts depend on: the rules, tiles, units, board,
    tokens and the survey's margins (not the calibration block itself, nor the print's looks). A
    calibration counted on other content is not stated as this content's."""
    margins = model.fairness.model_copy(update={"calibration": None})
    parts = (model.game, model.board, model.spaces, model.tiles, model.units, model.combat, model.tokens, margins)
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:12]


def current(model: IslandOfFog, players: int) -> Calibration | None:
    """fairness.yaml's calibration when it was counted for `players` players on this content."""
    c = model.fairness.calibration
    return c if c is not None and c.players == players and c.rules == measured_on(model) else None


def chance(maps: int, survey_fair: int, selfplay_fair: int) -> float:
    """Agreement by chance of two independent verdicts calling these many of `maps` fair."""
    if not maps:
        return 0.0
    survey, play = survey_fair / maps, selfplay_fair / maps
    return survey * play + (1 - survey) * (1 - play)


def agreement(c: Calibration) -> Rate:
    both_unfair = c.maps - c.survey_fair - c.selfplay_fair + c.both_fair
    return Rate(c.both_fair + both_unfair, c.maps)


def calibrated(c: Calibration) -> bool:
    """The agreement is surely above chance (its 95 % interval wholly above)."""
    return agreement(c).interval[0] > chance(c.maps, c.survey_fair, c.selfplay_fair)


def statement(model: IslandOfFog, players: int) -> str:
    """What a map the survey calls fair is known to mean in play, for `players` players."""
    c = model.fairness.calibration
    if c is None:
        return "Against self-play: not measured (fairness.yaml has no calibration)."
    if c.players != players:
        return (f"Against self-play: measured for {c.players} players only, not {players} "
                f"(fairness.yaml's calibration).")
    if c.rules != measured_on(model):
        return (f"Against self-play: fairness.yaml's calibration was counted on other rules, tiles or margins "
                f"than these; run `{c.command}` again and copy its counts.")
    agree = agreement(c)
    head = (f"Against self-play ({c.games_per_map} games on each of {c.maps} surveyed maps, `{c.command}`; "
            f"self-play calls a map fair when no seat's win rate lies surely beyond its fair share "
            f"± {100 * BAND:.0f} points): the survey called {c.survey_fair} maps fair, self-play "
            f"{c.selfplay_fair}; they agree on {agree.text().strip()} of the maps, "
            f"{100 * chance(c.maps, c.survey_fair, c.selfplay_fair):.1f} % by chance.")
    if calibrated(c):
        kept = Rate(c.both_fair, c.survey_fair)
        return (head + f" A map the survey calls fair had every seat within its fair share "
                f"± {100 * BAND:.0f} points on {kept.text().strip()} of them.")
    return head + (" NOT CALIBRATED: the survey's verdict does no better than chance, so a map it calls fair "
                   "is not known to play even.")
