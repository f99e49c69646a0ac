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


def env_value(name: str, error: type[Exception] = ValueError) -> str | None:
    """The environment variable ``name`` as set, None when unset or empty (both mean "not set"); a value of blanks
    only (``' '``, a lone newline) is refused naming the variable, since read as a path it would be the current
    folder."""
    import os

    value = os.environ.get(name)
    if not value:
        return None
    if not value.strip():
        raise error(f"${name} is set to blanks only ({value!r}); unset it, or set it to what it names")
    return value
