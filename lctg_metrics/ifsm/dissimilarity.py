"""Dissimilarity of endings: 1 − cosine, per item against the gold ending and pairwise within a passage."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from itertools import combinations

import numpy as np

from lctg_metrics.ifsm.encoders import Encoder


def to_gold(encoder: Encoder, generated: Sequence[str], gold: Sequence[str]) -> list[float]:
    """Per item ``1 − cos(generated, gold)`` (0 = same meaning, up to 2)."""
    if not generated:
        return []
    a, b = encoder.encode(list(generated)), encoder.encode(list(gold))
    return [float(x) for x in np.clip(1.0 - np.sum(a * b, axis=1), 0.0, 2.0)]


def within_passage(encoder: Encoder, generated: Sequence[str], passage_ids: Sequence[str]) -> float | None:
    """The paper's Dissimilarity: mean over passages of the mean ``1 − cos`` over pairs of its endings."""
    groups: dict[str, list[str]] = defaultdict(list)
    for text, passage in zip(generated, passage_ids):
        groups[passage].append(text)
    means = []
    for texts in groups.values():
        if len(texts) < 2:
            continue
        vectors = encoder.encode(texts)
        pairs = combinations(range(len(texts)), 2)
        means.append(np.mean([max(0.0, 1.0 - float(vectors[i] @ vectors[j])) for i, j in pairs]))
    return float(np.mean(means)) if means else None
