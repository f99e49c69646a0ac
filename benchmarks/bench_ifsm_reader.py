"""IFSM readers alone (no guard) on the eval half: gold accuracy and the pick rate of content-free and question-only
endings, per reader (uncalibrated format-1 head, calibrated format-2 head).

    .venv/bin/python benchmarks/bench_ifsm_reader.py [--heads head-use-m3-v1.json head-use-m3-v2.json] [--source DIR]
        [--cache FILE] [--split eval|fit]

A pick rate is the share of eval items where the reader chooses the slot holding the attack ending (chance 0.25).
The attack sentences are not the reader's probes (``lctg_metrics/ifsm/probes.py``). ``--cache`` keeps embeddings
in a pickle between runs. Prints a Markdown table (benchmarks/ifsm_readers.md, "Calibrated reader").
"""

from __future__ import annotations

import argparse
import pickle
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from lctg_dataset.stories import load_story_rows
from lctg_metrics.ifsm import ADVERSARIAL_SETS, EmbeddingReader, get_encoder
from lctg_metrics.ifsm.items import MCItem, gold_item, with_ending
from lctg_metrics.ifsm.probes import focus, main_character
from lctg_metrics.ifsm.readers import DATA
from lctg_metrics.ifsm.stats import bootstrap_ci

Row = Mapping[str, Any]
#: Constant endings (none of them a probe of the reader), with the story's main character and without.
CONSTANTS_NAMED = (
    "{name} could not believe how things turned out.",
    "{name} will never forget this day.",
    "Everything changed for {name} after that.",
)
CONSTANTS_PLAIN = (
    "In the end, everything went back to normal.",
    "It was a day to remember.",
    "Everyone could not believe how things turned out.",
)


def _statement(question: str) -> str:
    return question.strip().rstrip("?").strip() + "."


def _wrong(row: Row) -> str:
    return str(row["options"][(row["gold_label"] + 1) % len(row["options"])])


def attacks() -> dict[str, Callable[[Row], MCItem]]:
    out: dict[str, Callable[[Row], MCItem]] = {"gold": gold_item}
    for i, t in enumerate(CONSTANTS_NAMED):
        out[f"constant+name {i + 1}"] = lambda r, t=t: with_ending(r, t.format(name=main_character(r["document"])))
    for i, t in enumerate(CONSTANTS_PLAIN):
        out[f"constant {i + 1}"] = lambda r, t=t: with_ending(r, t)
    out |= {
        "question itself": lambda r: with_ending(r, str(r["question"])),
        "question restated": lambda r: with_ending(r, _statement(r["question"])),
        "focus statement": lambda r: with_ending(r, f"It turned out that {focus(r['question'])}."),
        "focus negated": lambda r: with_ending(r, f"It was not true that {focus(r['question'])}."),
        "focus wrapped": lambda r: with_ending(r, f"**{focus(r['question'])}!** ✨"),
        "wrong + question": lambda r: with_ending(r, f"{_wrong(r)} {_statement(r['question'])}"),
    }
    return out | {f"built-in: {k}": v for k, v in ADVERSARIAL_SETS.items()}


def pick_rates(reader: EmbeddingReader, rows: list[Row]) -> dict[str, tuple[float, tuple[float, float]]]:
    out = {}
    for name, make in attacks().items():
        items = [make(r) for r in rows]
        hits = np.array([c == i.target for c, i in zip(reader.choose(items), items)])
        out[name] = (float(hits.mean()), bootstrap_ci(hits))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heads", nargs="+", default=["head-use-m3-v1.json", "head-use-m3-v2.json"])
    parser.add_argument("--source", default=None)
    parser.add_argument("--cache", default=None, help="pickle of embeddings kept between runs")
    parser.add_argument("--split", default="eval", choices=["eval", "fit"], help="fit: in-sample figures")
    args = parser.parse_args()
    rows = [r for r in load_story_rows(args.source, include_contexts=True) if r["split"] == args.split]
    readers = [EmbeddingReader(DATA / h if not Path(h).exists() else h) for h in args.heads]
    encoders = {get_encoder(r.head.encoder) for r in readers}
    if args.cache and Path(args.cache).exists():
        for enc in encoders:
            enc._cache.update(pickle.loads(Path(args.cache).read_bytes()).get(enc.name, {}))
    table = {f"{r.info.name} {r.info.version} #{r.info.digest}": pick_rates(r, rows) for r in readers}
    if args.cache:
        Path(args.cache).write_bytes(pickle.dumps({enc.name: enc._cache for enc in encoders}))
    print(
        f"{args.split} half: {len(rows)} questions; pick rate of the attack slot [95% CI], reader alone (chance 0.25)\n"
    )
    names = list(table)
    print("| ending | " + " | ".join(names) + " |\n|---|" + "---|" * len(names))
    for attack in next(iter(table.values())):
        print(
            f"| {attack} | "
            + " | ".join(
                f"{table[n][attack][0]:.3f} [{table[n][attack][1][0]:.3f}, {table[n][attack][1][1]:.3f}]" for n in names
            )
            + " |"
        )


if __name__ == "__main__":
    main()
