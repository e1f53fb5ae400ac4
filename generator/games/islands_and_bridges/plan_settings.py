"""The map generator's settings (content/islands-and-bridges/maps.yaml), as typed data."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...content import LongMm, Slug, Strict
from ...content.decisions import Decision

STEM = "maps"


class TableSize(Strict):
    width: LongMm = Field(gt=0)
    height: LongMm = Field(gt=0)


class IslandCount(Strict):
    min: int = Field(ge=1)
    default: int = Field(ge=1)


class PlayerCount(Strict):
    min: int = Field(ge=1)


class Level(Strict):
    budget_percent: int = Field(gt=0)
    traps_per_island: tuple[int, int]
    bridge_ends: Literal["clear", "free"] = "clear"  # decision map-bridge-ends


class Difficulty(Strict):
    default: Slug
    levels: dict[Slug, Level] = Field(min_length=1)


class Budget(Strict):
    player_attack: Slug
    min: int = Field(ge=0)
    max: int = Field(ge=0)
    min_spent_percent: int = Field(ge=0, le=100)


class Guard(Strict):
    enemy: Slug
    max: int = Field(ge=0)
    max_budget_percent: int = Field(ge=0, le=100)


class Start(Strict):
    spread: int = Field(ge=0)
    min_distance: int = Field(ge=1)


class MapSettings(Strict):
    """What maps.yaml holds: the generator's own numbers (the game's stats stay in elements.yaml)."""

    table: TableSize
    islands: IslandCount
    players: PlayerCount
    difficulty: Difficulty
    budget: Budget
    guard: Guard
    chests_per_island: tuple[int, int]
    start: Start
    stage_end_min_distance: int = Field(ge=0)
    decisions: list[Decision] = Field(default_factory=list)
