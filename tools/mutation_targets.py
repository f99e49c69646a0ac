"""The targets of tools/mutation.py: the scoring modules each mutates and the tests that guard them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Target:
    modules: tuple[str, ...]
    tests: tuple[str, ...]
    engine: str = "cosmic-ray"
    markers: str = "not slow"  # the pytest -m expression; "" runs the slow tier too


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
        (
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
            "tests/test_instructions_labeled.py",
            "tests/test_instructions_registry.py",
            "tests/test_instructions_properties.py",
            "tests/test_instructions_honest.py",
        ),
    ),
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
