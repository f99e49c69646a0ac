"""``lctg score``: read generations and the dataset, score (rule or LLM cleaner, optional judge), write the outputs."""

from __future__ import annotations

import argparse
from typing import Any, Sequence

from lctg_metrics.options import scoring_options_from


class CLIError(Exception):
    """A usage error the CLI reports on stderr with exit code 2."""


def cmd_score(args: argparse.Namespace) -> int:
    from lctg_metrics.io import read_generations, read_rows, write_json, write_jsonl
    from lctg_metrics.report import format_table, write_all_scores
    from lctg_metrics.scoring import score

    options = scoring_options_from(vars(args))
    rows = read_rows(args.dataset, args.config, tasks=args.task)
    generations = read_generations(args.generations)
    if args.task:
        generations = _only_tasks(generations, rows, args)
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
    print("(exact means; all_scores.csv and the JSON's upstream_rounding follow upstream's rounding chain: "
          "per-sample scores rounded to 3 decimals, then averaged)")
    for step, usage in (result.llm_usage or {}).items():
        print(f"llm {step}: {_usage_line(usage)}")
    return 0


def _only_tasks(generations: Sequence[Any], rows: Sequence[Any], args: argparse.Namespace) -> list[Any]:
    """With ``--task``: keep the generations of those tasks, skip (and say so) those of the config's other tasks."""
    from lctg_metrics.io import read_rows

    wanted = {r["id"] for r in rows}
    others = {r["id"] for r in read_rows(args.dataset, args.config)} - wanted
    kept = [g for g in generations if g.id not in others]
    skipped = len(generations) - len(kept)
    if skipped:
        print(f"note: scoring only {', '.join(args.task)}: skipped {skipped} generations of the other tasks")
    if not kept:
        raise CLIError(f"{args.generations}: no generations of task(s) {', '.join(args.task)}")
    return kept


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
                        max_retries=args.llm_max_retries, temperature=args.llm_temperature,
                        max_tokens=args.llm_max_tokens, seed=args.llm_seed, top_p=args.llm_top_p)
    protocol = read_protocol(args.dataset)
    run_options = {"progress": not args.no_progress}
    cleaner = (get_cleaner("llm", config=config, protocol=protocol,
                           run_options={**run_options, "empty_answer": args.empty_cleaner_answer})
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

    from lctg_metrics.cleaners import CleanBatch
    from lctg_metrics.llm.judge import clean_llm, judge_quality

    known = {r["id"]: r["task"] for r in rows}
    unknown = [g.id for g in generations if g.id not in known]
    if unknown:
        raise CLIError(f"unknown id {unknown[0]!r} ({len(unknown)} generations have ids not in the dataset)")
    from lctg_metrics.scoring.check import think_texts

    raws = think_texts([g.text for g in generations], args.think)[0]
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


