"""A folder named by the user (a flag or an environment variable) read as they mean it."""

from __future__ import annotations

from pathlib import Path


def user_path(value: str) -> str:
    """``value`` with ``~`` as the home folder (a quoted ``VAR="~/lctg"`` is not expanded by the shell), and the
    blanks around it (a value pasted with its newline) dropped when the path as written does not exist; a value
    that is no path (a Hub repo id, a URL) comes back as given, its blanks dropped the same way."""
    path = Path(value).expanduser()
    if path.exists() or value.strip() == value:
        return str(path) if value.startswith("~") else value
    stripped = value.strip()
    return str(Path(stripped).expanduser()) if stripped.startswith("~") else stripped
