"""tools/mutation_select.py: which tests a mutant runs under ``--select-by-coverage`` (the statement around each
changed line, the whole list whenever a line of it ran outside a test or at all not), on a planted module and map."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parent.parent / "tools"

PLANTED = """from functools import lru_cache


@lru_cache(maxsize=8)
def score(a, b=1):
    total = (a +
             b)
    if (total > 3 and
            a < 10):
        return total
    try:
        return int("x")
    except ValueError:
        return 0
"""


@pytest.fixture(scope="module")
def select():
    sys.path.insert(0, str(TOOLS))
    try:
        yield importlib.import_module("mutation_select")
    finally:
        sys.path.remove(str(TOOLS))


@pytest.mark.parametrize(
    ("line", "span"),
    [
        (4, range(4, 6)),  # a decorator: the def's header with its decorators
        (5, range(4, 6)),  # a default argument
        (6, range(6, 8)),  # a continuation line belongs to its whole statement
        (7, range(6, 8)),
        (9, range(8, 10)),  # the second line of an if's condition: the header only, not its body
        (10, range(10, 11)),
        (13, None),  # an except clause is neither a simple statement nor a header
        (14, range(14, 15)),
    ],
)
def test_a_change_is_widened_to_its_statement(select, line, span):
    assert select.statement_lines(PLANTED, line) == span


def test_changed_lines_are_named_in_the_unmutated_numbering(select):
    assert select.changed_lines("a\nb\nc\nd\n", "a\nB\nc\nd\n") == [2]
    assert select.changed_lines("a\nb\nc\n", "a\nc\n") == [2]  # a line removed
    assert select.changed_lines("a\nb\n", "a\nb\n") == []


def _copy(tmp_path: Path, select, lines: dict, mutated: str) -> tuple[Path, dict]:
    module = "pkg/planted.py"
    (tmp_path / "pkg").mkdir()
    (tmp_path / module).write_text(mutated, encoding="utf-8")
    (tmp_path / select.PRISTINE / "pkg").mkdir(parents=True)
    (tmp_path / select.PRISTINE / module).write_text(PLANTED, encoding="utf-8")
    found = {
        "modules": {module: lines},
        "command": ["python", "-m", "pytest", "tests/t.py"],
        "tests": ["tests/t.py"],
        "order": {"tests/t.py::test_b": 0, "tests/t.py::test_a": 1},
    }
    (tmp_path / select.MAP).write_text(json.dumps(found), encoding="utf-8")
    return tmp_path, found


COVERED = {"4": "*", "5": "*", "6": ["tests/t.py::test_a"], "7": ["tests/t.py::test_b"], "8": ["tests/t.py::test_a"]}


@pytest.mark.parametrize(
    ("old", "new", "tests", "why"),
    [
        # either line of a two-line statement run by different tests: both tests
        ("(a +", "(a -", ["tests/t.py::test_b", "tests/t.py::test_a"], "selected"),
        # a header line no test ran itself, but its statement's first line was
        ("a < 10):", "a <= 10):", ["tests/t.py::test_a"], "selected"),
        # a default argument runs at import, for every test
        ("b=1", "b=2", None, "pkg/planted.py:5 runs outside a test"),
        ("maxsize=8", "maxsize=9", None, "pkg/planted.py:4 runs outside a test"),
        # a statement no test ran: the whole list, not an empty selection
        ("return total", "return -total", None, "no test runs the change"),
        ("except ValueError", "except TypeError", None, "pkg/planted.py:13 outside a statement"),
    ],
)
def test_a_mutant_runs_the_tests_of_its_statement_or_the_whole_list(select, tmp_path, old, new, tests, why):
    copy, found = _copy(tmp_path, select, COVERED, PLANTED.replace(old, new, 1))
    chosen, reason, diff = select.select(copy, found)
    assert (chosen, reason) == (tests, why)
    assert old in diff and new in diff


@pytest.mark.slow
def test_the_map_of_a_run_of_planted_tests(select, tmp_path):
    """A real coverage run: a test's call is its context, a module-scoped fixture's work and the module level
    are every test's, and a cache a first test filled does not hide the line from a second."""
    pytest.importorskip("coverage")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "pkg" / "planted.py").write_text(PLANTED, encoding="utf-8")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_t.py").write_text(
        "import pytest\nfrom pkg.planted import score\n\n"
        "@pytest.fixture(scope='module')\ndef early():\n    return score(0, 0)\n\n"
        "def test_a(early):\n    assert score(5) == 6\n\n"
        "@pytest.mark.parametrize('n', [1, 2])\ndef test_b(n):\n    assert score(5) == 6\n",
        encoding="utf-8",
    )

    def run(command):
        done = subprocess.run(
            command, cwd=tmp_path, capture_output=True, text=True,
            env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin", "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"},
        )  # fmt: skip
        return done.returncode, done.stdout + done.stderr

    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_t.py"]
    found = select.build_map(tmp_path, ("pkg/planted.py",), command, ("tests/test_t.py",), run)
    lines = found["modules"]["pkg/planted.py"]
    assert lines["4"] == "*" and lines["5"] == "*"  # decorator and def: module level
    assert lines["6"] == "*"  # the fixture's call (score(0, 0)) ran it too, outside any test's call
    assert lines["10"] == ["tests/test_t.py::test_a", "tests/test_t.py::test_b"]  # both, the cache cleared between
    assert lines["12"] == "*"  # int("x") runs only when total <= 3: in the fixture, for every test
    assert (tmp_path / select.PRISTINE / "pkg" / "planted.py").read_text(encoding="utf-8") == PLANTED


def test_the_check_matches_records_to_results_and_names_a_differing_verdict(select, tmp_path, capsys):
    """Records are matched by diff (cosmic-ray's empty "-"/"+" pair of a rewritten f-string line aside); a mutant the
    selected tests let survive while the whole list kills it is named."""

    def record(diff: str, selected: int | None, whole: int) -> dict:
        return {
            "diff": diff,
            "why": "selected" if selected is not None else "x runs outside a test",
            "selected": 1 if selected is not None else None,
            "selected_status": selected,
            "selected_seconds": 1.0 if selected is not None else None,
            "whole_status": whole,
            "whole_seconds": 3.0,
        }

    records = [record("-a | +b", 1, 1), record('-f"{x + 1}" | +f"{x - 1}"', 0, 1), record("-c | +d", None, 0)]
    (tmp_path / select.CHECK_LOG).write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    results = [
        {"diff": "-a | +b", "line": 1, "operator": "op"},
        {"diff": '-f"{x + 1}" | - | +f"{x - 1}" | +', "line": 2, "operator": "op"},
        {"diff": "-c | +d", "line": 3, "operator": "op"},
    ]
    select.check_report(tmp_path, results)
    out = capsys.readouterr().out
    assert all("selection" in r for r in results)
    assert "SELECTION DIFFERS line 2" in out
    assert "3 matched to a result by their diff: 1 same verdict, 1 differ, 1 ran the whole list only" in out
    assert "selected 2.0 against whole 6.0" in out
