"""The `home` profile: the kit as a home printer takes it, the core's imposed PDFs and SVGs."""

from __future__ import annotations

from collections.abc import Iterator

from ..core.game import Artifact
from ..press.assemble import assemble
from . import Exporter, Job
from .settings import Settings


def make(job: Job, settings: Settings) -> Iterator[Artifact]:
    return assemble(job.title, job.files, job.options, job.reuse)


EXPORTER = Exporter(Settings, make, later=True)   # the press waits for a simulation only when it reaches its files
