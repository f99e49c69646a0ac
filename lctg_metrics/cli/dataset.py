"""The dataset commands of ``lctg``: build (the builder's own parser), prompts, sample (publish is ``cli.publish``);
and where ``--dataset`` points (a local build or a Hub repo id at a revision)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

#: Configs whose rows are not LCTG prompts (built with --instructions / --stories).
INSTRUCTIONS_CONFIG, STORY_CONFIG = "instructions", "story_endings"


class CLIError(Exception):
    """A usage error the CLI reports on stderr with exit code 2."""


def resolve_dataset_arg(args: argparse.Namespace) -> Any:
    """The dataset ``--dataset`` (and ``--revision``) name, as ``lctg_metrics.inputs.hub.ResolvedDataset``: its
    ``path`` is the folder every reader reads (``args`` is left as parsed)."""
    from lctg_metrics.inputs.hub import resolve_dataset

    check_local_path(args.dataset)
    return resolve_dataset(args.dataset, getattr(args, "revision", None))


def check_local_path(name: str) -> None:
    """Refuse, naming it, a ``--dataset`` that reads as a local path but does not exist — a mistyped folder must never
    be looked up (or sent) to the Hub: it starts with ``.``, ``/`` or ``~``, ends with a separator, has more than two
    parts, or its first part is a folder here (``data/lctg`` beside a ``data/`` folder)."""
    if os.path.exists(name):
        return
    parts = name.replace("\\", "/").split("/")
    looks = (
        name.startswith((".", "/", "~"))
        or name.endswith(("/", "\\"))
        or len(parts) > 2
        or "\\" in name
        or (len(parts) == 2 and os.path.isdir(parts[0]))
        or (len(name) > 1 and name[1] == ":")
    )
    if looks:
        shadow = len(parts) == 2 and parts[0] not in ("", ".", "..", "~") and os.path.isdir(parts[0])
        hint = f" ({parts[0]}/ is a folder here, so this names a local path)" if shadow else ""
        raise CLIError(
            f"dataset {os.path.normpath(name)}: no such folder{hint} (--dataset); check the path, "
            f"or build one with `lctg build -o {name}`"
        )


def cmd_build(args: argparse.Namespace, prog: str = "lctg build") -> int:
    """The dataset builder's own parser and pipeline, with the evaluate metric modules of the built configs added to
    the folder (``lctg_ctg`` always; ``lctg_if`` / ``lctg_ifsm`` with the instructions / story_endings config)."""
    from lctg_dataset.cli import main as build_main
    from lctg_metrics.cli.claims import claimed_build
    from lctg_metrics.metric_module import module_files

    return claimed_build(args.args, prog, lambda: build_main(args.args, extra_files=module_files, prog=prog))


def cmd_prompts(args: argparse.Namespace) -> int:
    from lctg_metrics.cli.outside import check_outputs
    from lctg_metrics.inputs.folder import read_rows
    from lctg_metrics.outputs.checks import Output
    from lctg_metrics.outputs.write import jsonl_text, write_all

    if args.format == "jsonl" and args.model is not None:
        raise CLIError("--model names the model of --format openai-batch lines; jsonl lines carry no model")
    if args.samples is not None and args.samples < 1:
        raise CLIError(f"--samples must be a positive integer, got {args.samples}")
    _bounded_samples(args.samples)
    folder = resolve_dataset_arg(args).path
    check_outputs([Output.file("--output", args.output)], dataset=folder, command="prompts")
    if args.config == STORY_CONFIG:
        return _story_prompts(args, folder)
    if args.config == INSTRUCTIONS_CONFIG:
        rows = _instruction_rows(args, folder)
    else:
        rows = read_rows(folder, args.config, tasks=args.task)
    if args.format == "jsonl" and args.samples is None:
        records = [{"id": r["id"], "prompt": r["prompt"]} for r in rows]
    else:
        from lctg_metrics.formats import prompt_records

        records = prompt_records(rows, args.format, model=args.model, samples=args.samples or 1)
    write_all([(args.output, jsonl_text(records))])
    # the next command, with the ids' config: every config's outputs are scored joined on its ids
    batch = " --from openai-batch" if args.format == "openai-batch" else ""
    if args.config == INSTRUCTIONS_CONFIG:
        then = f"score the outputs with lctg if-score OUTPUTS.jsonl{batch}{_dataset_flags(args, folder)}"
    else:
        config = f" --config {args.config}" if args.config != "all" else ""
        tasks = "".join(f" --task {t}" for t in dict.fromkeys(args.task or ()))
        then = f"score the outputs with lctg score OUTPUTS.jsonl{batch}{_dataset_flags(args, folder)}{config}{tasks}"
    if len(records) == len(rows) and args.format == "jsonl":
        _said(args.output, f"{len(rows)} prompts", then)
    else:
        _said(
            args.output,
            f"{len(records)} {args.format} lines: {len(rows)} prompts × {_n_samples(args.samples or 1)}",
            then,
        )
    return 0


def _instruction_rows(args: argparse.Namespace, folder: Path) -> list[dict[str, Any]]:
    """The rows of the instructions config (their ``id`` and ``prompt``, the ids ``lctg if-score`` reads)."""
    from lctg_metrics.instructions import read_config_rows

    if args.task:
        raise CLIError("--task picks LCTG tasks; the instructions config is exported whole (drop --task)")
    return read_config_rows(folder, args.config)


def _said(output: str, what: str, then: str = "") -> None:
    """``wrote PATH (what; then)`` on stderr; written to standard output, ``wrote what to standard output; then``
    (``then``, the next command, names the file as given: ``-``, which that command reads as standard input)."""
    from lctg_metrics.cli.wrote import say_wrote
    from lctg_metrics.outputs.targets import is_stdout

    if is_stdout(output):
        if f" {output} " in f"{then} ".replace(
            ":", " "
        ):  # the next command reads what this one printed: as the end of a pipe
            then = then.replace(" with lctg ", " in a pipe: … -o - | lctg ", 1)
        print(f"wrote {what} to standard output" + (f"; {then}" if then else ""), file=sys.stderr)
    say_wrote([output], what + (f"; {then}" if then else ""))


def _dataset_flags(args: argparse.Namespace, folder: Any) -> str:
    """The dataset as the user named it (a Hub id with its revision, not the cache folder it resolved to, so the
    scoring command signs the same data), else the folder found."""
    revision = f" --revision {args.revision}" if getattr(args, "revision", None) else ""
    return f" --dataset {args.dataset}{revision}" if args.dataset else f" --dataset {folder}"


def cmd_sample(args: argparse.Namespace) -> int:
    from lctg_metrics.cli.outside import check_outputs
    from lctg_metrics.inputs.folder import read_rows
    from lctg_metrics.outputs.checks import Output
    from lctg_metrics.outputs.write import jsonl_text, write_all
    from lctg_metrics.sample import sample_generations

    if args.samples is not None and args.samples < 1:
        raise CLIError(f"--samples must be a positive integer, got {args.samples}")
    _bounded_samples(args.samples)
    _one_sample_configs(args)
    if args.task and args.config in (INSTRUCTIONS_CONFIG, STORY_CONFIG):  # as `lctg prompts` refuses it
        raise CLIError(f"--task picks LCTG tasks; the {args.config} config is written whole (drop --task)")
    samples = TOY_SAMPLES if args.samples is None else args.samples
    folder = resolve_dataset_arg(args).path
    check_outputs([Output.file("--output", args.output)], dataset=folder, command="sample")
    if args.config == INSTRUCTIONS_CONFIG:  # one output per prompt, scored by `lctg if-score`
        from lctg_metrics.instructions import read_config_rows, toy_instruction_outputs

        outputs = toy_instruction_outputs(read_config_rows(folder, args.config), seed=args.seed)
        write_all([(args.output, jsonl_text(outputs))])
        _said(
            args.output,
            f"{len(outputs)} toy outputs for the instructions config",
            f"score them with lctg if-score {args.output}{_dataset_flags(args, folder)}",
        )
        return 0
    if args.config == STORY_CONFIG:  # one ending per question, scored by `lctg ifsm`
        import pyarrow.parquet as pq

        from lctg_metrics.inputs.folder import dataset_files
        from lctg_metrics.sample import toy_story_endings

        endings = toy_story_endings(
            [
                r
                for f in dataset_files(folder, args.config)
                for r in pq.read_table(f, columns=["id", "question"]).to_pylist()
            ],
            seed=args.seed,
        )
        write_all([(args.output, jsonl_text(endings))])
        _said(
            args.output,
            f"{len(endings)} toy story endings",
            f"score them with lctg ifsm {args.output}{_dataset_flags(args, folder)}: the reader needs the contexts of "
            "your Possible Stories copy (--stories-source)",
        )
        return 0
    rows = read_rows(folder, args.config, tasks=args.task)
    gens = sample_generations(rows, samples=samples, seed=args.seed)
    write_all([(args.output, jsonl_text(gens))])
    tasks = "".join(f" --task {t}" for t in dict.fromkeys(args.task or ()))
    config = f" --config {args.config}" if args.config != "all" else ""
    _said(
        args.output,
        f"{len(gens)} toy generations: {len(rows)} prompts × {_n_samples(samples)}",
        f"score them with lctg score {args.output}{_dataset_flags(args, folder)}{config}{tasks}",
    )
    return 0


def _n_samples(n: int) -> str:
    return f"{n} sample{'s' * (n != 1)}"


#: Toy generations per prompt ``lctg sample`` writes for the LCTG configs unless ``--samples`` says otherwise.
TOY_SAMPLES = 3


def _one_sample_configs(args: argparse.Namespace) -> None:
    """``--samples N`` (N > 1) for a config whose toy model writes one output per prompt: refused, saying how to get
    several samples (files of other seeds, concatenated: the k-th line of an id is its sample k)."""
    if args.samples in (None, 1) or args.config not in (INSTRUCTIONS_CONFIG, STORY_CONFIG):
        return
    raise CLIError(
        f"--samples {args.samples}: the {args.config} config's toy model writes one output per prompt; for "
        f"{args.samples} samples, write one file per --seed (0 to {args.samples - 1}) and concatenate them "
        "(the k-th line of an id is its sample k)"
    )


#: The most samples per prompt ``prompts`` and ``sample`` write (their lines are built in memory).
MAX_SAMPLES = 10_000


def _bounded_samples(samples: int | None) -> None:
    if samples is not None and samples > MAX_SAMPLES:
        raise CLIError(
            f"--samples {samples} is more than {MAX_SAMPLES:,} per prompt (the lines are built in memory: "
            f"{samples:,} × 1,680 prompts would not fit); write several files with fewer samples"
        )


def _story_prompts(args: argparse.Namespace, folder: Path) -> int:
    """``lctg prompts --config story_endings``: the rows carry no ROCStories contexts; the user's copy fills them."""
    import pyarrow.parquet as pq

    from lctg_metrics.ifsm.prompts import story_prompt_records
    from lctg_metrics.inputs.folder import dataset_files
    from lctg_metrics.outputs.write import jsonl_text, write_all

    if args.format != "jsonl" or args.samples is not None or args.task:
        raise CLIError("--config story_endings writes {id, prompt} lines only (no --format, --samples or --task)")
    rows = [r for f in dataset_files(folder, args.config) for r in pq.read_table(f).to_pylist()]
    records = story_prompt_records(rows, stories_source=args.stories)
    write_all([(args.output, jsonl_text(records))])
    _said(
        args.output,
        f"{len(records)} story-ending prompts, contexts from your local Possible Stories copy",
        f"score the endings with lctg ifsm OUTPUTS.jsonl{_dataset_flags(args, folder)}",
    )
    return 0
