"""The files a command writes, as one set: checked against its inputs before any work, written all or none.

:func:`check_paths` refuses (one line naming both paths) an output that is an input, is the dataset folder or lies
inside it, or is also another output, and an output whose folder cannot be written. :func:`write_all` writes every
file to a temp file beside its target, then renames them all into place; on any failure the files it replaced are
restored, the new ones removed, and no temp file or folder it made remains. An output too large to hold in memory
is written piece by piece into a :class:`Staged` temp file beside its target, which ``write_all`` places with the
others (or :meth:`Staged.discard` removes when the run fails).
"""

from __future__ import annotations

import io
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from lctg_metrics.schema import ScoringError

@dataclass(frozen=True)
class Output:
    """One output of a command: the flag that names it, its path, and for a folder the files it will hold."""

    flag: str
    path: Path
    folder: bool = False
    names: tuple[str, ...] = ()  # files inside a folder output, relative to it

    @classmethod
    def file(cls, flag: str, path: Any) -> "Output":
        return cls(flag, Path(path))

    @classmethod
    def directory(cls, flag: str, path: Any, names: Iterable[str] = ()) -> "Output":
        return cls(flag, Path(path), True, tuple(names))

    def files(self) -> list[Path]:
        return [self.path / n for n in self.names] if self.folder else [self.path]


def _real(path: Path) -> Path:
    return Path(os.path.abspath(path.expanduser())).resolve()


def _same(a: Path, b: Path) -> bool:
    """Same place: equal resolved paths, or the same existing file (hard links, case-insensitive file systems)."""
    if _real(a) == _real(b):
        return True
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def _inside(path: Path, folder: Path) -> bool:
    p, f = _real(path), _real(folder)
    return p == f or f in p.parents


def _writable(out: Output) -> None:
    """Raise unless the output (or the folder that will hold it) can be created and written."""
    if out.folder:
        if out.path.exists() and not out.path.is_dir():
            raise ScoringError(f"{out.flag} {out.path} is a file; give a folder")
        start = out.path
    else:
        if out.path.is_dir():
            raise ScoringError(f"{out.flag} {out.path} is a folder; give a file path")
        start = out.path.parent
    probe = _real(start)
    while not probe.exists():
        probe = probe.parent
    if not probe.is_dir():
        raise ScoringError(f"{out.flag} {out.path}: {probe} is a file, not a folder")
    if not os.access(probe, os.W_OK | os.X_OK):
        raise ScoringError(f"{out.flag} {out.path}: cannot write in {probe} (permission denied)")
    for f in out.files() if out.folder else []:
        if f.is_dir():
            raise ScoringError(f"{out.flag} {out.path}: {f} is a folder where a file must be written")


def check_paths(outputs: Sequence[Output | None], inputs: Mapping[str, Any] | None = None,
                dataset: Any = None) -> None:
    """Refuse, before any work, outputs that would overwrite an input, the dataset or each other, or cannot be written.

    ``inputs`` maps a label (``GENERATIONS``, ``--result``…) to a path (None entries are skipped)."""
    outs = [o for o in outputs if o is not None]
    ins = [(label, Path(p)) for label, p in (inputs or {}).items() if p is not None]
    for o in outs:
        for label, p in ins:
            hit = next((f for f in o.files() if _same(f, p)), None)
            if hit is not None:
                raise ScoringError(f"{o.flag} {hit} would overwrite the input {label} {p}; write it elsewhere")
        if dataset is not None and _inside(o.path, Path(dataset)):
            raise ScoringError(f"{o.flag} {o.path} is inside the dataset folder {dataset}; write outputs elsewhere")
        _writable(o)
    for i, a in enumerate(outs):
        for b in outs[i + 1:]:
            clash = next(((fa, fb) for fa in a.files() for fb in b.files() if _same(fa, fb)), None)
            if clash is None and a.folder != b.folder:
                folder, other = (a, b) if a.folder else (b, a)
                if _same(folder.path, other.path):
                    clash = (a.path, b.path)
            if clash is not None:
                raise ScoringError(f"{a.flag} {clash[0]} and {b.flag} {clash[1]} are the same file; give each "
                                   "output its own path")


class Staged:
    """An output written piece by piece: a temp file beside ``path`` (its folders made as needed)."""

    def __init__(self, path: Any) -> None:
        self.target, self.made = Path(path), []
        try:
            self.made = _mkdirs(self.target.parent)
            fd, tmp = tempfile.mkstemp(dir=self.target.parent, prefix=f".{self.target.name}.", suffix=".tmp")
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
            raise ScoringError(f"{self.target}: text holds {e.object[e.start:e.end]!r}, which UTF-8 cannot encode; "
                               "nothing was written") from None
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
    does and nothing is left behind."""
    umask = _umask()
    made: list[Path] = []  # folders this call created (removed again on failure)
    staged: list[tuple[Path, Path]] = []  # (temp file, target)
    backups: list[tuple[Path, Path]] = []  # (backup of a replaced file, target)
    placed: list[Path] = []
    target = Path(".")
    try:
        for path, data in files:
            target = Path(path)
            if isinstance(data, Staged):
                data.file.close()
                made += data.made
                staged.append((data.tmp, data.target))
                continue
            made += _mkdirs(target.parent)
            fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
            staged.append((Path(tmp), target))
            os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes 0600; outputs are ordinary shareable files
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
        for d in reversed(made):
            try:
                d.rmdir()
            except OSError:
                pass
        if isinstance(e, OSError):
            raise ScoringError(f"{target}: cannot write ({e.strerror or e}); nothing was written") from None
        if isinstance(e, UnicodeEncodeError):
            raise ScoringError(f"{target}: text holds {e.object[e.start:e.end]!r}, which UTF-8 cannot encode; "
                               "nothing was written") from None
        raise
    for backup, _ in backups:
        backup.unlink(missing_ok=True)


def _mkdirs(folder: Path) -> list[Path]:
    """Create ``folder`` and its missing parents; return the ones created, outermost first."""
    missing = []
    p = folder
    while not p.exists():
        missing.append(p)
        p = p.parent
    folder.mkdir(parents=True, exist_ok=True)
    return list(reversed(missing))


__all__ = ["Output", "Staged", "check_paths", "write_all"]


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
