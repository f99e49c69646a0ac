"""The files a command writes, written as one set: all or none.

:func:`write_all` writes every file to a temp file beside its target, then renames them all into place; on any
failure the files it replaced are restored, the new ones removed, and no temp file or folder it made remains. A
symlinked target is written through: its real file is replaced and the link kept (said on stderr). An output too
large to hold in memory is written piece by piece into a :class:`Staged` temp file beside its target, which
``write_all`` places with the others (or :meth:`Staged.discard` removes when the run fails).

``-`` (``targets.STDOUT``) as a file output's path means standard output: its text is printed once every other file
of the set is in place. The paths are checked before any work by :mod:`lctg_metrics.outputs.checks`; temp-file names
and the removal of those interrupted runs left are :mod:`lctg_metrics.outputs.targets`.
"""

from __future__ import annotations

import io
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from lctg_metrics.outputs.targets import is_stdout, locked, real_target, remove_stale, special_kind, tmp_prefix
from lctg_metrics.schema import ScoringError


class Staged:
    """An output written piece by piece: a temp file beside ``path`` (its folders made as needed; beside the real
    file of a symlink; in the working folder for standard output)."""

    def __init__(self, path: Any) -> None:
        self.target, self.made = Path(path), []
        place = Path(".") / "stdout" if is_stdout(path) else real_target(path)
        try:
            self.made = _mkdirs(place.parent)
            fd, tmp = tempfile.mkstemp(dir=place.parent, prefix=tmp_prefix(place), suffix=".tmp")
        except OSError as e:
            self.discard()
            raise ScoringError(f"{self.target}: cannot write ({e.strerror or e}); nothing was written") from None
        self.tmp = Path(tmp)
        os.chmod(tmp, 0o666 & ~_umask())
        self.file = os.fdopen(fd, "wb")

    def write(self, text: str) -> None:
        """Append text (as UTF-8)."""
        try:
            self.file.write(text.encode("utf-8"))
        except UnicodeEncodeError as e:
            raise ScoringError(
                f"{self.target}: text holds {e.object[e.start : e.end]!r}, which UTF-8 cannot encode; "
                "nothing was written"
            ) from None
        except OSError as e:
            raise ScoringError(f"{self.target}: cannot write ({e.strerror or e}); nothing was written") from None

    def discard(self) -> None:
        """Remove the temp file and the folders made for it (the run failed)."""
        if hasattr(self, "file"):
            self.file.close()
            self.tmp.unlink(missing_ok=True)
        for d in reversed(self.made):
            try:
                d.rmdir()
            except OSError:
                pass


def _umask() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return umask


def write_all(files: Sequence[tuple[Any, str | bytes | Staged]]) -> None:
    """Write every ``(path, text or bytes)`` (text as UTF-8) and place every ``(path, Staged)``: all land, or none
    does and nothing is left behind. A symlinked path is written through (the link kept); a path that exists and
    is not a regular file is refused; ``-`` is printed to standard output once the files are in place. The set is
    placed under the lock of its folders (:func:`locked`): runs writing the same files land one set after another."""
    folders = {real_target(p).parent for p, _ in files if not is_stdout(p)}
    made: list[Path] = []  # folders this call created (removed again on failure), made first so that they are locked
    try:
        for folder in sorted(folders):
            made += _mkdirs(folder)
    except OSError:
        _rmdirs(made)
        made = []  # the writes below fail naming the folder
    with locked(folders):
        _write_all(files, made)


def _rmdirs(made: Sequence[Path]) -> None:
    for d in reversed(made):
        try:
            d.rmdir()
        except OSError:
            pass


