"""Environment variables naming a folder that cannot be one (a file, or a path under a file): one line naming the
variable, in every route that uses it — the Hub reader (CLI and Python API), IFSM's cache, the LLM answer cache —
never blamed on the network, never a silent fallback to another folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from lctg_metrics.cli import main
from lctg_metrics.inputs.hub import HUB_VARS, LCTG_VARS, check_folder_vars, folder_problem
from lctg_metrics.schema import ScoringError


@pytest.fixture
def a_file(tmp_path: Path) -> Path:
    f = tmp_path / "g.jsonl"
    f.write_text('{"id": "summary/1/format", "generation": "x"}\n', encoding="utf-8")
    return f


@pytest.mark.parametrize("under", [False, True])
@pytest.mark.parametrize("name", [*HUB_VARS, *LCTG_VARS])
def test_each_folder_variable_naming_a_file_is_one_line(name, under, a_file, monkeypatch):
    value = a_file / "sub" if under else a_file
    monkeypatch.setenv(name, str(value))
    with pytest.raises(ScoringError) as refused:
        check_folder_vars()
    message = str(refused.value)
    assert message.startswith(f"{name}={value} ") and f"point {name} at a folder" in message
    assert ("lies under" if under else "is a file, not a folder") in message


def test_usable_values_pass(tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HOME", str(tmp_path / "new" / "hf"))  # made when needed
    monkeypatch.setenv("LCTG_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("LCTG_IFSM_CACHE", "off")
    check_folder_vars()
    assert folder_problem(tmp_path, writable=True) is None


def test_the_hub_route_names_hf_home_not_the_network(a_file, monkeypatch, capsys):
    """CLI and Python API alike, before any request (offline here: nothing would answer)."""
    from lctg_metrics.api import score_predictions

    monkeypatch.setenv("HF_HOME", str(a_file))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    assert main(["score", str(a_file), "--dataset", "me/lctg", "--revision", "v1.1.0"]) == 2
    err = capsys.readouterr().err.strip()
    assert (
        err == f"lctg score: error: HF_HOME={a_file} is a file, not a folder; point HF_HOME at a folder (or unset it)"
    )
    with pytest.raises(ScoringError, match=r"^HF_HOME=.* is a file, not a folder"):
        score_predictions(["x"], ["summary/1614/format"], dataset="me/lctg")


@pytest.mark.parametrize("name", ["LCTG_CACHE_DIR", "LCTG_IFSM_CACHE"])
def test_ifsm_cache_never_falls_back_silently(name, a_file, monkeypatch):
    from lctg_metrics.ifsm.cache_folder import cache_dir

    monkeypatch.delenv("LCTG_IFSM_CACHE", raising=False)
    monkeypatch.setenv(name, str(a_file))
    with pytest.raises(ScoringError, match=rf"^{name}=.* is a file, not a folder"):
        cache_dir()


def test_the_llm_cache_folder_is_named_even_in_a_dry_run(a_file, tmp_path, monkeypatch, capsys):
    build = tmp_path / "B"
    (build / "data").mkdir(parents=True)
    (build / "manifest.json").write_text('{"configs": {}}', encoding="utf-8")
    monkeypatch.setenv("LCTG_CACHE_DIR", str(a_file / "cache"))
    argv = ["score", str(a_file), "--dataset", str(build), "--cleaner", "llm", "--llm-base-url", "http://127.0.0.1:9/v1",
            "--llm-model", "m", "--dry-run"]  # fmt: skip
    assert main(argv) == 2
    assert f"LCTG_CACHE_DIR={a_file / 'cache'} lies under {a_file}, which is a file" in capsys.readouterr().err
