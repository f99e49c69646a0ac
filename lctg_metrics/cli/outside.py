"""The one check of every command's output paths: :func:`lctg_metrics.outputs.checks.check_paths` (no output over
an input or another output, inside the run's dataset folder), and no output inside ANY built dataset folder (a
folder holding ``manifest.json`` and ``data/``): a build holds what its build wrote and nothing else, and
``lctg publish`` refuses one holding more. Every command (score, sample, prompts, report, compare, ifsm,
substitutability, lm-eval-tasks, the family commands) checks its outputs here."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from lctg_metrics.schema import ScoringError


def build_around(path: Any) -> Path | None:
    """The built dataset folder that ``path`` is or lies in (through a symlink too), if any."""
    from lctg_metrics.inputs.folder import MANIFEST
    from lctg_metrics.outputs.targets import real_target

    for where in dict.fromkeys((Path(os.path.abspath(path)), Path(os.path.abspath(real_target(path))))):
        for folder in (where, *where.parents):
            if (folder / MANIFEST).is_file() and (folder / "data").is_dir():
                return folder
    return None


def check_outputs(
    outputs: Sequence[Any], inputs: Mapping[str, Any] | None = None, dataset: Any = None, *, command: str
) -> None:
    """:func:`~lctg_metrics.outputs.checks.check_paths`, then an output inside any built dataset folder refused, and
    an existing output holding something other than what ``command``'s output wrote before refused
    (:func:`lctg_metrics.cli.held.refuse_foreign`); the outputs are then claimed for the run
    (:mod:`lctg_metrics.cli.claims`: a run writing them at the same time waits)."""
    from lctg_metrics.cli.claims import claim
    from lctg_metrics.cli.held import refuse_foreign
    from lctg_metrics.outputs.checks import check_paths
    from lctg_metrics.outputs.targets import is_stdout

    check_paths(outputs, inputs, dataset)  # the run's own dataset folder named as given
    for o in outputs:
        if o is None or is_stdout(o.path) or o.read:  # a file also read (the LLM cache) has its own message there
            continue
        refuse_inside_build(o.flag, o.path)
        if not o.folder or o.names:  # a report's images folder holds what its report links
            refuse_foreign(command, o.flag, o.path, o.files() if o.folder else None)
    claimed = [o for o in outputs if o is not None and not is_stdout(o.path) and not o.read]
    claim([(o.flag, o.path) for o in claimed], [f for o in claimed if o.folder for f in o.files()])


def check_output_folder(flag: str, path: Any) -> None:
    """A folder a command writes into (``lm-eval-tasks -o``): not standard output, not inside a built dataset
    folder; claimed for the run."""
    from lctg_metrics.cli.claims import claim
    from lctg_metrics.outputs.targets import is_stdout

    if is_stdout(path):
        raise ScoringError(f"{flag} -: standard output takes one file, not a folder; give a folder path")
    refuse_inside_build(flag, path)
    claim([(flag, path)])


def refuse_inside_build(flag: str, path: Any) -> None:
    """The one refusal of an output inside a built dataset folder, naming that folder as the path was typed."""
    around = build_around(path)
    if around is not None:
        raise ScoringError(
            f"{flag} {path} is inside the dataset folder {as_typed(path, around)}; write outputs elsewhere"
        )


def as_typed(path: Any, folder: Path) -> str:
    """``folder`` (an absolute path) as the user would type it: the part of ``path`` that names it, else itself."""
    for part in (Path(path), *Path(path).parents):
        if str(part) not in ("", ".") and Path(os.path.abspath(part)) == folder:
            return str(part)
    return str(folder)
