"""The ``provided`` cleaner: the user supplies the cleaned text of every generation."""

from __future__ import annotations

from dataclasses import dataclass

from lctg_metrics.cleaners.base import CleanBatch, CleanerError

#: How many missing items an error lists by name before summarising the rest.
MAX_NAMED_MISSING = 5


@dataclass(frozen=True)
class ProvidedCleaner:
    """Use the cleaned text the user supplied; every item must have one."""

    name: str = "provided"
    version: str = "user"

    def clean(self, batch: CleanBatch) -> list[str]:
        provided = batch.provided if batch.provided is not None else [None] * len(batch)
        missing = [batch.label(i) for i, c in enumerate(provided) if c is None]
        if missing:
            shown = ", ".join(missing[:MAX_NAMED_MISSING])
            if len(missing) > MAX_NAMED_MISSING:
                shown += f" and {len(missing) - MAX_NAMED_MISSING} more"
            raise CleanerError(
                f"cleaner 'provided' needs a cleaned text for every generation; {len(missing)} have none: {shown} "
                "(add a 'cleaned' field, or choose cleaner='rule', 'llm' or 'none')"
            )
        return list(provided)  # type: ignore[arg-type]

    def describe(self) -> str:
        return f"{self.name}@{self.version}"
