"""The ``rule`` cleaner: the deterministic rules of :mod:`lctg_metrics.cleaners.rule` behind the Cleaner protocol."""

from __future__ import annotations

from dataclasses import dataclass

from lctg_metrics.cleaners.base import CleanBatch
from lctg_metrics.cleaners.rule import RULE_CLEANER_NAME, RULE_CLEANER_VERSION, clean


@dataclass(frozen=True)
class RuleCleaner:
    """Deterministic per-task header/footer rules (no model)."""

    name: str = RULE_CLEANER_NAME

    @property
    def version(self) -> str:
        return RULE_CLEANER_VERSION

    def clean(self, batch: CleanBatch) -> list[str]:
        return list(map(clean, batch.raws, batch.tasks))

    def describe(self) -> str:
        return f"{self.name}@{self.version}"
