"""The analysis commands of ``lctg``: ``compare`` and ``report`` (parsers and handlers; ``substitutability`` is in
:mod:`lctg_metrics.cli.substitutability`).

Handlers read files, call :mod:`lctg_metrics.analysis` for the numbers and :mod:`lctg_metrics.render` for the
views, and write the outputs."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from lctg_metrics.cli.commands import help_line
from lctg_metrics.cli.comparable import refuse_not_comparable
from lctg_metrics.cli.details import read_details_file
from lctg_metrics.cli.flags import SEED_HELP
from lctg_metrics.cli.intervals import add_ci, add_resamples
from lctg_metrics.cli.substitutability import register_substitutability
from lctg_metrics.cli.wrote import say_wrote

#: Resamples of ``lctg compare`` by default: a permutation test's p-value, finer than the intervals' default.
COMPARE_RESAMPLES = 10_000


def cmd_compare(args: argparse.Namespace) -> int:
    from lctg_metrics.analysis.compare import compare_details
    from lctg_metrics.analysis.details import display_names, read_details
    from lctg_metrics.cli.outside import check_outputs
    from lctg_metrics.outputs.checks import Output
    from lctg_metrics.outputs.write import json_text, write_all
    from lctg_metrics.render.terminal import format_comparison
    from lctg_metrics.stats.bootstrap import check_resampling, check_seed

    check_resampling(args.n_resamples, 0.95, name="--ci-resamples")
    check_seed(args.seed, name="--seed")
    if not 0 < args.alpha < 1:
        raise ValueError(f"--alpha must be in (0, 1), got {args.alpha}")
    check_outputs(
        [Output.file("--json", args.json) if args.json else None],
        inputs={"DETAILS_A": args.details_a, "DETAILS_B": args.details_b},
        command="compare",
    )
    names = display_names([args.details_a, args.details_b], args.names)
    a, b = (read_details_file(p, read_details, "compare") for p in (args.details_a, args.details_b))
    refuse_not_comparable([a, b], names, "compare", allow_different=args.allow_different_signatures, pairs_checked=True)
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
    """The format, the report file and (Markdown) its images' folder for ``--output``, by one rule: a folder (one that
    exists, or a path ending in a separator) holds a report named after the details file; any other path is the
    report file itself, in ``--format``, else the format its suffix names (``.md``; otherwise HTML). A ``--format``
    the file's suffix contradicts (``-o r.md --format html``) is refused."""
    if out_arg == "-" and fmt == "md":
        raise ValueError(
            "--format md --output -: a Markdown report links its images from a folder beside its file, which "
            "standard output has not; drop --format md (standard output takes the HTML report, images embedded) "
            "or give a file (--output report.md)"
        )
    out = Path(out_arg)
    named = {".md": "md", ".html": "html", ".htm": "html"}.get(out.suffix.lower())
    if fmt and named and named != fmt and not out_arg.endswith(("/", "\\")) and not out.is_dir():
        held = "Markdown" if fmt == "md" else "HTML"
        raise ValueError(
            f"--format {fmt} contradicts --output {out_arg} (a {out.suffix} file would hold {held}); drop "
            f"--format, or give --output {out.with_suffix('.' + fmt)}"
        )
    if out_arg.endswith(("/", "\\")) or out.is_dir():
        fmt = fmt or "html"
        out = out / f"{Path(details).stem}.{fmt}"
    else:
        fmt = fmt or ("md" if out.suffix.lower() == ".md" else "html")
    return fmt, out, (out.with_name(out.stem + "_files") if fmt == "md" else None)


def _refuse_shared_images(out: Path, img_dir: Path) -> None:
    """Another Markdown report beside ``out`` with the same stem (``r.md`` and ``r.txt``) links its images from the
    same folder: refused, so that its images are never replaced by this report's."""
    from itertools import islice

    if not img_dir.is_dir() or not out.parent.is_dir():
        return
    link = f"]({img_dir.name}/"
    for other in islice(out.parent.iterdir(), 10_000):
        if other.name == out.name or other.stem != out.stem or not other.is_file():
            continue
        try:
            with open(other, encoding="utf-8", errors="replace") as f:
                linked = link in f.read(4_000_000)
        except OSError:
            continue
        if linked:
            raise ValueError(
                f"--output {out}: its images folder {img_dir} holds the images of the report {other}; give "
                "another name (or remove that report and its folder)"
            )


