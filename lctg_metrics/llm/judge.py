"""The LLM steps of upstream scoring: the header/footer cleaner and the quality judge.

    clean:  raw generation ──► header_footer_removal[task] ──► cleaned text   (failure: invalid marker)
    judge:  (task, base_text, cleaned) ──► quality_check[task] ──► 「適切」 True / 「不適切」 False
                 otherwise ──► quality_check_bool_fallback[task] ──► True / False
                     otherwise ──► unparseable: label None, left out of the quality denominator

The prompt texts are data (``protocol_prompts.json``, extracted from upstream
``scripts/utils/prompt.py``), passed in as a dict; this module holds none of them. Only the
judge's answer is parsed, exactly, after deleting blanks: a generation that contains 「適切」,
"True" or instructions to the judge cannot decide its own verdict.
"""

from __future__ import annotations

import hashlib
import json
import string
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lctg_dataset.constants import TASKS
from lctg_metrics.aspects import delete_blanks
from lctg_metrics.llm.client import (
    DRY_RUN_ERROR,
    ChatResult,
    LLMConfig,
    ResultList,
    RunStats,
    run_chat,
)

#: Protocol keys holding one str.format template per task, and the fields each may use.
TEMPLATE_KEYS: dict[str, frozenset[str]] = {
    "header_footer_removal": frozenset({"generated_result"}),
    "quality_check": frozenset({"base_text", "generated_result"}),
    "quality_check_bool_fallback": frozenset({"base_text", "generated_result"}),
}
#: Protocol keys holding one string.
STRING_KEYS: tuple[str, ...] = ("system_prompt", "invalid_marker")
#: The judge's accepted answers to ``quality_check`` after blank deletion (upstream scripts/eval_ctg.py).
QUALITY_ANSWERS: dict[str, bool] = {"適切": True, "不適切": False}
#: The accepted answers to ``quality_check_bool_fallback`` after blank deletion (upstream scripts/eval_ctg.py).
FALLBACK_ANSWERS: dict[str, bool] = {"True": True, "False": False}
#: Hex digits of :func:`protocol_digest` (enough to tell prompt revisions apart in a signature).
PROTOCOL_DIGEST_LENGTH = 12
#: Characters of an answer quoted in a verdict's reason.
_QUOTE = 60


@dataclass(frozen=True)
class QualityVerdict:
    """The judge's label (``None``: no usable answer, excluded from the quality score), and why.

    ``answer`` is the judge's raw answer that decided the label (the fallback's when it was asked).
    """

    label: bool | None
    reason: str
    answer: str


# -- protocol -------------------------------------------------------------------------------------


def load_protocol(path: str | Path) -> dict[str, Any]:
    """Read and check a ``protocol_prompts.json``: every key and task this module needs."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileNotFoundError(
            f"{path}: protocol file not found (the dataset build copies protocol_prompts.json"
            " into the dataset folder)"
        ) from None
    try:
        protocol = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}:{exc.lineno}:{exc.colno}: not valid JSON ({exc.msg})") from None
    validate_protocol(protocol, source=str(path))
    return protocol


def validate_protocol(
    protocol: Mapping[str, Any], *, source: str = "protocol", tasks: Collection[str] = TASKS
) -> None:
    """Raise ValueError naming ``source`` and the first missing or malformed key, task or field."""
    if not isinstance(protocol, Mapping):
        raise ValueError(f"{source}: expected a JSON object, got {type(protocol).__name__}")
    for key in STRING_KEYS:
        if key not in protocol:
            raise ValueError(f"{source}: missing key {key!r} (needs {_needed()})")
        if not isinstance(protocol[key], str) or not protocol[key]:
            raise ValueError(f"{source}: {key!r} must be a non-empty string")
    for key, allowed in TEMPLATE_KEYS.items():
        if key not in protocol:
            raise ValueError(f"{source}: missing key {key!r} (needs {_needed()})")
        per_task = protocol[key]
        if not isinstance(per_task, Mapping):
            raise ValueError(f"{source}: {key!r} must map each task to a template")
        for task in tasks:
            if task not in per_task:
                raise ValueError(
                    f"{source}: {key!r} has no template for task {task!r} (has: {', '.join(per_task)})"
                )
            template = per_task[task]
            if not isinstance(template, str):
                raise ValueError(f"{source}: {key}[{task!r}] must be a string")
            try:
                used = template_fields(template)
            except ValueError as exc:
                raise ValueError(
                    f"{source}: {key}[{task!r}] is not a str.format template: {exc}"
                ) from None
            unknown = sorted(used - allowed)
            if unknown:
                raise ValueError(
                    f"{source}: {key}[{task!r}] uses unknown field(s) {unknown};"
                    f" allowed: {sorted(allowed)} (literal braces must be doubled)"
                )


def protocol_digest(protocol: Mapping[str, Any]) -> str:
    """Short sha256 of the prompts this module sends, for the score signature (prompts change scores)."""
    used = {key: protocol[key] for key in (*STRING_KEYS, *TEMPLATE_KEYS)}
    blob = json.dumps(used, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:PROTOCOL_DIGEST_LENGTH]


def template_fields(template: str) -> set[str]:
    """Names of the str.format fields a template uses (``{base_text}`` → ``base_text``)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def _needed() -> str:
    return ", ".join([*STRING_KEYS, *TEMPLATE_KEYS])


