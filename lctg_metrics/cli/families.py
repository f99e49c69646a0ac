"""Which command a generations file is for, told from its first ids: LCTG generations given to ``if-score`` (or an
instructions output given to ``score``) are named as such, with the command that scores them, before the file is
read as the wrong kind (where duplicate ids or unknown ids would be blamed instead). Every family, its command, what
its files hold and how its ids look come from its registration (:mod:`lctg_metrics.family`)."""

from __future__ import annotations

from typing import Any

from lctg_metrics.cli.dataset import CLIError
from lctg_metrics.family import family_entry
from lctg_metrics.family import family_of as entry_of

#: Generations looked at.
PEEK = 50


def family_of(rid: str) -> str | None:
    """The command whose rows an id names (None: no family's)."""
    found = entry_of(rid)
    return None if found is None else found.command


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
    found = {entry_of(g.id) for g in first}
    if len(found) != 1:
        return
    other = found.pop()
    if other is None or other.command == command:
        return
    raise CLIError(
        f"{path} holds {other.holds} (ids like {first[0].id!r}), not {family_entry(command).holds}: score it with "
        f"`{other.how(path, dataset)}`"
    )
