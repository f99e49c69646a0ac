"""IFSMResult as plain values: the JSON result, the flat evaluate dict, and per-item detail records."""

from __future__ import annotations

import math
from dataclasses import asdict
from typing import Any

from lctg_metrics.ifsm.attack_table import AttackScore
from lctg_metrics.ifsm.result import IFSMResult
from lctg_metrics.ifsm.run import SetScore
from lctg_metrics.ifsm.validity import Check

RESULT_FORMAT = "lctg-ifsm-result/1"


def _number(value: float | None) -> float | None:
    """JSON has no NaN: an undefined number is null."""
    return None if value is None or (isinstance(value, float) and math.isnan(value)) else value


def _ci(ci: tuple[float, float] | None) -> list[float | None] | None:
    return None if ci is None else [_number(ci[0]), _number(ci[1])]


def set_dict(s: SetScore) -> dict[str, Any]:
    """One set of endings: IFSM after the guard, the reader alone, and their intervals."""
    return {
        "n": s.n,
        "ifsm": s.guarded,
        "ci": _ci(s.guarded_ci),
        "reader_alone": _number(s.raw),
        "reader_alone_ci": _ci(s.raw_ci),
        "flagged": s.flagged,
        "unparseable": s.unparseable,
    }


def attack_dict(a: AttackScore) -> dict[str, Any]:
    """One attack: the share attacked, IFSM and flagged share on it, and its run's validity."""
    return {
        "share": a.share,
        "n": a.n,
        "ifsm": a.ifsm,
        "ci": _ci(a.ci),
        "flagged": a.flagged,
        "valid": a.valid,
        "gets_through": a.gets_through,
        "reasons": list(a.reasons),
    }


def check_dict(c: Check) -> dict[str, Any]:
    """One run-level test: passed, its reason and figures."""
    return {"passed": c.passed, "reason": c.reason, "figures": {k: _number(v) for k, v in c.figures.items()}}


def result_dict(result: IFSMResult) -> dict[str, Any]:
    """The JSON result: score, CI, reader (accuracy = the oracle), attacks, guard counts, validity, signature."""
    return {
        "format": RESULT_FORMAT,
        "signature": result.signature,
        "ifsm": result.ifsm,
        "ci": _ci(result.ci),
        "n": result.n,
        "coverage": dict(result.coverage),
        "valid": result.valid,
        "invalid_reasons": list(result.invalid_reasons),
        "limits": list(result.limits),
        "reader": {
            **asdict(result.reader),
            "accuracy": result.oracle.guarded,
            "accuracy_ci": _ci(result.oracle.guarded_ci),
        },
        "flagged": result.flagged,
        "guard_reasons": dict(result.guard_reasons),
        "unparseable": result.unparseable,
        "reasked": result.reasked,
        "oracle": set_dict(result.oracle),
        "adversarial": {name: set_dict(s) for name, s in result.adversarial.items()},
        "attacks": {name: attack_dict(a) for name, a in result.attacks.items()},
        "attacks_reused": result.attacks_reused,
        "validity_checks": {c.name: check_dict(c) for c in result.checks},
        "dissimilarity_to_gold": _number(result.dissimilarity_to_gold),
        "dissimilarity_within_passage": _number(result.dissimilarity_within_passage),
    }


def flat_dict(result: IFSMResult) -> dict[str, Any]:
    """The evaluate view: flat floats (``adversarial/<set>`` is IFSM under that attack), validity, signature."""
    out: dict[str, Any] = {
        "ifsm": result.ifsm,
        "ifsm_ci_low": result.ci[0],
        "ifsm_ci_high": result.ci[1],
        "reader_accuracy": result.oracle.guarded,
        "reader_accuracy_ci_low": result.oracle.guarded_ci[0],
        "reader_accuracy_ci_high": result.oracle.guarded_ci[1],
        "n": result.n,
        "flagged": result.flagged,
        "unparseable": result.unparseable,
        "missing": result.coverage.get("missing", 0),
    }
    for name, s in result.adversarial.items():
        out[f"adversarial/{name}"] = s.guarded
        out[f"adversarial/{name}/reader_alone"] = s.raw
    for name, a in result.attacks.items():
        out[f"attack/{name}"] = a.ifsm
        out[f"attack/{name}/valid"] = a.valid
    out["attacks_reused"] = result.attacks_reused
    for c in result.checks:
        out[f"check/{c.name}"] = c.passed
    out["dissimilarity_to_gold"] = result.dissimilarity_to_gold
    out["dissimilarity_within_passage"] = result.dissimilarity_within_passage
    out["valid"] = result.valid
    out["invalid_reasons"] = list(result.invalid_reasons)
    out["limits"] = list(result.limits)
    out["signature"] = result.signature
    return out


def detail_records(result: IFSMResult) -> list[dict[str, Any]]:
    """One line per scored item (needs ``return_items=True``): hit, reader's choice, guard verdict, signature."""
    if result.items is None:
        raise ValueError("detail records need a result scored with return_items=True")
    return [{**item, "signature": result.signature} for item in result.items]
