"""The one verdict of every metric family: whether a text obeys one check, and why, in words a person can check.

An LCTG aspect, a Japanese instruction checker and the IFSM guard all return a :class:`Verdict`; details files,
tables and tests read ``passed`` and ``reason`` the same way for each.
"""

from __future__ import annotations

from typing import NamedTuple


class Verdict(NamedTuple):
    """``passed`` and the ``reason`` a person can check (``"217 chars > max 200"``, ``"missing keyword 「敬遠」"``).

    (A NamedTuple rather than a dataclass: a million of them are made per large run.)"""

    passed: bool
    reason: str


#: ``new(Verdict, (passed, reason))`` builds a Verdict without NamedTuple's Python-level ``__new__``
#: (about half the cost; the LCTG checks make one per generation).
new = tuple.__new__
