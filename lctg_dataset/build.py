"""The build pipeline: source files ──► records ──► validate ──► templates ──► rows ──► parquet + card + manifest.

Every step is a function of plain values; only :func:`write_dataset` touches the output folder, and it
writes into a temporary folder that replaces ``--out`` only when everything succeeded.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

import datasets

from lctg_dataset import card
from lctg_dataset.constants import (
    ASPECTS,
    CORRECTED_VERSION,
    DATASET_VERSION,
    PROTOCOL_FILE,
    SOURCE_FILES,
    TASKS,
    UPSTREAM_COMMIT,
    UPSTREAM_REPO,
)
from lctg_dataset.derived import (
    DEFAULT_SEED,
    MULTI_VERSION,
    corrected_rows,
    multi_rows,
    variant_rows,
    variants_version,
)
from lctg_dataset.rows import (
    ROW_FEATURES,
    TEMPLATE_FEATURES,
    VARIANT_FEATURES,
    build_rows,
    instruction_of,
    rebuilt_prompts,
    task_prompt_templates,
    template_rows,
)
from lctg_dataset.source import Record, SourceError, SourceFiles, fetch_source, read_protocol, read_records
from lctg_dataset.templates import TemplatePool, build_pool
from lctg_dataset.validate import Finding, validate

#: Name of the split every config has (the benchmark is evaluation-only).
SPLIT = "test"
#: Files in the output folder besides data/: the card, the manifest, the validation report.
MANIFEST = "manifest.json"
VALIDATION = "validation.json"
#: Machine-readable list of every change the corrected revision makes.
CHANGELOG = f"changelog-{CORRECTED_VERSION}.json"
#: The evaluate metric module (project root), copied into the folder so evaluate.load("lctg_ctg") works there.
METRIC_MODULE_DIR = Path(__file__).resolve().parent.parent / "lctg_ctg"
METRIC_MODULE_FILES = ("lctg_ctg.py", "README.md")


@dataclass(frozen=True)
class Config:
    """One dataset config: its name, rows, features and a one-line description for the card."""

    name: str
    description: str
    files: tuple[str, ...]  # data files (relative) the config reads
    rows: Mapping[str, Sequence[Mapping[str, Any]]]  # file -> rows written there
    features: datasets.Features
    default: bool = False
    version: str = DATASET_VERSION


@dataclass(frozen=True)
class BuildResult:
    """Everything a build produced, before it is written."""

    source: SourceFiles
    records: Mapping[str, Sequence[Record]]
    pool: TemplatePool
    findings: Sequence[Finding]
    rows: Mapping[str, Sequence[Mapping[str, Any]]]  # task -> rows
    templates: Sequence[Mapping[str, Any]]
    protocol: Mapping[str, Any] | None
    parameters: Mapping[str, Any]
    configs: Sequence[Config] = field(default=())
    card_sections: Sequence[str] = field(default=())  # extra markdown sections (e.g. derived configs)
    extra_files: Mapping[str, str] = field(default_factory=dict)  # relative path -> text (e.g. the changelog)


def data_file(config: str) -> str:
    return f"data/{config}/{SPLIT}-00000-of-00001.parquet"


def build(
    source: str | None = None,
    *,
    verify: bool = True,
    cache_dir: Path | None = None,
    corrected: bool = False,
    variants: int | None = None,
    seed: int = DEFAULT_SEED,
    multi: bool = False,
) -> BuildResult:
    """Run the pipeline up to (not including) writing files.

    The faithful 1.0.0 configs are always built; ``corrected``, ``variants`` (K per prompt, seeded) and
    ``multi`` add the opt-in derived configs (variants and multi imply corrected, which they are made from).
    """
    files = fetch_source(source, cache_dir=cache_dir, verify=verify)
    records = read_records(files)
    _check_unique_ids(records)
    protocol = read_protocol(files)
    task_prompts = task_prompt_templates(records, protocol)
    pool = build_pool(
        (r.task, r.prompt_id, aspect, r.conditions[aspect], _slot_word(r, aspect))
        for task in TASKS
        for r in records[task]
        for aspect in ASPECTS
    )
    instructions = {(r.task, r.prompt_id): instruction_of(task_prompts[r.task], r.base_text) for t in TASKS for r in records[t]}
    findings = validate(records, instructions=instructions, rebuilt_prompts=rebuilt_prompts(records, pool, task_prompts))
    rows = build_rows(records, pool, task_prompts, findings)
    templates = template_rows(pool)
    parameters: dict[str, Any] = {
        "source": files.location,
        "verify_sha256": verify,
        "version": DATASET_VERSION,
        "corrected": bool(corrected or variants or multi),
        "variants": variants,
        "seed": seed if variants else None,
        "multi": multi,
    }
    configs = faithful_configs(rows, templates)
    sections: list[str] = []
    extra_files: dict[str, str] = {}
    if parameters["corrected"]:
        fixed, changes = corrected_rows(rows, records, pool, task_prompts, findings)
        configs.append(Config("corrected", f"{CORRECTED_VERSION}: all prompts, conditions re-filled to state the scored values",
                              (data_file("corrected"),), {data_file("corrected"): [r for t in TASKS for r in fixed[t]]}, ROW_FEATURES,
                              version=CORRECTED_VERSION))
        extra_files[CHANGELOG] = _json({"version": CORRECTED_VERSION, "changes": [c.to_dict() for c in changes]})
        sections.append(card.corrected_section(changes, findings))
        if variants:
            vrows = variant_rows(fixed, records, pool, task_prompts, k=variants, seed=seed)
            configs.append(Config("variants", f"{variants_version(variants, seed)}: {variants} rewordings of every non-format prompt",
                                  (data_file("variants"),), {data_file("variants"): vrows}, VARIANT_FEATURES,
                                  version=variants_version(variants, seed)))
            sections.append(card.variants_section(variants, seed, len(vrows)))
        if multi:
            mrows, excluded = multi_rows(fixed, records, task_prompts)
            configs.append(Config("multi", f"{MULTI_VERSION}: one prompt per base text with all four conditions",
                                  (data_file("multi"),), {data_file("multi"): mrows}, ROW_FEATURES, version=MULTI_VERSION))
            sections.append(card.multi_section(len(mrows), excluded))
    return BuildResult(files, records, pool, findings, rows, templates, protocol, parameters, configs, sections, extra_files)


def _slot_word(r: Record, aspect: str) -> str | None:
    return {"keyword": r.keyword_answer, "prohibited_word": r.prohibited_word_answer}.get(aspect)


def _check_unique_ids(records: Mapping[str, Sequence[Record]]) -> None:
    for task, recs in records.items():
        seen: dict[int, Record] = {}
        for r in recs:
            if r.prompt_id in seen:
                raise SourceError(
                    f"{r.file}:{r.line}: duplicate prompt_id {r.prompt_id} (first on line {seen[r.prompt_id].line}); "
                    f"row ids {task}/{r.prompt_id}/<aspect> would not be unique"
                )
            seen[r.prompt_id] = r


def faithful_configs(rows: Mapping[str, Sequence[Mapping[str, Any]]], templates: Sequence[Mapping[str, Any]]) -> list[Config]:
    """The 1.0.0 configs: ``all`` (default), one per task, and ``templates``."""
    task_files = {t: data_file(t) for t in TASKS}
    configs = [
        Config(
            "all",
            "all 1,680 prompts of the three tasks (upstream v1, unchanged)",
            tuple(task_files[t] for t in TASKS),
            {task_files[t]: rows[t] for t in TASKS},
            ROW_FEATURES,
            default=True,
        )
    ]
    for t in TASKS:
        configs.append(
            Config(t, f"the {t} prompts only", (task_files[t],), {task_files[t]: rows[t]}, ROW_FEATURES)
        )
    configs.append(
        Config(
            "templates",
            "one row per distinct recovered condition template per (task, aspect)",
            (data_file("templates"),),
            {data_file("templates"): templates},
            TEMPLATE_FEATURES,
        )
    )
    return configs


# ------------------------------------------------------------------------------------------------ write


def write_dataset(result: BuildResult, out: Path) -> dict[str, Any]:
    """Write parquet files, the card, validation.json and manifest.json into ``out`` atomically.

    Everything is written into a temporary sibling folder first; ``out`` is replaced only at the end,
    so a failure leaves any previous build untouched and nothing partial behind.
    """
    out = Path(out).resolve()
    if out.exists() and any(out.iterdir()) and not (out / MANIFEST).is_file():
        raise SourceError(f"--out {out} exists, is not empty and is not an lctg build (no {MANIFEST}); refusing to replace it")
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}-tmp-"))
    umask = os.umask(0)
    os.umask(umask)
    tmp.chmod(0o777 & ~umask)  # mkdtemp makes 0700; the dataset folder should be readable like any other
    try:
        manifest = _write_all(result, tmp)
        backup = None
        if out.exists():
            backup = out.parent / f".{out.name}-old-{os.getpid()}"
            os.replace(out, backup)
        os.replace(tmp, out)
        if backup is not None:
            shutil.rmtree(backup, ignore_errors=True)
        return manifest
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _write_all(result: BuildResult, root: Path) -> dict[str, Any]:
    written: dict[str, Sequence[Mapping[str, Any]]] = {}
    features_of: dict[str, datasets.Features] = {}
    for config in result.configs:
        for rel, rows in config.rows.items():
            if rel in written:
                continue
            written[rel], features_of[rel] = rows, config.features
    for rel in sorted(written):
        _write_parquet(written[rel], features_of[rel], root / rel)
    if result.protocol is not None and result.source.protocol_path is not None:
        shutil.copyfile(result.source.protocol_path, root / PROTOCOL_FILE)
    (root / METRIC_MODULE_DIR.name).mkdir()
    for name in METRIC_MODULE_FILES:
        shutil.copyfile(METRIC_MODULE_DIR / name, root / METRIC_MODULE_DIR.name / name)
    (root / VALIDATION).write_text(_json([f.to_dict() for f in result.findings]), encoding="utf-8")
    for rel, text in result.extra_files.items():
        (root / rel).write_text(text, encoding="utf-8")
    (root / "README.md").write_text(card.render(result), encoding="utf-8")
    manifest = _manifest(result, root)
    (root / MANIFEST).write_text(_json(manifest), encoding="utf-8")
    return manifest


def _write_parquet(rows: Sequence[Mapping[str, Any]], features: datasets.Features, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    ds = datasets.Dataset.from_list([dict(r) for r in rows], features=features)
    progress = datasets.utils.logging.is_progress_bar_enabled()
    datasets.disable_progress_bars()
    try:
        ds.to_parquet(str(path))
    finally:
        if progress:
            datasets.enable_progress_bars()


def _json(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=2, sort_keys=False) + "\n"


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _manifest(result: BuildResult, root: Path) -> dict[str, Any]:
    import pyarrow

    from lctg_metrics import __version__ as package_version

    files = {
        p.relative_to(root).as_posix(): _sha256(p)
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.name != MANIFEST
    }
    return {
        "name": "lctg",
        "version": DATASET_VERSION,
        "source": {
            "repository": UPSTREAM_REPO,
            "commit": UPSTREAM_COMMIT,
            "location": result.source.location,
            "verified": result.source.verified,
            "files": {
                SOURCE_FILES[t]: {"sha256": result.source.sha256[t], "records": len(result.records[t])} for t in TASKS
            },
            "protocol_prompts_sha256": result.source.protocol_sha256,
        },
        "build": {
            "parameters": dict(result.parameters),
            "builder": f"lctg {package_version}",
            "python": platform.python_version(),
            "datasets": datasets.__version__,
            "pyarrow": pyarrow.__version__,
        },
        "configs": {
            c.name: {"version": c.version, "files": list(c.files), "rows": sum(len(r) for r in c.rows.values())}
            for c in result.configs
        },
        "findings": len(result.findings),
        "files": files,
    }


# ------------------------------------------------------------------------------------------------ CLI


def summary_lines(result: BuildResult, out: Path) -> list[str]:
    """A short human summary of a build (printed by the CLI)."""
    lines = [f"lctg {DATASET_VERSION} built into {out}", f"source: {result.source.location} (sha256 verified: {result.source.verified})"]
    lines.append(f"{'task':<15}" + "".join(f"{a:>17}" for a in ASPECTS) + f"{'total':>8}")
    for t in TASKS:
        counts = [sum(1 for r in result.rows[t] if r["aspect"] == a) for a in ASPECTS]
        lines.append(f"{t:<15}" + "".join(f"{c:>17}" for c in counts) + f"{sum(counts):>8}")
    per = {(t, a): len(result.pool.by_task_aspect(t, a)) for t in TASKS for a in ASPECTS}
    lines.append("templates recovered per (task, aspect): " + ", ".join(f"{t}/{a}={n}" for (t, a), n in per.items() if a != "format"))
    kinds: dict[str, int] = {}
    for f in result.findings:
        kinds[f.kind] = kinds.get(f.kind, 0) + 1
    lines.append(f"validation findings: {len(result.findings)} " + (str(kinds) if kinds else ""))
    lines.append(f"configs: {', '.join(c.name for c in result.configs)}")
    return lines


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="build_dataset.py", description="Build LCTG Bench as a Hugging Face dataset folder.")
    p.add_argument("--source", help="directory or base URL of the upstream release (default: $LCTG_SOURCE, "
                   "else ../shared/upstream/lctg-bench-v1, else the pinned upstream commit)")
    p.add_argument("--out", default="lctg", help="dataset repository folder to write (default: ./lctg)")
    p.add_argument("--cache-dir", type=Path, help="download cache (default: $LCTG_CACHE_DIR or ~/.cache/lctg)")
    d = p.add_argument_group("opt-in derived configs (version 1.1.0; the faithful 1.0.0 configs never change)")
    d.add_argument("--corrected", action="store_true",
                   help="add 'corrected': conditions that disagree with the scored values re-filled from their template")
    d.add_argument("--variants", type=int, metavar="K",
                   help="add 'variants': K rewordings of every non-format prompt from the template pool (implies --corrected)")
    d.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed for --variants (default 0)")
    d.add_argument("--multi", action="store_true",
                   help="add 'multi': one prompt per base text with all four conditions (implies --corrected)")
    d.add_argument("--derived", action="store_true", help="shorthand for --corrected --variants 5 --multi")
    h = p.add_argument_group("publishing (see also `lctg publish`)")
    h.add_argument("--push-to-hub", metavar="ORG/NAME", help="after building, upload the folder to this Hub dataset repo")
    h.add_argument("--revision", default="default", help="tag for the upload (default v<version>)")
    h.add_argument("--private", action="store_true", help="create the Hub repo as private")
    h.add_argument("--dry-run", action="store_true", help="with --push-to-hub: print files, sizes, repo and tag; upload nothing")
    p.add_argument("--no-verify", action="store_true",
                   help="do not check sha256 against the pinned upstream files (for modified sources; recorded in the manifest)")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    token = None
    try:
        if args.push_to_hub and not args.dry_run:
            from lctg_dataset.publish import hub_token

            token = hub_token()  # a missing token is an error before anything is built or uploaded
        variants = args.variants if args.variants is not None else (5 if args.derived else None)
        if variants is not None and variants < 1:
            raise SourceError(f"--variants must be a positive integer, got {variants}")
        result = build(args.source, verify=not args.no_verify, cache_dir=args.cache_dir,
                       corrected=args.corrected or args.derived, variants=variants, seed=args.seed,
                       multi=args.multi or args.derived)
        out = Path(args.out)
        write_dataset(result, out)
    except (SourceError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print("\n".join(summary_lines(result, out)))
    if args.push_to_hub:
        from lctg_dataset.publish import plan, publish

        try:
            if args.dry_run:
                print("\n".join(["dry run: nothing uploaded", *plan(out, args.push_to_hub, tag=args.revision).lines()]))
            else:
                url = publish(out, args.push_to_hub, token=token, private=args.private, tag=args.revision)  # type: ignore[arg-type]
                print(f"published {out} to {url}")
        except ValueError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
    return 0
