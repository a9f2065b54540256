"""
Files written whole or not at all.

A save that Ctrl-C or the end of the process cuts short (``maumau play
--save`` writes one after every move, ``maumau simulate --json`` one as a run
is interrupted) must not leave half a file where the last whole one was: the
text goes to a new file beside it, which then takes the name in one step.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

__all__ = ["write_text_whole"]


def write_text_whole(path: Path | str, text: str) -> None:
    """
    Write *text* to *path* in UTF-8, so that *path* holds either its old content or all of *text*.

    The new file is made as `open` makes one (its mode follows the umask)
    and flushed to the disk before it replaces the old one.

    Raises:
        OSError: *path* cannot be written; the error names *path*.
    """
    target = Path(path)
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(6)}.tmp")
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except OSError as error:  # named after the file asked for, not the temporary one
        raise OSError(error.errno, error.strerror, str(target)) from None
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(text.encode("utf-8"))
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, target)
    except BaseException as error:
        temporary.unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise OSError(error.errno, error.strerror, str(target)) from None
        raise
