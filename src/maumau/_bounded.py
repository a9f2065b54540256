"""
Input from strangers, read within bounds: files, TOML text and the names shown to people.

A game profile, a position or a save may come from anyone: a chat, a
forum, a request to a server.  What reads one from a file or text calls
these, which refuse, before any work is done on it, whatever would cost
more than a few megabytes or a few hundred milliseconds, or would show
people something other than what it says:

* `read_bounded` reads a regular file only, and at most the bound plus one
  byte: never a FIFO that blocks, a device that never ends, or a file that
  keeps growing;
* `toml_bounded` parses TOML whose nesting and dotted keys are bounded
  before it is parsed, and whose every failure says the line and column;
* `unshown_character` finds the characters a name must not hold: controls,
  bidirectional overrides and invisible characters.

Each refusal is an `OutOfBounds` (a `ValueError`), which the caller turns
into its own error (a `maumau.ProfileError`, a `maumau.RecordError`) with
the name of what it read.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
import unicodedata
from typing import Any

from ._limits import MAX_TOML_DEPTH, MAX_TOML_KEY_PARTS

__all__ = ["OutOfBounds", "read_bounded", "toml_bounded", "unshown_character"]


class OutOfBounds(ValueError):
    """
    Input refused before it is read or built: too big, not a regular file, nested too deep, not TOML.

    *line* and *column* (from 1) say where in the text, when a place is known.
    """

    def __init__(self, detail: str, line: int | None = None, column: int | None = None) -> None:
        where = f" (line {line}, column {column})" if line is not None and column is not None else ""
        super().__init__(f"{detail}{where}")
        self.detail = detail
        self.line = line
        self.column = column


_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def read_bounded(path: str | os.PathLike[str], limit: int) -> bytes:
    """
    The bytes of the regular file *path*, refused if it holds more than *limit* bytes.

    The file is opened without blocking (a FIFO nobody writes answers at
    once) and checked to be a regular file before a byte is read; a
    symbolic link is followed only to a regular file.  At most *limit* + 1
    bytes are read, so a file that grows while it is read is refused too.

    Raises:
        OutOfBounds: *path* is not a regular file, or holds more than *limit* bytes.
        OSError: *path* cannot be opened or read.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    descriptor = os.open(path, flags)
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            kind = next((what for test, what in _KINDS if test(mode)), "not a regular file")
            raise OutOfBounds(f"{kind}, not a regular file")
        size = os.fstat(descriptor).st_size
        if size > limit:
            raise OutOfBounds(f"{size} bytes; at most {limit} are allowed")
        chunks = []
        left = limit + 1
        while left > 0:
            chunk = os.read(descriptor, min(left, 65536))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(descriptor)
    raw = b"".join(chunks)
    if len(raw) > limit:
        raise OutOfBounds(f"more than {limit} bytes (the file grew as it was read); at most {limit} are allowed")
    return raw


#: What the scan of `toml_bounded` must see: strings and comments (skipped whole), brackets and what ends a key.
#: Each string is matched in one pass without backtracking, so the scan takes time in proportion to the text.
_TOKENS = re.compile(
    r'"""[^"\\]*+(?:(?:\\.|"(?!""))[^"\\]*+)*+"{3,5}'  # a multi-line basic string (loops unrolled: no stack)
    r"|'''.*?'{3,5}"  # a multi-line literal string
    r'|(?!""")"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"'  # a basic string
    r"|(?!''')'[^'\n]*'"  # a literal string
    r"|#[^\n]*"  # a comment
    r"|[\[\]{}.=,\n]"
    r"|[\"']",  # a string that does not end: TOML reads no further, nor does the scan
    re.DOTALL,
)


