"""``lctg score``'s outputs: the result JSON, the details and the all_scores.csv files written as one set under the
lock of their folders (another model's rows kept), then the table with its legend, the LLM usage and the notes."""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path
from typing import Any

from lctg_dataset.constants import TASKS
from lctg_metrics.cli.dataset import CLIError

#: The label of all_scores.csv rows when --model-name is not given.
DEFAULT_MODEL_NAME = "model"


def write_outputs(args: argparse.Namespace, result: Any, details: Any, task_notes: list[str]) -> int:
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
    from lctg_metrics.cli.legend import PROMPT_LEVEL_CI, aspects_legend, ci_line
    from lctg_metrics.render.table import columns, heading
    from lctg_metrics.render.terminal import format_table

    table = format_table(result, cis=cis)
    print(table)
    if legend:  # what the headings, row labels and intervals mean; not when a machine output takes stdout
        rows = ["prompts"] if result.coverage.get("by_task") else []
        rows += [PROMPT_LEVEL_CI if ci else "prompt-level"] if result.prompt_level else []  # with --ci: no interval
        shown = [k for k in ("overall", "coverage") if any(line.startswith(k) for line in table.splitlines())]
        print(aspects_legend((heading(c) for c in columns()), rows, ci_line(*ci) if ci else "", shown))
    if rounding_note:  # only where a rounded copy of the scores is written
        print(
            "(exact means; all_scores.csv and the JSON's upstream_rounding follow upstream's rounding chain: "
            "per-sample scores rounded to 3 decimals, then averaged)"
        )
    for step, usage in (result.llm_usage or {}).items():
        print(f"llm {step}: {usage_line(usage)}")
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


def usage_line(usage: dict[str, Any]) -> str:
    """One LLM step's calls, cache hits, retries, errors and tokens (what it would make, in a dry run)."""
    verb = "would make" if usage.get("dry_run") else "made"
    calls = usage["calls_needed"] if usage.get("dry_run") else usage["calls_made"]
    return (
        f"{usage['requests']} requests, {verb} {calls} calls ({usage['cache_hits']} cached, "
        f"{usage['deduplicated']} deduplicated, {usage['retries']} retries, {usage['errors']} errors), "
        f"tokens {usage['prompt_tokens']} in + {usage['completion_tokens']} out"
    )
