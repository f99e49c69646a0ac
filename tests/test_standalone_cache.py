"""The standalone generator keeps each rewritten source per process: what it writes is what it wrote uncached."""

from __future__ import annotations

import hashlib

from lctg_metrics import standalone
from lctg_metrics.metric_module import module_files


def _digest(files: dict[str, bytes]) -> str:
    h = hashlib.sha256()
    for name, data in sorted(files.items()):
        h.update(name.encode() + b"\0" + data + b"\0")
    return h.hexdigest()


def test_a_second_build_writes_the_same_module_files_from_the_kept_rewrites() -> None:
    standalone._rewritten.cache_clear()
    cold = _digest(module_files(["instructions"]))
    assert standalone._rewritten.cache_info().currsize > 0
    warm = _digest(module_files(["instructions"]))
    assert standalone._rewritten.cache_info().hits > 0
    assert warm == cold


def test_each_kept_rewrite_is_the_uncached_rewrite_and_the_caller_gets_its_own_list() -> None:
    path = standalone._source_file("lctg_metrics.metric_module")
    assert path is not None
    source = path.read_text(encoding="utf-8")
    script, loaded = standalone._rewrite(source, str(path))
    assert (script, tuple(loaded)) == standalone._rewritten.__wrapped__(source, str(path))
    loaded.append("changed by the caller")
    assert standalone._rewrite(source, str(path))[1] == loaded[:-1]