def cmd_report(args: argparse.Namespace) -> int:
    from lctg_metrics.analysis.details import read_details
    from lctg_metrics.analysis.report_data import report_data
    from lctg_metrics.cli.outside import check_outputs
    from lctg_metrics.outputs.checks import Output
    from lctg_metrics.outputs.write import write_all
    from lctg_metrics.render import figures, html, markdown
    from lctg_metrics.stats.bootstrap import check_resampling, check_seed

    if args.more_details:  # several configs' details: one report each
        from lctg_metrics.cli.dataset import CLIError

        given = [args.details, *args.more_details]
        raise CLIError(
            f"lctg report takes one DETAILS file, got {len(given)} ({', '.join(given)}): a report covers one scoring "
            f"run, so one config; run lctg report once per config's details, e.g. lctg report {given[1]} -o "
            f"{Path(given[1]).stem}.html"
        )
    fmt, out, img_dir = report_paths(args.out, args.details, args.format)
    check_resampling(args.ci_resamples, 0.95, name="--ci-resamples")
    check_seed(args.seed, name="--seed")
    if args.worst < 0:
        raise ValueError(f"--worst must be >= 0, got {args.worst}")
    planned = [Output.file("--output", out)]
    if img_dir is not None:
        planned.append(Output.directory("--output (images)", img_dir))
    check_outputs(planned, inputs={"DETAILS": args.details, "--result": args.result}, command="report")
    if img_dir is not None:
        _refuse_shared_images(out, img_dir)
    figures.load_matplotlib()  # fail fast with the install hint, before any work
    if fmt == "html":
        html.environment()  # jinja2, same extra
    details = read_details_file(args.details, read_details)
    result = None
    if args.result:
        rp = Path(args.result)
        if not rp.is_file():
            raise ValueError(f"--result {rp} does not exist (the --json output of lctg score)")
        try:
            result = json.loads(rp.read_text(encoding="utf-8-sig"))  # a BOM, as every input
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
    from lctg_metrics.cli.legend import ASPECTS, ROWS, legend

    data["notes"] = [
        *data["notes"],
        "columns: " + "; ".join(" ".join(line.split()) for line in legend(ASPECTS, ASPECTS)),
        *([" ".join(ROWS["prompt-level"].split())] if data.get("prompt_level") else []),
    ]
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


def register(subparsers: Any) -> None:
    """Add ``compare``, ``report`` and ``substitutability`` to the ``lctg`` parser; each sets ``handler``."""
    from lctg_metrics import stats
    from lctg_metrics.analysis.placement import SOURCE_CODES
    from lctg_metrics.render import figures

    c = subparsers.add_parser(
        "compare",
        help=help_line("compare"),
        description="Compare two details files (lctg score --details) per task × aspect: difference, CI, p-value "
        "and a plain-language verdict. Refuses different scoring settings or different items.",
    )
    c.add_argument("details_a", metavar="DETAILS_A", help="details JSONL of model A (- : standard input)")
    c.add_argument("details_b", metavar="DETAILS_B", help="details JSONL of model B (- : standard input)")
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
        "intervals' 1000: a p-value near alpha needs them)",
        hint="compare resamples its p-values and differences: give 1 or more",
    )
    add_ci(c, default=True, fixed="compare's p-values and the CI of each difference are resampled")
    c.add_argument("--seed", type=int, default=0, help=SEED_HELP.format(what="the resampling's"))
    c.add_argument("--alpha", type=float, default=0.05, help="significance level; the CI level is 1 - alpha")
    c.add_argument(
        "--allow-different-signatures",
        action="store_true",
        help="compare even if the scoring settings differ (the differences are listed)",
    )
    c.add_argument("--json", metavar="OUT", help="write every comparison as JSON")
    c.set_defaults(handler=cmd_compare, input_files=("details_a", "details_b"))

    r = subparsers.add_parser(
        "report",
        help=help_line("report"),
        description="A readable report of one model's score details: one scoring run, so one config (for several "
        "configs, run lctg report once per config's details file). Needs the plot extra: " + figures.PLOT_HINT,
    )
    r.add_argument(
        "details",
        metavar="DETAILS",
        help="details JSONL of one lctg score run, so of one config (lctg score --details; - : standard input); for "
        "several configs, run lctg report once per config's details",
    )
    r.add_argument("more_details", nargs="*", help=argparse.SUPPRESS)  # refused naming the one-per-config rule
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
        "(DETAILS_NAME.html, or DETAILS_NAME.md with its images in DETAILS_NAME_files/). Any other path is "
        "the report file itself: --format, else its suffix (.md: Markdown; otherwise HTML)",
    )
    r.add_argument("--model-name", help="name shown in the report (default: the details file name)")
    r.add_argument(
        "--format",
        choices=["html", "md"],
        help="default: md if --output ends in .md, else html; a format the --output file's suffix contradicts "
        "(.md with html, .html with md) is refused",
    )
    r.add_argument(
        "--published-source",
        choices=[*SOURCE_CODES, "all"],
        default="EN",
        help="which paper's table to place the model in (default EN: all three tasks)",
    )
    add_resamples(r, hint="the report draws every score with its interval")
    add_ci(r, default=True, fixed="the report draws every score with its interval")
    r.add_argument("--seed", type=int, default=0, help=SEED_HELP.format(what="the bootstrap's"))
    r.add_argument(
        "--worst", type=int, default=5, metavar="K", help="worst items shown per task × aspect (default 5; 0 = none)"
    )
    r.set_defaults(handler=cmd_report, input_files=("details", "result"))

    register_substitutability(subparsers)


__all__ = ["register"]
