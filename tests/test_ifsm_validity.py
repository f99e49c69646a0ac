"""Run-level validity of IFSM: the statistics against independent computations, and runs that must (not) pass.

Stories here are generated from a small word list with a seeded RNG (no upstream text), read through a hashed
bag-of-words stand-in encoder, so every test is fast.
"""

from __future__ import annotations

import hashlib
import math
import random
from itertools import product

import numpy as np
import pytest

from lctg_metrics.ifsm import score_ifsm
from lctg_metrics.ifsm.encoders import Encoder, register_encoder
from lctg_metrics.ifsm.guards import words
from lctg_metrics.ifsm.validity import (
    MIN_REPEAT_PASSAGES,
    RunFeatures,
    binomial_above,
    check_run,
    features,
    mann_whitney,
    repeated,
    skeleton,
)

DIM = 256
NOUNS = (
    "kite dog boat garden letter cake bike river lamp song window coat apple drum map shell bridge stove "
    "violin ladder tent bucket candle rope"
).split()
VERBS = ("found lost painted fixed broke sold carried washed hid opened climbed baked").split()
NAMES = ("Ana Ben Cleo Dev Eli Fay Gus Hana Ivo Jun Kai Lia Moe Nia").split()


def _embed(texts: list[str]) -> np.ndarray:
    out = np.zeros((len(texts), DIM), np.float32)
    for row, text in enumerate(texts):
        for word in words(text):
            out[row, int(hashlib.md5(word.encode()).hexdigest()[:8], 16) % DIM] += 1.0
        out[row, DIM - 1] += 0.01
    return out


register_encoder("validity-bow", lambda: Encoder("validity-bow", "lctg", _embed), replace=True)


def _rows(passages: int = 14, questions: int = 3, seed: int = 1) -> list[dict]:
    rng = random.Random(seed)
    rows = []
    for p in range(passages):
        name = NAMES[p % len(NAMES)]
        things = rng.sample(NOUNS, 6)
        context = (
            f"{name} had an old {things[0]}. One day the {things[1]} was gone. {name} asked a neighbour "
            f"about the {things[2]}. Then it started to rain."
        )
        for q in range(questions):
            endings = [
                f"{name} {rng.choice(VERBS)} the {rng.choice(NOUNS)} near the {rng.choice(NOUNS)} "
                f"and then {rng.choice(VERBS)} a {rng.choice(NOUNS)}."
                for _ in range(4)
            ]
            rows.append(
                {
                    "id": f"s/{p}_{q}",
                    "passage_id": f"p{p}",
                    "split": "eval",
                    "question": f"What did {name} do with the {things[3 + q]} after the rain?",
                    "document": context,
                    "options": endings,
                    "gold_label": q % 4,
                    "gold_ending": endings[q % 4],
                    "template_set": "t",
                }
            )
    return rows


class TargetReader:
    """Picks whatever ending is under test: fooled by every attack that reaches it."""

    from lctg_metrics.ifsm.items import ReaderInfo

    info = ReaderInfo("target", "0", "0", weak=True)

    def choose(self, items):
        return [i.target for i in items]


class GoldReader:
    """A perfect reader: picks the human gold ending wherever it is, else the first other slot."""

    from lctg_metrics.ifsm.items import ReaderInfo

    info = ReaderInfo("perfect", "0", "0", weak=False)

    def __init__(self, rows: list[dict]) -> None:
        self.gold = {r["id"]: r["gold_ending"] for r in rows}

    def choose(self, items):
        return [i.options.index(self.gold[i.id]) if self.gold[i.id] in i.options else (i.target + 1) % 4 for i in items]


# --- statistics against independent computations -------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_mann_whitney_auc_is_the_pairwise_share_and_p_matches_scipy(seed: int) -> None:
    rng = np.random.default_rng(seed)
    run = np.round(rng.normal(0.3, 0.2, 40), 2)  # rounded: ties on purpose
    gold = np.round(rng.normal(0.2, 0.2, 55), 2)
    auc, p = mann_whitney(run, gold)
    pairs = [1.0 if a > b else 0.5 if a == b else 0.0 for a, b in product(run, gold)]
    assert auc == pytest.approx(sum(pairs) / len(pairs))
    stats = pytest.importorskip("scipy.stats")
    expected = stats.mannwhitneyu(run, gold, alternative="greater", method="asymptotic", use_continuity=True).pvalue
    assert p == pytest.approx(expected, rel=1e-6)


