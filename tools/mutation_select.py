"""Tests chosen by coverage for tools/mutation.py (``--select-by-coverage``): each mutant runs only the tests that
execute its statement.

The map. The target's test list runs once under coverage with one dynamic context per test, switched on for the
test's call only (a pytest plugin written into the run's copy): setup, teardown, fixtures, collection and imports
fall in the empty context. Before each test's call every ``functools`` cache of the loaded ``lctg_metrics`` modules
is cleared, so a test executes the lines whose results it reads instead of taking them from a cache an earlier test
filled (the caches of the mutated modules: no cached function elsewhere in ``lctg_metrics`` calls into them, and
clearing every cache would build a new morphological analyser, and map its dictionary again, for every test). The
analyser's own caches (``KEPT``: its tagger, and the cost tagger and connection table of ``straddles``) are
never cleared: a new analyser for every test ran the mapping run out of its address space within 25 tests. For each
(module, line) of the target the map keeps the tests (``file::function``, every parameter of it)
that executed it, or ``*`` when the line ran outside a test's call (module level, decorators, default arguments,
class bodies, fixtures): such a line is covered by every test. The map is cached in the run's temporary copy.

The run. cosmic-ray's test command is this script: it compares each target module with its unmutated copy, takes
the statement around every changed line (a compound statement's header, decorators included), and runs the tests
mapped to any line of it. The whole list runs instead when any of those lines ran outside a test's call, when none
ran at all, when a change falls outside a simple statement or a header, and when the selected run ends other than
pass or fail (a node not found, nothing collected), so selection never turns an error into a kill. With
``--check`` each mutant runs both ways, the selected tests first, and both verdicts and times are logged; the whole
list's verdict is the mutant's.
"""

from __future__ import annotations

import ast
import difflib
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

MAP = ".mutation-coverage.json"
PRISTINE = ".mutation-pristine"
CHECK_LOG = ".mutation-selection.jsonl"
ORDER = ".mutation-order.json"
EVERY = "*"
#: The plugin of the mapping run (module ``mutation_contexts`` in the copy, on PYTHONPATH there).
#: Caches the mapping run never clears, as (module, function): the morphological analyser, built once.
KEPT = (
    ("lctg_metrics.instructions.morph", "_tagger"),
    ("lctg_metrics.instructions.straddles", "_cost_tagger"),  # a second analyser (round 33)
    ("lctg_metrics.instructions.straddles", "_matrix"),  # the dictionary's 71 MB connection table
)
PLUGIN = """
import functools, sys
import coverage, pytest

def _clear_caches():
    for name in MUTATED:
        module = sys.modules.get(name)
        if module is not None:
            for key, value in list(vars(module).items()):
                if isinstance(value, functools._lru_cache_wrapper) and (name, key) not in KEPT:
                    value.cache_clear()

@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    cov = coverage.Coverage.current()
    _clear_caches()
    cov.switch_context(item.nodeid)
    try:
        yield
    finally:
        cov.switch_context("")


RAN = []

def pytest_runtest_logstart(nodeid, location):
    RAN.append(nodeid.split("[")[0])

def pytest_sessionfinish(session):
    import json
    with open(ORDER, "w", encoding="utf-8") as out:
        json.dump(list(dict.fromkeys(RAN)), out)
"""


