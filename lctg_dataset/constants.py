"""Facts about the upstream LCTG Bench release that the build depends on (see SOURCE.md)."""

from __future__ import annotations

#: Version of the faithful dataset this package builds (upstream ``prompts_v1``).
DATASET_VERSION = "1.0.0"
#: Version of the corrected revision (issue: conditions re-filled to agree with scored values).
CORRECTED_VERSION = "1.1.0"

TASKS: tuple[str, ...] = ("summary", "ad_text", "pros_and_cons")
ASPECTS: tuple[str, ...] = ("format", "char_count", "keyword", "prohibited_word")
#: Aspects whose condition statements were written from crowdsourced templates (format is fixed per task).
TEMPLATED_ASPECTS: tuple[str, ...] = ("char_count", "keyword", "prohibited_word")

UPSTREAM_REPO = "CyberAgentAILab/LCTG-Bench"
UPSTREAM_COMMIT = "c4736cbd13f093b3d11469f741752f365d8588d9"
#: Relative path of each task's file inside a source directory.
SOURCE_FILES: dict[str, str] = {t: f"datasets/{t}/prompts_v1.jsonl" for t in TASKS}
#: sha256 of every upstream file at UPSTREAM_COMMIT (SOURCE.md).
SOURCE_SHA256: dict[str, str] = {
    "summary": "bcf6128243ae9ed77e7983a80fa7c48756335d402fb2178e1077cf7764725f2e",
    "ad_text": "dd06c3c4c5b6b5b3fc618d09c95b0684c30d3e18d3027adac9f18722c44f09ed",
    "pros_and_cons": "181a240925fb0cb861bb0ff63878afdd05a36695f6be8045e36f84424a8ddeb9",
}
#: The evaluation-protocol prompts (task prompts, cleaner and judge prompts), extracted as data.
PROTOCOL_FILE = "protocol_prompts.json"

LICENSE_ID = "cc-by-nc-sa-4.0"

#: Versions of the opt-in derived configs (built from the corrected revision).
MULTI_VERSION = f"{CORRECTED_VERSION}+multi"
#: Default number of prompt variants per prompt and their seed (``--variants K --seed S``).
DEFAULT_VARIANTS = 5
DEFAULT_SEED = 0


def variants_version(k: int, seed: int) -> str:
    """Dataset version of a ``variants`` config: K rewordings per prompt drawn with seed S."""
    return f"{CORRECTED_VERSION}+variants.k{k}.s{seed}"


#: Version line of the ``instructions`` config (LCTG base texts with verifiable instructions; its own line,
#: not comparable with the papers). A build records the seed: ``instructions-1.2.0+s0``. Every version stays
#: buildable (``--instructions-version``): 1.0.0 as first published, 1.1.0 with the task-compatibility table,
#: 1.2.0 with sentences that say what is checked and the combinations that cannot be passed left out.
INSTRUCTIONS_VERSIONS = ("1.0.0", "1.1.0", "1.2.0")
INSTRUCTIONS_VERSION = f"instructions-{INSTRUCTIONS_VERSIONS[-1]}"
#: Version line of the ``story_endings`` config (Possible Stories for IFSM).
STORIES_VERSION = "story_endings-1.0.0"


def instructions_version(seed: int, version: str = INSTRUCTIONS_VERSIONS[-1]) -> str:
    """Dataset version of an ``instructions`` config of a version line, drawn with seed S."""
    if version not in INSTRUCTIONS_VERSIONS:
        raise ValueError(f"unknown instructions version {version!r}; valid: {', '.join(INSTRUCTIONS_VERSIONS)}")
    return f"instructions-{version}+s{seed}"


def stories_version(template_set: str, seed: int) -> str:
    """Dataset version of a ``story_endings`` config: its instruction template set and the split/template seed."""
    return f"{STORIES_VERSION}+{template_set}.s{seed}"


def package_version() -> str:
    """Version of the installed ``lctg`` distribution (recorded in the manifest and the card)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("lctg")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "unknown"


#: The ``constraint`` struct of every prompt row: field -> (Arrow type, nullable). The one declaration: the
#: dataset features (``rows.CONSTRAINT_FEATURES``) and the scorer's input checks (``lctg_metrics.schema``) read it.
CONSTRAINT_SCHEMA: dict[str, tuple[str, bool]] = {
    "id": ("string", False),
    "task": ("string", False),
    "prompt_id": ("int64", False),
    "aspects": ("list<string>", False),
    "min_chars": ("int32", True),
    "max_chars": ("int32", True),
    "keyword": ("string", True),
    "prohibited_word": ("string", True),
    "variant": ("int32", True),
    "dataset_version": ("string", True),
}

#: How to cite LCTG Bench (the two papers), for the metric module, the lm-eval task README and the cards.
LCTG_CITATION = """\
@inproceedings{kurihara2024lctgbench,
  title     = {{LCTG Bench}: 日本語{LLM}の制御性ベンチマークの構築},
  author    = {栗原 健太郎 and 三田 雅人 and 張 培楠 and 佐々木 翔大 and 石上 亮介 and 岡崎 直観},
  booktitle = {言語処理学会第30回年次大会 (NLP2024)},
  year      = {2024}
}
@misc{kurihara2024lctgbenchen,
  title  = {{LCTG Bench}: {LLM} Controlled Text Generation Benchmark},
  author = {Kentaro Kurihara and Masato Mita and Peinan Zhang and Shota Sasaki and Ryosuke Ishigami and Naoaki Okazaki},
  year   = {2024}
}"""