@pytest.mark.parametrize(("k", "n", "p"), [(0, 10, 0.1), (3, 10, 0.1), (10, 10, 0.5), (30, 200, 0.05), (1, 1, 0.3)])
def test_binomial_tail_is_the_sum_of_the_pmf(k: int, n: int, p: float) -> None:
    expected = sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))
    assert binomial_above(k, n, p) == pytest.approx(min(1.0, expected), rel=1e-9)


# --- repetition ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("Mia could not believe how things turned out.", "Tom could not believe how things turned out!", True),
        ("In the end, everything went back to normal.", "in the end everything went back to normal", True),
        ("Mia could not believe how things turned out.", "Mia could not believe her luck.", False),
        ("The dog ate the cake.", "The dog ate the map.", False),
        ("Ｍia ｃould not believe how things turned out.", "Ben could not believe how things turned out.", True),
        ("The end: ミアは生地を忘れた。", "The end: 猫が戻った。", False),  # letters of any script are words
    ],
)
def test_skeleton_drops_names_only(a: str, b: str, same: bool) -> None:
    assert (skeleton(a) == skeleton(b)) is same


def test_repeated_needs_enough_passages() -> None:
    text = "{} could not believe how things turned out."
    endings = [text.format(n) for n in ("Ana", "Ben", "Cleo", "Dev")] + ["Eli lost the kite in the river."]
    flags = repeated(endings, ["p0", "p0", "p1", "p2", "p3"])
    assert all(f and f"ends {MIN_REPEAT_PASSAGES} passages" in f for f in flags[:4]) and flags[4] is None
    assert repeated(endings[:3], ["p0", "p0", "p1"]) == [None] * 3  # two passages: allowed


# --- run checks on feature arrays --------------------------------------------------------------------------------


def _features(values: dict[str, np.ndarray], passages: dict[str, float]) -> RunFeatures:
    return RunFeatures(values, passages)


def _run(n: int, rng: np.random.Generator, shift: float = 0.0, contaminate: float = 0.0) -> dict[str, np.ndarray]:
    out = {}
    for name in ("question_similarity", "last_sentence_similarity", "cross_story_similarity", "function_word_deficit"):
        x = rng.normal(0.3, 0.1, n) + shift
        k = int(contaminate * n)
        x[:k] = rng.normal(0.9, 0.02, k)
        out[name] = x
    return out


def test_gold_against_itself_passes_every_check() -> None:
    rng = np.random.default_rng(0)
    gold = _features(_run(500, rng), {f"p{i}": 0.5 for i in range(100)})
    assert all(c.passed for c in check_run(gold, gold, [None] * 500, [None] * 500))


@pytest.mark.parametrize(
    ("shift", "contaminate", "passes"),
    [
        (0.0, 0.0, True),  # another honest run from the same distribution
        (0.02, 0.0, True),  # a small honest difference: significant at n=2000 but under the effect floor
        (0.15, 0.0, False),  # a shift: AUC ~0.85
        (0.0, 0.25, False),  # a quarter of the items far in the tail
        (0.0, 0.03, True),  # 3% in the tail: under the tail floor
    ],
)
def test_feature_shift_needs_significance_and_size(shift: float, contaminate: float, passes: bool) -> None:
    rng = np.random.default_rng(1)
    gold = _features(_run(2000, rng), {})
    run = _features(_run(2000, rng, shift, contaminate), {})
    checks = {c.name: c for c in check_run(run, gold, [None] * 2000, [None] * 2000)}
    assert checks["question_similarity"].passed is passes
    if not passes:
        reason = checks["question_similarity"].reason
        assert reason.startswith("question_similarity shifted toward gaming") and "AUC" in reason and "p=" in reason


