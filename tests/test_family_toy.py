"""A toy metric family (tests/toyfamily: its package) added with one registration line runs from the CLI, the API and
an evaluate module, through the one family protocol and ``run``; its own verdicts come back, several samples per
prompt averaged. Expected values are counted by hand from the texts below."""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from lctg_metrics.family import REGISTRY, FamilyEntry, register_family, unregister_family
from tests.conftest import PROJECT_ROOT

#: The toy's one registration.
ENTRY = FamilyEntry(
    "toy", command="toy-score", holds="toy answers", config="toy", ids="^toy/",
    help="score toy answers (at least min_chars characters)", implementation="tests.toyfamily:FAMILY",
)  # fmt: skip

ROWS = [{"id": "toy/1", "min_chars": 3}, {"id": "toy/2", "min_chars": 5}]
#: sample 0: "abcd" 4 >= 3 passes, "ab c" 4 < 5 fails -> 0.5; sample 1: "a b" 3 >= 3 passes, "abcdef" 6 >= 5 passes
#: -> 1.0; with strip: "a b" is 2 < 3 and fails -> sample 1 0.5, "ab c" 3 < 5 still fails.
ANSWERS = [("toy/1", "abcd"), ("toy/2", "ab c"), ("toy/1", "a b"), ("toy/2", "abcdef")]


