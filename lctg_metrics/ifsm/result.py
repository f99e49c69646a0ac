"""What an IFSM run reports (:class:`IFSMResult`) and why it may not be reported: the run-level tests, gold accuracy,
probes and attacks that make a result invalid, and the attack mixes no test detects (the result's limits)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lctg_metrics.ifsm.attack_table import CHANCE, MAX_ATTACK_EXCESS, AttackScore
from lctg_metrics.ifsm.items import ReaderInfo
from lctg_metrics.ifsm.run import SetScore
from lctg_metrics.ifsm.validity import Check

#: More unparseable reader answers than this share (on gold endings or the generations) make a result invalid.
MAX_UNPARSEABLE = 0.05


@dataclass(frozen=True)
class IFSMResult:
    """Everything a reported IFSM needs; ``valid`` False says the reader cannot support the number."""

    ifsm: float
    ci: tuple[float, float]
    n: int
    flagged: int
    guard_reasons: dict[str, int]
    unparseable: int
    oracle: SetScore
    adversarial: dict[str, SetScore]
    dissimilarity_to_gold: float | None
    dissimilarity_within_passage: float | None
    valid: bool
    invalid_reasons: tuple[str, ...]
    reader: ReaderInfo
    signature: str
    items: list[dict[str, Any]] | None = field(default=None, repr=False)
    reasked: int = 0  # reader questions asked a second time because the first answer could not be read
    checks: tuple[Check, ...] = ()  # the run-level validity tests of the generated endings against gold
    attacks: dict[str, AttackScore] = field(default_factory=dict)  # attack classes and mixes on their attack share
    attacks_reused: bool = False  # the probes and attacks came from the cache (same reader, guard, versions, data)
    limits: tuple[str, ...] = ()  # attack mixes no run-level test detects, with how far each can move IFSM
    #: endings expected (the split's items), scored, missing, and the missing policy (error, fail or skip)
    coverage: dict[str, Any] = field(default_factory=dict)


def invalid_reasons(
    oracle: SetScore,
    adversarial: Mapping[str, SetScore],
    main: SetScore | None = None,
    checks: Sequence[Check] = (),
    attacks: Mapping[str, AttackScore] | None = None,
) -> list[str]:
    """Why the IFSM cannot be reported: the run fails a run-level test against the gold endings, gold accuracy is not
    above chance, a probe is not clearly below it or an attack gets through, or too many answers could not be read."""
    low = oracle.guarded_ci[0]
    why = [c.reason for c in checks if not c.passed]
    for s in (oracle, main):
        if s is not None and s.n and s.unparseable / s.n > MAX_UNPARSEABLE:
            why.append(
                f"{s.unparseable} of {s.n} reader answers on the {s.name} endings could not be read "
                f"(> {MAX_UNPARSEABLE:.0%})"
            )
    if low <= CHANCE:
        why.append(f"gold accuracy {oracle.guarded:.3f} (CI low {low:.3f}) is not above chance {CHANCE}")
    for name, s in adversarial.items():
        if not s.guarded_ci[1] < low:
            why.append(
                f"adversarial {name}: {s.guarded:.3f} (CI high {s.guarded_ci[1]:.3f}) not clearly below "
                f"gold accuracy {oracle.guarded:.3f} (CI low {low:.3f})"
            )
    for name, a in (attacks or {}).items():
        # validity v3: a whole run of an attack counts against every result when it scores above chance + 0.05 and
        # its own run passes the run-level tests; a share of it in another run is what the tuned mixes measure
        if a.share >= 1.0 and a.gets_through:
            why.append(
                f"attack {name} gets through: {a.ifsm:.3f} (CI low {a.ci[0]:.3f}) on its {a.n} items "
                f"> chance {CHANCE} + {MAX_ATTACK_EXCESS} in a run that passes every run-level test: this reader "
                "and guard reward endings that do not answer the question"
            )
    return why


def limits(attacks: Mapping[str, AttackScore], oracle: SetScore) -> list[str]:
    """What a valid result cannot rule out: a mix whose attack share stays under every run-level test and still
    scores above chance + 0.05 on that share. Such a share could sit in any run unseen, so it does not invalidate one
    run more than another; the result says how far it can move IFSM (the share times the attack's excess over the
    gold accuracy, at the CI high)."""
    out = []
    for name, a in attacks.items():
        if a.gets_through and a.share < 1.0:
            bound = a.share * max(0.0, a.ci[1] - oracle.guarded)
            out.append(
                f"attack {name} is not detected at {a.share:.0%} of a run and scores {a.ifsm:.3f} "
                f"(CI {a.ci[0]:.3f}-{a.ci[1]:.3f}) on its items: a run may be raised by up to {bound:.3f} "
                "this way"
            )
    return out
