"""Read the Possible Stories dev and test splits (JSONL) into plain, validated records."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from lctg_dataset.env_paths import env_value, user_path

# Possible Stories (Ashida and Sugawara, COLING 2022), nii-cl/possible-stories at commit 3f8c525.
SOURCE_COMMIT = "3f8c525ffa441fe6bc45d03757c5e4df21c1c57b"
SOURCE_SPLITS = ("dev", "test")  # the train split is not public; the paper's MRC reader used half of each
SOURCE_ENV = "POSSIBLE_STORIES"  # a folder holding dev.jsonl and test.jsonl
N_OPTIONS = 4


@dataclass(frozen=True)
class StoryRecord:
    """One question over one passage, as released (``document`` is the ROCStories context)."""

    source_split: str
    passage_id: str
    question_id: str
    question: str
    document: str
    options: tuple[str, ...]
    gold_label: int


def default_source_dir() -> Path:
    """``$POSSIBLE_STORIES``, else ``../shared/possible-stories`` beside this project's checkout (an evaluate module
    outside the checkout finds none there, and the error names the ways to give the folder)."""
    env = env_value(SOURCE_ENV)
    if env:
        return Path(user_path(env))
    here = Path(__file__).resolve().parents[2]
    return here.parent / "shared" / "possible-stories"


def read_split(path: str | Path, source_split: str) -> list[StoryRecord]:
    """Records of one JSONL split; a malformed line raises naming ``path:line`` and the field."""
    records = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            records.append(_record(json.loads(line), source_split, f"{path}:{number}"))
    return records


def read_stories(
    source: str | os.PathLike[str] | None = None, splits: tuple[str, ...] = SOURCE_SPLITS
) -> list[StoryRecord]:
    """All records of ``splits`` (dev then test) from ``source`` (a folder), in file order."""
    if source is not None and not isinstance(source, (str, os.PathLike)):
        raise TypeError(
            f"source: expected your Possible Stories folder (str or path, with dev.jsonl and test.jsonl), got "
            f"{type(source).__name__} {source!r}"[:300]
        )
    # ~ and blanks pasted around the folder read as the environment variables read them
    folder = Path(user_path(os.fspath(source))) if source is not None else default_source_dir()
    records: list[StoryRecord] = []
    for split in splits:
        path = folder / f"{split}.jsonl"
        if not path.is_file():
            if source is not None:
                given = ""
            elif os.environ.get(SOURCE_ENV):
                given = f" (the folder ${SOURCE_ENV} names)"
            else:
                given = f" (no folder was given and ${SOURCE_ENV} is not set)"
            raise FileNotFoundError(
                f"{path}: missing{given}; give your Possible Stories folder (with dev.jsonl and test.jsonl) as "
                f"--stories-source (lctg), stories_source= (lctg_ifsm in evaluate, story_prompt_records), the first "
                f"argument of load_story_rows, or ${SOURCE_ENV}"
            )
        records.extend(read_split(path, split))
    return records


def source_sha256(source: str | Path | None = None, splits: tuple[str, ...] = SOURCE_SPLITS) -> dict[str, str]:
    """sha256 of each split file (``dev.jsonl`` …) of ``source``, for the build manifest."""
    # ~ and blanks pasted around the folder read as the environment variables read them
    folder = Path(user_path(os.fspath(source))) if source is not None else default_source_dir()
    return {f"{split}.jsonl": hashlib.sha256((folder / f"{split}.jsonl").read_bytes()).hexdigest() for split in splits}


def _record(raw: dict, source_split: str, where: str) -> StoryRecord:
    for field, kind in (
        ("roc_passage_id", str),
        ("question_id", str),
        ("question", str),
        ("document", str),
        ("options", list),
        ("gold_label", int),
    ):
        if not isinstance(raw.get(field), kind):
            raise ValueError(f"{where}: field {field!r} must be {kind.__name__}, got {raw.get(field)!r:.60}")
    options = tuple(raw["options"])
    if len(options) != N_OPTIONS or not all(isinstance(o, str) for o in options):
        raise ValueError(f"{where}: 'options' must be {N_OPTIONS} strings, got {len(options)}")
    if not 0 <= raw["gold_label"] < N_OPTIONS:
        raise ValueError(f"{where}: 'gold_label' must be 0..{N_OPTIONS - 1}, got {raw['gold_label']}")
    return StoryRecord(
        source_split=source_split,
        passage_id=raw["roc_passage_id"],
        question_id=raw["question_id"],
        question=raw["question"].strip(),
        document=raw["document"].strip(),
        options=tuple(o.strip() for o in options),
        gold_label=raw["gold_label"],
    )
