"""Calibrated reading (format-2 heads): features against the item's own probes, and a per-item gate.

For each item the reader also reads its content-free probe endings in the target slot (``probes.py``): the target
counts as chosen only when it is the best candidate, beats the ``gate_quantile`` of those probes' margins, and beats
the question itself put in its place. So an ending that says nothing specific reads at most at chance on each item,
and restating the question earns no more than the question. Probes use the item alone, never its answer.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from lctg_metrics.ifsm.ablation import ablate, ablated_item, source
from lctg_metrics.ifsm.encoders import Encoder
from lctg_metrics.ifsm.guards import sentences
from lctg_metrics.ifsm.head import Head, head_digest
from lctg_metrics.ifsm.items import MCItem
from lctg_metrics.ifsm.probes import (
    ProbeSet,
    appended_endings,
    content_free_endings,
    question_endings,
)

#: Hinge points of the format-2 features (cosines; set on the fit half: gold endings' similarity to their question
#: has median 0.24, question restatements sit above 0.5; candidates of one item above 0.8 are near copies).
QUESTION_KNOTS = (0.35, 0.5)
PROBE_KNOT = 0.5
NEAR_COPY = 0.8
SELF = 0.9999  # a probe this close to the ending is the ending itself: not counted as its reference


@dataclass(frozen=True)
class Reading:
    """One item read: ``choice`` is the slot read as the answer, ``scores`` the head's score per candidate,
    ``margin`` the target's score minus the best other one, ``threshold`` what the margin had to exceed (0, the
    gate quantile of the content-free probes' margins, the question's own margin: the largest)."""

    choice: int
    scores: tuple[float, ...]
    margin: float
    threshold: float

    @property
    def target_chosen(self) -> bool:
        return self.margin > self.threshold


def probe_set(head: Head) -> ProbeSet:
    """The head's probe templates."""
    if head.probes is None:
        raise ValueError(f"head {head.version} has no probes (a format-1 head reads uncalibrated)")
    return ProbeSet(tuple(head.probes["content_free"]), tuple(head.probes["question"]))


def _features(
    q: np.ndarray, c: np.ndarray, s: np.ndarray, o: np.ndarray, ref: np.ndarray, qp: np.ndarray
) -> np.ndarray:
    """``(k, len(FEATURES_V2))`` for candidate vectors ``o``; the order is ``head.FEATURES_V2``."""
    cq, cc, sent, pair = o @ q, o @ c, o @ s.T, o @ o.T
    k = len(o)
    others = (pair.sum(1) - np.diag(pair)) / (k - 1)
    nearest = (pair - 2 * np.eye(k)).max(1)
    generic, question_like = o @ ref.T, (o @ qp.T).max(1)
    return np.stack(
        [
            cq,
            cq - cq.mean(),
            cc,
            cc - cc.mean(),
            sent[:, -1],
            sent.max(1),
            others,
            np.maximum(cq - QUESTION_KNOTS[0], 0),
            np.maximum(cq - QUESTION_KNOTS[1], 0),
            generic.max(1),
            generic.mean(1),
            question_like,
            np.maximum(question_like - PROBE_KNOT, 0),
            nearest,
            np.maximum(nearest - NEAR_COPY, 0),
        ],
        1,
    )


def _slot(item: MCItem, endings: Sequence[str], ablating: str | None) -> tuple[MCItem, list[str]]:
    """The item and the endings as the head reads them in the candidate slots (ablated when it ablates)."""
    if not ablating:
        return item, list(endings)
    words = source(item, ablating)
    return ablated_item(item, ablating), [ablate(e, words) for e in endings]


def feature_sets(
    encoder: Encoder, item: MCItem, endings: Sequence[str], probes: ProbeSet, ablating: str | None = None
) -> np.ndarray:
    """``(len(endings), k, d)``: the item's features with each of ``endings`` in its target slot (``ablating``: every
    candidate without the question's (and story's) words; the question, context and probe references are read as they
    are)."""
    view, ends = _slot(item, endings, ablating)
    return _view_features(encoder, view, ends, probes)


def _view_texts(view: MCItem, probes: ProbeSet) -> list[str]:
    """The texts :func:`_view_features` embeds besides the endings: question, context, its sentences, the candidates
    as read, the probe references (read as they are)."""
    ss = sentences(view.context) or [view.context]
    references = [*content_free_endings(view, probes), *question_endings(view, probes)]
    return [view.question, view.context, *ss, *view.options, *references]


def _view_features(encoder: Encoder, view: MCItem, ends: Sequence[str], probes: ProbeSet) -> np.ndarray:
    """:func:`feature_sets` of an item as the head reads it (``view``: its candidates already ablated, when the head
    ablates) with each of ``ends`` (likewise) in the target slot."""
    ss = sentences(view.context) or [view.context]
    n_cf, n_qf = len(probes.content_free), len(probes.question)
    vec = encoder.encode([*_view_texts(view, probes), *ends])
    at = 2 + len(ss)
    q, c, s = vec[0], vec[1], vec[2:at]
    o = vec[at : at + len(view.options)]
    at += len(view.options)
    ref, qp, ends_v = vec[at : at + n_cf], vec[at + n_cf : at + n_cf + n_qf], vec[at + n_cf + n_qf :]
    out = []
    for e in ends_v:
        opts = o.copy()
        opts[view.target] = e
        keep = ref[(ref @ e) < SELF]
        out.append(_features(q, c, s, opts, keep if len(keep) else ref, qp))
    return np.stack(out) if out else np.zeros((0, len(view.options), 15))


