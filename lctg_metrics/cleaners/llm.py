"""The ``llm`` cleaner: the upstream protocol's removal prompt, sent to an OpenAI-compatible endpoint."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from lctg_metrics.cleaners.base import CleanBatch


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

        options = dict(self.run_options or {})
        # a failed call's item is None, listed in ``.failed`` and left out before scoring
        return cast("list[str]", clean_llm(list(batch.raws), list(batch.tasks), self.protocol, self.config, **options))

    def describe(self) -> str:
        """``llm:{model}@{host}#{prompt digest}({params},empty:{mode})`` — endpoint without credentials, which
        prompts and request parameters were sent, and what an empty answer becomes."""
        from lctg_metrics.llm.config import describe, describe_params
        from lctg_metrics.llm.judge import protocol_digest

        empty = dict(self.run_options or {}).get("empty_answer", "keep")
        return (
            f"llm:{describe(self.config)}#{protocol_digest(self.protocol)}"
            f"({describe_params(self.config)},empty:{empty})"
        )
