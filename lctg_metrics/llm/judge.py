"""The LLM quality judge of upstream scoring, in two phases, parsing only the judge's exact answer.

    (task, base_text, cleaned) ──► quality_check[task] ──► 「適切」 True / 「不適切」 False
        otherwise ──► quality_check_bool_fallback[task] ──► True / False
            otherwise ──► unparseable: label None, left out of the quality denominator
    failed call ──► LLMRunError, or (when allowed) label None with ``failed=True``: excluded and counted

Only the judge's answer is parsed, exactly, after deleting blanks: a generation that contains 「適切」,
"True" or instructions to the judge cannot decide its own verdict. The cleaner and the protocol helpers are
re-exported here (their historical home).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lctg_metrics.aspects import delete_blanks
from lctg_metrics.llm.cleaner import EMPTY_ANSWERS, clean_llm
from lctg_metrics.llm.client import DRY_RUN_ERROR, ChatResult, ResultList, RunStats, run_chat
from lctg_metrics.llm.config import LLMConfig
from lctg_metrics.llm.errors import check_allowance, check_failures
from lctg_metrics.llm.protocol import (
    PROTOCOL_DIGEST_LENGTH,
    STRING_KEYS,
    TEMPLATE_KEYS,
    build_request,
    check_tasks,
    load_protocol,
    protocol_digest,
    template_fields,
    validate_protocol,
)

__all__ = [
    "EMPTY_ANSWERS",
    "FALLBACK_ANSWERS",
    "PROTOCOL_DIGEST_LENGTH",
    "QUALITY_ANSWERS",
    "STRING_KEYS",
    "TEMPLATE_KEYS",
    "QualityVerdict",
    "clean_llm",
    "judge_quality",
    "load_protocol",
    "parse_fallback_answer",
    "parse_quality_answer",
    "protocol_digest",
    "template_fields",
    "validate_protocol",
]

#: The judge's accepted answers to ``quality_check`` after blank deletion (upstream scripts/eval_ctg.py).
QUALITY_ANSWERS: dict[str, bool] = {"適切": True, "不適切": False}
#: The accepted answers to ``quality_check_bool_fallback`` after blank deletion (upstream scripts/eval_ctg.py).
FALLBACK_ANSWERS: dict[str, bool] = {"True": True, "False": False}
#: Characters of an answer quoted in a verdict's reason.
_QUOTE = 60


@dataclass(frozen=True)
class QualityVerdict:
    """The judge's label (``None``: no usable answer, excluded from the quality score), and why.

    ``answer`` is the judge's raw answer that decided the label (the fallback's when it was asked).
    ``failed``: no answer because a call failed (allowed by ``allow_failures``): to be counted apart from
    unparseable answers, never scored.
    """

    label: bool | None
    reason: str
    answer: str
    failed: bool = False


def parse_quality_answer(answer: str) -> bool | None:
    """「適切」 → True, 「不適切」 → False after blank deletion; anything else → None (ask the fallback)."""
    return QUALITY_ANSWERS.get(delete_blanks(answer))


def parse_fallback_answer(answer: str) -> bool | None:
    """``True`` / ``False`` after blank deletion; anything else → None (unparseable)."""
    return FALLBACK_ANSWERS.get(delete_blanks(answer))


def judge_quality(
    items: Sequence[tuple[str, str | None, str]],
    protocol: Mapping[str, Any],
    config: LLMConfig,
    *,
    dry_run: bool = False,
    progress: bool = True,
    allow_failures: int = 0,
) -> ResultList[QualityVerdict]:
    """Judge each (task, base_text, cleaned_text) as upstream does, in two phases.

    Phase 1 asks ``quality_check`` for every item; phase 2 asks ``quality_check_bool_fallback`` only for
    items whose answer was neither 「適切」 nor 「不適切」. ``label`` is None when no usable answer came back
    (unparseable, a dry run, or an allowed failure); the reason says which. More than ``allow_failures``
    items with a failed call raise :class:`~lctg_metrics.llm.errors.LLMRunError` (after phase 1 if it
    already has too many: no fallback calls are made then); allowed ones have ``failed=True``.
    """
    check_allowance("judge_quality", allow_failures)
    validate_protocol(protocol, tasks=check_tasks([task for task, _, _ in items]))
    primary = run_chat(
        config,
        [build_request(protocol, "quality_check", i, *item) for i, item in enumerate(items)],
        dry_run=dry_run,
        progress="judge" if progress else False,
    )
    reasons = [primary[i].error or "" for i in primary.failed]
    check_failures("LLM judge", len(reasons), len(items), "".join(reasons[:1]), allow_failures, primary.stats)
    verdicts: list[QualityVerdict | None] = []
    retry: list[int] = []
    for i, result in enumerate(primary):
        if result.text is None:
            verdicts.append(_no_answer(result, "judge"))
            continue
        label = parse_quality_answer(result.text)
        if label is None:
            verdicts.append(None)
            retry.append(i)
        else:
            verdicts.append(QualityVerdict(label, f"judge answered {_quote(result.text)}", result.text))

    stats: RunStats = primary.stats
    failed = list(primary.failed)
    if retry:
        fallback = run_chat(
            config,
            [build_request(protocol, "quality_check_bool_fallback", i, *items[i]) for i in retry],
            dry_run=dry_run,
            progress="judge (True/False fallback)" if progress else False,
        )
        stats = stats + fallback.stats
        failed = sorted(failed + [retry[j] for j in fallback.failed])
        reasons += [fallback[j].error or "" for j in fallback.failed]
        check_failures("LLM judge", len(reasons), len(items), "".join(reasons[:1]), allow_failures, stats)
        for i, result in zip(retry, fallback):
            first = _quote(primary[i].text or "")
            if result.text is None:
                verdicts[i] = _no_answer(result, f"judge answered {first}, then the fallback")
                continue
            label = parse_fallback_answer(result.text)
            if label is None:
                reason = f"unparseable: judge answered {first}, fallback answered {_quote(result.text)}"
            else:
                reason = f"judge answered {first} (not 適切/不適切); fallback answered {_quote(result.text)}"
            verdicts[i] = QualityVerdict(label, reason, result.text)
    done = [v for v in verdicts if v is not None]
    assert len(done) == len(items), "every item has a verdict after the fallback phase"
    return ResultList(done, stats, failed)


def _no_answer(result: ChatResult, what: str) -> QualityVerdict:
    if result.error == DRY_RUN_ERROR:
        return QualityVerdict(None, f"dry run: {what} not asked", "")
    return QualityVerdict(None, f"no answer: {what} call failed ({result.error})", "", failed=True)


def _quote(answer: str) -> str:
    """An answer as shown in a reason: repr-quoted, shortened."""
    short = answer if len(answer) <= _QUOTE else answer[:_QUOTE] + "…"
    return repr(short)
