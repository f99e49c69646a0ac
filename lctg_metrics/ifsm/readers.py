"""Multiple-choice readers by name: each picks one candidate slot per item, or None when it cannot tell."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from lctg_metrics.ifsm.calibration import CalibratedReads, Reading
from lctg_metrics.ifsm.encoders import get_encoder
from lctg_metrics.ifsm.head import HEAD_FORMAT_V2, featurize, head_digest, load_head
from lctg_metrics.ifsm.items import MCItem, Reader, ReaderInfo
from lctg_metrics.schema import ScoringError

DATA = Path(__file__).parent / "data"
DEFAULT_HEAD = "head-use-m3-v4.json"  # calibrated, reads without the question's and story's words; v3: question only


class EmbeddingReader:
    """Offline reader: cosine features of context/question/ending through a small fitted head. Weak.

    A format-2 head reads calibrated (``calibration.py``): the target is chosen only when it beats the item's own
    content-free probes and the question itself; an ablating head (the default, v4) reads every candidate without
    the question's and the story's words (``ablation.py``); a format-1 head reads by argmax alone."""

    def __init__(self, head_path: str | Path) -> None:
        self.head = load_head(head_path)
        self.encoder = get_encoder(self.head.encoder)
        self.calibrated = self.head.format == HEAD_FORMAT_V2
        self._reads = CalibratedReads(self.head, self.encoder) if self.calibrated else None
        acc = self.head.eval_accuracy
        self.info = ReaderInfo(
            name=f"embedding-{self.head.encoder}",
            version=f"{self.head.version}+{self.encoder.name}@{self.encoder.version}",
            digest=head_digest(self.head),
            weak=True,
            measured_accuracy=acc,
            note=(
                f"weak reader: {acc:.3f} accuracy on gold endings of the eval half (humans 0.925, chance 0.25)"
                if acc is not None
                else "weak reader: accuracy not measured"
            )
            + ("; calibrated against content-free and question probes" if self.calibrated else "")
            + (f"; reads every candidate without the {self.head.ablate.replace('-', ' ')}" if self.head.ablate else ""),
        )

    def read(self, items: Sequence[MCItem]) -> list[Reading]:
        """Per item: the choice, the head's score per candidate, the target's margin and the threshold it had to
        pass (format 1: 0, the plain argmax)."""
        if not items:
            return []
        if self._reads is not None:
            return self._reads.read(items)
        scores = self.head.scores(featurize(self.encoder, items))
        out = []
        for item, row in zip(items, scores):
            others = max(float(v) for k, v in enumerate(row) if k != item.target)
            out.append(
                Reading(int(np.argmax(row)), tuple(float(v) for v in row), float(row[item.target]) - others, 0.0)
            )
        return out

    def choose(self, items: Sequence[MCItem]) -> list[int | None]:
        return [r.choice for r in self.read(items)]


def _embedding(head_path: str | Path | None = None) -> Reader:
    return EmbeddingReader(head_path or DATA / DEFAULT_HEAD)


def _embedding_e5(head_path: str | Path | None = None) -> Reader:
    return EmbeddingReader(head_path or DATA / "head-e5-small-q4-v1.json")


def _llm(config: Any = None, **options: Any) -> Reader:
    from lctg_metrics.ifsm.llm_reader import LLMReader

    if config is None:
        raise ValueError("reader 'llm' needs config=LLMConfig(base_url=..., model=...); offline: reader='embedding'")
    return LLMReader(config, **options)


READERS: dict[str, Callable[..., Reader]] = {"llm": _llm, "embedding": _embedding, "embedding-e5": _embedding_e5}


def get_reader(name: str, **options: Any) -> Reader:
    """The reader ``name`` built with ``options`` (``llm``: ``config=LLMConfig``; embedding: ``head_path``)."""
    if name not in READERS:
        raise ScoringError(f"unknown IFSM reader {name!r}; valid: {', '.join(sorted(READERS))}")
    return READERS[name](**options)


def register_reader(name: str, factory: Callable[..., Reader], *, replace: bool = False) -> None:
    """Add a reader factory (its name must be new unless ``replace`` says to replace one, as every registry does)."""
    if name in READERS and not replace:
        raise ValueError(f"IFSM reader {name!r} is already registered (replace=True to replace it)")
    READERS[name] = factory
