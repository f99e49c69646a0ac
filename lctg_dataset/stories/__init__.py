"""Possible Stories as ``story_endings`` rows for IFSM (story-ending instruction following); pure functions."""

from lctg_dataset.stories.instructions import (
    INSTRUCTION_TEMPLATES,
    PROMPT_TEMPLATE,
    TEMPLATE_SET,
    InstructionTemplate,
    choose_template,
    make_instruction,
    make_prompt,
)
from lctg_dataset.stories.rows import (
    CONFIG_NAME,
    EVAL,
    FIT,
    ROW_FIELDS,
    build_rows,
    fill_contexts,
    load_story_rows,
    split_passages,
)
from lctg_dataset.stories.source import SOURCE_COMMIT, StoryRecord, read_split, read_stories

__all__ = [
    "CONFIG_NAME",
    "EVAL",
    "FIT",
    "INSTRUCTION_TEMPLATES",
    "PROMPT_TEMPLATE",
    "ROW_FIELDS",
    "SOURCE_COMMIT",
    "TEMPLATE_SET",
    "InstructionTemplate",
    "StoryRecord",
    "build_rows",
    "choose_template",
    "fill_contexts",
    "load_story_rows",
    "make_instruction",
    "make_prompt",
    "read_split",
    "read_stories",
    "split_passages",
]
