"""``lctg score``: read generations and the dataset, score (rule or LLM cleaner, optional judge), write the outputs
(:mod:`lctg_metrics.cli.score_outputs`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lctg_dataset.constants import TASKS
from lctg_metrics.cleaners import CleanerEntry, entry
from lctg_metrics.cli.configs import refuse_other_config
from lctg_metrics.cli.dataset import CLIError, resolve_dataset_arg
from lctg_metrics.cli.score_outputs import usage_line, write_outputs
from lctg_metrics.options import BY_NAME, LLM, options_for
from lctg_metrics.profiles import scoring_options_from


def cmd_score(args: argparse.Namespace) -> int:
    from lctg_metrics.cli.outside import check_outputs
    from lctg_metrics.cli.stream import score_stream, streams
    from lctg_metrics.inputs.folder import read_rows
    from lctg_metrics.outputs.checks import Output, cache_output
    from lctg_metrics.scoring import score

    chosen = entry(args.cleaner) if args.cleaner else None  # the registry, read once for the cleaner named
    _check_usage(args, chosen)
    options = scoring_options_from(vars(args))
    progress = args.progress if args.progress is not None else sys.stderr.isatty()
    if bool(args.judge or (chosen and chosen.calls_llm)) and not args.llm_cache:  # the cache's default folder (a
        # dry run reads it): named when unusable
        from lctg_metrics.inputs.hub import check_folder_vars

        check_folder_vars(["LCTG_CACHE_DIR"])
    dataset = resolve_dataset_arg(args)
    folder = dataset.path
    csv_names = [f"{t}/all_scores.csv" for t in TASKS]
    check_outputs(
        [
            Output.file("--json", args.json) if args.json else None,
            Output.file("--details", args.details) if args.details else None,
            Output.directory("--csv-dir", args.csv_dir, csv_names) if args.csv_dir else None,
            cache_output(args.llm_cache) if _calls_llm(args, chosen) else None,
        ],  # written as answers come
        inputs={"GENERATIONS": args.generations},
        dataset=folder,
        command="score",
    )
    if args.from_format in ("lctg", "openai-batch"):
        from lctg_metrics.cli.families import refuse_other_family

        given = args.dataset or str(folder)  # as the user named it: a Hub id, not its cache folder
        refuse_other_family(args.generations, "score", given, args.from_format, revision=args.revision)
    rows = read_rows(folder, args.config, tasks=args.task)
    # with --task: the ids of the config's other tasks, whose generations are skipped (and said so)
    others = {r["id"] for r in read_rows(folder, args.config)} - {r["id"] for r in rows} if args.task else set()
    if streams(args, chosen):  # our own file, no LLM step: read and scored in chunks
        _check_config(args, rows, folder, others)
        result, details, notes = score_stream(args, rows, others, options, dataset.source(), progress)
        try:
            return write_outputs(args, result, details, notes)
        except BaseException:
            if details is not None:
                details.discard()
            raise
    generations = _read(args)
    refuse_other_config(generations, rows, folder, args, others)
    if args.task:
        generations = _only_tasks(generations, others, args)
    steps = _steps(args, generations, folder, progress)
    if args.dry_run:
        return _dry_run(generations, rows, steps, options)
    result = score(
        generations,
        [r["constraint"] for r in rows],
        options=options,
        cleaner=steps.cleaner,
        missing=args.missing,
        judge=steps.judge,
        progress=progress,
        dataset_source=dataset.source(),
    )
    return write_outputs(args, result, None, [])


def _check_config(args: argparse.Namespace, rows: Any, folder: Any, others: set[str]) -> None:
    """The first chunk of a streamed file checked for another config's ids (:mod:`lctg_metrics.cli.configs`)."""
    from lctg_metrics.cli.stream import PEEK_CHUNK
    from lctg_metrics.inputs.generations import iter_generations

    chunks = iter_generations(args.generations, PEEK_CHUNK)
    try:
        refuse_other_config(next(chunks, []), rows, folder, args, others)
    finally:
        chunks.close()


def _calls_llm(args: argparse.Namespace, chosen: CleanerEntry | None) -> bool:
    """Whether the run calls an LLM (and so reads and writes the answer cache; a dry run only reads it)."""
    return bool(args.judge or (chosen and chosen.calls_llm)) and not args.dry_run


