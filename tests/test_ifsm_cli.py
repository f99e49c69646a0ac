"""``lctg ifsm`` and the prompts helper on self-written stories: gold endings score the reader's accuracy (stand-in
encoder and the loopback fake LLM), attacks are reported, question echoes fail, outputs and errors."""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from lctg_dataset.stories import load_story_rows
from lctg_metrics.cli import run_command
from lctg_metrics.cli.ifsm import main, register
from lctg_metrics.ifsm import ADVERSARIAL_SETS, register_encoder
from lctg_metrics.ifsm.encoders import Encoder
from lctg_metrics.ifsm.head import FEATURES, Head, save_head
from lctg_metrics.ifsm.prompts import story_prompt_records

try:
    from fake_openai_server import Failure, FakeOpenAIServer, fail_always
except ImportError:  # tests/ imported as a package
    from tests.fake_openai_server import Failure, FakeOpenAIServer, fail_always

FIXTURE = Path(__file__).parent / "data" / "ifsm"
ENCODER = "bow-cli"
DIM = 512
N_BOOT = 300


def bow(texts: list[str]) -> np.ndarray:
    """Stand-in encoder: hashed bag of lower-cased words (plus a constant, so no vector is zero)."""
    out = np.zeros((len(texts), DIM), np.float32)
    for row, text in enumerate(texts):
        for word in "".join(c if c.isalnum() else " " for c in text.lower()).split():
            out[row, int(hashlib.md5(word.encode()).hexdigest()[:8], 16) % (DIM - 1)] += 1.0
        out[row, DIM - 1] = 0.01
    return out


def register_stand_in() -> None:
    register_encoder(ENCODER, lambda: Encoder(ENCODER, "lctg", bow), replace=True)


def write_head(path: Path) -> Path:
    """A head that picks the candidate closest to the question (one weight on cos_question_rel)."""
    weights = [0.0] * len(FEATURES)
    weights[FEATURES.index("cos_question_rel")] = 1.0
    save_head(Head("t1", ENCODER, "0", [0.0] * len(FEATURES), [1.0] * len(FEATURES), weights, "by hand"), path)
    return path


def expected_hits(rows: list[dict]) -> dict[str, bool]:
    """Independently of the reader: does the gold ending have the highest cosine with the question?"""
    hits = {}
    for r in rows:
        vectors = bow([r["question"], *r["options"]])
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        hits[r["id"]] = int(np.argmax(vectors[1:] @ vectors[0])) == r["gold_label"]
    return hits


def expected_ci(hits: list[float], n_boot: int, seed: int = 0) -> list[float]:
    """Percentile bootstrap over items, written out with numpy (draws as in lctg_metrics.stats.bootstrap)."""
    values = np.asarray(hits, float)
    idx = np.random.default_rng(seed).integers(0, values.size, size=(n_boot, values.size))
    return [float(x) for x in np.quantile(values[idx].mean(axis=1), [0.025, 0.975])]


@pytest.fixture(scope="module")
def rows() -> list[dict]:
    return load_story_rows(FIXTURE, include_contexts=True)


@pytest.fixture(scope="module")
def eval_rows(rows: list[dict]) -> list[dict]:
    return [r for r in rows if r["split"] == "eval"]


@pytest.fixture(scope="module")
def head(tmp_path_factory: pytest.TempPathFactory) -> Path:
    register_stand_in()
    return write_head(tmp_path_factory.mktemp("head") / "head.json")


def generations(path: Path, texts: dict[str, str]) -> Path:
    path.write_text("".join(json.dumps({"id": k, "generation": v}) + "\n" for k, v in texts.items()), "utf-8")
    return path


