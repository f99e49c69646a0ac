"""Upstream's own evaluation scripts and ``lctg score`` side by side, on seeded generations.

    seeded generations ──► upstream layout ──► header_footer_remover → eval_ctg → eval_quality → get_scores
                       └─► lctg JSONL ──────► lctg score --cleaner llm --judge --csv-dir
    both against a loopback OpenAI-compatible server whose answers are a pure function of the prompt
    ──► per-item verdicts (CTG, quality) and all_scores.csv cells, compared

Upstream's scripts are run unchanged from ``$LCTG_SOURCE``/``../shared/upstream/lctg-bench-v1`` (copied into a
temporary work dir at run time; nothing of them lives here). Expected values are upstream's outputs.
Needs ``pandas<2.3``, ``openai>=1.30,<2``, ``tqdm``, ``python-dotenv`` in the running interpreter.
"""

from __future__ import annotations

import ast
import csv
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PROJECT_ROOT = Path(__file__).resolve().parent.parent
TASKS = ("summary", "ad_text", "pros_and_cons")
ASPECTS = ("format", "char_count", "keyword", "prohibited_word")
#: Upstream's scripts index samples 0..2 without looking at the data (eval_ctg.py's REF_INDEX loop,
#: eval_quality.py's iter0..iter2, get_scores.py's --iter_num 3): three samples per prompt are required.
SAMPLES = 3
#: MODEL_PATH_0 in upstream's .env; its get_suffix() ("/" → "-") names the output folder and the CSV row.
MODEL_PATH = "seeded/generator"
MODEL_NAME = MODEL_PATH.replace("/", "-")
#: The cleaner and judge model hard-coded in upstream's scripts.
LLM_MODEL = "gpt-4-1106-preview"
UPSTREAM_SCRIPTS = ("header_footer_remover.py", "eval_ctg.py", "eval_quality.py")
INVALID_MARKER = "Invalid Error"  # upstream header_footer_remover.py's failure marker

# -- seeded generations ---------------------------------------------------------------------------

#: Explanatory text a model may put around its answer, and that the fake cleaner removes.
PREAMBLES = {
    "summary": ("以下の文章を要約します。\n", "【要約】\n", "Here is the summary:\n"),
    "ad_text": ("広告文：", "広告文を作成します。\n"),
    "pros_and_cons": ("あなたのご質問にお答えいたします。\n", "そこで、メリットとデメリットをご紹介いたします。\n"),
}
CLOSINGS = {
    "summary": ("\n以上が要約結果になります。", "\n(要約おわり)"),
    "ad_text": ("\nこのタイトルは、商品の魅力を伝えています。", "\n作成しました。"),
    "pros_and_cons": ("\n以上がメリット・デメリットです。",),
}
_ALL_PREAMBLES = tuple(p for t in TASKS for p in PREAMBLES[t])
_ALL_CLOSINGS = tuple(c for t in TASKS for c in CLOSINGS[t])
#: Text a cleaner may wrongly add (before, after).
ADDED = ("【出力】", "（完）")
#: Filler: realistic Japanese with full-width forms, a decomposed が (か + U+3099) and an emoji.
_POOL = (
    "メリットは時間を有効に使えることです。デメリットは費用がかかる点で、ＡＢＣ社の調査でも同じ傾向が見られました。"
    "新しいサービスか\u3099始まり、利用者は前年比２倍に増えています😀。一方で課題も残ります。"
)
BLANKS = (" ", "\u3000", "\n", "\t")


@dataclass(frozen=True)
class Item:
    """One generation: (task, prompt, aspect, sample) and its text."""

    task: str
    prompt_id: int
    aspect: str
    sample: int
    generation: str

    @property
    def id(self) -> str:
        return f"{self.task}/{self.prompt_id}/{self.aspect}"


def load_records(source: Path) -> dict[str, list[dict[str, Any]]]:
    """Upstream's records per task, parsed with plain json."""
    out = {}
    for task in TASKS:
        with open(source / "datasets" / task / "prompts_v1.jsonl", encoding="utf-8") as f:
            out[task] = [json.loads(line) for line in f if line.strip()]
    return out