def test_dissimilarity_far_below_gold_is_named_with_figures() -> None:
    gold = _features({}, {f"p{i}": 0.55 for i in range(40)})
    run = _features({}, {f"p{i}": 0.0 for i in range(40)})
    check = {c.name: c for c in check_run(run, gold, [], [])}["dissimilarity"]
    assert not check.passed and check.figures["run"] == 0.0 and check.figures["gold"] == pytest.approx(0.55)
    assert "0.000 < 0.5 x gold's 0.550 over 40 passages" in check.reason and "100% of 40 passages" in check.reason
    honest = _features({}, {f"p{i}": 0.45 for i in range(40)})
    assert {c.name: c for c in check_run(honest, gold, [], [])}["dissimilarity"].passed


def test_features_of_a_constant_run() -> None:
    rows = _rows()
    enc = Encoder("validity-bow", "lctg", _embed)
    constant = ["Everyone was surprised by what happened next."] * len(rows)
    f = features(enc, rows, constant, [0.1] * len(rows))
    assert np.allclose(f.values["cross_story_similarity"], 1.0, atol=1e-5)
    assert all(v == 0.0 for v in f.passages.values())
    assert f.values["function_word_deficit"][0] == pytest.approx(1 - 4 / 7)  # everyone, was, by, what of 7 words


# --- through score_ifsm -----------------------------------------------------------------------------------------


def _score(rows, endings, reader, **options):
    return score_ifsm(
        {r["id"]: e for r, e in zip(rows, endings)},
        rows,
        reader=reader,
        guard_encoder="validity-bow",
        dissimilarity_encoder="validity-bow",
        n_boot=200,
        **options,
    )


def test_gold_is_valid_and_scores_the_reader_accuracy() -> None:
    rows = _rows()
    result = _score(rows, [r["gold_ending"] for r in rows], GoldReader(rows))
    assert result.ifsm == result.oracle.guarded == 1.0
    assert all(c.passed for c in result.checks), [c.reason for c in result.checks]
    assert result.valid, result.invalid_reasons


def test_constant_with_names_is_flagged_and_invalid() -> None:
    rows = _rows()
    endings = [f"{r['document'].split()[0]} could not believe how things turned out." for r in rows]
    result = _score(rows, endings, GoldReader(rows), adversarial=False, return_items=True)
    assert result.ifsm == 0.0 and result.guard_reasons == {"repeated": len(rows)}
    assert all(i["passage_dissimilarity"] < 1e-6 and i["passage_dissimilarity_gold"] > 0.1 for i in result.items)
    failed = {c.name for c in result.checks if not c.passed}
    assert {"dissimilarity", "repetition", "cross_story_similarity"} <= failed


def test_the_attack_table_carries_every_class_and_mix() -> None:
    from lctg_metrics.ifsm import ATTACK_CLASSES, MIXES
    from lctg_metrics.ifsm.records import result_dict
    from lctg_metrics.ifsm.report import format_result

    rows = _rows()
    result = _score(rows, [r["gold_ending"] for r in rows], GoldReader(rows))
    from lctg_metrics.ifsm.attacks import HUGGING
    from lctg_metrics.ifsm.neighbours import ENCODED

    assert set(result.attacks) == set(ATTACK_CLASSES) | set(HUGGING) | set(ENCODED) | set(MIXES)
    for name, a in result.attacks.items():
        assert 0 < a.n <= len(rows) and 0.0 <= a.ifsm <= 1.0, name
    assert not result.attacks["constant_name"].valid  # a constant run fails its own validity
    text = format_result(result)
    assert all(f"| {name} |" in text for name in result.attacks)
    out = result_dict(result)
    assert set(out["attacks"]) == set(result.attacks) and "dissimilarity" in out["validity_checks"]


def test_a_reader_fooled_by_the_slot_makes_every_result_invalid() -> None:
    rows = _rows()
    result = _score(rows, [r["gold_ending"] for r in rows], TargetReader())
    through = {name: (a.ifsm, a.share) for name, a in result.attacks.items() if a.gets_through}
    assert through and all(ifsm > 0.3 for ifsm, _ in through.values())
    assert all(not result.attacks[name].valid for name in ("constant", "constant_name", "focus", "salad"))
    assert not result.valid and result.invalid_reasons  # fooled on the gold-level probes as well
    assert any("mix_gold_constant_name_tuned is not detected at 5%" in limit for limit in result.limits)
    honest = _score(rows, [r["gold_ending"] for r in rows], GoldReader(rows))
    assert not any(a.gets_through for a in honest.attacks.values()) and honest.valid


