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

Every test run (the unmutated baseline first, then each mutant's) runs under declared limits (tools/mutation_run.py):
an address-space cap (``RLIMIT_AS``, ``MEMORY_CAP``, ``--memory-cap``) set in the child, and a wall-clock timeout
derived from the baseline (``TIMEOUT_FACTOR`` times its time plus ``TIMEOUT_EXTRA``, or ``--timeout``). A mutant that
loops or allocates without bound is stopped at a limit and counted as *killed (timeout)* or *killed (memory)*.

cosmic-ray mutants inside annotations are set apart and not run: every scoring module defers its annotations
(``from __future__ import annotations``), so they are never evaluated. ``--sample N --seed S`` runs a seeded sample of
the rest where the whole does not fit the time; ``--tests FILE`` runs other test files for each mutant (to check what
one new test file kills); ``--changed-since COMMIT`` runs only the mutants on lines added or changed since COMMIT
(``git diff -U0`` of the checkout); ``--select-by-coverage`` runs each cosmic-ray mutant against only the tests that
execute its statement (tools/mutation_select.py). Results and the rerun commands: benchmarks/mutation.md.

    .venv/bin/pip install cosmic-ray                       # a development tool, not a dependency
    .venv/bin/python tools/mutation.py --target aspects    # or several --target, or none for all
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Collection, Mapping
from dataclasses import replace
from pathlib import Path

from mutation_cosmic import changed_lines, drawn_at, outcomes_of, run_cosmic_ray
from mutation_run import (
    MEMORY_CAP,
    TIMEOUT_EXTRA,
    TIMEOUT_FACTOR,
    Limits,
    baseline,
    limit_hit,
    pytest_command,
    pytest_env,
    run_limited,
    timeout_for,
)
from mutation_select import check_report, prepare
from mutation_targets import TARGETS, Target

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENTS = ROOT / "tools" / "mutation_equivalents.json"


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


def _copy_modules(commit: str, modules: Collection[str], dest: Path) -> None:
    """``modules`` as they were at ``commit``."""
    for rel in modules:
        text = subprocess.run(["git", "show", f"{commit}:{rel}"], cwd=ROOT, capture_output=True, check=True).stdout
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        (dest / rel).write_bytes(text)


def _alternative_lines(path: Path) -> list[int]:
    """Line numbers (0-based) that start a regex alternative: ``r"|…"`` pieces of implicitly joined literals."""
    return [i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines()) if re.match(r'\s*r"\|', line)]


def run_alternatives(
    copy: Path,
    target: Target,
    limits: Limits,
    only: Collection[tuple[str, str, int]] | None = None,
    skip: Collection[tuple[str, str]] = (),
    changed: Mapping[str, Collection[int]] | None = None,
) -> list[dict]:
    results = []
    for rel in target.modules:
        path = copy / rel
        original = path.read_text(encoding="utf-8")
        lines = original.splitlines(keepends=True)
        for i in _alternative_lines(path):
            if only is not None and (rel, "drop-alternative", i + 1) not in only:
                continue
            if changed is not None and i + 1 not in changed.get(rel, ()):
                continue
            if (rel, "-" + lines[i].strip()) in skip:  # an earlier run has its outcome
                continue
            path.write_text("".join(lines[:i] + lines[i + 1 :]), encoding="utf-8")
            try:
                status, out = run_limited(pytest_command(copy, target), copy, pytest_env(copy), limits)
            finally:
                path.write_text(original, encoding="utf-8")
            hit = limit_hit(out) if status != 0 else None
            outcome = "killed" if status == 1 or hit else "survived" if status == 0 else "incompetent"
            results.append(
                {
                    "module": rel,
                    "operator": "drop-alternative",
                    "line": i + 1,
                    "outcome": outcome,
                    "limit": hit,
                    "diff": "-" + lines[i].strip(),
                }
            )
    return results