def _filler(rng: random.Random, record: dict[str, Any], n: int, blanks: bool) -> str:
    if n <= 0:
        return ""
    pool = "".join(c for c in record["base_text"] if c not in BLANKS) + _POOL
    start = rng.randrange(len(pool))
    text = list((pool[start:] + pool * (n // len(pool) + 2))[:n])
    if blanks:  # blanks inside the answer (counted by C-COUNT, deleted by the FORMAT comparison)
        for _ in range(rng.randint(1, 3)):
            text[rng.randrange(n)] = rng.choice(BLANKS)
    return "".join(text)


def _insert(rng: random.Random, text: str, word: str) -> str:
    at = rng.randint(0, len(text))
    return text[:at] + word + text[at:]


def _body(rng: random.Random, record: dict[str, Any], aspect: str) -> str:
    blanks = rng.random() < 0.25
    if aspect == "char_count":
        lo, hi = record["char_count_answer"]
        n = rng.choice(
            [
                lo - 1,
                lo,
                hi,
                hi + 1,
                rng.randint(lo, hi),  # at and around both bounds, inside
                hi + rng.randint(2, 30),
                rng.randint(11, max(11, lo - 2)),
            ]
        )  # well outside
        return _filler(rng, record, max(n, 1), blanks)
    text = _filler(rng, record, rng.randint(11, 120), blanks)
    if aspect == "keyword" and rng.random() < 0.6:
        text = _insert(rng, text, record["keyword_answer"])
    if aspect == "prohibited_word" and rng.random() < 0.5:
        text = _insert(rng, text, record["prohibited_word_answer"])
    return text


def generate_text(rng: random.Random, task: str, record: dict[str, Any], aspect: str) -> str:
    """One seeded generation: mostly an answer with optional preamble/closing, sometimes an edge case."""
    u = rng.random()
    if u < 0.03:
        return ""
    if u < 0.06:
        return rng.choice([" ", "\n", "\u3000\n", " \t "])
    if u < 0.07:
        return INVALID_MARKER
    if u < 0.13:  # ≤ 10 characters after blank deletion (FORMAT fails), sometimes the keyword itself
        word = record["keyword_answer"] if aspect == "keyword" and rng.random() < 0.5 else ""
        return (word or _filler(rng, record, rng.randint(1, 10), False))[:10]
    text = _body(rng, record, aspect)
    if rng.random() < 0.3:
        text = rng.choice(PREAMBLES[task]) + text
    if rng.random() < 0.3:
        text = text + rng.choice(CLOSINGS[task])
    if rng.random() < 0.1:
        text = rng.choice(BLANKS) + text + rng.choice(BLANKS)
    return text


def make_generations(records: dict[str, list[dict[str, Any]]], samples: int = SAMPLES, seed: int = 0) -> list[Item]:
    """Every task × prompt × aspect × sample, in that order, from one seeded generator."""
    rng = random.Random(seed)
    return [
        Item(task, record["prompt_id"], aspect, sample, generate_text(rng, task, record, aspect))
        for task in TASKS
        for record in records[task]
        for aspect in ASPECTS
        for sample in range(samples)
    ]


# -- the fake cleaner and judge: answers are a pure function of the request's messages ------------------

_QUALITY_MARK = "「適切」「不適切」のいずれかのみを出力"
_FALLBACK_MARK = "必ずTrue, Falseのいずれかの単語を1つだけ出力してください。"
_TEXT_MARK = "[文章]\n"  # the cleaner prompts end with "[文章]\n{generated_result}\n" (one occurrence)


def _unit(messages: list[dict[str, Any]]) -> int:
    """0..99 from the sha256 of the whole conversation: any difference in a prompt changes the answer."""
    blob = json.dumps(messages, ensure_ascii=False, sort_keys=True)
    return int(hashlib.sha256(blob.encode("utf-8")).hexdigest()[:8], 16) % 100


def strip_wrappers(raw: str) -> str:
    """What a faithful cleaner returns: the raw text without a known preamble and closing."""
    text = raw
    for p in _ALL_PREAMBLES:
        if text.startswith(p):
            text = text[len(p) :]
            break
    for c in _ALL_CLOSINGS:
        if text.endswith(c):
            text = text[: -len(c)]
            break
    return text


def respond(body: dict[str, Any]) -> tuple[str, str]:
    """The fake server's answer to one chat request, and the branch it took (for counting)."""
    messages = body.get("messages", [])
    prompt = [m["content"] for m in messages if m.get("role") == "user"][-1]
    u = _unit(messages)
    if _FALLBACK_MARK in prompt:
        for bound, answer, branch in (
            (45, "True", "fallback True"),
            (75, "False", "fallback False"),
            (82, " False\n", "fallback False (blanks)"),
        ):
            if u < bound:
                return answer, branch
        return "判断できません", "fallback unparseable"
    if _QUALITY_MARK in prompt:
        for bound, answer, branch in (
            (40, "適切", "judge 適切"),
            (70, "不適切", "judge 不適切"),
            (75, " 適 切\n", "judge 適切 (blanks)"),
            (80, "不適切　", "judge 不適切 (blanks)"),
        ):
            if u < bound:
                return answer, branch
        return ("適切だと思います。" if u < 90 else "Appropriate"), "judge needs fallback"
    _, mark, rest = prompt.partition(_TEXT_MARK)
    if not mark or not rest.endswith("\n"):
        raise ValueError(f"unrecognised request: {prompt[:80]!r}")
    raw = rest[:-1]
    if u < 4:
        return "", "cleaner answers empty"
    if u < 7:
        return ("  \n" if u < 6 else "\u3000"), "cleaner answers blank"
    cleaned = strip_wrappers(raw)
    if u < 12:
        return (ADDED[0] + cleaned if u < 10 else cleaned + ADDED[1]), "cleaner adds text"
    return cleaned, ("cleaner removes text" if cleaned != raw else "cleaner returns the text")


def answer(body: dict[str, Any]) -> str:
    return respond(body)[0]


# -- upstream side --------------------------------------------------------------------------------


def _run(cmd: list[str], cwd: Path, env: dict[str, str], timeout: float) -> None:
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} (in {cwd}) exited {proc.returncode}:\n{proc.stderr[-3000:]}")


def _clean_env(extra: dict[str, str]) -> dict[str, str]:
    """The caller's environment without anything that would steer the scripts elsewhere, plus ``extra``."""
    drop = ("MODEL_PATH_", "VERSION", "OPENAI_", "LCTG_CACHE_DIR")
    env = {k: v for k, v in os.environ.items() if not k.startswith(drop)}
    env.update({"PYTHONDONTWRITEBYTECODE": "1", "TQDM_DISABLE": "1", "PYTHONIOENCODING": "utf-8"})
    env.update(extra)
    return env


def layout_upstream(source: Path, records: dict[str, list[dict[str, Any]]], items: Iterable[Item], work: Path) -> Path:
    """Upstream's repository layout (its README): scripts, datasets, .env and one generated_result file per task."""
    shutil.copytree(source / "scripts", work / "scripts", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for task in TASKS:
        (work / "datasets" / task).mkdir(parents=True)
        os.symlink(source / "datasets" / task / "prompts_v1.jsonl", work / "datasets" / task / "prompts_v1.jsonl")
    (work / ".env").write_text(f'VERSION="1"\nMODEL_PATH_0="{MODEL_PATH}"\n', encoding="utf-8")
    texts: dict[tuple[str, int, str], list[str]] = {}
    for it in items:
        texts.setdefault((it.task, it.prompt_id, it.aspect), [""] * SAMPLES)[it.sample] = it.generation
    n = 0
    for task in TASKS:
        out = work / "output" / task / MODEL_NAME / "generated_result" / "generated_result_v1.jsonl"
        out.parent.mkdir(parents=True)
        with open(out, "w", encoding="utf-8") as f:
            for record in records[task]:
                line = {
                    "generated_text_id": n,
                    "model": MODEL_PATH,
                    "prompt_id": record["prompt_id"],
                    "base_text": record["base_text"],
                }
                for aspect in ASPECTS:
                    line[f"{aspect}_result"] = texts[(task, record["prompt_id"], aspect)]
                f.write(json.dumps(line, ensure_ascii=False) + "\n")
                n += 1
    return work


@dataclass
class PipelineResult:
    """One pipeline's outputs keyed by (id, sample): CTG verdict, quality label (None: unparseable), cleaned
    text, and the all_scores.csv cells by (task, row, column)."""

    ctg: dict[tuple[str, int], bool] = field(default_factory=dict)
    quality: dict[tuple[str, int], bool | None] = field(default_factory=dict)
    cleaned: dict[tuple[str, int], str] = field(default_factory=dict)
    cells: dict[tuple[str, str, str], str] = field(default_factory=dict)


def _read_cells(path: Path, task: str, cells: dict[tuple[str, str, str], str]) -> None:
    with open(path, encoding="utf-8", newline="") as f:
        header, *rows = list(csv.reader(f))
    for row in rows:
        for column, value in zip(header[1:], row[1:]):
            cells[(task, row[0], column)] = value


def run_upstream(
    source: Path,
    records: dict[str, list[dict[str, Any]]],
    items: list[Item],
    base_url: str,
    work: Path,
    *,
    timeout: float = 600.0,
) -> PipelineResult:
    """Upstream's pipeline (its README), one chain of scripts per task (tasks in parallel), then get_scores."""
    layout_upstream(source, records, items, work)
    env = _clean_env({"OPENAI_BASE_URL": base_url, "OPENAI_API_KEY": "sk-loopback"})
    scripts = work / "scripts"

    def chain(task: str) -> None:
        for script in UPSTREAM_SCRIPTS:
            _run([sys.executable, script, "--task", task], scripts, env, timeout)

    with ThreadPoolExecutor(len(TASKS)) as pool:
        list(pool.map(chain, TASKS))
    _run([sys.executable, "get_scores.py"], scripts, env, timeout)
    return read_upstream(work)


def read_upstream(work: Path) -> PipelineResult:
    """Upstream's per-item outputs: analysis/*_analysis_{sample}.jsonl (CTG, cleaned) and the quality CSV."""
    out = PipelineResult()
    for task in TASKS:
        base = work / "output" / task / MODEL_NAME
        for sample in range(SAMPLES):
            with open(base / "analysis" / f"generated_result_v1_analysis_{sample}.jsonl", encoding="utf-8") as f:
                for line in f:
                    row = json.loads(line)
                    for aspect in ASPECTS:
                        key = (f"{task}/{row['prompt_id']}/{aspect}", sample)
                        out.ctg[key] = bool(row[f"is_valid_{aspect}"])  # None (≤ 10 chars) is counted as False
                        out.cleaned[key] = row[f"{aspect}_result_wo_hf"]
        with open(base / "score" / "generated_result_v1_quality_score.csv", encoding="utf-8", newline="") as f:
            for row in csv.DictReader(f):
                for aspect in ASPECTS:
                    labels = ast.literal_eval(row[f"{aspect}_wo_hf"])
                    for sample, label in enumerate(labels):
                        key = (f"{task}/{row['prompt_id']}/{aspect}", sample)
                        out.quality[key] = label if isinstance(label, bool) else None
        _read_cells(work / "output" / task / "all_scores.csv", task, out.cells)
    return out


# -- project side ---------------------------------------------------------------------------------


def lctg_command() -> list[str]:
    """The installed ``lctg`` command of the running interpreter (else its entry point, lctg_metrics.cli:main)."""
    script = Path(sys.executable).with_name("lctg")
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-c", "import sys; from lctg_metrics.cli import main; sys.exit(main())"]


def run_lctg(
    source: Path,
    items: list[Item],
    base_url: str,
    work: Path,
    *,
    project_root: Path = PROJECT_ROOT,
    concurrency: int = 8,
    timeout: float = 600.0,
) -> PipelineResult:
    """Build the dataset and run ``lctg score`` with the LLM cleaner and judge, as a user would."""
    work.mkdir(parents=True, exist_ok=True)
    env = _clean_env({"OPENAI_API_KEY": "sk-loopback", "LCTG_CACHE_DIR": str(work / "cache")})
    _run(
        [sys.executable, "build_dataset.py", "--source", str(source), "--output", str(work / "lctg")],
        project_root,
        env,
        timeout,
    )
    gens = work / "generations.jsonl"
    with open(gens, "w", encoding="utf-8") as f:
        for it in items:
            line = {"id": it.id, "generation": it.generation, "sample": it.sample}
            f.write(json.dumps(line, ensure_ascii=False) + "\n")
    cmd = [
        *lctg_command(),
        "score",
        str(gens),
        "--dataset",
        str(work / "lctg"),
        "--cleaner",
        "llm",
        "--judge",
        "--llm-base-url",
        base_url,
        "--llm-model",
        LLM_MODEL,
        "--llm-concurrency",
        str(concurrency),
        "--llm-cache",
        str(work / "llm_cache.sqlite"),
        "--csv-dir",
        str(work / "csv"),
        "--model-name",
        MODEL_NAME,
        "--details",
        str(work / "details.jsonl"),
        "--json",
        str(work / "result.json"),
        "--no-progress",
    ]
    _run(cmd, project_root, env, timeout)
    return read_lctg(work)


def read_lctg(work: Path) -> PipelineResult:
    out = PipelineResult()
    with open(work / "details.jsonl", encoding="utf-8") as f:
        for line in f:
            d = json.loads(line)
            key = (d["id"], d["sample"])
            out.ctg[key] = d["passed"]
            out.quality[key] = d.get("quality")
            out.cleaned[key] = d.get("cleaned")
    for task in TASKS:
        _read_cells(work / "csv" / task / "all_scores.csv", task, out.cells)
    return out


# -- comparison -----------------------------------------------------------------------------------


@dataclass
class Agreement:
    """Agreement of lctg with upstream. Differences: (key, upstream value, lctg value)."""

    ctg_total: int
    ctg_diffs: list[tuple[Any, Any, Any]]
    quality_total: int
    quality_diffs: list[tuple[Any, Any, Any]]
    cleaned_total: int
    cleaned_diffs: list[tuple[Any, Any, Any]]
    cells_total: int
    cell_diffs: list[tuple[Any, Any, Any]]
    diff_kinds: dict[str, tuple[int, str]]  # kind -> (count, example "id#sample")

    def table(self) -> str:
        def line(what: str, total: int, diffs: list[Any]) -> str:
            return f"{what:<28} {total - len(diffs):>6} / {total:<6} agree ({len(diffs)} differ)"

        out = [
            line("CTG verdicts (id, sample)", self.ctg_total, self.ctg_diffs),
            line("quality verdicts", self.quality_total, self.quality_diffs),
            line("cleaned texts", self.cleaned_total, self.cleaned_diffs),
            line("all_scores.csv cells", self.cells_total, self.cell_diffs),
        ]
        if self.cell_diffs:
            out.append("differing cells: upstream vs lctg (differing item verdicts behind the cell)")
            for k, u, v in self.cell_diffs:
                n = self.items_behind(k)
                why = f"{n} items differ" if n else "same item verdicts: aggregation"
                out.append(f"  {k[0]}/{k[2]}: {u} vs {v} ({why})")
        if self.diff_kinds:
            out.append("differing items by kind: count, example")
            out += [f"  {kind}: {n}, e.g. {ex}" for kind, (n, ex) in sorted(self.diff_kinds.items())]
        return "\n".join(out)

    def items_behind(self, cell: tuple[str, str, str]) -> int:
        """Differing item verdicts that feed one all_scores.csv cell (task, row, column)."""
        task, _, column = cell
        name, _, kind = column.rpartition("-")
        aspects = ASPECTS if name == "Avg" else (CSV_ASPECTS[name],)
        diffs = self.ctg_diffs if kind == "ctg" else self.quality_diffs
        return sum(1 for (rid, _), _, _ in diffs if rid.split("/")[0] == task and rid.split("/")[2] in aspects)


#: all_scores.csv column prefixes of upstream get_scores.py, per aspect.
CSV_ASPECTS = {"Format": "format", "C-count": "char_count", "Keyword": "keyword", "P-word": "prohibited_word"}


def _diffs(up: dict[Any, Any], lc: dict[Any, Any]) -> list[tuple[Any, Any, Any]]:
    keys = sorted(set(up) | set(lc))
    return [(k, up.get(k), lc.get(k)) for k in keys if up.get(k, "<absent>") != lc.get(k, "<absent>")]


def _cleaner_kind(upstream_cleaned: str | None) -> str:
    if upstream_cleaned == "":
        return "empty cleaner answer"
    if upstream_cleaned is not None and not upstream_cleaned.strip():
        return "blank cleaner answer"
    return "non-empty cleaner answer"


def compare(up: PipelineResult, lc: PipelineResult) -> Agreement:
    ctg, quality = _diffs(up.ctg, lc.ctg), _diffs(up.quality, lc.quality)
    kinds: dict[str, tuple[int, str]] = {}
    for what, diffs in (("CTG", ctg), ("quality", quality)):
        for key, u, v in diffs:
            aspect = key[0].split("/")[2] if what == "CTG" else "any aspect"
            kind = f"{what} {aspect}, {_cleaner_kind(up.cleaned.get(key))}: upstream {u} / lctg {v}"
            n, ex = kinds.get(kind, (0, f"{key[0]}#{key[1]}"))
            kinds[kind] = (n + 1, ex)
    return Agreement(
        ctg_total=len(set(up.ctg) | set(lc.ctg)),
        ctg_diffs=ctg,
        quality_total=len(set(up.quality) | set(lc.quality)),
        quality_diffs=quality,
        cleaned_total=len(set(up.cleaned) | set(lc.cleaned)),
        cleaned_diffs=_diffs(up.cleaned, lc.cleaned),
        cells_total=len(set(up.cells) | set(lc.cells)),
        cell_diffs=_diffs(up.cells, lc.cells),
        diff_kinds=kinds,
    )


# -- branches exercised ---------------------------------------------------------------------------


def branch_counts(
    items: list[Item],
    records: dict[str, list[dict[str, Any]]],
    upstream: PipelineResult,
    bodies: Iterable[dict[str, Any]],
) -> Counter[str]:
    """How often each branch was taken: generation kinds, what upstream's checks saw, and the fake server's
    answers (from the requests it received)."""
    by_id = {f"{t}/{r['prompt_id']}": r for t in TASKS for r in records[t]}
    c: Counter[str] = Counter()
    for it in items:
        g = it.generation
        stripped = "".join(ch for ch in g if ch not in BLANKS)
        c["generation empty"] += g == ""
        c["generation blank"] += g != "" and stripped == ""
        c["generation ≤ 10 chars"] += 0 < len(stripped) <= 10
        c["generation with preamble"] += g.lstrip("".join(BLANKS)).startswith(_ALL_PREAMBLES)
        c["generation with closing"] += g.endswith(_ALL_CLOSINGS)
        cleaned = upstream.cleaned[(it.id, it.sample)]
        record = by_id[f"{it.task}/{it.prompt_id}"]
        if it.aspect == "keyword":
            c["keyword present" if record["keyword_answer"] in cleaned else "keyword absent"] += 1
        elif it.aspect == "prohibited_word":
            present = record["prohibited_word_answer"] in cleaned
            c["prohibited word present" if present else "prohibited word absent"] += 1
        elif it.aspect == "char_count":
            lo, hi = record["char_count_answer"]
            n = len(cleaned)
            c[
                {lo - 1: "length min-1", lo: "length min", hi: "length max", hi + 1: "length max+1"}.get(
                    n, "length inside" if lo < n < hi else "length outside"
                )
            ] += 1
    for body in bodies:
        c[respond(body)[1]] += 1
    return c


#: Branches the seeded run must exercise at least once.
REQUIRED_BRANCHES = (
    "generation empty",
    "generation blank",
    "generation ≤ 10 chars",
    "generation with preamble",
    "generation with closing",
    "keyword present",
    "keyword absent",
    "prohibited word present",
    "prohibited word absent",
    "length min-1",
    "length min",
    "length max",
    "length max+1",
    "length inside",
    "length outside",
    "cleaner answers empty",
    "cleaner answers blank",
    "cleaner adds text",
    "cleaner removes text",
    "cleaner returns the text",
    "judge 適切",
    "judge 不適切",
    "judge 適切 (blanks)",
    "judge 不適切 (blanks)",
    "judge needs fallback",
    "fallback True",
    "fallback False",
    "fallback False (blanks)",
    "fallback unparseable",
)


@dataclass
class SideBySide:
    items: list[Item]
    upstream: PipelineResult
    lctg: PipelineResult
    agreement: Agreement
    branches: Counter[str]
    cleaner_prompts: tuple[set[str], set[str]]  # distinct cleaner conversations received: (upstream, lctg)
    judge_prompts: tuple[set[str], set[str]]  # distinct judge conversations (quality and fallback) received
    request_params: tuple[set[str], set[str]]  # distinct "name=value" request parameters besides the messages


def _params(bodies: Iterable[dict[str, Any]]) -> set[str]:
    return {f"{k}={json.dumps(v)}" for body in bodies for k, v in body.items() if k != "messages"}


def _prompts(bodies: Iterable[dict[str, Any]], *, judge: bool) -> set[str]:
    """Distinct conversations sent to the cleaner (``judge=False``) or to the judge, as JSON."""
    out = set()
    for body in bodies:
        prompt = body["messages"][-1]["content"]
        if (_QUALITY_MARK in prompt or _FALLBACK_MARK in prompt) == judge:
            out.add(json.dumps(body["messages"], ensure_ascii=False))
    return out


def side_by_side(
    source: Path,
    work: Path,
    *,
    seed: int = 0,
    project_root: Path = PROJECT_ROOT,
    server_factory: Callable[..., Any] | None = None,
    timeout: float = 600.0,
) -> SideBySide:
    """Run both pipelines on the same seeded generations, each against its own fake server (same answers)."""
    if server_factory is None:
        from tests.fake_openai_server import FakeOpenAIServer as server_factory
    records = load_records(source)
    items = make_generations(records, seed=seed)
    up_server, lc_server = server_factory(answer=answer), server_factory(answer=answer)
    with up_server, lc_server:
        with ThreadPoolExecutor(2) as pool:
            up_future = pool.submit(
                run_upstream, source, records, items, up_server.base_url, work / "upstream", timeout=timeout
            )
            lc_future = pool.submit(
                run_lctg, source, items, lc_server.base_url, work / "lctg", project_root=project_root, timeout=timeout
            )
            upstream, lctg = up_future.result(), lc_future.result()
        errors = up_server.answer_errors + lc_server.answer_errors
        if errors:
            raise RuntimeError(f"the fake server's answer function failed: {errors[:3]}")
        up_bodies = [b for _, b in up_server.received]
        lc_bodies = [b for _, b in lc_server.received]
    return SideBySide(
        items,
        upstream,
        lctg,
        compare(upstream, lctg),
        branch_counts(items, records, upstream, up_bodies),
        (_prompts(up_bodies, judge=False), _prompts(lc_bodies, judge=False)),
        (_prompts(up_bodies, judge=True), _prompts(lc_bodies, judge=True)),
        (_params(up_bodies), _params(lc_bodies)),
    )
