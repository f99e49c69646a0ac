"""The ``lctg if-score`` command: score Japanese verifiable instructions (M-IFEval-ja files or the dataset's
``instructions`` config), print the table, write the JSON result and per-instruction details atomically.

    lctg if-score RESPONSES.jsonl --from m-ifeval --input ja_input_data.jsonl [--json R] [--details D]
    lctg if-score GENERATIONS.jsonl --dataset lctg [--config instructions] [--json R] [--details D]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from lctg_metrics.cli.commands import help_line
from lctg_metrics.cli.dataset import resolve_dataset_arg
from lctg_metrics.cli.families import refuse_other_family
from lctg_metrics.cli.flags import REVISION_HELP, SEED_HELP
from lctg_metrics.cli.intervals import add_ci, add_resamples
from lctg_metrics.cli.means import printed_table
from lctg_metrics.cli.wrote import human_output, say_wrote
from lctg_metrics.family import family_entry

#: Input formats: M-IFEval's files, or outputs of the dataset folder's prompts ({id, generation} lines, or the
#: Batch API output of ``lctg prompts --config instructions --format openai-batch``).
FORMATS = ("lctg", "m-ifeval", "openai-batch")


def _same_paths(args: argparse.Namespace, inputs: list[tuple[str, Path]]) -> None:
    """Refuse an output that is an input or another output (before anything is read or written)."""
    outputs = [(f"--{name}", Path(getattr(args, name))) for name in ("json", "details") if getattr(args, name)]
    seen = [(label, p.resolve(), p) for label, p in inputs]
    for label, p in outputs:
        where = p.resolve()
        clash, given = next(((other, q) for other, r, q in seen if r == where), (None, None))
        if clash in ("--json", "--details"):  # two outputs: worded as every command words it (outputs.checks)
            raise ValueError(f"{clash} {given} and {label} {p} are the same file; give each output its own path")
        if clash:  # worded as every command words an output over an input (outputs.checks.refuse_over_inputs)
            raise ValueError(f"{label} {p} would overwrite the input {clash} {given}; write it elsewhere")
        if where.is_dir():
            raise ValueError(f"{label} {p} is a folder; give a file path")
        seen.append((label, where, p))


def _outside(args: argparse.Namespace, dataset: Any) -> None:
    """The one check every command's outputs pass (:func:`~lctg_metrics.cli.outside.check_outputs`): none inside a
    built dataset folder, none a FIFO or a device; claimed for the run."""
    from lctg_metrics.cli.outside import check_outputs
    from lctg_metrics.outputs.checks import Output

    flags = [(f"--{name}", getattr(args, name)) for name in ("json", "details") if getattr(args, name)]
    check_outputs(
        [Output.file(flag, path) for flag, path in flags], dataset=dataset.path if dataset else None, command="if-score"
    )


def _inputs(args: argparse.Namespace) -> tuple[list[tuple[str, Path]], Any]:
    """The files the run reads (checked against its outputs), and the dataset ``--dataset`` names (None with
    ``--from m-ifeval``), resolved once: a Hub repo id is its verified cached snapshot folder."""
    from lctg_metrics.inputs.folder import MANIFEST, dataset_files

    fmt = args.from_format or ("m-ifeval" if args.input else "lctg")
    if fmt == "m-ifeval":
        if not args.input or args.dataset:
            raise ValueError("--from m-ifeval needs --input ja_input_data.jsonl (and no --dataset)")
        return [("RESPONSES", Path(args.generations)), ("--input", Path(args.input))], None
    if not args.dataset or args.input:
        needs = f"--from {fmt} needs" if args.from_format else "if-score needs"  # the flag named only when typed
        raise ValueError(
            f"{needs} --dataset (a folder written by build_dataset.py, or a Hub dataset repo id ORG/NAME) and no "
            "--input" + ("" if args.from_format else "; an M-IFEval responses file takes --input ja_input_data.jsonl")
        )
    _refuse_other_config(args)
    resolved = resolve_dataset_arg(args)
    folder = Path(resolved.path)
    found = [("GENERATIONS", Path(args.generations)), ("--dataset", folder)]
    if (folder / MANIFEST).is_file():
        found.append(("--dataset manifest", folder / MANIFEST))
        found += [("--dataset file", f) for f in dataset_files(folder, args.config)]
    return found, resolved


def _refuse_other_config(args: argparse.Namespace) -> None:
    """``--config`` naming a config another command scores (an LCTG config, story_endings): one line naming it."""
    from lctg_dataset.constants import TASKS
    from lctg_metrics.cli.configs import ID_CONFIGS
    from lctg_metrics.family import REGISTRY

    mine = family_entry("instr")
    owners = {e.config: e.command for e in REGISTRY.values() if e.name != mine.name}
    owners.update(dict.fromkeys((*ID_CONFIGS, *TASKS), family_entry("lctg").command))
    if args.config != mine.config and args.config in owners:
        raise ValueError(
            f"--config {args.config}: the {args.config} config holds no instruction prompts (lctg "
            f"{owners[args.config]} scores it); drop --config (if-score reads the {mine.config} config)"
        )


def cmd_if_score(args: argparse.Namespace) -> int:
    from lctg_metrics.families.instructions import result_json
    from lctg_metrics.instructions import files
    from lctg_metrics.instructions.score import RUN_MODES, score_instructions

    if args.mode not in RUN_MODES:
        raise ValueError(f"--mode must be one of {', '.join(RUN_MODES)}, got {args.mode!r}")
    from lctg_metrics.stats.bootstrap import check_resampling, check_seed

    if args.ci:
        check_resampling(args.ci_resamples, 0.95, name="--ci-resamples")
    check_seed(args.seed, name="--seed")
    fmt = args.from_format or ("m-ifeval" if args.input else "lctg")
    given_files = [("GENERATIONS", Path(args.generations))] + ([("--input", Path(args.input))] if args.input else [])
    _same_paths(args, given_files)  # an output over an input is refused before any input is opened
    if fmt in ("lctg", "openai-batch"):  # the file is told apart first
        refuse_other_family(
            args.generations, "if-score", args.dataset, fmt, given_input=bool(args.input), revision=args.revision
        )
    else:
        _refuse_generations_as_responses(args)
    inputs, dataset = _inputs(args)
    _same_paths(args, inputs)
    _outside(args, dataset)
    bar = args.progress if args.progress is not None else sys.stderr.isatty()
    if inputs[1][0] == "--input":
        rows, generations = files.read_mifeval(args.input, args.generations)
        name, data = files.MIFEVAL_DATA, {"format": "m-ifeval", "input": str(args.input)}
    else:  # the family's one run: its rows from the folder, every sample of an id scored and averaged
        from lctg_metrics.family import run

        options = {"mode": args.mode, "ci": args.ci, "ci_resamples": args.ci_resamples, "seed": args.seed}
        given: Any = args.generations
        if fmt == "openai-batch":  # the ids are the custom_ids of `lctg prompts --format openai-batch`
            from lctg_metrics.formats import read_generations_from

            _refuse_failed_requests(args.generations)
            given = read_generations_from(args.generations, fmt)
        scored = run("instr", given, dataset=dataset, config=args.config, options={**options, "progress": bar})
        hub = dataset.source()  # the repo, the revision asked for and the commit it resolved to
        data = {"format": fmt, "dataset": hub or str(dataset.path), "config": args.config}
        return _write(args, scored.json, scored.details, printed_table(scored), data)
    result = score_instructions(
        generations,
        rows,
        mode=args.mode,
        ci=args.ci,
        n_resamples=args.ci_resamples,
        seed=args.seed,
        data=name,
        source=str(args.generations),
        progress=bar,
    )
    return _write(args, result_json(result), result.details, result.table(), data)


def _refuse_generations_as_responses(args: argparse.Namespace) -> None:
    """The dataset's {id, generation} lines given as M-IFEval responses (``--input``): one line with the route."""
    from lctg_metrics.cli.families import PLAIN_FIELDS, first_raw

    first = first_raw(args.generations)
    if all(f in first for f in PLAIN_FIELDS) and "response" not in first:
        raise ValueError(
            f"{args.generations} holds id and generation lines (outputs for the dataset's instructions config), not "
            "M-IFEval responses (prompt, response): score it with --dataset DIR instead of --input"
        )


