"""Generation prompts of ``story_endings``: ``{"id", "prompt"}`` records with contexts from the user's own copy.

ROCStories contexts are never stored in the dataset; they are filled here, at export time, from the local
Possible Stories copy (``$POSSIBLE_STORIES`` or the ``source`` argument), and only go to the user's own prompts file.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from lctg_dataset.stories import EVAL, FIT, fill_contexts, load_story_rows, make_prompt

REQUIRED = ("id", "question_id", "passage_id", "instruction", "split")


def _check(rows: Sequence[Mapping[str, Any]]) -> None:
    for number, row in enumerate(rows, 1):
        if not isinstance(row, Mapping):
            raise ValueError(f"story_endings row {number}: expected a mapping, got {type(row).__name__}")
        missing = [key for key in REQUIRED if key not in row]
        if missing:
            raise ValueError(
                f"story_endings row {number} ({row.get('id', 'no id')}): missing {missing}; "
                f"give rows of the story_endings config"
            )


def story_prompt_records(
    rows_or_folder: Sequence[Mapping[str, Any]] | str | os.PathLike[str] | None = None,
    *,
    stories_source: str | os.PathLike[str] | None = None,
    split: str | None = None,
    seed: int = 0,
    source: None = None,
) -> list[dict[str, str]]:
    """``[{"id", "prompt"}]`` for ``story_endings`` rows (e.g. the dataset config, without contexts) or for the
    Possible Stories folder ``rows_or_folder`` itself (or, without it, ``stories_source``; neither: the default
    copy).

    Rows without a context get it from ``stories_source`` (the local Possible Stories copy: the name of the
    ``lctg_ifsm`` module's keyword and of ``--stories-source``; ``source=`` is refused naming it); ``seed`` (folder
    only) picks the split and templates as in ``load_story_rows``; ``split`` keeps ``fit`` or ``eval`` (None: all).
    """
    if source is not None:
        raise TypeError(
            "story_prompt_records(): source= is stories_source= (your Possible Stories folder, as the lctg_ifsm "
            "module's stories_source= and lctg ifsm --stories-source)"
        )
    if split not in (None, FIT, EVAL):
        raise ValueError(f"split must be {FIT!r}, {EVAL!r} or None, got {split!r}")
    if rows_or_folder is None or isinstance(rows_or_folder, (str, os.PathLike)):
        if rows_or_folder is not None and stories_source is not None and Path(rows_or_folder) != Path(stories_source):
            raise ValueError(
                f"story_prompt_records(): two Possible Stories folders, {str(rows_or_folder)!r} and "
                f"stories_source={str(stories_source)!r}; give the folder once"
            )
        folder = rows_or_folder if rows_or_folder is not None else stories_source  # None: the default copy
        rows: Sequence[Mapping[str, Any]] = load_story_rows(folder, include_contexts=True, seed=seed)
    else:
        given = list(rows_or_folder)
        _check(given)
        bare = [dict(r) for r in given if not r.get("document")]
        filled = iter(fill_contexts(bare, stories_source) if bare else [])
        rows = [r if r.get("document") else next(filled) for r in given]
    return [
        {"id": str(r["id"]), "prompt": str(r.get("prompt") or make_prompt(str(r["document"]), str(r["instruction"])))}
        for r in rows
        if split is None or r["split"] == split
    ]
