"""The fault matrix, third round: every path a run writes checked against every other (the default answer cache
included), declared limits named in their errors, degraded LLM answers said, absurd endpoint values bounded.

One table row each, as in ``test_bad_inputs_2``: the outcome class (a correct result with exit 0, or ONE line on
stderr with exit 2 and no traceback) and nothing changed — every file under the working folder (and the cache
folder) is hashed before and after. Slow rows (two processes, capped memory) are in ``test_faults_3_slow``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.test_bad_inputs import (  # noqa: F401 (workdir: the shared fixture)
    GOOD,
    SCORE,
    _both,
    _dir,
    _jsonl,
    _run,
    _text,
    _tree,
    workdir,
)

G = _text("g.jsonl", _jsonl(GOOD))
#: An LLM step whose endpoint is never called: every row below stops before any call.
LLM = ["--cleaner", "llm", "--llm-base-url", "http://127.0.0.1:9/v1", "--llm-model", "m", "--llm-max-retries", "0"]
CACHE = "cache/llm_cache.sqlite"


def _sqlite(name: str) -> Callable[[Path], None]:
    """A cache file holding one paid answer (what must never be lost)."""

    def setup(root: Path) -> None:
        from lctg_metrics.llm.cache import AnswerCache, CachedAnswer

        (root / name).parent.mkdir(parents=True, exist_ok=True)
        with AnswerCache(root / name) as cache:
            cache.put("k" * 64, CachedAnswer("paid answer", 10, 2), model="m")

    return setup


@dataclass
class Row:
    name: str
    argv: list[str]
    message: str
    setup: Callable[[Path], None] = G
    env: dict[str, str | None] = field(default_factory=dict)  # {NAME: value or None (unset)}; "@" = the workdir
    code: int = 2


ROWS: list[Row] = [
    # 1. every output against every input and output, the default cache included
    Row(
        "json is the default cache",
        [*SCORE, *LLM, "--json", CACHE],
        r"--json cache/llm_cache\.sqlite would overwrite the input the LLM answer cache \(LCTG_CACHE_DIR",
        _both(G, _sqlite(CACHE)),
        {"LCTG_CACHE_DIR": "@/cache"},
    ),
    Row(
        "details is the default cache",
        [*SCORE, *LLM, "--details", CACHE],
        r"--details cache/llm_cache\.sqlite would overwrite the input the LLM answer cache",
        _both(G, _sqlite(CACHE)),
        {"LCTG_CACHE_DIR": "@/cache"},
    ),
    Row(
        "json is the cache's write-ahead log",
        [*SCORE, *LLM, "--llm-cache", "c.sqlite", "--json", "c.sqlite-wal"],
        r"--json c\.sqlite-wal would overwrite the input --llm-cache c\.sqlite-wal",
    ),
    Row(
        "json is the default cache under HOME",
        [*SCORE, *LLM, "--json", "h/.cache/lctg/llm_cache.sqlite"],
        r"would overwrite the input the LLM answer cache \(default under HOME=",
        _both(G, _sqlite("h/.cache/lctg/llm_cache.sqlite")),
        {"LCTG_CACHE_DIR": None, "HOME": "@/h"},
    ),
    Row(
        "csv-dir holds the cache",
        [*SCORE, *LLM, "--llm-cache", "c/summary/all_scores.csv", "--csv-dir", "c"],
        r"--csv-dir c/summary/all_scores\.csv would overwrite the input --llm-cache c/summary/all_scores\.csv",
        _both(G, _sqlite("c/summary/all_scores.csv")),
    ),
    Row(
        "default cache inside the run's dataset",
        [*SCORE, *LLM],
        r"the LLM answer cache \(LCTG_CACHE_DIR.* is inside the dataset folder lctg",
        env={"LCTG_CACHE_DIR": "@/lctg/c"},
    ),
    Row(
        "default cache inside another dataset folder",
        [*SCORE, *LLM],
        r"the LLM answer cache .*other/data/x/llm_cache\.sqlite is inside the dataset folder .*other \(a rebuild",
        _both(G, _dir("other/data/x"), _text("other/manifest.json", "{}")),
        {"LCTG_CACHE_DIR": "@/other/data/x"},
    ),
    Row(
        "explicit cache inside another dataset folder",
        [*SCORE, *LLM, "--llm-cache", "other/c.sqlite"],
        r"--llm-cache other/c\.sqlite is inside the dataset folder .*other",
        _both(G, _dir("other/data"), _text("other/manifest.json", "{}")),
    ),
    Row(
        "HOME empty",
        [*SCORE, *LLM],
        r"HOME is '': the LLM answer cache has no default place .*LCTG_CACHE_DIR",
        env={"LCTG_CACHE_DIR": None, "HOME": ""},
    ),
    Row(
        "HOME unset",
        [*SCORE, *LLM],
        r"HOME is unset: the LLM answer cache has no default place",
        env={"LCTG_CACHE_DIR": None, "HOME": None},
    ),
    Row(
        "HOME relative",
        [*SCORE, *LLM],
        r"HOME is 'h': the LLM answer cache has no default place",
        env={"LCTG_CACHE_DIR": None, "HOME": "h"},
    ),
    Row(
        "HOME is a file",
        [*SCORE, *LLM],
        r"the LLM answer cache \(default under HOME=.*g\.jsonl.*g\.jsonl is a file, not a folder",
        env={"LCTG_CACHE_DIR": None, "HOME": "@/g.jsonl"},
    ),
    # 3. declared limits, named in their errors
    Row(
        "ci resamples past the limit",
        [*SCORE, "--ci", "--ci-resamples", "1000000000"],
        r"--ci-resamples 1,000,000,000 is over the limit of 100,000 resamples "
        r"\(lctg_metrics\.stats\.bootstrap\.MAX_RESAMPLES\)",
    ),
    Row(
        "report ci resamples past the limit",
        ["report", "d.jsonl", "--output", "r.html", "--ci-resamples", "999999999"],
        r"--ci-resamples 999,999,999 is over the limit",
        _text("d.jsonl", "{}\n"),
    ),
    Row(
        "compare resamples past the limit",
        ["compare", "a.jsonl", "b.jsonl", "--ci-resamples", "200000"],
        r"--ci-resamples 200,000 is over the limit",
        _both(_text("a.jsonl", "{}\n"), _text("b.jsonl", "{}\n")),
    ),
    Row(
        "one id on many lines without sample",
        [*SCORE[:6], "--missing", "skip", "--no-progress"],
        r"480 ids × [\d,]+ sample numbers = [\d,]+ expected generations, over the limit of 5,000,000 "
        r"\(lctg_metrics\.scoring\.limits\.MAX_EXPECTED\); sample numbers reach \d+ — a file without 'sample' fields",
        _text("g.jsonl", '{"id": "summary/1614/format", "generation": "a"}\n' * 12000),
    ),
    # 4. names that go into CSV rows; degraded inputs named
    Row(
        "model name with a newline",
        [*SCORE, "--csv-dir", "c", "--model-name", "a\nb"],
        r"--model-name 'a\\nb' holds '\\n' \(U\+000A\), a control or line-break character",
    ),
    Row(
        "model name with a line separator",
        [*SCORE, "--csv-dir", "c", "--model-name", "a\u2028b"],
        r"--model-name 'a\\u2028b' holds '\\u2028' \(U\+2028\)",
    ),
    Row(
        "model name blank",
        [*SCORE, "--csv-dir", "c", "--model-name", " "],
        r"--model-name must not be blank|must not be empty",
    ),
    Row(
        "model name too long",
        [*SCORE, "--csv-dir", "c", "--model-name", "m" * 201],
        r"--model-name is 201 characters long; at most 200",
    ),
    Row(
        "names with a tab",
        ["compare", "a.jsonl", "b.jsonl", "--names", "a\tx", "b"],
        r"--names 'a\\tx' holds '\\t'",
        _both(_text("a.jsonl", "{}\n"), _text("b.jsonl", "{}\n")),
    ),
    # 5. errors that name the real cause and the flag or file
    Row(
        "seed below zero",
        [*SCORE, "--ci", "--seed", "-1"],
        r"--seed must be an integer >= 0 \(a bootstrap seed\), got -1",
    ),
    Row(
        "report seed below zero",
        ["report", "d.jsonl", "--output", "r.html", "--seed", "-5"],
        r"--seed must be an integer",
        _text("d.jsonl", "{}\n"),
    ),
    Row(
        "binary file to substitutability",
        ["substitutability", "a.jsonl", "b.jsonl", "c.jsonl"],
        r"a\.jsonl: not UTF-8 text \(byte 0xff at offset 0\): a binary file",
        _both(
            lambda r: (r / "a.jsonl").write_bytes(b"\xff\xfe\x00\x01" * 50),
            _text("b.jsonl", "{}\n"),
            _text("c.jsonl", "{}\n"),
        ),
    ),
    Row(
        "binary file to compare",
        ["compare", "b.jsonl", "a.jsonl"],
        r"a\.jsonl: not UTF-8 text",
        _both(
            lambda r: (r / "a.jsonl").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256))),
            _text(
                "b.jsonl",
                _jsonl(
                    [
                        {
                            "id": "summary/1614/format",
                            "sample": 0,
                            "task": "summary",
                            "prompt_id": 1614,
                            "aspect": "format",
                            "passed": True,
                        }
                    ]
                ),
            ),
        ),
    ),
    Row(
        "mistyped folder beside a real one",
        [*SCORE[:2], "--dataset", "lctgx/lctg"],
        r"dataset lctgx/lctg: no such folder \(lctgx/ is a folder here, so this names a local path\) \(--dataset\)",
        _both(G, _dir("lctgx")),
    ),
    Row("mistyped relative folder", [*SCORE[:2], "--dataset", "./lctgg"], r"dataset lctgg: no such folder"),
    Row(
        "mistyped absolute folder",
        [*SCORE[:2], "--dataset", "/nonexistent-lctg/ds"],
        r"dataset /nonexistent-lctg/ds: no such folder",
    ),
    Row("mistyped nested folder", [*SCORE[:2], "--dataset", "a/b/c"], r"dataset a/b/c: no such folder"),
    Row(
        "task filter leaves no rows",
        [*SCORE[:2], "--dataset", "lctg", "--config", "ad_text", "--task", "summary"],
        r"--dataset lctg --config ad_text: no rows of task\(s\) summary; this config holds ad_text",
    ),
    Row(
        "prompts task filter leaves no rows",
        ["prompts", "--dataset", "lctg", "--config", "ad_text", "--task", "summary", "-o", "p.jsonl"],
        r"--config ad_text: no rows of task\(s\) summary",
    ),
    Row(
        "gzip content in a jsonl file",
        SCORE,
        r"g\.jsonl: gzip-compressed, not text; decompress it first \(gzip -d\)",
        lambda r: (r / "g.jsonl").write_bytes(__import__("gzip").compress(_jsonl(GOOD).encode())),
    ),
    Row(
        "json is a hard link to the default cache",
        [*SCORE, *LLM, "--json", "hard.json"],
        r"--json hard\.json would overwrite the input the LLM answer cache",
        _both(G, _sqlite(CACHE), lambda r: os.link(r / CACHE, r / "hard.json")),
    ),
    Row(
        "json is a symlink to the default cache",
        [*SCORE, *LLM, "--json", "sym.json"],
        r"--json sym\.json would overwrite the input the LLM answer cache",
        _both(G, _sqlite(CACHE), lambda r: os.symlink(CACHE, r / "sym.json")),
    ),
    Row(
        "default cache is the dataset folder",
        [*SCORE, *LLM],
        r"the LLM answer cache .* is inside the dataset folder lctg",
        env={"LCTG_CACHE_DIR": "@/lctg"},
    ),
    Row(
        "if-score resamples past the limit",
        ["if-score", "g.jsonl", "--dataset", "lctg", "--ci-resamples", "1000000000"],
        r"--ci-resamples 1,000,000,000 is over the limit of 100,000 resamples",
    ),
    Row(
        "if-score seed below zero",
        ["if-score", "g.jsonl", "--dataset", "lctg", "--seed", "-3"],
        r"--seed must be an integer >= 0 \(a bootstrap seed\), got -3",
    ),
    Row(
        "compare seed below zero",
        ["compare", "a.jsonl", "b.jsonl", "--seed", "-1"],
        r"--seed must be an integer",
        _both(_text("a.jsonl", "{}\n"), _text("b.jsonl", "{}\n")),
    ),
    Row(
        "one id on many csv lines without sample",
        ["score", "g.csv", "--dataset", "lctg", "--task", "summary", "--missing", "fail", "--no-progress"],
        r"over the limit of 5,000,000 \(lctg_metrics\.scoring\.limits\.MAX_EXPECTED\)",
        _text("g.csv", "id,generation\n" + "summary/1614/format,a\n" * 12000),
    ),
]


def _env(row: Row, root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in row.env.items():
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value.replace("@", str(root)))


@pytest.mark.parametrize("row", ROWS, ids=[r.name for r in ROWS])
def test_fault(row: Row, workdir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LCTG_CACHE_DIR", str(workdir / "cache"))
    monkeypatch.setenv("OPENAI_API_KEY", "x")
    _env(row, workdir, monkeypatch)
    row.setup(workdir)
    before = _tree(workdir)
    code, _, err = _run(row.argv, capsys)
    assert _tree(workdir) == before
    assert code == row.code, err
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    assert re.search(row.message, err), err


def test_a_large_seed_is_a_seed(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The honest case: numpy takes any seed >= 0, so does --seed (2**40 is no error)."""
    G(workdir)
    code, _, err = _run([*SCORE, "--ci", "--seed", str(2**40), "--json", "r.json"], capsys)
    assert code == 0, err
    assert json.loads((workdir / "r.json").read_text(encoding="utf-8"))["ci"]["seed"] == 2**40


