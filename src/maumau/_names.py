"""
How the names of games are compared when they are not spelled exactly.
"""

from __future__ import annotations

import unicodedata

__all__ = ["folded"]


def folded(name: str) -> str:
    """
    *name* as game names are compared when not spelled exactly: letters and digits only, in one case, with no
    accents (``"Prší"`` is ``"prsi"``, ``"Penalty 52"`` is ``"penalty52"``).
    """
    plain = unicodedata.normalize("NFKD", name[:200].casefold())
    return "".join(character for character in plain if character.isalnum() and not unicodedata.combining(character))
