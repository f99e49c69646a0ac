"""``lctg publish``: a built dataset folder to a Hub dataset repo and/or its metric module to a Space (``--dry-run``:
the plan, nothing uploaded); flags that contradict each other or do nothing are refused first."""

from __future__ import annotations

import argparse
from pathlib import Path

from lctg_metrics.cli.dataset import CLIError


def cmd_publish(args: argparse.Namespace) -> int:
    from lctg_dataset.publish import hub_token, plan, publish

    if not args.repo_id and not args.metric:
        raise CLIError("give --repo-id (the dataset repo) and/or --metric (the metric module's Space)")
    _refuse_idle_flags(args)
    if args.repo_id and not Path(args.dataset).exists():  # a local build is uploaded: a Hub id names no folder
        raise CLIError(
            f"--dataset {args.dataset}: no such folder; publish uploads a local build folder (write one with "
            "lctg build -o DIR, then give --dataset DIR)"
        )
    metric_folder = Path(args.dataset) / metric_module_name(args)
    tag = None if args.no_tag else args.tag
    if args.repo_id and tag is not None and tag != "default":  # refused first, in the dry run too
        from lctg_dataset.hub_calls import PublishError
        from lctg_dataset.tags import check_tag

        try:
            check_tag(tag)
        except PublishError as e:
            raise CLIError(str(e)) from None
    if args.dry_run:
        lines = ["dry run: nothing uploaded"]
        if args.repo_id:
            lines += plan(Path(args.dataset), args.repo_id, tag=tag).lines()
        if args.metric:
            lines += _metric_plan(metric_folder, args.metric, args.repo_id or args.dataset_repo)
        print("\n".join(lines))
        return 0
    token = hub_token(args.token_env)
    if args.repo_id:
        url = publish(Path(args.dataset), args.repo_id, token=token, private=args.private, tag=tag)
        print(f"published {args.dataset} to {url}")
    if args.metric:
        from lctg_dataset.publish import publish_metric

        url = publish_metric(
            metric_folder, args.metric, token=token, private=args.private, dataset=args.repo_id or args.dataset_repo
        )
        print(f"published the metric module {metric_folder} to {url}")
    return 0


def _refuse_idle_flags(args: argparse.Namespace) -> None:
    """publish flags that would contradict another or do nothing: refused in one line naming them."""
    from lctg_metrics.metric_module import METRICS

    named = (args.metric or "").rpartition("/")[2]
    if args.module and named in METRICS and named != args.module:
        raise CLIError(
            f"--module {args.module} contradicts --metric {args.metric} (a Space named after {named}); drop --module, "
            f"or name the Space after {args.module}"
        )
    if not args.repo_id and (args.no_tag or args.tag != "default"):
        flag = "--no-tag" if args.no_tag else "--tag"
        raise CLIError(f"{flag} applies to the dataset upload (--repo-id); a metric Space is not tagged: drop {flag}")


def metric_module_name(args: argparse.Namespace) -> str:
    """The module ``--metric`` publishes: ``--module``, else the one the Space is named after, else lctg_ctg."""
    from lctg_metrics.metric_module import METRIC_MODULE_DIR, METRICS

    if getattr(args, "module", None):
        return args.module
    named = (args.metric or "").rpartition("/")[2]
    return named if named in METRICS else METRIC_MODULE_DIR


def _metric_plan(folder: Path, repo_id: str, dataset: str | None) -> list[str]:
    if not folder.is_dir():
        from lctg_metrics.metric_module import METRICS

        module = METRICS[folder.name]
        needs = f" with its {module.config} config" if module.config else ""
        raise CLIError(
            f"metric folder {folder} does not exist; build the dataset first{needs} (it writes {folder.name}/)"
        )
    from lctg_dataset.publish import metric_plan

    return metric_plan(folder, repo_id, dataset=dataset).lines()
