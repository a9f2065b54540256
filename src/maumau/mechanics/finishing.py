"""
Finishing: cards a player may not go out on, and what happens instead.

Several games of the family forbid going out on a special card (Pesten,
Jack Change It, Macau between two players), or let the last card win only
if it matches (Last Card's ace must match the suit).  With `Finishing`,
a game names those cards, or gives a test, and says what happens instead:

* ``"forbidden"``: such a card is not listed as the last card of the hand
  (or of a play of several cards that empties it); the player plays
  something else or draws, as in any turn;
* ``"draw"``: the card may go, but its player then draws *draws* cards and
  plays on (a Pesten table's penalty).

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from typing import Any, Literal

from .._actions import Action, PlayCard
from .._cards import Card
from .._select import CardSet, CardSpec, card_text_problems, cards_of
from .._state import GameState
from ..exceptions import PluginError, Reason
from ..flow import draw_cards
from ..hookspecs import hookimpl

__all__ = ["Finishing"]


class Finishing:
    """
    No going out on chosen cards.

    Args:
        not_on: The cards a player may not go out on.
        allowed: Or a test, ``allowed(state, seat, card)``: whether *seat*
            may go out on *card* in *state* (the position it is played
            from); it overrides *not_on*.
        instead: ``"forbidden"``: the card may not be played as the last;
            ``"draw"``: it may, and its player draws *draws* cards and plays on.
        draws: The cards drawn with ``instead="draw"``.

    .. versionadded:: 0.2.0
    """

    def __init__(
        self,
        *,
        not_on: CardSpec = None,
        allowed: Callable[[GameState, int, Card], bool] | None = None,
        instead: Literal["forbidden", "draw"] = "forbidden",
        draws: int = 1,
    ) -> None:
        if instead not in ("forbidden", "draw"):
            raise PluginError(f"instead is 'forbidden' or 'draw', not {instead!r}", plugin="Finishing")
        if allowed is None and not_on is None:
            raise PluginError(
                "Finishing needs the cards a player may not go out on (not_on=) or a test (allowed=)",
                plugin="Finishing",
            )
        self.not_on = CardSet.of(not_on)
        self.test = allowed
        self.instead = instead
        self.draws = draws

    def __repr__(self) -> str:
        return f"Finishing(not_on={str(self.not_on)!r}, instead={self.instead!r})"

    def may_finish(self, state: GameState, seat: int, card: Card) -> bool:
        """
        Whether *seat* may go out on *card*.
        """
        if self.test is not None:
            return bool(self.test(state, seat, card))
        return card not in self.not_on

    @hookimpl(wrapper=True)
    def maumau_playable(
        self, state: GameState, seat: int, cards: tuple[Card, ...]
    ) -> Generator[None, tuple[Card, ...], tuple[Card, ...]]:
        allowed = yield
        if self.instead != "forbidden" or len(state.players[seat].hand) != 1 or state.playing:
            return allowed
        return tuple(card for card in allowed if self.may_finish(state, seat, card))

    @hookimpl(wrapper=True)
    def maumau_play_follows(
        self, state: GameState, seat: int, hand: tuple[Card, ...]
    ) -> Generator[None, tuple[Card, ...] | None, tuple[Card, ...] | None]:
        followers = yield
        if self.instead != "forbidden" or not followers or len(hand) != 1:
            return followers
        return tuple(card for card in followers if self.may_finish(state, seat, card))

    @hookimpl
    def maumau_follow_up(self, state: GameState, seat: int, card: Card) -> GameState | None:
        if self.instead != "draw" or state.players[seat].hand or card is not state.top:
            return None
        if self.may_finish(state, seat, card):
            return None
        state, _ = draw_cards(state, seat, self.draws, penalty=f"went out on {card}", required=True)
        return state

    @hookimpl
    def maumau_refusal(self, state: GameState, action: Action) -> tuple[Reason, str] | None:
        if type(action) is not PlayCard or self.instead != "forbidden" or action.seat != state.to_move:
            return None
        assert isinstance(action, PlayCard)
        if state.players[action.seat].hand == (action.card,) and not self.may_finish(state, action.seat, action.card):
            return Reason.CANNOT_FINISH, f"a player may not go out on {action.card}: play another card or draw"
        return None


# --- the profile keys that configure it -----------------------------------------------------


@hookimpl
def maumau_profile_mechanics(data: Mapping[str, Any], deck: tuple[Card, ...]) -> tuple[object, ...] | None:
    finish = data.get("finish", {})
    if finish.get("not_on") is None:
        return None
    return (Finishing(not_on=cards_of(finish["not_on"]), instead=finish.get("instead", "forbidden")),)


@hookimpl
def maumau_profile_problems(data: Mapping[str, Any], deck: tuple[Card, ...]) -> list[tuple[str, str]]:
    barred = data.get("finish", {}).get("not_on")
    problems = card_text_problems("finish.not_on", barred, deck)
    if problems or barred is None or data.get("round", {}).get("max_plays", 0):
        return problems
    chosen = cards_of(barred)
    if deck and all(card in chosen for card in deck):  # no round could end
        problems.append(
            (
                "finish.not_on",
                "no card may be the last card of a hand, so no round can end: "
                "bar fewer cards, or cap the plays of a round (round.max_plays)",
            )
        )
    return problems


# --- its profile keys ----------------------------------------------------------------------------------------


@hookimpl
def maumau_profile_sections() -> dict[str, Any]:
    """
    The profile keys this mechanic reads, as JSON Schema: its own sections, or the keys it adds to the kernel's.
    """
    return {
        "finish": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "not_on": {
                    "$ref": "#/$defs/cards",
                    "description": "Cards a player may not go out on.",
                },
                "instead": {
                    "type": "string",
                    "enum": ["forbidden", "draw"],
                    "description": (
                        "What happens instead: the card may not be played as the last one, or it is played and the "
                        "player draws a card."
                    ),
                    "default": "forbidden",
                },
            },
            "description": "Going out.",
        },
    }
