"""Hashtag runs as a reader reads them (round 18): ``#旅行 #京都 #紅葉`` after a post is metadata a reader skims, not
prose. Toward a minimum length a tag counts only the word it adds: its # mark never, and a tag restating a word the
prose already says (答えは青です。#青 #答え) nothing at all; a tag naming something new (#紅葉) counts its word, so an
honest post asked to end with hashtags still reaches a modest minimum by its prose."""

from __future__ import annotations

import re

from lctg_metrics.instructions.contents import key

_TAG = r"[#＃][^\s#＃]+"
#: A run of two tags or more, opening after a blank, a line start or a sentence end; tags in it are separated by
#: blanks or written together (#京都#紅葉, round 20): a reader sees one list either way.
_RUN = re.compile(rf"(?:(?<=[\s。！？!?])|^){_TAG}(?:[ \t\u3000]*{_TAG})+", re.MULTILINE)


def tags_as_counted(text: str) -> str:
    """``text`` with each hashtag run reduced to the words it adds (see the module docstring)."""
    runs = list(_RUN.finditer(text))
    if not runs:
        return text
    prose = key(_RUN.sub(" ", text))
    out, at, said = [], 0, set()
    for run in runs:
        out.append(text[at : run.start()])
        kept = []
        for tag in re.findall(_TAG, run.group()):
            word = key(tag)
            if word and word not in prose and word not in said:
                kept.append(tag[1:])
            said.add(word)
        out.append(" ".join(kept))
        at = run.end()
    out.append(text[at:])
    return "".join(out)


__all__ = ["tags_as_counted"]
