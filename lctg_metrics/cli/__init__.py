"""The ``lctg`` command: build, prompts, sample, score, publish (and the analysis commands).

    lctg build [--source DIR_OR_URL] [--out lctg]
    lctg prompts --dataset lctg [--task T] -o prompts.jsonl
    lctg score generations.jsonl --dataset lctg [--json OUT] [--details OUT] [--cleaner rule] [options]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Sequence

from lctg_dataset.constants import TASKS
from lctg_metrics.cleaners import CLEANERS, CleanerError
from lctg_metrics.options import (
    COUNTING_MODES,
    EMPTY_POLICIES,
    NORMALIZATIONS,
    PROFILES,
    SHORT_TEXT_POLICIES,
    resolve_options,
)
from lctg_metrics.options import MISSING_POLICIES
from lctg_metrics.schema import ScoringError


class CLIError(Exception):
    """A usage error the CLI reports on stderr with exit code 2."""


def _add_scoring_options(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("scoring options (defaults reproduce upstream; every choice appears in the signature)")
    g.add_argument("--profile", default="upstream", choices=list(PROFILES),
                   help="upstream: the released scripts (default); paper: 5-char prefix/suffix for ad_text")
    g.add_argument("--counting", choices=list(COUNTING_MODES), help="char_count counting (default codepoints)")
    g.add_argument("--normalization", choices=list(NORMALIZATIONS), help="keyword/prohibited_word matching (default none)")
    g.add_argument("--affix-length", help="format prefix/suffix length: N, or task=N,... (default 10 for every task)")
    g.add_argument("--short-text", choices=list(SHORT_TEXT_POLICIES), help="format verdict for cleaned texts <= N chars")
    g.add_argument("--empty", choices=list(EMPTY_POLICIES), help="'fail': an empty generation fails every aspect")
    g.add_argument("--strip-think", action="store_true", default=None, help="remove <think>…</think> before everything else")


def _add_llm_options(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("LLM cleaner and quality judge (any OpenAI-compatible endpoint; nothing is called unless asked)")
    g.add_argument("--judge", action="store_true", help="ask the upstream quality judge (adds the Qual scores)")
    g.add_argument("--llm-base-url", help="e.g. https://api.openai.com/v1 or http://127.0.0.1:8000/v1 (vLLM, Ollama)")
    g.add_argument("--llm-model", help="model name at that endpoint (the papers used gpt-4-1106-preview)")
    g.add_argument("--llm-api-key-env", default="OPENAI_API_KEY",
                   help="environment variable holding the API key (default OPENAI_API_KEY; never printed or stored)")
    g.add_argument("--llm-concurrency", type=int, default=8, help="concurrent requests (default 8)")
    g.add_argument("--llm-cache", help="SQLite answer cache (default $LCTG_CACHE_DIR/llm_cache.sqlite or ~/.cache/lctg/)")
    g.add_argument("--llm-timeout", type=float, default=60.0, help="seconds per connect/read (default 60)")
    g.add_argument("--llm-max-retries", type=int, default=6, help="retries on 429/5xx/timeouts (default 6)")
    g.add_argument("--dry-run", action="store_true", help="print how many LLM calls would be made, then stop")


def _options_from(args: argparse.Namespace):
    affix: Any = args.affix_length
    if affix is not None and affix.isdigit():
        affix = int(affix)
    return resolve_options(
        args.profile,
        counting=args.counting,
        normalization=args.normalization,
        affix_length=affix,
        short_text=args.short_text,
        empty=args.empty,
        strip_think=args.strip_think,
    )


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
    sc.add_argument("--cleaner", choices=list(CLEANERS),
                    help="provided (use the 'cleaned' field), none (raw = cleaned), rule (offline default), llm")
    sc.add_argument("--missing", choices=list(MISSING_POLICIES), default="error",
                    help="missing generations: error (default) or count as failures")
    sc.add_argument("--json", help="write the JSON result here")
    sc.add_argument("--details", help="write per-item verdicts (JSONL: id, sample, aspect, passed, reason, …, signature)")
    sc.add_argument("--csv-dir", help="write {DIR}/{task}/all_scores.csv in upstream's layout")
    sc.add_argument("--model-name", default="model", help="row label in all_scores.csv (default: model)")
    sc.add_argument("--no-progress", action="store_true", help="no progress bar")
    sc.add_argument("--ci", action="store_true", help="bootstrap 95%% confidence intervals over prompts (table and JSON)")
    sc.add_argument("--ci-resamples", type=int, default=1000, help="bootstrap resamples for --ci (default 1000)")
    sc.add_argument("--seed", type=int, default=0, help="seed of the --ci bootstrap (default 0)")
    _add_scoring_options(sc)
    _add_llm_options(sc)

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


def cmd_score(args: argparse.Namespace) -> int:
    from lctg_metrics.io import read_generations, read_rows, write_json, write_jsonl
    from lctg_metrics.report import format_table, write_all_scores
    from lctg_metrics.scoring import score

    options = _options_from(args)
    rows = read_rows(args.dataset, args.config, tasks=args.task)
    generations = read_generations(args.generations)
    cleaner_name = args.cleaner or ("provided" if generations and all(g.cleaned is not None for g in generations) else "rule")
    cleaner, judge = _llm_steps(args, cleaner_name)
    if args.dry_run:
        return _dry_run(args, generations, rows, cleaner, judge)
    result = score(
        generations,
        [r["constraint"] for r in rows],
        options=options,
        cleaner=cleaner,
        missing=args.missing,
        judge=judge,
        progress=not args.no_progress,
    )
    cis = None
    if args.ci:
        from lctg_metrics.analysis import ci_table

        cis = ci_table(result, n_resamples=args.ci_resamples, seed=args.seed)
    # every output is computed before any is written, and each is written atomically
    if args.json:
        out = result.to_dict()
        if cis is not None:
            out["ci"] = {"level": 0.95, "resamples": args.ci_resamples, "seed": args.seed,
                         "intervals": {t: {k: list(v) for k, v in per.items()} for t, per in cis.items()}}
        write_json(args.json, out)
    if args.details:
        write_jsonl(args.details, (dict(it.to_dict(), signature=result.signature) for it in result.items))
    if args.csv_dir:
        write_all_scores(result, args.csv_dir, args.model_name)
    print(format_table(result, cis=cis))
    for step, usage in (result.llm_usage or {}).items():
        print(f"llm {step}: {_usage_line(usage)}")
    return 0


def _llm_steps(args: argparse.Namespace, cleaner_name: str) -> tuple[Any, Any]:
    """The cleaner to use and the quality judge (or None), with the LLM endpoint when one is needed."""
    from lctg_metrics.cleaners import get_cleaner

    if cleaner_name != "llm" and not args.judge:
        if args.dry_run:
            raise CLIError("--dry-run counts LLM calls; use it with --cleaner llm and/or --judge")
        return get_cleaner(cleaner_name), None
    from lctg_metrics.api import llm_config
    from lctg_metrics.io import base_texts, read_protocol
    from lctg_metrics.scoring import JudgeSpec

    config = llm_config(args.llm_base_url, args.llm_model, api_key_env=args.llm_api_key_env,
                        concurrency=args.llm_concurrency, cache_path=args.llm_cache, timeout=args.llm_timeout,
                        max_retries=args.llm_max_retries)
    protocol = read_protocol(args.dataset)
    run_options = {"progress": not args.no_progress}
    cleaner = (get_cleaner("llm", config=config, protocol=protocol, run_options=run_options)
               if cleaner_name == "llm" else get_cleaner(cleaner_name))
    judge = JudgeSpec(config, protocol, base_texts(args.dataset), run_options) if args.judge else None
    return cleaner, judge


def _usage_line(usage: dict[str, Any]) -> str:
    verb = "would make" if usage.get("dry_run") else "made"
    calls = usage["calls_needed"] if usage.get("dry_run") else usage["calls_made"]
    return (f"{usage['requests']} requests, {verb} {calls} calls ({usage['cache_hits']} cached, "
            f"{usage['deduplicated']} deduplicated, {usage['retries']} retries, {usage['errors']} errors), "
            f"tokens {usage['prompt_tokens']} in + {usage['completion_tokens']} out")


def _dry_run(args: argparse.Namespace, generations: Sequence[Any], rows: Sequence[Any], cleaner: Any, judge: Any) -> int:
    """How many calls a run would make (after cache and deduplication), without making any."""
    import dataclasses

    from lctg_metrics.aspects import strip_think
    from lctg_metrics.cleaners import CleanBatch
    from lctg_metrics.llm.judge import clean_llm, judge_quality

    known = {r["id"]: r["task"] for r in rows}
    unknown = [g.id for g in generations if g.id not in known]
    if unknown:
        raise CLIError(f"unknown id {unknown[0]!r} ({len(unknown)} generations have ids not in the dataset)")
    raws = [strip_think(g.text) if args.strip_think else g.text for g in generations]
    tasks = [known[g.id] for g in generations]
    cleaned: list[str] | None = None
    if cleaner.name == "llm":
        out = clean_llm(raws, tasks, cleaner.protocol, cleaner.config, dry_run=True, progress=False)
        print(f"llm cleaner: {_usage_line(dataclasses.asdict(out.stats))}")
        if out.stats.calls_needed == 0:
            cleaned = list(out)  # every answer is cached: the judge inputs are known exactly
    else:
        provided = [g.cleaned for g in generations]
        cleaned = cleaner.clean(CleanBatch(tasks, raws, provided, lambda i: generations[i].label()))
    if judge is not None:
        if cleaned is None:
            print(f"llm judge: at most {len(generations)} primary calls (its inputs are the LLM-cleaned texts, not "
                  "cached yet), plus True/False fallback calls for non-conforming answers")
        else:
            items = [(t, judge.base_texts.get(g.id), c) for t, g, c in zip(tasks, generations, cleaned)]
            out = judge_quality(items, judge.protocol, judge.config, dry_run=True, progress=False)
            print(f"llm judge: {_usage_line(dataclasses.asdict(out.stats))} (plus True/False fallback calls for "
                  "non-conforming answers)")
    print("dry run: no calls were made")
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


COMMANDS = {
    "build": cmd_build,
    "prompts": cmd_prompts,
    "sample": cmd_sample,
    "score": cmd_score,
    "publish": cmd_publish,
}


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
