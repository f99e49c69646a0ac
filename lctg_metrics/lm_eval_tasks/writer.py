"""Write lm-evaluation-harness task files for a built dataset folder: ``lm_eval --include_path DIR --tasks lctg``.

Groups and subtasks (each subtask one (task, aspect) of the faithful configs, scored per doc by the LCTG scorer)::

    lctg ── lctg_summary ── lctg_summary_format, lctg_summary_char_count, lctg_summary_keyword, …
         ├─ lctg_ad_text ── …
         └─ lctg_pros_and_cons ── …
    lctg_multi ── lctg_multi_summary, lctg_multi_ad_text, lctg_multi_pros_and_cons   (if the build has ``multi``)

A group's ``acc`` is the unweighted mean of its children: ``lctg_summary`` is the task average over aspects,
``lctg`` the mean over tasks, as ``lctg score`` reports them (every metric key is ``acc,none``, whatever
``repeats``). Each subtask's CI reaches the harness's stderr column: ``mean`` aggregation, whose closed-form
stderr the harness computes (``stderr_for_metric``), over per-doc scores. The YAMLs read the dataset folder by a path
relative to the task folder (``custom_dataset`` of :mod:`.data`, so the pair moves together and nothing absolute is
written), or for a Hub repo id the manifest-checked snapshot at the resolved commit (offline from the Hugging Face
cache); the written ``utils.py`` imports :mod:`lctg_metrics` at run time. ``metadata.version`` is the number the
harness shows (the dataset's major.minor); the full dataset version and the signature sit beside it. The folder's
``README.md`` follows the harness's task README (groups, tasks, citation, checklist).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lctg_dataset.constants import TASKS
from lctg_dataset.layout import MANIFEST, data_file
from lctg_metrics.api import score_predictions_result
from lctg_metrics.cleaners import per_item_cleaners
from lctg_metrics.lm_eval_tasks.hooks import ACC, AVERAGE, PROMPT_LEVEL
from lctg_metrics.lm_eval_tasks.source import manifest_configs, relative_folder, task_source
from lctg_metrics.lm_eval_tasks.yaml_files import group_yaml, task_yaml
from lctg_metrics.schema import ScoringError

#: The top group; subtasks are ``lctg_{task}_{aspect}`` and ``lctg_multi_{task}``.
GROUP = "lctg"
MULTI = "multi"
#: Generation settings unless the caller gives others: no stop sequence (answers span paragraphs, and the
#: harness's default stop is a blank line); ``max_gen_toks`` and sampling come from :func:`generation_kwargs`.
DEFAULT_GENERATION_KWARGS: dict[str, Any] = {"until": []}
#: Tokens a response may take: room for a reasoning model's thinking and the answer (1,024 cut reasoning models
#: off inside ``<think>``, which fails every aspect as "unfinished reasoning"; the Nejumi Leaderboard allows 3,500).
DEFAULT_MAX_GEN_TOKS = 4096
#: Sampling temperature when sampling is on (the default for ``repeats`` > 1): the model's own distribution.
#: API models ignore ``do_sample`` and answer greedily at temperature 0, so sampling sets a temperature too.
DEFAULT_SAMPLING_TEMPERATURE = 1.0
#: Scoring options the tasks may carry (keyword arguments of ``score_predictions_result``; no LLM steps:
#: the harness scores each doc on its own, offline).
SCORING_KEYS = ("cleaner", "profile", "counting", "normalization", "affix_length", "short_text", "empty", "think")
#: Files a previous call wrote; anything else in ``out_dir`` makes the call refuse.
UTILS = "utils.py"
README = "README.md"

_UTILS_HEAD = '''"""LCTG Bench tasks for lm-evaluation-harness (written by lctg_metrics.lm_eval_tasks; do not edit, rewrite)."""

try:
    from lctg_metrics.lm_eval_tasks.hooks import docs_where, scorer
except ImportError as e:  # the harness runs in an environment without the lctg package
    raise ImportError("the LCTG tasks score with the lctg package: pip install it where lm_eval runs") from e

#: Keyword options of lctg_metrics.api.score_predictions_result; the signature: {signature}
SCORING = {scoring}
process_results = scorer(SCORING)
'''  # noqa: E501 (the written file's text)
_UTILS_HUB = """
from lctg_metrics.lm_eval_tasks.data import load_docs  # noqa: E402  (the Hub snapshot, offline from the cache)

"""
_UTILS_LOCAL = """
from lctg_metrics.lm_eval_tasks.data import local_loader  # noqa: E402

#: The build folder, by the task files' path relative to this folder.
load_local = local_loader(__file__)