def embedding_args(gens: Path, head: Path, *more: str) -> list[str]:
    return [
        str(gens),
        "--reader",
        "embedding",
        "--head",
        str(head),
        "--stories-source",
        str(FIXTURE),
        "--dissimilarity",
        ENCODER,
        "--ci-resamples",
        str(N_BOOT),
        *more,
    ]


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def test_gold_endings_score_the_reader_accuracy(
    rows: list[dict], eval_rows: list[dict], head: Path, tmp_path: Path
) -> None:
    gens = generations(tmp_path / "gold.jsonl", {r["id"]: r["gold_ending"] for r in rows})
    out, details = tmp_path / "r.json", tmp_path / "d.jsonl"
    rc = main(embedding_args(gens, head, "--json", str(out), "--details", str(details), "--allow-invalid"))
    assert rc == 0
    result = json.loads(out.read_text("utf-8"))
    hits = expected_hits(eval_rows)
    accuracy = sum(hits.values()) / len(hits)
    assert 0 < accuracy < 1  # the stand-in reader errs on some items, so the identity is not trivial
    assert result["ifsm"] == result["reader"]["accuracy"] == result["oracle"]["ifsm"] == pytest.approx(accuracy)
    assert result["n"] == len(eval_rows) and result["flagged"] == 0
    assert result["ci"] == pytest.approx(expected_ci([float(hits[r["id"]]) for r in eval_rows], N_BOOT))
    assert result["dissimilarity_to_gold"] == pytest.approx(0.0, abs=1e-6)
    lines = read_jsonl(details)
    assert {d["id"]: d["hit"] for d in lines} == hits
    assert all(d["guard"] == "ok" and d["signature"] == result["signature"] for d in lines)
    sig = result["signature"]
    for part in (
        "reader:embedding-bow-cli@t1+bow-cli@",
        f"reader_acc:{accuracy:.3f}",
        "split:eval",
        "templates:ifsm-instr-v1",
        "weak:yes",
        f"boot:{N_BOOT}",
        "seed:0",
        f"dissim:{ENCODER}",
    ):
        assert part in sig, part


def test_ifsm_intervals_come_from_the_shared_statistics_code() -> None:
    from lctg_metrics.ifsm import stats as ifsm_stats
    from lctg_metrics.stats import bootstrap as shared

    assert ifsm_stats.bootstrap_weights is shared.bootstrap_weights
    assert ifsm_stats.percentile_interval is shared.percentile_interval
    hits = [1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]
    assert list(ifsm_stats.bootstrap_ci(hits, n_boot=500, seed=4)) == pytest.approx(expected_ci(hits, 500, 4))


def test_adversarial_sets_are_reported(rows: list[dict], eval_rows: list[dict], head: Path, tmp_path: Path) -> None:
    gens = generations(tmp_path / "gold.jsonl", {r["id"]: r["gold_ending"] for r in rows})
    out = tmp_path / "r.json"
    main(embedding_args(gens, head, "--json", str(out), "--allow-invalid"))
    adversarial = json.loads(out.read_text("utf-8"))["adversarial"]
    assert list(adversarial) == list(ADVERSARIAL_SETS)
    for name, s in adversarial.items():
        assert s["n"] == len(eval_rows) and s["reader_alone"] is not None and len(s["ci"]) == 2, name
    # the restated question is closest to the question for this reader; the guard fails it anyway
    assert adversarial["question_restated"]["reader_alone"] == 1.0
    assert adversarial["question_restated"]["ifsm"] == 0.0
    assert adversarial["question_restated"]["flagged"] == len(eval_rows)


