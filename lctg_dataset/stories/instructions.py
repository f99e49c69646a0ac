"""Instruction templates (data) that turn a Possible Stories question into a free-form instruction."""

from __future__ import annotations

import hashlib
from typing import NamedTuple

# Bump when a template, the prompt or the choice rule changes: it is part of every IFSM signature.
TEMPLATE_SET = "ifsm-instr-v1"


class InstructionTemplate(NamedTuple):
    """One phrasing; ``{question}`` is the only slot."""

    id: str
    text: str


# The paper (IFSM, story-ending section) converts the question with "the prompt template" and adds a length
# constraint; its wording is not given, so several phrasings are used, one chosen per item (seeded).
INSTRUCTION_TEMPLATES: tuple[InstructionTemplate, ...] = (
    InstructionTemplate("answer-question", 'Write an ending to the story that answers the question "{question}"'),
    InstructionTemplate(
        "be-the-answer", "Finish the story so that the ending is the answer to this question: {question}"
    ),
    InstructionTemplate("last-sentence", "Write the last sentence of the story. It must answer: {question}"),
    InstructionTemplate(
        "reader-points", 'Continue the story so that a reader asked "{question}" would point to your ending.'
    ),
    InstructionTemplate("end-this-way", 'End the story in a way that answers the question "{question}"'),
)

# The whole prompt sent to the generating model; the length limit follows the paper's "one sentence" endings.
PROMPT_TEMPLATE = "Story:\n{context}\n\n{instruction}\nReply with the ending only: one sentence of at most 30 words."


def choose_template(question_id: str, seed: int) -> InstructionTemplate:
    """The template of one item: a digest of ``seed`` and the id, so it never depends on row order."""
    digest = hashlib.sha256(f"{seed}|{question_id}".encode()).digest()
    return INSTRUCTION_TEMPLATES[int.from_bytes(digest[:8], "big") % len(INSTRUCTION_TEMPLATES)]


def make_instruction(question: str, template: InstructionTemplate) -> str:
    """The question placed in the template (surrounding blanks removed)."""
    return template.text.format(question=question.strip())


def make_prompt(context: str, instruction: str) -> str:
    """The generation prompt for one item; needs the ROCStories context."""
    return PROMPT_TEMPLATE.format(context=context.strip(), instruction=instruction)
