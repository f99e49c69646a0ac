"""Render the dataset card (the output folder's README.md) from the card template and a :class:`CardParams`.

The template (package data ``card_template.md``; the repository's ``dataset_card.md`` links to it) uses
``$name`` placeholders (``string.Template``); each is filled by one small pure helper, like datatrove's card
generator.
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from lctg_dataset.card_meta import (
    config_language,
    config_license,
    distinct_rows,
    release_version,
    size_category,
    yaml_list,
)
from lctg_dataset.configs import Config
from lctg_dataset.constants import ASPECTS, LICENSE_ID, TASKS, UPSTREAM_COMMIT, UPSTREAM_REPO
from lctg_dataset.markdown import md_table
from lctg_dataset.validate import DISAGREEMENT_KINDS, FINDING_KINDS

#: The card template, shipped inside the package.
TEMPLATE_NAME = "card_template.md"


@dataclass(frozen=True)
class CardParams:
    """Everything the card shows. The derived sections appear only when their config was built."""

    configs: Sequence[Config]
    rows: Mapping[str, Sequence[Mapping[str, Any]]]  # task -> faithful rows
    templates: Sequence[Mapping[str, Any]]
    findings: Sequence[Any]
    package_version: str
    changes: Sequence[Any] | None = None  # the corrected revision's changes (None: not built)
    variants: tuple[int, int, int] | None = None  # (k, seed, rows)
    multi: tuple[int, Sequence[Mapping[str, Any]]] | None = None  # (rows, excluded records)
    instructions: tuple[Sequence[Mapping[str, Any]], int] | None = None  # (rows, seed)
    stories: tuple[Sequence[Mapping[str, Any]], int, bool] | None = None  # (rows, seed, contexts included)
    extra: Sequence[str] = field(default=())  # further markdown sections, appended in order


def yaml_configs(configs: Sequence[Config]) -> str:
    """The ``configs:`` YAML block the Hub and ``datasets`` read to find each config's parquet files."""
    lines = ["configs:"]
    for c in configs:
        lines.append(f"- config_name: {c.name}")
        if c.default:
            lines.append("  default: true")
        lines.append("  data_files:")
        lines.append("  - split: test")
        if len(c.files) == 1:
            lines.append(f"    path: {c.files[0]}")
        else:
            lines.append("    path:")
            lines.extend(f"    - {f}" for f in c.files)
    return "\n".join(lines)


def counts_table(rows: Mapping[str, Sequence[Mapping[str, Any]]]) -> str:
    body: list[list[Any]] = []
    for t in TASKS:
        counts = [sum(1 for r in rows[t] if r["aspect"] == a) for a in ASPECTS]
        body.append([t, *counts, sum(counts)])
    totals = [sum(r[i + 1] for r in body) for i in range(len(ASPECTS) + 1)]
    body.append(["**total**", *totals])
    return md_table(["task", *ASPECTS, "total"], body)


def configs_table(configs: Sequence[Config]) -> str:
    return md_table(
        ["config", "version", "rows", "language", "licence", "description"],
        (
            [
                f"`{c.name}`" + (" (default)" if c.default else ""),
                c.version,
                c.n_rows,
                config_language(c.name),
                config_license(c.name),
                c.description,
            ]
            for c in configs
        ),
    )


NOT_COMPARABLE = (
    "Scores on this config are **not comparable** with the papers' tables or with the faithful "
    "1.0.0 configs; the scorer's signature shows its dataset version."
)


def corrected_section(changes: Sequence[Any], findings: Sequence[Any]) -> str:
    """Card section of the corrected revision: how it was made and every change."""
    kept = [
        f for f in findings if f.kind not in DISAGREEMENT_KINDS and f.kind in ("degenerate_range", "inverted_range")
    ]
    fields = list(dict.fromkeys(c.field for c in changes))
    lines = [
        "## Config `corrected` (version 1.1.0)",
        "",
        "How it was made: for every validation finding where a condition's text disagrees with its scored values "
        "(`condition_disagrees_with_answer`), the condition is re-filled from its own recovered template with the "
        "scored values (`char_count_answer`), and the prompt is rebuilt from it. For every word condition that says "
        "the opposite of its aspect — a KEYWORD condition telling the model *not* to use its keyword "
        "(`keyword_condition_negated`, e.g. 「…という言葉を使わないで」) or a P-WORD condition asking *for* its word "
        "(`prohibited_word_condition_requested`) — the condition is re-filled with the same word from the template of "
        "the same (task, aspect) pool that says the right thing and whose wording is closest to the original "
        "(difflib ratio; ties: the lowest template id); `template` and `template_id` change with it. Every other row "
        "equals `all`. Consistent but unusual records (exact-length ranges) are reported above, not changed "
        f"({len(kept)} such findings). Seed: none (deterministic). Intended use: evaluation where the prompt must "
        "state exactly what is checked. " + NOT_COMPARABLE,
        "",
        f"Changes: {len({c.id for c in changes})} rows, {len(changes)} field edits ({', '.join(fields)}; "
        "machine-readable in `changelog-1.1.0.json`; the table omits the rebuilt prompts):",
        "",
        md_table(
            ["id", "field", "old", "new"],
            ([f"`{c.id}`", c.field, _short(c.old), _short(c.new)] for c in changes if c.field != "prompt"),
        ),
    ]
    return "\n".join(lines)


