"""The calls of one run of the LLM client: workers pulling keys from a queue, one connection each; keys claimed in
the shared cache (renewed by a heartbeat, so a stopped run's claims lapse), answers of another run waited for, each
answer committed before the claim is dropped, and the circuit breaker after N failed calls in a row.
"""

from __future__ import annotations

import asyncio
import json
import math
import sys
import time
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any

from lctg_metrics.llm.body import Completion
from lctg_metrics.llm.cache import AnswerCache, CachedAnswer
from lctg_metrics.llm.cache_writer import CacheWriter
from lctg_metrics.llm.caller import Caller
from lctg_metrics.llm.config import LLMConfig
from lctg_metrics.llm.requests import Messages
from lctg_metrics.llm.results import ChatResult, RunStats
from lctg_metrics.llm.transport import Connection, read_key

#: Seconds between looks at keys another run (sharing the cache) is answering: first and at most.
_POLL = (0.05, 1.0)
#: Seconds a claim holds without renewal, and how often a running run renews its claims (the heartbeat): a run
#: stopped (Ctrl-Z) or killed on another host loses its claims within CLAIM_LEASE seconds.
CLAIM_LEASE = 90.0
HEARTBEAT = 15.0
#: Seconds between two "waiting for another run" lines of one run.
WAIT_NOTE = 30.0


