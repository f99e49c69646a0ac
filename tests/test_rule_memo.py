"""The rule cleaner's memos change its time, never its result.

Lines and sentences are judged once and remembered (:func:`lctg_metrics.cleaners.rule.text.unit_memo`), keyed on
the unit and the task. What depends on the rest of the text (is there Japanese before or after, would some answer
be left) is decided outside the memo, every time. These tests put the same units into different contexts, tasks
and orders, with the memos warm and cold, and compare every cut with the frozen rule@1.2 release, which has no
memo.
"""

from __future__ import annotations

import json
import random

import pytest

from lctg_metrics.cleaners.rule import clean, explain
from lctg_metrics.cleaners.rule.text import _MEMOS, MAX_MEMO_TEXT, clear_memos
from tests import frozen_rule_1_2 as frozen
from tests.conftest import PROJECT_ROOT, TASKS

#: Units whose cut depends on what is around them, each in contexts where it is and is not cut.
CONTEXT_CASES = [
    # An English lead-in is cut only before Japanese.
    ("Pros and cons of living alone:\n一人の時間が増える。", "pros_and_cons"),
    ("Pros and cons of living alone:\nMore time alone.", "pros_and_cons"),
    ("Key points of the story:\n市は新しい図書館を開館した。", "pros_and_cons"),
    ("Key points of the story:\nThe city opened a new library.", "pros_and_cons"),
    ("Key points of the story:\nThe city opened a new library.", "summary"),
    # An English remark on its own line is cut only after Japanese.
    ("市は新しい図書館を開館した。\nI kept it under 100 characters.", "summary"),
    ("The city opened a new library.\nI kept it under 100 characters.", "summary"),
    # An English last sentence on the answer's line: the same.
    ("市は新しい図書館を開館した。 I kept it under 100 characters.", "summary"),
    ("The city opened a new library. I kept it under 100 characters.", "summary"),
    # A label, a closing or a note is cut only if some answer is left.
    ("要約：\n市は新しい図書館を開館した。", "summary"),
    ("要約：", "summary"),
    ("要約：市は新しい図書館を開館した。", "summary"),
    ("市は新しい図書館を開館した。\n以上が要約です。", "summary"),
    ("以上が要約です。", "summary"),
    ("市は新しい図書館を開館した。（52文字）", "summary"),
    ("（52文字）", "summary"),
    ("冬だけの贅沢プラン ※条件に合わせて作成しました。", "ad_text"),
    ("※条件に合わせて作成しました。", "ad_text"),
    # The same words, judged per task: a label to cut in one task is content in another.
    ("メリット：\n一人の時間が増える。\nデメリット：\n寂しくなる。", "pros_and_cons"),
    ("メリット：\n一人の時間が増える。\nデメリット：\n寂しくなる。", "summary"),
    ("要約：市は新しい図書館を開館した。", "pros_and_cons"),
    ("お気軽にご相談ください。", "ad_text"),
    ("冬のカニ食べ放題プラン\nお気軽にご相談ください。", "ad_text"),
    ("冬のカニ食べ放題プラン\nお気軽にご相談ください。", "summary"),
    # After a first cut, the same line meets the second pass (separators are cut only then).
    ("承知しました。\n---\n市は新しい図書館を開館した。\n---\n以上です。", "summary"),
    ("---\n市は新しい図書館を開館した。", "summary"),
]


def _cuts(text: str, task: str) -> tuple[str, list[tuple[str, str, str]]]:
    return clean(text, task), [(r.side, r.rule, r.text) for r in explain(text, task)]


def _released(text: str, task: str) -> tuple[str, list[tuple[str, str, str]]]:
    return frozen.clean(text, task), [(r.side, r.rule, r.text) for r in frozen.explain(text, task)]


