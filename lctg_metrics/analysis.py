"""Analysis commands over score details: ``lctg compare``, ``lctg report``, ``lctg substitutability``.

    details JSONL ──► read_details ──► Details ─┬─► compare_details ──► format_comparison / JSON
                                                ├─► report_data ──► report_figures ──► render_html / _markdown
                                                └─► substitutability ──► matrices JSON + heat maps

Each step is a function over plain values; only the ``cmd_*`` handlers read and write files. A details
file is what ``lctg score --details`` writes: one JSON object per (id, sample, aspect) with ``id``,
``sample``, ``task``, ``prompt_id``, ``aspect``, ``variant``, ``passed``, ``reason``, ``generation``,
``cleaned`` (``quality``, ``quality_reason`` when judged) and ``signature``.

Plots are an optional extra: matplotlib is imported only when a figure is drawn (Agg canvas, no pyplot),
and a missing install raises :class:`PlotDependencyError` with the hint ``pip install 'lctg[plot]'``.
Figures use ASCII labels only (no CJK font needed); Japanese text appears only in the HTML/Markdown tables.
"""

from __future__ import annotations

import argparse
import base64
import html
import io
import json
import math
import re
import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from lctg_dataset.constants import ASPECTS, TASKS
from lctg_dataset.jsonl import read_jsonl
from lctg_metrics import published as _published
from lctg_metrics import stats
from lctg_metrics.report import TABLE_HEADINGS
from lctg_metrics.scoring import MISSING_REASON, ScoreResult
from lctg_metrics.substitutability import SUBSTITUTE_THRESHOLD

# ---------------------------------------------------------------------------------------- constants

#: Install hint for the plotting extra (pyproject ``[project.optional-dependencies] plot``).
PLOT_HINT = "pip install 'lctg[plot]'"
#: Fields every details line must carry (what ``lctg score --details`` writes, minus the texts).
DETAILS_KEYS: tuple[str, ...] = ("id", "sample", "task", "prompt_id", "aspect", "passed")
#: What each signature key means, for messages that say *which* setting differs (see options.signature).
SIGNATURE_LABELS: dict[str, str] = {
    "profile": "scoring profile",
    "count": "char_count counting",
    "norm": "keyword/prohibited_word normalization",
    "affix": "format prefix/suffix length (summary/ad_text/pros_and_cons)",
    "short": "short-text format policy",
    "empty": "empty-generation policy",
    "think": "<think> handling",
    "cleaner": "header/footer cleaner",
    "judge": "quality judge",
    "data": "dataset version",
    "version": "lctg package version",
}
#: Signature keys whose difference alone does not block a comparison (reported as a note). Every other
#: key names a setting that changes verdicts; the package version only *may* (a checker bug fix), and
#: refusing every comparison across a release would push users to edit signatures by hand.
NOTE_ONLY_KEYS: frozenset[str] = frozenset({"version"})
#: ``--published-source`` codes -> a substring of the source name in published_scores.csv.
SOURCE_CODES: dict[str, str] = {"EN": "English paper", "NLP2024": "NLP2024"}
#: The papers' protocol, for the placement note: GPT-4 removed the explanatory text around the answer before
#: scoring and judged quality (both papers, "Controllability Evaluation" / 制御性能の評価; no model version is
#: named), and compared 5 characters for ad_text format (the released script uses 10).
PUBLISHED_CLEANER = "GPT-4 removing explanatory text around the answer"
PUBLISHED_AFFIX = "10/5/10"
#: Characters of a generation shown in the worst-items tables.
GENERATION_PREVIEW = 160
#: Columns of every score table and bar chart: the four aspects, then the task average.
COLUMNS: tuple[str, ...] = (*ASPECTS, stats.AVERAGE)
#: Short ASCII task names for figure labels.
TASK_LABELS: dict[str, str] = {"summary": "summary", "ad_text": "ad_text", "pros_and_cons": "pros_cons"}
#: The two scored fields and their display names (the papers' CTG and Qual columns).
METRIC_NAMES: dict[str, str] = {"passed": "CTG", "quality": "Qual"}


class PlotDependencyError(ImportError, ValueError):
    """matplotlib is not installed. A ValueError too, so the CLI prints the hint instead of a traceback."""


def _matplotlib() -> tuple[Any, Any]:
    """``(Figure, FigureCanvasAgg)``, imported lazily; no pyplot, so no global backend state."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError as e:
        raise PlotDependencyError(
            f"plots need matplotlib, which is not installed ({e}); install the plot extra: {PLOT_HINT}"
        ) from None
    return Figure, FigureCanvasAgg


def _png(fig: Any) -> bytes:
    _, canvas = _matplotlib()
    canvas(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110)
    return buf.getvalue()


def _ascii(text: str, fallback: str) -> str:
    """Figure-safe label: the text if it is printable ASCII, else ``fallback`` (no CJK font needed)."""
    return text if text.isascii() and text.isprintable() and text else fallback


# ------------------------------------------------------------------------------------ details files


@dataclass(frozen=True)
class Details:
    """One details file: its records (dicts as written) and the signature its lines carry (None = absent)."""

    path: str
    records: list[dict[str, Any]]
    signature: str | None

    @property
    def has_quality(self) -> bool:
        return any(r.get("quality") is not None for r in self.records)


def read_details(path: str | Path) -> Details:
    """Read a details JSONL file, checking each line's fields; errors name the file and line."""
    p = Path(path)
    if not p.is_file():
        raise ValueError(f"details file {p} does not exist (write one with: lctg score GENERATIONS --dataset DIR "
                         f"--details {p.name})")
    records: list[dict[str, Any]] = []
    signatures: dict[str | None, int] = {}
    for n, rec in read_jsonl(p):
        _check_detail(rec, f"{p}:{n}")
        signatures.setdefault(rec.get("signature"), n)
        records.append(rec)
    if not records:
        raise ValueError(f"{p}: no details lines (is it the --details output of lctg score?)")
    if len(signatures) > 1:
        shown = "; ".join(f"line {n}: {s!r}" for s, n in list(signatures.items())[:3])
        raise ValueError(f"{p}: lines carry {len(signatures)} different signatures ({shown}); "
                         "a details file must come from one scoring run")
    return Details(str(p), records, next(iter(signatures)))


def _check_detail(rec: Mapping[str, Any], where: str) -> None:
    missing = [k for k in DETAILS_KEYS if k not in rec]
    if missing:
        raise ValueError(f"{where}: missing field(s) {missing}; details lines are written by "
                         f"lctg score --details and carry {list(DETAILS_KEYS)}")
    if rec["task"] not in TASKS:
        raise ValueError(f"{where}: unknown task {rec['task']!r}; valid: {', '.join(TASKS)}")
    if rec["aspect"] not in ASPECTS:
        raise ValueError(f"{where}: unknown aspect {rec['aspect']!r}; valid: {', '.join(ASPECTS)}")
    for k in ("sample", "prompt_id"):
        if type(rec[k]) is not int:
            raise ValueError(f"{where}: {k} must be an integer, got {rec[k]!r}")
    if type(rec["passed"]) is not bool:
        raise ValueError(f"{where}: passed must be true or false, got {rec['passed']!r}")
    q = rec.get("quality")
    if q is not None and type(q) is not bool:
        raise ValueError(f"{where}: quality must be true, false or null, got {q!r}")


def _names(paths: Sequence[str], given: Sequence[str] | None) -> list[str]:
    """Display names: ``--names`` if given (one per file, distinct), else the file stems made distinct."""
    if given is not None:
        if len(given) != len(paths):
            raise ValueError(f"--names needs one name per details file: got {len(given)} names for {len(paths)} files")
        if len(set(given)) != len(given):
            raise ValueError(f"--names must be distinct, got {list(given)}")
        return list(given)
    stems = [Path(p).stem for p in paths]
    if len(set(stems)) == len(stems):
        return stems
    return [f"{s}#{i + 1}" for i, s in enumerate(stems)]