def _request(
    protocol: Mapping[str, Any], key: str, index: int, task: str, base_text: str | None, text: str
) -> tuple[list[dict[str, str]], dict[str, Any]]:
    """The chat request for one item: the system prompt and the task's template filled in."""
    template = protocol[key][task]
    if base_text is None and "base_text" in template_fields(template):
        raise ValueError(f"item {index} ({task}): {key} needs base_text, got None")
    prompt = template.format(base_text=base_text, generated_result=text)
    messages = [
        {"role": "system", "content": protocol["system_prompt"]},
        {"role": "user", "content": prompt},
    ]
    return messages, {}


def _check_tasks(tasks: Sequence[str]) -> set[str]:
    used = set(tasks)
    unknown = sorted(used - set(TASKS))
    if unknown:
        raise ValueError(f"unknown task(s) {unknown}; valid: {', '.join(TASKS)}")
    return used


# -- cleaner --------------------------------------------------------------------------------------


def clean_llm(
    raws: Sequence[str],
    tasks: Sequence[str],
    protocol: Mapping[str, Any],
    config: LLMConfig,
    *,
    dry_run: bool = False,
    progress: bool = True,
) -> ResultList[str]:
    """Remove explanatory text around each answer with the LLM (upstream's GPT-4 cleaner).

    A failed call (retries exhausted) or an empty answer gives ``protocol["invalid_marker"]``,
    which the scorer fails on every aspect. In a dry run, items not in the cache get the marker too;
    read ``.stats`` only.
    """
    if len(raws) != len(tasks):
        raise ValueError(f"clean_llm: {len(raws)} generations but {len(tasks)} tasks")
    validate_protocol(protocol, tasks=_check_tasks(tasks))
    requests = [
        _request(protocol, "header_footer_removal", i, task, None, raw)
        for i, (raw, task) in enumerate(zip(raws, tasks))
    ]
    results = run_chat(config, requests, dry_run=dry_run, progress="clean" if progress else False)
    marker = protocol["invalid_marker"]
    cleaned = [r.text if r.text is not None and r.text.strip() else marker for r in results]
    return ResultList(cleaned, results.stats)


# -- quality judge --------------------------------------------------------------------------------


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
) -> ResultList[QualityVerdict]:
    """Judge each (task, base_text, cleaned_text) as upstream does, in two phases.

    Phase 1 asks ``quality_check`` for every item; phase 2 asks ``quality_check_bool_fallback``
    only for items whose answer was neither 「適切」 nor 「不適切」. ``label`` is None when no usable
    answer came back (unparseable, a failed call, or a dry run); the reason says which.
    """
    validate_protocol(protocol, tasks=_check_tasks([task for task, _, _ in items]))
    primary = run_chat(
        config,
        [_request(protocol, "quality_check", i, *item) for i, item in enumerate(items)],
        dry_run=dry_run,
        progress="judge" if progress else False,
    )
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
            verdicts.append(
                QualityVerdict(label, f"judge answered {_quote(result.text)}", result.text)
            )

    stats: RunStats = primary.stats
    if retry:
        fallback = run_chat(
            config,
            [_request(protocol, "quality_check_bool_fallback", i, *items[i]) for i in retry],
            dry_run=dry_run,
            progress="judge (True/False fallback)" if progress else False,
        )
        stats = stats + fallback.stats
        for i, result in zip(retry, fallback):
            first = _quote(primary[i].text or "")
            if result.text is None:
                verdicts[i] = _no_answer(result, f"judge answered {first}, then the fallback")
                continue
            label = parse_fallback_answer(result.text)
            if label is None:
                reason = (
                    f"unparseable: judge answered {first}, fallback answered {_quote(result.text)}"
                )
            else:
                reason = f"judge answered {first} (not 適切/不適切); fallback answered {_quote(result.text)}"
            verdicts[i] = QualityVerdict(label, reason, result.text)
    done = [v for v in verdicts if v is not None]
    assert len(done) == len(items), "every item has a verdict after the fallback phase"
    return ResultList(done, stats)


def _no_answer(result: ChatResult, what: str) -> QualityVerdict:
    if result.error == DRY_RUN_ERROR:
        return QualityVerdict(None, f"dry run: {what} not asked", "")
    return QualityVerdict(None, f"no answer: {what} call failed ({result.error})", "")


def _quote(answer: str) -> str:
    """An answer as shown in a reason: repr-quoted, shortened."""
    short = answer if len(answer) <= _QUOTE else answer[:_QUOTE] + "…"
    return repr(short)
