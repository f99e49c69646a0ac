"""The three built-in metric families as :class:`lctg_metrics.family.MetricFamily` objects: LCTG (``lctg``), the
Japanese verifiable instructions (``instr``) and IFSM (``ifsm``), each a thin adapter over its own scoring. The
registry (:mod:`lctg_metrics.family`) names them by ``module:attribute`` and imports one when it is first used.

    lctg          LCTG Bench: constraints of a built config, the cleaner, aspects -> Counts (several samples itself)
    instructions  if-score: instruction rows of the instructions config, strict/loose verdicts, bootstrap CIs
    ifsm          IFSM: story_endings rows with their contexts, the reader and guard, attacks, validity
"""