def build_map(copy: Path, modules: tuple[str, ...], command: list[str], tests: tuple[str, ...], run) -> dict:
    """Run ``command`` (the target's pytest command, ``tests`` last) once under coverage in ``copy`` through
    ``run(command) -> (status, output)``; write and return the map, and keep an unmutated copy of each module."""
    names = [m.removesuffix(".py").replace("/", ".") for m in modules]
    plugin = f"MUTATED = {names!r}\nKEPT = {KEPT!r}\nORDER = {str(copy / ORDER)!r}\n{PLUGIN}"
    (copy / "mutation_contexts.py").write_text(plugin, encoding="utf-8")
    data = copy / ".mutation-coverage.data"
    include = ",".join(str(copy / m) for m in modules)
    python, _, _, *pytest_args = command  # [python, -m, pytest, ...]
    status, out = run(
        [python, "-m", "coverage", "run", f"--data-file={data}", f"--include={include}", "-m", "pytest",
         "-p", "mutation_contexts", *pytest_args]
    )  # fmt: skip
    if status != 0:
        last = out.strip().splitlines()[-1] if out.strip() else "no output"
        raise RuntimeError(f"the coverage run of the unmutated tests failed (exit status {status}): {last}")
    from coverage import CoverageData  # a development tool, like cosmic-ray: imported only here

    covered = CoverageData(basename=str(data))
    covered.read()
    lines: dict[str, dict[str, object]] = {}
    ran = json.loads((copy / ORDER).read_text(encoding="utf-8"))  # the tests in the order they ran
    order = {n: i for i, n in enumerate(ran)}
    for m in modules:
        (copy / PRISTINE / m).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(copy / m, copy / PRISTINE / m)
        by_line = covered.contexts_by_lineno(str(copy / m))
        lines[m] = {}
        for line, contexts in by_line.items():
            if "" in contexts:
                lines[m][str(line)] = EVERY
                continue
            lines[m][str(line)] = sorted({c.split("[")[0] for c in contexts}, key=order.__getitem__)
    tested = len({t for m in lines.values() for ts in m.values() if ts != EVERY for t in ts})
    found = {"modules": lines, "command": command, "tests": list(tests), "order": order, "tests_seen": tested}
    (copy / MAP).write_text(json.dumps(found, ensure_ascii=False), encoding="utf-8")
    return found


def statement_lines(source: str, line: int) -> range | None:
    """The lines of the statement a change on ``line`` belongs to: a simple statement whole, a compound statement's
    header (decorators included) only; None when ``line`` is in neither (e.g. an ``except`` clause)."""
    best = None
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.stmt):
            continue
        start = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
        body = getattr(node, "body", None)
        compound = isinstance(body, list) and bool(body) and isinstance(body[0], ast.stmt)
        end = body[0].lineno - 1 if compound else (node.end_lineno or node.lineno)
        if start <= line <= end and (best is None or start >= best.start):
            best = range(start, end + 1)
    return best


def changed_lines(before: str, after: str) -> list[int]:
    """Lines (1-based) of ``before`` that ``after`` changes, removes or inserts next to."""
    a, b = before.splitlines(), after.splitlines()
    found: set[int] = set()
    for tag, i1, i2, _, _ in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal":
            found.update(range(i1 + 1, max(i2, i1 + 1) + 1))
    return sorted(found)


def select(copy: Path, found: dict) -> tuple[list[str] | None, str, str]:
    """The tests a mutant in ``copy`` needs (None: the whole list), why, and the mutant's diff."""
    chosen: set[str] = set()
    diff: list[str] = []
    why = ""
    for module, by_line in found["modules"].items():
        before = (copy / PRISTINE / module).read_text(encoding="utf-8")
        after = (copy / module).read_text(encoding="utf-8")
        if before == after:
            continue
        diff += [
            d
            for d in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
            if d[:1] in "+-" and not d.startswith(("+++", "---"))
        ]
        for line in changed_lines(before, after):
            span = statement_lines(before, line)
            tests = [by_line.get(str(n)) for n in span] if span is not None else []
            if span is None:
                why = why or f"{module}:{line} outside a statement"
            elif EVERY in tests:
                why = why or f"{module}:{line} runs outside a test"
            chosen.update(t for ts in tests if ts and ts != EVERY for t in ts)
    if not chosen and not why:
        why = "no test runs the change"
    return (None if why else sorted(chosen, key=found["order"].get)), why or "selected", " | ".join(diff)


def _run(command: list[str], cwd: Path) -> tuple[int, float]:
    start = time.monotonic()
    status = subprocess.run(command, cwd=cwd).returncode
    return status, time.monotonic() - start