# --------------------------------------------------------------------------------------- signatures


def parse_signature(signature: str) -> dict[str, str]:
    """``"lctg|profile:upstream|…|version:0.1.0"`` -> ``{"profile": "upstream", …}`` (values may hold ':')."""
    out: dict[str, str] = {}
    for part in signature.split("|"):
        key, sep, value = part.partition(":")
        if not sep and key == "lctg":
            continue
        out[key] = value
    return out


@dataclass(frozen=True)
class SignatureDifference:
    """One setting that differs between two signatures (``None`` = the key is absent on that side)."""

    key: str
    a: str | None
    b: str | None

    @property
    def blocking(self) -> bool:
        return self.key not in NOTE_ONLY_KEYS

    def describe(self, names: tuple[str, str]) -> str:
        label = SIGNATURE_LABELS.get(self.key, "unknown setting")
        def show(v: str | None) -> str:
            return "absent" if v is None else repr(v)
        return f"{self.key} ({label}): {show(self.a)} in {names[0]}, {show(self.b)} in {names[1]}"

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "label": SIGNATURE_LABELS.get(self.key), "a": self.a, "b": self.b}


def signature_differences(a: str | None, b: str | None) -> list[SignatureDifference]:
    """Settings that differ, in signature order. A missing signature differs as key ``signature``."""
    if a is None or b is None:
        return [] if a == b else [SignatureDifference("signature", a, b)]
    pa, pb = parse_signature(a), parse_signature(b)
    keys = list(dict.fromkeys([*pa, *pb]))
    return [SignatureDifference(k, pa.get(k), pb.get(k)) for k in keys if pa.get(k) != pb.get(k)]


def check_signatures(
    a: Details, b: Details, names: tuple[str, str], *, allow_different: bool
) -> tuple[list[SignatureDifference], list[str]]:
    """The differences and notes; raise unless they are package-version-only or ``allow_different``."""
    notes: list[str] = []
    if a.signature is None and b.signature is None:
        if not allow_different:
            raise ValueError(
                f"neither {names[0]} ({a.path}) nor {names[1]} ({b.path}) carries a signature, so their scoring "
                "settings cannot be checked; re-score with this lctg, or pass --allow-different-signatures"
            )
        notes.append("neither file carries a signature: scoring settings were not checked")
        return [], notes
    diffs = signature_differences(a.signature, b.signature)
    blocking = [d for d in diffs if d.blocking]
    if blocking and not allow_different:
        lines = "\n  ".join(d.describe(names) for d in blocking)
        raise ValueError(
            f"{names[0]} ({a.path}) and {names[1]} ({b.path}) were scored with different settings, so their "
            f"scores are not comparable:\n  {lines}\nre-score both with the same options, or pass "
            "--allow-different-signatures to compare anyway (the differences are then listed in the output)"
        )
    for d in diffs:
        if d.blocking:
            notes.append(f"compared despite different settings: {d.describe(names)}")
        else:
            notes.append(f"{d.describe(names)}; every scoring setting matches, so the scores are comparable "
                         "unless a checker changed between these versions")
    return diffs, notes


# -------------------------------------------------------------------------------------- CI table


def ci_table(
    result: ScoreResult, *, n_resamples: int = 1000, seed: int = 0, level: float = 0.95
) -> dict[str, dict[str, tuple[float, float]]]:
    """Bootstrap CIs (prompts resampled) of every score of ``result`` in the shape
    ``report.format_table(result, cis=...)`` takes: ``{task: {aspect | "average": (low, high)},
    "overall": {"average": (low, high)}}``."""
    intervals = stats.bootstrap_ci([it.to_dict() for it in result.items], n_resamples=n_resamples, seed=seed,
                                   level=level)
    out: dict[str, dict[str, tuple[float, float]]] = {}
    for key, iv in intervals.items():
        task, _, aspect = key.partition("/")
        out.setdefault(task, {})[aspect] = (iv.low, iv.high)
    return out


# ------------------------------------------------------------------------------------------ compare


def _coverage_check(a: Details, b: Details, names: tuple[str, str]) -> None:
    """Refuse two files that do not hold the same (id, sample) pairs, naming how many and examples."""
    ka = {(r["id"], r["sample"]) for r in a.records}
    kb = {(r["id"], r["sample"]) for r in b.records}
    if ka == kb:
        return
    only_a, only_b = sorted(ka - kb), sorted(kb - ka)

    def show(keys: list[tuple[str, int]], name: str) -> str:
        if not keys:
            return f"0 only in {name}"
        tasks = Counter(i.split("/", 1)[0] for i, _ in keys)
        samples = Counter(s for _, s in keys)
        by = (", ".join(f"{t} {n}" for t, n in tasks.most_common()) + "; samples "
              + ", ".join(f"{s}: {n}" for s, n in sorted(samples.items())))
        ex = ", ".join(f"{i} sample {s}" for i, s in keys[:3])
        return f"{len(keys)} only in {name} ({by}; e.g. {ex})"

    raise ValueError(
        f"{names[0]} ({a.path}) and {names[1]} ({b.path}) cover different (id, sample) sets "
        f"({len(ka)} vs {len(kb)}): {show(only_a, names[0])}, {show(only_b, names[1])}; "
        "score both on the same tasks and the same number of samples (or --missing fail) to pair them"
    )


def holm(p_values: Mapping[str, float]) -> dict[str, float]:
    """Holm-adjusted p-values over one family (step-down, monotone, capped at 1)."""
    order = sorted(p_values, key=lambda k: p_values[k])
    m = len(order)
    out: dict[str, float] = {}
    running = 0.0
    for i, k in enumerate(order):
        running = max(running, min(1.0, (m - i) * p_values[k]))
        out[k] = running
    return out


def compare_details(
    a: Details,
    b: Details,
    *,
    names: tuple[str, str] = ("A", "B"),
    method: str = "permutation",
    n_resamples: int = 10000,
    seed: int = 0,
    alpha: float = 0.05,
    allow_different_signatures: bool = False,
) -> dict[str, Any]:
    """Paired comparison of two details files per task × aspect, task averages and overall.

    CTG always; Qual too when both files carry judged quality. The CI level is ``1 - alpha`` so the CI of
    the difference and the test agree. Holm-adjusted p-values are given per metric over all its settings.
    """
    diffs, notes = check_signatures(a, b, names, allow_different=allow_different_signatures)
    _coverage_check(a, b, names)
    fields = ["passed"] + (["quality"] if a.has_quality and b.has_quality else [])
    if a.has_quality != b.has_quality:
        judged = names[0] if a.has_quality else names[1]
        notes.append(f"only {judged} carries judged quality: Qual is not compared")
    metrics: dict[str, Any] = {}
    for field in fields:
        comps = stats.paired_comparison(
            a.records, b.records, method=method, n_resamples=n_resamples, seed=seed, alpha=alpha,
            level=1 - alpha, field=field, names=names,
        )
        adjusted = holm({k: c.p_value for k, c in comps.items()})
        metrics[METRIC_NAMES[field]] = {
            k: dict(c.to_dict(), p_holm=adjusted[k], significant_holm=bool(adjusted[k] < alpha and c.diff != 0))
            for k, c in comps.items()
        }
    return {
        "a": {"name": names[0], "path": a.path, "signature": a.signature},
        "b": {"name": names[1], "path": b.path, "signature": b.signature},
        "method": method,
        "n_resamples": n_resamples,
        "seed": seed,
        "alpha": alpha,
        "level": 1 - alpha,
        "units": "prompts (one prompt_id of one task, all samples and aspects together)",
        "signature_differences": [d.to_dict() for d in diffs],
        "notes": notes,
        "comparisons": metrics,
        "significant": [c["verdict"] for per in metrics.values() for c in per.values() if c["significant"]],
    }


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    def line(r: Sequence[str]) -> str:
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip()
    return [line(header), "  ".join("-" * w for w in widths), *(line(r) for r in rows)]


