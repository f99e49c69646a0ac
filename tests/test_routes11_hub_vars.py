"""A Hugging Face or lctg folder variable naming a folder that cannot be created (``/proc/nope``) is named as such,
not blamed on the network; a folder that can be created is left as it was (made and removed again)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lctg_metrics.inputs.hub import check_folder_vars
from lctg_metrics.schema import ScoringError


@pytest.mark.parametrize("name", ["HF_HOME", "HF_HUB_CACHE", "LCTG_CACHE_DIR"])
def test_an_uncreatable_folder_is_named(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if not Path("/proc/self").is_dir():
        pytest.skip("needs /proc (a folder nothing can be created in)")
    monkeypatch.setenv(name, "/proc/nope")
    with pytest.raises(ScoringError, match=rf"^{name}=/proc/nope cannot be created \("):
        check_folder_vars([name])


def test_a_creatable_folder_passes_and_is_not_left_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_HOME", str(tmp_path / "a" / "b"))
    check_folder_vars(["HF_HOME"])
    assert not (tmp_path / "a").exists()