def test_question_echo_is_a_failure_and_invalid_exits_1(
    rows: list[dict], eval_rows: list[dict], head: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gens = generations(tmp_path / "echo.jsonl", {r["id"]: r["question"] for r in rows})
    out, details = tmp_path / "r.json", tmp_path / "d.jsonl"
    rc = main(embedding_args(gens, head, "--no-adversarial", "--json", str(out), "--details", str(details)))
    captured = capsys.readouterr()
    assert rc == 1
    assert captured.err.splitlines() == [
        f"wrote {out}",
        f"wrote {details}",
        "lctg ifsm: invalid result: adversarial sets not run (--allow-invalid to accept it)",
    ]
    result = json.loads(out.read_text("utf-8"))  # written all the same, marked invalid
    n = len(eval_rows)
    assert result["ifsm"] == 0.0 and result["flagged"] == n and result["guard_reasons"] == {"question echo": n}
    assert result["valid"] is False and "INVALID" in captured.out
    assert all(d["guard"].startswith("question echo") and not d["hit"] for d in read_jsonl(details))
    assert main(embedding_args(gens, head, "--no-adversarial", "--allow-invalid")) == 0


def fake_reader(rows: list[dict], known: set[str]) -> Any:
    """Reads the prompt: the gold ending's letter for questions in ``known``, else a released wrong ending's."""
    by_question = {f"Question: {r['question']}": r for r in rows}

    def answer(body: dict[str, Any]) -> str:
        lines = body["messages"][0]["content"].splitlines()
        row = next(by_question[line] for line in lines if line in by_question)
        endings = {json.loads(line[3:]): line[0] for line in lines if line[:1] in "ABCD" and line[1:3] == ". "}
        if row["id"] in known and row["gold_ending"] in endings:
            return f"The answer is {endings[row['gold_ending']]}."
        return endings[row["options"][(row["gold_label"] + 1) % 4]]

    return answer


def llm_args(gens: Path, server: FakeOpenAIServer, tmp_path: Path, *more: str) -> list[str]:
    return [
        str(gens),
        "--reader",
        "llm",
        "--llm-base-url",
        server.base_url,
        "--llm-model",
        "fake-reader",
        "--llm-api-key-env",
        "LCTG_TEST_API_KEY",
        "--llm-max-retries",
        "0",
        "--llm-timeout",
        "5",
        "--llm-cache",
        str(tmp_path / "cache.sqlite"),
        "--stories-source",
        str(FIXTURE),
        "--dissimilarity",
        "none",
        "--ci-resamples",
        str(N_BOOT),
        *more,
    ]


def test_llm_reader_gold_accuracy_and_echo(
    rows: list[dict], eval_rows: list[dict], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LCTG_TEST_API_KEY", "k")
    known = {r["id"] for r in eval_rows[::2]}
    accuracy = len(known) / len(eval_rows)
    gold = generations(tmp_path / "gold.jsonl", {r["id"]: r["gold_ending"] for r in rows})
    echo = generations(tmp_path / "echo.jsonl", {r["id"]: r["question"] for r in rows})
    with FakeOpenAIServer(answer=fake_reader(rows, known)) as server:
        assert main(llm_args(gold, server, tmp_path, "--json", str(tmp_path / "g.json"), "--allow-invalid")) == 0
        assert main(llm_args(echo, server, tmp_path, "--json", str(tmp_path / "e.json"), "--allow-invalid")) == 0
        prompts = [m["content"] for _, body in server.received for m in body["messages"] if m["role"] == "user"]
    result = json.loads((tmp_path / "g.json").read_text("utf-8"))
    assert result["ifsm"] == result["reader"]["accuracy"] == pytest.approx(accuracy)
    assert result["unparseable"] == 0 and result["reader"]["name"] == "llm:fake-reader"
    assert list(result["adversarial"]) == list(ADVERSARIAL_SETS)
    assert (
        "reader:llm:fake-reader@mc-v2+p3#" in result["signature"]
        and f"reader_acc:{accuracy:.3f}" in result["signature"]
    )
    echoed = json.loads((tmp_path / "e.json").read_text("utf-8"))
    n = len(eval_rows)
    assert echoed["ifsm"] == 0.0 and echoed["guard_reasons"] == {"question echo": n}
    # a flagged ending never reaches the reader
    assert not any(f"{letter}. {r['question']}" in p for p in prompts for r in rows for letter in "ABCD")


def test_llm_endpoint_failure_stops_the_run(
    rows: list[dict], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LCTG_TEST_API_KEY", "k")
    gold = generations(tmp_path / "gold.jsonl", {r["id"]: r["gold_ending"] for r in rows})
    out = tmp_path / "r.json"
    with FakeOpenAIServer(script=fail_always(Failure("status", 500))) as server:
        rc = main(llm_args(gold, server, tmp_path, "--json", str(out)))
    err = capsys.readouterr().err.strip()
    assert rc == 2 and not out.exists()
    # one line naming the reader (whole-run check) or the endpoint (the client's stop after failures in a row)
    assert len(err.splitlines()) == 1 and err.startswith("lctg ifsm: error: ") and "no answer" in err
    assert "IFSM llm reader:" in err or "127.0.0.1" in err


@pytest.mark.parametrize(
    ("outputs", "message"),
    [
        (["--json", "{gens}"], "--json {gens} would overwrite the input GENERATIONS {gens}"),
        (["--details", "{gens}"], "--details {gens} would overwrite the input GENERATIONS {gens}"),
        (["--json", "{tmp}/same.json", "--details", "{tmp}/same.json"], "are the same file"),
        (["--details", f"{FIXTURE}/dev.jsonl"], "would overwrite the input --stories-source dev.jsonl"),
        (["--json", "{tmp}/h.json", "--head", "{tmp}/h.json"], "would overwrite the input --head"),
        (["--json", "{tmp}"], "is a folder"),
    ],
)
def test_an_output_that_is_an_input_is_refused(
    rows: list[dict], head: Path, tmp_path: Path, outputs: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    gens = generations(tmp_path / "g.jsonl", {r["id"]: r["gold_ending"] for r in rows})
    before = {p: p.read_bytes() for p in (gens, FIXTURE / "dev.jsonl")}
    fill = [o.format(gens=gens, tmp=tmp_path) for o in outputs]
    args = [str(gens), "--reader", "embedding", "--stories-source", str(FIXTURE), *fill]
    if "--head" not in fill:
        args += ["--head", str(head)]
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message.format(gens=gens, tmp=tmp_path) in err
    assert all(p.read_bytes() == b for p, b in before.items())


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (
            [{"id": "story_endings/p-kite_q0", "generation": "a b", "sample": 0}] * 2,
            "g.jsonl:2: id 'story_endings/p-kite_q0' sample 0 appears again (first at {gens}:1); "
            "IFSM scores one generation per id and sample",
        ),
        (
            [{"id": "story_endings/p-kite_q0", "generation": "a b", "sample": 1}],
            "g.jsonl:1: id 'story_endings/p-kite_q0' has sample 1 but the run has no sample 0",
        ),
        (
            [
                {"id": "story_endings/p-kite_q0", "generation": "a b"},
                {"id": "story_endings/p-kite_q1", "generation": "c"},
            ]
            + [{"id": "story_endings/p-kite_q0", "generation": "a b"}],
            "g.jsonl:2: id 'story_endings/p-kite_q1' has sample 0 but no sample 1",
        ),
        (
            [{"id": "story_endings/nope", "generation": "a b"}],
            "1 generation id(s) not in rows, e.g. 'story_endings/nope'",
        ),
        ([{"id": "story_endings/p-kite_q0"}], "g.jsonl:1: missing field 'generation'"),
    ],
)
def test_bad_generations_are_one_line_errors(
    head: Path, tmp_path: Path, lines: list[dict], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    gens = tmp_path / "g.jsonl"
    gens.write_text("".join(json.dumps(line) + "\n" for line in lines), "utf-8")
    assert main(embedding_args(gens, head)) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith("lctg ifsm: error: ") and message.format(gens=gens) in err


def test_registered_subcommand_and_missing_endpoint(
    rows: list[dict], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    parser = argparse.ArgumentParser(prog="lctg")
    register(parser.add_subparsers(dest="command", required=True))
    gens = generations(tmp_path / "g.jsonl", {r["id"]: r["gold_ending"] for r in rows})
    args = parser.parse_args(["ifsm", str(gens), "--reader", "llm", "--stories-source", str(FIXTURE)])
    assert run_command("lctg ifsm", args.handler, args) == 2  # the CLI's one catch list
    assert capsys.readouterr().err.strip() == (
        "lctg ifsm: error: --reader llm needs --llm-base-url and --llm-model (offline: --reader embedding)"
    )
    assert parser.parse_args(["ifsm", str(gens)]).reader == "embedding"  # the offline default the docs name
    args = parser.parse_args(["ifsm", str(gens), "--llm-calibrate", "--stories-source", str(FIXTURE)])
    assert run_command("lctg ifsm", args.handler, args) == 2
    assert capsys.readouterr().err.strip() == "lctg ifsm: error: --llm-calibrate is for --reader llm"


def test_lctg_command_has_ifsm(rows: list[dict], head: Path, tmp_path: Path) -> None:
    from lctg_metrics.cli import main as lctg

    gens = generations(tmp_path / "g.jsonl", {r["id"]: r["gold_ending"] for r in rows})
    out = tmp_path / "r.json"
    assert lctg(["ifsm", *embedding_args(gens, head, "--json", str(out), "--allow-invalid")]) == 0
    assert json.loads(out.read_text("utf-8"))["signature"].startswith("ifsm|reader:embedding-bow-cli")


def _raw(split_file: str) -> list[dict]:
    return [json.loads(line) for line in (FIXTURE / split_file).read_text("utf-8").splitlines() if line.strip()]


def test_prompt_records_fill_contexts_from_the_local_copy() -> None:
    raw = {f"story_endings/{d['question_id']}": d for d in _raw("dev.jsonl") + _raw("test.jsonl")}
    bare = load_story_rows(FIXTURE)  # as the dataset config holds them: no contexts
    assert all(r["document"] is None for r in bare)
    records = story_prompt_records(bare, stories_source=FIXTURE)
    assert [r["id"] for r in records] == [r["id"] for r in bare] and all(set(r) == {"id", "prompt"} for r in records)
    instructions = {r["id"]: r["instruction"] for r in bare}
    for record in records:
        source = raw[record["id"]]
        assert source["question"].strip() in instructions[record["id"]]
        assert record["prompt"] == (
            f"Story:\n{source['document'].strip()}\n\n{instructions[record['id']]}\n"
            "Reply with the ending only: one sentence of at most 30 words."
        )
    assert story_prompt_records(FIXTURE) == records  # from the folder itself
    evals = story_prompt_records(FIXTURE, split="eval")
    assert [r["id"] for r in evals] == [r["id"] for r in bare if r["split"] == "eval"]


def test_prompt_records_errors_name_the_row() -> None:
    bare = load_story_rows(FIXTURE)
    with pytest.raises(KeyError, match="story_endings/nope"):
        story_prompt_records([{**bare[0], "id": "story_endings/nope", "question_id": "nope"}], stories_source=FIXTURE)
    with pytest.raises(ValueError, match=r"row 2 \(story_endings/p-kite_q1\): missing \['instruction'\]"):
        story_prompt_records(
            [bare[0], {k: v for k, v in bare[1].items() if k != "instruction"}], stories_source=FIXTURE
        )
    with pytest.raises(ValueError, match="split must be"):
        story_prompt_records(FIXTURE, split="test")


def test_llm_reader_digest_names_the_endpoint_and_parameters() -> None:
    from lctg_metrics.ifsm.llm_reader import LLMReader
    from lctg_metrics.llm.config import llm_config

    base = LLMReader(llm_config("http://127.0.0.1:8000/v1", "m")).info
    assert base.digest == LLMReader(llm_config("http://127.0.0.1:8000/v1", "m", concurrency=2)).info.digest
    for other in (
        llm_config("http://10.0.0.2:8000/v1", "m"),
        llm_config("http://127.0.0.1:8000/v1", "m", temperature=0.0),
    ):
        assert LLMReader(other).info.digest != base.digest
    assert "m@127.0.0.1:8000|params:none" in base.note


@pytest.mark.slow  # three full runs with the attack table
def test_attack_cache_is_on_by_default_and_reused(
    rows: list[dict], head: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("LCTG_IFSM_CACHE", raising=False)
    monkeypatch.setenv("LCTG_CACHE_DIR", str(tmp_path / "cache"))
    gens = generations(tmp_path / "gold.jsonl", {r["id"]: r["gold_ending"] for r in rows})
    runs = []
    for flag in (("--no-attack-cache",), (), ()):
        out = tmp_path / f"r{len(runs)}.json"
        main(embedding_args(gens, head, "--json", str(out), "--allow-invalid", *flag))
        runs.append(json.loads(out.read_text("utf-8")))
    assert [r["attacks_reused"] for r in runs] == [False, False, True]
    assert runs[2]["attacks"] == runs[1]["attacks"] == runs[0]["attacks"] and runs[2]["valid"] == runs[0]["valid"]
    tables = len(list((tmp_path / "cache" / "ifsm_attacks").glob("*.json")))
    assert tables >= 1
    main(embedding_args(gens, head, "--json", str(tmp_path / "r3.json"), "--allow-invalid", "--clear-cache"))
    assert json.loads((tmp_path / "r3.json").read_text("utf-8"))["attacks_reused"] is False  # cleared first
