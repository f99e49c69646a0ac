"""The names of every file inside a built dataset folder (the build writes them; the scorer reads them).

Data files live under ``data/{config}/``; every config has the one split :data:`SPLIT`.
"""

from __future__ import annotations

from lctg_dataset.constants import CORRECTED_VERSION, PROTOCOL_FILE

#: Name of the split every config has (the benchmark is evaluation-only).
SPLIT = "test"
#: The dataset card (the Hub shows it as the repository's front page).
CARD = "README.md"
#: Version, upstream commit, build parameters and sha256 of every other file.
MANIFEST = "manifest.json"
#: Validation findings about the source records, as data.
VALIDATION = "validation.json"
#: The upstream protocol prompts (task, cleaner and judge prompts), copied unchanged from the source.
PROTOCOL_PROMPTS = PROTOCOL_FILE
#: Machine-readable list of every change the corrected revision makes.
CHANGELOG = f"changelog-{CORRECTED_VERSION}.json"
#: Folder of the evaluate metric module inside a build, so ``evaluate.load("lctg_ctg")`` works there.
METRIC_MODULE_DIR = "lctg_ctg"
#: Folder holding every config's parquet files.
DATA_DIR = "data"


def data_file(config: str) -> str:
    """Relative path of a config's one parquet file, e.g. ``data/summary/test-00000-of-00001.parquet``."""
    return f"{DATA_DIR}/{config}/{SPLIT}-00000-of-00001.parquet"
