"""Locate, fetch and verify the upstream release, and read its records.

``source files ──► records``: the only step of the build that touches the network or the source tree.
"""

from __future__ import annotations

import json
import os
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lctg_dataset.constants import (
    ASPECTS,
    PROTOCOL_FILE,
    SOURCE_FILES,
    SOURCE_SHA256,
    TASKS,
    UPSTREAM_COMMIT,
)
from lctg_dataset.digest import sha256_file
from lctg_dataset.download import PROTOCOL_SHA256
from lctg_dataset.download import download as _download
from lctg_dataset.env_paths import env_value, user_path
from lctg_dataset.errors import SourceError
from lctg_dataset.jsonl import read_jsonl

__all__ = [
    "Record",
    "SourceError",
    "SourceFiles",
    "default_source",
    "fetch_source",
    "read_protocol",
    "read_records",
    "source_root",
]

#: Where the project expects the shared copy of the upstream release, relative to the project root.
SHARED_SOURCE = Path("..") / "shared" / "upstream" / "lctg-bench-v1"
#: Base URL of the pinned upstream commit; files are ``{base}/datasets/{task}/prompts_v1.jsonl``.
UPSTREAM_BASE_URL = f"https://raw.githubusercontent.com/CyberAgentAILab/LCTG-Bench/{UPSTREAM_COMMIT}/"


@dataclass(frozen=True)
class SourceFiles:
    """A verified local copy of the upstream files."""

    location: str  # what the user gave (directory or URL), for the manifest
    paths: Mapping[str, Path]  # task -> jsonl file
    sha256: Mapping[str, str]  # task -> sha256 actually read
    verified: bool  # sha256 checked against SOURCE_SHA256
    protocol_path: Path | None = None  # protocol_prompts.json, if the source has it
    protocol_sha256: str | None = None
    root: Path | None = None  # the local folder the files were read from (a download's cache folder)


@dataclass(frozen=True)
class Record:
    """One upstream record (one base text with its four conditions). Line numbers are 1-based."""

    task: str
    prompt_id: int
    base_text: str
    title: str | None
    conditions: Mapping[str, str]  # aspect -> condition statement
    prompts: Mapping[str, str]  # aspect -> prompt_<aspect> as released
    char_count_answer: tuple[int, int]
    keyword_answer: str
    prohibited_word_answer: str
    file: str
    line: int
    raw_keys: tuple[str, ...] = field(default=())

    def where(self, field_name: str | None = None) -> str:
        loc = f"{self.file}:{self.line} ({self.task}/{self.prompt_id})"
        return f"{loc} field {field_name!r}" if field_name else loc


def default_source() -> str:
    """``$LCTG_SOURCE``, else the shared copy beside the project if it exists, else the pinned upstream URL."""
    env = env_value("LCTG_SOURCE", SourceError)
    if env:
        return env
    for base in (Path.cwd(), Path(__file__).resolve().parent.parent):
        candidate = (base / SHARED_SOURCE).resolve()
        if candidate.is_dir():
            return str(candidate)
    return UPSTREAM_BASE_URL


def _read_from(source: str | None) -> str:
    """Where the source was read from, as errors name it: the ``--source`` given, ``$LCTG_SOURCE``, or the default."""
    if source:
        return "from --source"
    return "from $LCTG_SOURCE" if os.environ.get("LCTG_SOURCE") else "the default: the shared copy beside the project"


def default_cache_dir() -> Path:
    """``$LCTG_CACHE_DIR/source/<commit>``, else under ``~/.cache/lctg``; an unset, empty or relative HOME is named."""
    env = os.environ.get("LCTG_CACHE_DIR")
    home = os.environ.get("HOME", "")
    if not env and (not home.strip() or not os.path.isabs(home)):
        raise SourceError(
            f"HOME is {repr(home) if 'HOME' in os.environ else 'unset'}: a download has no cache folder "
            "(~/.cache/lctg); set LCTG_CACHE_DIR, or point --source at a local copy of the release"
        )
    base = Path(env) if env else Path(home) / ".cache" / "lctg"
    return base / "source" / UPSTREAM_COMMIT


def source_root(source: str | None = None, *, cache_dir: Path | None = None) -> Path:
    """The local folder :func:`fetch_source` reads from: the directory given, or the download cache of a URL."""
    location = source or default_source()
    return (cache_dir or default_cache_dir()) if _is_url(location) else local_folder(location)


def local_folder(location: str) -> Path:
    """A local source as a user means it (:func:`lctg_dataset.env_paths.user_path`)."""
    return Path(user_path(location))


#: The URL schemes a source may have (a base URL of the release, or a local ``file:`` URL).
URL_SCHEMES = ("http", "https", "file")
#: What a source may be, as errors say it (and where it is given).
SOURCE_TAKES = "a folder holding the release (its task folders) or an http(s) base URL (--source or $LCTG_SOURCE)"


def _is_url(source: str) -> bool:
    """Whether ``source`` is a URL of a supported scheme; another scheme (``ftp://…``) is refused naming it."""
    try:
        scheme = urllib.parse.urlparse(source).scheme
    except ValueError as e:  # urllib's own words ("Invalid IPv6 URL") name neither the source nor what it takes
        raise SourceError(f"source {source!r} is not a valid URL ({e}); give {SOURCE_TAKES}") from None
    if "://" in source and scheme not in URL_SCHEMES:
        raise SourceError(f"source {source!r}: the {scheme}:// scheme is not supported; give {SOURCE_TAKES}")
    return scheme in URL_SCHEMES