def _refuse_failed_requests(path: str) -> None:
    """A Batch API output with failed requests: one line naming the first (and counting the others) and the route
    that works here (every prompt of the config is scored: if-score has no policy for missing answers)."""
    from lctg_metrics.formats.batch import batch_answer
    from lctg_metrics.inputs.generations import read_text
    from lctg_metrics.inputs.parse import jsonl_rows

    p = Path(path)
    if not p.is_file():
        return  # the reader says what is wrong with it
    failed = [
        f"{where}: custom_id {rec.get('custom_id')!r} {problem}"
        for where, rec in jsonl_rows(p, read_text(p))
        if isinstance(rec, dict) and (problem := batch_answer(rec)[2])
    ]
    if failed:
        more = f" (and {len(failed) - 1} more failed line(s))" if len(failed) > 1 else ""
        raise ValueError(
            f"{failed[0]}{more}; re-submit the failed requests and score the whole output (if-score scores "
            "every prompt of the config, each needs an answer)"
        )


def _write(args: argparse.Namespace, result: dict[str, Any], details: list[Any], table: str, data: Any) -> int:
    """Write the JSON result and the details as one set, print the table."""
    from lctg_metrics.outputs.write import json_text, jsonl_text, write_all

    outputs: list[tuple[Any, str]] = []
    if args.json:
        outputs.append((args.json, json_text({**result, "inputs": {"generations": str(args.generations), **data}})))
    if args.details:
        outputs.append((args.details, jsonl_text(details)))
    write_all(outputs)  # both or neither
    say_wrote(path for path, _ in outputs)
    with human_output(args.json, args.details) as legend:  # stdout holds a machine output alone
        print(table)
        if legend:  # what strict and loose, the rows, n and the intervals mean
            from lctg_metrics.cli.legend import ci_line, modes_legend
            from lctg_metrics.instructions.score import RUN_MODES

            samples = result.get("samples", 1) if isinstance(result.get("samples"), int) else 1
            ci = ci_line(args.ci_resamples, args.seed, unit="prompts") if args.ci else ""
            print(modes_legend(RUN_MODES[args.mode], samples=samples, ci=ci))
    return 0


