"""The cosmic-ray engine of tools/mutation.py: a session of the target's modules, the mutants inside annotations
set apart, a seeded sample drawn (disjoint from earlier samples on request), every mutant run under the limits."""

from __future__ import annotations

import ast
import json
import random
import shlex
import sqlite3
import subprocess
from collections.abc import Collection, Sequence
from pathlib import Path

from mutation_run import PLUGINS, Limits, capped, limit_hit, pytest_command
from mutation_targets import Target


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


def _prune(
    session: Path,
    copy: Path,
    sample: int | None,
    seed: int,
    earlier: Sequence[tuple[int, int]] = (),
    only: Collection[tuple[str, str, int]] | None = None,
    again: Sequence[tuple[int, int]] = (),
) -> tuple[list[dict], int]:
    """Take out of a cosmic-ray session the mutants inside annotations (returned as outcome ``annotation``: they
    are never evaluated, so they cannot change a score) and all but the rest's :func:`sample_indices`, or with
    ``only`` all but the mutants named there by (module, operator, line).
    Returns the annotation mutants and how many mutants the session had before sampling."""
    db = sqlite3.connect(session)
    try:
        specs = db.execute(
            "SELECT job_id, module_path, operator_name, occurrence, start_pos_row, start_pos_col FROM mutation_specs"
        ).fetchall()
        spans = {m: _annotation_spans(copy / m) for m in {s[1] for s in specs}}
        inside = [s for s in specs if any(a <= (s[4], s[5]) < b for a, b in spans[s[1]])]
        rest = sorted((s for s in specs if s not in inside), key=lambda s: (s[1], s[4], s[5], s[2], s[3]))
        if only is None:
            keep = sample_indices(len(rest), sample, seed, earlier, again)
        else:
            keep = {i for i, s in enumerate(rest) if (s[1], s[2].split("/")[-1], s[4]) in only}
        drop = [s[0] for s in inside] + [s[0] for i, s in enumerate(rest) if i not in keep]
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
) -> tuple[list[dict], int]:
    """Every mutant's outcome (a sample's, with ``sample``; none an ``earlier`` sample took; only those named in
    ``only``) and how many mutants outside annotations there are. ``test_command`` replaces the target's pytest
    command (tools/mutation_select.py, to run the tests chosen by coverage)."""
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
    results, population = _prune(session, copy, sample, seed, earlier, only, again)
    subprocess.run([cosmic_ray, "exec", str(config), str(session)], cwd=copy, check=True, capture_output=True)
    dump = subprocess.run([cosmic_ray, "dump", str(session)], cwd=copy, check=True, capture_output=True, text=True)
    for line in dump.stdout.splitlines():
        work, result = json.loads(line)
        if not result:
            continue
        mutation = work["mutations"][0]
        outcome = {"killed": "killed", "survived": "survived"}.get(result.get("test_outcome"), "incompetent")
        diff = " | ".join(
            line
            for line in (result.get("diff") or "").splitlines()
            if line[:1] in "+-" and not line.startswith(("+++", "---"))
        )
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
