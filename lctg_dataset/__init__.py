"""Build LCTG Bench as a versioned Hugging Face dataset (templates, filled conditions, base texts).

``build → write_dataset`` make the folder; :func:`load` reads it back in one call.
"""

from lctg_dataset.build import build
from lctg_dataset.constants import ASPECTS, DATASET_VERSION, TASKS
from lctg_dataset.loader import load
from lctg_dataset.write import write_dataset

__all__ = ["ASPECTS", "DATASET_VERSION", "TASKS", "build", "load", "write_dataset"]
