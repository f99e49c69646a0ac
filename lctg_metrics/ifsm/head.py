"""The embedding reader's head: cosine features per candidate, a numpy conditional logit, a versioned file.

Format 1 (``v1`` heads): seven cosine features, argmax reading. Format 2 (calibrated heads, ``calibration.py``): the
features of ``FEATURES_V2``, a probe set and a gate, fitted with gaming negatives (gold must beat probe endings).
"""

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
HEAD_FORMAT_V2 = "lctg-ifsm-head/2"
FEATURES = (
    "cos_question",
    "cos_question_rel",
    "cos_context",
    "cos_context_rel",
    "cos_last_sentence",
    "cos_best_sentence",
    "cos_other_options",
)
#: Format 2 adds hinges on closeness to the question, closeness to the item's content-free probes ("generic"), to
#: its question-form probes, and to the nearest other candidate (a copied candidate with words glued on).
FEATURES_V2 = FEATURES + (
    "cos_question_over_0.35",
    "cos_question_over_0.5",
    "cos_generic_max",
    "cos_generic_mean",
    "cos_question_probe_max",
    "cos_question_probe_over_0.5",
    "cos_nearest_option",
    "cos_nearest_option_over_0.8",
)
FORMATS = {HEAD_FORMAT: FEATURES, HEAD_FORMAT_V2: FEATURES_V2}
L2 = 0.01  # ridge on standardised weights; 1e-3..1e-1 measured equal on the eval half
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
    #: format 2: ``{"content_free": [...], "question": [...]}`` templates (``probes.ProbeSet``)
    probes: dict[str, list[str]] | None = None
    #: format 2: the target is read as chosen only above this quantile of its content-free probes' margins
    gate_quantile: float | None = None
    #: format 2: weight of the gaming negatives (gold against probe endings) in the fitting loss
    negatives_weight: float | None = None
    #: format 2: ``"question-words"`` reads every candidate without the question's words, ``"question-and-story-words"``
    #: without the question's and the story's (``ablation.py``)
    ablate: str | None = None

    def scores(self, features: np.ndarray) -> np.ndarray:
        """Candidate scores ``(n, k)`` for features ``(n, k, d)``."""
        scale = np.asarray(self.scale)
        scale = np.where(scale > 0, scale, 1.0)  # a feature constant on the fitting data (scale rounded to 0) adds 0
        return ((features - np.asarray(self.mean)) / scale) @ np.asarray(self.weights)


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


def fit_head(
    features: np.ndarray,
    labels: np.ndarray,
    *,
    encoder: Encoder,
    version: str,
    fitted_on: str,
    negatives: np.ndarray | None = None,
    negatives_weight: float = 0.0,
) -> Head:
    """Gradient descent on the multinomial (conditional) logit over candidates, ridge ``L2``; deterministic.

    ``negatives`` ``(n, m, k, d)``: each item with m probe endings in its gold slot; with ``negatives_weight`` > 0 a
    pairwise logistic term asks the gold ending to outscore every probe ending in that slot.
    """
    n, _, d = features.shape
    flat = (
        features.reshape(-1, d)
        if negatives is None
        else np.concatenate([features.reshape(-1, d), negatives.reshape(-1, d)])
    )
    mean, scale = flat.mean(0), flat.std(0) + 1e-9
    x = (features - mean) / scale
    rows = np.arange(n)
    if negatives is not None:
        diff = x[rows, labels][:, None] - ((negatives - mean) / scale)[rows, :, labels]  # (n, m, d): gold - probe
    w = np.zeros(d)
    for _ in range(STEPS):
        s = x @ w
        p = np.exp(s - s.max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        grad = (np.einsum("nk,nkd->d", p, x) - x[rows, labels].sum(0)) / n + L2 * w
        if negatives is not None and negatives_weight:
            grad -= negatives_weight * np.einsum("nm,nmd->d", 1 / (1 + np.exp(diff @ w)), diff) / diff[..., 0].size
        w -= RATE * grad
    return Head(
        version,
        encoder.name,
        encoder.version,
        mean.round(8).tolist(),
        scale.round(8).tolist(),
        w.round(8).tolist(),
        fitted_on,
    )


def head_bytes(head: Head) -> bytes:
    """Canonical file content (sorted keys, one trailing newline): what the digest covers."""
    raw = {k: v for k, v in asdict(head).items() if not (k in _V2_ONLY and v is None)}  # format 1 files unchanged
    return (json.dumps(raw, sort_keys=True, indent=1, ensure_ascii=False) + "\n").encode()


_V2_ONLY = ("probes", "gate_quantile", "negatives_weight", "ablate")  # absent: older files unchanged


def head_digest(head: Head) -> str:
    """First 12 hex digits of the sha256 of :func:`head_bytes`."""
    return hashlib.sha256(head_bytes(head)).hexdigest()[:12]


def save_head(head: Head, path: str | Path) -> str:
    """Write the head file; returns its digest."""
    Path(path).write_bytes(head_bytes(head))
    return head_digest(head)


def load_head(path: str | Path) -> Head:
    """Read a head file; a missing or unreadable file, or a wrong format or feature list, raises naming the file."""
    what = "a head file is the JSON object a reader's calibration writes"
    try:
        raw: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"{path}: no such head file") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"{path}: not a head file ({e}); {what}") from None
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: not a head file (it holds a JSON {type(raw).__name__}); {what}")
    if raw.get("format") not in FORMATS:
        raise ValueError(f"{path}: format {raw.get('format')!r} is not one of {sorted(FORMATS)}")
    if tuple(raw.get("features", ())) != FORMATS[raw["format"]]:
        raise ValueError(
            f"{path}: features {raw.get('features')} differ from this code's {list(FORMATS[raw['format']])}"
        )
    if raw["format"] == HEAD_FORMAT_V2 and not (raw.get("probes") and raw.get("gate_quantile") is not None):
        raise ValueError(f"{path}: a {HEAD_FORMAT_V2} head needs 'probes' and 'gate_quantile'")
    if raw.get("ablate") not in (None, "question-words", "question-and-story-words"):
        raise ValueError(
            f"{path}: ablate {raw['ablate']!r} is not one this code knows "
            "('question-words', 'question-and-story-words')"
        )
    raw["features"] = tuple(raw["features"])
    try:
        return Head(**raw)
    except TypeError as e:  # a field missing or unknown
        raise ValueError(f"{path}: not a head file of this code ({e}); {what}") from None
