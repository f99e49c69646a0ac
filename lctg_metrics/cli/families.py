"""Which command a generations file is for, told from its first ids: LCTG generations given to ``if-score`` (or an
instructions output given to ``score``) are named as such, with the command that scores them, before the file is
read as the wrong kind (where duplicate ids or unknown ids would be blamed instead)."""

from __future__ import annotations

import re
from typing import Any

from lctg_dataset.constants import ASPECTS, TASKS
from lctg_metrics.cli.dataset import CLIError

#: An LCTG row id: ``{task}/{base text}/{aspect}`` (the all config; variants and multi add a suffix).
LCTG_ID = re.compile(rf"^({'|'.join(TASKS)})/\d+/({'|'.join(ASPECTS)})")
#: Each family: what its files hold, and the command that scores them.
FAMILIES = {
    "score": ("LCTG generations", "lctg score {path} --dataset {dataset}"),
    "if-score": ("instruction outputs", "lctg if-score {path} --dataset {dataset}"),
    "ifsm": ("story endings", "lctg ifsm {path}"),
}
#: Generations looked at.
PEEK = 50


def family_of(rid: str) -> str | None:
    """The command whose rows an id names (None: no family's)."""
    if rid.startswith("instructions/"):
        return "if-score"
    if rid.startswith("story_endings/"):
        return "ifsm"
    return "score" if LCTG_ID.match(rid) else None


def refuse_other_family(path: Any, command: str, dataset: str | None = None) -> None:
    """Refuse, naming what the file holds and the command for it, a generations file whose first ids all belong to
    another family; anything unreadable is left to the command's own reader (which names it)."""
    from lctg_metrics.inputs.generations import iter_generations
    from lctg_metrics.schema import ScoringError

    try:
        chunks = iter_generations(path, PEEK)
        try:
            first = next(chunks, [])
        finally:
            chunks.close()
    except (ScoringError, OSError, ValueError):
        return
    found = {family_of(g.id) for g in first}
    if len(found) != 1:
        return
    other = found.pop()
    if other is None or other == command:
        return
    what, how = FAMILIES[other]
    raise CLIError(
        f"{path} holds {what} (ids like {first[0].id!r}), not {FAMILIES[command][0]}: score it with "
        f"`{how.format(path=path, dataset=dataset or 'DATASET')}`"
    )