def _p(p: float) -> str:
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def format_comparison(cmp: Mapping[str, Any]) -> str:
    """The terminal view of :func:`compare_details`: one table per metric, the verdicts, notes."""
    na, nb = cmp["a"]["name"], cmp["b"]["name"]
    test = "paired permutation test" if cmp["method"] == "permutation" else "paired bootstrap test"
    lines = [
        f"A = {na} ({cmp['a']['path']})",
        f"B = {nb} ({cmp['b']['path']})",
        f"{test} over prompts ({cmp['n_resamples']} resamples, seed {cmp['seed']}); "
        f"{cmp['level']:.0%} paired-bootstrap CI of {na} - {nb}; * = p < {cmp['alpha']:g}",
    ]
    for metric, per in cmp["comparisons"].items():
        rows = []
        for k, c in per.items():
            rows.append([
                k, f"{c['score_a']:.3f}", f"{c['score_b']:.3f}", f"{c['diff']:+.3f}",
                f"[{c['ci_low']:+.3f}, {c['ci_high']:+.3f}]", _p(c["p_value"]), _p(c["p_holm"]),
                "*" if c["significant"] else "",
            ])
        lines += ["", *_table([metric, na, nb, "diff", "CI of diff", "p", "p (Holm)", ""], rows)]
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


def cmd_compare(args: argparse.Namespace) -> int:
    from lctg_metrics.io import write_json

    if args.n_resamples < 1:
        raise ValueError(f"--n-resamples must be a positive integer, got {args.n_resamples}")
    if not 0 < args.alpha < 1:
        raise ValueError(f"--alpha must be in (0, 1), got {args.alpha}")
    names = _names([args.details_a, args.details_b], args.names)
    a, b = read_details(args.details_a), read_details(args.details_b)
    cmp = compare_details(
        a, b, names=(names[0], names[1]), method=args.method, n_resamples=args.n_resamples, seed=args.seed,
        alpha=args.alpha, allow_different_signatures=args.allow_different_signatures,
    )
    if args.json:
        write_json(args.json, cmp)
    print(format_comparison(cmp))
    return 0


# ------------------------------------------------------------------------------------------- report


def _reason_kind(reason: str) -> str:
    """A reason without its specifics, to count failure kinds: ``"217 chars > max 200"`` -> ``"N chars > max N"``,
    ``"missing keyword 「敬遠」"`` -> ``"missing keyword"``."""
    head = re.split(r"[:「(]", reason, maxsplit=1)[0].strip()
    return re.sub(r"\d+", "N", head) or reason


def _truncate(text: str | None, n: int = GENERATION_PREVIEW) -> str:
    if text is None:
        return "(no generation)"
    return text if len(text) <= n else f"{text[:n]}…(+{len(text) - n} chars)"


def failure_summary(records: Sequence[Mapping[str, Any]], *, worst: int) -> list[dict[str, Any]]:
    """Per task × aspect: items failed in every sample, the most common failure kinds and the ``worst``
    items (most failed samples first, then upstream order), each with its reasons and a generation."""
    items: dict[tuple[str, str], dict[tuple[str, Any], list[Mapping[str, Any]]]] = defaultdict(dict)
    for r in records:
        items[(r["task"], r["aspect"])].setdefault((r["id"], r.get("variant")), []).append(r)
    out = []
    for task in TASKS:
        for aspect in ASPECTS:
            cell = items.get((task, aspect))
            if not cell:
                continue
            kinds = Counter(_reason_kind(str(r.get("reason", "")))
                            for rs in cell.values() for r in rs if not r["passed"])
            ranked = []
            for (rid, variant), rs in cell.items():
                failed = sorted((r for r in rs if not r["passed"]), key=lambda r: r["sample"])
                if failed:
                    ranked.append((-len(failed) / len(rs), rs[0]["prompt_id"], rid, variant, failed, len(rs)))
            ranked.sort(key=lambda t: (t[0], t[1], t[2], str(t[3])))
            n_all = sum(1 for t in ranked if t[0] == -1.0)
            out.append({
                "task": task,
                "aspect": aspect,
                "items": len(cell),
                "failed_every_sample": n_all,
                "failed_any_sample": len(ranked),
                "kinds": kinds.most_common(3),
                "worst": [
                    {
                        "id": rid,
                        "variant": variant,
                        "failed": len(failed),
                        "samples": n,
                        "reasons": list(dict.fromkeys(str(r.get("reason", "")) for r in failed))[:3],
                        "generation": _truncate(failed[0].get("generation")),
                        "sample": failed[0]["sample"],
                    }
                    for _, _, rid, variant, failed, n in ranked[:worst]
                ],
            })
    return out


def _source_names(code: str) -> list[str]:
    """Published source names for a ``--published-source`` code (EN, NLP2024 or all)."""
    known = _published.sources()
    if code == "all":
        return known
    if code not in SOURCE_CODES:
        raise ValueError(f"unknown published source {code!r}; valid: {', '.join([*SOURCE_CODES, 'all'])}")
    found = [s for s in known if SOURCE_CODES[code] in s]
    if not found:
        raise ValueError(f"no published source matches {code!r}; the table has: {known}")
    return found


def source_code(source: str) -> str:
    """Short code of a published source name (``EN``, ``NLP2024``), else a file-name-safe slug."""
    for code, part in SOURCE_CODES.items():
        if part in source:
            return code
    return re.sub(r"[^A-Za-z0-9]+", "_", source).strip("_")


def placement(
    value: float, low: float, high: float, published: Mapping[str, float]
) -> dict[str, Any]:
    """Where a score falls among published models: rank (1 = best; ties go to the user), the rank range
    the CI allows, the nearest published model above and below, and the published range."""
    ranked = sorted(published.items(), key=lambda kv: (-kv[1], kv[0]))
    above = [(m, v) for m, v in ranked if v > value]
    below = [(m, v) for m, v in ranked if v <= value]
    vals = [v for _, v in ranked]
    return {
        "value": value,
        "low": low,
        "high": high,
        "n_models": len(ranked) + 1,
        "rank": 1 + len(above),
        "rank_best": 1 + sum(1 for v in vals if v > high),
        "rank_worst": 1 + sum(1 for v in vals if v > low),
        "above": above[-1] if above else None,
        "below": below[0] if below else None,
        "min": min(vals),
        "median": statistics.median(vals),
        "max": max(vals),
        "published": dict(ranked),
    }


def _intervals(records: Sequence[Mapping[str, Any]], field: str, n_resamples: int,
               seed: int) -> dict[str, dict[str, float]]:
    intervals = stats.bootstrap_ci(records, n_resamples=n_resamples, seed=seed, field=field)
    return {k: iv.to_dict() for k, iv in intervals.items()}


def _check_result(result: Mapping[str, Any], details: Details, scores: Mapping[str, Mapping[str, Any]],
                  where: str) -> None:
    """The --result JSON must come from the same scoring run as the details file."""
    sig = result.get("signature")
    if details.signature is not None and sig != details.signature:
        raise ValueError(f"--result {where} has signature {sig!r} but {details.path} has {details.signature!r}: "
                         "they come from different scoring runs")
    for metric, key in (("ctg", "scores"), ("qual", "quality")):
        for task, per in (result.get(key) or {}).items():
            for aspect, value in per.items():
                mine = scores.get(metric, {}).get(f"{task}/{aspect}")
                if value is not None and (mine is None or abs(mine["estimate"] - value) > 1e-9):
                    got = "absent" if mine is None else f"{mine['estimate']:.6f}"
                    raise ValueError(f"--result {where}: {key}.{task}.{aspect} = {value:.6f} but {details.path} gives "
                                     f"{got}: the two files are from different scoring runs")


