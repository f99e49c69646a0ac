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
        ["config", "rows", "description"],
        ([f"`{c.name}`" + (" (default)" if c.default else ""), sum(len(r) for r in c.rows.values()), c.description] for c in configs),
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
