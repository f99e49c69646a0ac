"""``lctg score``: read generations and the dataset, score (rule or LLM cleaner, optional judge), write the outputs."""

from __future__ import annotations

import argparse
import csv
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lctg_dataset.constants import TASKS
from lctg_metrics.cleaners import CleanerEntry, entry
from lctg_metrics.cli.configs import refuse_other_config
from lctg_metrics.cli.dataset import CLIError, resolve_dataset_arg
from lctg_metrics.options import BY_NAME, LLM, options_for, scoring_options_from

#: The label of all_scores.csv rows when --model-name is not given.
DEFAULT_MODEL_NAME = "model"


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
    )
    if args.from_format in ("lctg", "openai-batch"):
        from lctg_metrics.cli.families import refuse_other_family

        refuse_other_family(args.generations, "score", str(folder), args.from_format)
    rows = read_rows(folder, args.config, tasks=args.task)
    # with --task: the ids of the config's other tasks, whose generations are skipped (and said so)
    others = {r["id"] for r in read_rows(folder, args.config)} - {r["id"] for r in rows} if args.task else set()
    if streams(args, chosen):  # our own file, no LLM step: read and scored in chunks
        _check_config(args, rows, folder, others)
        result, details, notes = score_stream(args, rows, others, options, dataset.source(), progress)
        try:
            return _write_outputs(args, result, details, notes)
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
    return _write_outputs(args, result, None, [])


def _write_outputs(args: argparse.Namespace, result: Any, details: Any, task_notes: list[str]) -> int:
    """Render every output, write them as one set (``details``: the staged details file of a streamed run), print
    the table."""
    from lctg_metrics.cli.wrote import human_output, machine_stdout
    from lctg_metrics.outputs.targets import is_stdout, locked, real_target

    for note in task_notes:
        print(note, file=sys.stderr if machine_stdout(args.json, args.details) else sys.stdout)
    for note in result.notes:  # degraded LLM answers: said on stderr too, whatever the outputs
        if note.startswith("warning: LLM "):
            print(note, file=sys.stderr)
    cis = None
    if args.ci:
        from lctg_metrics.analysis import ci_table

        cis = ci_table(result, n_resamples=args.ci_resamples, seed=args.seed)
    # all_scores.csv is read, merged and replaced under the lock of its folder (a run sharing --csv-dir waits); every
    # folder of the set is locked here, at once and in one order, so that no run holds one while waiting for another
    folders = [Path(args.csv_dir) / t for t in TASKS if t in result.scores] if args.csv_dir else []
    folders += [real_target(p).parent for p in (args.json, args.details) if p and not is_stdout(p)]
    for folder in folders:  # made first, so that every run locks the folder itself
        folder.mkdir(parents=True, exist_ok=True)
    with locked(folders):
        notes = _write_files(args, result, details, cis)
    with human_output(args.json, args.details) as legend:
        return _print_table(
            result,
            cis,
            notes,
            rounding_note=bool(args.csv_dir or args.json),
            legend=legend,
            ci=(args.ci_resamples, args.seed) if cis is not None else None,
        )


def _write_files(args: argparse.Namespace, result: Any, details: Any, cis: Any) -> list[str]:
    """Write the result, details and CSV files as one set; the notes about what the CSV files keep."""
    from lctg_metrics.cli.wrote import say_wrote
    from lctg_metrics.outputs.write import json_text, jsonl_text, write_all
    from lctg_metrics.render.csv_table import all_scores_csv

    # every output is rendered before any is written, and they are written as one set
    files: list[tuple[Any, Any]] = []
    notes: list[str] = []
    if args.json:
        out = result.to_dict()
        if cis is not None:
            out["ci"] = {
                "level": 0.95,
                "resamples": args.ci_resamples,
                "seed": args.seed,
                "intervals": {t: {k: list(v) for k, v in per.items()} for t, per in cis.items()},
            }
        files.append((args.json, json_text(out)))
    if details is not None:
        files.append((args.details, details))
    elif args.details:
        files.append((args.details, jsonl_text(dict(it.to_dict(), signature=result.signature) for it in result.items)))
    if args.csv_dir:
        name = args.model_name or DEFAULT_MODEL_NAME
        for task in TASKS:
            if task in result.scores:
                path = Path(args.csv_dir) / task / "all_scores.csv"
                text, kept = _with_other_models(path, all_scores_csv(result, task, name), name)
                files.append((path, text))
                if kept:
                    notes.append(f"note: {path} keeps the rows of {len(kept)} other model(s): {', '.join(kept)}")
    write_all(files)
    say_wrote(path for path, _ in files)
    return notes


