"""Terminal views: aligned text tables (first column left, the rest right) and the texts of ``lctg score``,
``lctg compare`` and ``lctg substitutability``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lctg_metrics.render import tables
from lctg_metrics.render.table import Table
from lctg_metrics.scoring import ScoreResult, coverage


def render(table: Table, *, rule: bool = True, rstrip: bool = False) -> list[str]:
    """Lines of an aligned table; ``rule`` adds the dashed line under the header."""
    rows = table.text_rows()
    header = list(table.header)
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(r: list[str]) -> str:
        s = "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))
        return s.rstrip() if rstrip else s

    return [line(header), *(["  ".join("-" * w for w in widths)] if rule else []), *(line(r) for r in rows)]


def format_table(result: ScoreResult, *, cis: Mapping[str, Mapping[str, tuple[float, float]]] | None = None) -> str:
    """Tasks × aspects + average, CTG (and Qual when judged), with the signature underneath."""
    lines = render(tables.score_table(result, cis))
    lines.append("")
    lines.append(coverage.describe(result.coverage))
    if result.quality_counts:
        unparseable = sum(c["unparseable"] for per in result.quality_counts.values() for c in per.values())
        lines.append(f"quality judge: {unparseable} unparseable answer(s) excluded from the Qual denominators")
    if result.variants:
        lines.append("")
        lines.append(format_variants(result.variants))
    for note in result.notes:
        lines.append(f"note: {note}")
    lines.append(result.signature)
    return "\n".join(lines)


def format_variants(variants: Mapping[str, Mapping[str, Mapping[str, Any]]]) -> str:
    return "\n".join(render(tables.variants_table(variants), rule=False))


def _p(p: float) -> str:
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def format_comparison(cmp: Mapping[str, Any]) -> str:
    """The terminal view of a comparison (``analysis.compare_details``): one table per metric, verdicts, notes."""
    na, nb = cmp["a"]["name"], cmp["b"]["name"]
    test = "paired permutation test" if cmp["method"] == "permutation" else "paired bootstrap test"
    lines = [
        f"A = {na} ({cmp['a']['path']})",
        f"B = {nb} ({cmp['b']['path']})",
        f"{test} over prompts ({cmp['resamples']} resamples, seed {cmp['seed']}); "
        f"{cmp['level']:.0%} paired-bootstrap CI of {na} - {nb}; * = p < {cmp['alpha']:g}",
    ]
    for metric, per in cmp["comparisons"].items():
        lines += ["", *render(tables.comparison_table(metric, per, na, nb, _p), rstrip=True)]
        sig = [c for c in per.values() if c["significant"]]
        lines.append("")
        if not sig:
            lines.append(f"{metric}: no significant difference on any setting (alpha {cmp['alpha']:g})")
        for c in sig:
            holm_note = "holds" if c["significant_holm"] else "does not hold"
            lines.append(f"{metric}: {c['verdict']} — {holm_note} after Holm correction over {len(per)} settings")
        if sig and len(sig) < len(per):
            lines.append(f"{metric}: no significant difference on the other {len(per) - len(sig)} settings")
    for note in cmp["notes"]:
        lines.append(f"note: {note}")
    sig_a, sig_b = cmp["a"]["signature"], cmp["b"]["signature"]
    lines.append(f"signature: {sig_a}" if sig_a == sig_b else f"signatures: {na}: {sig_a}\n            {nb}: {sig_b}")
    return "\n".join(lines)


#: What the three numbers of the "statistical similarity vs substitutability" line are (printed under it, in
#: ``lctg substitutability --help`` and docs/reading-scores.md).
SIMILARITY_LEGEND = (
    "each ρ is a signed rank correlation in [-1, 1] (not a mean or a standard deviation): do pairs of settings whose "
    "per-prompt score distributions look alike also rank the models alike? The distributions compared are the "
    "histograms of each prompt's mean score over samples (mean), of each prompt's standard deviation over samples "
    "(std), or of the two together (joint); near +1: yes, near 0: unrelated, below 0: the opposite"
)


def format_substitutability(analysis: Mapping[str, Any], *, title: str) -> str:
    """Which settings substitute for each other (Spearman ρ >= threshold), and what is undefined."""
    lines = [
        title,
        f"{len(analysis['models'])} models: {', '.join(analysis['models'])}",
        f"{len(analysis['settings'])} settings; substitutes = Spearman rho of the model rankings >= "
        f"{analysis['threshold']:g}",
    ]
    by = analysis["substitutes_by_setting"]
    idx = {s: i for i, s in enumerate(analysis["settings"])}
    with_subs = [s for s in analysis["settings"] if by[s]]
    for s in with_subs:
        rho = analysis["spearman"][idx[s]]
        ranked = sorted(by[s], key=lambda t: (-rho[idx[t]], idx[t]))
        subs = ", ".join(f"{t} ({rho[idx[t]]:.2f})" for t in ranked)
        lines.append(f"  {s} <-> {subs}")
    alone = [s for s in analysis["settings"] if not by[s] and s not in analysis["undefined"]]
    if not with_subs:
        lines.append("  no two settings substitute for each other at this threshold")
    if alone:
        lines.append(f"  no substitute: {', '.join(alone)}")
    for s, why in analysis["undefined"].items():
        lines.append(f"  undefined: {s}: {why}")
    versus = analysis.get("statistics", {}).get("similarity_vs_substitutability")
    if versus:
        shown = ", ".join(f"ρ({k}) {'n/a' if v is None else f'{v:+.2f}'}" for k, v in versus.items())
        lines.append(f"statistical similarity (1 - JSD) vs substitutability, Spearman ρ over setting pairs: {shown}")
        lines.append(f"  {SIMILARITY_LEGEND}")
    for note in analysis["notes"]:
        if not any(note.startswith(f"{s}: ") for s in analysis["undefined"]):
            lines.append(f"note: {note}")
    return "\n".join(lines)
