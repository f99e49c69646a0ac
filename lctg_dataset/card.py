"""Render the dataset card (the output folder's README.md) from ``dataset_card.md`` and a build result.

The template uses ``$name`` placeholders (``string.Template``); each placeholder is filled by one small
pure helper below, in the manner of datatrove's card generator.
"""

from __future__ import annotations

import string
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from lctg_dataset.constants import ASPECTS, DATASET_VERSION, LICENSE_ID, TASKS, UPSTREAM_COMMIT, UPSTREAM_REPO
from lctg_dataset.validate import FINDING_KINDS

if TYPE_CHECKING:  # pragma: no cover
    from lctg_dataset.build import BuildResult, Config

#: The card template lives at the project root (the design card's ``dataset_card.md``).
TEMPLATE_PATH = Path(__file__).resolve().parent.parent / "dataset_card.md"


def yaml_configs(configs: Sequence["Config"]) -> str:
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


def md_table(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(str(v) for v in row) + " |" for row in rows]
    return "\n".join(out)


def counts_table(rows: Mapping[str, Sequence[Mapping[str, Any]]]) -> str:
    body = []
    for t in TASKS:
        counts = [sum(1 for r in rows[t] if r["aspect"] == a) for a in ASPECTS]
        body.append([t, *counts, sum(counts)])
    totals = [sum(r[i + 1] for r in body) for i in range(len(ASPECTS) + 1)]
    body.append(["**total**", *totals])
    return md_table(["task", *ASPECTS, "total"], body)


def configs_table(configs: Sequence["Config"]) -> str:
    return md_table(
        ["config", "version", "rows", "description"],
        ([f"`{c.name}`" + (" (default)" if c.default else ""), c.version, sum(len(r) for r in c.rows.values()), c.description]
         for c in configs),
    )


NOT_COMPARABLE = ("Scores on this config are **not comparable** with the papers' tables or with the faithful "
                  "1.0.0 configs; the scorer's signature shows its dataset version.")


def corrected_section(changes: Sequence[Any], findings: Sequence[Any]) -> str:
    """Card section of the corrected revision: how it was made and every change."""
    from lctg_dataset.validate import DISAGREEMENT_KINDS

    kept = [f for f in findings if f.kind not in DISAGREEMENT_KINDS and f.kind in ("degenerate_range", "inverted_range")]
    lines = [
        "## Config `corrected` (version 1.1.0)",
        "",
        "How it was made: for every validation finding where a condition's text disagrees with its scored values "
        "(`condition_disagrees_with_answer`), the condition is re-filled from its own recovered template with the "
        "scored values (`char_count_answer`), and the prompt is rebuilt from it. Every other row equals `all`. "
        "Consistent but unusual records (exact-length ranges) are reported above, not changed "
        f"({len(kept)} such findings). Seed: none (deterministic). Intended use: evaluation where the prompt must "
        "state exactly what is checked. " + NOT_COMPARABLE,
        "",
        f"Changes: {len({c.id for c in changes})} rows, {len(changes)} field edits (condition, prompt, template_values; "
        "machine-readable in `changelog-1.1.0.json`; the table omits the rebuilt prompts):",
        "",
        md_table(["id", "field", "old", "new"],
                 ([f"`{c.id}`", c.field, _short(c.old), _short(c.new)] for c in changes if c.field != "prompt")),
    ]
    return "\n".join(lines)


def _short(value: Any, n: int = 60) -> str:
    text = str(value).replace("\n", "⏎").replace("|", "\\|")
    return text if len(text) <= n else text[: n - 1] + "…"


def variants_section(k: int, seed: int, n_rows: int) -> str:
    return "\n".join([
        f"## Config `variants` ({k} per prompt, seed {seed})",
        "",
        f"How it was made: for each of the 1,260 non-format prompts of `corrected`, {k} variants with the same base text "
        "and the same scored values, the condition re-filled with a different template drawn (without replacement, "
        "never the prompt's own template) from the same (task, aspect) pool of recovered templates, seeded by "
        f"`--seed {seed}` and the row id, so builds are reproducible. Each row records its `template_id` and `variant` "
        f"(0..{k - 1}); ids are `{{task}}/{{prompt_id}}/{{aspect}}/v{{n}}`. Rows: {n_rows}. Intended use: measuring "
        "how much a model's controllability depends on the wording of the condition (the papers collected many "
        "phrasings for this reason; Mizrahi et al.). The scorer reports per task × aspect the mean, the spread "
        "(min/max/std of per-variant accuracy) and the share of prompts whose verdict is the same for every variant. "
        + NOT_COMPARABLE,
    ])


def multi_section(n_rows: int, excluded: Sequence[Mapping[str, Any]]) -> str:
    lines = [
        "## Config `multi` (all four constraints at once)",
        "",
        "How it was made: one prompt per base text whose [条件] block carries the char_count, keyword, prohibited_word "
        "and format conditions of `corrected`, one per line, in that order (the output-format instruction last). "
        "Records whose keyword equals or contains the prohibited word are excluded, so no prompt forces a failure. "
        "Seed: none (deterministic). The id is `{task}/{prompt_id}/multi`; `constraint.aspects` lists all four aspects. "
        f"Rows: {n_rows}. Intended use: instruction following under several constraints; the scorer reports the "
        "aspect-level accuracy and the prompt-level accuracy (all four satisfied), like IFEval. " + NOT_COMPARABLE,
    ]
    if excluded:
        lines += ["", md_table(["task", "prompt_id", "reason"], ([e["task"], e["prompt_id"], e["reason"]] for e in excluded))]
    else:
        lines += ["", "Excluded records: none."]
    return "\n".join(lines)


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
    parts = [md_table(["kind", "meaning", "count"], ([f"`{k}`", FINDING_KINDS[k], len(v)] for k, v in per_kind.items()))]
    parts.append("")
    parts.append(md_table(["task", "prompt_id", "kind", "detail"], ([f.task, f.prompt_id, f"`{f.kind}`", f.detail] for f in findings)))
    return "\n".join(parts)


def placeholders(result: "BuildResult") -> dict[str, str]:
    from lctg_metrics import __version__ as package_version

    n_rows = sum(len(r) for r in result.rows.values())
    return {
        "license_id": LICENSE_ID,
        "yaml_configs": yaml_configs(result.configs),
        "version": DATASET_VERSION,
        "package_version": package_version,
        "upstream_repo": UPSTREAM_REPO,
        "upstream_commit": UPSTREAM_COMMIT,
        "n_rows": f"{n_rows:,}",
        "configs_table": configs_table(result.configs),
        "counts_table": counts_table(result.rows),
        "templates_table": templates_table(result.templates),
        "n_templates": str(len([t for t in result.templates if t["aspect"] != "format"])),
        "n_findings": str(len(result.findings)),
        "findings_section": findings_section(result.findings),
        "extra_sections": "\n\n".join(result.card_sections),
    }


def render(result: "BuildResult", template_path: Path = TEMPLATE_PATH) -> str:
    template = string.Template(template_path.read_text(encoding="utf-8"))
    return template.substitute(placeholders(result))