@pytest.fixture
def toy() -> object:
    register_family(ENTRY)
    try:
        yield ENTRY
    finally:
        unregister_family("toy")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A built folder with the toy config: its parquet file and a manifest with its sha256."""
    root = tmp_path / "built"
    (root / "data" / "toy").mkdir(parents=True)
    rel = "data/toy/test.parquet"
    pq.write_table(pa.Table.from_pylist(ROWS), root / rel)
    digest = hashlib.sha256((root / rel).read_bytes()).hexdigest()
    (root / "manifest.json").write_text(json.dumps({"configs": {"toy": {"files": [rel]}}, "files": {rel: digest}}))
    return root


def _answers(path: Path, pairs: list[tuple[str, str]]) -> Path:
    path.write_text("".join(json.dumps({"id": i, "generation": t}) + "\n" for i, t in pairs), encoding="utf-8")
    return path


def test_api_runs_the_registered_toy(toy, folder, tmp_path):
    from lctg_metrics.family import run

    one = run("toy", _answers(tmp_path / "one.jsonl", ANSWERS[:2]), dataset=folder)
    assert one.flat == {"passed": 0.5, "signature": "toy|strip:no|data:local|version:" + one.signature.split(":")[-1]}
    assert one.details == [
        {"id": "toy/1", "passed": True, "reason": "4 chars >= min 3"},
        {"id": "toy/2", "passed": False, "reason": "4 chars < min 5"},
    ]
    two = run("toy", _answers(tmp_path / "two.jsonl", ANSWERS), dataset=folder)
    assert two.flat["passed"] == pytest.approx(0.75) and two.flat["samples"] == 2
    assert [s.flat["passed"] for s in two.samples] == [0.5, 1.0]
    assert "|samples:2|" in two.signature and "samples" not in one.signature
    assert [(d["id"], d["sample"], d["passed"]) for d in two.details] == [
        ("toy/1", 0, True), ("toy/2", 0, False), ("toy/1", 1, True), ("toy/2", 1, True),
    ]  # fmt: skip
    stripped = run("toy", tmp_path / "two.jsonl", dataset=folder, options={"strip": True})
    assert [s.flat["passed"] for s in stripped.samples] == [0.5, 0.5] and "strip:yes" in stripped.signature


def test_api_refuses_what_the_toy_does_not_declare(toy, folder, tmp_path):
    from lctg_metrics.family import run
    from lctg_metrics.schema import ScoringError

    path = _answers(tmp_path / "a.jsonl", ANSWERS[:2])
    with pytest.raises(ScoringError, match=r"toy: unknown option\(s\) \['min'\]; valid: strip"):
        run("toy", path, dataset=folder, options={"min": 2})
    with pytest.raises(ScoringError, match="toy/2.*has sample 0 but no sample 1"):
        run("toy", _answers(tmp_path / "b.jsonl", ANSWERS[:3]), dataset=folder)
    with pytest.raises(ScoringError, match="unknown metric family 'toys'; registered: lctg, ifsm, instr, toy"):
        run("toys", path, dataset=folder)


def test_cli_runs_the_registered_toy(toy, folder, tmp_path):
    from lctg_metrics.cli import main

    answers = _answers(tmp_path / "a.jsonl", ANSWERS)
    result, details = tmp_path / "r.json", tmp_path / "d.jsonl"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["toy-score", str(answers), "--dataset", str(folder), "--strip", "--json", str(result),
                     "--details", str(details)])  # fmt: skip
    assert code == 0
    data = json.loads(result.read_text(encoding="utf-8"))
    assert data["mean"]["passed"] == 0.5 and data["samples"] == 2 and [p["n"] for p in data["per_sample"]] == [2, 2]
    assert data["inputs"] == {"generations": str(answers), "dataset": str(folder), "config": "toy"}
    lines = [json.loads(line) for line in details.read_text(encoding="utf-8").splitlines()]
    assert [(d["id"], d["sample"], d["passed"], d["reason"]) for d in lines] == [
        ("toy/1", 0, True, "4 chars >= min 3"),
        ("toy/2", 0, False, "3 chars < min 5"),
        ("toy/1", 1, False, "2 chars < min 3"),
        ("toy/2", 1, True, "6 chars >= min 5"),
    ]
    assert "mean over 2 samples" in out.getvalue() and data["signature"] in out.getvalue()


def test_cli_lists_the_toy_and_tells_its_files_apart(toy, folder, tmp_path, capsys):
    from lctg_metrics.cli import main

    assert REGISTRY["toy"] is ENTRY
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "toy-score" in capsys.readouterr().out
    answers = _answers(tmp_path / "a.jsonl", ANSWERS)
    assert main(["if-score", str(answers), "--dataset", str(folder)]) == 2
    assert "holds toy answers (ids like 'toy/1'), not instruction outputs: score it with `lctg toy-score" in (
        capsys.readouterr().err
    )


_EVALUATE = """
import json, sys
import evaluate
from lctg_metrics.family import register_family
from tests.test_family_toy import ENTRY, ANSWERS
register_family(ENTRY)
metric = evaluate.load(sys.argv[1])
out = metric.compute(predictions=[t for _, t in ANSWERS], references=[i for i, _ in ANSWERS], dataset=sys.argv[2])
print(json.dumps(out))
"""


@pytest.mark.slow
def test_evaluate_module_runs_the_registered_toy(folder, tmp_path):
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "HF_EVALUATE_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1",
           "HF_HOME": str(tmp_path / "hf"), "PYTHONPATH": str(PROJECT_ROOT)}  # fmt: skip
    module = PROJECT_ROOT / "tests" / "toyfamily" / "toy_metric"
    done = subprocess.run(
        [sys.executable, "-c", _EVALUATE, str(module), str(folder)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["passed"] == pytest.approx(0.75) and out["samples"] == 2 and "|samples:2|" in out["signature"]


def test_the_registry_is_the_one_source_of_family_names(toy):
    from lctg_metrics.cli.commands import family_commands
    from lctg_metrics.cli.families import family_of
    from lctg_metrics.family import load

    assert [e.command for e in REGISTRY.values()] == ["score", "ifsm", "if-score", "toy-score"]
    assert family_of("toy/7") == "toy-score" and family_of("instructions/x") == "if-score"
    assert family_of("summary/1614/char_count") == "score" and family_of("story_endings/q") == "ifsm"
    assert family_of("nothing/1") is None
    assert family_commands()["toy-score"] == ("family", ENTRY.help)
    for name in REGISTRY:  # each registration names an object that follows the protocol and carries its name
        assert load(name).signature.name == name
    with pytest.raises(ValueError, match="family 'toy' .* is already registered"):
        register_family(ENTRY)


def test_details_that_differ_from_the_declaration_are_a_bug_named(toy, folder, tmp_path, monkeypatch):
    from lctg_metrics.family import run
    from tests.toyfamily import FAMILY

    monkeypatch.setattr(type(FAMILY), "detail_fields", ("id", "reason", "passed"))
    with pytest.raises(TypeError, match=r"toy: details line 1 has fields \['id', 'passed', 'reason'\]"):
        run("toy", _answers(tmp_path / "a.jsonl", ANSWERS[:2]), dataset=folder)


def test_samples_scored_under_two_signatures_have_no_mean():
    from lctg_metrics.family_protocol import FamilyResult, mean_result
    from lctg_metrics.schema import ScoringError
    from tests.toyfamily import FAMILY

    a = FamilyResult("toy|strip:no|data:local|version:1", {"passed": 1.0}, {}, [], "")
    b = FamilyResult("toy|strip:yes|data:local|version:1", {"passed": 0.0}, {}, [], "")
    with pytest.raises(ScoringError, match=re.escape("toy: sample 1 was scored under 'toy|strip:yes|")):
        mean_result(FAMILY, [a, b])
    assert mean_result(FAMILY, [a, a]).flat == {
        "passed": 1.0,
        "samples": 2,
        "signature": "toy|strip:no|data:local|samples:2|version:1",
    }