def report_data(
    details: Details,
    *,
    result: Mapping[str, Any] | None = None,
    result_path: str = "",
    model_name: str,
    published_source: str = "EN",
    n_resamples: int = 1000,
    seed: int = 0,
    worst: int = 5,
) -> dict[str, Any]:
    """Everything the report shows, as plain data: scores with CIs, coverage, placement among the
    published models, failure summaries, notes. :func:`render_html` / :func:`render_markdown` draw it."""
    records = details.records
    level = 0.95
    scores = {"ctg": _intervals(records, "passed", n_resamples, seed)}
    if details.has_quality:
        scores["qual"] = _intervals(records, "quality", n_resamples, seed)
    if result is not None:
        _check_result(result, details, scores, result_path)
    sig = details.signature or (result or {}).get("signature")
    fields = parse_signature(sig) if sig else {}
    pairs = {(r["id"], r["sample"]) for r in records}
    coverage = (result or {}).get("coverage") or {
        "scored": len({(r["id"], r["sample"]) for r in records if r.get("reason") != MISSING_REASON}),
        "expected": len(pairs),
        "prompts": len({r["id"] for r in records}),
        "samples": sorted({r["sample"] for r in records}),
        "missing": len({(r["id"], r["sample"]) for r in records if r.get("reason") == MISSING_REASON}),
    }
    notes = list((result or {}).get("notes") or [])

    rows = _published.load_published()
    placements = []
    for source in _source_names(published_source):
        for metric in (["ctg", "qual"] if "qual" in scores else ["ctg"]):
            table = _published.published_table(rows, source=source, metric=metric, include_average=True)
            cells = {}
            for key, iv in scores[metric].items():
                if key in table:
                    cells[key] = placement(iv["estimate"], iv["low"], iv["high"], table[key])
            placements.append({"source": source, "code": source_code(source), "metric": metric,
                               "tasks_published": sorted({k.split("/")[0] for k in table}, key=TASKS.index),
                               "cells": cells})
    cleaner = fields.get("cleaner", "unknown")
    published_notes = [
        f"Published numbers used the papers' protocol: {PUBLISHED_CLEANER} before scoring, and GPT-4 as the "
        f"quality judge. Your scores used cleaner {cleaner!r} (from the signature), which may remove more or less "
        "than GPT-4 did, so FORMAT and C-COUNT placements in particular are indicative, not a like-for-like ranking."
    ]
    if fields.get("affix") and fields["affix"] != PUBLISHED_AFFIX:
        published_notes.append(
            f"The papers compared {PUBLISHED_AFFIX} characters (summary/ad_text/pros_and_cons) for FORMAT; your "
            f"signature says affix:{fields['affix']} (the released script's choice; --profile paper uses 10/5/10)."
        )
    if "qual" in scores:
        published_notes.append(f"Your Qual judge: {fields.get('judge', 'unknown')!r}; the papers used GPT-4.")
    return {
        "model": model_name,
        "details_path": details.path,
        "signature": sig,
        "signature_fields": fields,
        "coverage": coverage,
        "prompt_level": (result or {}).get("prompt_level"),
        "notes": notes,
        "ci": {"n_resamples": n_resamples, "seed": seed, "level": level,
               "unit": "prompt (all its samples and aspects resampled together; tasks are strata)"},
        "scores": scores,
        "published_source": published_source,
        "published": placements,
        "published_notes": published_notes,
        "failures": failure_summary(records, worst=worst) if worst > 0 else [],
        "worst": worst,
    }


# ---- figures (matplotlib only here) -----------------------------------------------------------------

#: Colours of the CTG and Qual series (colour-blind-safe pair from the Okabe-Ito palette).
SERIES_COLORS: dict[str, str] = {"ctg": "#0072B2", "qual": "#E69F00"}


def bars_figure(data: Mapping[str, Any]) -> bytes:
    """One panel per task: the four aspects and the average, CTG (and Qual) with CI error bars."""
    Figure, _ = _matplotlib()
    scores = data["scores"]
    tasks = [t for t in TASKS if f"{t}/average" in scores["ctg"]]
    metrics = [m for m in ("ctg", "qual") if m in scores]
    fig = Figure(figsize=(4.0 * len(tasks) + 0.6, 4.0), layout="constrained")
    axes = fig.subplots(1, len(tasks), sharey=True, squeeze=False)[0]
    width = 0.8 / len(metrics)
    for ax, task in zip(axes, tasks):
        for k, metric in enumerate(metrics):
            xs, ys, lo, hi = [], [], [], []
            for j, col in enumerate(COLUMNS):
                iv = scores[metric].get(f"{task}/{col}")
                if iv is None or not math.isfinite(iv["estimate"]):
                    continue
                xs.append(j + (k - (len(metrics) - 1) / 2) * width)
                ys.append(iv["estimate"])
                lo.append(iv["estimate"] - iv["low"])
                hi.append(iv["high"] - iv["estimate"])
            ax.bar(xs, ys, width * 0.92, yerr=[lo, hi], capsize=3, color=SERIES_COLORS[metric],
                   error_kw={"elinewidth": 1, "ecolor": "#222222"},
                   label=METRIC_NAMES["passed" if metric == "ctg" else "quality"])
            for x, y, h in zip(xs, ys, hi):
                ax.text(x, y + h + 0.015, f"{y:.2f}", ha="center", va="bottom", fontsize=7)
        ax.axvline(len(ASPECTS) - 0.5, color="#999999", linestyle=":", linewidth=1)
        ax.set_xticks(range(len(COLUMNS)), [TABLE_HEADINGS[c] for c in COLUMNS], fontsize=8)
        ax.set_ylim(0, 1.12)
        ax.set_title(task, fontsize=11)
        ax.grid(axis="y", alpha=0.3)
    axes[0].set_ylabel("score")
    if len(metrics) > 1:
        handles, labels = axes[0].get_legend_handles_labels()
        fig.legend(handles, labels, loc="outside lower center", ncols=len(metrics), fontsize=8, frameon=False)
    ci = data["ci"]
    fig.suptitle(f"{_ascii(data['model'], 'your model')}: scores with {ci['level']:.0%} bootstrap CIs "
                 f"({ci['n_resamples']} resamples of prompts)", fontsize=11)
    return _png(fig)


def heatmap_figure(data: Mapping[str, Any]) -> bytes:
    """Task × (aspects + average) heat map per metric, each cell annotated with the score and its CI."""
    Figure, _ = _matplotlib()
    import numpy as np

    scores = data["scores"]
    metrics = [m for m in ("ctg", "qual") if m in scores]
    tasks = [t for t in TASKS if f"{t}/average" in scores["ctg"]]
    fig = Figure(figsize=(6.4 * len(metrics), 1.1 * len(tasks) + 1.4), layout="constrained")
    axes = fig.subplots(1, len(metrics), squeeze=False)[0]
    image = None
    for ax, metric in zip(axes, metrics):
        grid = np.full((len(tasks), len(COLUMNS)), np.nan)
        for i, task in enumerate(tasks):
            for j, col in enumerate(COLUMNS):
                iv = scores[metric].get(f"{task}/{col}")
                if iv is not None and math.isfinite(iv["estimate"]):
                    grid[i, j] = iv["estimate"]
                    text_color = "white" if iv["estimate"] < 0.55 else "black"
                    ax.text(j, i, f"{iv['estimate']:.3f}\n[{iv['low']:.2f}, {iv['high']:.2f}]", ha="center",
                            va="center", fontsize=8, color=text_color)
        image = ax.imshow(np.ma.masked_invalid(grid), cmap="viridis", vmin=0, vmax=1, aspect="auto")
        ax.set_xticks(range(len(COLUMNS)), [TABLE_HEADINGS[c] for c in COLUMNS], fontsize=8)
        ax.set_yticks(range(len(tasks)), tasks, fontsize=9)
        ax.set_title(f"{METRIC_NAMES['passed' if metric == 'ctg' else 'quality']} (score [95% CI])", fontsize=10)
    fig.colorbar(image, ax=list(axes), shrink=0.9, label="score")
    return _png(fig)


