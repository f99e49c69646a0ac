"""tools/mutation.py's own logic: the limits every test run is held to (a memory cap set in the child, a timeout
from the unmutated run), how a run stopped at a limit is named, and the disjoint seeded samples; the slow tests run
the alternatives engine on a planted module whose mutants hog memory, loop, fail a test or survive."""

from __future__ import annotations

import importlib
import random
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parent.parent / "tools"


@pytest.fixture(scope="module")
def tool():
    """tools/mutation_run.py, mutation_cosmic.py and mutation.py (scripts that import each other by name)."""
    sys.path.insert(0, str(TOOLS))
    try:
        yield {
            n: importlib.import_module(n) for n in ("mutation_targets", "mutation_run", "mutation_cosmic", "mutation")
        }
    finally:
        sys.path.remove(str(TOOLS))


@pytest.mark.parametrize(
    ("output", "expected"),
    [
        ("timeout", "timeout"),  # what cosmic-ray records for a run it stopped
        ("FAILED test_planted.py::test_words - MemoryError\n1 failed in 0.31s", "memory"),
        ("E   MemoryError: Unable to allocate 8.00 GiB for an array\n", "memory"),
        ("terminate called after throwing an instance of 'std::bad_alloc'\n", "memory"),
        ("FAILED tests/test_x.py::test_y - AssertionError: assert 3 == 4\n1 failed", None),
        ("E   assert 'timeout' == 'memory'\n1 failed", None),  # the word inside a failure is no timeout
        ("", None),
    ],
)
def test_a_killed_run_is_named_by_the_limit_it_hit(tool, output, expected):
    assert tool["mutation_run"].limit_hit(output) == expected


def test_the_timeout_is_ten_times_the_unmutated_run_plus_thirty_seconds(tool):
    run = tool["mutation_run"]
    assert (run.TIMEOUT_FACTOR, run.TIMEOUT_EXTRA) == (10.0, 30.0)
    assert run.timeout_for(2.5) == 55.0
    assert run.timeout_for(0.0) == 30.0
    assert run.MEMORY_CAP == 4 * 1024**3


def test_the_cap_is_set_in_the_child_before_the_command(tool):
    command = tool["mutation_run"].capped(["pytest", "-q"], 1234)
    assert command[0] == sys.executable and command[3:] == ["1234", "pytest", "-q"]
    assert "RLIMIT_AS" in command[2] and "execvp" in command[2]


def test_a_sample_without_earlier_ones_is_the_sample_drawn_before(tool):
    """The recorded seed-0 samples stay what they were: the same draw over the sorted mutants."""
    assert tool["mutation_cosmic"].sample_indices(426, 100, 0) == set(random.Random(0).sample(range(426), 100))
    assert tool["mutation_cosmic"].sample_indices(5, None, 0) == {0, 1, 2, 3, 4}
    assert tool["mutation_cosmic"].sample_indices(5, 9, 3) == {0, 1, 2, 3, 4}


def test_a_second_sample_leaves_out_the_first(tool):
    sample_indices = tool["mutation_cosmic"].sample_indices
    first = sample_indices(426, 100, 0)
    second = sample_indices(426, 100, 1, [(100, 0)])
    assert len(second) == 100 and not first & second
    assert sample_indices(426, 100, 1, [(100, 0)]) == second  # a seed names one sample
    rest = sample_indices(426, None, 0, [(100, 0), (100, 1)])
    assert len(rest) == 226 and not rest & (first | second) and rest | first | second == set(range(426))


def test_earlier_samples_run_again_are_exactly_what_they_took(tool):
    """--again-sample: the mutants the named samples drew, in the order they ran after the left-out ones."""
    sample_indices = tool["mutation_cosmic"].sample_indices
    first = sample_indices(426, 100, 0)
    second = sample_indices(426, 50, 1, [(100, 0)])
    third = sample_indices(426, 70, 2, [(100, 0), (50, 1)])
    assert sample_indices(426, None, 0, [], [(100, 0), (50, 1)]) == first | second
    assert sample_indices(426, None, 0, [(100, 0)], [(50, 1), (70, 2)]) == second | third
    assert len(second | third) == 120


def test_the_sample_flag_takes_size_and_seed(tool, capsys):
    main = tool["mutation"].main
    with pytest.raises(SystemExit) as stopped:
        main(["--target", "ifsm-guard", "--exclude-sample", "100"])
    assert stopped.value.code == 2 and "give N:SEED" in capsys.readouterr().err
    assert main(["--target", "ifsm-guard", "--memory-cap", "0"]) == 2
    assert "--memory-cap" in capsys.readouterr().err
    assert main(["--target", "ifsm-guard", "--again-sample", "100:0", "--sample", "5"]) == 2
    assert "--again-sample" in capsys.readouterr().err


