"""Persistent answer cache for LLM calls: one SQLite file (WAL), one checksummed row per successful answer,
and claims so that runs sharing the file never make the same call twice.

Keys are sha256 hex digests of the request (``requests.request_key``); nothing else about the request is
stored, and never a credential. Every write commits at once, so a killed run keeps every answer it had
received. A row whose checksum does not match is ignored, counted (``corrupt``) and fetched again.

Claims: before calling, a run inserts ``pending(key, owner, pid, host, expires)`` unless a live run holds
the key; the answer's insert deletes the claim (a trigger, same statement); a failed call and the end of
the run delete it too. The owner renews its claims' ``expires`` while it runs (:meth:`AnswerCache.renew`, a
heartbeat), so a claim is stale when it expired (its run stopped renewing: killed, stopped with Ctrl-Z, its host
gone) or its process on this host is gone or stopped.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import socket
import sqlite3
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

from lctg_metrics.llm.cache_errors import BUSY_TIMEOUT
from lctg_metrics.llm.cache_errors import Guard as _Guard
from lctg_metrics.llm.cache_place import (  # noqa: F401 (re-exported)
    CACHE_FILE_NAME,
    COMPANIONS,
    dataset_folder_around,
    default_cache_path,
)
from lctg_metrics.llm.errors import CacheError
from lctg_metrics.llm.owners import alive as _alive

log = logging.getLogger("lctg.llm")

#: Bumped when the table layout changes; version 1 files (no checksums) are upgraded in place.
SCHEMA_VERSION = 2
#: SQLite's limit on host parameters per statement is 999 in old builds; stay under it.
_LOOKUP_CHUNK = 500

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS answers (key TEXT PRIMARY KEY, text TEXT NOT NULL, prompt_tokens INTEGER NOT"
    " NULL, completion_tokens INTEGER NOT NULL, model TEXT NOT NULL, created REAL NOT NULL, checksum TEXT)",
    "CREATE TABLE IF NOT EXISTS pending (key TEXT PRIMARY KEY, owner TEXT NOT NULL, pid INTEGER NOT NULL,"
    " host TEXT NOT NULL, expires REAL NOT NULL)",
    # An answer ends every claim on its key, atomically with its insert (one statement per answer).
    "CREATE TRIGGER IF NOT EXISTS answered AFTER INSERT ON answers BEGIN DELETE FROM pending WHERE key = NEW.key; END",
)
#: Keys whose answer the endpoint cut at max_tokens (finish_reason "length"): a table of its own, so files stay
#: readable and writable by versions without it (they never look at it).
_TRUNCATED = "CREATE TABLE IF NOT EXISTS truncated (key TEXT PRIMARY KEY)"
_SELECT = "SELECT key, text, prompt_tokens, completion_tokens, checksum FROM answers WHERE key "
_SELECT_V1 = "SELECT key, text, prompt_tokens, completion_tokens, NULL FROM answers WHERE key "


class CachedAnswer(NamedTuple):
    """One stored answer (a tuple: cheap to build for thousands of cache hits)."""

    text: str
    prompt_tokens: int
    completion_tokens: int


def checksum(key: str, answer: CachedAnswer) -> str:
    """blake2b-128 of the key and every stored field of its answer."""
    blob = f"{key}\x00{answer.text}\x00{answer.prompt_tokens}\x00{answer.completion_tokens}"
    return hashlib.blake2b(blob.encode("utf-8"), digest_size=16).hexdigest()


class AnswerCache:
    """The cache file, opened for one run. Use from one thread (the client's event loop).

    ``corrupt_keys``: rows this run found with a wrong checksum. Every sqlite error becomes a one-line
    :class:`CacheError` naming the file and the remedy.
    """

    def __init__(self, path: str | os.PathLike[str], *, read_only: bool = False, owner: str = "") -> None:
        self.path = str(path)
        self.read_only = read_only
        self.host = socket.gethostname()
        self.corrupt_keys: set[str] = set()
        self.owner = owner or f"{self.host}:{os.getpid()}:{os.urandom(6).hex()}"
        self._db: sqlite3.Connection | None = None
        self._claimed = False
        self._select = _SELECT
        in_memory = self.path == ":memory:"
        if read_only and not in_memory and not os.path.exists(self.path):
            return  # nothing cached yet; a dry run must not create files
        if not in_memory:
            inside = dataset_folder_around(self.path)
            if inside is not None:
                raise CacheError(
                    f"LLM cache {self.path} is inside the dataset folder {inside} (a rebuild would refuse "
                    "the folder); set LCTG_CACHE_DIR or pass --llm-cache FILE outside it"
                )
            try:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise CacheError(
                    f"LLM cache {self.path}: cannot create its folder ({e.strerror or e}); set "
                    "LCTG_CACHE_DIR to a writable folder or pass --llm-cache FILE"
                ) from None
        deadline = time.monotonic() + BUSY_TIMEOUT
        with self._guard():
            while True:
                db = sqlite3.connect(self.path, isolation_level=None, timeout=BUSY_TIMEOUT)
                try:
                    self._open(db)
                    break
                except sqlite3.OperationalError as exc:
                    db.close()
                    # Two runs creating the file at once: switching to WAL can be refused without waiting.
                    if "locked" not in str(exc) or time.monotonic() > deadline:
                        raise
                    time.sleep(0.05)
                except BaseException:
                    db.close()
                    raise
        self._db = db

    def _open(self, db: sqlite3.Connection) -> None:
        db.execute("PRAGMA journal_mode=WAL")  # readers never block the single writer
        db.execute("PRAGMA synchronous=NORMAL")  # commit = WAL append; survives a killed process
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version not in (0, 1, SCHEMA_VERSION):
            raise CacheError(
                f"LLM cache {self.path}: schema version {version}, this lctg reads {SCHEMA_VERSION};"
                " use the lctg that wrote it, or pass --llm-cache OTHER (LLMConfig.cache_path)"
            )
        self._select = _SELECT_V1 if version == 1 else _SELECT  # a dry run reads a version 1 file as it is
        if self.read_only:
            return
        if version == SCHEMA_VERSION:
            db.execute(_TRUNCATED)
            return
        self._select = _SELECT
        with _transaction(db):
            if version == 1:  # answers without checksums: add them, trusting the stored rows
                db.execute("ALTER TABLE answers ADD COLUMN checksum TEXT")
                rows = db.execute("SELECT key, text, prompt_tokens, completion_tokens FROM answers").fetchall()
                db.executemany(
                    "UPDATE answers SET checksum = ? WHERE key = ?",
                    [(checksum(k, CachedAnswer(t, p, c)), k) for k, t, p, c in rows],
                )
            for statement in (*_SCHEMA, _TRUNCATED):
                db.execute(statement)
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def _guard(self) -> _Guard:
        return _Guard(self.path)

    def _verified(self, rows: Iterable[tuple[str, str, int, int, str | None]]) -> dict[str, CachedAnswer]:
        found: dict[str, CachedAnswer] = {}
        for key, text, pt, ct, digest in rows:
            answer = CachedAnswer(text, pt, ct)
            if digest == checksum(key, answer) or (digest is None and self._select is _SELECT_V1):
                found[key] = answer
            elif key not in self.corrupt_keys:
                self.corrupt_keys.add(key)
                log.warning("LLM cache %s: row %s… fails its checksum; ignored and fetched again", self.path, key[:12])
        return found

    def _rows(self, select: str, keys: Iterable[str]) -> list[tuple]:
        """``select + "IN (...)"`` over ``keys`` in chunks; no rows from a table this file does not have yet."""
        if self._db is None:
            return []
        keys, rows = list(keys), []
        with self._guard():
            for start in range(0, len(keys), _LOOKUP_CHUNK):
                chunk = keys[start : start + _LOOKUP_CHUNK]
                try:
                    rows += self._db.execute(select + f"IN ({','.join('?' * len(chunk))})", chunk).fetchall()
                except sqlite3.OperationalError as exc:
                    if "no such" in str(exc):  # read-only open of a file another run (or version) wrote
                        return []
                    raise
        return rows

    def get_many(self, keys: Iterable[str]) -> dict[str, CachedAnswer]:
        """The verified answers among ``keys``."""
        return self._verified(self._rows(self._select, keys))

    def truncated_keys(self, keys: Iterable[str]) -> set[str]:
        """The keys among ``keys`` whose stored answer the endpoint cut (finish_reason "length")."""
        return {k for (k,) in self._rows("SELECT key FROM truncated WHERE key ", keys)}

    def claim(self, keys: Sequence[str], lease: float) -> tuple[list[str], list[str], dict[str, CachedAnswer]]:
        """Take ``keys`` for this run, in one transaction: (taken, held by a live run, answered meanwhile).

        A claim of another run is taken over when it is stale; a key answered since the run looked it up
        (by a run sharing the file) comes back with its answer and stays unclaimed.
        """
        if self._db is None or self.read_only:
            return list(keys), [], {}
        db, now = self._db, time.time()
        mine = (self.owner, os.getpid(), self.host, now + lease)
        taken, busy = [], []
        with self._guard(), _transaction(db):
            db.executemany("INSERT OR IGNORE INTO pending VALUES (?, ?, ?, ?, ?)", [(key, *mine) for key in keys])
            marks = ",".join("?" * len(keys))
            held = db.execute(f"SELECT key, owner, pid, host, expires FROM pending WHERE key IN ({marks})", keys)
            swap = "UPDATE pending SET owner = ?, pid = ?, host = ?, expires = ? WHERE key = ?"
            holders = {key: rest for key, *rest in held.fetchall()}
            for key in dict.fromkeys(keys):  # in the caller's order
                owner, pid, host, expires = holders[key]
                if owner == self.owner:
                    taken.append(key)
                elif _alive(pid, host, expires, here=self.host, now=now):
                    busy.append(key)
                else:
                    db.execute(swap, (*mine, key))
                    taken.append(key)
            answered = self._verified(db.execute(_SELECT + f"IN ({','.join('?' * len(taken))})", taken).fetchall())
            if answered:
                db.executemany("DELETE FROM pending WHERE key = ?", [(key,) for key in answered])
        self._claimed = True
        return [key for key in taken if key not in answered], busy, answered

    def renew(self, lease: float) -> None:
        """The heartbeat: every claim of this run holds for ``lease`` more seconds."""
        if self._db is None or self.read_only or not self._claimed:
            return
        with self._guard():
            self._db.execute("UPDATE pending SET expires = ? WHERE owner = ?", (time.time() + lease, self.owner))

    def holders(self, keys: Sequence[str]) -> list[tuple[int, str, float]]:
        """``(pid, host, seconds left)`` of the runs holding claims on ``keys`` (what a waiting run waits for)."""
        now = time.time()
        rows = self._rows("SELECT DISTINCT pid, host, expires FROM pending WHERE key ", keys)
        return sorted({(pid, host, max(0.0, expires - now)) for pid, host, expires in rows})

    def put(self, key: str, answer: CachedAnswer, *, model: str, truncated: bool = False) -> None:
        """Store an answer (``truncated``: cut at max_tokens); its claim goes with it (trigger ``answered``).
        Commits at once."""
        self.put_many([(key, answer, truncated)], model=model)

    def put_many(self, items: Sequence[tuple[str, CachedAnswer, bool]], *, model: str) -> None:
        """Store answers ``(key, answer, truncated)`` in one transaction (a group commit), as :meth:`put` does each."""
        if self._db is None or self.read_only or not items:
            return
        now, cut = time.time(), {key: truncated for key, _, truncated in items}
        rows = [(k, a.text, a.prompt_tokens, a.completion_tokens, model, now, checksum(k, a)) for k, a, _ in items]
        with self._guard(), _transaction(self._db):
            self._db.executemany("INSERT OR REPLACE INTO answers VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
            self._db.executemany("INSERT OR IGNORE INTO truncated VALUES (?)", [(k,) for k, t in cut.items() if t])
            self._db.executemany("DELETE FROM truncated WHERE key = ?", [(k,) for k, t in cut.items() if not t])

    def release(self, key: str | None = None) -> None:
        """Drop this run's claim on ``key`` (every claim of this run if None)."""
        if self._db is None or self.read_only or not self._claimed:
            return
        with self._guard():
            if key is None:
                self._db.execute("DELETE FROM pending WHERE owner = ?", (self.owner,))
            else:
                self._db.execute("DELETE FROM pending WHERE key = ? AND owner = ?", (key, self.owner))

    def __len__(self) -> int:
        if self._db is None:
            return 0
        with self._guard():
            return int(self._db.execute("SELECT COUNT(*) FROM answers").fetchone()[0])

    def close(self) -> None:
        if self._db is not None:
            try:
                self.release()
            finally:
                self._db.close()
                self._db = None

    def __enter__(self) -> AnswerCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@contextlib.contextmanager
def _transaction(db: sqlite3.Connection) -> Iterator[None]:
    """BEGIN IMMEDIATE (take the write lock first: no upgrade deadlocks between runs) ... COMMIT/ROLLBACK."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
