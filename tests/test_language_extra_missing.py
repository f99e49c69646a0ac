"""``script:language`` without its extra raises the install hint: a missing package is never a failed answer."""

from __future__ import annotations

import sys

import pytest

from lctg_metrics.instructions import checks_script


def test_a_missing_langdetect_is_its_install_hint_not_a_verdict(monkeypatch) -> None:
    if hasattr(checks_script._detector, "cache_clear"):
        checks_script._detector.cache_clear()
        monkeypatch.setattr(checks_script, "_detector", checks_script._detector.__wrapped__)
    monkeypatch.setitem(sys.modules, "langdetect", None)  # import langdetect raises ImportError
    with pytest.raises(ImportError, match="langdetect"):
        checks_script.language("This is an English sentence.", {"language": "en"})