def _texts(item: MCItem, probes: ProbeSet, ablating: str | None, fitting: bool) -> list[str]:
    ss = sentences(item.context) or [item.context]
    slot = [
        *content_free_endings(item, probes),
        *question_endings(item, probes),
        *(appended_endings(item) if fitting else ()),
    ]  # the appended negatives serve the fitting only
    view, ends = _slot(item, slot, ablating)
    return [item.question, item.context, *ss, *view.options, *slot, *ends]


def warm(
    encoder: Encoder, items: Sequence[MCItem], probes: ProbeSet, ablating: str | None = None, fitting: bool = False
) -> None:
    """Embed every text the items and their probes need in one batched pass (then reads are cache lookups)."""
    encoder.encode(list(dict.fromkeys(t for item in items for t in _texts(item, probes, ablating, fitting))))


def _margin(scores: np.ndarray, target: int) -> np.ndarray:
    """Target's score minus the best other candidate's, per row of ``scores`` ``(m, k)``."""
    others = np.delete(scores, target, axis=1)
    return scores[:, target] - others.max(1)


def item_key(item: MCItem) -> str:
    """What an item's constants depend on besides the head and the encoder: its context, question, the candidates
    outside the target slot and the slot (never the ending in it)."""
    others = [o for k, o in enumerate(item.options) if k != item.target]
    blob = json.dumps([item.context, item.question, others, item.target], ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:32]


class CalibratedReads:
    """Reads items with a format-2 head. Each item's constants (the threshold from its probe margins, and its other
    candidates as the head reads them) are computed once per head and encoder and kept in the encoder's memo, so the
    attack sets and the gold set of one result, and a later run through the attack cache, share them."""

    def __init__(self, head: Head, encoder: Encoder) -> None:
        if head.gate_quantile is None:
            raise ValueError(f"head {head.version} has no gate_quantile")
        self.head, self.encoder, self.probes = head, encoder, probe_set(head)
        self.ablating = head.ablate
        self.quantile: float = head.gate_quantile
        #: item key -> [threshold, the other candidates as read (ablated; None when the head does not ablate)]
        self._known = encoder.memo(f"calibration:{head_digest(head)}")

    def _threshold(self, item: MCItem) -> float:
        cf = content_free_endings(item, self.probes)
        question = question_endings(item, self.probes)[:1]  # the question itself
        scores = self.head.scores(feature_sets(self.encoder, item, [*cf, *question], self.probes, self.ablating))
        margins = _margin(scores, item.target)
        gate = float(np.quantile(margins[: len(cf)], self.quantile))
        # ablating, the question's words are gone from every slot: the question itself is no probe any more
        return max(0.0, gate) if self.ablating else max(0.0, gate, float(margins[-1]))

    def _constants(self, item: MCItem, key: str) -> list[Any]:
        if key not in self._known:
            view = ablated_item(item, self.ablating) if self.ablating else None
            others = None if view is None else [o for k, o in enumerate(view.options) if k != item.target]
            self._known[key] = [self._threshold(item), others]
        return self._known[key]

    def _view(self, item: MCItem, known: list[Any] | None) -> MCItem:
        """``item`` as the head reads it: every candidate ablated (the others taken from the item's constants)."""
        if not self.ablating:
            return item
        if known is None:
            return ablated_item(item, self.ablating)
        options = list(known[1])
        options.insert(item.target, ablate(item.options[item.target], source(item, self.ablating)))
        return MCItem(item.id, item.context, item.question, tuple(options), item.target)

    def read(self, items: Sequence[MCItem]) -> list[Reading]:
        keys = [item_key(item) for item in items]
        # the probes and their ablated forms are read only for items whose constants are not known yet
        warm(self.encoder, [i for i, k in zip(items, keys) if k not in self._known], self.probes, self.ablating)
        views = [self._view(item, self._known.get(key)) for item, key in zip(items, keys)]
        self.encoder.encode(list(dict.fromkeys(t for view in views for t in _view_texts(view, self.probes))))
        out = []
        for item, key, view in zip(items, keys, views):
            scores = self.head.scores(_view_features(self.encoder, view, [view.options[view.target]], self.probes))
            margin, threshold = float(_margin(scores, item.target)[0]), float(self._constants(item, key)[0])
            row = scores[0]
            if margin > threshold:
                choice = item.target
            else:
                choice = max((k for k in range(len(row)) if k != item.target), key=lambda k: row[k])
            out.append(Reading(choice, tuple(float(v) for v in row), margin, threshold))
        return out


def negative_sets(
    encoder: Encoder, items: Sequence[MCItem], probes: ProbeSet, ablating: str | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Fitting data: ``(n, k, d)`` features of the items as given and ``(n, m, k, d)`` with each probe ending (content
    free, question forms, another candidate plus the question) in the target slot."""
    warm(encoder, items, probes, ablating, fitting=True)
    given, probed = [], []
    for item in items:
        endings = [*content_free_endings(item, probes), *question_endings(item, probes), *appended_endings(item)]
        sets = feature_sets(encoder, item, [item.options[item.target], *endings], probes, ablating)
        given.append(sets[0])
        probed.append(sets[1:])
    return np.stack(given), np.stack(probed)