"""


def lm_generation_kwargs(
    repeats: int = 1,
    *,
    max_gen_toks: int = DEFAULT_MAX_GEN_TOKS,
    do_sample: bool | None = None,
    temperature: float | None = None,
    extra: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The tasks' ``generation_kwargs``. Sampling is on when ``repeats`` > 1 unless asked otherwise, at
    :data:`DEFAULT_SAMPLING_TEMPERATURE`; greedy decoding with ``repeats`` > 1 (k identical samples) is refused."""
    if type(repeats) is not int or repeats < 1:
        raise ScoringError(f"repeats must be a positive integer, got {repeats!r}")
    if type(max_gen_toks) is not int or max_gen_toks < 1:
        raise ScoringError(f"max_gen_toks must be a positive integer, got {max_gen_toks!r}")
    sample = repeats > 1 if do_sample is None else do_sample
    if temperature is not None and (
        isinstance(temperature, bool) or not isinstance(temperature, (int, float)) or temperature < 0
    ):
        raise ScoringError(f"temperature must be a number >= 0, got {temperature!r}")
    if temperature is not None and not sample:
        raise ScoringError(f"temperature {temperature} applies only when sampling; sample (--do-sample) or drop it")
    gen: dict[str, Any] = {**DEFAULT_GENERATION_KWARGS, "max_gen_toks": max_gen_toks, "do_sample": sample}
    if sample:
        gen["temperature"] = DEFAULT_SAMPLING_TEMPERATURE if temperature is None else temperature
    gen.update(extra or {})
    greedy = not gen.get("do_sample") or not gen.get("temperature")
    if repeats > 1 and greedy:
        raise ScoringError(
            f"repeats {repeats} with greedy decoding (do_sample {gen.get('do_sample')!r}, temperature "
            f"{gen.get('temperature')!r}) gives {repeats} identical samples; sample (the default for "
            "repeats > 1, temperature > 0) or use repeats 1"
        )
    return gen


def write_lm_eval_tasks(
    dataset_dir: str | os.PathLike[str],
    out_dir: str | os.PathLike[str],
    *,
    dataset_path: str | None = None,
    revision: str | None = None,
    repeats: int = 1,
    max_gen_toks: int = DEFAULT_MAX_GEN_TOKS,
    do_sample: bool | None = None,
    temperature: float | None = None,
    generation_kwargs: Mapping[str, Any] | None = None,
    scoring: Mapping[str, Any] | None = None,
    notes: list[str] | None = None,
) -> list[Path]:
    """Write the task YAMLs and ``utils.py`` for the build in ``dataset_dir`` (a folder, or a Hub repo id at
    ``revision`` read through the Hugging Face cache) into ``out_dir``; return the files.

    ``dataset_path``: what the YAMLs load (default: the folder's path relative to ``out_dir``, or the repo id; a
    relative path is read from the task folder, wherever lm_eval runs); a Hub repo id loads
    the snapshot at the resolved commit (``revision`` for a local folder published there), checked against the
    manifest of this build, so the task files work offline once the snapshot is cached. A local folder's repo is
    checked when it is written, where the snapshot can be read (the cache, or a reachable Hub): another build there
    is refused and the commit pinned; where it cannot, a line saying so is appended to ``notes``.
    ``repeats``: samples per prompt (each response scored); ``max_gen_toks``, ``do_sample``, ``temperature``,
    ``generation_kwargs``: see :func:`lm_generation_kwargs`.
    ``scoring``: options of the scorer (default ``{"cleaner": "rule"}``), recorded with their signature."""
    gen = lm_generation_kwargs(
        repeats, max_gen_toks=max_gen_toks, do_sample=do_sample, temperature=temperature, extra=generation_kwargs
    )
    root, hub, source = task_source(dataset_dir, dataset_path, revision, notes)
    configs = manifest_configs(root)
    options = _scoring(scoring)
    path = hub["lctg_repo"] if hub else dataset_path or relative_folder(root, Path(out_dir))
    tasks = [t for t in TASKS if t in configs]
    if not tasks:
        raise ScoringError(f"{root / MANIFEST}: no task configs ({', '.join(TASKS)}) to write tasks for")
    sigs = {c: _signature(root, c, options, source) for c in [*tasks, *([MULTI] if MULTI in configs else [])]}
    files: dict[str, str] = {}
    functions: list[str] = []
    subtasks: dict[str, list[tuple[str, str]]] = {}
    for task in tasks:
        aspects = _aspects(root, task)
        for aspect in aspects:
            name = f"{GROUP}_{task}_{aspect}"
            functions.append(f"{task}_{aspect}_docs = docs_where(aspect={aspect!r})")
            files[f"{name}.yaml"] = task_yaml(
                name,
                path,
                task,
                f"{task}_{aspect}_docs",
                [ACC],
                gen,
                repeats,
                configs[task]["version"],
                sigs[task],
                hub,
            )
            subtasks.setdefault(f"{GROUP}_{task}", []).append((name, f"{task} prompts checking {aspect}"))
        files[f"{GROUP}_{task}.yaml"] = group_yaml(
            f"{GROUP}_{task}", [f"{GROUP}_{task}_{a}" for a in aspects], [ACC], repeats, configs[task]["version"]
        )
    files[f"{GROUP}.yaml"] = group_yaml(
        GROUP, [f"{GROUP}_{t}" for t in tasks], [ACC], repeats, configs[tasks[0]]["version"]
    )
    if MULTI in configs:
        metrics = [*_multi_aspects(root), AVERAGE, PROMPT_LEVEL]
        names = []
        for task in tasks:
            name = f"{GROUP}_{MULTI}_{task}"
            names.append(name)
            functions.append(f"{MULTI}_{task}_docs = docs_where(task={task!r})")
            files[f"{name}.yaml"] = task_yaml(
                name,
                path,
                MULTI,
                f"{MULTI}_{task}_docs",
                metrics,
                gen,
                repeats,
                configs[MULTI]["version"],
                sigs[MULTI],
                hub,
            )
            subtasks.setdefault(f"{GROUP}_{MULTI}", []).append((name, f"{task} prompts checking every aspect at once"))
        files[f"{GROUP}_{MULTI}.yaml"] = group_yaml(
            f"{GROUP}_{MULTI}", names, metrics, repeats, configs[MULTI]["version"]
        )
    files[UTILS] = (
        _UTILS_HEAD.format(signature=sigs[tasks[0]], scoring=repr(options))
        + (_UTILS_HUB if hub else _UTILS_LOCAL)
        + "\n".join(functions)
        + "\n"
    )
    from lctg_metrics.lm_eval_tasks.readme import task_readme

    files[README] = task_readme(
        subtasks, {c: configs[c]["version"] for c in sigs}, sigs, path, repeats, hub is not None
    )
    return _write(Path(out_dir), files)


