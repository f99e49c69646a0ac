"""One rule for outputs in every command: none inside a built dataset folder (one wording, the folder as typed);
standard output refused where a folder is written (``lm-eval-tasks -o -``, ``report --format md -o -``); a report
replaces only a report; two runs writing the same output at once — the later waits, then is refused."""

from __future__ import annotations

import fcntl
import os
import threading
import time
from pathlib import Path

import pytest

from lctg_metrics.cli import main
from lctg_metrics.cli.claims import _lock
from tests.shared_builds import lctg_build


@pytest.fixture(scope="module")
def build(source_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return lctg_build(tmp_path_factory, source_dir, "instructions_build", instructions=True)


@pytest.fixture(scope="module")
def work(build: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """g / i .jsonl (toy generations of summary / instructions), d1 / d2 .jsonl (their details): beside the build,
    so that the commands name it as ``B`` (a relative path, as typed)."""
    base = tmp_path_factory.mktemp("outputs")
    (base / "B").symlink_to(build)
    b = str(base / "B")
    assert main(["sample", "--dataset", b, "--task", "summary", "-o", str(base / "g.jsonl")]) == 0
    assert main(["sample", "--dataset", b, "--config", "instructions", "-o", str(base / "i.jsonl")]) == 0
    for seed in (1, 2):
        g = base / f"g{seed}.jsonl"
        assert main(["sample", "--dataset", b, "--task", "summary", "--seed", str(seed), "-o", str(g)]) == 0
        assert (
            main(["score", str(g), "--dataset", b, "--task", "summary", "--details", str(base / f"d{seed}.jsonl")]) == 0
        )
    return base


#: Every command with an output, each output flag pointed inside the build folder ``B``.
INSIDE = [
    ("score g.jsonl --dataset B --task summary --json B/x.json", "--json B/x.json"),
    ("score g.jsonl --dataset B --task summary --details B/x.jsonl", "--details B/x.jsonl"),
    ("score g.jsonl --dataset B --task summary --csv-dir B/c", "--csv-dir B/c"),
    ("if-score i.jsonl --dataset B --json B/x.json", "--json B/x.json"),
    ("if-score i.jsonl --dataset B --details B/data/y.jsonl", "--details B/data/y.jsonl"),
    ("ifsm g.jsonl --json B/x.json", "--json B/x.json"),
    ("prompts --dataset B -o B/p.jsonl", "--output B/p.jsonl"),
    ("sample --dataset B -o B/s.jsonl", "--output B/s.jsonl"),
    ("compare d1.jsonl d2.jsonl --json B/c.json", "--json B/c.json"),
    ("substitutability d1.jsonl d2.jsonl d1.jsonl -o B/sub", "--output B/sub"),
    ("lm-eval-tasks --dataset B -o B/t", "--output B/t"),
    ("report d1.jsonl -o B/r.html", "--output B/r.html"),
]


@pytest.mark.parametrize(("argv", "named"), INSIDE)
def test_every_command_refuses_outputs_inside_a_build_naming_it_as_typed(argv, named, work, monkeypatch, capsys):
    monkeypatch.chdir(work)
    real = (work / "B").resolve()
    before = sorted(p.relative_to(real) for p in real.rglob("*"))
    assert main(argv.split()) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith(f"error: {named} is inside the dataset folder B; write outputs elsewhere"), err
    assert sorted(p.relative_to(real) for p in real.rglob("*")) == before


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        ("lm-eval-tasks --dataset B -o -", "--output -: standard output takes one file, not a folder"),
        ("report d1.jsonl --format md -o -", "--format md --output -: a Markdown report links its images"),
    ],
)
def test_standard_output_where_a_folder_is_written_is_refused(argv, words, work, monkeypatch, capsys):
    monkeypatch.chdir(work)
    assert main(argv.split()) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1, err
    assert not (work / "-").exists() and not (work / "-_files").exists()


