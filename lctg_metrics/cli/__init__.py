"""The ``lctg`` command: build, prompts, sample, score, publish (and the analysis commands).

    lctg build [--source DIR_OR_URL] [--out lctg]
    lctg prompts --dataset lctg [--task T] -o prompts.jsonl
    lctg score generations.jsonl --dataset lctg [--json OUT] [--details OUT] [--cleaner rule] [options]
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from lctg_dataset.constants import TASKS
from lctg_metrics.cleaners import CleanerError
from lctg_metrics.cli.dataset import cmd_build, cmd_prompts, cmd_publish, cmd_sample
from lctg_metrics.cli.score import CLIError, cmd_score
from lctg_metrics.options import LLM, RUN, SCORING, add_cli_options
from lctg_metrics.schema import ScoringError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="lctg", description="LCTG Bench: build the dataset, score generations.")
    sub = parser.add_subparsers(dest="command", required=True)

    b = sub.add_parser("build", help="build the dataset folder (same as build_dataset.py)")
    b.add_argument("args", nargs=argparse.REMAINDER, help="arguments of build_dataset.py")

    p = sub.add_parser("prompts", help="export id + prompt as JSONL for your generation pipeline")
    p.add_argument("--dataset", required=True, help="dataset folder written by build_dataset.py")
    p.add_argument("--config", default="all", help="dataset config (default all)")
    p.add_argument("--task", action="append", choices=list(TASKS), help="only these tasks (repeatable)")
    p.add_argument("-o", "--output", required=True, help="JSONL file to write")

    s = sub.add_parser("sample", help="write toy generations (a synthetic sloppy model) to try the pipeline")
    s.add_argument("--dataset", required=True)
    s.add_argument("--config", default="all")
    s.add_argument("--task", action="append", choices=list(TASKS))
    s.add_argument("--samples", type=int, default=3)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("-o", "--output", required=True)

    sc = sub.add_parser("score", help="score a generations file (JSONL, CSV or parquet)")
    sc.add_argument("generations", help="file with id, generation, optional sample (int) and cleaned")
    sc.add_argument("--dataset", required=True, help="dataset folder written by build_dataset.py")
    sc.add_argument("--config", default="all", help="dataset config (default all)")
    sc.add_argument("--task", action="append", choices=list(TASKS), help="score only these tasks (repeatable)")
    sc.add_argument("--json", help="write the JSON result here")
    sc.add_argument("--details", help="write per-item verdicts (JSONL: id, sample, aspect, passed, reason, …, signature)")
    sc.add_argument("--csv-dir", help="write {DIR}/{task}/all_scores.csv in upstream's layout")
    sc.add_argument("--model-name", default="model", help="row label in all_scores.csv (default: model)")
    sc.add_argument("--no-progress", action="store_true", help="no progress bar")
    sc.add_argument("--dry-run", action="store_true", help="print how many LLM calls would be made, then stop")
    add_cli_options(sc, SCORING, RUN, LLM)

    pub = sub.add_parser("publish", help="upload a built dataset folder to the Hugging Face Hub")
    pub.add_argument("--dataset", required=True, help="dataset folder written by build_dataset.py")
    pub.add_argument("--repo-id", required=True, help="e.g. your-org/lctg")
    pub.add_argument("--private", action="store_true")
    pub.add_argument("--token-env", default="HF_TOKEN", help="environment variable holding the token (default HF_TOKEN)")
    pub.add_argument("--revision", default="default", help="tag for the upload (default v<version>)")
    pub.add_argument("--no-tag", action="store_true", help="do not tag the commit")
    pub.add_argument("--dry-run", action="store_true", help="print the files, sizes, repo and tag; upload nothing")

    from lctg_metrics.cli.analysis import register

    register(sub)  # compare, report, substitutability
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from lctg_metrics.llm.errors import LLMError

    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["build"]:  # the builder parses its own options (one parser, shared with build_dataset.py)
        return cmd_build(argparse.Namespace(args=argv[1:]))
    args = build_parser().parse_args(argv)
    handler = getattr(args, "handler", None) or COMMANDS[args.command]
    try:
        return handler(args)
    except (CLIError, ScoringError, CleanerError, ValueError, FileNotFoundError, LLMError) as e:
        print(f"lctg {args.command}: error: {e}", file=sys.stderr)
        return 2


COMMANDS = {"build": cmd_build, "prompts": cmd_prompts, "sample": cmd_sample, "score": cmd_score, "publish": cmd_publish}


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
