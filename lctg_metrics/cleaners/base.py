"""What every cleaner shares: the batch it cleans, the protocol it follows, the error it raises."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class CleanBatch:
    """Generations to clean, as parallel lists. ``label(i)`` names item i in errors (file:line or id)."""

    tasks: Sequence[str]
    raws: Sequence[str]
    provided: Sequence[str | None] | None = None
    label: Callable[[int], str] = lambda i: f"item {i}"

    def __len__(self) -> int:
        return len(self.raws)


class Cleaner(Protocol):
    """Maps a batch to cleaned strings and names itself (``name@version``) for the score signature."""

    @property
    def name(self) -> str: ...

    @property
    def version(self) -> str: ...

    def clean(self, batch: CleanBatch) -> list[str]: ...

    def describe(self) -> str: ...


class CleanerError(ValueError):
    """A cleaner cannot produce cleaned text for some item (the message names which)."""
