"""A closing phrase whose first noun is bound to the noun before it (round 16): 「平均以上です」 is "above average",
not the closing 以上です ("that is all"); 予想以上です, 想像以上です likewise. The closing says 以上 after a topic
(説明は以上です), a break (…です。以上です) or nothing; a noun written right before it, with no particle between,
makes one noun phrase with it (平均|以上), which a reader reads as the comparison; so does a pronoun
(これ以上, それ以上: "any more than this", round 23), while これで以上です says the closing after a particle.
Only a phrase that starts with a relational noun (以上, 以下, 以内: the analyser's 副詞可能) is read so: 旅行楽しみです
drops a particle before a noun of its own, and an adverb before a phrase (何卒宜しく…) modifies it; both leave the
phrase said.
"""

from __future__ import annotations

from lctg_metrics.instructions import morph


def bound_noun(text: str, at: int) -> bool:
    """Whether the end phrase at ``at`` starts with a noun glued to a noun or pronoun written right before it
    (平均以上です, これ以上)."""
    if at <= 0 or not text[at - 1].isalnum():
        return False
    spans = morph.spans(text)
    head = next((m for start, _, m in spans if start == at), None)
    before = next((m for _, end, m in spans if end == at), None)
    if head is None or before is None or before.pos1 not in ("名詞", "代名詞"):  # これ以上 (round 23)
        return False
    return head.pos1 == "名詞" and head.pos3 == "副詞可能"  # a relational noun (以上, 以下, 以内), not 楽しみ