@pytest.mark.slow  # over 2 s: a whole run, or every module of the package read
def test_a_report_replaces_only_a_report(work, monkeypatch, capsys):
    pytest.importorskip("matplotlib")
    monkeypatch.chdir(work)
    result = work / "r1.json"
    assert main(["score", "g1.jsonl", "--dataset", "B", "--task", "summary", "--json", str(result)]) == 0
    kept = result.read_bytes()
    capsys.readouterr()
    assert main(["report", "d1.jsonl", "-o", "r1.json", "--ci-resamples", "20"]) == 2
    assert "r1.json exists and is not a report lctg report wrote" in capsys.readouterr().err
    assert result.read_bytes() == kept
    for name in ("again.html", "again.md"):  # a report over its own earlier report: replaced
        assert main(["report", "d1.jsonl", "-o", name, "--ci-resamples", "20"]) == 0
        assert main(["report", "d2.jsonl", "-o", name, "--ci-resamples", "20"]) == 0
        assert "d2" in (work / name).read_text(encoding="utf-8")


def _hold(path: Path) -> int:
    fd = _lock(os.path.realpath(path), path)
    assert fd is not None
    return fd


@pytest.mark.slow
@pytest.mark.parametrize(
    "argv", [["report", "d1.jsonl", "-o", "{out}", "--ci-resamples", "20"], ["build", "-o", "{out}"]]
)
def test_a_run_writing_an_output_another_run_wrote_meanwhile_is_refused(argv, work, monkeypatch, capsys):
    """Another run holds the output (its claim), writes it and ends; this run, which waited, writes nothing."""
    monkeypatch.chdir(work)
    out = work / ("claimed.html" if argv[0] == "report" else "claimed_build")
    fd = _hold(out)
    codes: list[int] = []
    runner = threading.Thread(target=lambda: codes.append(main([a.format(out=out) for a in argv])))
    runner.start()
    time.sleep(1.5)  # the run has checked its outputs and waits for the claim
    assert runner.is_alive()
    if argv[0] == "report":
        out.write_text("<title>LCTG Bench report: the other run</title>", encoding="utf-8")
    else:
        out.mkdir()
        (out / "manifest.json").write_text("{}", encoding="utf-8")
    fcntl.flock(fd, fcntl.LOCK_UN)
    os.close(fd)
    runner.join(timeout=120)
    assert codes == [2]
    err = capsys.readouterr().err
    assert f"--output {out} was written by another run while this one waited for it; nothing written" in err
    if argv[0] == "report":
        assert "the other run" in out.read_text(encoding="utf-8")
    else:
        assert sorted(p.name for p in out.iterdir()) == ["manifest.json"]


def test_runs_merging_one_csv_dir_do_not_claim_it(work, monkeypatch, capsys):
    """--csv-dir merges one row per model (under its folders' lock): a run sharing it is neither kept waiting by
    another run's claim nor refused; both rows are kept."""
    monkeypatch.chdir(work)
    out = work / "merged"
    fd = _hold(out)  # as another run holding a claim on the folder would
    try:
        for model, g in (("m1", "g1.jsonl"), ("m2", "g2.jsonl")):
            argv = ["score", g, "--dataset", "B", "--task", "summary", "--csv-dir", str(out), "--model-name", model]
            assert main(argv) == 0
    finally:
        os.close(fd)
    rows = (out / "summary" / "all_scores.csv").read_text(encoding="utf-8").splitlines()
    assert sorted(r.split(",")[0] for r in rows[1:]) == ["m1", "m2"]


def test_every_command_module_that_writes_checks_its_outputs_in_one_place():
    """Each module of lctg_metrics.cli that writes files (``write_all``) checks its outputs through cli/outside.py
    (score's writer, score_outputs, is fed by score, which checks them)."""
    from tests.conftest import PROJECT_ROOT

    writers = {
        p.name: p.read_text(encoding="utf-8")
        for p in sorted((PROJECT_ROOT / "lctg_metrics" / "cli").glob("*.py"))
        if "write_all(" in p.read_text(encoding="utf-8")
    }
    assert {"analysis.py", "dataset.py", "instructions.py", "ifsm.py", "substitutability.py"} <= set(writers)
    fed = {"score_outputs.py": "score.py"}
    for name, text in writers.items():
        checked = (
            (PROJECT_ROOT / "lctg_metrics" / "cli" / fed[name]).read_text(encoding="utf-8") if name in fed else text
        )
        assert "from lctg_metrics.cli.outside import check_output" in checked, name
