"""``lctg substitutability``: which task × aspect settings rank several models alike (parser and handler).

The handler reads details files (or the papers' published tables), calls :mod:`lctg_metrics.analysis.substitutability`
for the numbers and :mod:`lctg_metrics.render` for the views, and writes the outputs."""

from __future__ import annotations

import argparse
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lctg_metrics.cli.commands import help_line
from lctg_metrics.cli.comparable import refuse_not_comparable
from lctg_metrics.cli.details import read_details_file
from lctg_metrics.cli.wrote import say_wrote

#: Minimum number of models for a ranking analysis: with 2 models every rank correlation is ±1.
MIN_MODELS = 3


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
    from lctg_metrics.cli.outside import check_outputs
    from lctg_metrics.outputs.checks import Output
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
        _refuse_foreign(out_dir)
        check_outputs(
            [Output.directory("--output", out_dir, [json_file])],
            inputs={f"DETAILS {p}": p for p in args.details or []},
            command="substitutability",
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
        files = [read_details_file(p, read_details, "substitutability") for p in args.details]
        refuse_not_comparable(files, names, "substitutability", allow_different=args.allow_different_signatures)
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


#: The files this command writes into its folder (a JSON and its PNG maps), matched by name.
OWN_FILES = re.compile(
    r"(published_)?substitutability\.json|spearman\.png|similarity_(mean|std)\.png|published_\w+_spearman\.png"
)


def _refuse_foreign(out: Path) -> None:
    """A folder holding files this command did not write (another command's, e.g. lm-eval-tasks'): refused, as
    lm-eval-tasks refuses a folder holding this command's; its own earlier files are replaced."""
    if not out.is_dir():
        return
    foreign = sorted(p.name for p in out.iterdir() if not (p.is_file() and OWN_FILES.fullmatch(p.name)))
    if foreign:
        raise ValueError(
            f"--output {out}: holds files this command did not write ({', '.join(foreign[:5])}); choose a new or "
            "empty folder"
        )


def register_substitutability(subparsers: Any) -> None:
    """Add ``substitutability`` to the ``lctg`` parser; it sets ``handler``."""
    from lctg_metrics.analysis.substitutability import SUBSTITUTE_THRESHOLD
    from lctg_metrics.render import figures
    from lctg_metrics.render.terminal import SIMILARITY_LEGEND

    s = subparsers.add_parser(
        "substitutability",
        help=help_line("substitutability"),
        description="Substitutability of task × aspect settings over several models' details, or over the papers' "
        "published tables with --published. Heat maps need the plot extra: " + figures.PLOT_HINT,
        epilog="The line statistical similarity (1 - JSD) vs substitutability gives ρ(mean), ρ(std) and ρ(joint): "
        + SIMILARITY_LEGEND.replace("%", "%%"),
    )
    s.add_argument(
        "details",
        metavar="DETAILS",
        nargs="*",
        help=f"details JSONL of {MIN_MODELS} or more models (- : standard input, for one of them)",
    )
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
    s.set_defaults(handler=cmd_substitutability, input_files=("details",))


__all__ = ["MIN_MODELS", "register_substitutability"]
