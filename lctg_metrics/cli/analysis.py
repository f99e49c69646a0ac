"""The analysis commands of ``lctg``: ``compare``, ``report`` and ``substitutability`` (parsers and handlers).

Handlers read files, call :mod:`lctg_metrics.analysis` for the numbers and :mod:`lctg_metrics.render` for the
views, and write the outputs."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lctg_metrics.cli.commands import help_line
from lctg_metrics.cli.flags import SEED_HELP, add_resamples
from lctg_metrics.cli.wrote import say_wrote

#: Resamples of ``lctg compare`` by default: a permutation test's p-value, finer than the intervals' default.
COMPARE_RESAMPLES = 10_000
#: Minimum number of models for a ranking analysis: with 2 models every rank correlation is ±1.
MIN_MODELS = 3


def cmd_compare(args: argparse.Namespace) -> int:
    from lctg_metrics.analysis.compare import compare_details
    from lctg_metrics.analysis.details import display_names, read_details
    from lctg_metrics.outputs.checks import Output, check_paths
    from lctg_metrics.outputs.write import json_text, write_all
    from lctg_metrics.render.terminal import format_comparison
    from lctg_metrics.stats.bootstrap import check_resampling, check_seed

    check_resampling(args.n_resamples, 0.95, name="--ci-resamples")
    check_seed(args.seed, name="--seed")
    if not 0 < args.alpha < 1:
        raise ValueError(f"--alpha must be in (0, 1), got {args.alpha}")
    check_paths(
        [Output.file("--json", args.json) if args.json else None],
        inputs={"DETAILS_A": args.details_a, "DETAILS_B": args.details_b},
    )
    names = display_names([args.details_a, args.details_b], args.names)
    a, b = _details(args.details_a, read_details), _details(args.details_b, read_details)
    cmp = compare_details(
        a,
        b,
        names=(names[0], names[1]),
        method=args.method,
        n_resamples=args.n_resamples,
        seed=args.seed,
        alpha=args.alpha,
        allow_different_signatures=args.allow_different_signatures,
    )
    if args.json:
        write_all([(args.json, json_text(cmp))])
        say_wrote([args.json])
    print(format_comparison(cmp), file=sys.stderr if args.json == "-" else sys.stdout)
    return 0


def report_paths(out_arg: str, details: str, fmt: str | None) -> tuple[str, Path, Path | None]:
    """The format, the report file and (Markdown) its images' folder for ``--output``: a folder (one that exists, a
    path ending in a separator, or with ``--format md`` a path without ``.md``) holds a report named after the
    details file; else the path is the report."""
    out = Path(out_arg)
    if out_arg.endswith(("/", "\\")) or out.is_dir() or (fmt == "md" and out.suffix.lower() != ".md"):
        fmt = fmt or "html"
        out = out / f"{Path(details).stem}.{fmt}"
    else:
        fmt = fmt or ("md" if out.suffix.lower() == ".md" else "html")
    return fmt, out, (out.with_name(out.stem + "_files") if fmt == "md" else None)


#: Another family's details file, told apart by the fields of its first line: (fields, what it is, what reads it).
OTHER_DETAILS = (
    (("instruction_id", "strict", "loose"), "an lctg if-score details file (one verdict per instruction)", "if-score"),
    (("hit", "choice"), "an lctg ifsm details file (one item per story ending)", "ifsm"),
)


def _details(path: str, read: Any) -> Any:
    """``read(path)`` (the details reader), with the path as given kept in its errors: a folder, a missing file, or
    another family's details file is one line saying which, and what to give instead."""
    p = Path(path)
    if p.is_dir():
        found = sorted(p.rglob("*.jsonl"))[:1]
        example = f", e.g. {found[0]}" if found else ""
        raise ValueError(f"{path} is a folder; give a details file (the --details output of lctg score){example}")
    if not p.exists():
        raise ValueError(
            f"details file {path} does not exist (write one with: lctg score GENERATIONS --dataset DIR "
            f"--details {path})"
        )
    try:
        return read(path)
    except ValueError:
        first = _first_record(p)
        for fields, what, command in OTHER_DETAILS:
            if all(f in first for f in fields):
                raise ValueError(
                    f"{path}: {what}, not the --details output of lctg score; lctg {command} summarises its own run "
                    f"(its --json output), and report/compare read LCTG Bench details"
                ) from None
        raise


