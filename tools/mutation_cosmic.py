"""The cosmic-ray engine of tools/mutation.py: a session of the target's modules, the mutants inside annotations
set apart, a seeded sample drawn (disjoint from earlier samples on request, or drawn over the modules as they were
at an earlier commit), the mutants an earlier run's --json holds left out on request, or all but those on the lines
changed since a commit, every mutant run under the limits. A mutant is named across commits by its module and diff
(its removed and added lines), as ``--rerun`` names it: its line number and occurrence move with any edit above
it."""

from __future__ import annotations

import ast
import json
import random
import re
import shlex
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path

from mutation_run import PLUGINS, Limits, capped, limit_hit, pytest_command
from mutation_targets import Target

#: Run by cosmic-ray's own interpreter: for each [module, operator, occurrence] read from stdin (JSON), the unified
#: diff of that mutant as cosmic-ray records it, or null where the operator has no such occurrence (JSON on stdout).
_DIFFS = """
import difflib, json, sys
from pathlib import Path
import cosmic_ray.plugins
from cosmic_ray.mutating import mutate_code
root, sources, out = Path(sys.argv[1]), {}, []
for module, operator, occurrence in json.load(sys.stdin):
    code = sources.setdefault(module, (root / module).read_text(encoding="utf-8"))
    mutated = mutate_code(code, cosmic_ray.plugins.get_operator(operator)(), occurrence)
    lines = [] if mutated is None else difflib.unified_diff(code.split("\\n"), mutated.split("\\n"), lineterm="")
    out.append(None if mutated is None else "\\n".join(lines))
json.dump(out, sys.stdout)
"""


def diff_summary(diff: str) -> str:
    """A mutant's diff as the --json keeps it: the removed and added lines, joined by `` | ``."""
    return " | ".join(line for line in diff.splitlines() if line[:1] in "+-" and not line.startswith(("+++", "---")))


def _interpreter(cosmic_ray: str) -> list[str]:
    """The Python that runs ``cosmic_ray`` (its ``#!`` line), to import cosmic-ray where it is installed."""
    path = Path(shutil.which(cosmic_ray) or cosmic_ray)
    first = path.read_bytes().split(b"\n", 1)[0].decode("utf-8", "replace")
    return first[2:].split() if first.startswith("#!") else [sys.executable]


def mutant_diffs(cosmic_ray: str, root: Path, specs: Sequence[tuple[str, str, int]]) -> list[str | None]:
    """The diff (as :func:`diff_summary` gives it) of each (module, operator, occurrence) in ``root``, computed
    without running any test (None where there is no such mutant)."""
    if not specs:
        return []
    done = subprocess.run(
        [*_interpreter(cosmic_ray), "-c", _DIFFS, str(root)],
        input=json.dumps([list(s) for s in specs]),
        capture_output=True,
        text=True,
        check=True,
    )
    return [None if d is None else diff_summary(d) for d in json.loads(done.stdout)]


def outcomes_of(earlier: Sequence[dict]) -> set[tuple[str, str]]:
    """(module, diff) of every mutant an earlier run's --json holds an outcome for (the annotation mutants, never
    run, aside)."""
    return {(r["module"], r["diff"]) for r in earlier if r["outcome"] in ("killed", "survived", "incompetent")}


def by_diff(
    keys: Sequence[tuple[str, str | None]],
    wanted: Collection[tuple[str, str]] | None = None,
    skip: Collection[tuple[str, str]] = (),
) -> set[int]:
    """Which mutants, each named by ``keys[i]`` = (module, diff), a run takes: those in ``wanted`` (all without),
    less those in ``skip``."""
    return {i for i, k in enumerate(keys) if (wanted is None or k in wanted) and k not in skip}


def _annotation_spans(path: Path) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Where the annotations of a module are, as ((row, column), (row, column)) with 1-based rows and columns in
    characters (cosmic-ray's positions); none unless the module defers them (``from __future__ import
    annotations``), since only then is an annotation never evaluated."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    deferred = any(
        isinstance(node, ast.ImportFrom)
        and node.module == "__future__"
        and "annotations" in {a.name for a in node.names}
        for node in tree.body
    )
    if not deferred:
        return []
    lines = source.splitlines()

    def column(row: int, byte: int) -> int:  # ast counts UTF-8 bytes, cosmic-ray characters
        return len(lines[row - 1].encode("utf-8")[:byte].decode("utf-8"))

    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found.append(node.returns)
        elif isinstance(node, ast.arg) or isinstance(node, ast.AnnAssign):
            found.append(node.annotation)
    return [
        ((a.lineno, column(a.lineno, a.col_offset)), (a.end_lineno, column(a.end_lineno, a.end_col_offset)))
        for a in found
        if a is not None and a.end_lineno is not None and a.end_col_offset is not None
    ]


