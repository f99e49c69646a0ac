"""The ``lctg ifsm`` command: score generated story endings with IFSM (parser, handler, outputs; the generations and
the reader's options are read by ``ifsm_inputs``).

    lctg ifsm generations.jsonl --reader embedding [--split eval] [--json r.json] [--details d.jsonl]
    lctg ifsm generations.jsonl --reader llm --llm-base-url http://127.0.0.1:8000/v1 --llm-model NAME

Exit codes: 0 a valid result; 1 an invalid result (the reader cannot support the number; written and printed,
accepted with ``--allow-invalid``); 2 bad input, one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lctg_metrics.cli.commands import help_line
from lctg_metrics.cli.dataset import CLIError
from lctg_metrics.cli.flags import REVISION_HELP, SEED_HELP
from lctg_metrics.cli.ifsm_inputs import read_endings, reader_options, refuse_folder
from lctg_metrics.cli.intervals import add_ci, add_resamples
from lctg_metrics.cli.legend import ITEMS, ci_line
from lctg_metrics.cli.means import printed_table
from lctg_metrics.cli.wrote import human_output, say_wrote
from lctg_metrics.ifsm.readers import READERS
from lctg_metrics.ifsm.stats import N_BOOT
from lctg_metrics.option_surfaces import add_cli_options
from lctg_metrics.options import LLM

PROG = "lctg ifsm"
SPLITS = ("eval", "fit", "all")
DESCRIPTION = (
    "Score generated story endings with IFSM: a multiple-choice reader must pick each ending as the answer "
    "to its Possible Stories question. Prints IFSM with its 95% CI, the reader's accuracy on gold endings, "
    "the attack sets, the guard's counts, validity and the signature. Exit 0 valid, 1 invalid "
    "(--allow-invalid accepts it), 2 bad input."
)

#: What ifsm's seed draws (its help and its bound say the same).
SEED_DRAWS = "the eval/fit split, the instruction templates and the bootstrap"


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``lctg ifsm`` (the LLM endpoint flags are the project's declared LLM options)."""
    p.add_argument("generations", help="generated endings: JSONL, CSV or parquet with id and generation")
    p.add_argument(
        "--reader",
        default="embedding",
        choices=sorted(READERS),
        help="multiple-choice reader: embedding (the default: offline, Universal Sentence Encoder + a "
        "calibrated head; weak), embedding-e5 (offline, multilingual-e5-small; weak) or llm (any "
        "OpenAI-compatible endpoint: the paper's route)",
    )
    p.add_argument(
        "--llm-calibrate",
        action="store_true",
        help="with --reader llm: ask each item in two candidate orders and count the ending only when "
        "both pick it (a letter prior then earns nothing; twice the calls)",
    )
    p.add_argument(
        "--stories-source",
        dest="stories",
        metavar="DIR",
        default=None,
        help="folder with Possible Stories dev.jsonl and test.jsonl, for the contexts "
        "(default $POSSIBLE_STORIES, else ../shared/possible-stories)",
    )
    p.add_argument(
        "--dataset",
        help="a built dataset folder or Hub dataset repo id ORG/NAME: score its story_endings rows (halves and "
        "templates as built; the contexts still come from --stories-source). Default: rows made from "
        "--stories-source with --seed",
    )
    p.add_argument("--revision", help=REVISION_HELP)
    p.add_argument("--split", default="eval", choices=SPLITS, help="half to score (default eval: no head saw it)")
    p.add_argument(
        "--missing",
        default="error",
        choices=("error", "fail", "skip"),
        help="an item of the split without an ending: error (default), fail (count it as failed) or skip (score "
        "the endings present; the coverage goes into the signature and the result is not valid)",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=0,
        help=SEED_HELP.format(what=SEED_DRAWS),
    )
    # the IFSM API's default: the CLI decides nothing it does not
    add_resamples(p, dest="n_boot", default=N_BOOT, hint="a run's validity is read from its intervals")
    add_ci(p, default=True, fixed="an IFSM run's validity is read from its intervals")
    p.add_argument("--head", default=None, help="head file for an embedding reader (default: the shipped one)")
    p.add_argument(
        "--dissimilarity", default="auto", help="encoder for dissimilarity: a name, auto (use-m3 if installed) or none"
    )
    p.add_argument("--no-adversarial", action="store_true", help="skip the attack sets (the result is invalid)")
    p.add_argument(
        "--attack-cache",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="reuse the gold run and attack table computed before for the same reader, guard, versions and "
        "rows (default; $LCTG_IFSM_CACHE, else $LCTG_CACHE_DIR/ifsm_attacks, else "
        "~/.cache/lctg/ifsm_attacks; LCTG_IFSM_CACHE=off turns it off)",
    )
    p.add_argument(
        "--clear-cache",
        action="store_true",
        help="remove the cached attack tables first (and print how many and where)",
    )
    p.add_argument("--json", help="write the JSON result here")
    p.add_argument("--details", help="write per-item lines here (JSONL: id, hit, choice, guard, signature)")
    p.add_argument("--allow-invalid", action="store_true", help="exit 0 even when the result is invalid")
    p.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bars on stderr: texts encoded, item sets read, LLM calls (default: only when stderr "
        "is a terminal)",
    )
    add_cli_options(p, LLM, titles={LLM: "LLM reader (--reader llm; any OpenAI-compatible endpoint)"})


