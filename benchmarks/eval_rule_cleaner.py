"""How well the rule cleaner agrees with hand-labeled cleanings, overall and per task.

    .venv/bin/python benchmarks/eval_rule_cleaner.py [--set PATH] [--json OUT] [--profile upstream|paper]

Prints, for the labeled set (default ``benchmarks/cleaner_labeled.jsonl``):
- FORMAT agreement: the FORMAT verdict of (generation, rule-cleaned) equals that of (generation, expected);
- precision / recall / F1 of "has added text" (predicted: rule-cleaned != generation);
- exact match of the cleaned text;
- the ids where any of these disagree, with what was expected and what came out.

The sets and how far to trust each number (development vs held-out): ``benchmarks/cleaner_eval.md``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lctg_dataset.jsonl import read_jsonl
from lctg_metrics.aspects import Constraint, Texts, check_format
from lctg_metrics.cleaners.rule import RULE_CLEANER_NAME, RULE_CLEANER_VERSION, clean
from lctg_metrics.profiles import ScoringOptions, resolve_options

DEFAULT_SET = Path(__file__).with_name("cleaner_labeled.jsonl")
FIELDS = ("id", "task", "generation", "cleaned", "has_added_text", "note")


@dataclass(frozen=True)
class Item:
    """One labeled generation: what a careful human keeps after removing the added text."""

    id: str
    task: str
    generation: str
    cleaned: str
    has_added_text: bool
    note: str


@dataclass(frozen=True)
class Outcome:
    """The rule cleaner's result on one item, compared with the label."""

    item: Item
    predicted: str
    format_expected: bool
    format_predicted: bool

    @property
    def predicted_added(self) -> bool:
        return self.predicted != self.item.generation

    @property
    def exact(self) -> bool:
        return self.predicted == self.item.cleaned

    @property
    def format_agrees(self) -> bool:
        return self.format_expected == self.format_predicted


def load_items(path: Path) -> list[Item]:
    """Read the labeled JSONL; errors name the file, line and field that is wrong."""
    items: list[Item] = []
    seen: set[str] = set()
    for lineno, row in read_jsonl(path):
        missing = [f for f in FIELDS if f not in row]
        if missing:
            raise ValueError(f"{path}:{lineno}: missing field(s) {missing}; expected {list(FIELDS)}")
        item = Item(**{f: row[f] for f in FIELDS})
        if item.id in seen:
            raise ValueError(f"{path}:{lineno}: duplicate id {item.id!r}")
        if item.has_added_text != (item.cleaned != item.generation):
            raise ValueError(
                f"{path}:{lineno}: id {item.id!r}: has_added_text={item.has_added_text} but cleaned "
                f"{'differs from' if item.cleaned != item.generation else 'equals'} generation"
            )
        seen.add(item.id)
        items.append(item)
    return items


def evaluate_item(item: Item, options: ScoringOptions) -> Outcome:
    predicted = clean(item.generation, item.task)
    constraint = Constraint(item.task)
    expected_verdict = check_format(Texts(item.generation, item.cleaned), constraint, options)
    predicted_verdict = check_format(Texts(item.generation, predicted), constraint, options)
    return Outcome(item, predicted, expected_verdict.passed, predicted_verdict.passed)


def _ratio(num: int, den: int) -> float:
    """num/den, or 0.0 when nothing was counted (as sklearn's zero_division=0)."""
    return num / den if den else 0.0


def summarize(outcomes: Iterable[Outcome]) -> dict[str, Any]:
    """Flat numbers for one group of outcomes."""
    outs = list(outcomes)
    tp = sum(o.item.has_added_text and o.predicted_added for o in outs)
    fp = sum(not o.item.has_added_text and o.predicted_added for o in outs)
    fn = sum(o.item.has_added_text and not o.predicted_added for o in outs)
    precision, recall = _ratio(tp, tp + fp), _ratio(tp, tp + fn)
    f1 = _ratio(2 * tp, 2 * tp + fp + fn)
    return {
        "n": len(outs),
        "with_added_text": sum(o.item.has_added_text for o in outs),
        "format_agreement": _ratio(sum(o.format_agrees for o in outs), len(outs)),
        "precision": precision,
        "recall": recall,
        "f1": f1,
        "exact_match": _ratio(sum(o.exact for o in outs), len(outs)),
        "mismatch_ids": [o.item.id for o in outs if not (o.exact and o.format_agrees)],
    }


def evaluate(items: list[Item], options: ScoringOptions) -> dict[str, Any]:
    """Overall and per-task summaries plus per-item details of every mismatch."""
    outcomes = [evaluate_item(item, options) for item in items]
    tasks = sorted({o.item.task for o in outcomes}, key=lambda t: ("summary", "ad_text", "pros_and_cons").index(t))
    return {
        "cleaner": f"{RULE_CLEANER_NAME}@{RULE_CLEANER_VERSION}",
        "profile": options.profile,
        "overall": summarize(outcomes),
        "per_task": {t: summarize(o for o in outcomes if o.item.task == t) for t in tasks},
        "mismatches": [
            {
                "id": o.item.id,
                "note": o.item.note,
                "format_expected": o.format_expected,
                "format_predicted": o.format_predicted,
                "expected": o.item.cleaned,
                "predicted": o.predicted,
            }
            for o in outcomes
            if not (o.exact and o.format_agrees)
        ],
    }


def _row(name: str, s: dict[str, Any]) -> str:
    return (
        f"{name:<14} {s['n']:>4} {s['with_added_text']:>6} {s['format_agreement']:>8.3f} "
        f"{s['precision']:>6.3f} {s['recall']:>6.3f} {s['f1']:>6.3f} {s['exact_match']:>6.3f}"
    )


def render(report: dict[str, Any]) -> str:
    lines = [
        f"rule cleaner {report['cleaner']} vs hand labels (FORMAT under profile {report['profile']!r})",
        f"{'':<14} {'n':>4} {'added':>6} {'FORMAT':>8} {'prec':>6} {'rec':>6} {'F1':>6} {'exact':>6}",
        _row("overall", report["overall"]),
    ]
    lines += [_row(task, s) for task, s in report["per_task"].items()]
    lines.append("")
    if not report["mismatches"]:
        lines.append("mismatches: none")
    for m in report["mismatches"]:
        flag = "FORMAT differs" if m["format_expected"] != m["format_predicted"] else "FORMAT agrees"
        lines.append(f"- {m['id']} ({flag}; {m['note']})")
        lines.append(f"    expected : {m['expected']!r}")
        lines.append(f"    predicted: {m['predicted']!r}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", type=Path, default=DEFAULT_SET, help="labeled JSONL (default: %(default)s)")
    parser.add_argument("--json", type=Path, default=None, help="also write the full report as JSON here")
    parser.add_argument("--profile", default="upstream", help="scoring profile for the FORMAT check")
    args = parser.parse_args(argv)
    report = evaluate(load_items(args.set), resolve_options(args.profile))
    print(render(report))
    if args.json is not None:
        args.json.write_text(json.dumps(report, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
