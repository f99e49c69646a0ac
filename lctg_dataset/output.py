"""Where a build may go: a new or empty folder, or a previous lctg build holding nothing but what it wrote.

A build never deletes what it did not create. :func:`check_out` refuses (``OutputError``, one line naming the
folder and why) a folder with any file its manifest does not list (user files, ``.git``), a changed file, a
foreign or missing manifest, or a folder that is (or is inside) the source. :func:`replace_folder` swaps a
finished build in by rename and then removes only the files the old manifest lists.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import sys
import time
import uuid
import zlib
from pathlib import Path
from typing import Any

from lctg_dataset.digest import sha256_file
from lctg_dataset.errors import OutputError
from lctg_dataset.layout import MANIFEST

#: ``name`` every lctg build manifest carries.
BUILD_NAME = "lctg"


def build_manifest(folder: Path) -> dict[str, Any] | None:
    """The folder's manifest if it is an lctg build manifest (``name`` lctg, a ``files`` table), else None."""
    path = folder / MANIFEST
    if not path.is_file() or path.is_symlink():
        return None
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None
    if (
        not isinstance(manifest, dict)
        or manifest.get("name") != BUILD_NAME
        or not isinstance(manifest.get("build"), dict)
    ):
        return None
    files = manifest.get("files")
    if not isinstance(files, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in files.items()):
        return None
    return manifest


def foreign_entries(folder: Path, listed: dict[str, str]) -> list[str]:
    """Everything in ``folder`` a build with these listed files (path → sha256) did not write: unlisted files,
    symlinks, directories that hold no listed file, and listed files whose content changed."""
    keep_dirs = {p.as_posix() for rel in listed for p in Path(rel).parents if p.as_posix() != "."}
    out: list[str] = []
    for dirpath, dirnames, filenames in os.walk(folder):
        base = Path(dirpath).relative_to(folder)
        for name in sorted(dirnames):
            rel = (base / name).as_posix()
            if (Path(dirpath) / name).is_symlink() or rel not in keep_dirs:
                out.append(rel + "/")
        dirnames[:] = [d for d in dirnames if (base / d).as_posix() + "/" not in out]
        for name in sorted(filenames):
            rel = (base / name).as_posix()
            path = Path(dirpath) / name
            if rel == MANIFEST and not path.is_symlink():
                continue
            if rel not in listed or path.is_symlink() or not path.is_file():
                out.append(rel)
            elif sha256_file(path) != listed[rel]:
                out.append(f"{rel} (changed since the build)")
    return out


def check_out(out: Path, *, source_root: Path | None = None) -> dict[str, Any] | None:
    """Refuse an ``--out`` the build could not replace without deleting something it did not create.

    Returns the old build's manifest (None when ``out`` is new or empty)."""
    out = Path(out).resolve()
    if source_root is not None:
        src = Path(source_root).resolve()
        if out == src or src in out.parents:
            raise OutputError(
                f"--output {out} is the source folder {src} or inside it; choose a folder outside the source"
            )
        if out in src.parents:
            raise OutputError(f"--output {out} contains the source folder {src}; choose a folder outside it")
    if not out.exists() and not out.is_symlink():
        return None
    if not out.is_dir():
        raise OutputError(f"--output {out} exists and is not a folder; choose a new or empty folder")
    if not any(out.iterdir()):
        return None
    manifest = build_manifest(out)
    if manifest is None:
        why = f"has no {MANIFEST}" if not (out / MANIFEST).exists() else f"its {MANIFEST} is not an lctg build manifest"
        raise OutputError(
            f"--output {out} is not empty and {why}; refusing to replace it (choose a new or empty folder)"
        )
    foreign = foreign_entries(out, manifest["files"])
    if foreign:
        shown = ", ".join(foreign[:3]) + (f" and {len(foreign) - 3} more" if len(foreign) > 3 else "")
        raise OutputError(
            f"--output {out} holds what the previous build did not write ({shown}); refusing to replace it "
            "(move those out or choose another folder)"
        )
    return manifest


