"""The ``none`` cleaner: the raw generation is the cleaned text (FORMAT then passes for texts > N chars)."""

from __future__ import annotations

from dataclasses import dataclass

from lctg_metrics.cleaners.base import CleanBatch


@dataclass(frozen=True)
class NoCleaner:
    """Use the raw generation as the cleaned text (an explicit choice, visible in the signature)."""

    name: str = "none"
    version: str = "-"

    def clean(self, batch: CleanBatch) -> list[str]:
        return list(batch.raws)

    def describe(self) -> str:
        return "none"