def _first_record(p: Path) -> dict[str, Any]:
    """The first line of a JSONL file as an object ({} when it is not one)."""
    try:
        with open(p, encoding="utf-8") as f:
            record = json.loads(f.readline())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return {}
    return record if isinstance(record, dict) else {}


def cmd_report(args: argparse.Namespace) -> int:
    from lctg_metrics.analysis.details import read_details
    from lctg_metrics.analysis.report_data import report_data
    from lctg_metrics.outputs.checks import Output, check_paths
    from lctg_metrics.outputs.write import write_all
    from lctg_metrics.render import figures, html, markdown
    from lctg_metrics.stats.bootstrap import check_resampling, check_seed

    fmt, out, img_dir = report_paths(args.out, args.details, args.format)
    check_resampling(args.ci_resamples, 0.95, name="--ci-resamples")
    check_seed(args.seed, name="--seed")
    if args.worst < 0:
        raise ValueError(f"--worst must be >= 0, got {args.worst}")
    planned = [Output.file("--output", out)]
    if img_dir is not None:
        planned.append(Output.directory("--output (images)", img_dir))
    check_paths(planned, inputs={"DETAILS": args.details, "--result": args.result})
    figures.load_matplotlib()  # fail fast with the install hint, before any work
    if fmt == "html":
        html.environment()  # jinja2, same extra
    details = _details(args.details, read_details)
    result = None
    if args.result:
        rp = Path(args.result)
        if not rp.is_file():
            raise ValueError(f"--result {rp} does not exist (the --json output of lctg score)")
        try:
            result = json.loads(rp.read_text(encoding="utf-8"))
        except json.JSONDecodeError as e:
            raise ValueError(f"--result {rp}: invalid JSON ({e.msg} at line {e.lineno})") from None
        if not isinstance(result, dict) or "scores" not in result:
            raise ValueError(
                f"--result {rp}: not an lctg score result (no 'scores'); give the --json output of lctg score"
            )
    data = report_data(
        details,
        result=result,
        result_path=str(args.result or ""),
        model_name=args.model_name or Path(args.details).stem,
        published_source=args.published_source,
        n_resamples=args.ci_resamples,
        seed=args.seed,
        worst=args.worst,
    )
    pngs = figures.report_figures(data)
    if fmt == "html":
        write_all([(out, html.render_report(data, pngs))])
        say_wrote([out], f"{len(pngs)} embedded images")
        return 0
    assert img_dir is not None
    rel = {name: (img_dir / name).relative_to(out.parent).as_posix() for name in pngs}
    images = [(img_dir / name, png) for name, png in pngs.items()]
    write_all([*images, (out, markdown.render_report(data, rel))])
    say_wrote([out, *(p for p, _ in images)])
    return 0


def _all_undefined(analysis: Mapping[str, Any], what: str) -> None:
    if len(analysis["undefined"]) >= len(analysis["settings"]) - 1:
        why = "; ".join(f"{s}: {w}" for s, w in analysis["undefined"].items())
        raise ValueError(
            f"{what}: fewer than 2 settings rank the models (the others give every model the same "
            f"score), so no rank correlation is defined: {why}"
        )


def _check_threshold(threshold: float) -> None:
    if not -1 <= threshold <= 1:
        raise ValueError(f"--threshold is a Spearman correlation and must be in [-1, 1], got {threshold}")