PLANTED = """import re

WORD = re.compile(
    r"a"
    r"|b"
    r"|c"
    r"|d"
    r"|e"
)
"""
PLANTED_TEST = """import time

from planted import WORD


def test_words():
    assert WORD.fullmatch("a")
    if not WORD.fullmatch("b"):  # without b: allocate until something stops it
        hog = []
        while True:
            hog.append(bytearray(1 << 24))
    if not WORD.fullmatch("c"):  # without c: never end
        time.sleep(3600)
    assert WORD.fullmatch("d")  # without d: a plain failure
    # without e: nothing notices
"""


@pytest.mark.slow
def test_planted_mutants_stop_at_the_limits_and_are_named(tool, tmp_path):
    run, mutation = tool["mutation_run"], tool["mutation"]
    (tmp_path / "planted.py").write_text(PLANTED, encoding="utf-8")
    (tmp_path / "test_planted.py").write_text(PLANTED_TEST, encoding="utf-8")
    target = tool["mutation_targets"].Target(("planted.py",), ("test_planted.py",), engine="alternatives", markers="")
    took = run.baseline(tmp_path, target, run.Limits(512 << 20, 600.0))
    results = mutation.run_alternatives(tmp_path, target, run.Limits(512 << 20, 3 * took + 5.0))
    got = {r["diff"]: (r["outcome"], r["limit"]) for r in results}
    assert got == {
        '-r"|b"': ("killed", "memory"),
        '-r"|c"': ("killed", "timeout"),
        '-r"|d"': ("killed", None),
        '-r"|e"': ("survived", None),
    }
    assert (tmp_path / "planted.py").read_text(encoding="utf-8") == PLANTED  # every mutant undone


@pytest.mark.slow
def test_unmutated_tests_that_fail_are_named_before_any_mutant(tool, tmp_path):
    run = tool["mutation_run"]
    (tmp_path / "planted.py").write_text(PLANTED.replace('r"|d"', 'r"|x"'), encoding="utf-8")
    (tmp_path / "test_planted.py").write_text(PLANTED_TEST, encoding="utf-8")
    target = tool["mutation_targets"].Target(("planted.py",), ("test_planted.py",), engine="alternatives", markers="")
    with pytest.raises(RuntimeError, match=r"unmutated tests \(test_planted.py\) do not pass: exit status 1: .*failed"):
        run.baseline(tmp_path, target, run.Limits(512 << 20, 600.0))


@pytest.mark.slow
def test_a_rerun_runs_only_the_mutants_named(tool, tmp_path):
    run, mutation = tool["mutation_run"], tool["mutation"]
    (tmp_path / "planted.py").write_text(PLANTED, encoding="utf-8")
    (tmp_path / "test_planted.py").write_text(PLANTED_TEST, encoding="utf-8")
    target = tool["mutation_targets"].Target(("planted.py",), ("test_planted.py",), engine="alternatives", markers="")
    only = {("planted.py", "drop-alternative", 7), ("planted.py", "drop-alternative", 8)}  # the lines of d and e
    results = mutation.run_alternatives(tmp_path, target, run.Limits(512 << 20, 120.0), only)
    assert {r["diff"]: r["outcome"] for r in results} == {'-r"|d"': "killed", '-r"|e"': "survived"}


