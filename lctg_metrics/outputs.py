"""The files a command writes, as one set: checked against its inputs before any work, written all or none.

:func:`check_paths` refuses (one line naming both paths) an output that is an input, is the dataset folder or lies
inside it, or is also another output, an output whose folder cannot be written, and an existing target that is not
a regular file (a device, FIFO, socket or folder: renaming over it would destroy it). A symlinked target is written
through: its real file is replaced and the link kept (said on stderr). :func:`write_all` writes every file to a
temp file beside its target, then renames them all into place; on any failure the files it replaced are restored,
the new ones removed, and no temp file or folder it made remains. An output too large to hold in memory is written
piece by piece into a :class:`Staged` temp file beside its target, which ``write_all`` places with the others (or
:meth:`Staged.discard` removes when the run fails).

``-`` (:data:`STDOUT`) as a file output's path means standard output: its text is printed once every other file of
the set is in place. Temp files are named ``.lctg-tmp-<host>-<pid>-<target>.<random>.tmp`` (and ``.bak`` for a
replaced file held back until the set lands); any later run removes those of a process that is gone (or older
than :data:`STALE_AFTER`) beside its own targets, and the ``.<target>.<random>.tmp`` files of older versions.
"""

from __future__ import annotations

import io
import json
import os
import re
import socket
import stat
import sys
import tempfile
import time
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from lctg_metrics.schema import ScoringError

#: The path that means standard output (``--json -``, ``--details -``, ``-o -``).
STDOUT = "-"
#: Temp files of this package start with this.
TMP_PREFIX = ".lctg-tmp-"
#: A temp file not touched for this many seconds is stale whatever its process (a crashed run on another host).
STALE_AFTER = 24 * 3600
#: Temp files of versions that named them ``.<target>.<8 random>.tmp``: removed once this many seconds old.
LEGACY_STALE_AFTER = 600
#: The random part ``tempfile.mkstemp`` puts in a name.
_RANDOM = r"[a-z0-9_]{8}"


def is_stdout(path: Any) -> bool:
    """Whether an output path means standard output."""
    return isinstance(path, (str, os.PathLike)) and os.fspath(path) == STDOUT


def _host() -> str:
    return f"{zlib.crc32(socket.gethostname().encode('utf-8', 'replace')):08x}"


def _tmp_prefix(target: Path) -> str:
    return f"{TMP_PREFIX}{_host()}-{os.getpid()}-{target.name}."


def _kind(mode: int) -> str | None:
    """What a file that is not a regular file is (None for a regular file)."""
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return None if stat.S_ISREG(mode) else "not a regular file"


def real_target(path: Any) -> Path:
    """Where writing ``path`` lands: the file a symlink (chain) points to, else the path itself."""
    p = Path(path)
    if p.is_symlink():
        return Path(os.path.realpath(p))
    return p


def _special(path: Path) -> str | None:
    """Why an existing ``path`` (after symlinks) cannot be replaced by a file, or None."""
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as e:
        return f"cannot be examined ({e.strerror or e})"
    return _kind(mode)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def remove_stale(folders: Iterable[Any], names: Iterable[str] = ()) -> list[Path]:
    """Remove this package's temp files that no running process owns from ``folders``: ours of a process that is
    gone (same host) or untouched for :data:`STALE_AFTER`, and the legacy ``.<name>.<random>.tmp`` of ``names``
    once :data:`LEGACY_STALE_AFTER` old. A ``.bak`` whose target is missing is put back (the run was stopped
    between the two renames). Returns what was removed or restored; says so on stderr."""
    ours = re.compile(re.escape(TMP_PREFIX) + r"([0-9a-f]{8})-(\d+)-(.+)\." + _RANDOM + r"\.(tmp|bak)")
    legacy = [re.compile(re.escape(f".{n}.") + _RANDOM + r"\.(tmp|bak)") for n in set(names)]
    now, host = time.time(), _host()
    done: list[Path] = []
    removed: list[Path] = []
    for folder in {Path(f) for f in folders}:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if not entry.name.startswith("."):
                continue
            m = ours.fullmatch(entry.name)
            try:
                st = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if not stat.S_ISREG(st.st_mode):
                continue
            age = now - st.st_mtime
            if m:
                mine = m.group(1) == host and int(m.group(2)) == os.getpid()
                gone = m.group(1) == host and not _pid_alive(int(m.group(2)))
                if mine or not (gone or age > STALE_AFTER):
                    continue
                target, kind = Path(folder) / m.group(3), m.group(4)
            elif any(p.fullmatch(entry.name) for p in legacy) and age > LEGACY_STALE_AFTER:
                target, kind = Path(folder) / entry.name[1:-13], entry.name[-3:]
            else:
                continue
            path = Path(entry.path)
            try:
                if kind == "bak" and not os.path.lexists(target):
                    os.replace(path, target)
                    print(f"note: {target} restored from {path.name}, left by an interrupted run", file=sys.stderr)
                else:
                    path.unlink()
                    removed.append(path)
            except OSError:
                continue
            done.append(path)
    if removed:
        shown = ", ".join(str(p) for p in removed[:3]) + (", …" if len(removed) > 3 else "")
        print(f"note: removed {len(removed)} temp file(s) left by interrupted runs: {shown}", file=sys.stderr)
    return done


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
    """Raise unless the output (or the folder that will hold it) can be created and written, and every file it
    replaces is a regular file (a symlink's target, which is written through)."""
    if out.folder:
        if out.path.exists() and not out.path.is_dir():
            raise ScoringError(f"{out.flag} {out.path} is a file; give a folder")
        start = out.path
    else:
        if out.path.is_dir():
            raise ScoringError(f"{out.flag} {out.path} is a folder; give a file path")
        start = real_target(out.path).parent
    probe = _real(start)
    while not probe.exists():
        probe = probe.parent
    if not probe.is_dir():
        raise ScoringError(f"{out.flag} {out.path}: {probe} is a file, not a folder")
    if not os.access(probe, os.W_OK | os.X_OK):
        raise ScoringError(f"{out.flag} {out.path}: cannot write in {probe} (permission denied)")
    for f in out.files():
        kind = _special(f)
        if kind == "a folder" and out.folder:
            raise ScoringError(f"{out.flag} {out.path}: {f} is a folder where a file must be written")
        if kind is not None:
            shown = f if not f.is_symlink() else f"{f} (a symlink to {os.path.realpath(f)})"
            raise ScoringError(f"{out.flag} {shown} is {kind}, not a regular file: writing would replace it; "
                               f"give a file path{' (or - for standard output)' if not out.folder else ''}")