def register(subparsers: Any) -> None:
    """Add ``if-score`` to the ``lctg`` parser; it sets ``handler``."""
    from lctg_metrics.instructions.score import RUN_MODES

    p = subparsers.add_parser(
        "if-score",
        help=help_line("if-score"),
        description="Check every instruction of every prompt in strict and loose mode; print prompt- and "
        "instruction-level accuracy (overall, per category, per instruction id) with bootstrap 95% "
        "CIs over prompts and the signature.",
    )
    p.add_argument(
        "generations",
        metavar="GENERATIONS",
        help="JSONL: {id, generation} per line, or with --from m-ifeval a responses file {prompt, response}",
    )
    p.add_argument(
        "--from",
        dest="from_format",
        choices=FORMATS,
        help="input format (default: m-ifeval with --input, else lctg); openai-batch: the Batch API output of "
        "the Batch API lines lctg prompts writes",
    )
    p.add_argument("--input", help="M-IFEval's ja_input_data.jsonl (with --from m-ifeval)")
    p.add_argument(
        "--dataset",
        help="dataset folder written by build_dataset.py, or a Hub dataset repo id ORG/NAME (with --from lctg)",
    )
    p.add_argument("--revision", help=REVISION_HELP)
    p.add_argument("--config", default=family_entry("instr").config, help="dataset config (the family's build config)")
    p.add_argument("--mode", default="both", choices=list(RUN_MODES), help="verdicts to compute")
    p.add_argument("--json", help="write the JSON result here")
    p.add_argument(
        "--details", help="write one line per instruction: key, instruction_id, index, strict, loose, reason"
    )
    add_ci(p, default=True)
    add_resamples(p)
    p.add_argument("--seed", type=int, default=0, help=SEED_HELP.format(what="the bootstrap's"))
    p.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="a progress bar on stderr for large inputs (default: only when stderr is a terminal)",
    )
    p.set_defaults(handler=cmd_if_score, input_files=("generations", "input"))


__all__ = ["cmd_if_score", "register"]
