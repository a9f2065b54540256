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
import stat
from pathlib import Path

__all__ = ["write_text_whole"]


def write_text_whole(path: Path | str, text: str) -> None:
    """
    Write *text* to *path* in UTF-8, so that *path* holds either its old content or all of *text*.

    The new file is made in the directory of the file (of its target, if
    *path* is a symbolic link, which stays one), which must be writable;
    it keeps the mode of the file it replaces, or has the mode `open` would
    give a new one, and is flushed to the disk before it takes the name.

    Raises:
        OSError: *path* cannot be written; the error names *path*.
    """
    target = Path(os.path.realpath(path))
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(6)}.tmp")
    try:
        mode: int | None = stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mode = None  # a new file: the umask decides, as for `open`
    made = False
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _BINARY, 0o666)
        made = True
        with os.fdopen(descriptor, "wb") as file:
            file.write(text.encode("utf-8"))
            file.flush()
            os.fsync(file.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException as error:
        if made:
            temporary.unlink(missing_ok=True)
        if isinstance(error, OSError):  # named after the file asked for, not the temporary one
            raise OSError(error.errno, error.strerror, str(path)) from None
        raise


#: Windows opens files as text unless told otherwise; elsewhere there is no such flag.
_BINARY = getattr(os, "O_BINARY", 0)
