"""Plain-text view of an IFSMResult: score, reader, adversarial table, guard counts, validity, signature."""

from __future__ import annotations

from lctg_metrics.ifsm.attack_table import AttackScore
from lctg_metrics.ifsm.result import IFSMResult
from lctg_metrics.ifsm.run import SetScore


def _ci(ci: tuple[float, float] | None) -> str:
    return f"[{ci[0]:.3f}, {ci[1]:.3f}]" if ci else "-"


def _line(s: SetScore) -> str:
    raw = f"{s.raw:.3f} {_ci(s.raw_ci)}" if s.raw is not None else "-"
    return f"| {s.name} | {s.guarded:.3f} {_ci(s.guarded_ci)} | {raw} | {s.flagged} | {s.unparseable} |"


def _attack(a: AttackScore) -> str:
    verdict = ("GETS THROUGH" if a.share >= 1.0 else "limit") if a.gets_through else ("valid" if a.valid else "invalid")
    why = "; ".join(r.split(":")[0] for r in a.reasons) or "-"
    return f"| {a.name} | {a.share:.0%} | {a.ifsm:.3f} {_ci(a.ci)} | {a.flagged:.0%} | {verdict} | {why} |"


def format_result(result: IFSMResult) -> str:
    """A Markdown block; the invalid reasons come first when there are any."""
    lines = []
    if not result.valid:
        lines.append("**INVALID**: " + "; ".join(result.invalid_reasons))
    lines += [f"limit: {limit}" for limit in result.limits]
    lines.append(
        f"IFSM {result.ifsm:.3f} {_ci(result.ci)} over {result.n} items; {result.flagged} flagged by the "
        f"guard {result.guard_reasons or ''}; {result.unparseable} unparseable; {result.reasked} re-asked"
    )
    cov = result.coverage
    if cov.get("missing"):
        done = (
            "skipped: IFSM covers only the endings present" if cov["missing_policy"] == "skip" else "counted as failed"
        )
        lines.append(
            f"coverage: {cov['scored']}/{cov['expected']} endings; {cov['missing']} missing {done} "
            f"(missing={cov['missing_policy']})"
        )
    if result.reader.note:
        lines.append(f"reader {result.reader.name}: {result.reader.note}")
    measured = result.reader.measured_accuracy
    lines.append(
        f"reader accuracy on gold endings: {result.oracle.guarded:.3f} in this run (signature reader_acc)"
        + (f"; {measured:.3f} measured in advance (reader_acc_measured)" if measured is not None else "")
    )
    if result.dissimilarity_to_gold is not None:
        pairs = result.dissimilarity_within_passage
        within = f"; within passage {pairs:.3f}" if pairs is not None else ""
        lines.append(f"dissimilarity to gold {result.dissimilarity_to_gold:.3f}{within}")
    lines += [
        "",
        "| set | IFSM (guarded) | reader alone | flagged | unparseable |",
        "|---|---|---|---|---|",
        _line(result.oracle),
    ]
    lines += [_line(s) for s in result.adversarial.values()]
    failed = [c.reason for c in result.checks if not c.passed]
    lines += [
        "",
        "run-level validity against the gold endings: "
        + ("; ".join(failed) if failed else f"{len(result.checks)} tests passed"),
    ]
    if result.attacks:
        reused = "reused from the cache" if result.attacks_reused else "computed for this run"
        lines += [
            "",
            f"attack table ({reused}):",
            "",
            "| attack | share | IFSM on the attack share | flagged | run | failed tests |",
            "|---|---|---|---|---|---|",
        ] + [_attack(a) for a in result.attacks.values()]
    lines += ["", result.signature]
    return "\n".join(lines)
