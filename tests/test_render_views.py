"""The table model and its renderers: terminal text, Markdown, CSV (upstream's all_scores.csv) and HTML."""

from __future__ import annotations

import builtins
import html as html_lib

import pytest

from lctg_metrics import aspects
from lctg_metrics.render import csv_table, markdown, tables, terminal
from lctg_metrics.render.plotting import PlotDependencyError
from lctg_metrics.render.table import Table, columns, score, text
from lctg_metrics.scoring import Generation, Reference
from lctg_metrics.scoring import score as score_run


@pytest.fixture(scope="module")
def result():
    refs, gens = [], []
    for p in range(4):
        rid = f"summary/{p}/keyword"
        refs.append(Reference(id=rid, task="summary", prompt_id=p, aspects=("keyword",), keyword="猫"))
        gens += [Generation(id=rid, text="猫。" if p % 2 else "犬。", sample=s) for s in range(2)]
    return score_run(gens, refs, cleaner="none")


@pytest.mark.parametrize(
    ("cell", "ci_sep", "shown"),
    [
        (score(0.5), ", ", "0.500"),
        (score(0.5, (0.25, 0.75)), ", ", "0.500 [0.250, 0.750]"),
        (score(0.5, (0.25, 0.75)), ",", "0.500 [0.250,0.750]"),
        (score(None), ", ", "-"),
        (score(float("nan")), ", ", "-"),
        (text("  qual"), ", ", "  qual"),
    ],
)
def test_cell_text(cell, ci_sep, shown):
    assert Table(["x"], [[cell]], ci_sep=ci_sep).show(cell) == shown


def test_terminal_table_layout(result):
    lines = terminal.format_table(result, cis={"summary": {"keyword": (0.25, 0.75)}}).split("\n")
    assert lines[0].split() == ["task", "FORMAT", "C-COUNT", "KEYWORD", "P-WORD", "Avg"]
    assert set(lines[1].replace("  ", "")) == {"-"}
    assert lines[2].split() == ["summary", "-", "-", "0.500", "[0.250,0.750]", "-", "0.500"]
    assert len({len(line) for line in lines[:3]}) == 1  # aligned, not stripped
    assert lines[-1] == result.signature


def test_all_scores_csv_is_upstreams_layout(result):
    assert csv_table.all_scores_csv(result, "summary", "toy") == (
        ",Format-ctg,C-count-ctg,Keyword-ctg,P-word-ctg,Avg-ctg\ntoy,-,-,0.500,-,0.500\n"
    )


def test_all_scores_csv_writes_one_file_per_task(result, tmp_path):
    written = csv_table.write_all_scores(result, tmp_path, "toy")
    assert [p.relative_to(tmp_path).as_posix() for p in written] == ["summary/all_scores.csv"]


def test_markdown_escapes_pipes_and_newlines():
    table = Table(["a", "b"], [[text("x|y"), text("one\ntwo")]])
    assert markdown.render(table) == ["| a | b |", "|---|---|", "| x\\|y | one ⏎ two |", ""]


def test_a_registered_aspect_gets_a_column(result):
    extra = aspects.Aspect(
        "politeness", lambda texts, c, o: aspects.Verdict(True, ""), heading="POLITE", column="Polite"
    )
    with aspects.registered(extra):
        assert columns()[-2:] == ("politeness", "average")
        assert "POLITE" in terminal.format_table(result).split("\n")[0]
        assert csv_table.all_scores_csv(result, "summary", "m").startswith(
            ",Format-ctg,C-count-ctg,Keyword-ctg,P-word-ctg,Polite-ctg,Avg-ctg\n"
        )
    assert "politeness" not in columns()


def _report_data():
    iv = {"estimate": 0.5, "low": 0.4, "high": 0.6}
    return {
        "model": "<m&'1>",
        "details_path": "d.jsonl",
        "signature": "lctg|x:1",
        "coverage": {"scored": 2, "expected": 2, "prompts": 1, "samples": [0, 1], "missing": 0},
        "prompt_level": None,
        "notes": ['a "quoted" note'],
        "ci": {"n_resamples": 10, "seed": 0, "level": 0.95},
        "scores": {"ctg": {"summary/keyword": iv, "summary/average": iv, "overall/average": iv}},
        "published": [],
        "published_notes": [],
        "worst": 1,
        "failures": [
            {
                "task": "summary",
                "aspect": "keyword",
                "items": 1,
                "failed_every_sample": 1,
                "failed_any_sample": 1,
                "kinds": [("missing keyword", 2)],
                "worst": [
                    {
                        "id": "summary/1/keyword",
                        "variant": None,
                        "failed": 2,
                        "samples": 2,
                        "reasons": ["missing keyword 「猫」"],
                        "generation": "犬<b>",
                        "sample": 0,
                    }
                ],
            }
        ],
    }


def test_html_report_from_the_template():
    pytest.importorskip("jinja2")
    from lctg_metrics.render import html

    page = html.render_report(_report_data(), {"scores_bars.png": b"1", "scores_heatmap.png": b"2"})
    assert page.startswith("<!DOCTYPE html>\n") and page.endswith("</body></html>\n")
    assert "<title>LCTG Bench report: &lt;m&amp;" in page and "<m&" not in page
    assert '"Hiragino Sans"' in page  # the stylesheet is not escaped
    assert '<td class="gen">[sample 0] 犬&lt;b&gt;</td>' in page and "<td><code>summary/1/keyword</code></td>" in page
    assert '<td class="num">0.500 [0.400, 0.600]</td>' in page
    assert html_lib.unescape(page).count('a "quoted" note') == 1


def test_html_report_without_jinja2_names_the_extra(monkeypatch):
    from lctg_metrics.render import html

    real_import = builtins.__import__

    def no_jinja(name, *args, **kwargs):
        if name == "jinja2":
            raise ImportError("No module named 'jinja2'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_jinja)
    with pytest.raises(PlotDependencyError, match=r"pip install 'lctg\[plot\]'"):
        html.render_report(_report_data(), {})


def test_markdown_report_matches_the_html_content():
    page = markdown.render_report(_report_data(), {"scores_bars.png": "a.png", "scores_heatmap.png": "b.png"})
    assert "| summary | - | - | 0.500 [0.400, 0.600] | - | 0.500 [0.400, 0.600] |" in page
    assert "| summary/1/keyword | 2/2 | missing keyword 「猫」 | [sample 0] 犬<b> |" in page


def test_comparison_table_is_right_aligned_and_stripped():
    per = {
        "summary/keyword": {
            "score_a": 1.0,
            "score_b": 0.5,
            "diff": 0.5,
            "ci_low": 0.1,
            "ci_high": 0.9,
            "p_value": 0.0001,
            "p_holm": 0.02,
            "significant": False,
        }
    }
    lines = terminal.render(tables.comparison_table("CTG", per, "a", "b", lambda p: f"{p:.3f}"), rstrip=True)
    assert lines[2] == "summary/keyword  1.000  0.500  +0.500  [+0.100, +0.900]  0.000     0.020"