def _print_table(
    result: Any, cis: Any, notes: list[str], *, rounding_note: bool, legend: bool = True, ci: Any = None
) -> int:
    """The table, its legend (headings, row labels, the intervals: ``ci`` = (resamples, seed)) and the notes."""
    from lctg_metrics.cli.legend import aspects_legend, ci_line
    from lctg_metrics.render.table import columns, heading
    from lctg_metrics.render.terminal import format_table

    table = format_table(result, cis=cis)
    print(table)
    if legend:  # what the headings, row labels and intervals mean; not when a machine output takes stdout
        rows = ["prompts"] if result.coverage.get("by_task") else []
        rows += ["prompt-level"] if result.prompt_level else []
        shown = [k for k in ("overall", "coverage") if any(line.startswith(k) for line in table.splitlines())]
        print(aspects_legend((heading(c) for c in columns()), rows, ci_line(*ci) if ci else "", shown))
    if rounding_note:  # only where a rounded copy of the scores is written
        print(
            "(exact means; all_scores.csv and the JSON's upstream_rounding follow upstream's rounding chain: "
            "per-sample scores rounded to 3 decimals, then averaged)"
        )
    for step, usage in (result.llm_usage or {}).items():
        print(f"llm {step}: {_usage_line(usage)}")
    for note in notes:
        print(note)
    return 0


def _with_other_models(path: Any, text: str, model: str) -> tuple[str, list[str]]:
    """This run's all_scores.csv with the rows of other models an existing file holds (upstream's file has one row
    per model): this model's row replaces its old one in place, the others stay; a different header is refused."""
    import io

    from lctg_metrics.inputs.generations import read_text

    if not path.is_file():
        return text, []
    # read as CSV records, not lines: a quoted field may hold a line break
    old = [r for r in csv.reader(io.StringIO(read_text(path), newline="")) if any(f.strip() for f in r)]
    new = list(csv.reader(io.StringIO(text, newline="")))
    if not old or old[0] != new[0]:
        raise CLIError(
            f"--csv-dir: {path} has other columns than this run writes ({','.join(new[0])!r}); the runs "
            "differ (e.g. one has the quality judge): give another --csv-dir"
        )
    rows, kept, placed = [old[0]], [], False
    for row in old[1:]:
        if row[0] == model:
            rows += new[1:] if not placed else []
            placed = True
        else:
            rows.append(row)
            kept.append(row[0])
    if not placed:
        rows += new[1:]
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue(), kept


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
    if args.ci:
        from lctg_metrics.stats.bootstrap import check_resampling, check_seed

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


def _usage_line(usage: dict[str, Any]) -> str:
    verb = "would make" if usage.get("dry_run") else "made"
    calls = usage["calls_needed"] if usage.get("dry_run") else usage["calls_made"]
    return (
        f"{usage['requests']} requests, {verb} {calls} calls ({usage['cache_hits']} cached, "
        f"{usage['deduplicated']} deduplicated, {usage['retries']} retries, {usage['errors']} errors), "
        f"tokens {usage['prompt_tokens']} in + {usage['completion_tokens']} out"
    )


def _dry_run(generations: Sequence[Any], rows: Sequence[Any], steps: Any, options: Any) -> int:
    """How many calls a run would make (after cache and deduplication), without making any: the run's own
    preparation (``scoring.check.prepare_texts``) with the LLM steps in dry-run mode."""
    import dataclasses

    from lctg_metrics.scoring import index_references
    from lctg_metrics.scoring.check import prepare_texts
    from lctg_metrics.scoring.join import match_codes
    from lctg_metrics.scoring.pipeline import columns_of, judge_answers

    cols = columns_of(generations)
    matches = match_codes(cols, index_references(r["constraint"] for r in rows))
    _, cleaned, stats, _ = prepare_texts(cols, matches, steps.cleaner, options)
    if stats is not None:
        print(f"llm cleaner: {_usage_line(dataclasses.asdict(stats))}")
    if steps.judge is not None:
        if stats is not None and stats.calls_needed:
            print(
                f"llm judge: at most {len(generations)} primary calls (its inputs are the LLM-cleaned texts, not "
                "cached yet), plus True/False fallback calls for non-conforming answers"
            )
        else:  # every cleaned text is known: the judge's inputs are the run's
            _, judged = judge_answers(matches.references(), cleaned, steps.judge)
            print(
                f"llm judge: {_usage_line(dataclasses.asdict(judged))} (plus True/False fallback calls for "
                "non-conforming answers)"
            )
    print("dry run: no calls were made")
    return 0
