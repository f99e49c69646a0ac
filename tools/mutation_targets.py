"""The targets of tools/mutation.py: the scoring modules each mutates and the tests that guard them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Target:
    modules: tuple[str, ...]
    tests: tuple[str, ...]
    engine: str = "cosmic-ray"
    markers: str = "not slow"  # the pytest -m expression; "" runs the slow tier too


_INSTRUCTIONS = "lctg_metrics/instructions"
#: The instruction modules outside the rule modules: the checker modules (target instruction-checkers), the pipeline
#: around the checks (importing every checker, scoring rows and aggregating verdicts, reading files, the toy model,
#: M-IFEval-ja's ids) and the conflict table a dataset is built with (it decides no verdict), each guarded by its own
#: tests; and two tables generated from Unicode's data files by a script (tools/gen_*.py), never edited by hand.
RULES_LEFT_OUT = frozenset(
    {
        "__init__.py",
        "checkers.py",
        "score.py",
        "aggregate.py",
        "files.py",
        "toy.py",
        "mifeval.py",
        "conflicts.py",
        "confusables_table.py",
        "kanji_variants_table.py",
    }
)


def _rule_modules() -> tuple[str, ...]:
    """Every module of ``lctg_metrics/instructions`` the checkers call (the reader's view, word forms, sentences, CSS,
    the word lists, the registry's declarations and strict/loose checking), by name."""
    root = Path(__file__).resolve().parent.parent / _INSTRUCTIONS
    return tuple(
        f"{_INSTRUCTIONS}/{p.name}"
        for p in sorted(root.glob("*.py"))
        if not p.name.startswith("checks_") and p.name not in RULES_LEFT_OUT
    )


#: The tests of the instruction checkers, the rule modules' too.
_INSTRUCTION_TESTS = (
    "tests/test_mutants_instructions.py",
    # one file per checker module for the survivors of the seed-16 and seed-17 runs and the runs again
    "tests/test_mutants_checks_length.py",
    "tests/test_mutants_checks_rules.py",
    "tests/test_mutants_checks_script.py",
    "tests/test_mutants_checks_format.py",
    "tests/test_mutants_checks_answer.py",
    "tests/test_mutants_checks_task.py",
    "tests/test_mutants_again.py",  # the survivors of the earlier samples run again
    "tests/test_mutants_new.py",  # the survivors of the lines changed since e5c23c2 (--changed-since)
    "tests/test_mutants_rules.py",  # the survivors of instruction-rules and of the lines changed since a851a2b
    "tests/test_mutants_rules2.py",  # the survivors of the rule lines changed since e40ecca (rounds 33 to 35)
    "tests/test_instructions_labeled.py",
    "tests/test_instructions_registry.py",
    "tests/test_instructions_properties.py",
    "tests/test_instructions_honest.py",
)

TARGETS = {
    "aspects": Target(
        (
            "lctg_metrics/aspects/format.py",
            "lctg_metrics/aspects/char_count.py",
            "lctg_metrics/aspects/keyword.py",
            "lctg_metrics/aspects/prohibited_word.py",
            "lctg_metrics/aspects/text.py",
        ),
        (
            "tests/test_mutants_aspects.py",
            "tests/test_score_values.py",
            "tests/test_aspects.py",
            "tests/test_aspect_registry.py",
            "tests/test_batch.py",
            "tests/test_scoring.py",
            "tests/test_parity.py",
        ),
    ),
    # the aspect modules besides format.py, each mutant against the fast test files that read them (a few seconds):
    # the text helpers (think stripping, counting, normalization) and the checks with their registry
    "aspect-text": Target(
        ("lctg_metrics/aspects/text.py",),
        ("tests/test_mutants_aspects.py", "tests/test_think.py", "tests/test_aspects.py"),
    ),
    "aspect-checkers": Target(
        (
            "lctg_metrics/aspects/__init__.py",
            "lctg_metrics/aspects/base.py",
            "lctg_metrics/aspects/char_count.py",
            "lctg_metrics/aspects/keyword.py",
            "lctg_metrics/aspects/prohibited_word.py",
        ),
        (
            "tests/test_mutants_aspects.py",
            "tests/test_score_values.py",
            "tests/test_scoring.py",
            "tests/test_aspects.py",
        ),
    ),
    "aggregation": Target(
        (
            "lctg_metrics/scoring/aggregate.py",
            "lctg_metrics/scoring/counts.py",
            "lctg_metrics/scoring/task_counts.py",
            "lctg_metrics/scoring/tally.py",
        ),
        (
            "tests/test_mutants_aggregation.py",
            "tests/test_score_values.py",
            "tests/test_scoring.py",
            "tests/test_stats_counts.py",
            "tests/test_parity.py",
            "tests/test_partial.py",
            "tests/test_stats.py",
        ),
    ),
    "cleaner-patterns": Target(
        (
            "lctg_metrics/cleaners/rule/head_patterns.py",
            "lctg_metrics/cleaners/rule/tail_patterns.py",
            "lctg_metrics/cleaners/rule/notes.py",
        ),
        (
            "tests/test_mutants_cleaner.py",
            "tests/test_score_values.py",
            "tests/test_rule_cleaner.py",
            "tests/test_cleaner_rule_notes.py",
            "tests/test_rule_text.py",
            # the frozen rule@1.2 on every labeled set and a corpus of toy generations (slow)
            "tests/test_rule_cleaner_reference.py",
        ),
        engine="alternatives",
        markers="",
    ),
    "instruction-checkers": Target(
        (
            "lctg_metrics/instructions/checks_length.py",
            "lctg_metrics/instructions/checks_rules.py",
            "lctg_metrics/instructions/checks_script.py",
            "lctg_metrics/instructions/checks_format.py",
            "lctg_metrics/instructions/checks_answer.py",
            "lctg_metrics/instructions/checks_task.py",
        ),
        _INSTRUCTION_TESTS,
    ),
    # the modules the checkers call, with the checkers' tests (too many mutants to run whole: a seeded sample)
    "instruction-rules": Target(_rule_modules(), _INSTRUCTION_TESTS),
    "ifsm-guard": Target(
        ("lctg_metrics/ifsm/guards.py",),
        (
            "tests/test_mutants_ifsm.py",
            "tests/test_ifsm_labeled.py",
            "tests/test_ifsm_score.py",
            "tests/test_ifsm_properties.py",
        ),
    ),
}
