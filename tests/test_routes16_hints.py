"""Hints followed as printed: a seed or resample count out of its bound is refused for the bound first in every
command that has the flags (so an "add --ci" hint never leads to a second refusal), and the hint naming another
family's command repeats ``--dataset`` and ``--revision`` as given, so that following it signs the same data."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from lctg_metrics.cli import main
from tests.hub_standin import COMMIT, FolderHub

BOUNDS = [
    (["--seed", "-1"], r"--seed must be an integer >= 0 \((a bootstrap seed|the seed of [^)]*bootstrap)\), got -1$"),
    (["--ci-resamples", "100001"], r"--ci-resamples 100,001 is over the limit of 100,000 resamples"),
]


def _err(capsys: pytest.CaptureFixture[str]) -> str:
    return capsys.readouterr().err.strip().splitlines()[-1]


def _gens(path: Path, ids: list[str]) -> Path:
    path.write_text("".join(json.dumps({"id": i, "generation": "テキスト"}) + "\n" for i in ids), encoding="utf-8")
    return path


@pytest.fixture
def here(built_dataset: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "B").symlink_to(built_dataset)
    _gens(tmp_path / "g.jsonl", ["summary/1614/format", "summary/1614/char_count"])
    _gens(tmp_path / "d.jsonl", ["summary/1614/format"])
    return tmp_path


COMMANDS = [
    ["score", "g.jsonl", "--dataset", "B"],
    ["if-score", "g.jsonl", "--dataset", "B"],
    ["ifsm", "g.jsonl"],
    ["compare", "d.jsonl", "d.jsonl"],
    ["report", "d.jsonl", "-o", "r.md"],
]


@pytest.mark.parametrize(("flag", "message"), BOUNDS)
@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: a[0])
def test_the_bound_is_named_first_in_every_command(here: Path, argv: list[str], flag: list[str], message: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    assert main([*argv, *flag]) == 2
    err = _err(capsys)
    assert re.search(message, err), err
    assert "add --ci" not in err
    assert not (here / "r.md").exists()


def test_the_add_ci_hint_followed_as_printed_scores(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["score", "g.jsonl", "--dataset", "B", "--missing", "skip", "--seed", "3", "--ci-resamples", "50"]
    assert main(argv) == 2
    err = _err(capsys)
    hint = re.search(r"add (--ci), or drop it$", err)
    assert hint, err
    assert main([*argv, hint.group(1)]) == 0, _err(capsys)
    out = capsys.readouterr().out
    assert "seed 3" in out or "seed:3" in out, out


def _printed_command(err: str) -> list[str]:
    found = re.search(r"`(lctg [^`]+)`", err)
    assert found, err
    return shlex.split(found.group(1))[1:]


@pytest.fixture
def hub(built_dataset: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    from huggingface_hub import constants

    monkeypatch.chdir(tmp_path)
    with FolderHub({"me/lctg": built_dataset}, refs={"v1.1.0": COMMIT}) as h:
        monkeypatch.setattr(constants, "ENDPOINT", h.url)
        monkeypatch.setattr(
            constants, "HUGGINGFACE_CO_URL_TEMPLATE", h.url + "/{repo_id}/resolve/{revision}/{filename}"
        )
        monkeypatch.setattr(constants, "HF_HUB_CACHE", str(tmp_path / "hf-cache"))
        monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
        yield h


LCTG_IDS = ["summary/1614/format", "summary/1614/char_count"]
INSTR_IDS = ["instructions/summary/1614/0"]
STORY_IDS = ["story_endings/x_0"]
CASES = [  # (the command given, the ids of the file, the command the hint must name)
    ("ifsm", LCTG_IDS, "score"),
    ("if-score", LCTG_IDS, "score"),
    ("score", INSTR_IDS, "if-score"),
    ("ifsm", INSTR_IDS, "if-score"),
    ("score", STORY_IDS, "ifsm"),
    ("if-score", STORY_IDS, "ifsm"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("command", "ids", "named"), CASES, ids=lambda c: c if isinstance(c, str) else c[0][:7])
def test_a_cross_family_hint_keeps_the_dataset_and_revision(hub, tmp_path: Path, command: str, ids: list[str],
                                                            named: str, capsys) -> None:  # fmt: skip
    _gens(tmp_path / "x.jsonl", ids)
    assert main([command, "x.jsonl", "--dataset", "me/lctg", "--revision", "v1.1.0"]) == 2
    printed = _printed_command(_err(capsys))
    assert printed[:2] == [named, "x.jsonl"], printed
    i = printed.index("--dataset")
    assert printed[i : i + 4] == ["--dataset", "me/lctg", "--revision", "v1.1.0"], printed


@pytest.mark.slow
def test_the_printed_command_signs_the_same_data(hub, tmp_path: Path, capsys) -> None:
    """Followed literally, the hint of ``ifsm`` given LCTG generations scores them against the revision given."""
    _gens(tmp_path / "x.jsonl", LCTG_IDS)
    assert main(["ifsm", "x.jsonl", "--dataset", "me/lctg", "--revision", "v1.1.0"]) == 2
    printed = _printed_command(_err(capsys))
    assert main([*printed, "--missing", "skip", "--json", "r.json"]) == 0, _err(capsys)
    signature = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["signature"]
    assert f"me/lctg@v1.1.0={COMMIT[:12]}" in signature, signature


def test_the_python_hint_keeps_the_revision(hub, tmp_path: Path) -> None:
    from lctg_metrics.api import run
    from lctg_metrics.schema import ScoringError

    _gens(tmp_path / "x.jsonl", INSTR_IDS)
    with pytest.raises(ScoringError) as info:
        run("lctg", "x.jsonl", dataset="me/lctg", revision="v1.1.0")
    assert "`lctg if-score x.jsonl --dataset me/lctg --revision v1.1.0`" in str(info.value)
    with pytest.raises(ScoringError) as info:
        run("instr", str(_gens(tmp_path / "s.jsonl", STORY_IDS)), dataset="me/lctg", revision="v1.1.0")
    assert "`lctg ifsm " in str(info.value) and "s.jsonl --dataset me/lctg --revision v1.1.0`" in str(info.value)
