"""Whether a name can be a git tag (``git check-ref-format refs/tags/NAME``): the Hub tags an upload with it, so a
name no git ref can have is refused before anything is built or uploaded, in the dry run too."""

from __future__ import annotations

from lctg_dataset.hub_calls import PublishError

#: Characters no git ref name may hold (with ASCII control characters and the space).
_FORBIDDEN = "~^:?*[\\"


def tag_problem(tag: str) -> str | None:
    """Why ``tag`` cannot be a git tag name (the rules of ``git check-ref-format``), or None when it can."""
    if not tag:
        return "it is empty"
    bad = next((c for c in tag if ord(c) < 0x20 or ord(c) == 0x7F or c == " " or c in _FORBIDDEN), None)
    if bad is not None:
        return f"it holds {bad!r}"
    for part, why in (("..", "'..'"), ("@{", "'@{'"), ("//", "an empty part ('//')")):
        if part in tag:
            return f"it holds {why}"
    if tag.startswith("/") or tag.endswith("/"):
        return "it begins or ends with '/'"
    if tag.endswith("."):
        return "it ends with '.'"
    for part in tag.split("/"):
        if part.startswith("."):
            return f"a part begins with '.' ({part!r})"
        if part.endswith(".lock"):
            return f"a part ends with '.lock' ({part!r})"
    return None


def check_tag(tag: str, flag: str = "--tag") -> None:
    """Refuse ``tag`` in one line naming the flag and the rule it breaks."""
    why = tag_problem(tag)
    if why is not None:
        raise PublishError(f"{flag} {tag!r}: not a git tag name ({why}); give a name such as v1.1.0-mine")


__all__ = ["check_tag", "tag_problem"]
