"""Where a cold ``score_ifsm`` run goes: texts and words embedded by source, and a cProfile of the whole call.

    .venv/bin/python benchmarks/bench_ifsm_cold_profile.py [--split eval|fit|all] [--top 25] [--cache DIR]
        [--json OUT] [--no-profile] [--stories-source DIR]

Scores the gold endings of the chosen half with the defaults and the attack cache off (every run cold; ``--cache
DIR`` uses the cache in DIR: a second run with the same DIR is warm). ``--json`` writes the result as ``lctg ifsm``
does (to compare two trees' results); ``--no-profile`` leaves cProfile out (its overhead is largest on pure-Python
code: the shares of time it shows are not those of an unprofiled run). Each text
the encoder embeds (once per process) is put down to the step that asked for it: the reader set being read
(``run_set``'s name) and the function below it that called the encoder. Prints the texts and words per source
with their share of all words embedded, the floor's own count (each ending and its four candidates), and the
cProfile entries with the most cumulative time.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import sys
import time
from collections import Counter
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
#: Functions that only pass texts on to the encoder: the source is the first frame above them.
_RELAY = {"encode", "warm", "feature_sets", "_threshold", "read", "choose", "_embed_counted", "similarities"}


def _source(frame: FrameType | None) -> str:
    """``set / caller``: the reader set being read (if any) and the IFSM step that asked for the texts."""
    caller, name = "", ""
    while frame is not None:
        code = frame.f_code
        if "lctg_metrics" in code.co_filename:
            if not caller and code.co_name not in _RELAY:
                caller = code.co_name
            if code.co_name == "similarities" and not caller:
                caller = "similarities"
                above = frame.f_back
                if above is not None and above.f_code.co_name == "_hugging":  # which white-box class asked
                    make = above.f_locals.get("make")
                    caller = f"similarities < {getattr(make, '__qualname__', '?').split('.')[0]}"
            if code.co_name == "run_set" and not name:
                name = str(frame.f_locals.get("name", ""))
                if not caller:
                    caller = "reader"
            if code.co_name == "_threshold" and caller in ("", "reader"):
                caller = "probe margins"
        frame = frame.f_back
    return f"{name or '-'} / {caller or '?'}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", default="eval", choices=("eval", "fit", "all"))
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--stories-source", dest="stories", default=None)
    parser.add_argument("--no-profile", dest="profile", action="store_false", help="time the run without cProfile")
    parser.add_argument("--json", default=None, help="write the result (lctg ifsm's JSON) here, to compare runs")
    parser.add_argument("--cache", default=None, help="use the attack cache in this folder (default: off, cold)")
    args = parser.parse_args(argv)
    os.environ["LCTG_IFSM_CACHE"] = args.cache or "off"
    from lctg_dataset.stories import load_story_rows
    from lctg_metrics.ifsm import score_ifsm
    from lctg_metrics.ifsm.encoders import get_encoder

    rows = [
        r
        for r in load_story_rows(args.stories, include_contexts=True)
        if args.split == "all" or r["split"] == args.split
    ]
    encoder = get_encoder("use-m3")
    embed = encoder._embed
    texts_by: Counter[str] = Counter()
    words_by: Counter[str] = Counter()

    def _embed_counted(texts: list[str]) -> object:
        where = _source(sys._getframe(1))
        texts_by[where] += len(texts)
        words_by[where] += sum(len(t.split()) for t in texts)
        return embed(texts)

    encoder._embed = _embed_counted
    gens = {str(r["id"]): str(r["gold_ending"]) for r in rows}
    profile = cProfile.Profile()
    start = time.perf_counter()
    if args.profile:
        profile.enable()
    result = score_ifsm(gens, rows, reader="embedding", split=None, attack_cache=args.cache is not None)
    profile.disable()
    wall = time.perf_counter() - start
    if args.json:
        from lctg_metrics.ifsm.records import result_dict

        Path(args.json).write_text(json.dumps(result_dict(result), ensure_ascii=False, indent=1), "utf-8")
    floor = {t for r in rows for t in (r["gold_ending"], *map(str, r["options"]))}
    total_words = sum(words_by.values())
    print(
        f"score_ifsm ({'warm' if result.attacks_reused else 'cold'}) on {len(rows)} gold endings of split "
        f"{args.split}: {wall:.1f} s, IFSM {result.ifsm:.4f}"
    )
    print(
        f"embedded: {sum(texts_by.values())} texts, {total_words} words; floor: {len(floor)} texts, "
        f"{sum(len(t.split()) for t in floor)} words\n"
    )
    print("| set / step | texts | words | share of words |\n|---|---|---|---|")
    for where, words in words_by.most_common():
        print(f"| {where} | {texts_by[where]} | {words} | {words / max(total_words, 1):.1%} |")
    if args.profile:
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(args.top)
        print("\n" + out.getvalue())


if __name__ == "__main__":
    main()
