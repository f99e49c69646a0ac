"""`lctg score` reads its generations in chunks: any chunk size (and scoring the whole file at once) gives the same
bytes in every output, the same notes, and the same one-line errors with nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import lctg_metrics.inputs.generations as inputs
from lctg_metrics.cli import main, stream

CHUNK_SIZES = (1, 7, inputs.CHUNK_SIZE)


@pytest.fixture(scope="module")
def generations(built_dataset, tmp_path_factory) -> list[dict]:
    out = tmp_path_factory.mktemp("stream") / "sample.jsonl"
    assert (
        main(
            [
                "sample",
                "--dataset",
                str(built_dataset),
                "--samples",
                "3",
                "--task",
                "summary",
                "--task",
                "ad_text",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]


def _write(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


def _implicit(generations: list[dict]) -> list[dict]:
    """No 'sample' field (the k-th line of an id is sample k), a few lines missing, some with an ignored 'cleaned',
    and lines of pros_and_cons that --task leaves out."""
    rows = [{"id": g["id"], "generation": g["generation"]} for g in sorted(generations, key=lambda g: g["sample"])]
    rows = [r for k, r in enumerate(rows) if k % 97 != 5]  # missing generations (counted as failures)
    for r in rows[::11]:
        r["cleaned"] = r["generation"][:20]
    rows[40:40] = [
        {"id": "pros_and_cons/1/format", "generation": "x"},
        {"id": "pros_and_cons/2/format", "generation": "y"},
    ]
    return rows


def _outputs(argv: list[str], out: Path, capsys) -> dict[str, bytes | str]:
    assert (
        main(
            argv
            + [
                "--json",
                str(out / "r.json"),
                "--details",
                str(out / "d.jsonl"),
                "--csv-dir",
                str(out / "csv"),
                "--ci",
                "--ci-resamples",
                "50",
                "--no-progress",
            ]
        )
        == 0
    )
    printed = capsys.readouterr().out
    files = {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}
    return {**files, "stdout": printed.replace(str(out), "OUT")}


@pytest.mark.slow
@pytest.mark.parametrize("case", ["implicit_task_missing", "provided_guess"])
def test_every_chunk_size_gives_the_same_outputs(built_dataset, generations, tmp_path, capsys, monkeypatch, case):
    if case == "implicit_task_missing":
        rows = _implicit(generations)
        extra = ["--task", "summary", "--task", "ad_text", "--missing", "fail"]
    else:  # the first lines give 'cleaned', a later one does not: the whole file is scored with the rule cleaner
        rows = [dict(g, cleaned=g["generation"]) for g in generations]
        del rows[30]["cleaned"]
        extra = ["--task", "summary", "--task", "ad_text"]
    gens = _write(tmp_path / "g.jsonl", rows)
    argv = ["score", str(gens), "--dataset", str(built_dataset), *extra]
    seen = []
    for size in CHUNK_SIZES:
        monkeypatch.setattr(inputs, "CHUNK_SIZE", size)
        seen.append(_outputs(argv, tmp_path / f"chunk{size}", capsys))
    monkeypatch.setattr(stream, "streams", lambda args, chosen: False)  # the whole file at once
    seen.append(_outputs(argv, tmp_path / "whole", capsys))
    assert all(s == seen[0] for s in seen[1:])
    result = json.loads(seen[0]["r.json"])
    assert set(result["scores"]) == {"summary", "ad_text"} and result["coverage"]["samples"] == [0, 1, 2]
    if case == "implicit_task_missing":
        assert result["coverage"]["missing"] == len(generations) - (len(rows) - 2) > 0
        assert "skipped 2 generations of the other tasks" in seen[0]["stdout"]
        assert any(n.startswith("'cleaned' given for ") for n in result["notes"])
    else:
        assert "cleaner:rule@" in result["signature"]


@pytest.mark.parametrize("size", CHUNK_SIZES)
def test_duplicate_across_chunks_names_both_lines_and_writes_nothing(
    built_dataset, generations, tmp_path, capsys, monkeypatch, size
):
    monkeypatch.setattr(inputs, "CHUNK_SIZE", size)
    rows = [g for g in generations if g["id"].startswith("summary/")]
    rows.insert(20, dict(rows[3], generation="again"))
    gens = _write(tmp_path / "g.jsonl", rows)
    out = tmp_path / "out"
    code = main(
        [
            "score",
            str(gens),
            "--dataset",
            str(built_dataset),
            "--task",
            "summary",
            "--json",
            str(out / "r.json"),
            "--details",
            str(out / "d.jsonl"),
            "--no-progress",
        ]
    )
    assert code == 2
    err = capsys.readouterr().err
    assert f"g.jsonl:21: duplicate (id, sample) ({rows[3]['id']!r}, {rows[3]['sample']}); first at {gens}:4" in err
    assert not out.exists()  # no output, no temp file, no folder made for them


def test_a_bad_line_late_in_the_file_leaves_nothing(built_dataset, generations, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(inputs, "CHUNK_SIZE", 7)
    gens = tmp_path / "g.jsonl"
    _write(gens, generations)
    with open(gens, "a", encoding="utf-8") as f:
        f.write('{"id": "summary/1614/format", "generation": "x"\n')
    out = tmp_path / "out"
    assert (
        main(
            [
                "score",
                str(gens),
                "--dataset",
                str(built_dataset),
                "--task",
                "summary",
                "--task",
                "ad_text",
                "--details",
                str(out / "d.jsonl"),
                "--no-progress",
            ]
        )
        == 2
    )
    assert f"g.jsonl:{len(generations) + 1}: invalid JSON" in capsys.readouterr().err
    assert not out.exists()


def test_counts_total_equals_adding_two_by_two(built_dataset, generations):
    from lctg_metrics.cleaners import get_cleaner
    from lctg_metrics.inputs.folder import read_rows
    from lctg_metrics.profiles import resolve_options
    from lctg_metrics.scoring import Counts, Generation, index_references, score_part

    refs = index_references(r["constraint"] for r in read_rows(built_dataset, tasks=["summary", "ad_text"]))
    gens = [Generation(g["id"], g["generation"], g["sample"]) for g in generations]
    parts = [
        score_part(gens[k : k + 500], refs, options=resolve_options(), cleaner=get_cleaner("rule")).counts
        for k in range(0, len(gens), 500)
    ]
    assert Counts.total(parts) == sum(parts, Counts.empty())
    with pytest.raises(Exception, match="scored in both parts"):
        Counts.total([parts[0], parts[1], parts[0]])


def test_the_default_cleaner_is_decided_before_scoring_without_a_second_pass(
    built_dataset, generations, tmp_path, capsys, monkeypatch
):
    """A file whose 31st line lacks 'cleaned' is read up to there to choose the cleaner, then once to score it."""
    rows = [dict(g, cleaned=g["generation"]) for g in generations]
    del rows[30]["cleaned"]
    gens = _write(tmp_path / "g.jsonl", rows)
    read: list[int] = []
    real = stream.iter_generations

    def counted(*a, **k):
        for chunk in real(*a, **k):
            read.append(len(chunk))
            yield chunk

    monkeypatch.setattr(stream, "iter_generations", counted)
    monkeypatch.setattr(stream, "PEEK_CHUNK", 1)
    monkeypatch.setattr(inputs, "CHUNK_SIZE", 7)
    assert (
        main(
            [
                "score",
                str(gens),
                "--dataset",
                str(built_dataset),
                "--task",
                "summary",
                "--task",
                "ad_text",
                "--json",
                str(tmp_path / "r.json"),
                "--no-progress",
            ]
        )
        == 0
    )
    assert sum(read) == 31 + len(rows)
    assert "cleaner:rule@" in json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["signature"]


@pytest.mark.parametrize("missing", ["error", "fail", "skip"])
def test_a_streamed_run_is_signed_once_and_its_details_carry_that_signature(
    built_dataset, generations, monkeypatch, missing
):
    from lctg_metrics import signature
    from lctg_metrics.cleaners import get_cleaner
    from lctg_metrics.inputs.folder import read_rows
    from lctg_metrics.profiles import resolve_options
    from lctg_metrics.scoring import Generation, index_references
    from lctg_metrics.scoring.stream import score_chunks

    refs = index_references(r["constraint"] for r in read_rows(built_dataset, tasks=["summary", "ad_text"]))
    every = [Generation(g["id"], g["generation"], g["sample"]) for g in generations]
    gens = every if missing == "error" else every[:-9]  # a few absent: failed, or skipped (coverage in the signature)
    built: list[str] = []
    real = signature.build
    monkeypatch.setattr(signature, "build", lambda *a, **k: built.append(real(*a, **k)) or built[-1])
    handed: list[tuple[int, str]] = []
    result = score_chunks(
        [gens[k : k + 100] for k in range(0, len(gens), 100)],
        refs,
        options=resolve_options(),
        cleaner=get_cleaner("rule"),
        missing=missing,
        on_items=lambda items, signed: handed.append((len(items), signed)),
    )
    assert built == [result.signature]
    assert {signed for _, signed in handed} == {result.signature}
    absent = every[len(gens) :]
    expected = sum(len(refs[g.id].aspects) for g in gens + (absent if missing == "fail" else []))
    assert sum(n for n, _ in handed) == expected
    assert ("|cover:" in result.signature) == (missing == "skip")
