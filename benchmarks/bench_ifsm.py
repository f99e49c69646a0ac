"""IFSM readers on the eval half of story_endings: gold accuracy, adversarial IFSM, guard results, timings.

    .venv/bin/python benchmarks/bench_ifsm.py [--readers embedding embedding-e5 cosine-use-m3] [--source DIR]

Prints a Markdown report (the numbers in benchmarks/ifsm_readers.md come from one run of this script).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence

import numpy as np

from lctg_dataset.stories import load_story_rows
from lctg_metrics.ifsm import ADVERSARIAL_SETS, MCItem, ReaderInfo, get_encoder, get_reader, score_ifsm
from lctg_metrics.ifsm.adversarial import GENERIC_ENDING


class CosineReader:
    """Untrained baseline: the candidate most similar to the question."""

    def __init__(self, encoder: str) -> None:
        self.encoder = get_encoder(encoder)
        self.info = ReaderInfo(f"cosine-{encoder}", "0", "none", weak=True, note="untrained cos(question, ending)")

    def choose(self, items: Sequence[MCItem]) -> list[int | None]:
        out: list[int | None] = []
        for item in items:
            vectors = self.encoder.encode([item.question, *item.options])
            out.append(int(np.argmax(vectors[1:] @ vectors[0])))
        return out


def make_reader(name: str) -> object:
    return CosineReader(name.split("-", 1)[1]) if name.startswith("cosine-") else get_reader(name)


def bench_fake_llm(eval_rows: list[dict], gold: dict[str, str], cache_dir: str) -> str:
    """Calls and wall time of the llm reader against the loopback fake server (a perfect reader)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from fake_openai_server import FakeOpenAIServer

    from lctg_metrics.llm.client import LLMConfig

    key = {(f"Story: {r['document']}", f"Question: {r['question']}"): r for r in eval_rows}

    def answer(body: dict) -> str:
        lines = body["messages"][0]["content"].splitlines()
        story = next(line for line in lines if line.startswith("Story: "))
        row = key[story, next(line for line in lines if line.startswith("Question: "))]
        endings = [line for line in lines if line[:1] in "ABCD" and line[1:3] == ". "]
        text = {line[0]: json.loads(line[3:]) for line in endings}  # each ending is one quoted JSON line
        right = [k for k, v in text.items() if v == row["gold_ending"]]
        # a perfect reader: the gold ending when present, else the first released (wrong) candidate
        return right[0] if right else next(k for k, v in text.items() if v in row["options"])

    with FakeOpenAIServer(answer=answer) as server:
        config = LLMConfig(
            base_url=server.base_url,
            model="fake",
            concurrency=8,
            max_retries=0,
            cache_path=f"{cache_dir}/ifsm-bench.sqlite",
        )
        start = time.perf_counter()
        result = score_ifsm(
            gold, eval_rows, reader="llm", reader_options={"config": config}, dissimilarity_encoder=None
        )
        seconds = time.perf_counter() - start
        calls = len(server.received)
    return (
        f"- llm reader, loopback fake server (no model latency), gold endings: {calls} calls, "
        f"{seconds:.1f} s, oracle {result.oracle.guarded:.3f}, valid {result.valid}"
    )


def fmt(value: float, ci: tuple[float, float] | None) -> str:
    return f"{value:.3f} [{ci[0]:.3f}, {ci[1]:.3f}]" if ci else f"{value:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--readers", nargs="+", default=["embedding", "embedding-e5", "cosine-use-m3", "cosine-e5-small-q4"]
    )
    parser.add_argument("--source", default=None)
    parser.add_argument("--fake-llm", action="store_true", help="also time the llm reader on a loopback fake")
    args = parser.parse_args()
    rows = load_story_rows(args.source, include_contexts=True)
    eval_rows = [r for r in rows if r["split"] == "eval"]
    gold = {r["id"]: r["gold_ending"] for r in eval_rows}
    attacks = {
        "question echo": {r["id"]: r["question"] for r in eval_rows},
        "generic": {r["id"]: GENERIC_ENDING for r in eval_rows},
    }
    print(f"eval half: {len(eval_rows)} questions, {len({r['passage_id'] for r in eval_rows})} passages\n")
    head = "| reader | gold accuracy [95% CI] | " + " | ".join(ADVERSARIAL_SETS) + " | valid | cold s | warm s |"
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    raws = [
        "| reader (alone, no guard) | " + " | ".join(ADVERSARIAL_SETS) + " |",
        "|" + "---|" * (len(ADVERSARIAL_SETS) + 1),
    ]
    notes = []
    for name in args.readers:
        start = time.perf_counter()
        reader = make_reader(name)
        loaded = time.perf_counter()
        result = score_ifsm(gold, eval_rows, reader=reader)  # cold: every text embedded once
        cold, load = time.perf_counter() - start, loaded - start
        start = time.perf_counter()
        score_ifsm(gold, eval_rows, reader=reader)  # warm: embeddings cached
        warm = time.perf_counter() - start
        adv = " | ".join(fmt(s.guarded, s.guarded_ci) for s in result.adversarial.values())
        lines.append(
            f"| {reader.info.name} | {fmt(result.oracle.guarded, result.oracle.guarded_ci)} | {adv} | "
            f"{'yes' if result.valid else 'no'} | {cold:.1f} (load {load:.1f}) | "
            f"{warm:.1f} |"
        )
        raws.append(
            f"| {reader.info.name} | "
            + " | ".join(fmt(s.raw, s.raw_ci) for s in result.adversarial.values() if s.raw is not None)
            + " |"
        )
        for label, gens in attacks.items():
            res = score_ifsm(gens, eval_rows, reader=reader, adversarial=False, dissimilarity_encoder=None)
            notes.append(
                f"- {reader.info.name}, all generations = {label}: IFSM {fmt(res.ifsm, res.ci)}, "
                f"flagged {res.flagged}/{res.n} {res.guard_reasons}"
            )
        if not result.valid:
            notes.append(f"- {reader.info.name} invalid: " + "; ".join(result.invalid_reasons))
        notes.append(f"- {reader.info.name} signature: `{result.signature}`")
    if args.fake_llm:
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            notes.append(bench_fake_llm(eval_rows, gold, tmp))
    print("\n".join(lines) + "\n\n" + "\n".join(raws) + "\n\n" + "\n".join(notes))


if __name__ == "__main__":
    main()
