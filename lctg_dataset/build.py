"""The build pipeline: source files ──► records ──► validate ──► templates ──► rows ──► configs + card.

:func:`build` returns plain values (rows, configs, findings, the card text) and writes nothing; the folder
is written by :func:`lctg_dataset.write.write_dataset`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lctg_dataset import card
from lctg_dataset.configs import (
    Config,
    corrected_config,
    faithful_configs,
    instructions_config,
    multi_config,
    story_config,
    variants_config,
)
from lctg_dataset.constants import (
    ASPECTS,
    DATASET_VERSION,
    DEFAULT_SEED,
    INSTRUCTIONS_VERSIONS,
    TASKS,
    package_version,
    stories_version,
)
from lctg_dataset.constants import instructions_version as instructions_dataset_version
from lctg_dataset.corrected import Change, corrected_rows
from lctg_dataset.instructions import instruction_rows
from lctg_dataset.multi import multi_rows
from lctg_dataset.rows import build_rows, instruction_of, rebuilt_prompts, task_prompt_templates, template_rows
from lctg_dataset.source import Record, SourceError, SourceFiles, fetch_source, read_protocol, read_records
from lctg_dataset.stories import TEMPLATE_SET, load_story_rows
from lctg_dataset.stories.source import SOURCE_COMMIT, default_source_dir, source_sha256
from lctg_dataset.templates import TemplatePool, build_pool
from lctg_dataset.validate import Finding, validate
from lctg_dataset.variants import variant_rows


@dataclass(frozen=True)
class BuildResult:
    """Everything a build produced, before it is written."""

    source: SourceFiles
    records: Mapping[str, Sequence[Record]]
    pool: TemplatePool
    findings: Sequence[Finding]
    rows: Mapping[str, Sequence[Mapping[str, Any]]]  # task -> faithful rows
    templates: Sequence[Mapping[str, Any]]
    protocol: Mapping[str, Any] | None
    parameters: Mapping[str, Any]
    configs: Sequence[Config] = field(default=())
    card: str = ""  # the rendered dataset card
    changes: Sequence[Change] | None = None  # the corrected revision's edits (None: not built)
    multi_excluded: Sequence[Mapping[str, Any]] = field(default=())


def build(
    source: str | None = None,
    *,
    verify: bool = True,
    cache_dir: Path | None = None,
    corrected: bool = False,
    variants: int | None = None,
    seed: int = DEFAULT_SEED,
    multi: bool = False,
    instructions: bool = False,
    stories: bool = False,
    stories_source: str | Path | None = None,
    story_contexts: bool = False,
    instructions_version: str = INSTRUCTIONS_VERSIONS[-1],
) -> BuildResult:
    """Run the pipeline up to (not including) writing files.

    The faithful 1.0.0 configs are always built; ``corrected``, ``variants`` (K per prompt, seeded) and
    ``multi`` add the opt-in derived configs (variants and multi imply corrected, which they are made from).
    ``instructions`` (seeded) adds the verifiable-instruction prompts; ``stories`` adds ``story_endings`` from the
    local Possible Stories copy, its ROCStories contexts only with ``story_contexts``; ``instructions_version``
    picks the version of the instructions config (every version stays buildable).
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
    stated = {
        (r.task, r.prompt_id): instruction_of(task_prompts[r.task], r.base_text) for t in TASKS for r in records[t]
    }
    findings = validate(records, instructions=stated, rebuilt_prompts=rebuilt_prompts(records, pool, task_prompts))
    rows = build_rows(records, pool, task_prompts, findings)
    templates = template_rows(pool)
    parameters: dict[str, Any] = {
        "source": files.location,
        "verify_sha256": verify,
        "version": DATASET_VERSION,
        "corrected": bool(corrected or variants or multi),
        "variants": variants,
        "seed": seed if (variants or instructions or stories) else None,
        "multi": multi,
        "instructions": instructions,
        "stories": stories,
        "story_contexts": bool(stories and story_contexts),
    }
    configs = faithful_configs(rows, templates)
    changes: list[Change] | None = None
    variants_info: tuple[int, int, int] | None = None
    excluded: list[dict[str, Any]] = []
    multi_info = None
    if parameters["corrected"]:
        fixed, changes = corrected_rows(rows, records, pool, task_prompts, findings)
        configs.append(corrected_config(fixed))
        if variants:
            vrows = variant_rows(fixed, records, pool, task_prompts, k=variants, seed=seed)
            configs.append(variants_config(vrows, variants, seed))
            variants_info = (variants, seed, len(vrows))
        if multi:
            mrows, excluded = multi_rows(fixed, records, task_prompts)
            configs.append(multi_config(mrows))
            multi_info = (len(mrows), excluded)
    instruction_info = None
    if instructions:
        irows = instruction_rows(records, task_prompts, seed=seed, version=instructions_version)
        configs.append(instructions_config(irows, instructions_dataset_version(seed, instructions_version)))
        parameters["instructions_version"] = instructions_version
        instruction_info = (irows, seed)
    story_info = None
    if stories:
        folder = Path(stories_source) if stories_source is not None else default_source_dir()
        srows = load_story_rows(folder, seed=seed, include_contexts=story_contexts)
        configs.append(story_config(srows, stories_version(TEMPLATE_SET, seed), story_contexts))
        parameters["stories_source"] = {
            "location": str(folder),
            "commit": SOURCE_COMMIT,
            "sha256": source_sha256(folder),
        }
        story_info = (srows, seed, story_contexts)
    card_text = card.render(
        card.CardParams(
            configs,
            rows,
            templates,
            findings,
            package_version(),
            changes,
            variants_info,
            multi_info,
            instructions=instruction_info,
            stories=story_info,
        )
    )
    return BuildResult(
        files, records, pool, findings, rows, templates, protocol, parameters, configs, card_text, changes, excluded
    )


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