def test_a_mutant_is_named_by_module_and_diff_across_runs(tool):
    """--skip-run and --drawn-at: an earlier run's outcomes name each mutant by (module, diff), as --rerun does, so
    a line moved by an edit above it is still the same mutant; the annotation mutants, never run, name none."""
    cosmic = tool["mutation_cosmic"]
    unified = "--- mutation diff ---\n--- aold/m.py\n+++ bnew/m.py\n@@ -3,3 +3,3 @@\n a = 1\n-b = x < 2\n+b = x <= 2\n"
    assert cosmic.diff_summary(unified) == "-b = x < 2 | +b = x <= 2"
    earlier = [
        {
            "module": "m.py",
            "operator": "ReplaceComparisonOperator_Lt_LtE",
            "line": 4,
            "outcome": "killed",
            "diff": "-b = x < 2 | +b = x <= 2",
        },
        {"module": "m.py", "operator": "NumberReplacer", "line": 9, "outcome": "survived", "diff": "-c = 3 | +c = 4"},
        {"module": "m.py", "operator": "NumberReplacer", "line": 2, "outcome": "annotation", "diff": ""},
    ]
    done = cosmic.outcomes_of(earlier)
    assert done == {("m.py", "-b = x < 2 | +b = x <= 2"), ("m.py", "-c = 3 | +c = 4")}
    keys = [
        ("m.py", "-b = x < 2 | +b = x <= 2"),  # run before (now on another line)
        ("m.py", "-c = 3 | +c = 2"),  # the same line, another mutant: not run before
        ("n.py", "-c = 3 | +c = 4"),  # the same diff in another module
        ("m.py", None),
    ]
    assert cosmic.by_diff(keys, None, done) == {1, 2, 3}
    assert cosmic.by_diff(keys, {("m.py", "-c = 3 | +c = 2"), ("m.py", "-d = 1 | +d = 2")}) == {1}
    assert cosmic.by_diff(keys, {("m.py", "-c = 3 | +c = 2"), ("m.py", "-b = x < 2 | +b = x <= 2")}, done) == {1}


def test_skip_run_and_drawn_at_refuse_what_they_cannot_read(tool, tmp_path, capsys):
    main = tool["mutation"].main
    (tmp_path / "stopped.json").write_text('[{"module": 1}', encoding="utf-8")
    assert main(["--target", "ifsm-guard", "--skip-run", str(tmp_path / "stopped.json")]) == 2
    assert "--skip-run" in capsys.readouterr().err
    assert main(["--target", "ifsm-guard", "--skip-run", str(tmp_path / "absent.json")]) == 2
    assert "not the --json of a run" in capsys.readouterr().err
    assert main(["--target", "ifsm-guard", "--drawn-at", "no-such-commit-here", "--again-sample", "5:0"]) == 2
    assert "no such commit" in capsys.readouterr().err
    (tmp_path / "run.json").write_text("[]", encoding="utf-8")
    assert main(["--target", "ifsm-guard", "--drawn-at", "HEAD", "--rerun", str(tmp_path / "run.json")]) == 2
    assert "--drawn-at" in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("cosmic-ray") is None, reason="cosmic-ray is not installed")
def test_a_mutants_diff_is_known_before_it_runs(tool, tmp_path):
    """The diffs computed up front are the ones cosmic-ray records for a run (checked by hand: 3 < 4 -> 3 <= 4)."""
    (tmp_path / "m.py").write_text("def f(x):\n    return x < 4\n", encoding="utf-8")
    diffs = tool["mutation_cosmic"].mutant_diffs(
        "cosmic-ray",
        tmp_path,
        [("m.py", "core/ReplaceComparisonOperator_Lt_LtE", 0), ("m.py", "core/ReplaceComparisonOperator_Lt_LtE", 1)],
    )
    assert diffs == ["-    return x < 4 | +    return x <= 4", None]


def _git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args], cwd=repo, check=True, capture_output=True
    )


BEFORE = (
    "from __future__ import annotations\n\nLIMIT = 4\n\ndef f(x: int) -> bool:\n    y = x + 2\n    return y < LIMIT\n"
)
AFTER = (
    "from __future__ import annotations\n\nLIMIT = 4\n\ndef f(x: float) -> bool:\n    y = x * 2\n    return y < LIMIT\n"
)


