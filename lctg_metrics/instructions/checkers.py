"""Every checker module in one place: importing this module fills the registry with every instruction id.

The package (``lctg_metrics.instructions``) and the standalone ``lctg_if`` metric module both import it, so no route
scores with part of the registry (a route that imported checker modules one by one lost those no other module
imported, and refused their ids as unknown)."""

from __future__ import annotations

from lctg_metrics.instructions import (
    checks_answer,
    checks_format,
    checks_length,
    checks_rules,
    checks_script,
    checks_task,
)

#: The modules whose ``@instruction`` checkers fill the registry.
MODULES = (checks_answer, checks_format, checks_length, checks_rules, checks_script, checks_task)