def _aspects(root: Path, config: str) -> list[str]:
    """The aspects of a config's rows, in first-seen order (the build writes them in the benchmark's order)."""
    import pyarrow.parquet as pq

    column = pq.read_table(root / data_file(config), columns=["aspect"]).column("aspect").to_pylist()
    return list(dict.fromkeys(column))


def _multi_aspects(root: Path) -> list[str]:
    import pyarrow.parquet as pq

    rows = pq.read_table(root / data_file(MULTI), columns=["constraint"]).slice(0, 1).to_pylist()
    return list(rows[0]["constraint"]["aspects"])


def _scoring(scoring: Mapping[str, Any] | None) -> dict[str, Any]:
    options = {"cleaner": "rule", **(scoring or {})}
    bad = [k for k in options if k not in SCORING_KEYS]
    if bad:
        raise ScoringError(f"unknown scoring option(s) {bad} for lm-eval tasks; valid: {', '.join(SCORING_KEYS)}")
    if options["cleaner"] not in per_item_cleaners():
        raise ScoringError(
            f"cleaner {options['cleaner']!r} cannot run inside the harness (one doc at a time, no "
            f"cleaned texts); use {' or '.join(map(repr, per_item_cleaners()))}, or score the "
            "--log_samples file with lctg score"
        )
    return options


def _signature(root: Path, config: str, options: Mapping[str, Any], source: str | None = None) -> str:
    """The scorer's signature for these options (scoring one row also checks that the options are valid), naming
    the Hub snapshot the tasks load (repo, revision = commit, manifest digest) as ``lctg score`` does."""
    import pyarrow.parquet as pq

    from lctg_metrics import signature

    row = pq.read_table(root / data_file(config), columns=["constraint"]).slice(0, 1).to_pylist()[0]
    try:
        result = score_predictions_result(["-"], [row["constraint"]], **options)
        if source is None:
            return result.signature
        return signature.build(
            result.options,
            cleaner=result.cleaner,
            judge=result.judge,
            dataset_version=result.dataset_version,
            dataset_source=source,
        )
    except ScoringError:
        raise
    except ValueError as e:  # an option's value: the message names it and the valid ones
        raise ScoringError(f"lm-eval task scoring options: {e}") from None


def _write(out: Path, files: Mapping[str, str]) -> list[Path]:
    """Write ``files`` into ``out``, replacing what an earlier call wrote; refuse a folder holding anything else."""
    if out.exists() and not out.is_dir():
        raise ScoringError(f"{out}: exists and is not a folder")
    if out.is_dir():
        foreign = sorted(
            p.name
            for p in out.iterdir()
            if not (p.is_file() and (p.name in (UTILS, README) or (p.name.startswith(GROUP) and p.suffix == ".yaml")))
            and p.name != "__pycache__"
        )
        if foreign:
            raise ScoringError(
                f"{out}: holds files this writer did not make ({', '.join(foreign[:5])}); choose a new or empty folder"
            )
        for p in out.glob(f"{GROUP}*.yaml"):
            p.unlink()
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in files.items():
        (out / name).write_text(text, encoding="utf-8")
        written.append(out / name)
    return written
