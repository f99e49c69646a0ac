"""Persistent answer cache for LLM calls: one SQLite file, WAL mode, one row per successful answer.

Keys are sha256 hex digests of the request (see ``client.request_key``); nothing else about the
request is stored, and never a credential. Every ``put`` commits at once, so a run that is killed
keeps every answer it had received.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

#: File name used inside ``$LCTG_CACHE_DIR`` (or ``~/.cache/lctg``).
CACHE_FILE_NAME = "llm_cache.sqlite"
#: Bumped when the table layout changes; older files are read by nobody and rebuilt.
SCHEMA_VERSION = 1
#: SQLite's limit on host parameters per statement is 999 in old builds; stay under it.
_LOOKUP_CHUNK = 500

_SCHEMA = """
CREATE TABLE IF NOT EXISTS answers (
    key TEXT PRIMARY KEY,
    text TEXT NOT NULL,
    prompt_tokens INTEGER NOT NULL,
    completion_tokens INTEGER NOT NULL,
    model TEXT NOT NULL,
    created REAL NOT NULL
)
"""


class CachedAnswer(NamedTuple):
    """One stored answer (a tuple: cheap to build for thousands of cache hits)."""

    text: str
    prompt_tokens: int
    completion_tokens: int


def default_cache_path() -> Path:
    """``$LCTG_CACHE_DIR/llm_cache.sqlite``, else ``~/.cache/lctg/llm_cache.sqlite``."""
    base = os.environ.get("LCTG_CACHE_DIR")
    directory = Path(base) if base else Path.home() / ".cache" / "lctg"
    return directory / CACHE_FILE_NAME


class AnswerCache:
    """The cache file, opened for one run. Use from one thread (the client's event loop)."""

    def __init__(self, path: str | os.PathLike[str], *, read_only: bool = False) -> None:
        self.path = str(path)
        self.read_only = read_only
        self._db: sqlite3.Connection | None = None
        in_memory = self.path == ":memory:"
        if read_only and not in_memory and not os.path.exists(self.path):
            return  # nothing cached yet; a dry run must not create files
        if not in_memory:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            db = sqlite3.connect(self.path, isolation_level=None, timeout=30.0)
            db.execute("PRAGMA journal_mode=WAL")  # readers never block the single writer
            db.execute(
                "PRAGMA synchronous=NORMAL"
            )  # commit = WAL append; survives a killed process
            db.execute("PRAGMA busy_timeout=30000")  # another process scoring into the same cache
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, SCHEMA_VERSION):
                raise ValueError(
                    f"LLM cache {self.path}: schema version {version}, this lctg reads {SCHEMA_VERSION};"
                    " delete the file or set LLMConfig(cache_path=...) to a new one"
                )
            if not read_only:
                db.execute(_SCHEMA)
                db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except sqlite3.DatabaseError as exc:
            raise ValueError(f"LLM cache {self.path} is not a usable SQLite file: {exc}") from exc
        self._db = db

    def get_many(self, keys: Iterable[str]) -> dict[str, CachedAnswer]:
        if self._db is None:
            return {}
        keys = list(keys)
        found: dict[str, CachedAnswer] = {}
        try:
            for start in range(0, len(keys), _LOOKUP_CHUNK):
                chunk = keys[start : start + _LOOKUP_CHUNK]
                marks = ",".join("?" * len(chunk))
                rows = self._db.execute(
                    f"SELECT key, text, prompt_tokens, completion_tokens FROM answers WHERE key IN ({marks})",
                    chunk,
                )
                for key, text, pt, ct in rows:
                    found[key] = CachedAnswer(text, pt, ct)
        except sqlite3.OperationalError as exc:
            if "no such table" in str(exc):  # read-only open of a file another run just created
                return {}
            raise
        return found

    def put(self, key: str, answer: CachedAnswer, *, model: str) -> None:
        if self._db is None or self.read_only:
            return
        self._db.execute(
            "INSERT OR REPLACE INTO answers VALUES (?, ?, ?, ?, ?, ?)",
            (key, answer.text, answer.prompt_tokens, answer.completion_tokens, model, time.time()),
        )

    def __len__(self) -> int:
        if self._db is None:
            return 0
        return int(self._db.execute("SELECT COUNT(*) FROM answers").fetchone()[0])

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def __enter__(self) -> AnswerCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
