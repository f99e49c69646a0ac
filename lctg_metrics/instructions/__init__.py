"""Japanese verifiable instructions (Horio et al.'s taxonomy): pure checkers in a registry, strict/loose
checking, the conflict table, and M-IFEval-ja compatibility.

Entry points::

    check(instruction_id, response, kwargs, *, mode="strict") -> Verdict
    listing() -> [{"id", "category", "description", "kwargs", "checker", "needs_morph", "reads"}]
    find_conflicts([(instruction_id, kwargs), ...]) -> [reason, ...]; conflict_table()
    score_instructions(generations, rows, *, mode="both") -> InstructionResult (.to_dict(), .table(), .flat())
    score_mifeval(input_path, responses_path) -> (details, summary)
    read_config_rows(dataset, config), read_mifeval(input_path, responses_path)
    toy_instruction_outputs(rows, seed=0) -> [{"id", "generation"}]
    settings(mode) -> {"checkers": "2.2", "mode": "strict", "morph": "fugashi-…", "langdetect": "…(seed 0)"}
"""

from __future__ import annotations

# Importing every checker module fills the registry.
from lctg_metrics.instructions import checkers  # noqa: F401
from lctg_metrics.instructions.conflicts import CONFLICTS, conflict_table, find_conflicts
from lctg_metrics.instructions.files import read_config_rows, read_mifeval, score_mifeval
from lctg_metrics.instructions.mifeval import MIFEVAL_MAP, read_mifeval_inputs, read_mifeval_responses
from lctg_metrics.instructions.registry import (
    CATEGORIES,
    CHECKERS_VERSION,
    LLM_ONLY,
    REGISTRY,
    InstructionSpec,
    Verdict,
    check,
    get,
    listing,
    settings,
)
from lctg_metrics.instructions.score import InstructionResult, score_instructions
from lctg_metrics.instructions.toy import toy_instruction_outputs

__all__ = [
    "CATEGORIES",
    "CHECKERS_VERSION",
    "CONFLICTS",
    "InstructionResult",
    "InstructionSpec",
    "LLM_ONLY",
    "MIFEVAL_MAP",
    "REGISTRY",
    "Verdict",
    "check",
    "conflict_table",
    "find_conflicts",
    "get",
    "listing",
    "read_config_rows",
    "read_mifeval",
    "read_mifeval_inputs",
    "read_mifeval_responses",
    "score_instructions",
    "score_mifeval",
    "settings",
    "toy_instruction_outputs",
]
