"""What the gold endings' run read, kept per encoder beside the attack tables: the vectors of its texts (questions,
contexts, candidates, probes), so a later run embeds only the new endings, and the encoder's memos (a calibrated
reader's per item constants: the probe threshold and the other candidates as read), so a later run reads no probe.

Vectors are keyed by the encoder's name, version and fingerprint (its vectors for fixed sentences) and the scope (the
rows' digest and the reader); constants by the same and the IFSM code's digest (the code derives them). Cleared with
the tables (:func:`lctg_metrics.ifsm.attack_cache.clear_cache`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import zipfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from lctg_metrics.ifsm.cache_folder import cache_dir, code_digest, write_atomic
from lctg_metrics.ifsm.encoders import Encoder

ENCODINGS_FORMAT = "lctg-ifsm-encodings/1"
CONSTANTS_FORMAT = "lctg-ifsm-constants/1"
#: What a file that is not ours, or a damaged one, raises on reading (then it is ignored, never trusted).
UNREADABLE = (OSError, ValueError, KeyError, TypeError, AttributeError, EOFError, zipfile.BadZipFile)


def _encodings_path(encoder: Encoder, scope: str, folder: Path) -> Path:
    key = hashlib.sha256(
        "|".join((ENCODINGS_FORMAT, encoder.name, encoder.version, encoder.fingerprint, scope)).encode()
    ).hexdigest()[:24]
    return folder / f"enc-{key}.npz"


def load_encodings(encoder: Encoder, scope: str, folder: Path | None = None) -> set[str]:
    """Preload ``encoder`` with the vectors kept for ``scope`` by this same encoder (same name, version and
    fingerprint); the texts loaded (none: absent, unreadable or turned off)."""
    folder = folder or cache_dir()
    if folder is None:
        return set()
    try:
        with np.load(_encodings_path(encoder, scope, folder), allow_pickle=False) as data:
            texts = json.loads(data["texts"].tobytes().decode("utf-8"))
            vectors = data["vectors"]
            if not isinstance(texts, list) or vectors.ndim != 2 or len(texts) != len(vectors):
                return set()
            encoder.preload(texts, vectors)
    except UNREADABLE:
        return set()
    return set(texts)


def save_encodings(encoder: Encoder, texts: Iterable[str], scope: str, folder: Path | None = None) -> None:
    """Keep the vectors of ``texts`` (those ``encoder`` holds) for ``scope``: temp file then rename."""
    folder = folder or cache_dir()
    if folder is None:
        return
    kept, vectors = encoder.vectors(texts)
    blob = np.frombuffer(json.dumps(kept, ensure_ascii=False).encode("utf-8"), dtype=np.uint8)
    write_atomic(_encodings_path(encoder, scope, folder), lambda f: np.savez(f, texts=blob, vectors=vectors), "wb")


def _constants_path(encoder: Encoder, scope: str, folder: Path) -> Path:
    key = hashlib.sha256(
        "|".join((CONSTANTS_FORMAT, code_digest(), encoder.name, encoder.version, encoder.fingerprint, scope)).encode()
    ).hexdigest()[:24]
    return folder / f"const-{key}.npz"


def load_constants(encoder: Encoder, scope: str, folder: Path | None = None) -> dict[str, set[str]]:
    """Fill ``encoder``'s memos (:meth:`Encoder.memo`: what a calibrated reader derives per item) with those kept for
    ``scope`` by this encoder and this IFSM code; the keys loaded per namespace (none: absent, unreadable, off)."""
    folder = folder or cache_dir()
    if folder is None:
        return {}
    path = _constants_path(encoder, scope, folder)
    try:
        with np.load(path, allow_pickle=False) as data:
            kept = json.loads(data["memos"].tobytes().decode("utf-8"))
        if kept.get("format") != CONSTANTS_FORMAT or kept.get("file") != path.name:
            return {}
        memos = kept["memos"]
        if not all(isinstance(m, dict) for m in memos.values()):
            return {}
    except UNREADABLE:
        return {}
    for namespace, entries in memos.items():
        encoder.memo(namespace).update(entries)
    return {namespace: set(entries) for namespace, entries in memos.items()}


def save_constants(encoder: Encoder, memos: Mapping[str, Mapping[str, Any]], scope: str, folder: Path) -> None:
    """Keep ``memos`` for ``scope`` (temp file then rename)."""
    path = _constants_path(encoder, scope, folder)
    blob = json.dumps({"format": CONSTANTS_FORMAT, "file": path.name, "memos": memos}, ensure_ascii=False)
    write_atomic(path, lambda f: np.savez(f, memos=np.frombuffer(blob.encode("utf-8"), dtype=np.uint8)), "wb")


@contextlib.contextmanager
def kept_encodings(encoders: Iterable[Any], scope: str, enabled: bool = True) -> Iterator[None]:
    """Preload each encoder with its vectors and memos (per item constants) kept for ``scope``; after the block, keep
    the vectors of every text the block embedded, and the memos, when some were new (a block that fails keeps
    nothing). Not an Encoder (None, a stand-in object): left alone."""
    chosen = list({id(e): e for e in encoders if isinstance(e, Encoder)}.values()) if enabled else []
    loaded = [load_encodings(e, scope) for e in chosen]
    loaded_memos = [load_constants(e, scope) for e in chosen]
    with contextlib.ExitStack() as stack:
        seen = [stack.enter_context(e.recording()) for e in chosen]
        yield
    folder = cache_dir()
    for encoder, had, used, had_memos in zip(chosen, loaded, seen, loaded_memos):
        if used - had:
            save_encodings(encoder, used, scope)
        # the whole memo: an item this scope reads may have been derived earlier in the process, outside the block
        if folder is not None and any(set(m) - had_memos.get(n, set()) for n, m in encoder.memos().items()):
            save_constants(encoder, {n: m for n, m in encoder.memos().items() if m}, scope, folder)
