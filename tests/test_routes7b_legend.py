"""The substitutability summary line says what its numbers are: each a signed Spearman ρ named by the histogram it
compares (never a bare "std" printed negative), with the legend under it, in ``--help`` and in the docs."""

from __future__ import annotations

import re

from lctg_metrics.analysis.substitutability import substitutability
from lctg_metrics.cli import build_parser
from lctg_metrics.render.terminal import format_substitutability
from tests.conftest import PROJECT_ROOT
from tests.test_substitutability import SPEC, records


def _printed(versus: dict) -> list[str]:
    analysis = substitutability({m: records(spec) for m, spec in SPEC.items()})
    analysis["statistics"]["similarity_vs_substitutability"] = versus
    return format_substitutability(analysis, title="t").splitlines()


def test_each_number_is_a_named_signed_rho_with_the_legend_under_it():
    lines = _printed({"mean": -0.11, "std": -0.13, "joint": None})
    at = next(i for i, x in enumerate(lines) if x.startswith("statistical similarity"))
    assert lines[at].endswith("ρ(mean) -0.11, ρ(std) -0.13, ρ(joint) n/a")
    assert not re.search(r"\bstd -", lines[at])  # no standard deviation printed negative
    legend = lines[at + 1]
    for words in ("signed rank correlation in [-1, 1]", "not a mean or a standard deviation", "(mean)", "(std)"):
        assert words in legend
    assert _printed({"mean": 0.5, "std": 0.0, "joint": 1.0})[at].endswith("ρ(mean) +0.50, ρ(std) +0.00, ρ(joint) +1.00")


def test_help_and_docs_explain_the_three_numbers():
    parser = build_parser()
    sub = next(a for a in parser._actions if getattr(a, "choices", None) and "substitutability" in a.choices)
    text = " ".join(sub.choices["substitutability"].format_help().split())
    assert "ρ(mean), ρ(std) and ρ(joint)" in text and "not a mean or a standard deviation" in text
    docs = (PROJECT_ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert "ρ(std)" in docs and "ρ(joint)" in docs
