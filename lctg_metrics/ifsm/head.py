"""The embedding reader's head: cosine features per candidate, a numpy conditional logit, a versioned file."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from lctg_metrics.ifsm.encoders import Encoder
from lctg_metrics.ifsm.guards import sentences
from lctg_metrics.ifsm.items import MCItem

HEAD_FORMAT = "lctg-ifsm-head/1"
FEATURES = ("cos_question", "cos_question_rel", "cos_context", "cos_context_rel", "cos_last_sentence",
            "cos_best_sentence", "cos_other_options")
L2 = 0.01        # ridge on standardised weights; 1e-3..1e-1 measured equal on the eval half
STEPS, RATE = 500, 0.5


@dataclass(frozen=True)
class Head:
    """Fitted parameters plus what they were fitted on and how well they read gold endings."""

    version: str
    encoder: str
    encoder_version: str
    mean: list[float]
    scale: list[float]
    weights: list[float]
    fitted_on: str
    eval_accuracy: float | None = None
    eval_ci: list[float] | None = None
    eval_n: int | None = None
    format: str = HEAD_FORMAT
    features: tuple[str, ...] = FEATURES

    def scores(self, features: np.ndarray) -> np.ndarray:
        """Candidate scores ``(n, k)`` for features ``(n, k, d)``."""
        return ((features - np.asarray(self.mean)) / np.asarray(self.scale)) @ np.asarray(self.weights)


def featurize(encoder: Encoder, items: Sequence[MCItem]) -> np.ndarray:
    """``(n, k, len(FEATURES))`` cosine features; all texts embedded in one cached pass."""
    splits = [sentences(item.context) or [item.context] for item in items]
    texts = [t for item, ss in zip(items, splits) for t in (item.question, item.context, *ss, *item.options)]
    table = dict(zip(texts, encoder.encode(texts)))
    out = []
    for item, ss in zip(items, splits):
        opts = np.stack([table[o] for o in item.options])
        cq, cc = opts @ table[item.question], opts @ table[item.context]
        sent = np.stack([opts @ table[s] for s in ss])
        pair = opts @ opts.T
        others = (pair.sum(1) - np.diag(pair)) / (len(item.options) - 1)
        out.append(np.stack([cq, cq - cq.mean(), cc, cc - cc.mean(), sent[-1], sent.max(0), others], 1))
    return np.stack(out).astype(np.float64)


def fit_head(features: np.ndarray, labels: np.ndarray, *, encoder: Encoder, version: str, fitted_on: str) -> Head:
    """Gradient descent on the multinomial (conditional) logit over candidates, ridge ``L2``; deterministic."""
    n, _, d = features.shape
    flat = features.reshape(-1, d)
    mean, scale = flat.mean(0), flat.std(0) + 1e-9
    x = (features - mean) / scale
    w = np.zeros(d)
    for _ in range(STEPS):
        s = x @ w
        p = np.exp(s - s.max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        grad = (np.einsum("nk,nkd->d", p, x) - x[np.arange(n), labels].sum(0)) / n + L2 * w
        w -= RATE * grad
    return Head(version, encoder.name, encoder.version, mean.round(8).tolist(), scale.round(8).tolist(),
                w.round(8).tolist(), fitted_on)


def head_bytes(head: Head) -> bytes:
    """Canonical file content (sorted keys, one trailing newline): what the digest covers."""
    return (json.dumps(asdict(head), sort_keys=True, indent=1, ensure_ascii=False) + "\n").encode()


def head_digest(head: Head) -> str:
    """First 12 hex digits of the sha256 of :func:`head_bytes`."""
    return hashlib.sha256(head_bytes(head)).hexdigest()[:12]


def save_head(head: Head, path: str | Path) -> str:
    """Write the head file; returns its digest."""
    Path(path).write_bytes(head_bytes(head))
    return head_digest(head)


def load_head(path: str | Path) -> Head:
    """Read a head file; a wrong format or feature list raises naming the file."""
    raw: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
    if raw.get("format") != HEAD_FORMAT:
        raise ValueError(f"{path}: format {raw.get('format')!r} is not {HEAD_FORMAT!r}")
    if tuple(raw.get("features", ())) != FEATURES:
        raise ValueError(f"{path}: features {raw.get('features')} differ from this code's {list(FEATURES)}")
    raw["features"] = tuple(raw["features"])
    return Head(**raw)
