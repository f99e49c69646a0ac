"""``lctg ifsm`` with its defaults, cold and warm, against its encoder floor: whole processes, paired, in one run.

    .venv/bin/python benchmarks/bench_ifsm_floor.py [--split eval|fit|all] [--rounds 3] [--stories-source DIR]

The generations are the gold endings of the chosen half (the reader sees every ending; nothing is flagged that a
run of real generations would not see too). In each round three processes run, in an order rotated between rounds:

- ``floor``: ``benchmarks/ifsm_floor.py`` (encode each ending and its four candidates once, pick the closest);
- ``cold``: ``lctg ifsm`` with an empty attack cache (the probes and attack table computed, then kept);
- ``warm``: ``lctg ifsm`` with the table the cold run of the same round kept (reused; the result says so).

Prints each one's median wall and CPU time (user + system, the process's own accounting: less moved by other jobs
on a busy machine than wall time), their ratios to the floor's and the target (warm <= 2.5x, cold <= 6x), the
machine's load before and after (``os.getloadavg``), and checks that warm and cold give the same result.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TARGETS = {"warm": 2.5, "cold": 6.0}
LCTG = "import sys; from lctg_metrics.cli import main; sys.exit(main())"


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one process."""
    start, cpu = time.perf_counter(), _children_cpu()
    done = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if done.returncode not in (0, 1):  # 1: an invalid result, still a full run
        raise SystemExit(f"{' '.join(cmd[:4])}... failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    return wall, _children_cpu() - cpu


def _cache_opt_in() -> list[str]:
    """``["--attack-cache"]`` where ``lctg ifsm`` still has the cache off unless asked (the API's default is on)."""
    from lctg_metrics.cli.flags import Parser
    from lctg_metrics.cli.ifsm import add_arguments

    parser = Parser(prog="lctg ifsm")
    add_arguments(parser)
    flags = {flag for action in parser._actions for flag in action.option_strings}
    return ["--attack-cache"] if "--attack-cache" in flags and parser.get_default("attack_cache") is False else []


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--split", default="eval", choices=("eval", "fit", "all"), help="half scored (default: lctg ifsm's own, eval)"
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--stories-source", dest="stories", default=None)
    args = parser.parse_args(argv)
    from lctg_dataset.stories import load_story_rows

    rows = [
        r
        for r in load_story_rows(args.stories, include_contexts=True)
        if args.split == "all" or r["split"] == args.split
    ]
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        gens = Path(tmp) / "gold.jsonl"
        gens.write_text(
            "".join(json.dumps({"id": r["id"], "generation": r["gold_ending"]}) + "\n" for r in rows), "utf-8"
        )
        stories = ["--stories-source", args.stories] if args.stories else []
        env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_DATASETS_OFFLINE": "1", "HF_HUB_OFFLINE": "1"}
        floor = [sys.executable, str(ROOT / "benchmarks" / "ifsm_floor.py"), str(gens), "--split", args.split, *stories]

        opt_in = _cache_opt_in()

        def ifsm(out: str) -> list[str]:
            return [
                sys.executable,
                "-c",
                LCTG,
                "ifsm",
                str(gens),
                "--split",
                args.split,
                "--json",
                out,
                "--allow-invalid",
                *stories,
                *opt_in,
            ]

        times: dict[str, list[float]] = {"floor": [], "cold": [], "warm": []}
        cpus: dict[str, list[float]] = {"floor": [], "cold": [], "warm": []}
        results: dict[str, dict] = {}
        # cold runs before warm in a round (warm reuses its table); the floor moves around them
        orders = (("floor", "cold", "warm"), ("cold", "warm", "floor"), ("cold", "floor", "warm"))
        for round_ in range(args.rounds):
            run_env = {**env, "LCTG_IFSM_CACHE": str(Path(tmp) / f"cache{round_}")}
            for name in orders[round_ % len(orders)]:
                out = str(Path(tmp) / f"{name}{round_}.json")
                wall, cpu = _timed(floor if name == "floor" else ifsm(out), run_env)
                times[name].append(wall)
                cpus[name].append(cpu)
                if name != "floor":
                    results[name] = json.loads(Path(out).read_text("utf-8"))
    load_after = os.getloadavg()
    assert results["warm"]["attacks_reused"] is True and results["cold"]["attacks_reused"] is False, (
        "warm must reuse the table and cold compute it (is the cache on by default?)"
    )
    same = {k: results["warm"][k] == results["cold"][k] for k in ("ifsm", "ci", "valid", "attacks", "signature")}
    print(
        f"lctg ifsm on the {len(rows)} gold endings of split {args.split}, {args.rounds} rounds, "
        f"python {sys.version.split()[0]}, load average {load_before[0]:.2f} before, {load_after[0]:.2f} after"
    )
    print(
        "\n| process | wall s (median) | runs | wall / floor | CPU s (median) | CPU / floor | target (wall) |\n"
        "|---|---|---|---|---|---|---|"
    )
    base, base_cpu = statistics.median(times["floor"]), statistics.median(cpus["floor"])
    for name, walls in times.items():
        median, cpu = statistics.median(walls), statistics.median(cpus[name])
        target = (
            f"<= {TARGETS[name]}x: {'ok' if median / base <= TARGETS[name] else 'ABOVE'}" if name in TARGETS else "-"
        )
        print(
            f"| {name} | {median:.2f} | {', '.join(f'{w:.1f}' for w in walls)} | {median / base:.2f} | {cpu:.2f} | "
            f"{cpu / base_cpu:.2f} | {target} |"
        )
    print(f"\nwarm and cold results equal: {same}")
    if opt_in:
        print(f"(lctg ifsm given {' '.join(opt_in)}: this CLI still has the attack cache off unless asked)")


if __name__ == "__main__":
    main()