def _labeled_units() -> list[str]:
    units: set[str] = set()
    for path in sorted((PROJECT_ROOT / "benchmarks").glob("cleaner_*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                units.update(u for u in json.loads(line)["generation"].split("\n") if u.strip())
    return sorted(units)


def _contexts(units: list[str], rng: random.Random, n: int) -> list[tuple[str, str]]:
    """Units as a first line, a last line, a whole text and inside a line, before and after Japanese and English."""
    around = ["市は新しい図書館を開館した。", "The city opened a new library.", "", "---"]
    cases = []
    for _ in range(n):
        unit, other, task = rng.choice(units), rng.choice(around), rng.choice(TASKS)
        cases += [
            (f"{unit}\n{other}", task),
            (f"{other}\n{unit}", task),
            (unit, task),
            (f"{other}{unit}", task),
            (f"{unit}{other}", task),
            (f"{other}\n{unit}\n{other}", task),
        ]
    return cases


def test_a_unit_judged_in_one_context_is_judged_afresh_in_another() -> None:
    """Every case twice, in both orders, with the memos kept between them: each time as released."""
    for order in (CONTEXT_CASES, CONTEXT_CASES[::-1]):
        clear_memos()
        for _ in range(2):
            for text, task in order:
                assert _cuts(text, task) == _released(text, task), (task, text)
    assert any(_released(t, k)[1] for t, k in CONTEXT_CASES) and not all(_released(t, k)[1] for t, k in CONTEXT_CASES)


def test_warm_and_cold_memos_give_the_released_cuts() -> None:
    """Labeled lines in six contexts each, all tasks, shuffled; once with the memos cleared before every text and
    twice with them warm (the second pass in another order)."""
    rng = random.Random(25)
    cases = _contexts(_labeled_units(), rng, 500)
    released = [_released(t, k) for t, k in cases]
    assert sum(bool(cuts) for _, cuts in released) > 250  # the contexts make rules fire, not only stay quiet
    cold = []
    for text, task in cases:
        clear_memos()
        cold.append(_cuts(text, task))
    assert cold == released
    for _ in range(2):
        order = list(range(len(cases)))
        rng.shuffle(order)
        for i in order:
            assert _cuts(*cases[i]) == released[i], cases[i]


def test_memos_are_used_and_cleared() -> None:
    clear_memos()
    assert all(m.cache_info().currsize == 0 for m in _MEMOS)
    for text, task in CONTEXT_CASES:
        clean(text, task)
    hits = sum(m.cache_info().hits for m in _MEMOS)
    for text, task in CONTEXT_CASES:
        clean(text, task)
    assert sum(m.cache_info().hits for m in _MEMOS) > hits  # the second pass reads the memos
    clear_memos()
    assert all(m.cache_info().currsize == 0 for m in _MEMOS)


@pytest.mark.parametrize("name", ["_head_sentence_rule", "_tail_sentence_rule", "_whole_line_cut", "_opens_footer"])
def test_memos_are_keyed_on_the_unit_and_plain_values(name: str) -> None:
    """A memo keyed on the compiled rules would hash a dataclass of patterns on every call (slow) and tie the
    memo to one object; the per-unit judges take the task's name."""
    import inspect

    from lctg_metrics.cleaners.rule import head, tail

    for module in (head, tail):
        fn = getattr(module, name, None)
        if fn is not None:
            assert fn in _MEMOS
            params = list(inspect.signature(fn.__wrapped__).parameters)
            assert params[1] == "task", (module.__name__, name, params)


@pytest.mark.slow  # 12 s: 300 long outputs cleaned under tracemalloc
def test_long_units_are_judged_but_not_kept() -> None:
    """Degenerate outputs (thousands of characters on one line) are cleaned as released, and the memos keep the
    units of the last one at most: what stays allocated after cleaning 300 of them is a small part of their size."""
    import gc
    import tracemalloc

    rng = random.Random(7)

    def body() -> str:
        return "".join(rng.choice("本日は晴天なりあいうえお") for _ in range(3 * MAX_MEMO_TEXT))

    shapes = [
        "承知しました。{}",
        "{}\n以上です。",
        "要約：{}。",
        "{}。ご参考になれば幸いです。",
        "以下が要約です。\n{}。{}",
    ]
    for shape in shapes:
        text = shape.format(body(), body())
        assert _cuts(text, "summary") == _released(text, "summary")
        assert _released(text, "summary")[1]  # each shape has something to cut
    clear_memos()
    gc.collect()
    tracemalloc.start()
    size = 0
    for i in range(300):
        text = shapes[i % len(shapes)].format(body(), body())
        size += len(text.encode("utf-16-le"))
        clean(text, "summary")
        del text
    gc.collect()
    kept = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert kept < size / 10, (kept, size)
