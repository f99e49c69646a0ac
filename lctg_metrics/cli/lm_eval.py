"""``lctg lm-eval-tasks``: write lm-evaluation-harness task files that score with lctg, for a built dataset."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from lctg_metrics.cleaners import per_item_cleaners
from lctg_metrics.cli.commands import help_line
from lctg_metrics.cli.flags import refuse_switch_values
from lctg_metrics.lm_eval_tasks.writer import DEFAULT_MAX_GEN_TOKS, DEFAULT_SAMPLING_TEMPERATURE


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "lm-eval-tasks",
        help=help_line("lm-eval-tasks"),
        description="Write task YAMLs + utils.py for `lm_eval --include_path DIR --tasks lctg`; each "
        "response is scored by lctg (rule cleaner by default), so the harness prints LCTG accuracies.",
    )
    p.add_argument(
        "--dataset",
        required=True,
        help="dataset folder written by build_dataset.py, or a Hub repo id "
        "(ORG/NAME, through the Hugging Face cache; the task files pin the resolved commit)",
    )
    p.add_argument(
        "--revision",
        help="with a Hub repo id as --dataset or --dataset-path: the tag, branch or commit "
        "to read (default: the repo's default revision)",
    )
    p.add_argument(
        "-o",
        "--output",
        dest="out",
        required=True,
        help="folder to write the task files into (new, or written by this command)",
    )
    p.add_argument(
        "--dataset-path",
        help="what the task files load (default: the folder's path relative to the task folder, so the two move "
        "together; a Hub repo id where this build is published loads its snapshot at the commit --revision names, "
        "checked against this build)",
    )
    p.add_argument(
        "--samples",
        dest="repeats",
        metavar="SAMPLES",
        type=int,
        default=1,
        help="samples per prompt: the harness's repeats (default 1; > 1 samples)",
    )
    p.add_argument(
        "--max-gen-toks",
        type=int,
        default=DEFAULT_MAX_GEN_TOKS,
        help=f"tokens a response may take (default {DEFAULT_MAX_GEN_TOKS}: room for reasoning models)",
    )
    p.add_argument(
        "--do-sample",
        dest="do_sample",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="sample rather than decode greedily (default: on when --samples > 1, greedy otherwise; "
        "--no-do-sample with --samples > 1 is refused)",
    )
    p.add_argument(
        "--temperature", type=float, help=f"sampling temperature (default {DEFAULT_SAMPLING_TEMPERATURE} when sampling)"
    )
    p.add_argument(
        "--cleaner",
        choices=per_item_cleaners(),
        default="rule",
        help="cleaner used inside the harness "
        "(default rule; the LLM cleaner needs whole runs: use `lctg score --from lm-eval` instead)",
    )
    p.add_argument("--profile", default="upstream", help="scoring profile")
    refuse_switch_values(
        p, {"--do-sample/--no-do-sample": "do_sample"}, hint="to draw N samples per prompt: --samples N"
    )
    p.set_defaults(handler=cmd_lm_eval_tasks)


def _check_usage(args: argparse.Namespace) -> None:
    """The sampling flags' misuse, named by flag (the writer's own errors name its parameters)."""
    from lctg_metrics.cli.dataset import CLIError

    if args.repeats < 1:
        raise CLIError(f"--samples must be a positive integer, got {args.repeats}")
    sampling = args.repeats > 1 if args.do_sample is None else args.do_sample
    if args.temperature is not None and not sampling:
        raise CLIError(f"--temperature {args.temperature} applies only when sampling; add --do-sample or drop it")
    if args.repeats > 1 and not sampling:
        raise CLIError(
            f"--samples {args.repeats} with --no-do-sample gives {args.repeats} identical samples; sample "
            "(the default for --samples > 1) or give --samples 1"
        )
    if args.repeats > 1 and args.temperature == 0:
        raise CLIError(
            f"--samples {args.repeats} with --temperature 0 gives {args.repeats} identical samples; give a "
            "temperature > 0 or --samples 1"
        )


def cmd_lm_eval_tasks(args: argparse.Namespace) -> int:
    from lctg_metrics.lm_eval_tasks import write_lm_eval_tasks

    _check_usage(args)
    from lctg_metrics.cli.outside import check_output_folder

    check_output_folder("--output", args.out)

    notes: list[str] = []
    files = write_lm_eval_tasks(
        args.dataset,
        args.out,
        dataset_path=args.dataset_path,
        revision=args.revision,
        repeats=args.repeats,
        max_gen_toks=args.max_gen_toks,
        do_sample=args.do_sample,
        temperature=args.temperature,
        scoring={"cleaner": args.cleaner, "profile": args.profile},
        notes=notes,
    )
    for note in notes:
        print(f"lctg lm-eval-tasks: note: {note}", file=sys.stderr)
    from lctg_metrics.cli.wrote import say_wrote

    say_wrote(files)
    from lctg_metrics.lm_eval_tasks.writer import GROUP, MULTI

    groups = [GROUP, *(f"{GROUP}_{MULTI}" for f in files if Path(f).name == f"{GROUP}_{MULTI}.yaml")]
    print(
        f"{len(files)} task files in {args.out}; run (with your endpoint and model, or another --model of the "
        f"harness): lm_eval {MODEL_ARGS} --include_path {args.out} --tasks {','.join(groups)} "
        f"--apply_chat_template --log_samples --output_path OUT; then `{score_command(args)}` for the full "
        "report (add --missing skip for a run with --limit)"
    )
    return 0


#: The harness's model flags in the printed run line: an OpenAI-compatible chat endpoint (as docs/routes.md runs it).
MODEL_ARGS = (
    "--model local-chat-completions --model_args "
    "base_url=http://127.0.0.1:8000/v1/chat/completions,model=MODEL,tokenizer_backend=None"
)


def score_command(args: argparse.Namespace) -> str:
    """The ``lctg score`` command for the run's ``--log_samples`` output, naming the dataset the task files load:
    the Hub repo id (``--dataset`` or ``--dataset-path``) with the revision, or the local folder (no revision)."""
    import shlex

    from lctg_dataset.loader import is_repo_id

    hub = next((d for d in (args.dataset_path, args.dataset) if d is not None and is_repo_id(d)), None)
    revision = f" --revision {shlex.quote(args.revision)}" if hub and args.revision else ""
    dataset = shlex.quote(str(hub or args.dataset))
    return f"lctg score OUT --from lm-eval --dataset {dataset}{revision} --cleaner {args.cleaner}"