def _short(value: Any, n: int = 60) -> str:
    text = str(value).replace("\n", "⏎").replace("|", "\\|")
    return text if len(text) <= n else text[: n - 1] + "…"


def variants_section(k: int, seed: int, n_rows: int) -> str:
    return "\n".join(
        [
            f"## Config `variants` ({k} per prompt, seed {seed})",
            "",
            f"How it was made: for each of the 1,260 non-format prompts of `corrected`, {k} variants with the same "
            "base text and the same scored values, the condition re-filled with a different template drawn "
            "(without replacement, never the prompt's own template) from the same (task, aspect) pool of recovered "
            f"templates, seeded by `--seed {seed}` and the row id, so builds are reproducible. A template that says "
            "the opposite of its aspect (a KEYWORD template negating its word, a P-WORD template asking for it) is "
            "never drawn. Each row records its `template_id` and `variant` "
            f"(0..{k - 1}); ids are `{{task}}/{{prompt_id}}/{{aspect}}/v{{n}}`. Rows: {n_rows}. "
            "Intended use: measuring how much a model's controllability depends on the wording of the condition "
            "(the papers collected many phrasings for this reason; Mizrahi et al.). The scorer reports per task × "
            "aspect the mean, the spread "
            "(min/max/std of per-variant accuracy) and the share of prompts whose verdict is the same for every "
            "variant. " + NOT_COMPARABLE,
        ]
    )


def multi_section(n_rows: int, excluded: Sequence[Mapping[str, Any]]) -> str:
    lines = [
        "## Config `multi` (all four constraints at once)",
        "",
        "How it was made: one prompt per base text whose [条件] block carries the char_count, keyword, prohibited_word "
        "and format conditions of `corrected`, one per line, in that order (the output-format instruction last); "
        "the word conditions come from `corrected`, so none says the opposite of its aspect. "
        "Records whose keyword equals or contains the prohibited word are excluded, so no prompt forces a failure. "
        "Seed: none (deterministic). The id is `{task}/{prompt_id}/multi`; "
        "`constraint.aspects` lists all four aspects. "
        f"Rows: {n_rows}. Intended use: instruction following under several constraints; the scorer reports the "
        "aspect-level accuracy and the prompt-level accuracy (all four satisfied), like IFEval. " + NOT_COMPARABLE,
    ]
    if excluded:
        lines += [
            "",
            md_table(["task", "prompt_id", "reason"], ([e["task"], e["prompt_id"], e["reason"]] for e in excluded)),
        ]
    else:
        lines += ["", "Excluded records: none."]
    return "\n".join(lines)


def instructions_section(rows: Sequence[Mapping[str, Any]], seed: int) -> str:
    """Card section of the ``instructions`` config (written by ``lctg_dataset.instructions.card_section``)."""
    from lctg_dataset.instructions.card_section import instructions_section as section

    return section(rows, seed)