class BreakerOpen(Exception):
    """The circuit breaker: ``max_consecutive_failures`` failed calls in a row stop the run (``reason``: the first)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Run:
    """The calls of one :func:`lctg_metrics.llm.client.chat_many`: workers pulling keys from a queue, one connection
    each."""

    def __init__(self, config: LLMConfig, cache: AnswerCache, payloads: Mapping[str, tuple[Messages, dict]]) -> None:
        self.config, self.cache, self.payloads = config, cache, payloads
        self.answers: dict[str, ChatResult] = {}
        self.calls = self.retries = self.errors = self.elsewhere = 0
        self.prompt_tokens = self.completion_tokens = 0
        self.in_a_row = 0
        self.first_failure = ""
        self.ready: deque[str] = deque()  # claimed by this run, not called yet
        self.lease = CLAIM_LEASE  # renewed every HEARTBEAT seconds while the run goes on
        self.said_wait = -math.inf  # when this run last said what it waits for
        self.writer: CacheWriter | None = None  # stores answers off the event loop (a file cache, not read-only)

    def stats(self, keys: Sequence[str], hits: int, todo: Sequence[str], dry_run: bool) -> RunStats:
        return RunStats(
            requests=len(keys),
            calls_needed=len(todo),
            calls_made=self.calls,
            cache_hits=hits,
            deduplicated=len(keys) - len(self.payloads),
            retries=self.retries,
            errors=self.errors,
            prompt_tokens=self.prompt_tokens,
            completion_tokens=self.completion_tokens,
            dry_run=dry_run,
            corrupt_rows=len(self.cache.corrupt_keys),
            answered_elsewhere=self.elsewhere,
        )

    async def call_all(self, todo: list[str], progress: bool | str) -> None:
        secret = read_key(self.config)
        caller = Caller(self.config, secret, self._count_retry)
        queue, waiting = deque(todo), deque[str]()
        first = Connection(self.config, secret)
        connections = [first, *(first.sibling() for _ in range(min(self.config.concurrency, len(todo)) - 1))]
        if self.cache.path != ":memory:" and not self.cache.read_only:
            self.writer = CacheWriter(self.cache.path, self.cache.owner, self.config.model)
        bar = _progress_bar(len(todo), progress)
        tasks = [asyncio.ensure_future(self._worker(c, caller, queue, waiting, bar)) for c in connections]
        beat = asyncio.ensure_future(self._heartbeat())
        try:
            done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)
            for task in done:
                task.result()  # re-raise the first worker's error
        finally:
            for task in (*tasks, beat):
                task.cancel()
            for connection in connections:
                await connection.aclose()
            if self.writer is not None:
                self.writer.close()  # every answer received is committed before the run's claims are dropped
            if bar is not None:
                bar.close()

    async def _heartbeat(self) -> None:
        """Renew this run's claims while it runs: a run stopped or killed stops renewing, and its claims expire."""
        while True:
            await asyncio.sleep(HEARTBEAT)
            self.cache.renew(self.lease)

    def _say_wait(self, waiting: Sequence[str]) -> None:
        """Say on stderr (at most every WAIT_NOTE seconds) which run holds the answers this run waits for."""
        now = time.monotonic()
        if now - self.said_wait < WAIT_NOTE:
            return
        self.said_wait = now
        held = self.cache.holders(list(waiting))
        who = (
            ", ".join(
                f"pid {pid} on {host} (its claim lapses in {left:.0f} s unless renewed)" for pid, host, left in held[:3]
            )
            or "a run that just finished"
        )
        print(
            f"lctg: waiting for {len(waiting)} answer(s) another run sharing the LLM cache {self.cache.path} is "
            f"fetching: {who}",
            file=sys.stderr,
            flush=True,
        )

    def _count_retry(self) -> None:
        self.retries += 1

    async def _worker(
        self, connection: Connection, caller: Caller, queue: deque[str], waiting: deque[str], bar: Any
    ) -> None:
        pause = _POLL[0]
        while True:
            if self.ready:
                await self._call(connection, caller, self.ready.popleft())
                if bar is not None:
                    bar.update(1)
            elif queue:  # claim as many keys as there are workers, in one transaction
                chunk = [queue.popleft() for _ in range(min(self.config.concurrency, len(queue)))]
                taken, busy, answered = self.cache.claim(chunk, self.lease)
                self.ready.extend(taken)
                waiting.extend(busy)
                for key, a in answered.items():  # another run sharing the cache answered them meanwhile
                    self.answers[key] = ChatResult(a.text, None, True, a.prompt_tokens, a.completion_tokens)
                self.elsewhere += len(answered)
                if bar is not None and answered:
                    bar.update(len(answered))
            elif waiting:  # only keys another run is answering are left: look again later
                self._say_wait(waiting)
                await asyncio.sleep(pause)
                pause = min(2 * pause, _POLL[1])
                queue.extend(waiting)
                waiting.clear()
            else:
                return

    async def _call(self, connection: Connection, caller: Caller, key: str) -> None:
        messages, sent = self.payloads[key]
        body = json.dumps(
            {"model": self.config.model, "messages": [dict(m) for m in messages], **sent}, ensure_ascii=False
        ).encode("utf-8")
        self.calls += 1
        try:
            outcome = await caller.complete(connection, body)
        except BaseException:
            self.cache.release(key)
            raise
        if isinstance(outcome, Completion):
            cut = outcome.finish_reason == "length"
            answer = CachedAnswer(outcome.text, outcome.prompt_tokens, outcome.completion_tokens)
            if self.writer is not None:
                await self.writer.put(key, answer, truncated=cut)  # returns once committed
            else:
                self.cache.put(key, answer, model=self.config.model, truncated=cut)  # commits at once
            self.answers[key] = ChatResult(
                outcome.text, None, False, outcome.prompt_tokens, outcome.completion_tokens, cut
            )
            self.prompt_tokens += outcome.prompt_tokens
            self.completion_tokens += outcome.completion_tokens
            self.in_a_row = 0
            return
        self.cache.release(key)
        self.answers[key] = ChatResult(None, outcome, False)
        self.errors += 1
        self.first_failure = self.first_failure or outcome
        self.in_a_row += 1
        if self.in_a_row >= self.config.max_consecutive_failures:
            raise BreakerOpen(self.first_failure)


def _progress_bar(total: int, progress: bool | str) -> Any:
    """A tqdm bar on stderr when asked, tqdm is installed and stderr is a terminal; else None (no bar)."""
    if not progress or total == 0 or not sys.stderr.isatty():
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    label = progress if isinstance(progress, str) else "LLM calls"
    return tqdm(total=total, desc=label, unit="call", leave=False)
