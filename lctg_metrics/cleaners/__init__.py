"""Cleaners: the pluggable step that removes explanatory text a model added before/after its answer.

FORMAT compares the raw generation with the cleaned one; the other aspects are checked on the cleaned
text. A cleaner maps a :class:`CleanBatch` to cleaned strings and names itself (``name@version``)
for the score signature. This module is the registry: name → :class:`CleanerEntry` (the factory and what the
cleaner needs), one module per cleaner; the ``cleaner`` option's choices are the registry's names.

- ``provided`` (:mod:`.provided`): the user supplies the cleaned text (``cleaned`` field / argument).
- ``none`` (:mod:`.none`): the raw generation is used as cleaned text (FORMAT then always passes for texts > N chars).
- ``rule`` (:mod:`.rule`): the deterministic Japanese header/footer rules (offline default).
- ``llm`` (:mod:`.llm`): the upstream protocol's removal prompt sent to an OpenAI-compatible endpoint.

Factories import their module on first use, so importing the registry stays cheap.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from lctg_metrics.cleaners.base import CleanBatch, Cleaner, CleanerError
from lctg_metrics.schema import ScoringError


@dataclass(frozen=True)
class CleanerEntry:
    """A registered cleaner: its factory and what it needs, declared once for the CLI and the API to read.

    ``calls_llm``: it sends requests to an endpoint, so it is built with ``config=`` (an ``LLMConfig``),
    ``protocol=`` (the dataset's protocol prompts) and ``run_options=``, and the LLM flags apply to it.
    ``whole_run``: it batches, deduplicates and caches over the whole run, so a run that uses it reads every
    generation at once (never chunk by chunk). ``needs_cleaned``: it reads a cleaned text given with each
    generation (so it cannot run where there is none, as inside lm-evaluation-harness)."""

    name: str
    factory: Callable[..., Cleaner]
    calls_llm: bool = False
    whole_run: bool = False
    needs_cleaned: bool = False


#: Every cleaner by name, in the order the CLI lists them.
CLEANERS: dict[str, CleanerEntry] = {}


def register_cleaner(entry: CleanerEntry) -> CleanerEntry:
    """Add a cleaner (its name must be new); its name becomes a choice of the ``cleaner`` option."""
    if entry.name in CLEANERS:
        raise ValueError(f"cleaner {entry.name!r} is already registered")
    CLEANERS[entry.name] = entry
    return entry


def _provided() -> Cleaner:
    from lctg_metrics.cleaners.provided import ProvidedCleaner

    return ProvidedCleaner()


def _none() -> Cleaner:
    from lctg_metrics.cleaners.none import NoCleaner

    return NoCleaner()


def _rule() -> Cleaner:
    from lctg_metrics.cleaners.rule.cleaner import RuleCleaner

    return RuleCleaner()


def _llm(
    *, config: Any = None, protocol: Mapping[str, Any] | None = None, run_options: Mapping[str, Any] | None = None
) -> Cleaner:
    """The LLM cleaner needs an endpoint (``config``) and the dataset's protocol prompts (``protocol``)."""
    if config is None or protocol is None:
        raise ValueError(
            "cleaner 'llm' needs an endpoint: give --llm-base-url/--llm-model (config=...) and a dataset "
            "folder with protocol_prompts.json (protocol=...)"
        )
    from lctg_metrics.cleaners.llm import LLMCleaner

    return LLMCleaner(config=config, protocol=protocol, run_options=run_options)


register_cleaner(CleanerEntry("provided", _provided, needs_cleaned=True))
register_cleaner(CleanerEntry("none", _none))
register_cleaner(CleanerEntry("rule", _rule))
register_cleaner(CleanerEntry("llm", _llm, calls_llm=True, whole_run=True))


def entry(name: str) -> CleanerEntry:
    """The registry entry of ``name``; an unknown name raises with the valid ones."""
    try:
        return CLEANERS[name]
    except KeyError:
        raise ScoringError(f"unknown cleaner {name!r}; valid: {', '.join(CLEANERS)}") from None


def get_cleaner(name: str, **kwargs: Any) -> Cleaner:
    """A cleaner by name; one that ``calls_llm`` needs ``config=`` and ``protocol=`` (and takes ``run_options=``)."""
    return entry(name).factory(**kwargs)


def per_item_cleaners() -> list[str]:
    """The cleaners that can clean one generation on its own, from its raw text alone (what a harness that scores
    one doc at a time can use)."""
    return [name for name, e in CLEANERS.items() if not (e.whole_run or e.needs_cleaned)]


def default_cleaner(cleaned: Iterable[str | None] | None) -> str:
    """The cleaner when none is named, from the ``cleaned`` texts of the generations (None: none given):
    ``provided`` when every generation has one, else ``rule``. A lazy iterable is read only until the first
    generation without one."""
    if cleaned is None:
        return "rule"
    given = False
    for text in cleaned:
        if text is None:
            return "rule"
        given = True
    return "provided" if given else "rule"


__all__ = [
    "CLEANERS",
    "CleanBatch",
    "Cleaner",
    "CleanerEntry",
    "CleanerError",
    "default_cleaner",
    "entry",
    "get_cleaner",
    "per_item_cleaners",
    "register_cleaner",
]