def _write_all(files: Sequence[tuple[Any, str | bytes | Staged]], made: list[Path]) -> None:
    umask = _umask()
    staged: list[tuple[Path, Path]] = []  # (temp file, target)
    backups: list[tuple[Path, Path]] = []  # (backup of a replaced file, target)
    placed: list[Path] = []
    printed: list[str | bytes | Staged] = []
    target = Path(".")
    try:
        for path, data in files:
            if is_stdout(path):
                printed.append(data)
                continue
            target = real_target(path)
            kind = special_kind(target)
            if kind is not None:
                raise ScoringError(
                    f"{path} is {kind}, not a regular file: writing would replace it; nothing was written"
                )
        remove_stale(
            {real_target(p).parent for p, _ in files if not is_stdout(p)},
            {real_target(p).name for p, _ in files if not is_stdout(p)},
        )
        for path, data in files:
            if is_stdout(path):
                continue
            target = real_target(path)
            if isinstance(data, Staged):
                data.file.close()
                made += data.made
                staged.append((data.tmp, target))
                continue
            made += _mkdirs(target.parent)
            fd, tmp_name = tempfile.mkstemp(dir=target.parent, prefix=tmp_prefix(target), suffix=".tmp")
            staged.append((Path(tmp_name), target))
            os.chmod(tmp_name, 0o666 & ~umask)  # mkstemp makes 0600; outputs are ordinary shareable files
            with os.fdopen(fd, "wb") as f:
                f.write(data.encode("utf-8") if isinstance(data, str) else data)
        for tmp, target in staged:
            if target.exists():
                backup = tmp.with_suffix(".bak")
                os.replace(target, backup)
                backups.append((backup, target))
            os.replace(tmp, target)
            placed.append(target)
    except BaseException as e:
        for p in placed:
            p.unlink(missing_ok=True)
        for backup, original in reversed(backups):
            os.replace(backup, original)
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)
        for data in printed:
            if isinstance(data, Staged):
                data.discard()
        _rmdirs(made)
        if isinstance(e, OSError):
            raise ScoringError(f"{target}: cannot write ({e.strerror or e}); nothing was written") from None
        if isinstance(e, UnicodeEncodeError):
            raise ScoringError(
                f"{target}: text holds {e.object[e.start : e.end]!r}, which UTF-8 cannot encode; nothing was written"
            ) from None
        raise
    for backup, _ in backups:
        backup.unlink(missing_ok=True)
    for data in printed:
        _print(data)


def _print(data: str | bytes | Staged) -> None:
    """Write an output to standard output (a staged one read back in pieces, then removed)."""
    out = sys.stdout
    out.flush()
    sink = getattr(out, "buffer", None)
    try:
        if isinstance(data, Staged):
            data.file.close()
            with open(data.tmp, "rb") as f:
                while piece := f.read(1 << 20):
                    sink.write(piece) if sink is not None else out.write(piece.decode("utf-8"))
            data.discard()
        elif sink is not None:
            sink.write(data.encode("utf-8") if isinstance(data, str) else data)
        else:
            out.write(data if isinstance(data, str) else data.decode("utf-8"))
        (sink or out).flush()
    except BrokenPipeError:
        raise ScoringError("standard output was closed before the output was written") from None
    except OSError as e:
        raise ScoringError(f"standard output: cannot write ({e.strerror or e})") from None
    finally:
        if isinstance(data, Staged):
            data.discard()


def _mkdirs(folder: Path) -> list[Path]:
    """Create ``folder`` and its missing parents; return the ones created, outermost first."""
    missing = []
    p = folder
    while not p.exists():
        missing.append(p)
        p = p.parent
    folder.mkdir(parents=True, exist_ok=True)
    return list(reversed(missing))


# ---------------------------------------------------------------------------- one-file writers


def json_text(obj: Any) -> str:
    """What :func:`write_json` writes."""
    return json.dumps(obj, ensure_ascii=False, indent=2) + "\n"


def jsonl_text(records: Iterable[Mapping[str, Any]]) -> str:
    """What :func:`write_jsonl` writes: one JSON object per line."""
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


def atomic_write(path: str | os.PathLike[str], write: Callable[[Any], None], *, mode: str = "w") -> None:
    """Write through ``write(fileobj)`` into a temp file beside ``path``, then move it into place."""
    buffer: Any = io.BytesIO() if "b" in mode else io.StringIO(newline="")
    write(buffer)
    write_all([(path, buffer.getvalue())])


def write_jsonl(path: str | os.PathLike[str], records: Iterable[Mapping[str, Any]]) -> None:
    atomic_write(path, lambda f: f.write(jsonl_text(records)))


def write_json(path: str | os.PathLike[str], obj: Any) -> None:
    atomic_write(path, lambda f: f.write(json_text(obj)))