def main(argv: list[str]) -> int:
    """``mutation_select.py COPY [--check]``: cosmic-ray's test command for one mutant (exit 0: survived)."""
    copy, check = Path(argv[0]), "--check" in argv[1:]
    found = json.loads((copy / MAP).read_text(encoding="utf-8"))
    command, tests = found["command"], found["tests"]
    chosen, why, diff = select(copy, found)
    picked = None
    if chosen is not None:
        picked = _run(command[: len(command) - len(tests)] + chosen, copy)
        if picked[0] not in (0, 1):  # not a verdict of the tests (a node not found, nothing collected)
            why = f"the selected run ended with status {picked[0]}"
        elif not check:
            return picked[0]
    whole = _run(command, copy)
    if check:
        record = {
            "diff": diff,
            "why": why,
            "selected": len(chosen) if chosen is not None else None,
            "selected_status": picked[0] if picked else None,
            "selected_seconds": picked[1] if picked else None,
            "whole_status": whole[0],
            "whole_seconds": whole[1],
        }
        with open(copy / CHECK_LOG, "a", encoding="utf-8") as log:
            log.write(json.dumps(record, ensure_ascii=False) + "\n")
    return whole[0]


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))


def prepare(copy: Path, target, limits, check: bool = False) -> list[str]:
    """Build the map for ``target`` in ``copy`` (under ``limits``, ten times the time for coverage) and return the
    test command cosmic-ray runs for each mutant; raises ``RuntimeError`` when the coverage run fails."""
    from mutation_run import Limits, pytest_command, pytest_env, run_limited

    slow = Limits(limits.memory, 10 * limits.timeout)
    found = build_map(
        copy, target.modules, pytest_command(copy, target), target.tests,
        lambda c: run_limited(c, copy, pytest_env(copy), slow),
    )  # fmt: skip
    every = sum(v == EVERY for m in found["modules"].values() for v in m.values())
    some = sum(v != EVERY for m in found["modules"].values() for v in m.values())
    print(f"coverage map: {some} lines run by chosen tests, {every} outside a test, {found['tests_seen']} tests")
    script = copy / "tools" / "mutation_select.py"  # the run's own copy: editing the checkout leaves the run alone
    script = script if script.is_file() else Path(__file__).resolve()
    return [sys.executable, str(script), str(copy), *(["--check"] if check else [])]


def _bare(diff: str) -> str:
    """A diff without its empty removed or added lines (cosmic-ray adds a "-" and "+" pair when it rewrites an
    f-string line, which difflib does not)."""
    return " | ".join(x for x in diff.split(" | ") if x not in ("-", "+"))


def check_report(copy: Path, results: list[dict]) -> None:
    """Join the ``--check`` log to the mutants' results (as ``selection``) and print the selected and the whole
    list's verdicts side by side; a mutant whose two verdicts differ is named."""
    log = copy / CHECK_LOG
    records = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()] if log.exists() else []
    by_diff = {_bare(r["diff"]): r for r in records}
    same = differ = whole_only = 0
    pairs = []
    joined = 0
    for r in results:
        record = by_diff.get(_bare(r["diff"]))
        if record is None:
            continue
        joined += 1
        r["selection"] = record
        if record["selected_status"] is None or record["selected_status"] not in (0, 1):
            whole_only += 1
            continue
        pairs.append((record["selected_seconds"], record["whole_seconds"]))
        if (record["selected_status"] == 0) == (record["whole_status"] == 0):
            same += 1
        else:
            differ += 1
            print(f"  SELECTION DIFFERS line {r['line']} {r['operator']}: {r['diff']} ({record})")
    chosen = sum(p[0] for p in pairs)
    whole = sum(p[1] for p in pairs)
    print(
        f"selection check: {len(records)} mutants logged, {joined} matched to a result by their diff: {same} same "
        f"verdict, {differ} differ, {whole_only} ran the "
        f"whole list only; paired seconds, selected {chosen:.1f} against whole {whole:.1f}"
    )
