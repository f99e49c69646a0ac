"""Every output path checked before any work: not an input, not the dataset folder or inside it, not another
output, a folder that can be written, and an existing target that is a regular file (a device, FIFO, socket or
folder is refused: renaming over it would destroy it); each refusal is one line naming both paths."""

from __future__ import annotations

import os
import sys
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lctg_metrics.outputs.targets import is_stdout, real_target, remove_stale, special_kind
from lctg_metrics.schema import ScoringError


@dataclass(frozen=True)
class Output:
    """One output of a command: the flag that names it, its path, and for a folder the files it will hold."""

    flag: str
    path: Path
    folder: bool = False
    names: tuple[str, ...] = ()  # files inside a folder output, relative to it
    read: bool = False  # also read by the run (the answer cache): no other output may be any of its files
    companions: tuple[str, ...] = ()  # suffixes of files kept beside it (SQLite's -wal, -shm)

    @classmethod
    def file(cls, flag: str, path: Any) -> Output:
        return cls(flag, Path(path))

    @classmethod
    def directory(cls, flag: str, path: Any, names: Iterable[str] = ()) -> Output:
        return cls(flag, Path(path), True, tuple(names))

    def files(self) -> list[Path]:
        if self.folder:
            return [self.path / n for n in self.names]
        return [self.path, *(Path(f"{self.path}{c}") for c in self.companions)]


#: How the default answer cache is named in errors (it has no flag of its own when --llm-cache is not given).
DEFAULT_CACHE = "the LLM answer cache ({where}; set LCTG_CACHE_DIR or --llm-cache to move it)"


def cache_output(explicit: Any) -> Output:
    """The LLM answer cache as one of the run's outputs (read and written, with SQLite's files beside it):
    ``--llm-cache`` when given, else the default place — ``$LCTG_CACHE_DIR``, else ``~/.cache/lctg`` (an
    unusable HOME is a one-line error). Every command that calls an LLM passes it to :func:`check_paths`."""
    from lctg_metrics.llm.cache_place import COMPANIONS, default_cache_path

    if explicit:
        return Output("--llm-cache", Path(explicit), read=True, companions=COMPANIONS)
    where = "LCTG_CACHE_DIR" if os.environ.get("LCTG_CACHE_DIR") else f"default under HOME={os.environ.get('HOME')}"
    return Output(DEFAULT_CACHE.format(where=where), default_cache_path(), read=True, companions=COMPANIONS)


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
        kind = special_kind(f)
        if kind == "a folder" and out.folder:
            raise ScoringError(f"{out.flag} {out.path}: {f} is a folder where a file must be written")
        if kind is not None:
            shown = f if not f.is_symlink() else f"{f} (a symlink to {os.path.realpath(f)})"
            raise ScoringError(
                f"{out.flag} {shown} is {kind}, not a regular file: writing would replace it; "
                f"give a file path{' (or - for standard output)' if not out.folder else ''}"
            )


def _stale_sweep(outs: Sequence[Output]) -> None:
    """Remove the temp files interrupted runs left beside these outputs."""
    places = [real_target(f) for o in outs for f in o.files()]
    remove_stale({p.parent for p in places}, {p.name for p in places})


def refuse_over_inputs(outputs: Sequence[Output], inputs: Iterable[tuple[str, Any]]) -> None:
    """Refuse an output that is one of the inputs (``(label, path)``; by path, through a link, or as the same file),
    without opening any of them: a FIFO given as both is refused before it is read."""
    ins = [(label, Path(p)) for label, p in inputs if p is not None]
    for o in outputs:
        if is_stdout(o.path):
            continue
        for label, p in ins:
            if label == o.flag:  # a file both read and written (the LLM answer cache)
                continue
            hit = next((f for f in o.files() if _same(f, p)), None)
            if hit is not None:
                raise ScoringError(f"{o.flag} {hit} would overwrite the input {label} {p}; write it elsewhere")


def check_paths(outputs: Sequence[Output | None], inputs: Mapping[str, Any] | None = None, dataset: Any = None) -> None:
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
        raise ScoringError(
            f"{to_stdout[0].flag} - and {to_stdout[1].flag} - both write to standard output; "
            "give one of them a file path"
        )
    outs = [o for o in outs if not is_stdout(o.path)]
    ins = [(label, Path(p)) for label, p in (inputs or {}).items() if p is not None]
    ins += [(o.flag, f) for o in outs if o.read for f in o.files()]
    refuse_over_inputs(outs, ins)
    for o in outs:
        if dataset is not None and (_inside(o.path, Path(dataset)) or _inside(real_target(o.path), Path(dataset))):
            raise ScoringError(f"{o.flag} {o.path} is inside the dataset folder {dataset}; write outputs elsewhere")
        if o.read:
            from lctg_metrics.llm.cache_place import dataset_folder_around

            around = dataset_folder_around(real_target(o.path))
            if around is not None:
                raise ScoringError(
                    f"{o.flag} {o.path} is inside the dataset folder {around} (a rebuild would refuse "
                    "it); keep the cache outside dataset folders"
                )
        _writable(o)
    for i, a in enumerate(outs):
        for b in outs[i + 1 :]:
            clash = next(((fa, fb) for fa in a.files() for fb in b.files() if _same(fa, fb)), None)
            if clash is None and a.folder != b.folder:
                folder, other = (a, b) if a.folder else (b, a)
                if _same(folder.path, other.path):
                    clash = (a.path, b.path)
            if clash is not None:
                raise ScoringError(
                    f"{a.flag} {clash[0]} and {b.flag} {clash[1]} are the same file; give each output its own path"
                )
    for o in outs:
        if not o.folder and o.path.is_symlink():
            print(
                f"note: {o.flag} {o.path} is a symlink: writing through to {os.path.realpath(o.path)} (the link "
                "is kept)",
                file=sys.stderr,
            )
    _stale_sweep(outs)


#: The longest name a CSV row (or a table column) may carry.
MAX_LABEL = 200


def check_label(what: str, name: str) -> str:
    """``name`` if it can label a CSV row or a column: not blank, no surrounding blanks, no line break or other
    control character (a newline would split the row in two), at most :data:`MAX_LABEL` characters; else a
    ValueError naming ``what`` (the flag) and the character."""
    if not name.strip():
        raise ValueError(f"{what} must not be blank")
    bad = next((c for c in name if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp", "Cs")), None)
    if bad is not None:
        raise ValueError(
            f"{what} {name!r} holds {bad!r} (U+{ord(bad):04X}), a control or line-break character that "
            "would break its CSV row; give a one-line name"
        )
    if name != name.strip():
        raise ValueError(f"{what} {name!r} starts or ends with blanks; give the name without them")
    if len(name) > MAX_LABEL:
        raise ValueError(f"{what} is {len(name)} characters long; at most {MAX_LABEL}")
    return name
