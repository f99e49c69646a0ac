"""The ``instructions`` config: LCTG base texts and tasks with verifiable Japanese instructions (declared as data
in ``declarations.json``)."""

from lctg_dataset.instructions.declarations import (
    LATEST,
    VERSIONS,
    Compatibility,
    Declaration,
    Declarations,
    Variant,
    load_declarations,
    raw_compatibility,
    raw_declarations,
)
from lctg_dataset.instructions.rows import PROMPTS_PER_TEXT, instruction_rows

__all__ = [
    "Compatibility",
    "Declaration",
    "Declarations",
    "LATEST",
    "PROMPTS_PER_TEXT",
    "VERSIONS",
    "Variant",
    "instruction_rows",
    "load_declarations",
    "raw_compatibility",
    "raw_declarations",
]
