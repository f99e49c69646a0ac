"""A run's answers stored from one thread of their own: the event loop never waits on the disk.

    worker ──► put(answer) ──► batch ──► writer thread (its own connection): one transaction per batch ──► worker

A worker's ``put`` returns once its answer is committed (so a killed run keeps every answer a worker moved on from,
as before); answers that arrive while a commit is under way go in the next one (a group commit). Measured in
``benchmarks/llm_client.md``: at concurrency 64 a commit on the event loop took 90 us at the median but stalled for
milliseconds at times on a busy disk, and every stall held up all 64 connections.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from lctg_metrics.llm.cache import AnswerCache, CachedAnswer

Item = tuple[str, CachedAnswer, bool]  # (key, answer, truncated)


class CacheWriter:
    """Stores answers into the cache file at ``path`` from one thread, as ``owner`` (the run's claims' owner)."""

    def __init__(self, path: str, owner: str, model: str) -> None:
        self.path, self.owner, self.model = path, owner, model
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="lctg-llm-cache")
        self._cache: AnswerCache | None = None  # opened in the writer thread, used only there
        self._batch: list[tuple[Item, asyncio.Future[None]]] = []
        self._flushing: asyncio.Task[None] | None = None

    async def put(self, key: str, answer: CachedAnswer, *, truncated: bool = False) -> None:
        """Store one answer; returns once it is committed. Raises what :meth:`AnswerCache.put` raises (CacheError)."""
        loop = asyncio.get_running_loop()
        stored: asyncio.Future[None] = loop.create_future()
        self._batch.append(((key, answer, truncated), stored))
        if self._flushing is None:
            self._flushing = loop.create_task(self._flush())
        await stored

    async def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._batch:
                batch, self._batch = self._batch, []
                try:
                    await loop.run_in_executor(self._pool, self._store, [item for item, _ in batch])
                except Exception as exc:
                    for _, stored in batch:
                        if not stored.done():
                            stored.set_exception(exc)
                else:
                    for _, stored in batch:
                        if not stored.done():
                            stored.set_result(None)
        finally:
            self._flushing = None

    def _store(self, items: list[Item]) -> None:  # in the writer thread
        if items:
            if self._cache is None:
                self._cache = AnswerCache(self.path, owner=self.owner)
            self._cache.put_many(items, model=self.model)

    def close(self) -> None:
        """Wait for the commit under way, store what is still queued (a run stopped meanwhile), close the file."""
        rest, self._batch = [item for item, _ in self._batch], []

        def finish() -> None:
            try:
                self._store(rest)
            finally:
                if self._cache is not None:
                    self._cache.close()  # holds no claims of its own: the run's claims stay with the run's cache

        try:
            self._pool.submit(finish).result()
        finally:
            self._pool.shutdown(wait=True)