def register(subparsers: Any) -> None:
    """Add ``ifsm`` to the ``lctg`` subcommands."""
    p = subparsers.add_parser("ifsm", help=help_line("ifsm"), description=DESCRIPTION)
    add_arguments(p)
    p.set_defaults(handler=cmd_ifsm)


def check_paths(args: argparse.Namespace, dataset: Any = None) -> None:
    """Refuse, before any work, an output that is an input or another output (``lctg_metrics.outputs``)."""
    from lctg_dataset.stories.source import SOURCE_SPLITS, default_source_dir
    from lctg_metrics.cli.outside import check_outputs as check
    from lctg_metrics.outputs.checks import Output, cache_output

    stories = Path(args.stories) if args.stories else default_source_dir()
    inputs: dict[str, Any] = {"GENERATIONS": args.generations, "--head": args.head}
    inputs.update({f"--stories-source {s}.jsonl": stories / f"{s}.jsonl" for s in SOURCE_SPLITS})
    check(
        [
            Output.file("--json", args.json) if args.json else None,
            Output.file("--details", args.details) if args.details else None,
            cache_output(args.llm_cache) if args.reader == "llm" else None,
        ],
        inputs,
        dataset=dataset,
        command="ifsm",
    )


class Bars:
    """The run's progress as tqdm bars on stderr, one per step (``lctg_metrics.ifsm.progress``); none without tqdm."""

    def __init__(self) -> None:
        self.bars: dict[str, Any] = {}

    def begin(self, label: str, total: int) -> None:
        bar = self.bars.get(label)
        if bar is not None:
            bar.total += total
            bar.refresh()
            return
        try:
            from tqdm import tqdm
        except ImportError:  # the progress extra: bars are a convenience, the run goes on without them
            return
        self.bars[label] = tqdm(total=total, desc=f"{PROG}: {label}", leave=False)

    def advance(self, label: str, done: int) -> None:
        if label in self.bars:
            self.bars[label].update(done)

    def close(self) -> None:
        for bar in self.bars.values():
            bar.close()


