"""Other tools' files: generations with other column names, lm-eval ``--log_samples`` files and OpenAI Batch API
output files read back; prompts written as Batch API input lines. Fixtures are written here, line by line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lctg_metrics.formats import FROM_FORMATS, PROMPT_FORMATS, prompt_records, read_generations_from
from lctg_metrics.schema import ScoringError


def _jsonl(path: Path, lines: list[Any]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "".join((x if isinstance(x, str) else json.dumps(x, ensure_ascii=False)) + "\n" for x in lines),
        encoding="utf-8",
    )
    return path


def _triples(gens: list) -> list[tuple[str, str, int]]:
    return [(g.id, g.text, g.sample) for g in gens]


def _raises(path: Path, fmt: str, *, match: str, **kwargs: Any) -> str:
    with pytest.raises(ScoringError, match=match) as e:
        read_generations_from(path, fmt, **kwargs)
    assert "\n" not in str(e.value)  # one line
    return str(e.value)


def test_format_names() -> None:
    assert FROM_FORMATS == ("lctg", "lm-eval", "openai-batch") and PROMPT_FORMATS == ("jsonl", "openai-batch")
    with pytest.raises(ScoringError, match="valid: lctg, lm-eval, openai-batch"):
        read_generations_from("x.jsonl", "vllm")


# ------------------------------------------------------------------------- lctg with other column names


def _write_table(path: Path, rows: list[dict[str, Any]]) -> Path:
    if path.suffix == ".jsonl":
        return _jsonl(path, rows)
    if path.suffix == ".csv":
        cols = list(rows[0])
        path.write_text(
            ",".join(cols) + "\n" + "".join(",".join(str(r[c]) for c in cols) + "\n" for r in rows), encoding="utf-8"
        )
        return path
    import pyarrow as pa
    import pyarrow.parquet as pq

    pq.write_table(pa.Table.from_pylist(rows), path)
    return path


RENAMED = [
    {"qid": "summary/1/format", "output": "要約です", "sample": 0, "id": "ignored"},
    {"qid": "summary/1/format", "output": "二つ目", "sample": 1, "id": "ignored"},
]


@pytest.mark.parametrize("name", ["g.jsonl", "g.csv", "g.parquet"])
def test_lctg_with_other_columns(tmp_path: Path, name: str) -> None:
    path = _write_table(tmp_path / name, RENAMED)
    gens = read_generations_from(path, "lctg", id_field="qid", text_field="output")
    assert _triples(gens) == [("summary/1/format", "要約です", 0), ("summary/1/format", "二つ目", 1)]
    assert gens[0].where.startswith(str(path))


def test_lctg_defaults_are_todays_reader(tmp_path: Path) -> None:
    from lctg_metrics.inputs.generations import read_generations

    path = _jsonl(tmp_path / "g.jsonl", [{"id": "a", "generation": "x", "sample": 2, "cleaned": "y"}])
    assert read_generations_from(path) == read_generations(path)


@pytest.mark.parametrize(
    "name, rows, match",
    [
        ("g.jsonl", [{"qid": "a", "output": "x"}, {"qid": "b"}], r"g\.jsonl:2: missing text field 'output' for id 'b'"),
        ("g.jsonl", [{"output": "x"}], r"g\.jsonl:1: missing id field 'qid'"),
        ("g.csv", [{"id": "a", "generation": "x"}], r"g\.csv:1: CSV header must include 'qid' and 'output'"),
        ("g.jsonl", ["{not json"], r"g\.jsonl:1: invalid JSON"),
        ("g.jsonl", [{"qid": "a", "output": "x", "sample": -1}], None),  # checked where it is scored (schema)
        ("g.txt", [{"qid": "a", "output": "x"}], r"unknown generations format '\.txt'"),
    ],
)
def test_lctg_bad_input(tmp_path: Path, name: str, rows: list, match: str | None) -> None:
    path = _jsonl(tmp_path / name, rows) if not name.endswith(".csv") else _write_table(tmp_path / name, rows)
    if match is None:
        assert read_generations_from(path, id_field="qid", text_field="output")[0].sample == -1
    else:
        _raises(path, "lctg", match=match, id_field="qid", text_field="output")


def test_missing_file(tmp_path: Path) -> None:
    for fmt in FROM_FORMATS:
        _raises(tmp_path / "nope.jsonl", fmt, match="does not exist")


# ------------------------------------------------------------------------------------------ lm-eval


def _sample(doc_id: int, row_id: str, resps: list[list[str]], filtered: Any = None, flt: str = "none") -> dict:
    """One line as lm-eval 0.4.13 writes it with --log_samples (a generate_until task)."""
    return {
        "doc_id": doc_id,
        "doc": {"id": row_id, "task": "summary", "prompt": "…"},
        "target": "…",
        "arguments": {
            "gen_args_0": {"arg_0": '[{"role": "user", "content": "…"}]', "arg_1": {"until": [], "max_gen_toks": 1024}}
        },
        "resps": resps,
        "filtered_resps": [r[0] for r in resps] if filtered is None else filtered,
        "filter": flt,
        "metrics": ["acc"],
        "doc_hash": "0",
        "prompt_hash": "0",
        "target_hash": "0",
        "acc": 1.0,
    }


@pytest.mark.parametrize(
    "lines, kwargs, expected",
    [
        (
            [_sample(0, "summary/1/format", [["一"]]), _sample(1, "summary/2/format", [["二"]])],
            {},
            [("summary/1/format", "一", 0), ("summary/2/format", "二", 0)],
        ),
        # repeats 3: every raw response is a sample
        (
            [_sample(0, "summary/1/format", [["a", "b", "c"]])],
            {},
            [("summary/1/format", "a", 0), ("summary/1/format", "b", 1), ("summary/1/format", "c", 2)],
        ),
        # repeats 3 with take_first: the filtered responses are one text
        (
            [_sample(0, "summary/1/format", [["a", "b", "c"]])],
            {"text_field": "filtered_resps"},
            [("summary/1/format", "a", 0)],
        ),
        # take_first_k: the filtered responses are a list
        (
            [_sample(0, "s/1", [["a", "b", "c"]], filtered=[["a", "b"]], flt="samples")],
            {"text_field": "filtered_resps"},
            [("s/1", "a", 0), ("s/1", "b", 1)],
        ),
        # the same doc logged once per filter: read once
        ([_sample(0, "s/1", [["a"]]), _sample(0, "s/1", [["a"]], flt="other")], {}, [("s/1", "a", 0)]),
        # the row id in another doc field
        ([{**_sample(0, "s/1", [["a"]]), "doc": {"qid": "s/9"}}], {"id_field": "qid"}, [("s/9", "a", 0)]),
    ],
)
def test_lm_eval_samples(tmp_path: Path, lines: list, kwargs: dict, expected: list) -> None:
    path = _jsonl(tmp_path / "samples_lctg_summary_format_2026-01-01T00-00-00.jsonl", lines)
    assert _triples(read_generations_from(path, "lm-eval", **kwargs)) == expected


def test_lm_eval_folder_reads_every_samples_file(tmp_path: Path) -> None:
    _jsonl(
        tmp_path / "out" / "model" / "samples_lctg_summary_format_d.jsonl", [_sample(0, "summary/1/format", [["一"]])]
    )
    _jsonl(
        tmp_path / "out" / "model" / "samples_lctg_ad_text_format_d.jsonl", [_sample(0, "ad_text/7/format", [["広告"]])]
    )
    _jsonl(tmp_path / "out" / "model" / "results_d.json", [{"results": {}}])  # not a samples file
    gens = read_generations_from(tmp_path / "out", "lm-eval")
    assert sorted(_triples(gens)) == [("ad_text/7/format", "広告", 0), ("summary/1/format", "一", 0)]
    (tmp_path / "empty").mkdir()
    _raises(tmp_path / "empty", "lm-eval", match="no samples_\\*.jsonl files")


@pytest.mark.parametrize(
    "lines, kwargs, match",
    [
        ([{"doc_id": 0, "resps": [["a"]]}], {}, r":1: not an lm-eval --log_samples record"),
        (
            [_sample(0, "s/1", [["a"]]), {**_sample(1, "s/2", [["b"]]), "doc": {"question": "q"}}],
            {},
            r":2: doc 1 has no field 'id' \(its fields: question\)",
        ),
        ([_sample(0, "s/1", [["a"], ["b"]])], {}, r":1: resps must hold one request \(a generate_until task\), got 2"),
        ([_sample(0, "s/1", [[]], filtered=[])], {}, r":1: resps holds no response"),
        ([_sample(0, "s/1", [["a"]]), _sample(0, "s/1", [["b"]], flt="x")], {}, r":2: doc 0 logged again with other"),
        ([_sample(0, "s/1", [["a"]])], {"text_field": "text"}, r"not 'text'"),
        (["[1, 2]"], {}, r":1: expected a JSON object"),
    ],
)
def test_lm_eval_bad_lines(tmp_path: Path, lines: list, kwargs: dict, match: str) -> None:
    _raises(_jsonl(tmp_path / "samples_x.jsonl", lines), "lm-eval", match=match, **kwargs)


def test_lm_eval_null_response_is_not_dropped(tmp_path: Path) -> None:
    """A response the harness could not parse (null content) stays, so scoring names it instead of skipping it."""
    from lctg_metrics.schema import check_generation

    (g,) = read_generations_from(_jsonl(tmp_path / "samples_x.jsonl", [_sample(3, "s/1", [[None]])]), "lm-eval")
    with pytest.raises(ScoringError, match=r"samples_x\.jsonl:1 sample 0: generation for id 's/1' must be a string"):
        check_generation(g)


# ------------------------------------------------------------------------------------ OpenAI Batch API


def _ok(cid: str, content: Any, status: int = 200) -> dict:
    return {
        "id": "batch_req_1",
        "custom_id": cid,
        "error": None,
        "response": {
            "status_code": status,
            "request_id": "req_1",
            "body": {
                "id": "chatcmpl-1",
                "object": "chat.completion",
                "model": "gpt-4o-2024-08-06",
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": content},
                        "logprobs": None,
                        "finish_reason": "stop",
                    }
                ],
                "usage": {"prompt_tokens": 9, "completion_tokens": 3},
            },
        },
    }


FAILED = {
    "id": "batch_req_2",
    "custom_id": "summary/2/keyword#0",
    "response": None,
    "error": {"code": "batch_expired", "message": "This request could not be executed before the window expired."},
}
HTTP_ERROR = {
    "id": "batch_req_3",
    "custom_id": "summary/3/keyword#1",
    "error": None,
    "response": {
        "status_code": 400,
        "request_id": "req_3",
        "body": {"error": {"code": "invalid_request", "message": "bad model"}},
    },
}


@pytest.mark.parametrize(
    "lines, expected",
    [
        (
            [_ok("summary/1/format#0", "一"), _ok("summary/1/format#2", "三")],
            [("summary/1/format", "一", 0), ("summary/1/format", "三", 2)],
        ),
        ([_ok("summary/1/format", "番号なし")], [("summary/1/format", "番号なし", 0)]),  # no '#': sample 0
        ([_ok("summary/1/format#0", "")], [("summary/1/format", "", 0)]),  # an empty answer is an answer
    ],
)
def test_openai_batch_output(tmp_path: Path, lines: list, expected: list) -> None:
    assert _triples(read_generations_from(_jsonl(tmp_path / "out.jsonl", lines), "openai-batch")) == expected


@pytest.mark.parametrize(
    "lines, match",
    [
        (
            [_ok("a#0", "x"), FAILED],
            r"out\.jsonl:2: custom_id 'summary/2/keyword#0' failed: batch_expired: This request",
        ),
        (
            [HTTP_ERROR],
            r"out\.jsonl:1: custom_id 'summary/3/keyword#1' failed with HTTP 400: invalid_request: bad model",
        ),
        ([_ok("a#0", None)], r":1: custom_id 'a#0' has no text answer \(content None, finish_reason 'stop'\)"),
        ([{"custom_id": "a#0"}], r":1: custom_id 'a#0' has neither 'response' nor 'error'"),
        ([_ok("a#x", "t")], r":1: custom_id 'a#x' must be '<row id>#<sample>'"),
        ([_ok("", "t")], r":1: custom_id must be a non-empty string"),
        (
            [FAILED, _ok("a#0", "x"), HTTP_ERROR, FAILED],
            r":1: custom_id 'summary/2/keyword#0' failed: .* \(and 2 more failed line\(s\): \S+:3, \S+:4\)",
        ),
    ],
)
def test_openai_batch_errors_are_reported(tmp_path: Path, lines: list, match: str) -> None:
    _raises(_jsonl(tmp_path / "out.jsonl", lines), "openai-batch", match=match)


# ------------------------------------------------------------------------------------------ prompts

ROWS = [
    {"id": "summary/1/format", "prompt": "要約して", "task": "summary"},
    {"id": "ad_text/2/keyword", "prompt": "広告を", "task": "ad_text"},
]


def test_prompts_jsonl() -> None:
    assert prompt_records(ROWS, "jsonl") == [
        {"id": "summary/1/format", "prompt": "要約して"},
        {"id": "ad_text/2/keyword", "prompt": "広告を"},
    ]
    assert prompt_records(ROWS[:1], "jsonl", samples=2) == [
        {"id": "summary/1/format", "sample": 0, "prompt": "要約して"},
        {"id": "summary/1/format", "sample": 1, "prompt": "要約して"},
    ]


def test_prompts_openai_batch_round_trip(tmp_path: Path) -> None:
    lines = prompt_records(ROWS, "openai-batch", model="gpt-4o", samples=2)
    assert lines[1] == {
        "custom_id": "summary/1/format#1",
        "method": "POST",
        "url": "/v1/chat/completions",
        "body": {"model": "gpt-4o", "messages": [{"role": "user", "content": "要約して"}]},
    }
    assert [x["custom_id"] for x in lines] == [
        "summary/1/format#0",
        "summary/1/format#1",
        "ad_text/2/keyword#0",
        "ad_text/2/keyword#1",
    ]
    # the Batch API answers each input line by custom_id, in any order; reading maps them back
    answers = [_ok(x["custom_id"], x["body"]["messages"][0]["content"] + x["custom_id"][-1]) for x in reversed(lines)]
    gens = read_generations_from(_jsonl(tmp_path / "out.jsonl", answers), "openai-batch")
    assert sorted(_triples(gens)) == [
        ("ad_text/2/keyword", "広告を0", 0),
        ("ad_text/2/keyword", "広告を1", 1),
        ("summary/1/format", "要約して0", 0),
        ("summary/1/format", "要約して1", 1),
    ]


@pytest.mark.parametrize(
    "rows, fmt, kwargs, match",
    [
        (ROWS, "openai-batch", {}, "needs a model name"),
        (ROWS, "csv", {}, "valid: jsonl, openai-batch"),
        (ROWS, "jsonl", {"samples": 0}, "samples must be a positive integer"),
        ([{"id": "a#1", "prompt": "p"}], "jsonl", {}, r"rows\[0\]: needs a string 'id' without '#'"),
        ([{"id": "a", "text": "p"}], "jsonl", {}, r"rows\[0\]: needs .* 'prompt'"),
    ],
)
def test_prompts_bad_arguments(rows: list, fmt: str, kwargs: dict, match: str) -> None:
    with pytest.raises(ScoringError, match=match):
        prompt_records(rows, fmt, **kwargs)


def test_every_built_row_id_round_trips(built_rows: dict) -> None:
    from lctg_metrics.formats import custom_id, parse_custom_id

    for rid in built_rows:
        assert parse_custom_id(custom_id(rid, 2), "x") == (rid, 2)


# ------------------------------------------------------------------------------------------- the CLI


@pytest.mark.parametrize("fmt", ["lm-eval", "openai-batch"])
def test_cli_score_from_other_tools(built_dataset: Path, built_rows: dict, tmp_path: Path, fmt: str) -> None:
    """``lctg score --from`` on a file covering every summary row gives the scores of the same texts scored
    through the Python API."""
    from lctg_metrics.api import score_predictions
    from lctg_metrics.cli import main

    rows = [r for r in built_rows.values() if r["task"] == "summary"]
    texts = {
        r["id"]: ("承知しました。\n" if i % 3 == 0 else "") + r["base_text"][: 20 + i % 150] for i, r in enumerate(rows)
    }
    if fmt == "lm-eval":
        lines = [_sample(i, r["id"], [[texts[r["id"]]]]) for i, r in enumerate(rows)]
        path = _jsonl(tmp_path / "out" / "m" / "samples_lctg_summary_d.jsonl", lines)
        path = path.parent.parent  # the --output_path folder
    else:
        path = _jsonl(tmp_path / "batch_out.jsonl", [_ok(f"{r['id']}#0", texts[r["id"]]) for r in rows])
    assert (
        main(
            [
                "score",
                str(path),
                "--from",
                fmt,
                "--dataset",
                str(built_dataset),
                "--task",
                "summary",
                "--json",
                str(tmp_path / "r.json"),
                "--no-progress",
            ]
        )
        == 0
    )
    got = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["scores"]["summary"]
    expected = score_predictions([texts[r["id"]] for r in rows], [r["constraint"] for r in rows], cleaner="rule")
    assert got == pytest.approx({k.split("/")[1]: v for k, v in expected.items() if k.startswith("summary/")})
    assert 0 < got["format"] < 1 and 0 < got["char_count"] < 1