#: Marker shapes cycled over published models (with colour, so paired tab20 colours stay distinct).
PLACEMENT_MARKERS: tuple[str, ...] = ("o", "s", "^", "v")
#: Horizontal offset of the user's marker in each column of the placement figure.
USER_OFFSET = 0.3


def placement_figure(data: Mapping[str, Any], block_index: Sequence[int]) -> bytes:
    """Rows = metric, columns = task: each published model a coloured dot (same colour in every panel),
    the user's model a black diamond with its CI."""
    Figure, _ = _matplotlib()
    blocks = [data["published"][i] for i in block_index]
    models = list(dict.fromkeys(m for b in blocks for c in b["cells"].values() for m in c["published"]))
    import matplotlib
    import matplotlib.lines

    cmap = matplotlib.colormaps["tab20"] if len(models) > 10 else matplotlib.colormaps["tab10"]
    colors = {m: cmap(i % cmap.N) for i, m in enumerate(models)}
    markers = {m: PLACEMENT_MARKERS[i % len(PLACEMENT_MARKERS)] for i, m in enumerate(models)}
    # published models spread over the left of each column, the user's model to their right
    offsets = {m: -0.34 + i * (0.46 / max(1, len(models) - 1)) for i, m in enumerate(models)}
    tasks = [t for t in TASKS if f"{t}/{stats.AVERAGE}" in data["scores"]["ctg"]]
    ncols = len(tasks)  # legend columns: long model names need about 4 inches each
    fig = Figure(figsize=(max(4.1 * len(tasks) + 0.4, 4.6 * ncols), 3.3 * len(blocks) + 0.9 + 0.22 * math.ceil(
        (len(models) + 1) / ncols)), layout="constrained")
    axes = fig.subplots(len(blocks), len(tasks), sharey=True, squeeze=False)
    you = _ascii(data["model"], "your model")
    for r, block in enumerate(blocks):
        metric_name = "CTG" if block["metric"] == "ctg" else "Qual"
        for c, task in enumerate(tasks):
            ax = axes[r][c]
            ax.set_title(f"{task} - {metric_name} ({block['code']})", fontsize=10)
            ax.set_ylim(-0.04, 1.06)
            ax.set_xlim(-0.6, len(COLUMNS) - 0.4)
            ax.set_xticks(range(len(COLUMNS)), [TABLE_HEADINGS[col] for col in COLUMNS], fontsize=8)
            ax.grid(axis="y", alpha=0.3)
            ax.axvline(len(ASPECTS) - 0.5, color="#999999", linestyle=":", linewidth=1)
            if task not in block["tasks_published"]:
                ax.text(len(COLUMNS) / 2 - 0.5, 0.5, "not in this paper", ha="center", va="center", fontsize=9,
                        color="#666666")
                continue
            for j, col in enumerate(COLUMNS):
                cell = block["cells"].get(f"{task}/{col}")
                if cell is None:
                    continue
                for m, v in cell["published"].items():
                    ax.plot(j + offsets[m], v, markers[m], ms=4.5, color=colors[m], alpha=0.9)
                yerr = [[cell["value"] - cell["low"]], [cell["high"] - cell["value"]]]
                ax.errorbar(j + USER_OFFSET, cell["value"], yerr=yerr,
                            fmt="D", ms=7, color="black", mfc="white", mew=1.6, capsize=4, zorder=5)
        axes[r][0].set_ylabel("score")
    handles = [matplotlib.lines.Line2D([], [], marker=markers[m], ls="", color=colors[m], label=m) for m in models]
    handles.append(matplotlib.lines.Line2D([], [], marker="D", ls="", color="black", mfc="white", mew=1.6,
                                           label=f"{you} (95% CI)"))
    fig.legend(handles=handles, loc="outside lower center", ncols=ncols, fontsize=8, frameon=False)
    return _png(fig)


def report_figures(data: Mapping[str, Any]) -> dict[str, bytes]:
    """PNG bytes by file name: bars, heat map, one placement figure per published source."""
    figs = {"scores_bars.png": bars_figure(data), "scores_heatmap.png": heatmap_figure(data)}
    by_source: dict[str, list[int]] = defaultdict(list)
    for i, block in enumerate(data["published"]):
        by_source[block["code"]].append(i)
    for code, idx in by_source.items():
        figs[f"published_{code}.png"] = placement_figure(data, idx)
    return figs


# ---- rendering ----------------------------------------------------------------------------------------


def _cell(iv: Mapping[str, float] | None) -> str:
    if iv is None or not math.isfinite(iv["estimate"]):
        return "-"
    return f"{iv['estimate']:.3f} [{iv['low']:.3f}, {iv['high']:.3f}]"