def _explained(result: dict, equivalents: list[dict]) -> str | None:
    for e in equivalents:
        same = result["diff"].startswith(e["diff"]) if e.get("prefix") else result["diff"] == e["diff"]
        if e["module"] == result["module"] and same:
            return e["why"]
    return None


def _earlier(value: str) -> tuple[int, int]:
    """``N:SEED`` of ``--exclude-sample``."""
    try:
        n, seed = (int(x) for x in value.split(":"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r}: give N:SEED, e.g. 150:0") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{value!r}: N is a positive number of mutants")
    return n, seed


def _arguments() -> argparse.ArgumentParser:
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
        "--exclude-sample",
        type=_earlier,
        action="append",
        default=[],
        metavar="N:SEED",
        help="leave out the mutants an earlier --sample N --seed SEED ran (repeatable, in the order they ran)",
    )
    p.add_argument(
        "--again-sample",
        type=_earlier,
        action="append",
        default=[],
        metavar="N:SEED",
        help="run exactly the mutants an earlier --sample N --seed SEED took, drawn after the --exclude-sample ones "
        "(repeatable, in the order they ran): to run old samples again on today's code",
    )
    p.add_argument(
        "--tests",
        action="append",
        metavar="FILE",
        help="run these test files for each mutant instead of the target's own (to check what one file kills)",
    )
    p.add_argument(
        "--rerun",
        type=Path,
        metavar="JSON",
        help="run only the mutants that survived in an earlier run's --json (with --tests: what a new file kills)",
    )
    p.add_argument(
        "--skip-run",
        type=Path,
        action="append",
        default=[],
        metavar="JSON",
        help="leave out the mutants an earlier run's --json holds an outcome for, named by module and diff as "
        "--rerun names them (repeatable): to finish a run that stopped",
    )
    p.add_argument(
        "--drawn-at",
        metavar="COMMIT",
        help="draw --sample, --exclude-sample and --again-sample over the modules as they were at COMMIT and run "
        "today's mutants with the same diff (those whose line changed since are gone): a sample named where it "
        "was drawn",
    )
    p.add_argument(
        "--changed-since",
        metavar="COMMIT",
        help="run only the mutants whose mutated code holds a line added or changed since COMMIT (git diff -U0 "
        "COMMIT -- MODULE in this checkout, uncommitted edits included): to mutate what changed since a full run",
    )
    p.add_argument(
        "--memory-cap",
        type=float,
        default=MEMORY_CAP / (1 << 30),
        metavar="GIB",
        help=f"address space of each test run, GiB (default {MEMORY_CAP / (1 << 30):g})",
    )
    p.add_argument(
        "--timeout",
        type=float,
        metavar="SECONDS",
        help=f"each mutant's time limit (default: {TIMEOUT_FACTOR:g} x the unmutated run + {TIMEOUT_EXTRA:g} s)",
    )
    p.add_argument(
        "--select-by-coverage",
        action="store_true",
        help="run each cosmic-ray mutant against the tests that execute its statement (tools/mutation_select.py)",
    )
    p.add_argument(
        "--check-selection",
        action="store_true",
        help="run each mutant with the selected tests and with the whole list, compare verdicts and times",
    )
    return p