def run(args: argparse.Namespace) -> int:
    """Score, write the outputs, print the result; 1 when it is invalid and not allowed."""
    from lctg_dataset.stories import load_story_rows
    from lctg_metrics.family import run as family_run
    from lctg_metrics.ifsm.progress import reporting
    from lctg_metrics.outputs.write import write_all
    from lctg_metrics.schema import ScoringError
    from lctg_metrics.stats.bootstrap import check_resampling, check_seed

    try:
        check_resampling(args.n_boot, 0.95, name="--ci-resamples")
        check_seed(args.seed, name="--seed", what=f"the seed of {SEED_DRAWS}")
    except ValueError as e:
        raise CLIError(str(e)) from None
    refuse_folder(args.generations)
    if args.head and args.reader == "llm":
        raise CLIError("--head is for the embedding readers, not --reader llm")
    if args.revision and not args.dataset:
        raise CLIError("--revision reads a Hub dataset given with --dataset ORG/NAME; give --dataset")
    from lctg_metrics.cli.dataset import resolve_dataset_arg

    dataset = resolve_dataset_arg(args) if args.dataset else None  # resolved once: the folder every reader reads
    check_paths(args, dataset.path if dataset else None)
    from lctg_metrics.cli.families import refuse_other_family

    refuse_other_family(args.generations, "ifsm", args.dataset, revision=args.revision)
    endings = read_endings(args.generations)
    if args.clear_cache:
        from lctg_metrics.ifsm.attack_cache import cache_dir, clear_cache

        print(
            f"removed {clear_cache()} cached attack tables from {cache_dir() or '(no cache folder)'}", file=sys.stderr
        )
    options = reader_options(args)
    # the built story_endings config (through the input layer), else rows made from the user's copy with --seed
    rows = None if dataset else load_story_rows(args.stories, include_contexts=True, seed=args.seed)
    bars = Bars() if (args.progress if args.progress is not None else sys.stderr.isatty()) else None
    try:
        with reporting(bars):  # the family's one run: each sample scored, their mean
            result = family_run(
                "ifsm",
                endings,
                dataset=dataset,
                rows=rows,
                options={
                    "stories_source": args.stories,
                    "reader": args.reader,
                    "reader_options": options,
                    "split": args.split,
                    "missing": args.missing,
                    "adversarial": not args.no_adversarial,
                    "dissimilarity": args.dissimilarity,
                    "ci_resamples": args.n_boot,
                    "seed": args.seed,
                    "attack_cache": args.attack_cache,
                },
            )
    except ScoringError as e:  # a row the user's copy lacks: point to where the copy is given
        if "Possible Stories copy" not in str(e) or "--stories-source" in str(e):
            raise
        where = f"{args.stories}" if args.stories else "the default copy"
        raise CLIError(f"{e} ({where}); give the copy the build read with --stories-source DIR") from None
    finally:
        if bars is not None:
            bars.close()
    files: list[tuple[str, str]] = []
    if args.json:
        files.append((args.json, json.dumps(result.json, ensure_ascii=False, indent=2) + "\n"))
    if args.details:
        files.append((args.details, "".join(json.dumps(d, ensure_ascii=False) + "\n" for d in result.details)))
    write_all(files)  # both or neither
    say_wrote(path for path, _ in files)
    with human_output(args.json, args.details) as legend:  # stdout holds a machine output alone
        print(printed_table(result))  # counts of a mean over samples as counts
        if legend:  # what the brackets, lines, columns and tables are
            from lctg_metrics.cli.legend import ifsm_legend

            native = [s.native for s in result.samples] if result.samples else [result.native]
            print(
                ifsm_legend(
                    ci_line(args.n_boot, args.seed, unit=ITEMS),
                    dissimilarity=any(n.dissimilarity_to_gold is not None for n in native),
                    attacks=any(n.attacks for n in native),
                    limits=any(n.limits for n in native),
                )
            )
    if not result.valid and not args.allow_invalid:
        reasons = dict.fromkeys(r for s in result.samples or (result,) for r in s.native.invalid_reasons)
        print(f"{PROG}: invalid result: {'; '.join(reasons)} (--allow-invalid to accept it)", file=sys.stderr)
        return 1
    return 0


def cmd_ifsm(args: argparse.Namespace) -> int:
    """Handler of ``lctg ifsm``; bad input and failed LLM runs become one line and exit code 2 through the CLI's
    one catch list (``lctg_metrics.cli.run.run_command``)."""
    return run(args)


def main(argv: Sequence[str] | None = None) -> int:
    """``lctg ifsm`` on its own (also ``python -m lctg_metrics.cli.ifsm``)."""
    from lctg_metrics.cli.flags import Parser, add_renamed

    parser = Parser(prog=PROG, description=DESCRIPTION)
    add_arguments(parser)
    add_renamed(parser, "ifsm")  # the old flag names are refused here as under ``lctg ifsm``
    args = parser.parse_args(argv)
    if args.reader == "llm" and not (args.llm_base_url and args.llm_model):
        parser.error("--reader llm needs --llm-base-url and --llm-model (offline: --reader embedding)")
    from lctg_metrics.cli.run import run_command

    return run_command(PROG, cmd_ifsm, args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