def _place(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def _check_shape(text: str) -> None:
    """
    Refuse *text* if its brackets nest deeper than `MAX_TOML_DEPTH` or a key has more than `MAX_TOML_KEY_PARTS` parts.
    """
    depth = dots = 0
    for token in _TOKENS.finditer(text):
        kind = token.group()
        if kind in "\"'":
            return  # everything after an unended string is refused by the parser before it is built
        if kind == ".":
            dots += 1
            if dots >= MAX_TOML_KEY_PARTS:
                line, column = _place(text, token.start())
                raise OutOfBounds(f"a key of more than {MAX_TOML_KEY_PARTS} dotted parts", line, column)
            continue
        dots = 0
        if kind in "[{":
            depth += 1
            if depth > MAX_TOML_DEPTH:
                line, column = _place(text, token.start())
                raise OutOfBounds(f"lists and tables nested more than {MAX_TOML_DEPTH} deep", line, column)
        elif kind in "]}":
            depth -= 1


def _depth_within(data: dict[str, Any]) -> bool:
    """
    Whether *data* nests at most `MAX_TOML_DEPTH` tables and lists deep, found without recursion.
    """
    stack: list[tuple[object, int]] = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
        for child in children:
            if isinstance(child, (dict, list)):
                if depth >= MAX_TOML_DEPTH:
                    return False
                stack.append((child, depth + 1))
    return True


_AT = re.compile(r"\(at line (\d+), column (\d+)\)|\(at end of document\)")


def toml_bounded(text: str) -> dict[str, Any]:
    """
    The TOML document *text*, parsed only if its nesting and its keys are within bounds.

    Lists and tables may nest `MAX_TOML_DEPTH` deep (counting the parts of
    dotted keys), and a key may have `MAX_TOML_KEY_PARTS` parts; both are
    checked on the text before anything is built, so a text of a few
    hundred kilobytes costs at most a few megabytes to refuse.

    Raises:
        OutOfBounds: *text* is not TOML, or goes beyond a bound; *line* and *column* say where.
    """
    _check_shape(text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        found = _AT.search(message)
        detail = message[: found.start()].strip() if found else message
        if found is not None and found.group(1) is not None:
            raise OutOfBounds(f"not valid TOML: {detail}", int(found.group(1)), int(found.group(2))) from None
        line, column = _place(text, len(text))
        raise OutOfBounds(f"not valid TOML: {detail}", line, column) from None
    except (RecursionError, MemoryError):  # not reached within the bounds above; refused all the same
        raise OutOfBounds("not valid TOML: too deep or too big to read") from None
    if not _depth_within(data):
        raise OutOfBounds(f"tables and lists nested more than {MAX_TOML_DEPTH} deep, dotted keys included")
    return data


#: The characters that are not shown as what they are: controls, format characters (bidirectional overrides,
#: zero-width spaces and joiners), line and paragraph separators, surrogates, private use and unassigned ones.
_UNSHOWN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def unshown_character(text: str) -> str | None:
    """
    The first character of *text* that a person would not see as written, described, or ``None``.

    Such a character (a right-to-left override, a zero-width space, an
    escape, a line break) makes a name read differently from what it is,
    or breaks the line it is shown on.

    >>> unshown_character("Prší 👨\u200d👩\u200d👧")
    >>> unshown_character("evil\\u202egnp.exe")
    'U+202E RIGHT-TO-LEFT OVERRIDE'
    """
    for index, character in enumerate(text):
        if unicodedata.category(character) in _UNSHOWN and not _joins_emoji(text, index):
            return f"U+{ord(character):04X} {unicodedata.name(character, 'CONTROL CHARACTER')}"
    return None


#: What may stand on each side of a zero-width joiner that joins emoji into one (a family, a flag):
#: symbols, skin tones, and the variation selector that asks for an emoji's picture.
_EMOJI_PARTS = frozenset({"So", "Sk", "Mn"})


def _joins_emoji(text: str, index: int) -> bool:
    """
    Whether the character at *index* is a zero-width joiner between two parts of emoji (which it shows as one).
    """
    return (
        text[index] == "\u200d"
        and 0 < index < len(text) - 1
        and unicodedata.category(text[index - 1]) in _EMOJI_PARTS
        and unicodedata.category(text[index + 1]) in _EMOJI_PARTS
    )
