"""The extras declared in lctg_metrics.extras match pyproject.toml, and a missing one is named in one line."""

from __future__ import annotations

import re
import tomllib

import pytest

from lctg_metrics import extras
from tests.conftest import PROJECT_ROOT


def _optional() -> dict[str, list[str]]:
    with open(PROJECT_ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["optional-dependencies"]


def test_every_declared_extra_is_in_pyproject_and_all_installs_them() -> None:
    optional = _optional()
    for name in extras.EXTRAS:
        assert name in optional, f"extra {name!r} declared in lctg_metrics.extras but not in pyproject.toml"
    (meta,) = optional["all"]
    inside = set(re.fullmatch(r"lctg\[(.*)\]", meta).group(1).split(","))
    assert inside == set(extras.EXTRAS)
    assert set(optional) - {"all", "test"} == set(extras.EXTRAS)


def test_require_names_the_extra_and_the_pip_command(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "fugashi" else real(name, *a))
    with pytest.raises(extras.MissingExtra) as e:
        extras.require("ja", "lctg if-score")
    message = str(e.value)
    assert "\n" not in message
    assert "lctg if-score needs the 'ja' extra" in message and "fugashi" in message
    assert "pip install 'lctg[ja]'" in message


def test_require_passes_when_installed_and_refuses_unknown_extras() -> None:
    extras.require("ja", "x")  # the test extra installs fugashi, unidic-lite and langdetect
    with pytest.raises(ValueError, match="valid: ja, llm"):
        extras.require("nope", "x")
