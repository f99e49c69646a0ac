"""Golden outputs: the files a scoring run writes stay byte-identical across refactors (the version aside).

The outputs contain generations made from the upstream base texts, so only their sha256 digests are kept
(``tests/golden/digests.json``). Regenerate on purpose with ``LCTG_UPDATE_GOLDEN=1 pytest tests/test_golden.py``
and say in the commit why the outputs changed.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

import pytest

from lctg_metrics.cli import main
from tests.fake_openai_server import FakeOpenAIServer

GOLDEN = Path(__file__).parent / "golden" / "digests.json"
_VERSION = re.compile(r"version:[0-9][^|\"\s]*")
_PORT = re.compile(r"127\.0\.0\.1:\d+")


def _normalized(path: Path, root: Path) -> bytes:
    """File bytes with the package version, the loopback port and the output folder replaced (they change
    between runs)."""
    text = path.read_text(encoding="utf-8").replace(str(root), "OUT")
    text = _PORT.sub("127.0.0.1:PORT", _VERSION.sub("version:X", text))
    return text.encode("utf-8")


def _digest_tree(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(_normalized(p, root)).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.suffix in (".json", ".jsonl", ".csv", ".md")
    }


def _fake_model(body: dict) -> str:
    """Deterministic cleaner and judge: the cleaner drops a first line ending in 「。」 only when the text has
    several lines; the judge answers by the length of the prompt (適切 / 不適切 / a non-conforming answer, and
    for the fallback prompt True / something unparseable)."""
    content = body["messages"][-1]["content"]
    n = len(content)
    if "True" in content and "False" in content:
        return "True" if n % 2 == 0 else "判断できません"
    if "適切" in content:
        return ["適切", "不適切", "どちらかといえば適切"][n % 3]
    marker = content.rsplit("\n\n", 1)[-1]
    lines = marker.split("\n")
    return "\n".join(lines[1:]) if len(lines) > 1 and lines[0].endswith("。") else marker


def _run(argv: list[str]) -> None:
    assert main(argv) == 0, argv


@pytest.fixture(scope="module")
def golden_outputs(built_dataset_derived: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    out = tmp_path_factory.mktemp("golden")
    ds = str(built_dataset_derived)
    for config in ("all", "variants", "multi"):
        gens = out / f"{config}_generations.jsonl"
        _run(["sample", "--dataset", ds, "--config", config, "--samples", "3", "--seed", "0", "-o", str(gens)])
        d = out / config
        args = [
            "score",
            str(gens),
            "--dataset",
            ds,
            "--config",
            config,
            "--no-progress",
            "--json",
            str(d / "result.json"),
            "--details",
            str(d / "details.jsonl"),
        ]
        if config == "all":
            args += ["--csv-dir", str(d / "csv"), "--ci"]
        _run(args)
    _run(
        [
            "report",
            str(out / "all" / "details.jsonl"),
            "--result",
            str(out / "all" / "result.json"),
            "--output",
            str(out / "all" / "report.md"),
            "--model-name",
            "toy",
        ]
    )
    # LLM cleaner + judge on one task, against a deterministic loopback server
    gens = out / "llm_generations.jsonl"
    _run(["sample", "--dataset", ds, "--task", "summary", "--samples", "2", "--seed", "1", "-o", str(gens)])
    d = out / "llm"
    with FakeOpenAIServer(answer=_fake_model) as server:
        os.environ.setdefault("OPENAI_API_KEY", "sk-golden")
        _run(
            [
                "score",
                str(gens),
                "--dataset",
                ds,
                "--task",
                "summary",
                "--cleaner",
                "llm",
                "--judge",
                "--llm-base-url",
                server.base_url,
                "--llm-model",
                "golden",
                "--llm-cache",
                str(out / "cache.sqlite"),
                "--no-progress",
                "--json",
                str(d / "result.json"),
                "--details",
                str(d / "details.jsonl"),
                "--csv-dir",
                str(d / "csv"),
            ]
        )
    return _digest_tree(out)


def test_outputs_match_golden_digests(golden_outputs: dict[str, str]) -> None:
    if os.environ.get("LCTG_UPDATE_GOLDEN") == "1":
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(json.dumps(golden_outputs, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert sorted(golden_outputs) == sorted(expected)
    changed = [name for name in expected if golden_outputs[name] != expected[name]]
    assert changed == [], f"outputs differ from the golden run: {changed}"
