"""Mutation testing of the scoring code: does the suite notice a changed comparison, operator, constant or pattern?

Two engines, each run on a copy of the checkout (the working tree is never touched):

- ``cosmic-ray`` (operators, comparisons, constants, boolean logic) over the Python modules of a target;
- ``alternatives``: every source line of a pattern module that starts a regular-expression alternative
  (``r"|…"``) deleted in turn, since cosmic-ray leaves string contents alone and a dropped alternative is the
  likeliest pattern bug.

Each target names its modules and the tests that guard them. The report gives, per module, the mutants killed,
survived and incompetent (the mutant does not even import), and lists every survivor with its diff. Survivors
that cannot change a score (a mutated shortcut whose fallback is exact, two spellings of one comparison) are
explained in ``tools/mutation_equivalents.json`` (by exact diff, or by the diff's start where ``prefix`` is set);
any other survivor is a missing test.

cosmic-ray mutants inside annotations are set apart and not run: every scoring module defers its annotations
(``from __future__ import annotations``), so they are never evaluated. ``--sample N --seed S`` runs a seeded sample of
the rest where the whole does not fit the time; ``--tests FILE`` runs other test files for each mutant (to check what
one new test file kills). Results and the rerun commands: benchmarks/mutation.md.

    .venv/bin/pip install cosmic-ray                       # a development tool, not a dependency
    .venv/bin/python tools/mutation.py --target aspects    # or several --target, or none for all
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import re
import shlex
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENTS = ROOT / "tools" / "mutation_equivalents.json"


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
            "tests/test_score_values.py",
            "tests/test_aspects.py",
            "tests/test_aspect_registry.py",
            "tests/test_batch.py",
            "tests/test_scoring.py",
            "tests/test_parity.py",
        ),
    ),
    "aggregation": Target(
        ("lctg_metrics/scoring/aggregate.py", "lctg_metrics/scoring/counts.py", "lctg_metrics/scoring/tally.py"),
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


def _copy_checkout(dest: Path) -> None:
    """The tracked files as they are in the working tree (uncommitted edits included)."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for rel in filter(None, files.decode().split("\0")):
        src = ROOT / rel
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        if src.is_symlink():  # lctg_ctg/ and its siblings link into the package
            os.symlink(os.readlink(src), dest / rel)
        elif src.is_file():
            shutil.copy2(src, dest / rel)
    shared = ROOT.parent / "shared"
    if shared.exists():  # tests read the upstream release from ../shared
        (dest.parent / "shared").symlink_to(shared)


def _test_command(copy: Path, target: Target) -> list[str]:
    markers = ["-m", target.markers] if target.markers else []
    return [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *markers, *target.tests]


def _env(copy: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"}


def _alternative_lines(path: Path) -> list[int]:
    """Line numbers (0-based) that start a regex alternative: ``r"|…"`` pieces of implicitly joined literals."""
    return [i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines()) if re.match(r'\s*r"\|', line)]


def run_alternatives(copy: Path, target: Target) -> list[dict]:
    results = []
    for rel in target.modules:
        path = copy / rel
        original = path.read_text(encoding="utf-8")
        lines = original.splitlines(keepends=True)
        for i in _alternative_lines(path):
            path.write_text("".join(lines[:i] + lines[i + 1 :]), encoding="utf-8")
            try:
                done = subprocess.run(
                    _test_command(copy, target), cwd=copy, env=_env(copy), capture_output=True, text=True, timeout=900
                )
                outcome = "killed" if done.returncode == 1 else "survived" if done.returncode == 0 else "incompetent"
            except subprocess.TimeoutExpired:
                outcome = "killed"  # a pattern that makes the tests hang is noticed
            finally:
                path.write_text(original, encoding="utf-8")
            results.append(
                {
                    "module": rel,
                    "operator": "drop-alternative",
                    "line": i + 1,
                    "outcome": outcome,
                    "diff": "-" + lines[i].strip(),
                }
            )
    return results


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


def _prune(session: Path, copy: Path, sample: int | None, seed: int) -> tuple[list[dict], int]:
    """Take out of a cosmic-ray session the mutants inside annotations (returned as outcome ``annotation``: they
    are never evaluated, so they cannot change a score) and, with ``sample``, all but a seeded sample of the rest.
    Returns the annotation mutants and how many mutants the session had before sampling."""
    db = sqlite3.connect(session)
    try:
        specs = db.execute(
            "SELECT job_id, module_path, operator_name, occurrence, start_pos_row, start_pos_col FROM mutation_specs"
        ).fetchall()
        spans = {m: _annotation_spans(copy / m) for m in {s[1] for s in specs}}
        inside = [s for s in specs if any(a <= (s[4], s[5]) < b for a, b in spans[s[1]])]
        rest = sorted((s for s in specs if s not in inside), key=lambda s: (s[1], s[4], s[5], s[2], s[3]))
        drop = [s[0] for s in inside]
        if sample is not None and sample < len(rest):
            keep = set(random.Random(seed).sample(range(len(rest)), sample))
            drop += [s[0] for i, s in enumerate(rest) if i not in keep]
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
    copy: Path, target: Target, cosmic_ray: str, sample: int | None = None, seed: int = 0
) -> tuple[list[dict], int]:
    """Every mutant's outcome (a sample's, with ``sample``) and how many mutants outside annotations there are."""
    config = copy / "mutation.toml"
    command = shlex.join(_test_command(copy, target))
    config.write_text(
        "[cosmic-ray]\n"
        f"module-path = {json.dumps(list(target.modules))}\n"
        "timeout = 900.0\nexcluded-modules = []\n"
        f"test-command = {json.dumps('env PYTHONPATH=' + str(copy) + ' ' + command)}\n"
        '[cosmic-ray.distributor]\nname = "local"\n',
        encoding="utf-8",
    )
    session = copy / "mutation.sqlite"
    subprocess.run([cosmic_ray, "init", str(config), str(session)], cwd=copy, check=True, capture_output=True)
    results, population = _prune(session, copy, sample, seed)
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
                "diff": diff,
            }
        )
    return results, population