def stories_section(rows: Sequence[Mapping[str, Any]], seed: int, contexts: bool) -> str:
    """Card section of the ``story_endings`` config: source, split, and what is (not) in this folder."""
    from lctg_dataset.stories import INSTRUCTION_TEMPLATES, SOURCE_COMMIT, TEMPLATE_SET

    def count(key: str, value: str) -> int:
        return sum(1 for r in rows if r[key] == value)

    held = (
        "This folder **carries the ROCStories contexts** (`document`, `prompt`): it was built with "
        "`--include-story-contexts` by someone who accepted the ROCStories terms; do not publish it unless "
        "those terms allow it."
        if contexts
        else "This folder carries **no** ROCStories text: `document` and `prompt` are null. Fill them at load time "
        'from your own copy of Possible Stories: `fill_contexts(list(ds), "/path/to/possible-stories")` '
        "(`lctg_dataset.stories`), matched by `question_id`."
    )
    return "\n".join(
        [
            "## Config `story_endings` (Possible Stories for IFSM)",
            "",
            f"How it was made: the dev ({count('source_split', 'dev')}) and test ({count('source_split', 'test')}) "
            "questions of Possible Stories (Ashida and Sugawara, COLING 2022; nii-cl/possible-stories at commit "
            f"`{SOURCE_COMMIT}`), one row per question with its four endings and gold label. Each question becomes a "
            f"story-ending instruction through one of {len(INSTRUCTION_TEMPLATES)} templates (set `{TEMPLATE_SET}`), "
            f"chosen per question with seed {seed}. Passages are split into two halves by a seeded digest: "
            f"`fit` ({count('split', 'fit')} rows, to train or calibrate a reader) and `eval` "
            f"({count('split', 'eval')} rows, to report IFSM); the column `split` holds it. {held}",
            "",
            "Licence: the questions and endings (`question`, `options`, `gold_ending`, and the `instruction` made from "
            "the question) are **CC BY 4.0** (the Possible Stories authors). The story contexts are ROCStories "
            "passages, distributed by their authors under **their own terms** (a request form); the licence of this "
            "card does not cover them. This config is not part of LCTG Bench and its scores are not comparable with "
            "the LCTG papers.",
        ]
    )


def templates_table(templates: Sequence[Mapping[str, Any]]) -> str:
    counts: dict[tuple[str, str], int] = {}
    for t in templates:
        counts[(t["task"], t["aspect"])] = counts.get((t["task"], t["aspect"]), 0) + 1
    return md_table(["task", *ASPECTS], ([t, *(counts.get((t, a), 0) for a in ASPECTS)] for t in TASKS))


def findings_section(findings: Sequence[Any]) -> str:
    if not findings:
        return "No findings."
    per_kind: dict[str, list[Any]] = {}
    for f in findings:
        per_kind.setdefault(f.kind, []).append(f)
    parts = [
        md_table(["kind", "meaning", "count"], ([f"`{k}`", FINDING_KINDS[k], len(v)] for k, v in per_kind.items()))
    ]
    parts.append("")
    parts.append(
        md_table(
            ["task", "prompt_id", "kind", "detail"], ([f.task, f.prompt_id, f"`{f.kind}`", f.detail] for f in findings)
        )
    )
    return "\n".join(parts)


def derived_sections(p: CardParams) -> list[str]:
    """The sections of the derived configs that were built, in config order."""
    sections = []
    if p.changes is not None:
        sections.append(corrected_section(p.changes, p.findings))
    if p.variants is not None:
        sections.append(variants_section(*p.variants))
    if p.multi is not None:
        sections.append(multi_section(*p.multi))
    if p.instructions is not None:
        sections.append(instructions_section(*p.instructions))
    if p.stories is not None:
        sections.append(stories_section(*p.stories))
    return sections + list(p.extra)


def placeholders(p: CardParams) -> dict[str, str]:
    """Every ``$name`` of the template and its text."""
    return {
        "license_id": LICENSE_ID,
        "yaml_license": yaml_list("license", (config_license(c.name) for c in p.configs)),
        "yaml_language": yaml_list("language", (config_language(c.name) for c in p.configs)).replace(
            "language: ", "language:\n- "
        ),
        "size_category": size_category(distinct_rows(p.configs)),
        "n_distinct_rows": f"{distinct_rows(p.configs):,}",
        "yaml_configs": yaml_configs(p.configs),
        "version": release_version(c.version for c in p.configs),
        "package_version": p.package_version,
        "upstream_repo": UPSTREAM_REPO,
        "upstream_commit": UPSTREAM_COMMIT,
        "n_rows": f"{sum(len(r) for r in p.rows.values()):,}",
        "configs_table": configs_table(p.configs),
        "counts_table": counts_table(p.rows),
        "templates_table": templates_table(p.templates),
        "n_templates": str(len([t for t in p.templates if t["aspect"] != "format"])),
        "n_findings": str(len(p.findings)),
        "findings_section": findings_section(p.findings),
        "extra_sections": "\n\n".join(derived_sections(p)),
    }


def template_text() -> str:
    """The card template shipped with the package."""
    return resources.files("lctg_dataset").joinpath(TEMPLATE_NAME).read_text(encoding="utf-8")


def render(params: CardParams, template: str | None = None) -> str:
    """The card: ``template`` (default: the packaged one) with every placeholder filled."""
    return string.Template(template if template is not None else template_text()).substitute(placeholders(params))
