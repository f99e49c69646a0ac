"""Small items of a newcomer's pass: a malformed source URL is named with what a source takes, and
``lctg_dataset.load`` given a wrong type names the argument."""

from __future__ import annotations

import pytest

from lctg_dataset.loader import load
from lctg_dataset.source import SourceError, fetch_source


@pytest.mark.parametrize("source", ["http://[::1", "https://[nope/x"])
def test_a_malformed_source_url_is_named_with_what_a_source_takes(source, tmp_path) -> None:
    with pytest.raises(SourceError, match=r"is not a valid URL .*; give ") as e:
        fetch_source(source, cache_dir=tmp_path)
    assert source in str(e.value)


@pytest.mark.parametrize(("kwargs", "named"), [({"config": 5}, "config"), ({"path": 5}, "path")])
def test_load_names_a_wrong_type(kwargs, named) -> None:
    config = kwargs.pop("config", "all")
    with pytest.raises(TypeError, match=rf"^{named}: expected"):
        load(config, **kwargs)
