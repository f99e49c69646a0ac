"""Cleaners: the pluggable step that removes explanatory text a model added before/after its answer.

FORMAT compares the raw generation with the cleaned one; the other aspects are checked on the cleaned
text. A cleaner maps a batch of :class:`CleanItem` to cleaned strings and names itself (``name@version``)
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
class CleanItem:
    """One generation to clean. ``where`` names it in errors (``id`` and sample, or file:line)."""

    task: str
    raw: str
    provided: str | None = None
    where: str = ""


class Cleaner(Protocol):
    name: str
    version: str

    def clean(self, items: Sequence[CleanItem]) -> list[str]: ...

    def describe(self) -> str: ...


class CleanerError(ValueError):
    """A cleaner cannot produce cleaned text for some item (the message names which)."""


@dataclass(frozen=True)
class ProvidedCleaner:
    """Use the cleaned text the user supplied; every item must have one."""

    name: str = "provided"
    version: str = "user"

    def clean(self, items: Sequence[CleanItem]) -> list[str]:
        missing = [it.where for it in items if it.provided is None]
        if missing:
            shown = ", ".join(missing[:5]) + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
            raise CleanerError(
                f"cleaner 'provided' needs a cleaned text for every generation; {len(missing)} have none: {shown} "
                "(add a 'cleaned' field, or choose cleaner='rule', 'llm' or 'none')"
            )
        return [it.provided for it in items]  # type: ignore[misc]

    def describe(self) -> str:
        return f"{self.name}@{self.version}"


@dataclass(frozen=True)
class NoCleaner:
    """Use the raw generation as the cleaned text (an explicit choice, visible in the signature)."""

    name: str = "none"
    version: str = "-"

    def clean(self, items: Sequence[CleanItem]) -> list[str]:
        return [it.raw for it in items]

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

    def clean(self, items: Sequence[CleanItem]) -> list[str]:
        from lctg_metrics.cleaners.rule import clean

        return [clean(it.raw, it.task) for it in items]

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

    def clean(self, items: Sequence[CleanItem]) -> list[str]:
        """Cleaned texts (a list carrying the run's ``.stats``: calls, cache hits, tokens)."""
        from lctg_metrics.llm.judge import clean_llm

        return clean_llm([it.raw for it in items], [it.task for it in items], self.protocol, self.config,
                         **dict(self.run_options or {}))

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


__all__ = ["CLEANERS", "CleanItem", "Cleaner", "CleanerError", "get_cleaner"]