def _score_rows(data: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    header = ["task", *(TABLE_HEADINGS[c] for c in COLUMNS)]
    rows = []
    for task in TASKS:
        for metric in ("ctg", "qual"):
            per = data["scores"].get(metric)
            if per is None or f"{task}/average" not in per:
                continue
            label = task if metric == "ctg" else f"{task} (Qual)"
            rows.append([label, *(_cell(per.get(f"{task}/{c}")) for c in COLUMNS)])
    for metric in ("ctg", "qual"):
        per = data["scores"].get(metric)
        if per is not None and f"{stats.OVERALL}/{stats.AVERAGE}" in per and all(f"{t}/average" in per for t in TASKS):
            label = "overall" if metric == "ctg" else "overall (Qual)"
            rows.append([label, *([""] * len(ASPECTS)), _cell(per[f"{stats.OVERALL}/{stats.AVERAGE}"])])
    return header, rows


def _placement_rows(block: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    header = ["setting", "you [95% CI]", "rank (CI range)", "nearest above", "nearest below",
              "published min / median / max"]
    rows = []
    for key, c in block["cells"].items():
        task, _, col = key.partition("/")
        rank = f"{c['rank']} of {c['n_models']}"
        if (c["rank_best"], c["rank_worst"]) != (c["rank"], c["rank"]):
            rank += f" ({c['rank_best']}–{c['rank_worst']})"
        above = f"{c['above'][0]} {c['above'][1]:.3f}" if c["above"] else "(none: you are first)"
        below = f"{c['below'][0]} {c['below'][1]:.3f}" if c["below"] else "(none: you are last)"
        rows.append([f"{task}/{TABLE_HEADINGS[col]}", f"{c['value']:.3f} [{c['low']:.3f}, {c['high']:.3f}]", rank,
                     above, below, f"{c['min']:.3f} / {c['median']:.3f} / {c['max']:.3f}"])
    return header, rows


def _coverage_text(data: Mapping[str, Any]) -> str:
    cov = data["coverage"]
    text = (f"{cov['scored']}/{cov['expected']} generations scored, {cov['prompts']} prompts × "
            f"{len(cov['samples'])} sample(s)")
    if cov.get("missing"):
        text += f", {cov['missing']} missing counted as failures"
    return text


def _ci_text(data: Mapping[str, Any]) -> str:
    ci = data["ci"]
    return (f"Intervals are {ci['level']:.0%} percentile bootstrap CIs with {ci['n_resamples']} resamples (seed "
            f"{ci['seed']}); the resampling unit is one prompt (all its samples and aspects together), tasks are "
            "resampled separately. Scores use the upstream aggregation: per-sample accuracy averaged over samples.")


_CSS = """
body{font-family:system-ui,-apple-system,"Hiragino Sans","Noto Sans JP",sans-serif;margin:2em auto;max-width:1200px;
padding:0 1em;color:#222;line-height:1.5}
h1{font-size:1.6em;margin-bottom:.2em}h2{margin-top:1.6em;border-bottom:1px solid #ddd;padding-bottom:.2em}
table{border-collapse:collapse;margin:.6em 0 1em;font-size:.9em}th,td{border:1px solid #ccc;padding:.25em .5em;
vertical-align:top}th{background:#f3f3f3;text-align:left}td.num{text-align:right;font-variant-numeric:tabular-nums;
white-space:nowrap}code,.sig{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.85em}
.sig{background:#f6f6f6;padding:.4em .6em;display:block;overflow-wrap:anywhere}
.gen{white-space:pre-wrap;max-width:40em;font-size:.85em}.note{color:#555;font-size:.9em}
img{max-width:100%;height:auto;border:1px solid #eee}
"""


def _html_table(header: Sequence[str], rows: Sequence[Sequence[str]], numeric: Sequence[int] | None = None) -> str:
    """A table; columns in ``numeric`` (default: all but the first) are right-aligned and not wrapped."""
    e = html.escape
    numeric = range(1, len(header)) if numeric is None else numeric
    out = ["<table><thead><tr>", *(f"<th>{e(h)}</th>" for h in header), "</tr></thead><tbody>"]
    for r in rows:
        out.append("<tr>" + "".join(
            f'<td class="num">{e(c)}</td>' if i in numeric else f"<td>{e(c)}</td>" for i, c in enumerate(r)
        ) + "</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def _img_html(png: bytes, alt: str) -> str:
    return f'<p><img src="data:image/png;base64,{base64.b64encode(png).decode("ascii")}" alt="{html.escape(alt)}"></p>'


def _worst_rows(cell: Mapping[str, Any]) -> list[list[str]]:
    return [
        [w["id"] + ("" if w["variant"] is None else f" (variant {w['variant']})"), f"{w['failed']}/{w['samples']}",
         " / ".join(w["reasons"]), f"[sample {w['sample']}] {w['generation']}"]
        for w in cell["worst"]
    ]


def _failure_heading(cell: Mapping[str, Any]) -> str:
    kinds = ", ".join(f"{k} ×{n}" for k, n in cell["kinds"]) or "none"
    return (f"{cell['failed_every_sample']} of {cell['items']} prompts failed in every sample, "
            f"{cell['failed_any_sample']} in at least one; most common failures: {kinds}")


def render_html(data: Mapping[str, Any], figures: Mapping[str, bytes]) -> str:
    """A self-contained HTML page (images embedded as base64 PNG)."""
    e = html.escape
    parts = [
        "<!DOCTYPE html>", '<html lang="ja"><head><meta charset="utf-8">',
        f"<title>LCTG Bench report: {e(data['model'])}</title><style>{_CSS}</style></head><body>",
        f"<h1>LCTG Bench report: {e(data['model'])}</h1>",
        f'<p class="note">details: <code>{e(data["details_path"])}</code> · {e(_coverage_text(data))}</p>',
        f'<code class="sig">{e(data["signature"] or "(no signature)")}</code>',
    ]
    parts += [f'<p class="note">note: {e(n)}</p>' for n in data["notes"]]
    header, rows = _score_rows(data)
    parts += ["<h2>Scores</h2>", _html_table(header, rows), f'<p class="note">{e(_ci_text(data))}</p>']
    if data.get("prompt_level"):
        parts.append('<p class="note">prompt-level (every aspect of a prompt satisfied): ' + e(", ".join(
            f"{t} {v:.3f}" for t, v in data["prompt_level"].items())) + "</p>")
    parts.append(_img_html(figures["scores_bars.png"], "bar charts of the scores per task with confidence intervals"))
    parts += ["<h2>Task × aspect</h2>", _img_html(figures["scores_heatmap.png"], "heat map of task × aspect scores")]
    parts.append("<h2>Among the published models</h2>")
    parts += [f'<p class="note">{e(n)}</p>' for n in data["published_notes"]]
    shown: set[str] = set()
    for block in data["published"]:
        if block["code"] not in shown:
            shown.add(block["code"])
            parts.append(f"<h3>{e(block['source'])}</h3>")
            parts.append(_img_html(figures[f"published_{block['code']}.png"], f"placement among {block['source']}"))
        missing = [t for t in TASKS if t not in block["tasks_published"]]
        parts.append(f"<h4>{'CTG' if block['metric'] == 'ctg' else 'Qual'}</h4>")
        if missing:
            parts.append(f'<p class="note">this paper publishes no {", ".join(missing)} scores</p>')
        header, rows = _placement_rows(block)
        parts.append(_html_table(header, rows, numeric=(1, 2, 5)))
    if data["failures"]:
        parts.append(f"<h2>Worst-failing items (up to {data['worst']} per task × aspect)</h2>")
        parts.append('<p class="note">Items ranked by the share of samples that failed (failed in every sample '
                     'first); the generation shown is the first failing sample, truncated.</p>')
        for cell in data["failures"]:
            parts.append(f"<h3>{e(cell['task'])} / {e(cell['aspect'])}</h3>")
            parts.append(f'<p class="note">{e(_failure_heading(cell))}</p>')
            rows = _worst_rows(cell)
            if rows:
                body = "".join(
                    f"<tr><td><code>{e(r[0])}</code></td><td class=\"num\">{e(r[1])}</td><td>{e(r[2])}</td>"
                    f'<td class="gen">{e(r[3])}</td></tr>' for r in rows
                )
                parts.append("<table><thead><tr><th>id</th><th>failed</th><th>reasons</th><th>generation</th>"
                             f"</tr></thead><tbody>{body}</tbody></table>")
    parts += ["<h2>How these numbers were computed</h2>", f'<p class="note">{e(_ci_text(data))} The signature '
              "above lists every setting that can change a score; compare two runs with "
              "<code>lctg compare</code>, which refuses different signatures.</p>", "</body></html>"]
    return "\n".join(parts) + "\n"


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\r", "").replace("\n", " ⏎ ")


def _md_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    out = ["| " + " | ".join(_md_cell(h) for h in header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(_md_cell(c) for c in r) + " |" for r in rows]
    return out + [""]


def render_markdown(data: Mapping[str, Any], images: Mapping[str, str]) -> str:
    """The same report as Markdown; ``images`` maps figure names to paths relative to the .md file."""
    lines = [f"# LCTG Bench report: {data['model']}", "",
             f"details: `{data['details_path']}` · {_coverage_text(data)}", "",
             f"`{data['signature'] or '(no signature)'}`", ""]
    lines += [f"note: {n}  " for n in data["notes"]] + ([""] if data["notes"] else [])
    header, rows = _score_rows(data)
    lines += ["## Scores", "", *_md_table(header, rows), _ci_text(data), ""]
    if data.get("prompt_level"):
        lines += ["prompt-level: " + ", ".join(f"{t} {v:.3f}" for t, v in data["prompt_level"].items()), ""]
    lines += [f"![scores per task]({images['scores_bars.png']})", "", "## Task × aspect", "",
              f"![task x aspect heat map]({images['scores_heatmap.png']})", "", "## Among the published models", ""]
    lines += ["\n>\n".join(f"> {n}" for n in data["published_notes"]), ""]
    shown: set[str] = set()
    for block in data["published"]:
        if block["code"] not in shown:
            shown.add(block["code"])
            image = images["published_" + block["code"] + ".png"]
            lines += [f"### {block['source']}", "", f"![placement]({image})", ""]
        lines += [f"#### {'CTG' if block['metric'] == 'ctg' else 'Qual'}", ""]
        missing = [t for t in TASKS if t not in block["tasks_published"]]
        if missing:
            lines += [f"this paper publishes no {', '.join(missing)} scores", ""]
        lines += _md_table(*_placement_rows(block))
    if data["failures"]:
        lines += [f"## Worst-failing items (up to {data['worst']} per task × aspect)", ""]
        for cell in data["failures"]:
            lines += [f"### {cell['task']} / {cell['aspect']}", "", _failure_heading(cell), ""]
            rows = _worst_rows(cell)
            if rows:
                lines += _md_table(["id", "failed", "reasons", "generation"], rows)
    lines += ["## How these numbers were computed", "", _ci_text(data), ""]
    return "\n".join(lines)


def cmd_report(args: argparse.Namespace) -> int:
    from lctg_metrics.io import atomic_write

    _matplotlib()  # fail fast with the install hint, before any work
    fmt = args.format or ("md" if str(args.out).lower().endswith(".md") else "html")
    if args.ci_resamples < 1:
        raise ValueError(f"--ci-resamples must be a positive integer, got {args.ci_resamples}")
    if args.worst < 0:
        raise ValueError(f"--worst must be >= 0, got {args.worst}")
    details = read_details(args.details)
    result = None
    if args.result:
        rp = Path(args.result)
        if not rp.is_file():
            raise ValueError(f"--result {rp} does not exist (the --json output of lctg score)")
        try:
            result = json.loads(rp.read_text(encoding="utf-8"))
        except json.JSONDecodeError as e:
            raise ValueError(f"--result {rp}: invalid JSON ({e.msg} at line {e.lineno})") from None
        if not isinstance(result, dict) or "scores" not in result:
            raise ValueError(f"--result {rp}: not an lctg score result (no 'scores'); "
                             "give the --json output of lctg score")
    data = report_data(
        details, result=result, result_path=str(args.result or ""),
        model_name=args.model_name or Path(args.details).stem,
        published_source=args.published_source, n_resamples=args.ci_resamples, seed=args.seed, worst=args.worst,
    )
    figures = report_figures(data)
    out = Path(args.out)
    if fmt == "html":
        text = render_html(data, figures)
        atomic_write(out, lambda f: f.write(text))
        print(f"wrote {out} ({len(figures)} embedded images)")
        return 0
    if out.suffix.lower() == ".md":
        md_path, img_dir = out, out.with_name(out.stem + "_files")
    else:
        md_path, img_dir = out / "report.md", out
    rel = {name: (img_dir / name).relative_to(md_path.parent).as_posix() for name in figures}
    for name, png in figures.items():
        atomic_write(img_dir / name, lambda f, png=png: f.write(png), mode="wb")
    text = render_markdown(data, rel)
    atomic_write(md_path, lambda f: f.write(text))
    print(f"wrote {md_path} and {len(figures)} images in {img_dir}")
    return 0


# --------------------------------------------------------------------------------- substitutability

#: Minimum number of models for a ranking analysis: with 2 models every rank correlation is ±1.
MIN_MODELS = 3


def _setting_label(setting: str) -> str:
    """``summary/prohibited_word:ctg`` -> ``summary P-WORD ctg`` (ASCII, short)."""
    task_aspect, _, metric = setting.partition(":")
    task, _, aspect = task_aspect.partition("/")
    return f"{TASK_LABELS.get(task, task)} {TABLE_HEADINGS.get(aspect, aspect)} {metric}".strip()


def matrix_figure(matrix: Sequence[Sequence[float | None]], settings: Sequence[str], *, title: str,
                  vmin: float, vmax: float, cmap: str, cbar_label: str) -> bytes:
    """A labelled heat map of a settings × settings matrix; undefined cells grey with 'n/a'."""
    Figure, _ = _matplotlib()
    import matplotlib
    import numpy as np

    n = len(settings)
    grid = np.array([[np.nan if v is None else v for v in row] for row in matrix], dtype=float)
    size = max(5.0, (0.42 if n <= 12 else 0.5) * n + 2.6)
    fig = Figure(figsize=(size + 1.2, size), layout="constrained")
    ax = fig.subplots()
    colormap = matplotlib.colormaps[cmap].with_extremes(bad="#dddddd")
    image = ax.imshow(np.ma.masked_invalid(grid), cmap=colormap, vmin=vmin, vmax=vmax)
    labels = [_setting_label(s) for s in settings]
    ax.set_xticks(range(n), labels, rotation=60, ha="right", rotation_mode="anchor", fontsize=8)
    ax.set_yticks(range(n), labels, fontsize=8)
    fontsize = 7 if n <= 12 else 6.5
    metrics = [st.partition(":")[2] for st in settings]
    for k in range(1, n):  # separate the ctg block from the qual block
        if metrics[k] != metrics[k - 1]:
            ax.axhline(k - 0.5, color="black", linewidth=1.2)
            ax.axvline(k - 0.5, color="black", linewidth=1.2)
    for i in range(n):
        for j in range(n):
            v = grid[i, j]
            if np.isnan(v):
                ax.text(j, i, "n/a", ha="center", va="center", fontsize=fontsize, color="#777777")
            else:
                rgba = colormap((v - vmin) / (vmax - vmin) if vmax > vmin else 0.5)
                dark = 0.299 * rgba[0] + 0.587 * rgba[1] + 0.114 * rgba[2] < 0.5
                ax.text(j, i, f"{v:.2f}", ha="center", va="center", fontsize=fontsize,
                        color="white" if dark else "black")
    ax.set_title(title, fontsize=10)
    fig.colorbar(image, ax=ax, shrink=0.8, label=cbar_label)
    return _png(fig)


def _similarity_range(matrices: Sequence[Sequence[Sequence[float | None]]]) -> tuple[float, float]:
    """Colour range of the 1 - JSD heat maps: from the smallest value (rounded down to 0.1) to 1, so the
    usually small differences stay visible; the colour bar shows the range."""
    values = [v for m in matrices for row in m for v in row if v is not None]
    low = math.floor(min(values, default=0.0) * 10) / 10
    return (min(low, 0.9), 1.0)


def format_substitutability(analysis: Mapping[str, Any], *, title: str) -> str:
    """Which settings substitute for each other (Spearman ρ >= threshold), and what is undefined."""
    lines = [title, f"{len(analysis['models'])} models: {', '.join(analysis['models'])}",
             f"{len(analysis['settings'])} settings; substitutes = Spearman rho of the model rankings >= "
             f"{analysis['threshold']:g}"]
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
        shown = ", ".join(f"{k} {'n/a' if v is None else f'{v:.2f}'}" for k, v in versus.items())
        lines.append(f"statistical similarity (1 - JSD) vs substitutability, Spearman over setting pairs: {shown}")
    for note in analysis["notes"]:
        if not any(note.startswith(f"{s}: ") for s in analysis["undefined"]):
            lines.append(f"note: {note}")
    return "\n".join(lines)


def _all_undefined(analysis: Mapping[str, Any], what: str) -> None:
    if len(analysis["undefined"]) >= len(analysis["settings"]) - 1:
        why = "; ".join(f"{s}: {w}" for s, w in analysis["undefined"].items())
        raise ValueError(f"{what}: fewer than 2 settings rank the models (the others give every model the same "
                         f"score), so no rank correlation is defined: {why}")


def _check_threshold(threshold: float) -> None:
    if not -1 <= threshold <= 1:
        raise ValueError(f"--threshold is a Spearman correlation and must be in [-1, 1], got {threshold}")


def cmd_substitutability(args: argparse.Namespace) -> int:
    from lctg_metrics.io import atomic_write, write_json
    from lctg_metrics.substitutability import published_substitutability, substitutability

    _check_threshold(args.threshold)
    if args.published and args.details:
        raise ValueError("give DETAILS files or --published, not both (the papers' tables have no per-item details)")
    if not args.published and not args.details:
        raise ValueError(f"give at least {MIN_MODELS} DETAILS files (one per model), "
                         "or --published for the papers' tables")
    if args.published and args.names:
        raise ValueError("--names labels DETAILS files; the published tables name their own models")
    out_dir = Path(args.out_dir) if args.out_dir else None
    if out_dir is not None:
        _matplotlib()  # fail fast with the install hint
    figures: dict[str, bytes] = {}
    if args.published:
        analyses = published_substitutability(threshold=args.threshold)
        texts = []
        for source, analysis in analyses.items():
            code = source_code(source)
            texts.append(format_substitutability(analysis, title=f"published: {source}"))
            if out_dir is not None:
                figures[f"published_{code}_spearman.png"] = matrix_figure(
                    analysis["spearman"], analysis["settings"], vmin=-1, vmax=1, cmap="RdBu_r",
                    title=f"Spearman rho of model rankings, {code} paper ({len(analysis['models'])} models)",
                    cbar_label="Spearman rho")
        payload: Any = {"threshold": args.threshold, "sources": analyses}
        json_name = "published_substitutability.json"
        text = "\n\n".join(texts)
    else:
        if len(args.details) < MIN_MODELS:
            raise ValueError(f"substitutability needs the details of at least {MIN_MODELS} models, got "
                             f"{len(args.details)}: with 2 models every rank correlation is +1 or -1")
        names = _names(args.details, args.names)
        files = [read_details(p) for p in args.details]
        notes = _common_signature(files, names, allow_different=args.allow_different_signatures)
        analysis = substitutability({n: d.records for n, d in zip(names, files)}, threshold=args.threshold)
        _all_undefined(analysis, "substitutability")
        analysis["notes"] = notes + analysis["notes"]
        analysis["files"] = dict(zip(names, args.details))
        text = format_substitutability(analysis, title="substitutability of the LCTG settings")
        payload, json_name = analysis, "substitutability.json"
        if out_dir is not None:
            settings = analysis["settings"]
            figures["spearman.png"] = matrix_figure(
                analysis["spearman"], settings, vmin=-1, vmax=1, cmap="RdBu_r", cbar_label="Spearman rho",
                title=f"Spearman rho of model rankings ({len(names)} models)")
            sim = analysis["statistics"]["similarity"]
            lo, hi = _similarity_range([sim["mean"], sim["std"]])
            for kind, what in (("mean", "per-prompt mean"), ("std", "per-prompt std over samples")):
                figures[f"similarity_{kind}.png"] = matrix_figure(
                    sim[kind], settings, vmin=lo, vmax=hi, cmap="viridis", cbar_label="1 - JSD",
                    title=f"statistical similarity: 1 - JSD of {what} histograms")
    print(text)
    if out_dir is not None:
        write_json(out_dir / json_name, payload)
        for name, png in figures.items():
            atomic_write(out_dir / name, lambda f, png=png: f.write(png), mode="wb")
        print(f"wrote {out_dir / json_name} and {len(figures)} heat map(s) in {out_dir}")
    return 0


def _common_signature(files: Sequence[Details], names: Sequence[str], *, allow_different: bool) -> list[str]:
    """Every model must be scored with the same settings (else rankings mix protocols); notes otherwise."""
    notes: list[str] = []
    for d, name in zip(files[1:], names[1:]):
        _, n = check_signatures(files[0], d, (names[0], name), allow_different=allow_different)
        notes += n
    return list(dict.fromkeys(notes))


# ------------------------------------------------------------------------------------------- parser


def register(subparsers: Any) -> None:
    """Add ``compare``, ``report`` and ``substitutability`` to the ``lctg`` parser; each sets ``handler``."""
    c = subparsers.add_parser(
        "compare", help="paired significance test of two models' score details",
        description="Compare two details files (lctg score --details) per task × aspect: difference, CI, p-value "
                    "and a plain-language verdict. Refuses different scoring settings or different items.")
    c.add_argument("details_a", metavar="DETAILS_A", help="details JSONL of model A")
    c.add_argument("details_b", metavar="DETAILS_B", help="details JSONL of model B")
    c.add_argument("--names", nargs=2, metavar=("A", "B"), help="display names (default: the file names)")
    c.add_argument("--method", choices=list(stats.METHODS), default="permutation",
                   help="permutation (sign flip per prompt, default) or bootstrap")
    c.add_argument("--n-resamples", type=int, default=10000, help="resamples for the test and the CI (default 10000)")
    c.add_argument("--seed", type=int, default=0)
    c.add_argument("--alpha", type=float, default=0.05, help="significance level; the CI level is 1 - alpha")
    c.add_argument("--allow-different-signatures", action="store_true",
                   help="compare even if the scoring settings differ (the differences are listed)")
    c.add_argument("--json", metavar="OUT", help="write every comparison as JSON")
    c.set_defaults(handler=cmd_compare)

    r = subparsers.add_parser(
        "report", help="HTML or Markdown report with charts, CIs, published models and worst items",
        description="A readable report of one model's score details. Needs the plot extra: " + PLOT_HINT)
    r.add_argument("details", metavar="DETAILS", help="details JSONL (lctg score --details)")
    r.add_argument("--result", metavar="RESULT_JSON", help="the --json output of the same lctg score run (coverage, "
                   "notes; its scores are checked against the details)")
    r.add_argument("--out", required=True, help="report.html; for Markdown report.md (images in report_files/) or a "
                   "folder (report.md and images inside)")
    r.add_argument("--model-name", help="name shown in the report (default: the details file name)")
    r.add_argument("--format", choices=["html", "md"], help="default: md if --out ends in .md, else html")
    r.add_argument("--published-source", choices=[*SOURCE_CODES, "all"], default="EN",
                   help="which paper's table to place the model in (default EN: all three tasks)")
    r.add_argument("--ci-resamples", type=int, default=1000, help="bootstrap resamples for the CIs (default 1000)")
    r.add_argument("--seed", type=int, default=0)
    r.add_argument("--worst", type=int, default=5, metavar="K",
                   help="worst items shown per task × aspect (default 5; 0 = none)")
    r.set_defaults(handler=cmd_report)

    s = subparsers.add_parser(
        "substitutability", help="which settings rank models alike (Spearman) and look alike (1 - JSD)",
        description="Substitutability of task × aspect settings over several models' details, or over the papers' "
                    "published tables with --published. Heat maps need the plot extra: " + PLOT_HINT)
    s.add_argument("details", metavar="DETAILS", nargs="*", help=f"details JSONL of {MIN_MODELS} or more models")
    s.add_argument("--published", action="store_true", help="analyse the papers' published tables instead")
    s.add_argument("--names", nargs="+", help="one display name per DETAILS file")
    s.add_argument("--out-dir", help="write the JSON matrices and heat-map PNGs here")
    s.add_argument("--threshold", type=float, default=SUBSTITUTE_THRESHOLD,
                   help=f"Spearman rho at which settings substitute (default {SUBSTITUTE_THRESHOLD:g})")
    s.add_argument("--allow-different-signatures", action="store_true",
                   help="analyse models scored with different settings (the differences are listed)")
    s.set_defaults(handler=cmd_substitutability)


__all__ = [
    "PLOT_HINT",
    "Details",
    "PlotDependencyError",
    "SignatureDifference",
    "check_signatures",
    "ci_table",
    "compare_details",
    "failure_summary",
    "format_comparison",
    "holm",
    "parse_signature",
    "placement",
    "read_details",
    "register",
    "render_html",
    "render_markdown",
    "report_data",
    "report_figures",
    "signature_differences",
]