def test_changed_since_keeps_only_the_mutants_on_lines_changed(tool, tmp_path):
    """--changed-since: the lines git diff -U0 gives as added or changed in the working tree (a line only deleted
    names none), and of a session only the mutants whose code holds one of them; the sample is drawn among those."""
    cosmic = tool["mutation_cosmic"]
    _git(tmp_path, "init", "-q")
    (tmp_path / "m.py").write_text(BEFORE, encoding="utf-8")
    (tmp_path / "n.py").write_text("a\nb\nc\nd\ne\n", encoding="utf-8")
    _git(tmp_path, "add", "m.py", "n.py")
    _git(tmp_path, "commit", "-q", "-m", "first")
    (tmp_path / "m.py").write_text(AFTER, encoding="utf-8")  # lines 5 and 6 changed, uncommitted
    (tmp_path / "n.py").write_text("a\nc\nD\nd\nx\ny\ne\n", encoding="utf-8")  # b gone; D, x and y new
    changed = cosmic.changed_lines(tmp_path, "HEAD", ["m.py", "n.py"])
    assert changed == {"m.py": {5, 6}, "n.py": {3, 5, 6}}

    session = tmp_path / "s.sqlite"
    db = sqlite3.connect(session)
    db.execute("CREATE TABLE work_items (job_id VARCHAR PRIMARY KEY)")
    db.execute(
        "CREATE TABLE mutation_specs (job_id VARCHAR PRIMARY KEY, module_path VARCHAR, operator_name VARCHAR, "
        "occurrence INTEGER, start_pos_row INTEGER, start_pos_col INTEGER, end_pos_row INTEGER)"
    )
    specs = [  # (job, row, column, last row): where each mutant's code is in AFTER
        ("limit", 3, 8, 3),  # LIMIT = 4: unchanged
        ("times", 6, 10, 6),  # x * 2
        ("two", 6, 12, 6),  # the 2 of x * 2
        ("less", 7, 13, 7),  # y < LIMIT: unchanged
        ("float", 5, 9, 5),  # inside the annotation float, on a changed line
        ("span", 4, 0, 6),  # a mutant whose code runs from line 4 into line 6
    ]
    with db:
        db.executemany("INSERT INTO work_items VALUES (?)", [(s[0],) for s in specs])
        db.executemany(
            "INSERT INTO mutation_specs VALUES (?, 'm.py', 'core/Op', 0, ?, ?, ?)", [tuple(s) for s in specs]
        )
    db.close()
    skipped, population = cosmic._prune(session, tmp_path, None, 0, changed=changed)
    db = sqlite3.connect(session)
    left = {j for (j,) in db.execute("SELECT job_id FROM mutation_specs")}
    assert left == {j for (j,) in db.execute("SELECT job_id FROM work_items")} == {"times", "two", "span"}
    db.close()
    assert population == 3 and [(r["line"], r["outcome"]) for r in skipped] == [(5, "annotation")]


def test_changed_since_refuses_what_it_cannot_name(tool, capsys):
    main = tool["mutation"].main
    assert main(["--target", "ifsm-guard", "--changed-since", "no-such-commit-here"]) == 2
    assert "--changed-since no-such-commit-here: no such commit" in capsys.readouterr().err
    assert (
        main(["--target", "ifsm-guard", "--changed-since", "HEAD", "--drawn-at", "HEAD", "--again-sample", "5:0"]) == 2
    )
    assert "drop --changed-since" in capsys.readouterr().err


def test_the_rule_target_holds_every_instruction_module_but_the_checkers_and_those_left_out(tool):
    targets = tool["mutation_targets"]
    rules = targets.TARGETS["instruction-rules"]
    root = TOOLS.parent
    names = {Path(m).name for m in rules.modules}
    every = {p.name for p in (root / "lctg_metrics" / "instructions").glob("*.py")}
    checkers = {n for n in every if n.startswith("checks_")}
    assert names == every - checkers - targets.RULES_LEFT_OUT
    assert {"morph.py", "registry.py", "visible.py", "css_colours.py"} <= names  # spot checks, a table of data too
    assert targets.RULES_LEFT_OUT <= every  # no name left out that is not there
    assert rules.tests == targets.TARGETS["instruction-checkers"].tests


def test_the_coverage_map_clears_every_cache_of_a_mutated_module_but_the_analysers():
    """The mapping run's plugin, on a stand-in module: its own cache is cleared, the analyser's is kept."""
    sys.path.insert(0, str(TOOLS))
    try:
        select = importlib.import_module("mutation_select")
    finally:
        sys.path.remove(str(TOOLS))
    import functools
    import types

    calls = []
    fake = types.ModuleType("lctg_metrics.instructions.morph")
    fake._tagger = functools.lru_cache(maxsize=1)(lambda: calls.append("tagger") or object())
    fake.analyze = functools.lru_cache(maxsize=8)(lambda text: calls.append(text) or text)
    plugin: dict = {}
    exec(f"MUTATED = [{fake.__name__!r}]\nKEPT = {select.KEPT!r}\nORDER = ''\n{select.PLUGIN}", plugin)
    saved = sys.modules.get(fake.__name__)
    sys.modules[fake.__name__] = fake
    try:
        fake._tagger(), fake.analyze("a")
        plugin["_clear_caches"]()
        fake._tagger(), fake.analyze("a")
    finally:
        if saved is None:
            del sys.modules[fake.__name__]
        else:
            sys.modules[fake.__name__] = saved
    assert calls == ["tagger", "a", "a"]