def cmd_substitutability(args: argparse.Namespace) -> int:
    from lctg_metrics.analysis.details import display_names, read_details
    from lctg_metrics.analysis.placement import source_code
    from lctg_metrics.analysis.signatures import common_signature
    from lctg_metrics.analysis.substitutability import published_substitutability, substitutability
    from lctg_metrics.outputs.checks import Output, check_paths
    from lctg_metrics.outputs.write import json_text, write_all
    from lctg_metrics.render import figures
    from lctg_metrics.render.terminal import format_substitutability

    _check_threshold(args.threshold)
    if args.published and args.details:
        raise ValueError("give DETAILS files or --published, not both (the papers' tables have no per-item details)")
    if not args.published and not args.details:
        raise ValueError(
            f"give at least {MIN_MODELS} DETAILS files (one per model), or --published for the papers' tables"
        )
    if args.published and args.names:
        raise ValueError("--names labels DETAILS files; the published tables name their own models")
    out_dir = Path(args.out_dir) if args.out_dir else None
    if out_dir is not None:
        json_file = "published_substitutability.json" if args.published else "substitutability.json"
        check_paths(
            [Output.directory("--output", out_dir, [json_file])], inputs={f"DETAILS {p}": p for p in args.details or []}
        )
        figures.load_matplotlib()  # fail fast with the install hint
    maps: dict[str, bytes] = {}
    if args.published:
        analyses = published_substitutability(threshold=args.threshold)
        texts = []
        for source, analysis in analyses.items():
            code = source_code(source)
            texts.append(format_substitutability(analysis, title=f"published: {source}"))
            if out_dir is not None:
                maps[f"published_{code}_spearman.png"] = figures.matrix_figure(
                    analysis["spearman"],
                    analysis["settings"],
                    vmin=-1,
                    vmax=1,
                    cmap="RdBu_r",
                    title=f"Spearman rho of model rankings, {code} paper ({len(analysis['models'])} models)",
                    cbar_label="Spearman rho",
                )
        payload: Any = {"threshold": args.threshold, "sources": analyses}
        json_name = "published_substitutability.json"
        text = "\n\n".join(texts)
    else:
        if len(args.details) < MIN_MODELS:
            raise ValueError(
                f"substitutability needs the details of at least {MIN_MODELS} models, got "
                f"{len(args.details)}: with 2 models every rank correlation is +1 or -1"
            )
        names = display_names(args.details, args.names)
        files = [_details(p, read_details) for p in args.details]
        notes = common_signature(files, names, allow_different=args.allow_different_signatures)
        analysis = substitutability({n: d.records for n, d in zip(names, files)}, threshold=args.threshold)
        _all_undefined(analysis, "substitutability")
        analysis["notes"] = notes + analysis["notes"]
        analysis["files"] = dict(zip(names, args.details))
        text = format_substitutability(analysis, title="substitutability of the LCTG settings")
        payload, json_name = analysis, "substitutability.json"
        if out_dir is not None:
            settings = analysis["settings"]
            maps["spearman.png"] = figures.matrix_figure(
                analysis["spearman"],
                settings,
                vmin=-1,
                vmax=1,
                cmap="RdBu_r",
                cbar_label="Spearman rho",
                title=f"Spearman rho of model rankings ({len(names)} models)",
            )
            sim = analysis["statistics"]["similarity"]
            lo, hi = figures.similarity_range([sim["mean"], sim["std"]])
            for kind, what in (("mean", "per-prompt mean"), ("std", "per-prompt std over samples")):
                maps[f"similarity_{kind}.png"] = figures.matrix_figure(
                    sim[kind],
                    settings,
                    vmin=lo,
                    vmax=hi,
                    cmap="viridis",
                    cbar_label="1 - JSD",
                    title=f"statistical similarity: 1 - JSD of {what} histograms",
                )
    print(text)
    if out_dir is not None:
        outputs: list[tuple[Path, str | bytes]] = [
            (out_dir / json_name, json_text(payload)),
            *((out_dir / name, png) for name, png in maps.items()),
        ]
        write_all(outputs)
        say_wrote(path for path, _ in outputs)
    return 0


