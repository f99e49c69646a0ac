"""Download the upstream release into a cache folder, each file verified before it lands: a fetch bounded in time
and size (each limit named in its error), compressed bodies inflated within the same bound, atomic writes."""

from __future__ import annotations

import hashlib
import os
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import zlib
from pathlib import Path

from lctg_dataset.constants import PROTOCOL_FILE, SOURCE_FILES, SOURCE_SHA256, TASKS
from lctg_dataset.digest import sha256_file
from lctg_dataset.errors import SourceError

#: sha256 of protocol_prompts.json, the protocol prompts extracted as data at the pinned commit (SOURCE.md).
PROTOCOL_SHA256 = "91fcc3a648ebc02a78a3a69db1db06156506691ad56a26e1263765809cec22d1"
#: Seconds one read may wait for the server.
_DOWNLOAD_TIMEOUT_S = 60


def download(base_url: str, cache_dir: Path, *, verify: bool) -> Path:
    """Download the three jsonl files (and protocol_prompts.json if served) below ``base_url``."""
    if not base_url.endswith("/"):
        base_url += "/"
    root = cache_dir
    for task in TASKS:
        rel = SOURCE_FILES[task]
        target = root / rel
        if target.is_file() and (not verify or sha256_file(target) == SOURCE_SHA256[task]):
            continue  # already cached and intact
        url = urllib.parse.urljoin(base_url, rel)
        data = _get(url)
        digest = hashlib.sha256(data).hexdigest()
        if verify and digest != SOURCE_SHA256[task]:
            raise SourceError(
                f"sha256 mismatch for {rel} downloaded from {url}: got {digest}, expected "
                f"{SOURCE_SHA256[task]}; nothing was written"
            )
        _atomic_write_bytes(target, data)
    protocol_target = root / PROTOCOL_FILE
    if not protocol_target.is_file():
        url = urllib.parse.urljoin(base_url, PROTOCOL_FILE)
        protocol: bytes | None
        try:
            protocol = _get(url)
        except SourceError:
            protocol = None  # upstream keeps the protocol prompts in Python code; only mirrors serve the JSON
        if protocol is not None:
            digest = hashlib.sha256(protocol).hexdigest()
            if verify and digest != PROTOCOL_SHA256:
                raise SourceError(
                    f"sha256 mismatch for {PROTOCOL_FILE} downloaded from {url}: got {digest}, expected "
                    f"{PROTOCOL_SHA256}; nothing was written"
                )
            _atomic_write_bytes(protocol_target, protocol)
    return root


#: Where a failed download points: a local copy of the release, given by flag or environment variable.
_OFFLINE_HINT = (
    "to build offline, point --source (or $LCTG_SOURCE) at a copy of the release: the folder holding "
    "datasets/<task>/prompts_v1.jsonl"
)


#: Limits of one download, each named in its error: the whole download's time (a server dripping its body is cut
#: here) and its size as decoded (the release's largest file is 1.2 MB; a gzip body is inflated within it too).
DOWNLOAD_DEADLINE_S = 300
MAX_DOWNLOAD_BYTES = 64 * 1024 * 1024


def _failed(url: str, why: str) -> SourceError:
    return SourceError(f"download failed: {url} {why}; {_OFFLINE_HINT}")


def _get(url: str) -> bytes:
    """The body at ``url`` within :data:`DOWNLOAD_DEADLINE_S` and :data:`MAX_DOWNLOAD_BYTES` (gzip/deflate inflated)."""
    deadline, parts, total = time.monotonic() + DOWNLOAD_DEADLINE_S, [], 0
    try:
        with urllib.request.urlopen(url, timeout=_DOWNLOAD_TIMEOUT_S) as response:
            encoding = (response.headers.get("Content-Encoding") or "").strip().lower()
            while piece := response.read1(64 * 1024):  # whatever has arrived: the deadline is checked often
                total += len(piece)
                if total > MAX_DOWNLOAD_BYTES:
                    raise _failed(url, f"is larger than {MAX_DOWNLOAD_BYTES:,} bytes (source.MAX_DOWNLOAD_BYTES)")
                if time.monotonic() > deadline:
                    raise _failed(url, f"took longer than {DOWNLOAD_DEADLINE_S} s (source.DOWNLOAD_DEADLINE_S)")
                parts.append(piece)
    except urllib.error.HTTPError as e:
        raise _failed(url, f"answered HTTP {e.code}") from None
    except (urllib.error.URLError, OSError) as e:
        raise _failed(url, f"({e})") from None
    data = b"".join(parts)
    if encoding not in ("gzip", "x-gzip", "deflate") and data[:2] != b"\x1f\x8b":
        return data
    kind = "deflate" if encoding == "deflate" else "gzip"
    decoder = zlib.decompressobj(16 + zlib.MAX_WBITS if kind == "gzip" else zlib.MAX_WBITS)
    try:
        out = decoder.decompress(data, MAX_DOWNLOAD_BYTES + 1)
        out += b"" if decoder.unconsumed_tail or len(out) > MAX_DOWNLOAD_BYTES else decoder.flush()
    except zlib.error as e:
        raise _failed(url, f"sent {kind}-compressed data that is corrupt ({e})") from None
    if decoder.unconsumed_tail or len(out) > MAX_DOWNLOAD_BYTES:
        raise _failed(url, f"inflates to more than {MAX_DOWNLOAD_BYTES:,} bytes (source.MAX_DOWNLOAD_BYTES)")
    if not decoder.eof:
        raise _failed(url, f"sent {kind}-compressed data that is cut short")
    return out


def _atomic_write_bytes(target: Path, data: bytes) -> None:
    """Write ``target`` by temp file and rename; a folder that cannot be written is named (never the temp file)."""
    tmp = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-", suffix=target.suffix)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, target)
    except BaseException as e:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        if isinstance(e, OSError):
            raise SourceError(
                f"cannot write the download cache {target.parent} ({e.strerror or e}); set "
                "LCTG_CACHE_DIR to a writable folder, or point --source at a local copy"
            ) from None
        raise
