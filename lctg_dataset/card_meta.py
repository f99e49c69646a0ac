"""The dataset card's Hub metadata, per config where configs differ: language, licence, the size category of the rows
built, and the LCTG release a build is titled and tagged by (read by the card and by publishing)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from lctg_dataset.configs import Config
from lctg_dataset.constants import DATASET_VERSION, LICENSE_ID

#: The LCTG version at the head of a config's version (``1.1.0`` of ``1.1.0+variants.k5.s0``); the family configs'
#: versions (``instructions-1.1.0+s0``) name their own line and do not match.
_LCTG_VERSION = re.compile(r"(\d+)\.(\d+)\.(\d+)(?![\d.])")


def release_version(versions: Iterable[str]) -> str:
    """The LCTG release a build is titled and tagged by: the highest version its LCTG configs carry (``1.0.0`` for
    the faithful configs alone, ``1.1.0`` with corrected, variants or multi); :data:`DATASET_VERSION` if none."""
    found = [tuple(int(g) for g in m.groups()) for v in versions if (m := _LCTG_VERSION.match(v))]
    return ".".join(map(str, max(found))) if found else DATASET_VERSION


#: Language (ISO 639-1) and licence (Hub id) of each config where they differ from LCTG's own (Japanese prompts,
#: CC BY-NC-SA 4.0 inherited from the upstream release): ``story_endings`` holds the English Possible Stories
#: questions and endings, CC BY 4.0 (their README; the ROCStories contexts are never published).
LANGUAGE, CONFIG_LANGUAGE = "ja", {"story_endings": "en"}
CONFIG_LICENSE = {"story_endings": "cc-by-4.0"}
#: The Hub's ``size_categories`` buckets: (upper bound, label), the last one open.
SIZE_CATEGORIES = (
    (1_000, "n<1K"),
    (10_000, "1K<n<10K"),
    (100_000, "10K<n<100K"),
    (1_000_000, "100K<n<1M"),
    (10_000_000, "1M<n<10M"),
    (None, "n>10M"),
)


def config_language(name: str) -> str:
    return CONFIG_LANGUAGE.get(name, LANGUAGE)


def config_license(name: str) -> str:
    return CONFIG_LICENSE.get(name, LICENSE_ID)


def distinct_rows(configs: Sequence[Config]) -> int:
    """Rows of the build, each data file counted once (``all`` reads the task configs' files)."""
    files: dict[str, int] = {}
    for c in configs:
        for f, rows in c.rows.items():
            files[f] = len(rows)
    return sum(files.values())


def size_category(n: int) -> str:
    """The Hub's ``size_categories`` label of ``n`` rows."""
    return next(label for bound, label in SIZE_CATEGORIES if bound is None or n < bound)


def yaml_list(key: str, values: Iterable[str]) -> str:
    """``key: value`` for one value, a YAML list for several (in first-seen order)."""
    distinct = list(dict.fromkeys(values))
    return f"{key}: {distinct[0]}" if len(distinct) == 1 else "\n".join([f"{key}:", *(f"- {v}" for v in distinct)])