def _report(target: Target, results: list[dict], equivalents: list[dict]) -> None:
    for module in target.modules:
        mine = [r for r in results if r["module"] == module]
        annotation = sum(r["outcome"] == "annotation" for r in mine)
        killed = [r for r in mine if r["outcome"] == "killed"]
        stopped = [r for r in killed if r.get("limit")]
        survived = [r for r in mine if r["outcome"] == "survived"]
        explained = sum(_explained(r, equivalents) is not None for r in survived)
        competent = len(killed) + len(survived)
        rate = f"{len(killed) / competent:.3f}" if competent else "-"
        score_changing = competent - explained  # the explained survivors cannot change a score
        rest = f"{len(killed) / score_changing:.3f}" if score_changing else "-"
        print(
            f"{module}: {len(mine) - annotation} mutants, {len(killed)} killed ({len(stopped)} at a limit), "
            f"{len(survived)} survived ({explained} equivalent), {len(mine) - annotation - competent} incompetent; "
            f"kill rate {rate}, {rest} of the non-equivalent; {annotation} in annotations not run"
        )
        for r in stopped:
            print(f"  killed ({r['limit']}) line {r['line']} {r['operator']}: {r['diff']}")
        for r in survived:
            why = _explained(r, equivalents)
            print(
                f"  {'equivalent' if why else 'SURVIVED'} line {r['line']} {r['operator']}: {r['diff']}"
                + (f"  ({why})" if why else "")
            )