@pytest.mark.slow  # 3 s: two full attack tables
def test_the_attack_table_is_reused_from_the_cache_for_the_same_key(tmp_path, monkeypatch) -> None:
    from lctg_metrics.ifsm import register_reader
    from lctg_metrics.ifsm.attack_cache import cache_dir
    from lctg_metrics.ifsm.records import result_dict

    monkeypatch.setenv("LCTG_CACHE_DIR", str(tmp_path))
    rows = _rows()
    calls = []

    class Counting(GoldReader):
        def choose(self, items):
            calls.append(len(items))
            return super().choose(items)

    register_reader("validity-perfect", lambda: Counting(rows), replace=True)
    gold = [r["gold_ending"] for r in rows]
    first = _score(rows, gold, "validity-perfect", attack_cache=True)
    n_first = len(calls)
    second = _score(rows, gold, "validity-perfect", attack_cache=True)
    assert not first.attacks_reused and second.attacks_reused
    assert second.attacks == first.attacks and second.adversarial == first.adversarial
    assert len(calls) - n_first == 2  # only gold and the generated endings were read again
    assert result_dict(second)["attacks_reused"] is True and len(list(cache_dir().glob("*.json"))) == 1
    other = _rows(seed=2)  # other data: another key
    assert not _score(other, [r["gold_ending"] for r in other], "validity-perfect", attack_cache=True).attacks_reused
    for path in cache_dir().glob("*.json"):  # a damaged file is recomputed, never trusted
        path.write_text("{not json", "utf-8")
    assert not _score(rows, gold, "validity-perfect", attack_cache=True).attacks_reused
    assert not _score(rows, gold, Counting(rows), attack_cache=True).attacks_reused  # a Reader object: no stable id


def test_a_whole_attack_class_above_chance_rejects_every_run_and_a_hidden_mix_is_a_named_limit() -> None:
    """Validity v3: an attack class that scores above chance + 0.05 over a whole run that passes every run-level test
    shows the reader and guard reward it, so every result is invalid. A whole run of it that a run-level test catches
    rejects nothing by itself: a share of it in another run is what the tuned mixes measure. A mix that stays under
    every run-level test is the same for any run: it is a limit, with how far it can move IFSM."""
    from lctg_metrics.ifsm.attack_table import AttackScore
    from lctg_metrics.ifsm.result import invalid_reasons as _invalid
    from lctg_metrics.ifsm.result import limits
    from lctg_metrics.ifsm.run import SetScore

    gold = SetScore("gold", 100, 0.41, (0.37, 0.45), 0.41, (0.37, 0.45), 0, 0)
    caught = AttackScore("salad", 1.0, 100, 0.40, (0.31, 0.49), 0.0, False, ("salad shifted",))
    unseen = AttackScore("story_glue", 1.0, 100, 0.40, (0.31, 0.49), 0.0, True, ())
    low = AttackScore("constant", 1.0, 100, 0.29, (0.20, 0.38), 0.0, True, ())
    mix = AttackScore("mix_gold_hug_tuned", 0.15, 86, 0.442, (0.337, 0.547), 0.0, True, ())
    why = _invalid(
        gold, {}, attacks={"salad": caught, "story_glue": unseen, "constant": low, "mix_gold_hug_tuned": mix}
    )
    assert len(why) == 1 and why[0].startswith("attack story_glue gets through: 0.400 (CI low 0.310)")
    assert "in a run that passes every run-level test" in why[0]
    assert _invalid(gold, {}, attacks={"salad": caught, "constant": low, "mix_gold_hug_tuned": mix}) == []
    (limit,) = limits({"constant": low, "mix_gold_hug_tuned": mix}, gold)
    assert limit.startswith("attack mix_gold_hug_tuned is not detected at 15% of a run and scores 0.442")
    assert "raised by up to 0.021" in limit  # 0.15 x (0.547 - 0.41)