def sample_indices(
    population: int,
    sample: int | None,
    seed: int,
    earlier: Sequence[tuple[int, int]] = (),
    again: Sequence[tuple[int, int]] = (),
) -> set[int]:
    """Which of ``population`` sorted mutants a run takes: of the ones the ``earlier`` runs left (each ``(size,
    seed)``, in the order they ran, drawn as that run drew it), a seeded sample of ``sample`` (all without).
    With ``again`` (samples that ran after ``earlier``, in order): exactly the mutants those samples took, to run
    them again on today's code."""
    left = set(range(population))
    for n, s in earlier:
        left -= _draw(left, n, s)
    if again:
        taken: set[int] = set()
        for n, s in again:
            drawn = _draw(left, n, s)
            taken |= drawn
            left -= drawn
        return taken
    return left if sample is None else _draw(left, sample, seed)


def _draw(left: set[int], n: int, seed: int) -> set[int]:
    return left if n >= len(left) else set(random.Random(seed).sample(sorted(left), n))


_SPECS = (
    "SELECT job_id, module_path, operator_name, occurrence, start_pos_row, start_pos_col, end_pos_row "
    "FROM mutation_specs"
)

#: A hunk header of ``git diff -U0``: where its lines start in the new file and how many there are (1 if not given).
_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@", re.MULTILINE)


