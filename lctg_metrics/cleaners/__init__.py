"""Cleaners: the pluggable step that removes explanatory text a model added before/after its answer.

FORMAT compares the raw generation with the cleaned one; the other aspects are checked on the cleaned
text. A cleaner maps a :class:`CleanBatch` to cleaned strings and names itself (``name@version``)
for the score signature.

- ``provided``: the user supplies the cleaned text (``cleaned`` field / argument).
- ``none``: the raw generation is used as cleaned text (FORMAT then always passes for texts > N chars).
- ``rule``: the deterministic Japanese header/footer rules of :mod:`lctg_metrics.cleaners.rule` (offline default).
- ``llm``: the upstream protocol's removal prompt sent to an OpenAI-compatible endpoint.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Protocol, Sequence


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
    name: str
    version: str

    def clean(self, batch: CleanBatch) -> list[str]: ...

    def describe(self) -> str: ...


class CleanerError(ValueError):
    """A cleaner cannot produce cleaned text for some item (the message names which)."""


@dataclass(frozen=True)
class ProvidedCleaner:
    """Use the cleaned text the user supplied; every item must have one."""

    name: str = "provided"
    version: str = "user"

    def clean(self, batch: CleanBatch) -> list[str]:
        provided = batch.provided if batch.provided is not None else [None] * len(batch)
        missing = [batch.label(i) for i, c in enumerate(provided) if c is None]
        if missing:
            shown = ", ".join(missing[:5]) + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
            raise CleanerError(
                f"cleaner 'provided' needs a cleaned text for every generation; {len(missing)} have none: {shown} "
                "(add a 'cleaned' field, or choose cleaner='rule', 'llm' or 'none')"
            )
        return list(provided)  # type: ignore[arg-type]

    def describe(self) -> str:
        return f"{self.name}@{self.version}"


@dataclass(frozen=True)
class NoCleaner:
    """Use the raw generation as the cleaned text (an explicit choice, visible in the signature)."""

    name: str = "none"
    version: str = "-"

    def clean(self, batch: CleanBatch) -> list[str]:
        return list(batch.raws)

    def describe(self) -> str:
        return "none"


@dataclass(frozen=True)
class RuleCleaner:
    """Deterministic per-task header/footer rules (no model)."""

    name: str = "rule"

    @property
    def version(self) -> str:
        from lctg_metrics.cleaners.rule import RULE_CLEANER_VERSION

        return RULE_CLEANER_VERSION

    def clean(self, batch: CleanBatch) -> list[str]:
        from lctg_metrics.cleaners.rule import clean

        return list(map(clean, batch.raws, batch.tasks))

    def describe(self) -> str:
        return f"{self.name}@{self.version}"


@dataclass(frozen=True)
class LLMCleaner:
    """The upstream protocol's header/footer removal prompt, sent to an OpenAI-compatible endpoint."""

    config: Any  # lctg_metrics.llm.client.LLMConfig
    protocol: Mapping[str, Any]
    run_options: Mapping[str, Any] | None = None
    name: str = "llm"
    version: str = "upstream-prompt"

    def clean(self, batch: CleanBatch) -> list[str]:
        """Cleaned texts (a list carrying the run's ``.stats``: calls, cache hits, tokens)."""
        from lctg_metrics.llm.judge import clean_llm

        return clean_llm(list(batch.raws), list(batch.tasks), self.protocol, self.config, **dict(self.run_options or {}))

    def describe(self) -> str:
        """``llm:{model}@{host}#{prompt digest}`` — endpoint without credentials, and which prompts were sent."""
        from lctg_metrics.llm.client import describe
        from lctg_metrics.llm.judge import protocol_digest

        return f"llm:{describe(self.config)}#{protocol_digest(self.protocol)}"


CLEANERS: dict[str, Callable[..., Cleaner]] = {
    "provided": ProvidedCleaner,
    "none": NoCleaner,
    "rule": RuleCleaner,
    "llm": LLMCleaner,
}


def get_cleaner(name: str, **kwargs: Any) -> Cleaner:
    """A cleaner by name; ``llm`` needs ``config=`` and ``protocol=``."""
    try:
        factory = CLEANERS[name]
    except KeyError:
        raise ValueError(f"unknown cleaner {name!r}; valid: {', '.join(CLEANERS)}") from None
    if name == "llm" and ("config" not in kwargs or "protocol" not in kwargs):
        raise ValueError("cleaner 'llm' needs an endpoint: give --llm-base-url/--llm-model (config=...) and a dataset "
                         "folder with protocol_prompts.json (protocol=...)")
    return factory(**kwargs)


__all__ = ["CLEANERS", "CleanBatch", "Cleaner", "CleanerError", "get_cleaner"]