def _check_usage(args: argparse.Namespace, chosen: CleanerEntry | None) -> None:
    """Refuse flags that would be silently ignored in this combination."""
    if args.model_name is not None and not args.csv_dir:
        raise CLIError("--model-name labels the rows of --csv-dir output; give --csv-dir too, or drop it")
    if args.model_name is not None:
        from lctg_metrics.outputs.checks import check_label

        check_label("--model-name", args.model_name)
    from lctg_metrics.stats.bootstrap import check_resampling, check_seed

    # the bound first, with or without --ci: an "add --ci" hint must not lead to a second refusal
    check_resampling(args.ci_resamples, 0.95, name="--ci-resamples")
    check_seed(args.seed, name="--seed")
    if not args.ci:
        for name in ("ci_resamples", "seed"):
            if getattr(args, name) != BY_NAME[name].default:
                raise CLIError(f"{BY_NAME[name].flag} applies to the confidence intervals; add --ci, or drop it")
    if not (chosen and chosen.calls_llm) and not args.judge:
        for o in options_for("cli", LLM):
            if getattr(args, o.name) != o.default:
                raise CLIError(
                    f"{o.flag} configures the LLM cleaner and judge, but neither runs; add --cleaner llm "
                    "and/or --judge, or drop it"
                )
    if not (chosen and chosen.calls_llm) and args.empty_cleaner_answer != BY_NAME["empty_cleaner_answer"].default:
        raise CLIError(
            "--empty-cleaner-answer decides what an empty LLM-cleaner answer becomes, but no LLM cleaner runs; add "
            "--cleaner llm, or drop it"
        )
    if args.from_format == "openai-batch" and (args.id_field or args.text_field):
        raise CLIError("--id-field/--text-field do not apply to --from openai-batch (ids come from custom_id)")


def _read(args: argparse.Namespace) -> list[Any]:
    """The generations: our own reader, or ``lctg_metrics.formats`` for other tools' files and field names."""
    from lctg_metrics.inputs.generations import read_generations

    if args.from_format == "lctg" and args.id_field is None and args.text_field is None:
        return read_generations(args.generations)
    from lctg_metrics.formats import read_generations_from  # other tools' files and field names

    fields = {k: v for k, v in (("id_field", args.id_field), ("text_field", args.text_field)) if v is not None}
    if args.from_format == "lm-eval" and Path(args.generations).is_dir():  # a run may hold several configs
        from lctg_metrics.lm_eval_tasks.results import files_of_config

        return [
            g
            for f in files_of_config(args.generations, args.config, say=print)
            for g in read_generations_from(f, "lm-eval", missing=args.missing, **fields)
        ]
    if args.from_format == "openai-batch" and args.missing == "fail":  # a failed request is a missing generation
        from lctg_metrics.cli.batch import read_failed_as_missing

        return read_failed_as_missing(args.generations)
    return read_generations_from(args.generations, args.from_format, missing=args.missing, **fields)


def _only_tasks(generations: Sequence[Any], others: set[str], args: argparse.Namespace) -> list[Any]:
    """With ``--task``: keep the generations of those tasks, skip (and say so) those of the config's other tasks."""
    kept = [g for g in generations if g.id not in others]
    skipped = len(generations) - len(kept)
    if skipped:
        print(f"note: scoring only {', '.join(args.task)}: skipped {skipped} generations of the other tasks")
    if not kept:
        raise CLIError(f"{args.generations}: no generations of task(s) {', '.join(args.task)}")
    return kept


def _steps(args: argparse.Namespace, generations: Sequence[Any], folder: Any, progress: bool) -> Any:
    """The run's cleaner and judge, assembled as the API assembles them (``api.run_steps``); the LLM flags are read
    only where a step calls an LLM, and a dry run is that run with no call made."""
    from lctg_metrics.api import run_steps
    from lctg_metrics.llm.config import config_from_options

    steps = run_steps(
        args.cleaner,
        (g.cleaned for g in generations),
        judge=args.judge,
        dataset=folder,
        llm=lambda: config_from_options(vars(args)),
        empty_cleaner_answer=args.empty_cleaner_answer,
        run_options={"progress": progress and not args.dry_run, **({"dry_run": True} if args.dry_run else {})},
    )
    if args.dry_run and not steps.calls_llm:
        raise CLIError("--dry-run counts LLM calls; use it with --cleaner llm and/or --judge")
    return steps


def _dry_run(generations: Sequence[Any], rows: Sequence[Any], steps: Any, options: Any) -> int:
    """How many calls a run would make (after cache and deduplication), without making any: the run's own
    preparation (``scoring.check.prepare_texts``) with the LLM steps in dry-run mode."""
    import dataclasses

    from lctg_metrics.scoring import index_references
    from lctg_metrics.scoring.check import prepare_texts
    from lctg_metrics.scoring.join import match_codes
    from lctg_metrics.scoring.part import columns_of, judge_answers

    cols = columns_of(generations)
    matches = match_codes(cols, index_references(r["constraint"] for r in rows))
    _, cleaned, stats, _ = prepare_texts(cols, matches, steps.cleaner, options)
    if stats is not None:
        print(f"llm cleaner: {usage_line(dataclasses.asdict(stats))}")
    if steps.judge is not None:
        if stats is not None and stats.calls_needed:
            print(
                f"llm judge: at most {len(generations)} primary calls (its inputs are the LLM-cleaned texts, not "
                "cached yet), plus True/False fallback calls for non-conforming answers"
            )
        else:  # every cleaned text is known: the judge's inputs are the run's
            _, judged = judge_answers(matches.references(), cleaned, steps.judge)
            print(
                f"llm judge: {usage_line(dataclasses.asdict(judged))} (plus True/False fallback calls for "
                "non-conforming answers)"
            )
    print("dry run: no calls were made")
    return 0
