"""Fit an embedding reader's head on the ``fit`` half and record its gold accuracy on the ``eval`` half.

    python -m lctg_metrics.ifsm.fit_head --encoder use-m3 --out lctg_metrics/ifsm/data/head-use-m3-v1.json
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from lctg_metrics.ifsm.encoders import get_encoder
from lctg_metrics.ifsm.head import Head, featurize, fit_head, save_head
from lctg_metrics.ifsm.items import gold_item
from lctg_metrics.ifsm.stats import bootstrap_ci

HEAD_VERSION = "v1"


def fit_and_measure(rows: Sequence[Mapping[str, Any]], encoder_name: str, *, seed: int = 0) -> Head:
    """A head fitted on rows of split ``fit``, with accuracy and CI measured on rows of split ``eval``."""
    encoder = get_encoder(encoder_name)
    fit_rows = [r for r in rows if r["split"] == "fit"]
    eval_rows = [r for r in rows if r["split"] == "eval"]
    x = featurize(encoder, [gold_item(r) for r in fit_rows])
    y = np.array([r["gold_label"] for r in fit_rows])
    described = f"story_endings fit half (seed {seed}, {len(fit_rows)} questions, Possible Stories dev+test)"
    head = fit_head(x, y, encoder=encoder, version=HEAD_VERSION, fitted_on=described)
    hits = head.scores(featurize(encoder, [gold_item(r) for r in eval_rows])).argmax(1) == np.array(
        [r["gold_label"] for r in eval_rows])
    low, high = bootstrap_ci(hits, seed=seed)
    return replace(head, eval_accuracy=round(float(hits.mean()), 4), eval_ci=[round(low, 4), round(high, 4)],
                   eval_n=len(eval_rows))


def main(argv: list[str] | None = None) -> None:
    from lctg_dataset.stories import load_story_rows

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--encoder", default="use-m3")
    parser.add_argument("--out", required=True)
    parser.add_argument("--source", default=None, help="folder with Possible Stories dev.jsonl and test.jsonl")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    head = fit_and_measure(load_story_rows(args.source, seed=args.seed, include_contexts=True), args.encoder,
                           seed=args.seed)
    digest = save_head(head, args.out)
    print(f"{args.out}: {head.encoder} eval accuracy {head.eval_accuracy} {head.eval_ci} n={head.eval_n} "
          f"digest {digest}")


if __name__ == "__main__":
    main()