def _stale_sweep(outs: Sequence[Output]) -> None:
    """Remove the temp files interrupted runs left beside these outputs."""
    places = [real_target(f) for o in outs for f in o.files()]
    remove_stale({p.parent for p in places}, {p.name for p in places})


def check_paths(outputs: Sequence[Output | None], inputs: Mapping[str, Any] | None = None,
                dataset: Any = None) -> None:
    """Refuse, before any work, outputs that would overwrite an input, the dataset or each other, replace a file
    that is not a regular file, or cannot be written; say which symlinked outputs are written through; remove
    temp files interrupted runs left beside them.

    ``inputs`` maps a label (``GENERATIONS``, ``--result``…) to a path (None entries are skipped). A file output
    ``-`` is standard output (at most one per command)."""
    outs = [o for o in outputs if o is not None]
    to_stdout = [o for o in outs if is_stdout(o.path)]
    for o in to_stdout:
        if o.folder:
            raise ScoringError(f"{o.flag} -: standard output takes one file, not a folder; give a folder path")
    if len(to_stdout) > 1:
        raise ScoringError(f"{to_stdout[0].flag} - and {to_stdout[1].flag} - both write to standard output; "
                           "give one of them a file path")
    outs = [o for o in outs if not is_stdout(o.path)]
    ins = [(label, Path(p)) for label, p in (inputs or {}).items() if p is not None]
    for o in outs:
        for label, p in ins:
            if label == o.flag:  # a file both read and written (the LLM answer cache)
                continue
            hit = next((f for f in o.files() if _same(f, p)), None)
            if hit is not None:
                raise ScoringError(f"{o.flag} {hit} would overwrite the input {label} {p}; write it elsewhere")
        if dataset is not None and (_inside(o.path, Path(dataset)) or _inside(real_target(o.path), Path(dataset))):
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
    for o in outs:
        if not o.folder and o.path.is_symlink():
            print(f"note: {o.flag} {o.path} is a symlink: writing through to {os.path.realpath(o.path)} (the link "
                  "is kept)", file=sys.stderr)
    _stale_sweep(outs)


class Staged:
    """An output written piece by piece: a temp file beside ``path`` (its folders made as needed; beside the real
    file of a symlink; in the working folder for standard output)."""

    def __init__(self, path: Any) -> None:
        self.target, self.made = Path(path), []
        place = Path(".") / "stdout" if is_stdout(path) else real_target(path)
        try:
            self.made = _mkdirs(place.parent)
            fd, tmp = tempfile.mkstemp(dir=place.parent, prefix=_tmp_prefix(place), suffix=".tmp")
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
    does and nothing is left behind. A symlinked path is written through (the link kept); a path that exists and
    is not a regular file is refused; ``-`` is printed to standard output once the files are in place."""
    umask = _umask()
    made: list[Path] = []  # folders this call created (removed again on failure)
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
            kind = _special(target)
            if kind is not None:
                raise ScoringError(f"{path} is {kind}, not a regular file: writing would replace it; nothing was "
                                   "written")
        remove_stale({real_target(p).parent for p, _ in files if not is_stdout(p)},
                     {real_target(p).name for p, _ in files if not is_stdout(p)})
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
            fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=_tmp_prefix(target), suffix=".tmp")
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
        for data in printed:
            if isinstance(data, Staged):
                data.discard()
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


__all__ = ["STDOUT", "Output", "Staged", "check_paths", "is_stdout", "real_target", "remove_stale", "write_all"]


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
