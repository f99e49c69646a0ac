"""``lctg lm-eval-tasks``: write lm-evaluation-harness task files that score with lctg, for a built dataset."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("lm-eval-tasks", help="write lm-evaluation-harness task files (group lctg) for a built dataset",
                       description="Write task YAMLs + utils.py for `lm_eval --include_path DIR --tasks lctg`; each "
                       "response is scored by lctg (rule cleaner by default), so the harness prints LCTG accuracies.")
    p.add_argument("--dataset", required=True, help="dataset folder written by build_dataset.py")
    p.add_argument("--out", required=True, help="folder to write the task files into (new, or written by this command)")
    p.add_argument("--dataset-path", help="what the task files load (default: the folder's absolute path; a Hub "
                   "repo id works too)")
    p.add_argument("--repeats", type=int, default=1, help="samples per prompt (default 1; set a temperature in "
                   "--gen-kwargs of lm_eval for k > 1)")
    p.add_argument("--cleaner", choices=("rule", "none"), default="rule", help="cleaner used inside the harness "
                   "(default rule; the LLM cleaner needs whole runs: use `lctg score --from lm-eval` instead)")
    p.add_argument("--profile", default="upstream", help="scoring profile")
    p.set_defaults(handler=cmd_lm_eval_tasks)


def cmd_lm_eval_tasks(args: argparse.Namespace) -> int:
    from lctg_metrics.lm_eval_tasks import write_lm_eval_tasks

    files = write_lm_eval_tasks(args.dataset, args.out, dataset_path=args.dataset_path, repeats=args.repeats,
                                scoring={"cleaner": args.cleaner, "profile": args.profile})
    print(f"wrote {len(files)} task files to {args.out}; run: lm_eval --include_path {args.out} --tasks lctg "
          "--log_samples --output_path OUT ... then `lctg score OUT --from lm-eval` for the full report")
    return 0