def _explained(result: dict, equivalents: list[dict]) -> str | None:
    for e in equivalents:
        same = result["diff"].startswith(e["diff"]) if e.get("prefix") else result["diff"] == e["diff"]
        if e["module"] == result["module"] and same:
            return e["why"]
    return None


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--target", action="append", choices=sorted(TARGETS), help="default: every target")
    p.add_argument(
        "--cosmic-ray",
        default=shutil.which("cosmic-ray") or "cosmic-ray",
        help="the cosmic-ray executable (pip install cosmic-ray)",
    )
    p.add_argument("--json", type=Path, help="write every mutant's outcome here")
    p.add_argument(
        "--sample", type=int, metavar="N", help="run a seeded sample of N cosmic-ray mutants per target (default: all)"
    )
    p.add_argument("--seed", type=int, default=0, help="the seed of --sample (default: 0)")
    p.add_argument(
        "--tests",
        action="append",
        metavar="FILE",
        help="run these test files for each mutant instead of the target's own (to check what one file kills)",
    )
    args = p.parse_args(argv)
    if args.sample is not None and args.sample < 1:
        print(f"mutation: --sample {args.sample}: give a positive number of mutants", file=sys.stderr)
        return 2
    missing = [t for t in args.tests or () if not (ROOT / t).is_file()]
    if missing:
        print(f"mutation: --tests {missing[0]}: no such test file under {ROOT}", file=sys.stderr)
        return 2
    names = args.target or sorted(TARGETS)
    if any(TARGETS[n].engine == "cosmic-ray" for n in names) and shutil.which(args.cosmic_ray) is None:
        print("mutation: cosmic-ray is not installed; pip install cosmic-ray", file=sys.stderr)
        return 2
    equivalents = json.loads(EQUIVALENTS.read_text(encoding="utf-8")) if EQUIVALENTS.exists() else []
    if args.json is not None and args.json.exists():
        print(f"mutation: {args.json} exists; name a new file", file=sys.stderr)
        return 2
    everything = []
    for name in names:
        target = TARGETS[name] if not args.tests else replace(TARGETS[name], tests=tuple(args.tests))
        with tempfile.TemporaryDirectory(prefix="lctg-mutation-") as tmp:
            copy = Path(tmp) / "checkout"
            copy.mkdir()
            _copy_checkout(copy)
            if target.engine == "alternatives":
                results = run_alternatives(copy, target)
                population = len(results)
            else:
                results, population = run_cosmic_ray(copy, target, args.cosmic_ray, args.sample, args.seed)
        for r in results:
            r["target"] = name
        everything += results
        ran = sum(r["outcome"] != "annotation" for r in results)
        sampled = f" (a sample of {ran} of {population} mutants, seed {args.seed})" if ran < population else ""
        print(f"== {name}{sampled}")
        for module in target.modules:
            mine = [r for r in results if r["module"] == module]
            annotation = sum(r["outcome"] == "annotation" for r in mine)
            killed = sum(r["outcome"] == "killed" for r in mine)
            survived = [r for r in mine if r["outcome"] == "survived"]
            explained = sum(_explained(r, equivalents) is not None for r in survived)
            competent = killed + len(survived)
            rate = f"{killed / competent:.3f}" if competent else "-"
            score_changing = competent - explained  # the explained survivors cannot change a score
            rest = f"{killed / score_changing:.3f}" if score_changing else "-"
            print(
                f"{module}: {len(mine) - annotation} mutants, {killed} killed, {len(survived)} survived "
                f"({explained} equivalent), {len(mine) - annotation - competent} incompetent; kill rate {rate}, "
                f"{rest} of the non-equivalent; {annotation} in annotations not run"
            )
            for r in survived:
                why = _explained(r, equivalents)
                print(
                    f"  {'equivalent' if why else 'SURVIVED'} line {r['line']} {r['operator']}: {r['diff']}"
                    + (f"  ({why})" if why else "")
                )
    if args.json is not None:
        args.json.write_text(json.dumps(everything, ensure_ascii=False, indent=1), encoding="utf-8")
    unexplained = [r for r in everything if r["outcome"] == "survived" and _explained(r, equivalents) is None]
    ran = sum(r["outcome"] != "annotation" for r in everything)
    print(
        f"{ran} mutants run ({len(everything) - ran} in annotations not run), {len(unexplained)} unexplained survivors"
    )
    return 1 if unexplained else 0


if __name__ == "__main__":
    raise SystemExit(main())