def replace_folder(new: Path, out: Path, old_manifest: dict[str, Any] | None) -> None:
    """Put the finished folder ``new`` at ``out`` by rename; the old build (if any) is renamed aside first and
    restored if the swap fails, then only its listed files and its manifest are removed."""
    old = None
    if out.exists():
        old = out.parent / f".{out.name}-old-{uuid.uuid4().hex[:12]}"
        os.replace(out, old)
    try:
        os.replace(new, out)
    except BaseException:
        if old is not None:
            os.replace(old, out)
        raise
    if old is not None:
        _remove_build(old, old_manifest)


def _remove_build(folder: Path, manifest: dict[str, Any] | None) -> None:
    """Delete the files a build wrote (as its manifest lists them), then its now empty folders."""
    listed = list((manifest or {}).get("files", {})) + [MANIFEST]
    for rel in listed:
        path = folder / rel
        if path.is_file() and not path.is_symlink():
            path.unlink()
    dirs = sorted(
        {p for rel in listed for p in (folder / rel).parents if folder in p.parents}, key=lambda p: -len(p.parts)
    )
    for d in [*dirs, folder]:
        try:
            d.rmdir()  # fails, and keeps the folder, if anything else appeared in it
        except OSError:
            pass


#: A build's temp folder beside ``--out``: ``.<out>-tmp-<host>-<pid>-<random>``; one whose process is gone (same
#: host) or untouched for STALE_AFTER seconds is removed by the next build into the same ``--out``, as are the
#: ``.<out>-tmp-<random>`` folders of older versions once LEGACY_STALE_AFTER seconds old.
STALE_AFTER = 24 * 3600
LEGACY_STALE_AFTER = 600


def _host() -> str:
    return f"{zlib.crc32(socket.gethostname().encode('utf-8', 'replace')):08x}"


def temp_prefix(out: Path) -> str:
    return f".{out.name}-tmp-{_host()}-{os.getpid()}-"


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


def remove_stale(out: Path) -> list[Path]:
    """Remove the temp folders interrupted builds into ``out`` left beside it; an ``.<out>-old-<hex>`` folder (a
    build stopped between its two renames) is put back when ``out`` is missing. Says so on stderr."""
    ours = re.compile(re.escape(f".{out.name}-tmp-") + r"(?:([0-9a-f]{8})-(\d+)-)?[a-z0-9_]{8}")
    old = re.compile(re.escape(f".{out.name}-old-") + r"[0-9a-f]{12}")
    done: list[Path] = []
    try:
        entries = list(os.scandir(out.parent))
    except OSError:
        return done
    now = time.time()
    for entry in entries:
        path = Path(entry.path)
        if not entry.is_dir(follow_symlinks=False):
            continue
        age = now - entry.stat(follow_symlinks=False).st_mtime
        m = ours.fullmatch(entry.name)
        if m and m.group(1) is not None:
            here = m.group(1) == _host()
            stale = (here and int(m.group(2)) != os.getpid() and _gone(int(m.group(2)))) or age > STALE_AFTER
        else:
            stale = bool(m) and age > LEGACY_STALE_AFTER
        if stale:
            shutil.rmtree(path, ignore_errors=True)
            done.append(path)
        elif old.fullmatch(entry.name) and not os.path.lexists(out):
            os.replace(path, out)
            print(f"note: {out} restored from {entry.name}, left by an interrupted build", file=sys.stderr)
        elif old.fullmatch(entry.name) and age > LEGACY_STALE_AFTER:  # the swap was done: the old build's files go
            _remove_build(path, build_manifest(path))
            done.append(path)
    if done:
        print(f"note: removed {len(done)} temp folder(s) left by interrupted builds beside {out}", file=sys.stderr)
    return done


def remove_temp(folder: Path) -> None:
    """Remove a temporary folder this build created (never a user's folder)."""
    shutil.rmtree(folder, ignore_errors=True)
