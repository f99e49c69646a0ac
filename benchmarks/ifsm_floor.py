"""The IFSM encoder floor: the least any reader of the same encoder must do, as a whole process.

    .venv/bin/python benchmarks/ifsm_floor.py GENERATIONS.jsonl [--split eval|fit|all] [--encoder use-m3]

Reads the generations (``id``, ``generation`` per line) and the story rows (local Possible Stories copy), encodes
each ending and its item's four candidates once with the encoder ``lctg ifsm`` uses, and picks the candidate
closest to the ending; prints how many picks are the gold slot. No guard, no probes, no attack table, no bootstrap:
what ``benchmarks/bench_ifsm_floor.py`` divides ``lctg ifsm`` by.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("generations")
    parser.add_argument("--split", default="eval", choices=("eval", "fit", "all"))
    parser.add_argument("--encoder", default="use-m3")
    parser.add_argument("--stories-source", dest="stories", default=None)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    import numpy as np

    from lctg_dataset.stories import load_story_rows
    from lctg_metrics.ifsm.encoders import get_encoder

    endings = {}
    with open(args.generations, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                record = json.loads(line)
                endings[str(record["id"])] = str(record["generation"])
    rows = [
        r
        for r in load_story_rows(args.stories, include_contexts=True)
        if args.split == "all" or r["split"] == args.split
    ]
    encoder = get_encoder(args.encoder)
    texts = [endings.get(str(r["id"]), "") for r in rows]
    vectors = encoder.encode(texts)
    candidates = encoder.encode([str(o) for r in rows for o in r["options"]]).reshape(len(rows), 4, -1)
    picks = np.einsum("nkd,nd->nk", candidates, vectors).argmax(1)
    hits = sum(int(p) == int(r["gold_label"]) for p, r in zip(picks, rows))
    print(
        f"floor: {len(rows)} endings, {hits} closest to the gold candidate, "
        f"{len({*texts, *(o for r in rows for o in r['options'])})} distinct texts encoded, "
        f"{time.perf_counter() - start:.2f} s after start-up"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
