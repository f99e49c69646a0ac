"""OpenAI Batch API files: the ``custom_id`` of a request, and the answers of an output file read back.

Requests are named ``custom_id = "{row id}#{sample}"`` (row ids never contain ``#``; without ``#``: sample 0). An
output line holds a chat completion or a Responses API (``/v1/responses``) body. A refusal or a content-filter stop is
an answer that is no answer (a failure of every aspect, its reason quoted); a failed request is no answer at all and
follows the ``missing`` policy.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lctg_metrics.inputs.generations import read_text
from lctg_metrics.inputs.parse import jsonl_rows
from lctg_metrics.schema import Generation, ScoringError

#: Between the row id and the sample index in a Batch API ``custom_id``.
CUSTOM_ID_SEPARATOR = "#"
#: The endpoint every Batch API request line names (the one the LCTG protocol uses: chat completions).
BATCH_URL = "/v1/chat/completions"


def custom_id(row_id: str, sample: int) -> str:
    """The Batch API ``custom_id`` of one (row, sample): ``"{row id}#{sample}"``."""
    return f"{row_id}{CUSTOM_ID_SEPARATOR}{sample}"


def parse_custom_id(value: Any, where: str) -> tuple[str, int]:
    """``(row id, sample)`` of a ``custom_id`` written by :func:`custom_id` (no ``#``: sample 0)."""
    if not isinstance(value, str) or not value:
        raise ScoringError(f"{where}: custom_id must be a non-empty string, got {value!r}")
    row_id, sep, sample = value.rpartition(CUSTOM_ID_SEPARATOR)
    if not sep:
        return value, 0
    if not sample.isdigit() or not row_id:
        raise ScoringError(f"{where}: custom_id {value!r} must be '<row id>#<sample>' with a sample index >= 0")
    return row_id, int(sample)


def read_openai_batch(p: Path, missing: str = "error") -> list[Generation]:
    out: list[Generation] = []
    failed: list[str] = []
    for where, rec in jsonl_rows(p, read_text(p)):
        cid = rec.get("custom_id")
        row_id, sample = parse_custom_id(cid, where)
        label = f"{where} (custom_id {cid!r})"
        text, failure, problem = batch_answer(rec)
        if problem:
            failed.append(f"{where}: custom_id {cid!r} {problem}")
            if missing == "fail":  # no answer came back: scored as a failure that says why
                out.append(Generation(id=row_id, text="", sample=sample, where=label, failure=f"request {problem}"))
            continue
        out.append(Generation(id=row_id, text=text, sample=sample, where=label, failure=failure))
    others = [f.split(": custom_id")[0] for f in failed[1:]]
    more = f" (and {len(others)} more failed line(s): {', '.join(others[:3])}{', …' if len(others) > 3 else ''})"
    if failed and missing == "error":
        raise ScoringError(
            f"{failed[0]}{more if others else ''}; re-submit the failed requests, or score without "
            "them (--missing skip) or count them as failures (--missing fail)"
        )
    if failed:  # named under every policy, not only counted as missing coverage
        what = "left out (--missing skip)" if missing == "skip" else "scored as failures (--missing fail)"
        print(
            f"note: {len(failed)} batch line(s) got no answer and are {what}: {failed[0]}{more if others else ''}",
            file=sys.stderr,
        )
    return out


def batch_answer(rec: Mapping[str, Any]) -> tuple[str, str | None, str | None]:
    """One Batch API output line: ``(text, failure, problem)``. ``failure`` says why an answer is no answer (a
    refusal, a content-filter stop: scored as a failure of every aspect); ``problem`` why no answer came back (the
    request failed: it follows ``missing``). Reads chat completions and Responses API (``/v1/responses``) bodies."""
    error = rec.get("error")
    if error:
        return "", None, f"failed: {_message(error)}"
    response = rec.get("response")
    if not isinstance(response, Mapping):
        return "", None, "has neither 'response' nor 'error'"
    body = response.get("body")
    status = response.get("status_code")
    if status != 200:
        detail = _message(body.get("error")) if isinstance(body, Mapping) and body.get("error") else "no answer"
        return "", None, f"failed with HTTP {status}: {detail}"
    if not isinstance(body, Mapping):
        return "", None, "has no response.body"
    if body.get("object") == "response" or "output" in body:
        return _responses_answer(body)
    return _chat_answer(body)


def _chat_answer(body: Mapping[str, Any]) -> tuple[str, str | None, str | None]:
    """A chat completion: ``choices[0].message.content`` (or a completion's ``text``)."""
    choices = body.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], Mapping):
        return "", None, "has no response.body.choices[0]"
    first = choices[0]
    message = first.get("message")
    text = message.get("content") if isinstance(message, Mapping) else first.get("text")
    refusal = message.get("refusal") if isinstance(message, Mapping) else None
    reason = first.get("finish_reason")
    if isinstance(refusal, str) and refusal:
        return text if isinstance(text, str) else "", refused(refusal), None
    if reason == "content_filter":
        return text if isinstance(text, str) else "", FILTERED.format(where="finish_reason content_filter"), None
    if not isinstance(text, str):
        return "", None, f"has no text answer (content {text!r}, finish_reason {reason!r})"
    return text, None, None


def _responses_answer(body: Mapping[str, Any]) -> tuple[str, str | None, str | None]:
    """A Responses API body: the ``output_text`` parts of its ``message`` items (reasoning items are not the answer),
    a ``refusal`` part, or an ``incomplete`` status caused by the content filter."""
    if body.get("error"):
        return "", None, f"failed: {_message(body['error'])}"
    output = body.get("output")
    if not isinstance(output, list):
        return "", None, "has no response.body.output"
    texts: list[str] = []
    refusals: list[str] = []
    for item in output:
        if not isinstance(item, Mapping) or item.get("type") != "message":
            continue
        for part in item.get("content") or []:
            if isinstance(part, Mapping) and part.get("type") == "output_text" and isinstance(part.get("text"), str):
                texts.append(part["text"])
            elif isinstance(part, Mapping) and part.get("type") == "refusal" and isinstance(part.get("refusal"), str):
                refusals.append(part["refusal"])
    text = "".join(texts)
    if refusals:
        return text, refused(" ".join(refusals)), None
    details = body.get("incomplete_details")
    why = details.get("reason") if isinstance(details, Mapping) else None
    if body.get("status") == "incomplete" and why == "content_filter":
        return text, FILTERED.format(where="status incomplete: content_filter"), None
    if body.get("status") == "failed":
        return "", None, "failed: status failed"
    if not texts:
        return "", None, f"has no output_text in response.body.output (status {body.get('status')!r})"
    return text, None, None


#: How much of a refusal the details quote.
REFUSAL_QUOTE_CHARS = 200
#: The reason of an answer the content filter stopped.
FILTERED = "stopped by the content filter ({where})"


def refused(refusal: str) -> str:
    """The reason of a refused request, quoting the refusal (cut at :data:`REFUSAL_QUOTE_CHARS`)."""
    quote = refusal if len(refusal) <= REFUSAL_QUOTE_CHARS else refusal[:REFUSAL_QUOTE_CHARS] + "…"
    return f"refused by the model: 「{quote}」"


def _message(error: Any) -> str:
    if isinstance(error, Mapping):
        code, msg = error.get("code"), error.get("message")
        return ": ".join(str(x) for x in (code, msg) if x) or str(dict(error))
    return str(error)
