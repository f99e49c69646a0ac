"""What ``lctg ifsm`` reads before scoring: the generations file (a folder given instead refused, each id once per
sample), and the options the chosen reader is built with (its outputs are checked by ``cli.ifsm`` itself)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from lctg_metrics.cli.dataset import CLIError


def refuse_folder(path: str) -> None:
    """A folder given where the generations file is expected: one line naming it, what is expected, and a file in
    it that may be meant."""
    folder = Path(path)
    if folder.is_dir():
        from lctg_metrics.cli.details import file_like

        # offered only when its first line is a generation (a JSONL of {id, generation}), never another JSON file
        inside = file_like(folder, lambda r: "id" in r and "generation" in r, (".jsonl", ".ndjson"))
        example = f", e.g. {inside}" if inside else ""
        raise CLIError(
            f"GENERATIONS {path} is a folder: give the generations file of story endings (JSONL, CSV or parquet "
            f"with id and generation per row, ids of the story_endings config){example}"
        )


def read_endings(path: str) -> list[Any]:
    """The endings of a generations file (the input layer's reader), checked to hold each id once per sample: the
    k-th ending of an id without a ``sample`` field is its sample k, and every sample must cover the same ids."""
    from lctg_metrics.inputs.families import split_samples
    from lctg_metrics.inputs.generations import read_generations

    generations = read_generations(path)
    split_samples(generations, "IFSM")
    return generations


def reader_options(args: argparse.Namespace) -> dict[str, Any]:
    """What the chosen reader is built with: the LLM endpoint, or a head file."""
    if args.reader == "llm":
        from lctg_metrics.llm.config import config_from_options

        if not (args.llm_base_url and args.llm_model):
            raise CLIError("--reader llm needs --llm-base-url and --llm-model (offline: --reader embedding)")
        config = config_from_options(vars(args))
        return {"config": config, "calibrate": True} if args.llm_calibrate else {"config": config}
    if args.llm_calibrate:
        raise CLIError("--llm-calibrate is for --reader llm")
    if not args.head:
        return {}
    from lctg_metrics.ifsm.head import load_head

    try:  # read here so that a wrong file is named with its flag, before anything is encoded
        load_head(args.head)
    except ValueError as e:
        raise CLIError(f"--head {e}") from None
    return {"head_path": args.head}
