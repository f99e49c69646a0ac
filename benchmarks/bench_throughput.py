#!/usr/bin/env python3
"""Every scoring path against its named floor, paired and interleaved in one run (medians of the rounds).

    .venv/bin/python benchmarks/bench_throughput.py --dataset lctg [--items 200000] [--rounds 3] [--cli]

Items cycle through the built dataset's constraints with varied toy generations (``lctg_metrics.sample.generate``:
item i is row i mod N, sample i div N, so every item has its own seed). In each round every path runs once, in
the order of the round (rotated between rounds, so no path always runs on a warmer or colder machine); the
table shows each path's median per item and its ratio to a named floor measured in the same rounds:

- ``checks floor``: the four upstream checks inline on texts the rule cleaner already cleaned (FORMAT compares the
  raw text's first/last 10 characters, blanks deleted, with the cleaned text's, so it can fail; 1 in 3 fails here);
- ``cleaner floor``: the rule cleaner alone over the raw texts;
- ``CLI floor`` (with ``--cli``): read the JSONL, ``json.loads`` each line, run the checks floor on it.

The cleaner remembers the lines and sentences it has judged (a few memos of 16,384 units each); every timed path
starts with them empty. The toy generations repeat their preambles, closings and base texts across samples, so the
cleaner meets many units it has judged before (the script prints how many texts and lines are distinct). For scale,
the table also times the rule cleaner alone on the 719 hand-written texts of ``benchmarks/cleaner_*.jsonl`` (the
cleaner's labeled sets: shorter, half of them with added text, many of them hard cases; no unit repeated), emptying
the memos before each copy of the set, so no unit is judged from an earlier copy.

Paths: the API (``score_predictions``) and the evaluate module with the default cleaner (rule) and with
``cleaner="none"``, and ``lctg score`` as a subprocess. Memory: the tracemalloc peak of one evaluate compute with
row ids (rule cleaner) over the number of items. Each path's scores are checked against the floor's before timing.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
BLANKS = (" ", "\u3000", "\n", "\t")


def _squeeze(text: str) -> str:
    for blank in BLANKS:
        text = text.replace(blank, "")
    return text


def checks_floor(raws: list[str], cleaned: list[str], refs: list[dict]) -> dict[tuple[str, str], int]:
    """Passed counts per (task, aspect) of the four upstream checks, written as plainly as Python allows."""
    passed: dict[tuple[str, str], int] = {}
    for raw, text, c in zip(raws, cleaned, refs):
        aspect = c["aspects"][0]
        if aspect == "format":
            r, s = _squeeze(raw), _squeeze(text)
            ok = len(r) > 10 and len(s) > 10 and r[:10] == s[:10] and r[-10:] == s[-10:]
        elif aspect == "char_count":
            ok = c["min_chars"] <= len(text) <= c["max_chars"]
        elif aspect == "keyword":
            ok = c["keyword"] in text
        else:
            ok = c["prohibited_word"] not in text
        key = (c["task"], aspect)
        passed[key] = passed.get(key, 0) + ok
    return passed


def cli_floor(path: Path, by_id: dict[str, dict], clean_fn) -> dict[tuple[str, str], int]:
    """Read and parse the JSONL, clean with ``clean_fn`` (None: raw = cleaned), run the checks floor."""
    raws, refs = [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            obj = json.loads(line)
            raws.append(obj["generation"])
            refs.append(by_id[obj["id"]])
    cleaned = [clean_fn(t, c["task"]) for t, c in zip(raws, refs)] if clean_fn else raws
    return checks_floor(raws, cleaned, refs)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dataset", default=str(ROOT / "lctg"))
    ap.add_argument("--items", type=int, default=200_000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--cli", action="store_true", help="also time `lctg score` against read + parse + checks")
    args = ap.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("HF_EVALUATE_OFFLINE", "1")

    import evaluate

    from lctg_metrics.api import score_predictions
    from lctg_metrics.cleaners.rule import clean
    from lctg_metrics.inputs.folder import read_rows
    from lctg_metrics.sample import generate

    rows = read_rows(args.dataset)
    n = len(rows)
    args.items = -(-args.items // n) * n  # whole samples: every prompt has every sample
    refs = [rows[i % n]["constraint"] for i in range(args.items)]
    ids = [c["id"] for c in refs]
    samples = [i // n for i in range(args.items)]
    raws = [generate(rows[i % n], i // n) for i in range(args.items)]
    cleaned = [clean(t, c["task"]) for t, c in zip(raws, refs)]
    by_id = {c["id"]: c for c in refs[:n]}
    print(
        f"{args.items:,} items ({n} constraints × {samples[-1] + 1} samples), "
        f"mean {statistics.fmean(map(len, raws)):.0f} chars; "
        f"the rule cleaner changes {sum(a != b for a, b in zip(raws, cleaned)) / args.items:.0%} of them"
    )
    lines = [line for t in raws for line in t.split("\n")]
    print(
        f"distinct: {len(set(zip(raws, (c['task'] for c in refs)))) / args.items:.0%} of the (text, task)"
        f" pairs, {len(set(lines)) / len(lines):.0%} of the lines"
    )

    floor = checks_floor(raws, cleaned, refs)
    totals: dict[tuple[str, str], int] = {}
    for c in refs:
        totals[(c["task"], c["aspects"][0])] = totals.get((c["task"], c["aspects"][0]), 0) + 1
    api = score_predictions(raws, refs, samples=samples)
    for key, tot in totals.items():  # the default path scores what the floor scores (pooled: whole samples)
        assert abs(api[f"{key[0]}/{key[1]}"] - floor[key] / tot) < 1e-9, key
    metric = evaluate.load(str(ROOT / "lctg_ctg"))

    from lctg_metrics.cleaners.rule.text import clear_memos

    hand = [
        json.loads(line)
        for f in sorted(ROOT.glob("benchmarks/cleaner_*.jsonl"))
        for line in f.read_text(encoding="utf-8").splitlines()
    ]
    hand_texts, hand_tasks = [h["generation"] for h in hand], [h["task"] for h in hand]
    hand_copies = max(1, args.items // (10 * len(hand)))

    def hand_written() -> None:
        for _ in range(hand_copies):
            clear_memos()
            list(map(clean, hand_texts, hand_tasks))

    paths = {
        "checks floor": lambda: checks_floor(raws, cleaned, refs),
        "cleaner floor (rule alone)": lambda: [clean(t, c["task"]) for t, c in zip(raws, refs)],
        "rule cleaner alone, hand-written texts": hand_written,
        "API, rule (default)": lambda: score_predictions(raws, refs, samples=samples),
        "API, cleaner=none": lambda: score_predictions(raws, refs, samples=samples, cleaner="none"),
        "evaluate, row ids, rule": lambda: metric.compute(
            predictions=raws, references=ids, samples=samples, dataset=args.dataset
        ),
        "evaluate, row ids, none": lambda: metric.compute(
            predictions=raws, references=ids, samples=samples, cleaner="none", dataset=args.dataset
        ),
    }
    tmp = Path(tempfile.mkdtemp(prefix="lctg-bench-"))
    if args.cli:
        gens = tmp / "generations.jsonl"
        with open(gens, "w", encoding="utf-8") as f:
            for i, text in enumerate(raws):
                f.write(json.dumps({"id": ids[i], "sample": samples[i], "generation": text}, ensure_ascii=False) + "\n")
        lctg = str(Path(sys.executable).with_name("lctg"))

        def cli(cleaner: str) -> None:
            subprocess.run(
                [lctg, "score", str(gens), "--dataset", args.dataset, "--cleaner", cleaner],
                check=True,
                stdout=subprocess.DEVNULL,
            )

        paths["CLI floor (read + parse + checks)"] = lambda: cli_floor(gens, by_id, None)
        paths["CLI floor + rule cleaner"] = lambda: cli_floor(gens, by_id, clean)
        paths["lctg score, rule (default)"] = lambda: cli("rule")
        paths["lctg score, cleaner=none"] = lambda: cli("none")

    walls: dict[str, list[float]] = {name: [] for name in paths}
    names = list(paths)
    for r in range(args.rounds):
        order = names[r % len(names) :] + names[: r % len(names)]
        for name in order:
            gc.collect()
            clear_memos()  # every path starts with nothing judged, as a fresh process does
            t0 = time.perf_counter()
            paths[name]()
            walls[name].append(time.perf_counter() - t0)
    med = {name: statistics.median(w) for name, w in walls.items()}
    floors = {
        "API, rule (default)": "checks floor",
        "API, cleaner=none": "checks floor",
        "evaluate, row ids, rule": "checks floor",
        "evaluate, row ids, none": "checks floor",
        "cleaner floor (rule alone)": "checks floor",
        "lctg score, rule (default)": "CLI floor (read + parse + checks)",
        "lctg score, cleaner=none": "CLI floor (read + parse + checks)",
        "CLI floor + rule cleaner": "CLI floor (read + parse + checks)",
    }
    print(f"\n| path | µs per item (median of {args.rounds}) | ÷ floor | floor |\n|---|---|---|---|")
    for name in names:
        per = (
            med[name]
            / (hand_copies * len(hand) if name == "rule cleaner alone, hand-written texts" else args.items)
            * 1e6
        )
        base = floors.get(name)
        ratio = f"{med[name] / med[base]:.1f}×" if base else "1" if name == "checks floor" else "—"
        print(f"| {name} | {per:.2f} | {ratio} | {base or '—'} |")
    toy_chars, hand_chars = statistics.fmean(map(len, raws)), statistics.fmean(map(len, hand_texts))
    print(
        "\nrule cleaner per 100 characters: "
        f"toy {med['cleaner floor (rule alone)'] / args.items * 1e8 / toy_chars:.1f} µs "
        f"(mean {toy_chars:.0f} characters), hand-written "
        f"{med['rule cleaner alone, hand-written texts'] / (hand_copies * len(hand)) * 1e8 / hand_chars:.1f} µs "
        f"(mean {hand_chars:.0f} characters, {hand_copies} copies of {len(hand)})"
    )
    if args.cli:
        print(
            f"\n`lctg score`, rule ÷ (CLI floor + rule cleaner): "
            f"{med['lctg score, rule (default)'] / med['CLI floor + rule cleaner']:.1f}×"
        )
    gc.collect()
    tracemalloc.start()
    metric.compute(predictions=raws, references=ids, samples=samples, dataset=args.dataset)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(f"evaluate, row ids, rule: tracemalloc peak {peak / args.items:.0f} bytes per item")
    for p in tmp.iterdir():
        p.unlink()
    tmp.rmdir()
    return 0


if __name__ == "__main__":
    sys.exit(main())
