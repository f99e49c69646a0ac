"""The analysis commands (compare, report, substitutability) and ci_table, end to end through argparse.

Most tests use small hand-made details files whose scores are known by construction; the report is also
run on the toy model's real output (sample + score on the built dataset).
"""

from __future__ import annotations

import argparse
import base64
import html
import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from lctg_metrics.analysis import ci_table
from lctg_metrics.cli.analysis import register
from lctg_metrics.render.plotting import PlotDependencyError
from lctg_metrics.stats import holm

TASKS = ("summary", "ad_text", "pros_and_cons")
ASPECTS = ("format", "char_count", "keyword", "prohibited_word")
SIG = (
    "lctg|profile:upstream|count:cp|norm:none|affix:10/10/10|short:fail|empty:score|think:keep|"
    "cleaner:rule@1.0|judge:none|data:1.0.0|version:0.1.0"
)
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
FAIL_REASONS = {
    "format": "text added before the answer: starts 「承知しました」, answer 「本文」",
    "char_count": "{n} chars > max 200",
    "keyword": "missing keyword 「猫」",
    "prohibited_word": "uses prohibited word 「犬」",
}


def run(argv: list[str]) -> int:
    """Parse like the lctg command does and call the handler the subcommand registered."""
    parser = argparse.ArgumentParser(prog="lctg")
    sub = parser.add_subparsers(dest="command")
    register(sub)
    args = parser.parse_args(argv)
    return args.handler(args)


def make_records(
    rates: dict[tuple[str, str], float] | None = None,
    *,
    default: float = 0.5,
    n_prompts: int = 12,
    n_samples: int = 3,
    signature: str | None = SIG,
    quality: bool = False,
) -> list[dict]:
    """Details records where, per task × aspect, the first round(rate × n_prompts) prompts pass in every
    sample and the rest fail in every sample (so every score is exactly that share)."""
    rates = rates or {}
    out = []
    for ti, task in enumerate(TASKS):
        for p in range(n_prompts):
            pid = 1000 * (ti + 1) + p
            for aspect in ASPECTS:
                passed = p < round(rates.get((task, aspect), default) * n_prompts)
                for s in range(n_samples):
                    rec = {
                        "id": f"{task}/{pid}/{aspect}",
                        "sample": s,
                        "task": task,
                        "prompt_id": pid,
                        "aspect": aspect,
                        "variant": None,
                        "passed": passed,
                        "reason": "ok" if passed else FAIL_REASONS[aspect].format(n=250 + p),
                        "generation": f"承知しました。<b>本文{pid}</b>",
                        "cleaned": f"<b>本文{pid}</b>",
                    }
                    if quality:
                        rec["quality"] = (p + s) % 3 != 0
                        rec["quality_reason"] = "適切" if rec["quality"] else "不適切"
                    if signature is not None:
                        rec["signature"] = signature
                    out.append(rec)
    return out


