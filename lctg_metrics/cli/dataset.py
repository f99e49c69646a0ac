"""The dataset commands of ``lctg``: build (the builder's own parser), prompts, sample, publish."""

from __future__ import annotations

import argparse
from pathlib import Path


def cmd_build(args: argparse.Namespace) -> int:
    """The dataset builder's own parser and pipeline, with the evaluate metric module added to the folder."""
    from lctg_dataset.cli import main as build_main
    from lctg_metrics.metric_module import module_files

    return build_main(args.args, extra_files=module_files(), prog="lctg build")


def cmd_prompts(args: argparse.Namespace) -> int:
    from lctg_metrics.io import read_rows, write_jsonl

    rows = read_rows(args.dataset, args.config, tasks=args.task)
    write_jsonl(args.output, ({"id": r["id"], "prompt": r["prompt"]} for r in rows))
    print(f"wrote {len(rows)} prompts to {args.output}")
    return 0


def cmd_sample(args: argparse.Namespace) -> int:
    from lctg_metrics.io import read_rows, write_jsonl
    from lctg_metrics.sample import sample_generations

    rows = read_rows(args.dataset, args.config, tasks=args.task)
    gens = sample_generations(rows, samples=args.samples, seed=args.seed)
    write_jsonl(args.output, gens)
    print(f"wrote {len(gens)} toy generations ({len(rows)} prompts × {args.samples} samples) to {args.output}")
    return 0


def cmd_publish(args: argparse.Namespace) -> int:
    from lctg_dataset.publish import hub_token, plan, publish

    tag = None if args.no_tag else args.revision
    if args.dry_run:
        print("\n".join(["dry run: nothing uploaded", *plan(Path(args.dataset), args.repo_id, tag=tag).lines()]))
        return 0
    token = hub_token(args.token_env)
    url = publish(Path(args.dataset), args.repo_id, token=token, private=args.private, tag=tag)
    print(f"published {args.dataset} to {url}")
    return 0
