"""The ``lctg`` parser: every command's flags (the families' commands registered by their own modules), and the
handler each of this module's commands runs. :mod:`lctg_metrics.cli` imports it once its Ctrl-C guard is in place
(this module is the bulk of what the console script loads: compiled, without a bytecode cache, in milliseconds)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from lctg_dataset.constants import TASKS
from lctg_metrics import __version__
from lctg_metrics.cleaners import CLEANERS
from lctg_metrics.cli.commands import OWN_COMMANDS, family_commands
from lctg_metrics.cli.dataset import cmd_build, cmd_prompts, cmd_sample
from lctg_metrics.cli.flags import (
    REVISION_HELP,
    SEED_HELP,
    Parser,
    add_renamed,
    refuse_contradictions,
    refuse_empty,
    typed_options,
)
from lctg_metrics.cli.intervals import pair_ci
from lctg_metrics.cli.publish import cmd_publish
from lctg_metrics.cli.score import cmd_score
from lctg_metrics.family import family_entry
from lctg_metrics.formats import FROM_FORMATS, PROMPT_FORMATS
from lctg_metrics.metric_module import METRICS
from lctg_metrics.option_surfaces import add_cli_options
from lctg_metrics.options import LLM, RUN, SCORING

SAMPLE_RULE = (
    "without any 'sample' field in the file, the k-th generation of an id is sample k (0-based), as in "
    "the Python API; a file that gives 'sample' must give it on every line"
)


def _dataset_args(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--dataset",
        required=True,
        help="dataset folder written by build_dataset.py, or a Hub dataset repo id (ORG/NAME)",
    )
    p.add_argument("--revision", help=REVISION_HELP)
    p.add_argument("--config", default="all", help="dataset config")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The ``lctg`` parser; given the ``command`` about to run and it is one of :data:`OWN_COMMANDS`, without the
    other families' commands (their modules are not imported: ``lctg score`` starts faster)."""
    parser = Parser(prog="lctg", description="LCTG Bench: build the dataset, score generations.")
    parser.add_argument("--version", action="version", version=f"lctg {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    b = sub.add_parser("build", help="build the dataset folder (same as build_dataset.py)")
    b.add_argument("args", nargs=argparse.REMAINDER, help="arguments of build_dataset.py")

    p = sub.add_parser("prompts", help="export id + prompt as JSONL for your generation pipeline")
    _dataset_args(p)
    p.add_argument("--task", action="append", choices=list(TASKS), help="only these tasks (repeatable)")
    p.add_argument(
        "--format",
        choices=PROMPT_FORMATS,
        default="jsonl",
        help="jsonl: {id, prompt} lines (default); openai-batch: Batch API input lines (needs --model)",
    )
    p.add_argument("--model", help="model named in openai-batch lines")
    p.add_argument("--samples", type=int, help="samples per prompt: lines per prompt, one per sample (default 1)")
    p.add_argument(
        "--stories-source",
        dest="stories",
        metavar="DIR",
        help="with --config story_endings: your Possible Stories folder (fills the "
        "contexts; default $POSSIBLE_STORIES, else ../shared/possible-stories)",
    )
    p.add_argument("-o", "--output", required=True, help="JSONL file to write")

    s = sub.add_parser("sample", help="write toy generations (a synthetic sloppy model) to try the pipeline")
    _dataset_args(s)
    s.add_argument("--task", action="append", choices=list(TASKS), help="only these tasks (repeatable)")
    s.add_argument(
        "--samples",
        type=int,
        help="samples per prompt: toy generations per prompt (default 3; the instructions and story_endings "
        "configs' toy models write one per prompt: any other N is refused)",
    )
    s.add_argument("--seed", type=int, default=0, help=SEED_HELP.format(what="the toy model's"))
    s.add_argument("-o", "--output", required=True, help="JSONL file to write")

    sc = sub.add_parser(
        "score",
        help=family_entry("lctg").help,  # the LCTG family's registration
        description=f"Score a generations file. Samples: {SAMPLE_RULE}.",
    )
    sc.add_argument("generations", help="file with id, generation, optional sample (int) and cleaned; " + SAMPLE_RULE)
    _dataset_args(sc)
    sc.add_argument("--task", action="append", choices=list(TASKS), help="score only these tasks (repeatable)")
    sc.add_argument(
        "--from",
        dest="from_format",
        choices=FROM_FORMATS,
        default="lctg",
        help="what wrote the generations: lctg (default), lm-eval (--log_samples files or their folder) "
        "or openai-batch (a Batch API output file)",
    )
    sc.add_argument("--id-field", help="field holding the row id (default id)")
    sc.add_argument(
        "--text-field", help="field holding the generation (default generation; lm-eval: resps or filtered_resps)"
    )
    sc.add_argument("--json", help="write the JSON result here")
    sc.add_argument(
        "--details", help="write per-item verdicts (JSONL: id, sample, aspect, passed, reason, …, signature)"
    )
    sc.add_argument(
        "--csv-dir",
        help="write {DIR}/{task}/all_scores.csv in upstream's layout (one row per "
        "model: the rows of other models already in the file are kept)",
    )
    sc.add_argument("--model-name", help="row label in all_scores.csv (default: model; needs --csv-dir)")
    sc.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bars on stderr (default: only when stderr is a terminal)",
    )
    sc.add_argument(
        "--dry-run",
        action="store_true",
        help="print how many LLM calls would be made (with --cleaner llm "
        "and/or --judge), then stop: nothing is written or called",
    )
    add_cli_options(sc, SCORING, RUN, LLM, values={"cleaner": CLEANERS})  # the registry's names
    pair_ci(sc)  # --ci/--no-ci as in every command (off by default here)

    pub = sub.add_parser("publish", help="upload a built dataset folder (and/or its metric module) to the Hub")
    pub.add_argument("--dataset", required=True, help="dataset folder written by build_dataset.py")
    pub.add_argument("--repo-id", help="dataset repo, e.g. your-org/lctg")
    pub.add_argument(
        "--metric",
        metavar="REPO_ID",
        help="also (or only) upload one of the folder's metric modules "
        "to this Space, e.g. your-org/lctg_ctg (the module the Space is named after, else --module)",
    )
    pub.add_argument(
        "--module",
        choices=list(METRICS),
        help="the metric module --metric uploads (default: the one "
        "the Space is named after, else lctg_ctg; lctg_if and lctg_ifsm are in builds with their config)",
    )
    pub.add_argument(
        "--dataset-repo",
        metavar="REPO_ID",
        help="with --metric alone: the Hub dataset repo the Space "
        "scores, named in its card's datasets: (default: --repo-id when given)",
    )
    pub.add_argument(
        "--private", action="store_true", help="create the Hub repo as private (an existing repo keeps its visibility)"
    )
    pub.add_argument("--token-env", default="HF_TOKEN", help="environment variable holding the token")
    pub.add_argument(
        "--tag",
        default="default",
        help="tag of the uploaded commit (default v<version>: the version the built configs carry)",
    )
    pub.add_argument("--no-tag", action="store_true", help="do not tag the commit")
    pub.add_argument(
        "--dry-run",
        action="store_true",
        help="print what would be uploaded (files, sizes, repo and tag), then stop: nothing is written or uploaded",
    )

    others = family_commands()
    if command is not None and command not in OWN_COMMANDS and command not in others:
        # `lctg --help`, `lctg` alone or a mistyped command: the family commands listed by name and help line only
        listed = {name: sub.add_parser(name, help=line) for name, (_, line) in others.items()}
    else:
        listed = {}
    if not listed and command not in OWN_COMMANDS:
        _register_others(sub, others)
    for name, command_parser in sub.choices.items():
        if name in listed:
            continue  # listed by name only: nothing to parse
        add_renamed(command_parser, name)
        refuse_empty(command_parser)
        refuse_contradictions(command_parser, name)
        typed_options(command_parser)
    return parser