def write(path: Path, records: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return path


# ------------------------------------------------------------------------------------- small parts


def test_signature_parse_and_diff_as_compare_uses_them():
    from lctg_metrics.signature import diff as signature_differences
    from lctg_metrics.signature import parse as parse_signature

    fields = parse_signature(SIG + "|judge:gpt-4o@localhost:8000".replace("|judge:", "|j2:"))
    assert fields["cleaner"] == "rule@1.0" and fields["j2"] == "gpt-4o@localhost:8000" and "lctg" not in fields
    other = SIG.replace("count:cp", "count:gc").replace("version:0.1.0", "version:0.2.0")
    diffs = signature_differences(SIG, other)
    assert [(d.key, d.a, d.b, d.blocking) for d in diffs] == [
        ("count", "cp", "gc", True),
        ("version", "0.1.0", "0.2.0", False),
    ]
    assert signature_differences(SIG, SIG) == []


def test_holm_adjustment():
    adj = holm({"a": 0.01, "b": 0.04, "c": 0.03})
    assert adj == pytest.approx({"a": 0.03, "b": 0.06, "c": 0.06})
    assert holm({"x": 0.6, "y": 0.9}) == pytest.approx({"x": 1.0, "y": 1.0})


# ------------------------------------------------------------------------------------------ compare


def test_compare_identical_files_no_difference(tmp_path, capsys):
    recs = make_records(quality=True)  # two models with the same verdicts (other texts: one run is refused)
    a = write(tmp_path / "a.jsonl", recs)
    b = write(tmp_path / "b.jsonl", [{**r, "generation": r["generation"] + "。"} for r in recs])
    out = tmp_path / "cmp.json"
    assert run(["compare", str(a), str(b), "--ci-resamples", "500", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "CTG: no significant difference on any setting" in text
    cmp = json.loads(out.read_text(encoding="utf-8"))
    assert set(cmp["comparisons"]) == {"CTG", "Qual"}  # both files carry judged quality
    per = cmp["comparisons"]["CTG"]
    assert set(per) == {f"{t}/{a}" for t in TASKS for a in (*ASPECTS, "average")} | {"overall/average"}
    for c in [*per.values(), *cmp["comparisons"]["Qual"].values()]:
        assert c["diff"] == 0 and c["p_value"] == pytest.approx(1.0) and not c["significant"]
        assert c["ci_low"] == c["ci_high"] == 0
        assert c["verdict"].startswith("no significant difference")
    assert cmp["significant"] == [] and cmp["signature_differences"] == []


@pytest.mark.parametrize("method", ["permutation", "bootstrap"])
def test_compare_clearly_better_model_names_direction(tmp_path, capsys, method):
    good = write(tmp_path / "good.jsonl", make_records({("summary", "keyword"): 0.95}, n_prompts=20))
    bad = write(tmp_path / "bad.jsonl", make_records({("summary", "keyword"): 0.05}, n_prompts=20))
    out = tmp_path / "cmp.json"
    assert run(["compare", str(good), str(bad), "--method", method, "--ci-resamples", "2000", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert re.search(r"good > bad on summary/keyword \(diff \+0\.900, p [<=] 0\.00", text)
    per = json.loads(out.read_text(encoding="utf-8"))["comparisons"]["CTG"]
    kw = per["summary/keyword"]
    assert kw["significant"] and kw["significant_holm"] and kw["diff"] == pytest.approx(0.9)
    assert kw["ci_low"] > 0.5 and kw["p_value"] < 0.01
    assert not per["ad_text/keyword"]["significant"] and per["ad_text/keyword"]["diff"] == 0
    # the other order, with names: the verdict follows the data, not the argument order
    assert run(["compare", str(bad), str(good), "--names", "B", "A", "--method", method, "--ci-resamples", "2000"]) == 0
    assert "A > B on summary/keyword" in capsys.readouterr().out


def test_compare_refuses_different_signatures_naming_keys(tmp_path, capsys):
    other = SIG.replace("cleaner:rule@1.0", "cleaner:none").replace("count:cp", "count:gc")
    a = write(tmp_path / "a.jsonl", make_records())
    b = write(tmp_path / "b.jsonl", make_records(signature=other))
    with pytest.raises(ValueError) as e:
        run(["compare", str(a), str(b)])
    msg = str(e.value)
    assert "cleaner (header/footer cleaner): 'rule@1.0' in a, 'none' in b" in msg
    assert "count (char_count counting): 'cp' in a, 'gc' in b" in msg
    assert "profile" not in msg and "--allow-different-signatures" in msg
    out = tmp_path / "cmp.json"
    assert (
        run(["compare", str(a), str(b), "--allow-different-signatures", "--ci-resamples", "200", "--json", str(out)])
        == 0
    )
    cmp = json.loads(out.read_text(encoding="utf-8"))
    assert [d["key"] for d in cmp["signature_differences"]] == ["count", "cleaner"]
    assert "compared despite different settings" in capsys.readouterr().out


def test_compare_package_version_only_is_a_note(tmp_path, capsys):
    a = write(tmp_path / "a.jsonl", make_records())
    b = write(tmp_path / "b.jsonl", make_records(signature=SIG.replace("version:0.1.0", "version:0.2.0")))
    assert run(["compare", str(a), str(b), "--ci-resamples", "200"]) == 0
    assert "note: version (lctg package version): '0.1.0' in a, '0.2.0' in b" in capsys.readouterr().out


def test_compare_refuses_missing_signatures(tmp_path):
    a = write(tmp_path / "a.jsonl", make_records(signature=None))
    b = write(tmp_path / "b.jsonl", make_records(signature=None, default=0.25))
    with pytest.raises(ValueError, match="carries a signature"):
        run(["compare", str(a), str(b)])


def test_compare_pairs_only_the_pairs_both_files_hold(tmp_path, capsys):
    full = make_records()
    partial = [r for r in full if not (r["task"] == "summary" and r["sample"] == 2)]
    a = write(tmp_path / "a.jsonl", full)
    b = write(tmp_path / "b.jsonl", [{**r, "generation": r["generation"] + "。"} for r in partial])  # another model
    assert run(["compare", str(a), str(b), "--ci-resamples", "200", "--json", str(tmp_path / "c.json")]) == 0
    out = capsys.readouterr().out
    n = len(full) - len(partial)
    assert f"left out: {n} only in a (summary {n}; samples 2: {n}; e.g. summary/" in out and "0 only in b" in out
    # the comparison equals one of the same files cut by hand to the common pairs
    common = write(tmp_path / "a_common.jsonl", partial)
    assert run(["compare", str(common), str(b), "--ci-resamples", "200", "--json", str(tmp_path / "d.json")]) == 0
    got, want = (json.loads((tmp_path / f).read_text(encoding="utf-8")) for f in ("c.json", "d.json"))
    assert got["comparisons"] == want["comparisons"]


def test_compare_refuses_files_without_a_common_pair(tmp_path):
    full = make_records()
    a = write(tmp_path / "a.jsonl", [r for r in full if r["task"] == "summary"])
    b = write(tmp_path / "b.jsonl", [r for r in full if r["task"] != "summary"])
    with pytest.raises(ValueError, match="share no \\(id, sample\\) pair"):
        run(["compare", str(a), str(b)])


def test_compare_notes_a_partial_runs_coverage(tmp_path, capsys):
    full = make_records()
    partial = [r for r in full if r["task"] != "summary"]
    cover = f"|cover:{len({(r['id'], r['sample']) for r in partial})}/{len({(r['id'], r['sample']) for r in full})}"
    sig_b = SIG.replace("|version:", cover + "|version:")
    a = write(tmp_path / "a.jsonl", full)
    b = write(tmp_path / "b.jsonl", [dict(r, signature=sig_b) for r in partial])
    assert run(["compare", str(a), str(b), "--ci-resamples", "200"]) == 0
    out = capsys.readouterr().out
    assert "cover (coverage of a partial run, generations scored/expected)" in out and "absent in a" in out
    assert "only the pairs both files hold are compared" in out


def test_compare_bad_details_line_names_file_and_line(tmp_path):
    recs = make_records()
    recs[4]["passed"] = "yes"
    bad = write(tmp_path / "bad.jsonl", recs)
    with pytest.raises(ValueError, match=r"bad\.jsonl:5: passed must be true or false"):
        run(["compare", str(bad), str(bad)])


# ------------------------------------------------------------------------------------------- report


class _Images(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.srcs: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "img":
            self.srcs.append(dict(attrs)["src"])


def _embedded_pngs(text: str) -> list[bytes]:
    parser = _Images()
    parser.feed(text)
    prefix = "data:image/png;base64,"
    assert parser.srcs and all(s.startswith(prefix) for s in parser.srcs)
    return [base64.b64decode(s[len(prefix) :]) for s in parser.srcs]


@pytest.fixture(scope="module")
def toy_run(built_dataset, tmp_path_factory):
    """The toy model's generations scored on the real build: (details, result json)."""
    from lctg_metrics.cli import main

    d = tmp_path_factory.mktemp("toy")
    assert main(["sample", "--dataset", str(built_dataset), "-o", str(d / "g.jsonl"), "--seed", "3"]) == 0
    assert (
        main(
            [
                "score",
                str(d / "g.jsonl"),
                "--dataset",
                str(built_dataset),
                "--json",
                str(d / "r.json"),
                "--details",
                str(d / "d.jsonl"),
                "--no-progress",
            ]
        )
        == 0
    )
    return d / "d.jsonl", d / "r.json"


@pytest.mark.slow  # 2.4 s (+1.9 s setup): the report's figures drawn
def test_report_html_on_toy_model(toy_run, tmp_path, capsys):
    details, result = toy_run
    out = tmp_path / "report.html"
    assert (
        run(
            [
                "report",
                str(details),
                "--result",
                str(result),
                "--output",
                str(out),
                "--model-name",
                "toy-3",
                "--ci-resamples",
                "200",
                "--worst",
                "3",
            ]
        )
        == 0
    )
    text = out.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and text.rstrip().endswith("</html>")
    pngs = _embedded_pngs(text)
    assert len(pngs) == 3 and all(p.startswith(PNG_MAGIC) for p in pngs)  # bars, heat map, EN placement
    res = json.loads(result.read_text(encoding="utf-8"))
    assert res["signature"] in text
    assert f"{res['scores']['ad_text']['char_count']:.3f} [" in text
    from lctg_metrics.cleaners.rule import RULE_CLEANER_VERSION

    assert "gpt-4-1106-preview" in text and "GPT-4" in text and f"'rule@{RULE_CLEANER_VERSION}'" in html.unescape(text)
    # worst items: recomputed here from the details lines
    recs = [json.loads(x) for x in details.read_text(encoding="utf-8").splitlines()]
    fails: dict[tuple[str, str], dict[str, int]] = {}
    for r in recs:
        fails.setdefault((r["task"], r["aspect"]), {}).setdefault(r["id"], 0)
        fails[(r["task"], r["aspect"])][r["id"]] += not r["passed"]
    for per in fails.values():
        every = sorted((i for i, n in per.items() if n == 3), key=lambda i: int(i.split("/")[1]))
        assert f"{len(every)} of {len(per)} prompts failed in every sample" in text
        for rid in every[:3]:
            assert f"<code>{rid}</code>" in text
    worst_cc = min(
        (i for i, n in fails[("summary", "char_count")].items() if n == 3), key=lambda i: int(i.split("/")[1])
    )
    for r in recs:
        if r["id"] == worst_cc:
            assert html.escape(r["reason"]) in text  # e.g. "65 chars &gt; max 60"
    assert "wrote" in capsys.readouterr().err


@pytest.mark.slow
def test_report_markdown_with_quality_and_escaping(tmp_path):
    details = write(tmp_path / "judged.jsonl", make_records(quality=True))
    out_dir = tmp_path / "rep"
    assert (
        run(
            [
                "report",
                str(details),
                "--output",
                f"{out_dir}/",  # a folder: a path ending in / (any other new path is the report file)
                "--format",
                "md",
                "--published-source",
                "all",
                "--ci-resamples",
                "100",
            ]
        )
        == 0
    )
    md = (out_dir / "judged.md").read_text(encoding="utf-8")  # named after the details file
    images = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", md)
    assert sorted(images) == [
        f"judged_files/{name}"
        for name in ("published_EN.png", "published_NLP2024.png", "scores_bars.png", "scores_heatmap.png")
    ]
    assert all((out_dir / i).read_bytes().startswith(PNG_MAGIC) for i in images)
    assert "| summary (Qual) |" in md and "#### Qual" in md
    assert "this paper publishes no pros_and_cons scores" in md  # NLP2024 has summary and ad_text only
    # every item of a failing prompt fails in all 3 samples by construction: 6 of 12 per task × aspect
    assert md.count("6 of 12 prompts failed in every sample") == 12
    html_out = tmp_path / "r.html"
    assert run(["report", str(details), "--output", str(html_out), "--ci-resamples", "100"]) == 0
    text = html_out.read_text(encoding="utf-8")
    assert "&lt;b&gt;本文1006&lt;/b&gt;" in text and "<b>本文" not in text  # generations are escaped
    assert "missing keyword 「猫」" in text


def test_report_rejects_result_from_another_run(toy_run, tmp_path):
    details, result = toy_run
    res = json.loads(result.read_text(encoding="utf-8"))
    res["scores"]["summary"]["keyword"] += 0.01
    other = tmp_path / "other.json"
    other.write_text(json.dumps(res), encoding="utf-8")
    with pytest.raises(ValueError, match="scores.summary.keyword = .* different scoring runs"):
        run(
            [
                "report",
                str(details),
                "--result",
                str(other),
                "--output",
                str(tmp_path / "r.html"),
                "--ci-resamples",
                "50",
            ]
        )
    assert not (tmp_path / "r.html").exists()


def _hide_matplotlib(monkeypatch):
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.setitem(sys.modules, name, None)
    for name in ("matplotlib", "matplotlib.figure", "matplotlib.backends.backend_agg"):
        monkeypatch.setitem(sys.modules, name, None)


def test_missing_matplotlib_gives_install_hint(tmp_path, monkeypatch):
    details = write(tmp_path / "d.jsonl", make_records())
    _hide_matplotlib(monkeypatch)
    with pytest.raises(PlotDependencyError) as e:
        run(["report", str(details), "--output", str(tmp_path / "r.html")])
    assert "pip install 'lctg[plot]'" in str(e.value)
    assert isinstance(e.value, ValueError)  # so the lctg command prints it instead of a traceback
    assert not (tmp_path / "r.html").exists()
    files = [write(tmp_path / f"m{i}.jsonl", make_records(default=0.2 * (i + 1))) for i in range(3)]
    with pytest.raises(ValueError, match=r"pip install 'lctg\[plot\]'"):
        run(["substitutability", *map(str, files), "--output", str(tmp_path / "sub")])


# --------------------------------------------------------------------------------- substitutability


@pytest.mark.slow  # 2 s: heat maps drawn
def test_substitutability_on_synthetic_models(tmp_path, capsys):
    strengths = [0.2, 0.4, 0.6, 0.8]
    files = []
    for i, s in enumerate(strengths):
        rates = {(t, a): s for t in TASKS for a in ASPECTS}
        rates[("summary", "keyword")] = 1 - s  # ranks the models in reverse
        rates[("summary", "format")] = 1.0  # every model perfect: no ranking
        files.append(write(tmp_path / f"model{i}.jsonl", make_records(rates, n_prompts=10)))
    out_dir = tmp_path / "sub"
    assert run(["substitutability", *map(str, files), "--names", "m1", "m2", "m3", "m4", "--output", str(out_dir)]) == 0
    text = capsys.readouterr().out
    data = json.loads((out_dir / "substitutability.json").read_text(encoding="utf-8"))
    assert data["models"] == ["m1", "m2", "m3", "m4"]
    idx = {s: i for i, s in enumerate(data["settings"])}
    rho = data["spearman"]
    assert rho[idx["ad_text/format:ctg"]][idx["pros_and_cons/keyword:ctg"]] == pytest.approx(1.0)
    assert rho[idx["summary/keyword:ctg"]][idx["ad_text/format:ctg"]] == pytest.approx(-1.0)
    assert all(v is None for v in rho[idx["summary/format:ctg"]])
    assert "summary/format:ctg" in data["undefined"]
    assert data["scores"]["ad_text/char_count:ctg"] == pytest.approx({"m1": 0.2, "m2": 0.4, "m3": 0.6, "m4": 0.8})
    # every prompt gives the same verdict in all samples: all std histograms equal, similarity 1
    assert all(v == pytest.approx(1.0) for row in data["statistics"]["similarity"]["std"] for v in row)
    for name in ("spearman.png", "similarity_mean.png", "similarity_std.png"):
        assert (out_dir / name).read_bytes().startswith(PNG_MAGIC)
    assert "undefined: summary/format:ctg: every model has the same score" in text
    assert re.search(r"ad_text/format:ctg <-> .*ad_text/char_count:ctg \(1\.00\)", text)
    assert "summary/keyword:ctg" in next(line for line in text.splitlines() if line.startswith("  no substitute:"))


def test_substitutability_refuses_too_few_or_constant_models(tmp_path):
    two = [write(tmp_path / f"m{i}.jsonl", make_records(default=0.3 + 0.2 * i)) for i in range(2)]
    with pytest.raises(ValueError, match="at least 3 models, got 2"):
        run(["substitutability", *map(str, two)])
    same = [  # three models with the same verdicts, each its own texts (one run given twice is refused)
        write(tmp_path / f"s{i}.jsonl", [{**r, "generation": r["generation"] + "。" * i} for r in make_records()])
        for i in range(3)
    ]
    with pytest.raises(ValueError, match="fewer than 2 settings rank the models"):
        run(["substitutability", *map(str, same)])
    with pytest.raises(ValueError, match="not both"):
        run(["substitutability", *map(str, same), "--published"])


@pytest.mark.slow  # 3 s: the 24 x 24 heat maps drawn
def test_substitutability_published_tables(tmp_path, capsys):
    out_dir = tmp_path / "pub"
    assert run(["substitutability", "--published", "--output", str(out_dir), "--threshold", "0.9"]) == 0
    text = capsys.readouterr().out
    data = json.loads((out_dir / "published_substitutability.json").read_text(encoding="utf-8"))
    assert data["threshold"] == 0.9 and len(data["sources"]) == 2
    for source, a in data["sources"].items():
        n = len(a["settings"])
        assert len(a["spearman"]) == n and all(a["spearman"][i][i] == 1.0 for i in range(n))
        assert all(a["spearman"][i][j] == a["spearman"][j][i] for i in range(n) for j in range(n))
        assert all(p["spearman"] >= 0.9 for p in a["substitutes"])
        assert f"published: {source}" in text
    assert len(data["sources"]["LCTG Bench (English paper), Tables 2-4"]["models"]) == 9
    for code in ("EN", "NLP2024"):
        assert (out_dir / f"published_{code}_spearman.png").read_bytes().startswith(PNG_MAGIC)


# ----------------------------------------------------------------------------------------- ci_table


def test_ci_table_feeds_format_table():
    from lctg_metrics.render import format_table
    from lctg_metrics.scoring import Generation, Reference, score

    refs, gens = [], []
    for task in TASKS:
        for p in range(8):
            rid = f"{task}/{p}/keyword"
            refs.append(Reference(id=rid, task=task, prompt_id=p, aspects=("keyword",), keyword="猫"))
            for s in range(3):
                gens.append(Generation(id=rid, text="猫がいる。" if (p + s) % 3 else "犬がいる。", sample=s))
    result = score(gens, refs, cleaner="none")
    cis = ci_table(result, n_resamples=300, seed=1)
    assert set(cis) == {*TASKS, "overall"} and set(cis["overall"]) == {"average"}
    for task in TASKS:
        assert set(cis[task]) == {"keyword", "average"}
        low, high = cis[task]["keyword"]
        assert low <= result.scores[task]["keyword"] <= high
    assert cis == ci_table(result, n_resamples=300, seed=1)
    table = format_table(result, cis=cis)
    low, high = cis["overall"]["average"]
    assert f"{result.overall_average:.3f} [{low:.3f},{high:.3f}]" in table
