"""
Bots of one's own, for the tests that name them by import path (``own_bots:FirstCard``).
"""

from __future__ import annotations

from maumau import Action, PlayCard, PlayerView, Resign


class FirstCard:
    """
    Plays the first card it may, else the first thing it may do but resign.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> Action:
        moves = [action for action in view.legal_actions if not isinstance(action, Resign)]
        plays = [action for action in moves if isinstance(action, PlayCard)]
        return (plays or moves)[0]


#: Not a bot: it has no choose method.
NOT_A_BOT = 42