def test_matrix_size() -> None:
    assert len(ROWS) >= 15 and len({r.name for r in ROWS}) == len(ROWS)


def test_the_default_cache_is_checked_only_when_an_llm_step_runs(
    workdir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rule-cleaner run never touches the cache: an empty HOME is no error there (an honest run must pass)."""
    monkeypatch.delenv("LCTG_CACHE_DIR", raising=False)
    monkeypatch.setenv("HOME", "")
    G(workdir)
    code, _, err = _run([*SCORE, "--json", "r.json"], capsys)
    assert code == 0, err
    assert json.loads((workdir / "r.json").read_text(encoding="utf-8"))["counts"]


# ---------------------------------------------------------------------------- 3, 4: what an endpoint answers


def _llm_run(workdir: Path, server, capsys, *extra: str) -> tuple[int, str, str, dict]:  # noqa: ANN001
    G(workdir)
    argv = [
        *SCORE,
        "--cleaner",
        "llm",
        "--llm-base-url",
        server.base_url,
        "--llm-model",
        "m",
        "--json",
        "r.json",
        *extra,
    ]
    code, out, err = _run(argv, capsys)
    result = json.loads((workdir / "r.json").read_text(encoding="utf-8")) if code == 0 else {}
    return code, out, err, result


@pytest.fixture
def llm_env(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("LCTG_CACHE_DIR", str(workdir / "cache"))
    monkeypatch.setenv("OPENAI_API_KEY", "x")
    return workdir


@pytest.mark.parametrize("kind", ["blank", "whitespace", "truncated"])
def test_degraded_cleaner_answers_are_said_and_recorded(llm_env: Path, serve, capsys, kind: str) -> None:  # noqa: ANN001
    answer = {"blank": "", "whitespace": " \n\u3000", "truncated": "テスト"}[kind]
    server = serve(lambda body: answer, finish_reason="length" if kind == "truncated" else "stop")
    calls = []
    for attempt in ("called", "cached"):  # the second run reads every answer from the cache: still said
        code, _, err, result = _llm_run(llm_env, server, capsys)
        calls.append(server.total)
        assert code == 0, err
        usage = result["llm_usage"]["cleaner"]
        n = len(GOOD)
        got = (usage.get("blank", 0), usage.get("truncated", 0))
        assert got == ((0, n) if kind == "truncated" else (n, 0)), (attempt, usage)
        warning = [line for line in err.splitlines() if line.startswith("warning: LLM cleaner:")]
        assert len(warning) == 1, err
        assert (
            f"{n} of {n} answers were cut at max_tokens" if kind == "truncated" else f"{n} of {n} answers are blank"
        ) in warning[0]
        assert warning[0] in result["notes"]
    assert calls[0] == calls[1] > 0  # the cached run made no call


def test_honest_cleaner_answers_are_not_called_degraded(llm_env: Path, serve, capsys) -> None:  # noqa: ANN001
    server = serve(lambda body: "テスト文章です。")
    code, _, err, result = _llm_run(llm_env, server, capsys)
    assert code == 0, err
    assert "warning" not in err
    usage = result["llm_usage"]["cleaner"]
    assert "blank" not in usage and "truncated" not in usage, usage  # recorded when the step is degraded
    assert not any(n.startswith("warning:") for n in result["notes"])


def test_the_degraded_share_is_declared_and_applied() -> None:
    """Below the declared share (DEGRADED_SHARE) blank answers are counted in the JSON, not warned about."""
    from lctg_metrics.llm.results import DEGRADED_SHARE, degraded

    assert DEGRADED_SHARE == 0.1
    assert degraded("cleaner", {"requests": 100, "blank": 9}) is None
    assert "10 of 100 answers are blank" in degraded("cleaner", {"requests": 100, "blank": 10})
    assert "60 of 100 answers were cut" in degraded("cleaner", {"requests": 100, "truncated": 60})
    assert "10 of 95 answers are blank" in degraded("judge", {"requests": 100, "errors": 5, "blank": 10})
    assert degraded("judge", {"requests": 100, "errors": 5, "blank": 9}) is None
    assert degraded("cleaner", {"requests": 4, "blank": 4, "dry_run": True}) is None


@pytest.mark.parametrize("usage", [(10**30, 2), (-5, 2), (10, 10**19)])
def test_absurd_token_counts_are_bounded_before_storage(llm_env: Path, serve, capsys, usage) -> None:  # noqa: ANN001
    from lctg_metrics.llm.body import MAX_TOKEN_COUNT

    server = serve(lambda body: "テスト文章です。", usage=usage)
    for _ in range(2):  # the second run reads the stored counts back
        code, _, err, result = _llm_run(llm_env, server, capsys)
        assert code == 0, err
        got = result["llm_usage"]["cleaner"]
        assert 0 <= got["prompt_tokens"] <= MAX_TOKEN_COUNT * len(GOOD)
        assert 0 <= got["completion_tokens"] <= MAX_TOKEN_COUNT * len(GOOD)
    plausible = [u if 0 <= u <= MAX_TOKEN_COUNT else 0 for u in usage]
    from lctg_metrics.llm.cache import AnswerCache

    with AnswerCache(llm_env / "cache" / "llm_cache.sqlite") as cache:
        stored = {
            (a.prompt_tokens, a.completion_tokens)
            for a in cache._verified(
                cache._db.execute(
                    "SELECT key, text, prompt_tokens, completion_tokens, checksum FROM answers"
                ).fetchall()
            ).values()
        }
    assert stored == {tuple(plausible)}
