"""Command line: score a JSONL of generated endings (``{"id", "generation"}`` per line) with IFSM.

    python -m lctg_metrics.ifsm generations.jsonl --reader embedding
    python -m lctg_metrics.ifsm generations.jsonl --reader llm --base-url http://127.0.0.1:8000/v1 --model m
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from lctg_metrics.ifsm.readers import READERS
from lctg_metrics.ifsm.report import format_result
from lctg_metrics.ifsm.score import score_ifsm


def read_generations(path: Path) -> list[dict[str, Any]]:
    """Records of a JSONL file; a bad line raises naming ``path:line``."""
    out = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}:{number}: not JSON ({exc.msg})") from exc
    return out


def llm_config(base_url: str, model: str) -> Any:
    """The one place this command builds the project's LLM client configuration."""
    from lctg_metrics.llm.client import LLMConfig

    return LLMConfig(base_url=base_url, model=model)


def main(argv: list[str] | None = None) -> None:
    from lctg_dataset.stories import load_story_rows

    parser = argparse.ArgumentParser(prog="python -m lctg_metrics.ifsm", description=__doc__.splitlines()[0])
    parser.add_argument("generations", type=Path)
    parser.add_argument("--reader", default="llm", choices=sorted(READERS))
    parser.add_argument("--base-url", help="OpenAI-compatible endpoint for --reader llm")
    parser.add_argument("--model", help="model name for --reader llm")
    parser.add_argument("--source", help="folder with Possible Stories dev.jsonl and test.jsonl (contexts)")
    parser.add_argument("--split", default="eval", choices=["eval", "fit", "all"])
    parser.add_argument("--no-adversarial", action="store_true", help="skip the attack sets (result is invalid)")
    parser.add_argument("--dissimilarity", default="auto", help="encoder name, auto (use-m3 if installed) or none")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    options: dict[str, Any] = {}
    if args.reader == "llm":
        if not (args.base_url and args.model):
            parser.error("--reader llm needs --base-url and --model (offline: --reader embedding)")
        options["config"] = llm_config(args.base_url, args.model)
    rows = load_story_rows(args.source, include_contexts=True, seed=args.seed)
    result = score_ifsm(read_generations(args.generations), rows, reader=args.reader, reader_options=options,
                        split=None if args.split == "all" else args.split, adversarial=not args.no_adversarial,
                        dissimilarity_encoder=None if args.dissimilarity == "none" else args.dissimilarity,
                        seed=args.seed)
    print(format_result(result))


if __name__ == "__main__":
    main()
