"""Run many chat requests against one OpenAI-compatible endpoint: dedup, cache, bounded concurrency, stats.

    requests ──► key ──► dedup ──► cache hits ──► claim ──► workers (a connection each) ──► cache ──► results
                                                             │ N failed calls in a row: stop (circuit breaker)
                                                             │ 401/403/404: stop at once

The calls themselves (workers, claims, circuit breaker) are ``calls``; the HTTP side is ``caller`` (deadlines,
retries, parsing) over ``transport`` (the connections); the file is ``cache``. Dry runs and fully cached runs need
neither httpx nor tenacity.
"""

from __future__ import annotations

import asyncio
import dataclasses
import threading
from collections.abc import Mapping, Sequence
from typing import Any

from lctg_metrics.llm.cache import AnswerCache, default_cache_path
from lctg_metrics.llm.calls import BreakerOpen, Run
from lctg_metrics.llm.config import LLMConfig, chat_endpoint, describe, describe_params, request_params
from lctg_metrics.llm.errors import LLMRunError
from lctg_metrics.llm.requests import ChatRequest, Keyer, Messages, request_key, unpack
from lctg_metrics.llm.results import DRY_RUN_ERROR, ChatResult, ResultList, RunStats

__all__ = [
    "DRY_RUN_ERROR",
    "ChatRequest",
    "ChatResult",
    "LLMConfig",
    "ResultList",
    "RunStats",
    "chat_endpoint",
    "chat_many",
    "describe",
    "describe_params",
    "request_key",
    "request_params",
    "run_chat",
]

Request = ChatRequest | tuple[Messages, Mapping[str, Any]]


def run_chat(
    config: LLMConfig, requests: Sequence[Request], *, dry_run: bool = False, progress: bool | str = True
) -> ResultList[ChatResult]:
    """Synchronous :func:`chat_many`; also works where an event loop is already running (Jupyter)."""
    box: dict[str, Any] = {}

    async def main() -> None:
        # Keep the results out of the task's return value: asyncio reprs a finished task's
        # result (all of it), which costs more than a fully cached run.
        box["value"] = await chat_many(config, requests, dry_run=dry_run, progress=progress)

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        asyncio.run(main())
        return box["value"]

    def in_thread() -> None:
        try:
            asyncio.run(main())
        except BaseException as exc:  # re-raised in the caller's thread
            box["error"] = exc

    thread = threading.Thread(target=in_thread, name="lctg-llm")
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box["value"]


async def chat_many(
    config: LLMConfig, requests: Sequence[Request], *, dry_run: bool = False, progress: bool | str = True
) -> ResultList[ChatResult]:
    """Answer every request, in order: from the cache, else by one call per distinct request.

    ``dry_run``: make no calls; results not in the cache carry ``DRY_RUN_ERROR`` and ``stats.calls_needed``
    says how many calls a real run would make. ``progress``: a tqdm bar on a terminal (if tqdm is
    installed); a string is the bar's label. Raises :class:`LLMEndpointError` (401/403/404) and
    :class:`LLMRunError` (circuit breaker); answers received until then are cached.
    """
    keyer = Keyer(config)
    keys: list[str] = []
    # key -> (messages, params sent); request bodies are built only for the calls made.
    payloads: dict[str, tuple[Messages, dict[str, Any]]] = {}
    for index, request in enumerate(requests):
        messages, params = unpack(request, index)
        try:
            key, sent = keyer.key(messages, params)
        except TypeError as exc:
            raise ValueError(f"request {index}: params must be JSON-serializable ({exc})") from None
        keys.append(key)
        if key not in payloads:
            payloads[key] = (messages, sent)

    cache_path = config.cache_path if config.cache_path is not None else str(default_cache_path())
    cache = AnswerCache(cache_path, read_only=dry_run)
    run = Run(config, cache, payloads)
    try:
        hits = cache.get_many(payloads)
        cut = cache.truncated_keys(hits)
        run.answers.update(
            {
                key: ChatResult(a.text, None, True, a.prompt_tokens, a.completion_tokens, key in cut)
                for key, a in hits.items()
            }
        )
        todo = [key for key in payloads if key not in run.answers]
        if dry_run:
            run.answers.update({key: ChatResult(None, DRY_RUN_ERROR, False) for key in todo})
        elif todo:
            await run.call_all(todo, progress)
    except BreakerOpen as stop:
        missing = sum(key not in run.answers or not run.answers[key].ok for key in keys)
        answered = sum(r.ok and not r.cached for r in run.answers.values())
        raise LLMRunError(
            f"{describe(config)}: run stopped after {config.max_consecutive_failures} failed calls in a row;"
            f" {missing} of {len(keys)} requests have no answer ({answered} new answers are cached);"
            f" first failure: {stop.reason} — check the endpoint, then re-run (only the missing calls are made)",
            failed=missing,
            total=len(keys),
            reason=stop.reason,
            stats=run.stats(keys, len(hits), todo, dry_run),
        ) from None
    finally:
        cache.close()
    results = [run.answers[key] for key in keys]
    stats = dataclasses.replace(
        run.stats(keys, len(hits), todo, dry_run),
        blank=sum(r.text is not None and not r.text.strip() for r in results),
        truncated=sum(r.truncated for r in results),
    )
    failed = [i for i, r in enumerate(results) if r.text is None and r.error != DRY_RUN_ERROR]
    return ResultList(results, stats, failed)
