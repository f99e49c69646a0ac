"""Fit an embedding reader's head on the ``fit`` half and record its gold accuracy on the ``eval`` half.

    python -m lctg_metrics.ifsm.fit_head --encoder use-m3 --out lctg_metrics/ifsm/data/head-use-m3-v1.json
    python -m lctg_metrics.ifsm.fit_head --encoder use-m3 --calibrated --out lctg_metrics/ifsm/data/head-use-m3-v2.json
    python -m lctg_metrics.ifsm.fit_head --encoder use-m3 --calibrated --ablate question-and-story-words \
        --out lctg_metrics/ifsm/data/head-use-m3-v4.json
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from dataclasses import asdict, replace
from typing import Any

import numpy as np

from lctg_metrics.ifsm.ablation import ABLATIONS
from lctg_metrics.ifsm.calibration import CalibratedReads, negative_sets
from lctg_metrics.ifsm.encoders import get_encoder
from lctg_metrics.ifsm.head import (
    FEATURES_V2,
    HEAD_FORMAT_V2,
    Head,
    featurize,
    fit_head,
    save_head,
)
from lctg_metrics.ifsm.items import gold_item
from lctg_metrics.ifsm.probes import DEFAULT_PROBES, ProbeSet
from lctg_metrics.ifsm.stats import bootstrap_ci

HEAD_VERSION = "v1"
CALIBRATED_VERSION = "v2-cal"
ABLATING_VERSION = {"question-words": "v3-abl", "question-and-story-words": "v4-abl"}
#: Weight of the gaming negatives; on the fit half 1-4 trade 0.01-0.02 of gold accuracy for resistance, 2 kept.
NEGATIVES_WEIGHT = 2.0
#: The target must beat this quantile of its content-free probes' margins: a content-free ending then reads at
#: most at chance (1 - 0.75 = 0.25) on every item.
GATE_QUANTILE = 0.75


def _described(fit_rows: Sequence[Mapping[str, Any]], seed: int) -> str:
    return f"story_endings fit half (seed {seed}, {len(fit_rows)} questions, Possible Stories dev+test)"


def _measured(head: Head, hits: np.ndarray, seed: int) -> Head:
    low, high = bootstrap_ci(hits, seed=seed)
    return replace(
        head, eval_accuracy=round(float(hits.mean()), 4), eval_ci=[round(low, 4), round(high, 4)], eval_n=len(hits)
    )


def fit_and_measure(rows: Sequence[Mapping[str, Any]], encoder_name: str, *, seed: int = 0) -> Head:
    """A format-1 head fitted on rows of split ``fit``, with accuracy and CI measured on rows of split ``eval``."""
    encoder = get_encoder(encoder_name)
    fit_rows = [r for r in rows if r["split"] == "fit"]
    eval_rows = [r for r in rows if r["split"] == "eval"]
    x = featurize(encoder, [gold_item(r) for r in fit_rows])
    y = np.array([r["gold_label"] for r in fit_rows])
    head = fit_head(x, y, encoder=encoder, version=HEAD_VERSION, fitted_on=_described(fit_rows, seed))
    hits = head.scores(featurize(encoder, [gold_item(r) for r in eval_rows])).argmax(1) == np.array(
        [r["gold_label"] for r in eval_rows]
    )
    return _measured(head, hits, seed)


def fit_calibrated(
    rows: Sequence[Mapping[str, Any]],
    encoder_name: str,
    *,
    seed: int = 0,
    probes: ProbeSet = DEFAULT_PROBES,
    negatives_weight: float = NEGATIVES_WEIGHT,
    gate_quantile: float = GATE_QUANTILE,
    ablating: str | None = None,
) -> Head:
    """A format-2 head: fitted on the ``fit`` rows only (gold among the candidates, and gold against each probe
    ending in its slot), then its calibrated gold accuracy measured on the ``eval`` rows. ``ablating``: fitted and
    read without the question's (and the story's) words in the candidates (``ablation.py``)."""
    encoder = get_encoder(encoder_name)
    fit_rows = [r for r in rows if r["split"] == "fit"]
    eval_rows = [r for r in rows if r["split"] == "eval"]
    if ablating is not None and ablating not in ABLATIONS:
        raise ValueError(f"unknown ablation {ablating!r}; valid: {', '.join(ABLATIONS)}")
    given, probed = negative_sets(encoder, [gold_item(r) for r in fit_rows], probes, ablating)
    y = np.array([r["gold_label"] for r in fit_rows])
    version = ABLATING_VERSION[ablating] if ablating else CALIBRATED_VERSION
    head = fit_head(
        given,
        y,
        encoder=encoder,
        version=version,
        fitted_on=_described(fit_rows, seed),
        negatives=probed,
        negatives_weight=negatives_weight,
    )
    spec = asdict(probes)
    head = replace(
        head,
        format=HEAD_FORMAT_V2,
        features=FEATURES_V2,
        probes={k: list(v) for k, v in spec.items()},
        gate_quantile=gate_quantile,
        negatives_weight=negatives_weight,
        ablate=ablating,
    )
    if not eval_rows:
        return head
    items = [gold_item(r) for r in eval_rows]
    hits = np.array([r.choice == i.target for r, i in zip(CalibratedReads(head, encoder).read(items), items)])
    return _measured(head, hits, seed)


def main(argv: list[str] | None = None) -> None:
    from lctg_dataset.stories import load_story_rows

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--encoder", default="use-m3")
    parser.add_argument("--out", required=True)
    parser.add_argument("--source", default=None, help="folder with Possible Stories dev.jsonl and test.jsonl")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--calibrated", action="store_true", help="a format-2 head: probes, negatives and a gate")
    parser.add_argument(
        "--ablate", choices=ABLATIONS, default=None, help="with --calibrated: read the candidates without these words"
    )
    args = parser.parse_args(argv)
    rows = load_story_rows(args.source, seed=args.seed, include_contexts=True)
    if args.calibrated:
        head = fit_calibrated(rows, args.encoder, seed=args.seed, ablating=args.ablate)
    else:
        head = fit_and_measure(rows, args.encoder, seed=args.seed)
    digest = save_head(head, args.out)
    print(
        f"{args.out}: {head.encoder} eval accuracy {head.eval_accuracy} {head.eval_ci} n={head.eval_n} digest {digest}"
    )


if __name__ == "__main__":
    main()
