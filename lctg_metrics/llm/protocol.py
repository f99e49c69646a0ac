"""The LLM protocol: upstream's prompts as data (``protocol_prompts.json``), checked, digested for the
signature, and filled in to make one chat request per item.

The prompt texts come from the dataset folder (extracted from upstream ``scripts/utils/prompt.py``); this
package holds none of them.
"""

from __future__ import annotations

import hashlib
import json
import string
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from lctg_dataset.constants import TASKS

#: Protocol keys holding one str.format template per task, and the fields each may use.
TEMPLATE_KEYS: dict[str, frozenset[str]] = {
    "header_footer_removal": frozenset({"generated_result"}),
    "quality_check": frozenset({"base_text", "generated_result"}),
    "quality_check_bool_fallback": frozenset({"base_text", "generated_result"}),
}
#: Protocol keys holding one string.
STRING_KEYS: tuple[str, ...] = ("system_prompt", "invalid_marker")
#: Hex digits of :func:`protocol_digest` (enough to tell prompt revisions apart in a signature).
PROTOCOL_DIGEST_LENGTH = 12


def load_protocol(path: str | Path) -> dict[str, Any]:
    """Read and check a ``protocol_prompts.json``: every key and task this module needs."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileNotFoundError(
            f"{path}: protocol file not found (the dataset build copies protocol_prompts.json into the dataset folder)"
        ) from None
    try:
        protocol = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}:{exc.lineno}:{exc.colno}: not valid JSON ({exc.msg})") from None
    validate_protocol(protocol, source=str(path))
    return protocol


def validate_protocol(protocol: Mapping[str, Any], *, source: str = "protocol", tasks: Collection[str] = TASKS) -> None:
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
                raise ValueError(f"{source}: {key!r} has no template for task {task!r} (has: {', '.join(per_task)})")
            template = per_task[task]
            if not isinstance(template, str):
                raise ValueError(f"{source}: {key}[{task!r}] must be a string")
            try:
                used = template_fields(template)
            except ValueError as exc:
                raise ValueError(f"{source}: {key}[{task!r}] is not a str.format template: {exc}") from None
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


def build_request(
    protocol: Mapping[str, Any], key: str, index: int, task: str, base_text: str | None, text: str
) -> tuple[list[dict[str, str]], dict[str, Any]]:
    """The chat request for item ``index``: the system prompt and the task's ``key`` template filled in."""
    template = protocol[key][task]
    if base_text is None and "base_text" in template_fields(template):
        raise ValueError(f"item {index} ({task}): {key} needs base_text, got None")
    prompt = template.format(base_text=base_text, generated_result=text)
    messages = [
        {"role": "system", "content": protocol["system_prompt"]},
        {"role": "user", "content": prompt},
    ]
    return messages, {}


def check_tasks(tasks: Sequence[str]) -> set[str]:
    """The tasks used, or a ValueError naming the unknown ones and the valid names."""
    used = set(tasks)
    unknown = sorted(used - set(TASKS))
    if unknown:
        raise ValueError(f"unknown task(s) {unknown}; valid: {', '.join(TASKS)}")
    return used
