"""The print kit of Battle on the Island of Fog, one artifact at a time."""

from __future__ import annotations

from collections.abc import Iterator

from ...content import ContentSet
from ...game import Artifact, BuildOptions
from .model import IslandOfFog
from .odds import odds_table, to_csv


def build_kit(model: IslandOfFog, content: ContentSet, options: BuildOptions) -> Iterator[Artifact]:
    """Every file of the kit."""
    yield Artifact("odds.csv", to_csv(odds_table(model, model.combat.reroll_policy)).encode(),
                   ("combat", "units"))