def main(argv: list[str] | None = None) -> int:
    args = _arguments().parse_args(argv)
    if args.sample is not None and args.sample < 1:
        print(f"mutation: --sample {args.sample}: give a positive number of mutants", file=sys.stderr)
        return 2
    if args.again_sample and (args.sample is not None or args.rerun is not None):
        print(
            "mutation: --again-sample runs the mutants of earlier samples; drop --sample and --rerun", file=sys.stderr
        )
        return 2
    if args.memory_cap <= 0 or (args.timeout is not None and args.timeout <= 0):
        print("mutation: --memory-cap and --timeout take a positive number", file=sys.stderr)
        return 2
    missing = [t for t in args.tests or () if not (ROOT / t).is_file()]
    if missing:
        print(f"mutation: --tests {missing[0]}: no such test file under {ROOT}", file=sys.stderr)
        return 2
    skip: set[tuple[str, str]] = set()
    for path in args.skip_run:
        try:
            skip |= outcomes_of(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, TypeError, KeyError) as e:
            print(f"mutation: --skip-run {path}: not the --json of a run ({e})", file=sys.stderr)
            return 2
    if args.drawn_at is not None:
        if args.rerun is not None:
            print("mutation: --drawn-at draws a sample; --rerun takes an earlier run's survivors", file=sys.stderr)
            return 2
        if args.changed_since is not None:
            print(
                "mutation: --drawn-at runs the mutants whose lines did not change; drop --changed-since",
                file=sys.stderr,
            )
            return 2
    for flag, commit in (("--drawn-at", args.drawn_at), ("--changed-since", args.changed_since)):
        if commit is None:
            continue
        known = subprocess.run(
            ["git", "rev-parse", "--verify", "--quiet", f"{commit}^{{commit}}"], cwd=ROOT, capture_output=True
        )
        if known.returncode != 0:
            print(f"mutation: {flag} {commit}: no such commit", file=sys.stderr)
            return 2
    names = args.target or sorted(TARGETS)
    if any(TARGETS[n].engine == "cosmic-ray" for n in names) and shutil.which(args.cosmic_ray) is None:
        print("mutation: cosmic-ray is not installed; pip install cosmic-ray", file=sys.stderr)
        return 2
    equivalents = json.loads(EQUIVALENTS.read_text(encoding="utf-8")) if EQUIVALENTS.exists() else []
    if args.json is not None and args.json.exists():
        print(f"mutation: {args.json} exists; name a new file", file=sys.stderr)
        return 2
    only = None
    if args.rerun is not None:
        try:
            earlier = json.loads(args.rerun.read_text(encoding="utf-8"))
            survivors = [r for r in earlier if r["outcome"] == "survived"]
            only = {(r["module"], r["operator"], r["line"]) for r in survivors}
            diffs = {(r["module"], r["diff"]) for r in survivors}
        except (OSError, ValueError, TypeError, KeyError) as e:
            print(f"mutation: --rerun {args.rerun}: not the --json of a run ({e})", file=sys.stderr)
            return 2
    memory = int(args.memory_cap * (1 << 30))
    everything = []
    for name in names:
        target = TARGETS[name] if not args.tests else replace(TARGETS[name], tests=tuple(args.tests))
        changed = None if args.changed_since is None else changed_lines(ROOT, args.changed_since, target.modules)
        with tempfile.TemporaryDirectory(prefix="lctg-mutation-") as tmp:
            copy = Path(tmp) / "checkout"
            copy.mkdir()
            _copy_checkout(copy)
            try:
                took = baseline(copy, target, Limits(memory, args.timeout or 3600.0))
            except RuntimeError as e:
                print(f"mutation: {name}: {e}", file=sys.stderr)
                return 2
            limits = Limits(memory, args.timeout or timeout_for(took))
            print(
                f"== {name}: unmutated tests {took:.1f} s; each mutant's limits {limits.timeout:.0f} s, "
                f"{memory / (1 << 30):g} GiB",
                flush=True,
            )
            if target.engine == "alternatives":
                results = run_alternatives(copy, target, limits, only, skip, changed)
                population = len(results)
            else:
                wanted = None
                if args.drawn_at is not None:
                    old = Path(tmp) / "drawn"
                    _copy_modules(args.drawn_at, target.modules, old)
                    wanted = drawn_at(
                        args.cosmic_ray,
                        old,
                        target.modules,
                        args.sample,
                        args.seed,
                        args.exclude_sample,
                        args.again_sample,
                    )
                command = None
                if args.select_by_coverage or args.check_selection:
                    try:
                        command = prepare(copy, target, limits, args.check_selection)
                    except RuntimeError as e:
                        print(f"mutation: {name}: {e}", file=sys.stderr)
                        return 2
                    if args.check_selection:  # both runs in one mutant's time
                        limits = Limits(memory, 2 * limits.timeout)
                results, population = run_cosmic_ray(
                    copy,
                    target,
                    args.cosmic_ray,
                    limits,
                    args.sample,
                    args.seed,
                    args.exclude_sample,
                    only,
                    command,
                    args.again_sample,
                    wanted,
                    skip,
                    changed,
                )
                if args.check_selection:
                    check_report(copy, results)
        if only is not None:  # a line can hold several mutants of one operator: keep the earlier survivors
            results = [r for r in results if (r["module"], r["diff"]) in diffs]
        for r in results:
            r["target"] = name
        everything += results
        ran = sum(r["outcome"] != "annotation" for r in results)
        left_out = "".join(f", leaving out the sample of {n} with seed {s}" for n, s in args.exclude_sample)
        left_out += f", drawn at {args.drawn_at}" if args.drawn_at else ""
        left_out += "".join(f", without the mutants run in {p}" for p in args.skip_run)
        left_out += f", on the lines changed since {args.changed_since}" if args.changed_since else ""
        if only is not None:
            print(f"{ran} of {population} mutants: the survivors of {args.rerun}")
        elif args.again_sample:
            again = ", ".join(f"{n}:{s}" for n, s in args.again_sample)
            print(f"{ran} of {population} mutants: again the samples {again}{left_out}")
        elif ran < population:
            print(f"a sample of {ran} of {population} mutants, seed {args.seed}{left_out}")
        elif args.changed_since:
            print(f"{ran} mutants{left_out}")
        _report(target, results, equivalents)
    if args.json is not None:
        args.json.write_text(json.dumps(everything, ensure_ascii=False, indent=1), encoding="utf-8")
    unexplained = [r for r in everything if r["outcome"] == "survived" and _explained(r, equivalents) is None]
    ran = sum(r["outcome"] != "annotation" for r in everything)
    stopped = sum(bool(r.get("limit")) for r in everything)
    print(
        f"{ran} mutants run ({len(everything) - ran} in annotations not run, {stopped} killed at a limit), "
        f"{len(unexplained)} unexplained survivors"
    )
    return 1 if unexplained else 0


if __name__ == "__main__":
    raise SystemExit(main())
