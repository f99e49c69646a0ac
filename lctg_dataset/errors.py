"""The user errors of the build: each message names what is wrong, where, and what would be right."""

from __future__ import annotations


class BuildError(Exception):
    """A build cannot go on; the CLI prints the message as one line and exits 2."""


class SourceError(BuildError):
    """The source is missing, unreachable, corrupted or malformed. The message names what and where."""


class OutputError(BuildError):
    """The output folder cannot be written or replaced safely; nothing was changed."""
