"""Japanese text in the reports: the HTML page names the CJK fonts of Linux, macOS and Windows; the figures draw in
an installed one, or keep ASCII labels and say so once, in one line."""

from __future__ import annotations

import re

import pytest

from lctg_metrics.render import figures, fonts, plotting
from tests.test_render_views import _report_data

pytest.importorskip("matplotlib", reason="the figures need the plot extra")


@pytest.fixture
def no_cache():
    fonts.figure_font.cache_clear()
    fonts.warn_no_cjk_font.cache_clear()
    yield
    fonts.figure_font.cache_clear()
    fonts.warn_no_cjk_font.cache_clear()


def test_html_report_names_cjk_fonts_of_every_platform():
    pytest.importorskip("jinja2")
    from lctg_metrics.render import html

    page = html.render_report(_report_data(), {"scores_bars.png": b"1", "scores_heatmap.png": b"2"})
    (family,) = re.findall(r"body\{font-family:([^}]*)\}", page)
    names = [f.strip('"') for f in family.split(",")]
    for font in ("Noto Sans CJK JP", "Noto Sans JP", "Hiragino Sans", "Yu Gothic", "Meiryo", "IPAexGothic"):
        assert font in names
    assert names[-1] == "sans-serif" and names.index("Noto Sans CJK JP") < names.index("sans-serif")


def _data(model: str) -> dict:
    data = _report_data()
    data["model"] = model
    data["scores"] = {
        "ctg": {
            f"summary/{c}": {"estimate": 0.5, "low": 0.4, "high": 0.6}
            for c in ("format", "char_count", "keyword", "prohibited_word", "average")
        }
    }
    return data


def test_without_a_cjk_font_labels_fall_back_and_one_line_says_so(monkeypatch, no_cache, capsys):
    monkeypatch.setattr(fonts, "CJK_FONTS", ("No Such Font JP",))
    assert plotting.figure_label("日本語モデル", "your model") == "your model"
    figures.bars_figure(_data("日本語モデル"))
    figures.heatmap_figure(_data("日本語モデル"))
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("lctg: warning: no Japanese font found for the figures")
    # an ASCII name needs no font and warns nothing
    fonts.warn_no_cjk_font.cache_clear()
    assert plotting.figure_label("model-7b", "your model") == "model-7b" and capsys.readouterr().err == ""


def test_an_installed_cjk_font_is_used(monkeypatch, no_cache, capsys):
    import matplotlib

    installed = "DejaVu Sans"  # stands for a CJK font: any font matplotlib has
    monkeypatch.setattr(fonts, "CJK_FONTS", ("No Such Font JP", installed))
    assert fonts.figure_font() == installed
    assert plotting.figure_label("日本語モデル", "your model") == "日本語モデル"
    seen = []
    before = list(matplotlib.rcParams["font.sans-serif"])

    @plotting.with_fonts
    def draw() -> bytes:
        seen.append(list(matplotlib.rcParams["font.sans-serif"]))
        return b""

    draw()
    assert seen[0][0] == installed and matplotlib.rcParams["font.sans-serif"] == before  # only inside the call
    assert capsys.readouterr().err == ""
