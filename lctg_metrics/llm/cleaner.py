"""The LLM header/footer cleaner: upstream's removal prompt per task, one call per generation.

raw generation ──► header_footer_removal[task] ──► cleaned text
                        empty answer: kept as is (upstream) or the invalid marker
                        failed call:  LLMRunError, or None in ``failed`` when allowed
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lctg_metrics.llm.client import ChatResult, ResultList, run_chat
from lctg_metrics.llm.config import LLMConfig
from lctg_metrics.llm.errors import check_allowance, check_failures
from lctg_metrics.llm.protocol import build_request, check_tasks, validate_protocol

#: What an empty or blank cleaner answer becomes: "keep" (upstream scores the answer exactly as returned)
#: or "invalid" (the protocol's invalid marker, which fails every aspect).
EMPTY_ANSWERS: tuple[str, ...] = ("keep", "invalid")


def clean_llm(
    raws: Sequence[str],
    tasks: Sequence[str],
    protocol: Mapping[str, Any],
    config: LLMConfig,
    *,
    dry_run: bool = False,
    progress: bool = True,
    empty_answer: str = "keep",
    allow_failures: int = 0,
) -> ResultList[str | None]:
    """Remove explanatory text around each answer with the LLM (upstream's GPT-4 cleaner).

    ``empty_answer``: see :data:`EMPTY_ANSWERS`. Failed calls (retries exhausted) raise
    :class:`~lctg_metrics.llm.errors.LLMRunError` unless at most ``allow_failures`` failed; those items are
    then ``None`` and listed in ``.failed`` (to be excluded and counted, not scored). In a dry run, items
    not in the cache get the invalid marker; read ``.stats`` only.
    """
    if len(raws) != len(tasks):
        raise ValueError(f"clean_llm: {len(raws)} generations but {len(tasks)} tasks")
    if empty_answer not in EMPTY_ANSWERS:
        raise ValueError(f"clean_llm: empty_answer must be one of {', '.join(EMPTY_ANSWERS)}, got {empty_answer!r}")
    check_allowance("clean_llm", allow_failures)
    validate_protocol(protocol, tasks=check_tasks(tasks))
    requests = [
        build_request(protocol, "header_footer_removal", i, task, None, raw)
        for i, (raw, task) in enumerate(zip(raws, tasks))
    ]
    results = run_chat(config, requests, dry_run=dry_run, progress="clean" if progress else False)
    reason = results[results.failed[0]].error or "" if results.failed else ""
    check_failures("LLM cleaner", len(results.failed), len(results), reason, allow_failures, results.stats)
    marker = protocol["invalid_marker"]

    def cleaned(i: int, result: ChatResult) -> str | None:
        if result.text is None:
            return None if i in failed else marker  # a dry run's unsent request
        if empty_answer == "invalid" and not result.text.strip():
            return marker
        return result.text

    failed = set(results.failed)
    return ResultList([cleaned(i, r) for i, r in enumerate(results)], results.stats, results.failed)
