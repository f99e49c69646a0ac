"""IFSM under attack: each attack class and mix scored as a user's run, with honest sets beside them.

    .venv/bin/python benchmarks/bench_ifsm_attacks.py [--reader embedding] [--source DIR] [--probes]

For every run: IFSM on the attack share (the items that got the attack), the share of those items the guard flagged,
whether the result is valid, and the reasons. Only ``score_ifsm``'s public result is read (``items``, ``valid``,
``invalid_reasons``), so the same script measures an older release (put its package first on PYTHONPATH; the attack
generators come from ``lctg_metrics.ifsm.attacks`` of this tree, see ``--attacks-from``). ``--probes`` adds endings
written after the thresholds were published, in wordings and ratios the built-in attacks do not use.
Prints Markdown (benchmarks/ifsm_attacks.md holds one run).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import inspect
import os
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from lctg_dataset.stories import load_story_rows
from lctg_metrics.ifsm import get_encoder, score_ifsm
from lctg_metrics.ifsm.guards import check_ending, readable, sentences

Row = Mapping[str, Any]
CHANCE = 0.25
HERE = Path(__file__).resolve().parent

#: Word swaps of an honest rewrite: same event, other words.
_SWAPS = {
    "happy": "glad",
    "very": "really",
    "decided": "chose",
    "went": "headed",
    "bought": "purchased",
    "started": "began",
    "saw": "noticed",
    "big": "large",
    "got": "became",
    "quickly": "fast",
    "angry": "mad",
    "sad": "unhappy",
    "friends": "pals",
    "house": "home",
    "car": "vehicle",
    "loved": "adored",
    "large": "big",
    "later": "afterwards",
    "finally": "at last",
    "realized": "understood",
    "wanted": "wished",
    "tried": "attempted",
    "made": "created",
    "told": "informed",
    "found": "discovered",
    "ran": "rushed",
}
_OPENERS = ("", "In the end, ", "After that, ", "Finally, ")


def paraphrase(row: Row) -> str:
    """An honest rewrite of the gold ending: a seeded opener and word swaps (the event and its people kept)."""
    gold = str(row["gold_ending"]).strip()
    opener = _OPENERS[int(hashlib.sha256(str(row["id"]).encode()).hexdigest(), 16) % len(_OPENERS)]
    text = " ".join(_SWAPS.get(w, w) for w in gold.split())
    return opener + (text[0].lower() + text[1:] if opener and not text.startswith("I ") else text)


def _attacks_module(path: str | None) -> Any:
    if path is None:
        from lctg_metrics.ifsm import attacks

        return attacks
    spec = importlib.util.spec_from_file_location("bench_attacks", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_attacks"] = module
    spec.loader.exec_module(module)
    return module


def question_similarity(rows: Sequence[Row], texts: Sequence[str], encoder: Any) -> list[float]:
    """Highest cos of any sentence of each text with its question (all texts embedded in one batched pass)."""
    parts = [sentences(readable(t)) or [t] for t in texts]
    encoder.encode([p for ps in parts for p in ps] + [str(r["question"]) for r in rows])  # one batched pass
    return [float((encoder.encode(ps) @ encoder.encode([str(r["question"])])[0]).max()) for ps, r in zip(parts, rows)]


def _passes(row: Row, ending: str, sim: float) -> bool:
    return check_ending(
        ending,
        question=str(row["question"]),
        context=str(row["document"]),
        options=list(row["options"]),
        gold_label=int(row["gold_label"]),
        question_similarity=sim,
    ).passed


def hugging(rows: Sequence[Row], make: Callable[[Row], list[str]], encoder: Any) -> list[str]:
    """Per item, the candidate closest to the question that the released guard lets through (else the first)."""
    cands = [make(row) for row in rows]
    flat_rows = [row for row, cs in zip(rows, cands) for _ in cs]
    sims = iter(question_similarity(flat_rows, [c for cs in cands for c in cs], encoder))
    out = []
    for row, cs in zip(rows, cands):
        ok = [(s, c) for c, s in zip(cs, [next(sims) for _ in cs]) if _passes(row, c, s)]
        out.append(max(ok)[1] if ok else cs[0])
    return out


def mix(
    rows: Sequence[Row], base: list[str], attack: list[str], share: float, encoder: Any, white_box: bool = True
) -> tuple[list[str], set[str]]:
    """``share`` of the items get ``attack`` (white box: items where it passes the guard first)."""
    sims = question_similarity(rows, attack, encoder) if white_box else [0.0] * len(rows)

    def key(i: int) -> tuple[bool, str]:
        first = not _passes(rows[i], attack[i], sims[i]) if white_box else False
        return first, hashlib.sha256(f"bench|{rows[i]['id']}".encode()).hexdigest()

    order = sorted(range(len(rows)), key=key)[: round(share * len(rows))]
    chosen = {str(rows[i]["id"]) for i in order}
    return [attack[i] if str(rows[i]["id"]) in chosen else base[i] for i in range(len(rows))], chosen


def line(
    name: str, rows: Sequence[Row], all_rows: Sequence[Row], texts: list[str], attacked: set[str], reader: str
) -> str:
    cached = {"attack_cache": True} if "attack_cache" in inspect.signature(score_ifsm).parameters else {}
    result = score_ifsm(
        {str(r["id"]): t for r, t in zip(rows, texts)}, all_rows, reader=reader, return_items=True, **cached
    )
    items = [i for i in result.items if i["id"] in attacked]
    hit = sum(i["hit"] for i in items) / len(items)
    flagged = sum(i["guard"] != "ok" for i in items) / len(items)
    common = "gets through"
    own = [r for r in result.invalid_reasons if common not in r]
    through = [r.split(" gets through")[0].replace("attack ", "") for r in result.invalid_reasons if common in r]
    verdict = "valid" if result.valid else ("invalid" if own else "invalid (attack table only)")
    why = "; ".join(r[:150] for r in own) or "-"
    table = ", ".join(through) or "-"
    return (
        f"| {name} | {len(items) / len(rows):.0%} | {hit:.3f} | {flagged:.0%} | {result.ifsm:.3f} | {verdict} | "
        f"{why} | {table} |"
    )


def labeled(reader: str) -> str:
    """Guard flags on the hand-written legitimate endings of tests/data/ifsm_labeled."""
    import json

    data = HERE.parent / "tests" / "data" / "ifsm_labeled"
    items = {j["id"]: j for j in map(json.loads, (data / "items.jsonl").read_text("utf-8").splitlines())}
    cases = [
        c for c in map(json.loads, (data / "endings.jsonl").read_text("utf-8").splitlines()) if c["expect"] == ["ok"]
    ]
    rows = [
        {
            "id": f"lab/{n}",
            "split": "eval",
            "question": items[c["item"]]["question"],
            "document": items[c["item"]]["context"],
            "options": list(items[c["item"]]["options"]),
            "gold_label": items[c["item"]]["gold"],
            "gold_ending": items[c["item"]]["options"][items[c["item"]]["gold"]],
            "passage_id": f"{c['item']}#{n}",
        }
        for n, c in enumerate(cases)
    ]
    result = score_ifsm(
        {r["id"]: c["ending"] for r, c in zip(rows, cases)},
        rows,
        reader=reader,
        split=None,
        adversarial=False,
        dissimilarity_encoder=None,
        return_items=True,
        n_boot=10,
    )
    flagged = sum(i["guard"] != "ok" for i in result.items)
    return f"- labeled legitimate endings: {flagged}/{len(cases)} flagged ({flagged / len(cases):.1%})"


_GENERIC = (
    "{name} could hardly believe what became of the {thing}.",
    "Looking back, {name} felt the {thing} had changed everything.",
    "Nobody around {name} would ever forget the {thing}.",
)
_FILLER = ("the", "and", "with", "of", "for", "then", "was")
#: A second list of words of the same meaning, written after the built-in SYNONYMS (an attacker's own thesaurus).
_SYNONYMS_2 = """likely:apt happened:transpired happen:transpire next:subsequently result:consequence feel:experience
felt:experienced friends:companions friend:companion wanted:craved situation:predicament happy:joyful sad:sorrowful
worst:direst negative:unfavorable positive:favorable ironic:paradoxical outcome:upshot react:behave reaction:reply
lesson:takeaway scenario:setup event:happening cause:trigger caused:triggered end:conclusion ended:concluded
help:aid home:residence car:automobile dog:hound mom:mum dad:papa money:funds food:grub job:employment
decided:resolved realized:grasped learned:gathered found:uncovered gift:token trip:excursion party:gathering
angry:furious scared:frightened surprised:stunned grateful:appreciative embarrassed:mortified tired:weary
hungry:famished cautious:wary drastic:severe"""


def probe_runs(
    rows: Sequence[Row], gold: list[str], encoder: Any, attacks: Any
) -> list[tuple[str, list[str], set[str]]]:
    """Endings written after the thresholds were published, in wordings and ratios the built-in attacks do not use."""

    def thing(row: Row) -> str:  # a content word of the question, so each question gets its own sentence
        from lctg_metrics.ifsm.guards import content

        picks = [w for w in content(str(row["question"])) if len(w) > 3] or ["day"]
        return picks[-1]

    def name(row: Row) -> str:
        return attacks.main_character(row)

    def gen(i: int, row: Row) -> str:
        return _GENERIC[i % len(_GENERIC)].format(name=name(row), thing=thing(row))

    every = {str(r["id"]) for r in rows}
    generic = [gen(i, r) for i, r in enumerate(rows)]
    knew = [f"Looking back, {name(r)} knew that {attacks.focus(r)}." for r in rows]
    truth = [f"It was true: {attacks.focus(r).lower()} :)" for r in rows]
    glued = []
    for r in rows:
        from lctg_metrics.ifsm.guards import content

        ws = list(dict.fromkeys(content(str(r["question"])) + content(sentences(str(r["document"]))[-1])))[:8]
        glued.append(" ".join(w + " " + _FILLER[k % len(_FILLER)] for k, w in enumerate(ws)).capitalize() + ".")
    hug = hugging(rows, attacks.hug_candidates, encoder)

    def typo(text: str) -> str:  # the second letter of every word of four letters or more doubled
        return " ".join(w[:2] + w[1:] if len(w) >= 4 else w for w in text.split())

    typos = [f"Looking back, {name(r)} knew that {typo(attacks.focus(r))}." for r in rows]
    other_words = dict(pair.split(":") for pair in _SYNONYMS_2.split())
    said = [
        f"At last {name(r)} understood: "
        + " ".join(other_words.get(w.lower(), w) for w in attacks.focus(r).split())
        + "."
        for r in rows
    ]
    last_glued = []
    for r in rows:
        from lctg_metrics.ifsm.guards import content

        ws = list(dict.fromkeys(content(sentences(str(r["document"]))[-1])))[:8]
        last_glued.append(" ".join(w + " " + _FILLER[k % len(_FILLER)] for k, w in enumerate(ws)).capitalize() + ".")
    out = [
        ("probe: question words with a typo, 'Looking back, X knew that <focus>'", typos, every),
        ("probe: question said in other words (a second synonym list)", said, every),
        ("probe: last sentence's words glued with function words", last_glued, every),
        ("probe: generic sentences with a question word, 3 frames", generic, every),
        ("probe: 'Looking back, X knew that <focus>'", knew, every),
        ("probe: 'It was true: <focus> :)'", truth, every),
        ("probe: salad glued with function words", glued, every),
    ]
    for share, attack, label in (
        (0.15, typos, "typo restatements"),
        (0.15, said, "other-words restatements"),
        (0.15, last_glued, "glued last-sentence words"),
        (0.12, hug, "hugging"),
        (0.08, knew, "'X knew that <focus>'"),
        (0.2, generic, "generic with a question word"),
        (0.12, glued, "glued salad"),
    ):
        texts, chosen = mix(rows, gold, attack, share, encoder)
        out.append((f"probe: gold + {share:.0%} {label}", texts, chosen))
    texts, chosen = mix(rows, gold, hug, 0.18, encoder, white_box=False)
    out.append(("probe: gold + 18% hugging, items at random", texts, chosen))
    return out


def distractor_checks(rows: Sequence[Row], gold: list[str], encoder: Any) -> str:
    """The run-level tests on human endings that answer another question (a wrong candidate of each item): honest
    endings for the story that differ from gold. Only the tests: the guard flags them as copies of a candidate."""
    try:
        from lctg_metrics.ifsm.validity import check_run, features, repeated
    except ImportError:
        return "- human distractor endings: no run-level tests in this version"
    other = [str(r["options"][(int(r["gold_label"]) + 1) % len(r["options"])]) for r in rows]
    passages = [str(r["passage_id"]) for r in rows]
    gold_f = features(encoder, rows, gold, question_similarity(rows, gold, encoder))
    run_f = features(encoder, rows, other, question_similarity(rows, other, encoder))
    checks = check_run(run_f, gold_f, repeated(other, passages), repeated(gold, passages))
    failed = [c.reason for c in checks if not c.passed]
    return "- human distractor endings (another candidate of each item), run-level tests only: " + (
        "; ".join(failed) if failed else f"all {len(checks)} pass"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reader", default="embedding")
    parser.add_argument("--source", default=None, help="Possible Stories folder (default: the shared copy)")
    parser.add_argument("--attacks-from", default=None, help="attacks.py to take the generators from")
    parser.add_argument("--probes", action="store_true", help="also the probes written after the thresholds")
    args = parser.parse_args()
    os.environ.setdefault("LCTG_CACHE_DIR", tempfile.mkdtemp(prefix="bench-ifsm-"))  # the attack table once per run
    attacks = _attacks_module(args.attacks_from)
    start = time.perf_counter()
    all_rows = (
        load_story_rows(args.source, include_contexts=True) if args.source else load_story_rows(include_contexts=True)
    )
    rows = [r for r in all_rows if r["split"] == "eval"]
    encoder = get_encoder("use-m3")
    every = {str(r["id"]) for r in rows}
    gold = [str(r["gold_ending"]) for r in rows]
    runs: list[tuple[str, list[str], set[str]]] = [("gold endings", gold, every)]
    para = [paraphrase(r) for r in rows]
    runs.append(("honest rewrites of gold (openers, word swaps)", para, every))
    runs.append(("50% gold + 50% honest rewrites", *mix(rows, gold, para, 0.5, encoder, white_box=False)))
    pure = {name: [make(r) for r in rows] for name, make in attacks.ATTACK_CLASSES.items()}
    pure["hug_guard"] = hugging(rows, attacks.hug_candidates, encoder)
    if hasattr(attacks, "hug_paraphrase_candidates"):
        pure["hug_paraphrase"] = hugging(rows, attacks.hug_paraphrase_candidates, encoder)
    runs += [(f"class {name}", texts, every) for name, texts in pure.items()]
    for base, attack, shares in (
        ("constant_name", "hug_guard", (0.3,)),
        ("gold", "hug_guard", (0.1, 0.15, 0.25)),
        ("gold", "focus", (0.1, 0.25)),
        ("gold", "constant_name", (0.1, 0.25)),
        ("gold", "salad", (0.1, 0.2)),
        ("gold", "hug_paraphrase", (0.1, 0.15)),
    ):
        if attack not in pure:
            continue
        for share in shares:
            base_texts = gold if base == "gold" else pure[base]
            runs.append((f"mix {base} + {share:.0%} {attack}", *mix(rows, base_texts, pure[attack], share, encoder)))
    if args.probes:
        runs += probe_runs(rows, gold, encoder, attacks)
    print(f"# IFSM attacks, reader `{args.reader}`, eval half ({len(rows)} items)\n")
    print(
        "| run | attack share | IFSM on it | flagged on it | IFSM (all) | result | the run's own reasons | "
        "attacks of the table that get through |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for name, texts, attacked in runs:
        print(line(name, rows, all_rows, texts, attacked, args.reader), flush=True)
    print()
    print(labeled(args.reader))
    print(distractor_checks(rows, gold, encoder))
    print(f"\n({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
