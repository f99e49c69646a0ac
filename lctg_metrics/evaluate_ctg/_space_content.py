"""What the metric Space's page says about each metric module (plain data, read by ``app.py`` beside it): the legend
of its result keys, its worked JSON inputs, the options its JSON tab starts from without one, and how its row ids look
(to name the module another module's ids are for). Shipped beside the app in every build's module folder."""

from __future__ import annotations

from typing import Any

#: What the result's keys mean, shown under each result (the benchmark's definitions; docs/scoring.md).
LEGENDS = {
    "lctg_ctg": (
        "**format** (FORMAT): outputs only the answer, with no preamble or closing remark · **char_count** (C-COUNT): "
        "its length is within the character range asked for · **keyword** (KEYWORD): contains the keyword(s) asked "
        "for · **prohibited_word** (P-WORD): avoids the prohibited word(s) · **average** (Avg): mean over the task's "
        "aspects. Every score is a share in [0, 1], higher is better."
    ),
    "lctg_if": (
        "**strict**: the instruction holds for the response as written · **loose**: it holds for the response or "
        "for it without its first line, its last line, both, or markdown emphasis (IFEval) · **prompt_level**: "
        "share of prompts whose instructions all hold · **instruction_level**: share of instructions that hold."
    ),
    "lctg_ifsm": (
        "**ifsm**: share of the stories scored whose ending lets the reader pick the right candidate ending "
        '(endings missing from the split are refused; "missing": "skip" scores those present and is never '
        'valid, "missing": "fail" counts them as misses) · **reader_accuracy**: the same reader on the gold '
        "endings (0.25 is chance): gold endings for every story of the split score exactly this · **n**: stories "
        "scored (the whole split unless skipped) · **flagged**: endings the guard failed (empty or missing under "
        "fail, a question echo, a copied context or candidate) · **check/***: the run-level tests against gaming "
        "· **valid**: False when a run-level test fails, the run is partial or the reader is not clearly above chance."
    ),
}

_KW = {
    "id": "ad_text/1/keyword",
    "task": "ad_text",
    "prompt_id": 1,
    "aspects": ["keyword"],
    "min_chars": None,
    "max_chars": None,
    "keyword": "抹茶",
    "prohibited_word": None,
    "variant": None,
    "dataset_version": "1.0.0",
}
_CC = {
    **_KW,
    "id": "ad_text/1/char_count",
    "aspects": ["char_count"],
    "keyword": None,
    "min_chars": 10,
    "max_chars": 20,
}
#: Worked JSON inputs per module (predictions, references, options), the first one the page's defaults.
EXAMPLES: dict[str, list[tuple[list[str], list[Any], dict[str, Any]]]] = {
    "lctg_ctg": [
        (["京都の抹茶スイーツ専門店が新登場", "京都の抹茶スイーツ"], [_KW, _CC], {"cleaner": "none"}),
        (
            ["承知しました。以下がタイトルです。\n京都の抹茶スイーツ専門店が新登場"],
            [_KW],
            {"cleaner": "rule", "return_items": True},
        ),
    ],
    "lctg_if": [
        (
            ["京都で抹茶を飲んだ。", "京都の老舗で、抹茶を飲みました。"],
            [
                {
                    "instruction_id_list": ["keywords:existence", "rule:no_comma"],
                    "kwargs": ['{"keywords": ["抹茶"]}', "{}"],
                },
                {"instruction_id_list": ["length:chars"], "kwargs": ['{"max": 10}']},
            ],
            {},
        ),
    ],
}


#: Defaults of the JSON tab's options when a module has no worked example (the option it cannot run without).
NO_EXAMPLE_OPTIONS = {"lctg_ifsm": {"reader": "embedding", "stories_source": "<your Possible Stories folder>"}}


#: What each metric module scores and how its row ids look (as ``lctg_metrics.family`` registers them; the Space has
#: no lctg package to ask), to name the module another module's ids are for.
ID_MODULES: dict[str, tuple[str, str]] = {
    "lctg_ctg": (
        r"(summary|ad_text|pros_and_cons)/\d+/(format|char_count|keyword|prohibited_word)",
        "LCTG generations",
    ),
    "lctg_if": (r"instructions/", "instruction outputs"),
    "lctg_ifsm": (r"story_endings/", "story endings"),
}

#: A details file's first-line fields (any family's verdicts), refused where generations go, as the commands refuse it
#: (``lctg_metrics.family_protocol.DETAILS_FIELDS``; the Space has no lctg package to ask).
DETAILS_FIELDS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("id", "sample", "aspect", "passed"), "an lctg score details file (one verdict per aspect)"),
    (("instruction_id", "strict", "loose"), "an lctg if-score details file (one verdict per instruction)"),
    (("hit", "choice"), "an lctg ifsm details file (one item per story ending)"),
)