def changed_lines(repo: Path, commit: str, modules: Sequence[str]) -> dict[str, set[int]]:
    """The lines (1-based) of each module in the working tree of ``repo`` added or changed since ``commit``, from
    ``git diff -U0 COMMIT -- MODULE`` (a line only deleted leaves none; a module new since then is all added)."""
    found = {}
    for rel in modules:
        diff = subprocess.run(
            ["git", "diff", "-U0", "--no-color", "--no-ext-diff", commit, "--", rel],
            cwd=repo,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        lines: set[int] = set()
        for hunk in _HUNK.finditer(diff):
            start, count = int(hunk.group(1)), int(hunk.group(2) or "1")
            lines.update(range(start, start + count))
        found[rel] = lines
    return found


def on_lines(specs: Sequence[tuple], changed: Mapping[str, Collection[int]]) -> list[tuple]:
    """The mutants of ``specs`` (rows of :data:`_SPECS`) whose mutated code, from its first row to its last, holds
    a line named in ``changed`` (module -> line numbers)."""
    return [s for s in specs if any(row in changed.get(s[1], ()) for row in range(s[4], s[6] + 1))]


def _split(db: sqlite3.Connection, copy: Path) -> tuple[list[tuple], list[tuple]]:
    """A session's mutants inside annotations, and the rest sorted by module, line, column, operator, occurrence."""
    specs = db.execute(_SPECS).fetchall()
    spans = {m: _annotation_spans(copy / m) for m in {s[1] for s in specs}}
    inside = [s for s in specs if any(a <= (s[4], s[5]) < b for a, b in spans[s[1]])]
    rest = sorted((s for s in specs if s not in inside), key=lambda s: (s[1], s[4], s[5], s[2], s[3]))
    return inside, rest


def _keys(cosmic_ray: str, root: Path, specs: Sequence[tuple]) -> list[tuple[str, str | None]]:
    return [(s[1], d) for s, d in zip(specs, mutant_diffs(cosmic_ray, root, [(s[1], s[2], s[3]) for s in specs]))]


def _prune(
    session: Path,
    copy: Path,
    sample: int | None,
    seed: int,
    earlier: Sequence[tuple[int, int]] = (),
    only: Collection[tuple[str, str, int]] | None = None,
    again: Sequence[tuple[int, int]] = (),
    wanted: Collection[tuple[str, str]] | None = None,
    skip: Collection[tuple[str, str]] = (),
    cosmic_ray: str = "cosmic-ray",
    changed: Mapping[str, Collection[int]] | None = None,
) -> tuple[list[dict], int]:
    """Take out of a cosmic-ray session, with ``changed``, the mutants on no line named there (:func:`on_lines`);
    then the mutants inside annotations (returned as outcome ``annotation``: they are never evaluated, so they
    cannot change a score) and all but the rest's :func:`sample_indices`, or with ``only`` all but the mutants
    named there by (module, operator, line), or with ``wanted`` all but those named there by (module, diff); then
    those named in ``skip`` by (module, diff).
    Returns the annotation mutants and how many mutants the session had before sampling (after ``changed``)."""
    db = sqlite3.connect(session)
    try:
        inside, every = _split(db, copy)
        rest = every
        if changed is not None:
            inside, rest = on_lines(inside, changed), on_lines(every, changed)
            print(f"{len(rest)} of {len(every)} mutants on the lines changed", flush=True)
        keys: list[tuple[str, str | None]] | None = None
        if only is not None:
            keep = {i for i, s in enumerate(rest) if (s[1], s[2].split("/")[-1], s[4]) in only}
        elif wanted is not None:
            keys = _keys(cosmic_ray, copy, rest)
            keep = by_diff(keys, wanted)
            print(f"{len(keep)} mutants today of the {len(wanted)} drawn (the others' lines changed)", flush=True)
        else:
            keep = sample_indices(len(rest), sample, seed, earlier, again)
        if skip:
            taken = sorted(keep)
            found = [keys[i] for i in taken] if keys is not None else _keys(cosmic_ray, copy, [rest[i] for i in taken])
            left = {taken[j] for j in by_diff(found, None, skip)}
            print(f"{len(keep) - len(left)} of {len(keep)} left out: an earlier run has their outcome", flush=True)
            keep = left
        kept = {rest[i][0] for i in keep}
        drop = [s[0] for s in db.execute(_SPECS).fetchall() if s[0] not in kept]
        with db:
            for table in ("mutation_specs", "work_items"):
                db.executemany(f"DELETE FROM {table} WHERE job_id = ?", [(j,) for j in drop])
    finally:
        db.close()
    skipped = [
        {
            "module": s[1],
            "operator": s[2].split("/")[-1],
            "line": s[4],
            "outcome": "annotation",
            "diff": "",
        }
        for s in inside
    ]
    return skipped, len(rest)


def drawn_at(
    cosmic_ray: str,
    old: Path,
    modules: Sequence[str],
    sample: int | None,
    seed: int,
    earlier: Sequence[tuple[int, int]] = (),
    again: Sequence[tuple[int, int]] = (),
) -> set[tuple[str, str]]:
    """(module, diff) of the mutants a sample draws over ``modules`` as they are in ``old`` (a copy of them at an
    earlier commit): to run on today's code exactly what a sample took then."""
    config = old / "mutation.toml"
    config.write_text(
        "[cosmic-ray]\n"
        f"module-path = {json.dumps(list(modules))}\n"
        'timeout = 1.0\nexcluded-modules = []\ntest-command = "true"\n'
        '[cosmic-ray.distributor]\nname = "local"\n',
        encoding="utf-8",
    )
    session = old / "mutation.sqlite"
    subprocess.run([cosmic_ray, "init", str(config), str(session)], cwd=old, check=True, capture_output=True)
    db = sqlite3.connect(session)
    try:
        _, rest = _split(db, old)
    finally:
        db.close()
    taken = [rest[i] for i in sorted(sample_indices(len(rest), sample, seed, earlier, again))]
    return {(m, d) for m, d in _keys(cosmic_ray, old, taken) if d is not None}


def run_cosmic_ray(
    copy: Path,
    target: Target,
    cosmic_ray: str,
    limits: Limits,
    sample: int | None = None,
    seed: int = 0,
    earlier: Sequence[tuple[int, int]] = (),
    only: Collection[tuple[str, str, int]] | None = None,
    test_command: list[str] | None = None,
    again: Sequence[tuple[int, int]] = (),
    wanted: Collection[tuple[str, str]] | None = None,
    skip: Collection[tuple[str, str]] = (),
    changed: Mapping[str, Collection[int]] | None = None,
) -> tuple[list[dict], int]:
    """Every mutant's outcome (a sample's, with ``sample``; none an ``earlier`` sample took; only those named in
    ``only``, or by (module, diff) in ``wanted``; none named in ``skip``; with ``changed``, only those on the lines
    named there) and how many mutants outside annotations there are (on those lines). ``test_command`` replaces the
    target's pytest command (tools/mutation_select.py, to run the tests chosen by coverage)."""
    config = copy / "mutation.toml"
    env = [f"{k}={v}" for k, v in {"PYTHONPATH": str(copy), **PLUGINS}.items()]
    command = shlex.join(capped(["env", *env, *(test_command or pytest_command(copy, target))], limits.memory))
    config.write_text(
        "[cosmic-ray]\n"
        f"module-path = {json.dumps(list(target.modules))}\n"
        f"timeout = {limits.timeout:.1f}\nexcluded-modules = []\n"
        f"test-command = {json.dumps(command)}\n"
        '[cosmic-ray.distributor]\nname = "local"\n',
        encoding="utf-8",
    )
    session = copy / "mutation.sqlite"
    subprocess.run([cosmic_ray, "init", str(config), str(session)], cwd=copy, check=True, capture_output=True)
    results, population = _prune(session, copy, sample, seed, earlier, only, again, wanted, skip, cosmic_ray, changed)
    subprocess.run([cosmic_ray, "exec", str(config), str(session)], cwd=copy, check=True, capture_output=True)
    dump = subprocess.run([cosmic_ray, "dump", str(session)], cwd=copy, check=True, capture_output=True, text=True)
    for line in dump.stdout.splitlines():
        work, result = json.loads(line)
        if not result:
            continue
        mutation = work["mutations"][0]
        outcome = {"killed": "killed", "survived": "survived"}.get(result.get("test_outcome"), "incompetent")
        diff = diff_summary(result.get("diff") or "")
        results.append(
            {
                "module": mutation["module_path"],
                "operator": mutation["operator_name"].split("/")[-1],
                "line": mutation["start_pos"][0],
                "outcome": outcome,
                "limit": limit_hit(result.get("output") or "") if outcome == "killed" else None,
                "diff": diff,
            }
        )
    return results, population
