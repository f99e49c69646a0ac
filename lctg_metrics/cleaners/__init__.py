"""Cleaners: the pluggable step that removes explanatory text a model added before/after its answer.

FORMAT compares the raw generation with the cleaned one; the other aspects are checked on the cleaned
text. A cleaner maps a :class:`CleanBatch` to cleaned strings and names itself (``name@version``)
for the score signature. This module is the registry: name → factory, one module per cleaner.

- ``provided`` (:mod:`.provided`): the user supplies the cleaned text (``cleaned`` field / argument).
- ``none`` (:mod:`.none`): the raw generation is used as cleaned text (FORMAT then always passes for texts > N chars).
- ``rule`` (:mod:`.rule`): the deterministic Japanese header/footer rules (offline default).
- ``llm`` (:mod:`.llm`): the upstream protocol's removal prompt sent to an OpenAI-compatible endpoint.

Factories import their module on first use, so importing the registry stays cheap.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from lctg_metrics.cleaners.base import CleanBatch, Cleaner, CleanerError


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
        raise ValueError("cleaner 'llm' needs an endpoint: give --llm-base-url/--llm-model (config=...) and a dataset "
                         "folder with protocol_prompts.json (protocol=...)")
    from lctg_metrics.cleaners.llm import LLMCleaner

    return LLMCleaner(config=config, protocol=protocol, run_options=run_options)


#: Every cleaner by name, in the order the CLI lists them.
CLEANERS: dict[str, Callable[..., Cleaner]] = {
    "provided": _provided,
    "none": _none,
    "rule": _rule,
    "llm": _llm,
}


def get_cleaner(name: str, **kwargs: Any) -> Cleaner:
    """A cleaner by name; ``llm`` needs ``config=`` and ``protocol=`` (and takes ``run_options=``)."""
    try:
        factory = CLEANERS[name]
    except KeyError:
        raise ValueError(f"unknown cleaner {name!r}; valid: {', '.join(CLEANERS)}") from None
    return factory(**kwargs)


__all__ = ["CLEANERS", "CleanBatch", "Cleaner", "CleanerError", "get_cleaner"]
