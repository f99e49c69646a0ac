"""Which metric module scores a row id: each registered family's module, named in the hint a module (or the Python
API) gives for another family's ids. Light on purpose: the standalone copies of the modules carry it."""

from __future__ import annotations

from typing import Any

#: The metric module that scores each registered family's rows (by family name; a test checks it against
#: ``metric_module.METRICS``), and the Python call that scores them without one.
FAMILY_MODULES = {"lctg": "lctg_ctg", "instr": "lctg_if", "ifsm": "lctg_ifsm"}
FAMILY_CALLS = {"instr": "lctg_metrics.instructions.score_instructions"}


def other_module(rid: Any, mine: str) -> str | None:
    """What scores ``rid`` when it is a row of another family than the one the metric module ``mine`` scores
    (``it is a row of the instructions config: score those with the lctg_if metric module …``); else None."""
    from lctg_metrics.family import family_of

    entry = family_of(str(rid))
    module = FAMILY_MODULES.get(entry.name) if entry is not None else None
    if entry is None or module is None or module == mine:
        return None
    call = f" or {FAMILY_CALLS[entry.name]}" if entry.name in FAMILY_CALLS else ""
    config = entry.config_of([str(rid)])
    call += f" (with config={config!r})" if config != entry.config else ""
    return f"it is a row of the {config} config: score those with the {module} metric module{call}"
