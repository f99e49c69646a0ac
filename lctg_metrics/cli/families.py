"""Which command a generations file is for, told from its first ids: LCTG generations given to ``if-score`` (or an
instructions output given to ``score``) are named as such, with the command that scores them, before the file is
read as the wrong kind (where duplicate ids or unknown ids would be blamed instead). Every family, its command, what
its files hold and how its ids look come from its registration (:mod:`lctg_metrics.family`)."""

from __future__ import annotations

from typing import Any

from lctg_metrics.cli.dataset import CLIError
from lctg_metrics.family import family_entry
from lctg_metrics.family import family_of as entry_of
from lctg_metrics.family_protocol import details_kind

#: Generations looked at.
PEEK = 50


def family_of(rid: str) -> str | None:
    """The command whose rows an id names (None: no family's)."""
    found = entry_of(rid)
    return None if found is None else found.command


#: The commands that read a Batch API output file (``--from openai-batch``).
BATCH_COMMANDS = ("score", "if-score")
#: Fields of an OpenAI Batch API output line (and of a plain generations line), told apart by :func:`first_raw`.
BATCH_FIELDS, PLAIN_FIELDS = ("custom_id", "response"), ("id", "generation")
#: Fields of an M-IFEval responses line (``if-score RESPONSES --input INPUT``).
MIFEVAL_FIELDS = ("prompt", "response")
#: Fields of a Batch API *input* line (the requests ``lctg prompts --format openai-batch`` writes).
BATCH_INPUT_FIELDS = ("custom_id", "body")


def refuse_other_family(
    path: Any,
    command: str,
    dataset: str | None = None,
    from_format: str = "lctg",
    *,
    given_input: bool = False,
    revision: str | None = None,
) -> None:
    """Refuse, naming what the file holds and the command for it, a generations file whose first ids all belong to
    another family (a plain file, or a Batch API output with ``from_format="openai-batch"``), and a file of the other
    layout than ``from_format`` says (adding or dropping ``--from openai-batch``); anything else unreadable is left
    to the command's own reader (which names it). ``dataset``/``revision``: as the user gave them, repeated in the
    hint so that following it signs the same data."""
    first = first_raw(path)
    batch = from_format == "openai-batch"
    refuse_details(path, first)
    if command in BATCH_COMMANDS and from_format in ("lctg", "openai-batch"):
        _refuse_other_layout(path, command, first, batch, given_input)
    ids = _first_ids(path, batch)
    found = {entry_of(i) for i in ids}
    if len(found) != 1:
        return
    other = found.pop()
    if other is None or other.command == command or (batch and other.command not in BATCH_COMMANDS):
        return
    config = other.config_of(ids)
    how = other.how(path, dataset or local_build(config, near=path), revision if dataset else None, config)
    how += " --from openai-batch" if batch else ""
    of = f" of the {config} config" if config != other.config else ""
    raise CLIError(
        f"{path} holds {other.holds}{of}{' in a Batch API output' if batch else ''} (ids like {ids[0]!r}), not "
        f"{family_entry(command).holds}: score it with `{how}`"
    )


def local_build(config: str, near: Any = None) -> str | None:
    """A build folder that has ``config`` (its manifest lists it), for a hint runnable as printed when no dataset was
    given: ``$LCTG_DATASET`` first, then ``lctg`` here (the build script's default), then the first other folder by
    name beside the file the hint is about (``near``; here without one): a build elsewhere in the current folder
    (another person's, in a shared folder) is never guessed. None when there is none."""
    import json
    import os
    from pathlib import Path

    if os.environ.get("LCTG_DATASET", "").strip():  # blanks only: no dataset (lctg_dataset.load refuses them)
        return os.environ["LCTG_DATASET"].strip()
    here = Path(".")
    beside = Path(near).parent if near is not None else here
    try:
        others = sorted(p for p in beside.iterdir() if p.is_dir() and p.resolve() != (here / "lctg").resolve())
    except OSError:
        others = []
    folders = [here / "lctg", *others]
    for folder in folders:
        try:
            configs = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))["configs"]
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if config in configs:
            return str(folder)
    return None


def refuse_details(path: Any, first: dict[str, Any]) -> None:
    """A details file (any family's verdicts; an LCTG details line carries its generation too) given where
    generations go: one line naming it, in every command that reads generations."""
    what = details_kind(first)
    if what is not None:
        raise CLIError(f"{path} is {what}, not generations: give the generations file that run scored")


def _refuse_other_layout(path: Any, command: str, first: dict[str, Any], batch: bool, given_input: bool) -> None:
    """A Batch API output read as plain generations, or plain generations read as a Batch API output, a Batch API
    input, a details file: one line saying which, and the flag to add or drop or the file to give."""
    if all(f in first for f in BATCH_INPUT_FIELDS) and "response" not in first and "error" not in first:
        raise CLIError(
            f"{path} is a Batch API input (the requests lctg prompts --format openai-batch writes), not its output: "
            "submit it to the Batch API and give the output file it returns, with --from openai-batch"
        )
    if not batch and all(f in first for f in BATCH_FIELDS) and "generation" not in first:
        raise CLIError(f"{path} is an OpenAI Batch API output (custom_id, response): add --from openai-batch")
    if command == "if-score" and not batch and all(f in first for f in MIFEVAL_FIELDS) and "id" not in first:
        if given_input:  # --input is there: the format flag is what is wrong
            raise CLIError(
                f"{path} is an M-IFEval responses file (prompt, response): drop --from lctg (with --input, "
                "if-score reads it as --from m-ifeval)"
            )
        raise CLIError(
            f"{path} is an M-IFEval responses file (prompt, response): give the M-IFEval input file it answers "
            "with --input (e.g. ja_input_data.jsonl) instead of --dataset"
        )
    if command == "if-score" and not batch and not given_input and "response" in first and "id" not in first:
        fields = ", ".join(map(str, list(first)[:6]))
        raise CLIError(
            f"{path}:1: no 'id' field (the line has {fields}): if-score reads id and generation lines (the ids lctg "
            "prompts --config instructions writes), or an M-IFEval responses file (prompt, response) with --input "
            "(the M-IFEval input file it answers)"
        )
    if batch and all(f in first for f in PLAIN_FIELDS) and "custom_id" not in first:
        raise CLIError(f"{path} holds id and generation lines, not a Batch API output: drop --from openai-batch")


def first_raw(path: Any) -> dict[str, Any]:
    """The first line of a JSONL file as an object ({} when it is not one, or not JSONL)."""
    import json
    from pathlib import Path

    p = Path(path)
    if p.suffix.lower() not in (".jsonl", ".json", ".ndjson") or not p.is_file():
        return {}
    try:
        with open(p, encoding="utf-8-sig") as f:
            record = json.loads(f.readline())
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):  # too deep: the reader names it
        return {}
    return record if isinstance(record, dict) else {}


def _first_ids(path: Any, batch: bool) -> list[str]:
    """The row ids of the first :data:`PEEK` generations ([] when the file cannot be read as the format says)."""
    from lctg_metrics.schema import ScoringError

    if batch:
        from lctg_metrics.formats import read_generations_from

        try:
            return [g.id for g in read_generations_from(path, "openai-batch")[:PEEK]]
        except (ScoringError, OSError, ValueError, RecursionError):
            return []
    from lctg_metrics.inputs.generations import iter_generations

    try:
        chunks = iter_generations(path, PEEK)
        try:
            return [g.id for g in next(chunks, [])]
        finally:
            chunks.close()
    except (ScoringError, OSError, ValueError, RecursionError):
        return []
