"""The ``README.md`` of a written LCTG task folder, in the layout of lm-evaluation-harness's task READMEs (Paper,
Citation, Groups and Tasks, Checklist), filled from what the writer wrote: groups, subtasks, versions, signatures."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from lctg_dataset.constants import LCTG_CITATION

#: The papers (one citation for the task README and the metric module).
CITATION = LCTG_CITATION
#: What each group reports.
GROUPS = {
    "lctg": "the mean over tasks of each task's average over its four aspects (the papers' CTG average)",
    "lctg_summary": "news summarization: the average of its four aspect subtasks",
    "lctg_ad_text": "ad-title writing: the average of its four aspect subtasks",
    "lctg_pros_and_cons": "pros & cons writing: the average of its four aspect subtasks",
    "lctg_multi": "the `multi` config (not in the papers): every aspect checked on one prompt, per task",
}


def task_readme(
    subtasks: Mapping[str, Sequence[tuple[str, str]]],
    versions: Mapping[str, str],
    signatures: Mapping[str, str],
    dataset: str,
    repeats: int,
    hub: bool = False,
) -> str:
    """The README text: ``subtasks`` maps each group to its ``(task name, one-line description)``."""
    groups = [f"* `lctg`: {GROUPS['lctg']}"]
    groups += [f"* `{g}`: {GROUPS.get(g, g)}" for g in subtasks]
    tasks = [f"* `{name}`: {what}" for names in subtasks.values() for name, what in names]
    configs = [f"* `{c}`: dataset version `{v}`; signature `{signatures[c]}`" for c, v in versions.items()]
    return "\n".join(
        [
            "# LCTG Bench",
            "",
            "### Paper",
            "",
            "Title: LCTG Bench: LLM Controlled Text Generation Benchmark (English); "
            "LCTG Bench: 日本語LLMの制御性ベンチマークの構築 (NLP2024)",
            "",
            "LCTG Bench measures whether a Japanese LLM obeys business constraints while summarizing news, writing ad "
            "titles and writing pros and cons: output only the answer (format), stay within a character range "
            "(char_count), use a keyword (keyword), avoid a prohibited word (prohibited_word). "
            "Each response is checked by the `lctg` scorer (its rule cleaner removes text added before or after the "
            "answer); `acc` is the share of satisfied constraints, and its stderr is the harness's closed-form "
            "standard error of that mean.",
            "",
            "Homepage: https://github.com/CyberAgentAILab/LCTG-Bench",
            "",
            "### Citation",
            "",
            "```",
            CITATION,
            "```",
            "",
            "### Groups and Tasks",
            "",
            "#### Groups",
            "",
            *groups,
            "",
            "#### Tasks",
            "",
            *tasks,
            "",
            "#### Data and scoring",
            "",
            f"The tasks read `{dataset}` ({'a Hub dataset repo' if hub else 'relative to this folder'}), "
            f"{repeats} sample(s) per prompt. Every setting that can change a score is in the signature, also written "
            "as `metadata.signature` in each task file:",
            "",
            *configs,
            "",
            "Score a run's `--log_samples` output folder (several groups at once, e.g. `--tasks lctg,lctg_multi`) with "
            "`lctg_metrics.lm_eval_tasks.score_run(output_folder, dataset)`: one result per config.",
            "",
            "### Checklist",
            "",
            "For adding novel benchmarks/datasets to the library:",
            "* [x] Is the task an existing benchmark in the literature?",
            "  * [x] Have you referenced the original paper that introduced the task?",
            "  * [x] If yes, does the original paper provide a reference implementation? If so, have you checked "
            "against the reference implementation and documented how to run such a test?",
            "",
            "If other tasks on this dataset are already supported:",
            '* [x] Is the "Main" variant of this task clearly denoted?',
            "* [x] Have you provided a short sentence in a README on what each new variant adds / evaluates?",
            "* [x] Have you noted which, if any, published evaluation setups are matched by this variant?",
            "",
        ]
    )