def register(subparsers: Any) -> None:
    """Add ``compare``, ``report`` and ``substitutability`` to the ``lctg`` parser; each sets ``handler``."""
    from lctg_metrics import stats
    from lctg_metrics.analysis.placement import SOURCE_CODES
    from lctg_metrics.analysis.substitutability import SUBSTITUTE_THRESHOLD
    from lctg_metrics.render import figures

    c = subparsers.add_parser(
        "compare",
        help=help_line("compare"),
        description="Compare two details files (lctg score --details) per task × aspect: difference, CI, p-value "
        "and a plain-language verdict. Refuses different scoring settings or different items.",
    )
    c.add_argument("details_a", metavar="DETAILS_A", help="details JSONL of model A")
    c.add_argument("details_b", metavar="DETAILS_B", help="details JSONL of model B")
    c.add_argument("--names", nargs=2, metavar=("A", "B"), help="display names (default: the file names)")
    c.add_argument(
        "--method",
        choices=list(stats.METHODS),
        default="permutation",
        help="permutation (sign flip per prompt, default) or bootstrap",
    )
    add_resamples(
        c,
        dest="n_resamples",
        default=COMPARE_RESAMPLES,
        what="resamples for the paired test's p-value and the CI of the difference (more than the "
        "intervals' default: a p-value near alpha needs them)",
    )
    c.add_argument("--seed", type=int, default=0, help=SEED_HELP.format(what="the resampling's"))
    c.add_argument("--alpha", type=float, default=0.05, help="significance level; the CI level is 1 - alpha")
    c.add_argument(
        "--allow-different-signatures",
        action="store_true",
        help="compare even if the scoring settings differ (the differences are listed)",
    )
    c.add_argument("--json", metavar="OUT", help="write every comparison as JSON")
    c.set_defaults(handler=cmd_compare)

    r = subparsers.add_parser(
        "report",
        help=help_line("report"),
        description="A readable report of one model's score details. Needs the plot extra: " + figures.PLOT_HINT,
    )
    r.add_argument("details", metavar="DETAILS", help="details JSONL (lctg score --details)")
    r.add_argument(
        "--result",
        metavar="RESULT_JSON",
        help="the --json output of the same lctg score run (coverage, "
        "notes; its scores are checked against the details)",
    )
    r.add_argument(
        "-o",
        "--output",
        dest="out",
        required=True,
        help="report.html; for Markdown report.md (images in report_files/); or a folder (one that exists, "
        "or a path ending in /): the report is written inside it, named after DETAILS "
        "(DETAILS_NAME.html, or DETAILS_NAME.md with its images in DETAILS_NAME_files/)",
    )
    r.add_argument("--model-name", help="name shown in the report (default: the details file name)")
    r.add_argument("--format", choices=["html", "md"], help="default: md if --output ends in .md, else html")
    r.add_argument(
        "--published-source",
        choices=[*SOURCE_CODES, "all"],
        default="EN",
        help="which paper's table to place the model in (default EN: all three tasks)",
    )
    add_resamples(r)
    r.add_argument("--seed", type=int, default=0, help=SEED_HELP.format(what="the bootstrap's"))
    r.add_argument(
        "--worst", type=int, default=5, metavar="K", help="worst items shown per task × aspect (default 5; 0 = none)"
    )
    r.set_defaults(handler=cmd_report)

    s = subparsers.add_parser(
        "substitutability",
        help=help_line("substitutability"),
        description="Substitutability of task × aspect settings over several models' details, or over the papers' "
        "published tables with --published. Heat maps need the plot extra: " + figures.PLOT_HINT,
    )
    s.add_argument("details", metavar="DETAILS", nargs="*", help=f"details JSONL of {MIN_MODELS} or more models")
    s.add_argument("--published", action="store_true", help="analyse the papers' published tables instead")
    s.add_argument("--names", nargs="+", help="one display name per DETAILS file")
    s.add_argument(
        "-o", "--output", dest="out_dir", metavar="DIR", help="folder to write the JSON matrices and heat-map PNGs into"
    )
    s.add_argument(
        "--threshold",
        type=float,
        default=SUBSTITUTE_THRESHOLD,
        help=f"Spearman rho at which settings substitute (default {SUBSTITUTE_THRESHOLD:g})",
    )
    s.add_argument(
        "--allow-different-signatures",
        action="store_true",
        help="analyse models scored with different settings (the differences are listed)",
    )
    s.set_defaults(handler=cmd_substitutability)


__all__ = ["register"]
