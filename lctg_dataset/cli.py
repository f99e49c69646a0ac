"""The one command line for building the dataset (``build_dataset.py`` and ``lctg build`` both call :func:`main`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from lctg_dataset.build import BuildResult, build
from lctg_dataset.card_meta import release_version
from lctg_dataset.constants import (
    ASPECTS,
    DEFAULT_SEED,
    DEFAULT_VARIANTS,
    INSTRUCTIONS_VERSION,
    INSTRUCTIONS_VERSIONS,
    TASKS,
)
from lctg_dataset.errors import BuildError
from lctg_dataset.helpformat import BUILD_RENAMED, Parser, add_renamed
from lctg_dataset.output import check_out
from lctg_dataset.rebuild import keep_configs
from lctg_dataset.source import source_root
from lctg_dataset.validate import FINDING_KINDS
from lctg_dataset.write import write_dataset


def build_parser(prog: str = "build_dataset.py") -> argparse.ArgumentParser:
    """Every build option, once."""
    p = Parser(prog=prog, description="Build LCTG Bench as a Hugging Face dataset folder.")
    p.add_argument(
        "--source",
        help="directory or base URL of the upstream release (default: $LCTG_SOURCE, "
        "else ../shared/upstream/lctg-bench-v1, else the pinned upstream commit)",
    )
    p.add_argument("-o", "--output", dest="out", default="lctg", help="dataset repository folder to write")
    p.add_argument("--cache-dir", type=Path, help="download cache (default: $LCTG_CACHE_DIR or ~/.cache/lctg)")
    d = p.add_argument_group("opt-in derived configs (version 1.1.0; the faithful 1.0.0 configs never change)")
    d.add_argument(
        "--corrected",
        action="store_true",
        help="add 'corrected': conditions that disagree with the scored values re-filled from their template",
    )
    d.add_argument(
        "--variants",
        type=int,
        metavar="K",
        help="add 'variants': K rewordings of every non-format prompt from the template pool (implies --corrected)",
    )
    d.add_argument(
        "--seed",
        type=int,
        default=None,
        help=f"seed of every random draw (--variants, --instructions, --stories; the same seed, the same "
        f"rows; default: the seed of the build being replaced, else {DEFAULT_SEED})",
    )
    d.add_argument(
        "--multi",
        action="store_true",
        help="add 'multi': one prompt per base text with all four conditions (implies --corrected)",
    )
    d.add_argument(
        "--derived", action="store_true", help=f"shorthand for --corrected --variants {DEFAULT_VARIANTS} --multi"
    )
    o = p.add_argument_group("opt-in configs with their own versions (not comparable with the papers)")
    o.add_argument(
        "--instructions",
        action="store_true",
        help=f"add 'instructions' ({INSTRUCTIONS_VERSION}+s<seed>): each base text and task with 1-3 "
        "verifiable Japanese instructions (seeded)",
    )
    o.add_argument(
        "--instructions-version",
        choices=INSTRUCTIONS_VERSIONS,
        default=INSTRUCTIONS_VERSIONS[-1],
        help="which version of 'instructions' to build: 1.0.0 as first published, 1.1.0 with the "
        "task-compatibility table, 1.2.0 with instructions that say what is checked and unpassable "
        f"combinations left out (default {INSTRUCTIONS_VERSIONS[-1]})",
    )
    o.add_argument(
        "--stories",
        action="store_true",
        help="add 'story_endings': Possible Stories dev+test questions for IFSM, read from --stories-source; "
        "the ROCStories contexts are left out",
    )
    o.add_argument(
        "--stories-source",
        metavar="DIR",
        help="folder with the Possible Stories dev.jsonl and test.jsonl (default: $POSSIBLE_STORIES, "
        "else ../shared/possible-stories)",
    )
    o.add_argument(
        "--include-story-contexts",
        action="store_true",
        help="with --stories: also write the ROCStories contexts (document, prompt). They are under the "
        "ROCStories terms, not CC BY: read the README.md next to dev.jsonl (by default "
        "../shared/possible-stories/README.md); never uploaded by --push-to-hub",
    )
    h = p.add_argument_group("publishing (see also `lctg publish`)")
    h.add_argument(
        "--push-to-hub", metavar="ORG/NAME", help="after building, upload the folder to this Hub dataset repo"
    )
    h.add_argument(
        "--tag",
        default="default",
        help="tag of the uploaded commit (default v<version>: the version the built configs carry)",
    )
    h.add_argument("--private", action="store_true", help="create the Hub repo as private")
    p.add_argument(
        "--dry-run",
        action="store_true",
        help="build, then print what would be written (and, with "
        "--push-to-hub, uploaded: files, sizes, repo and tag); nothing is written or uploaded",
    )
    p.add_argument(
        "--no-verify",
        action="store_true",
        help="do not check sha256 against the pinned upstream files (for modified sources; recorded in the manifest)",
    )
    add_renamed(p, BUILD_RENAMED)
    return p


def summary_lines(result: BuildResult, out: Path, *, dry_run: bool = False) -> list[str]:
    """A short human summary of a build (printed after writing; with ``dry_run``, of a build written nowhere)."""
    where = f"built in a temporary folder (a dry run: {out} is not written)" if dry_run else f"built into {out}"
    lines = [
        f"lctg {release_version(c.version for c in result.configs)} {where}",
        f"source: {result.source.location} (sha256 verified: {result.source.verified})",
    ]
    lines.append(f"{'task':<15}" + "".join(f"{a:>17}" for a in ASPECTS) + f"{'total':>8}")
    for t in TASKS:
        counts = [sum(1 for r in result.rows[t] if r["aspect"] == a) for a in ASPECTS]
        lines.append(f"{t:<15}" + "".join(f"{c:>17}" for c in counts) + f"{sum(counts):>8}")
    per = {(t, a): len(result.pool.by_task_aspect(t, a)) for t in TASKS for a in ASPECTS}
    lines.append(
        "templates recovered per (task, aspect): "
        + ", ".join(f"{t}/{a}={n}" for (t, a), n in per.items() if a != "format")
    )
    lines.extend(finding_lines(result.findings))
    lines.append(f"configs: {', '.join(c.name for c in result.configs)}")
    return lines


def finding_lines(findings: Sequence[Any]) -> list[str]:
    """Validation findings for a person: one count line, then one short sentence per kind, most frequent first
    (every finding with its prompt id is in ``validation.json``)."""
    kinds: dict[str, int] = {}
    for f in findings:
        kinds[f.kind] = kinds.get(f.kind, 0) + 1
    if not kinds:
        return ["validation findings: none"]
    head = f"validation findings: {len(findings)} (each with its prompt id in validation.json)"
    return [head] + [f"  {n:>3} × {FINDING_KINDS[k]}" for k, n in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))]


def main(
    argv: Sequence[str] | None = None,
    *,
    extra_files: Mapping[str, bytes] | Callable[[Sequence[str]], Mapping[str, bytes]] | None = None,
    prog: str = "build_dataset.py",
) -> int:
    """Build (and optionally publish) the dataset folder; ``extra_files`` (relative path → bytes, or a function of
    the built config names giving them) go into it too.
    Returns the exit status: 0, or 2 after printing a one-line error."""
    args = build_parser(prog).parse_args(argv)
    token = None
    try:
        if not args.push_to_hub and (args.private or args.tag != "default"):
            raise BuildError("--private and --tag apply to --push-to-hub; add it or drop them")
        if args.push_to_hub and args.tag != "default":  # before the build: a name no git ref can have
            from lctg_dataset.tags import check_tag

            check_tag(args.tag)
        if args.push_to_hub and not args.dry_run:
            from lctg_dataset.publish import hub_token

            token = hub_token()  # a missing token is an error before anything is built or uploaded
        # refuse a folder the build may not replace before spending time on the build (write_dataset checks again)
        old = check_out(Path(args.out), source_root=source_root(args.source, cache_dir=args.cache_dir))
        kept = keep_configs(args, old)
        variants = args.variants if args.variants is not None else (DEFAULT_VARIANTS if args.derived else None)
        if variants is not None and variants < 1:
            raise BuildError(f"--variants must be a positive integer, got {variants}")
        if (args.include_story_contexts or args.stories_source) and not args.stories:
            raise BuildError("--include-story-contexts and --stories-source need --stories")
        if args.include_story_contexts and args.push_to_hub and not args.dry_run:
            raise BuildError(
                "--push-to-hub with --include-story-contexts: the ROCStories contexts may not be "
                "redistributed; build without the flag to publish"
            )
        result = build(
            args.source,
            verify=not args.no_verify,
            cache_dir=args.cache_dir,
            corrected=args.corrected or args.derived,
            variants=variants,
            seed=args.seed,
            multi=args.multi or args.derived,
            instructions=args.instructions,
            stories=args.stories,
            stories_source=args.stories_source,
            story_contexts=args.include_story_contexts,
            instructions_version=args.instructions_version,
        )
        out = Path(args.out)
        extra = extra_files([c.name for c in result.configs]) if callable(extra_files) else extra_files
        if args.dry_run:
            return _dry_run(result, out, extra, args)
        write_dataset(result, out, extra_files=extra)
    except (BuildError, ValueError, OSError) as e:
        print(f"{prog}: error: {e}", file=sys.stderr)
        return 2
    if kept:
        print(
            f"kept from the build it replaces: {', '.join(kept)} (to drop a config, remove {out} or build into "
            "another --output)"
        )
    print("\n".join(summary_lines(result, out)))
    print(f"wrote {out}", file=sys.stderr)
    if args.push_to_hub:
        from lctg_dataset.publish import publish

        try:
            url = publish(out, args.push_to_hub, token=token, private=args.private, tag=args.tag)  # type: ignore[arg-type]
            print(f"published {out} to {url}")
        except (ValueError, OSError) as e:
            print(f"{prog}: error: {e}", file=sys.stderr)
            return 2
    return 0


def _dry_run(result: BuildResult, out: Path, extra: Mapping[str, bytes] | None, args: argparse.Namespace) -> int:
    """``--dry-run``: the build written to a temporary folder (removed after), its summary and files (and with
    ``--push-to-hub`` the upload plan) printed; nothing is written to ``--output`` or uploaded."""
    import shutil
    import tempfile

    from lctg_dataset.publish import plan

    tmp = Path(tempfile.mkdtemp(prefix="lctg-dry-run-"))
    try:
        folder = tmp / (out.name or "lctg")
        write_dataset(result, folder, extra_files=extra)
        print("\n".join(summary_lines(result, out, dry_run=True)))
        if args.push_to_hub:
            lines = plan(folder, args.push_to_hub, tag=args.tag).lines()
        else:
            files = [
                (p.relative_to(folder).as_posix(), p.stat().st_size) for p in sorted(folder.rglob("*")) if p.is_file()
            ]
            lines = [
                f"files: {len(files)}, {sum(n for _, n in files):,} bytes",
                *(f"  {n:>12,}  {rel}" for rel, n in files),
            ]
        print("\n".join([f"dry run: nothing written to {out}, nothing uploaded; the build would hold", *lines]))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0