def _register_others(sub: argparse._SubParsersAction, others: dict[str, tuple[str, str]]) -> None:
    """Add the full parser of every command :func:`family_commands` lists, once per module that declares some
    (``analysis`` declares three); a family without a module of its own gets the generic family command."""
    import importlib

    from lctg_metrics.cli import family
    from lctg_metrics.family import family_entry

    done: set[str] = set()
    for name, (module, _) in others.items():
        if module == "family":
            family.register(sub, family_entry(name))
        elif module not in done:
            importlib.import_module(f"lctg_metrics.cli.{module}").register(sub)
            done.add(module)


def kept_after_interrupt(argv: Sequence[str]) -> str:
    """What an interrupted command leaves: its outputs are written as a set, so none; LLM answers stay cached."""
    from lctg_metrics.cleaners import CLEANERS

    llm = {name for name, entry in CLEANERS.items() if entry.calls_llm}  # as declared, not by name
    if "--judge" in argv or any(a in llm or a.partition("=")[2] in llm for a in argv):
        return "nothing written (LLM answers received so far are kept in the answer cache; a re-run reuses them)"
    return "nothing written"


COMMANDS = {
    "build": cmd_build,
    "prompts": cmd_prompts,
    "sample": cmd_sample,
    "score": cmd_score,
    "publish": cmd_publish,
}