def fetch_source(source: str | None = None, *, cache_dir: Path | None = None, verify: bool = True) -> SourceFiles:
    """Resolve ``source`` (a directory or a base URL) to verified local files.

    URLs are downloaded into ``cache_dir`` (temp file, verified, then moved), so a corrupted download never
    lands in the cache. With ``verify`` every file's sha256 must equal the pinned one.
    """
    location = source or default_source()
    read = _read_from(source)
    if _is_url(location):
        root = _download(location, cache_dir or default_cache_dir(), verify=verify)
    else:
        root = local_folder(location)
        if root.exists() and not root.is_dir():
            raise SourceError(f"source {location!r} ({read}) is a file, not a folder; give {SOURCE_TAKES}")
        if not root.is_dir():
            raise SourceError(
                f"source directory {location!r} ({read}) does not exist; give a folder holding the release with "
                "--source, or set $LCTG_SOURCE"
            )
        _check_task_dirs(root)
    paths: dict[str, Path] = {}
    digests: dict[str, str] = {}
    for task in TASKS:
        path = root / SOURCE_FILES[task]
        if not path.is_file():
            raise SourceError(f"source file missing: {path} (expected {SOURCE_FILES[task]} under {root})")
        digest = sha256_file(path)
        if verify and digest != SOURCE_SHA256[task]:
            raise SourceError(
                f"sha256 mismatch for {path}: got {digest}, expected {SOURCE_SHA256[task]} "
                f"(upstream commit {UPSTREAM_COMMIT}); nothing was written"
            )
        paths[task], digests[task] = path, digest
    protocol = root / PROTOCOL_FILE
    protocol_sha = sha256_file(protocol) if protocol.is_file() else None
    if protocol_sha is not None and verify and protocol_sha != PROTOCOL_SHA256:
        raise SourceError(
            f"sha256 mismatch for {protocol}: got {protocol_sha}, expected {PROTOCOL_SHA256}; nothing was written"
        )
    return SourceFiles(
        location=location,
        paths=paths,
        sha256=digests,
        verified=verify,
        protocol_path=protocol if protocol_sha else None,
        protocol_sha256=protocol_sha,
        root=root.resolve(),
    )


def _check_task_dirs(root: Path) -> None:
    """Every directory under ``datasets/`` must be a known task (a stray one means a different release)."""
    datasets_dir = root / "datasets"
    if not datasets_dir.is_dir():
        return  # the missing-file check below names what is expected
    unknown = sorted(p.name for p in datasets_dir.iterdir() if p.is_dir() and p.name not in TASKS)
    if unknown:
        raise SourceError(
            f"unknown task director{'y' if len(unknown) == 1 else 'ies'} "
            f"{', '.join(str(datasets_dir / u) for u in unknown)}; "
            f"valid tasks: {', '.join(TASKS)}"
        )


# ---------------------------------------------------------------------------------------------- records

_REQUIRED_STR = (
    ("base_text", "keyword_answer", "prohibited_word_answer") + tuple(ASPECTS) + tuple(f"prompt_{a}" for a in ASPECTS)
)


def read_records(files: SourceFiles) -> dict[str, list[Record]]:
    """Parse every task's jsonl into records; a malformed line raises naming file, line, id and field."""
    return {task: _read_task(task, files.paths[task]) for task in TASKS}


def _read_task(task: str, path: Path) -> list[Record]:
    return [_record(task, obj, str(path), line_no) for line_no, obj in read_jsonl(path, error=SourceError)]


def _record(task: str, obj: dict[str, Any], file: str, line: int) -> Record:
    pid = obj.get("prompt_id")
    if not isinstance(pid, int) or isinstance(pid, bool):
        raise SourceError(f"{file}:{line}: field 'prompt_id' must be an integer, got {pid!r}")
    where = f"{file}:{line} ({task}/{pid})"
    for name in _REQUIRED_STR:
        if name not in obj:
            raise SourceError(f"{where}: missing field {name!r}")
        if not isinstance(obj[name], str):
            raise SourceError(f"{where}: field {name!r} must be a string, got {obj[name]!r}")
    title = obj.get("title")
    if title is not None and not isinstance(title, str):
        raise SourceError(f"{where}: field 'title' must be a string or absent, got {title!r}")
    answer = obj.get("char_count_answer")
    if (
        not isinstance(answer, list)
        or len(answer) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in answer)
    ):
        raise SourceError(f"{where}: field 'char_count_answer' must be [min, max] integers, got {answer!r}")
    return Record(
        task=task,
        prompt_id=pid,
        base_text=obj["base_text"],
        title=title,
        conditions={a: obj[a] for a in ASPECTS},
        prompts={a: obj[f"prompt_{a}"] for a in ASPECTS},
        char_count_answer=(answer[0], answer[1]),
        keyword_answer=obj["keyword_answer"],
        prohibited_word_answer=obj["prohibited_word_answer"],
        file=file,
        line=line,
        raw_keys=tuple(obj),
    )


def read_protocol(files: SourceFiles) -> dict[str, Any] | None:
    """The protocol prompts (task prompts, cleaner and judge prompts) if the source carries them."""
    if files.protocol_path is None:
        return None
    try:
        data = json.loads(files.protocol_path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise SourceError(f"{files.protocol_path}: invalid JSON ({e.msg} at line {e.lineno})") from None
    task_prompts = data.get("task_prompt") if isinstance(data, dict) else None
    if not isinstance(task_prompts, dict) or set(task_prompts) != set(TASKS):
        raise SourceError(f"{files.protocol_path}: field 'task_prompt' must map each of {list(TASKS)} to a template")
    return data
