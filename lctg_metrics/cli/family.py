"""The command of a registered metric family that declares no parser of its own: its flags are the family's
declared options; it reads the rows of the family's build config through the input layer and runs
:func:`lctg_metrics.family.run`.

    lctg COMMAND GENERATIONS --dataset DIR_OR_REPO [--revision R] [--config C] [--json R] [--details D] [options]

Exit codes: 0 a valid result; 1 a result the family marks invalid (written and printed); 2 bad input.
"""

from __future__ import annotations

import argparse
import functools
from typing import Any

from lctg_metrics.cli.flags import REVISION_HELP
from lctg_metrics.family import FamilyEntry, load
from lctg_metrics.family_protocol import MetricFamily
from lctg_metrics.option_surfaces import cli_number
from lctg_metrics.options import Option

#: Option kinds a flag can carry (an option of another kind, e.g. a Reader object, is the API's alone).
FLAG_KINDS = (str, int, float, bool)


def settable(family: MetricFamily) -> list[Option]:
    """The family's options a flag can set."""
    return [o for o in family.options if o.kind in FLAG_KINDS]


def register(subparsers: Any, entry: FamilyEntry) -> None:
    """Add ``entry``'s command to the ``lctg`` subcommands, its flags from the family's declared options."""
    family = load(entry.name)
    p = subparsers.add_parser(
        entry.command,
        help=entry.help,
        description=f"{entry.help[:1].upper()}{entry.help[1:]}: the {entry.config!r} rows of a built dataset, "
        f"every sample of an id scored and averaged; prints the result and its signature ({entry.name}|…).",
    )
    p.add_argument(
        "generations", metavar="GENERATIONS", help=f"{entry.holds}: JSONL, CSV or parquet with id, generation"
    )
    p.add_argument("--dataset", required=True, help="dataset folder, or a Hub dataset repo id ORG/NAME")
    p.add_argument("--revision", help=REVISION_HELP)
    p.add_argument("--config", default=entry.config, help=f"dataset config (default {entry.config})")
    p.add_argument("--json", help="write the JSON result here")
    p.add_argument("--details", help=f"write one line per verdict ({', '.join(family.detail_fields)})")
    g = p.add_argument_group(f"{entry.name} options")
    for o in settable(family):
        kwargs: dict[str, Any] = {"dest": o.name, "default": o.default, "help": o.help.replace("%", "%%")}
        if o.kind is bool:
            kwargs["action"] = argparse.BooleanOptionalAction
        elif o.choices is not None:
            kwargs["choices"] = list(o.choices)
        elif o.kind in (int, float):
            kwargs["type"] = cli_number(o)
        g.add_argument(o.flag, **kwargs)
    p.set_defaults(handler=functools.partial(cmd_family, entry.name))


def cmd_family(name: str, args: argparse.Namespace) -> int:
    """Score, write the outputs as one set, print the table; 1 when the family marks the result invalid."""
    from lctg_metrics.cli.dataset import resolve_dataset_arg
    from lctg_metrics.cli.families import refuse_other_family
    from lctg_metrics.cli.means import printed_table
    from lctg_metrics.cli.outside import check_outputs
    from lctg_metrics.cli.wrote import say_wrote
    from lctg_metrics.family import family_entry, run
    from lctg_metrics.outputs.checks import Output
    from lctg_metrics.outputs.write import json_text, jsonl_text, write_all

    entry, family = family_entry(name), load(name)
    dataset = resolve_dataset_arg(args)  # resolved once: the folder every reader reads, and where it came from
    check_outputs(
        [
            Output.file("--json", args.json) if args.json else None,
            Output.file("--details", args.details) if args.details else None,
        ],
        inputs={"GENERATIONS": args.generations},
        dataset=dataset.path,
        command="family",
    )
    refuse_other_family(args.generations, entry.command, args.dataset, revision=args.revision)
    options = {o.name: getattr(args, o.name) for o in settable(family)}
    result = run(family, args.generations, dataset=dataset, config=args.config, options=options)
    files: list[tuple[Any, str]] = []
    if args.json:
        inputs = {"generations": str(args.generations), "dataset": dataset.source() or str(dataset.path)}
        files.append((args.json, json_text({**result.json, "inputs": {**inputs, "config": args.config}})))
    if args.details:
        files.append((args.details, jsonl_text(result.details)))
    write_all(files)  # all or none
    say_wrote(path for path, _ in files)
    print(printed_table(result))  # counts of a mean over samples as counts
    return 0 if result.valid else 1


__all__ = ["cmd_family", "register", "settable"]
