"""
Stacking: which cards answer a debt or turns to sit out, and which cards cancel a debt.

The kernel keeps one debt (``state.debt``) and the turns the player to move
must sit out (``state.skips``), and it matches nothing while either is
owed; a game says which cards answer them.  With `Stacking`, a game says
it as the family's rule texts do:

* ``"same_rank"``: a card of the rank that made the debt (classic's 7 on a
  7; Whot's 2s and 5s, which do not mix);
* ``"pools"``: a card of the same pool as the card that made it (Macau's 2
  on a 3, Makao's 2, 3 and kings);
* ``"higher"``: a debt card worth as much or more (*draws* says what each
  is worth);
* ``"none"``: nothing answers: the debt is drawn.

*cancels* are cards that may be played on a debt and clear it (Switch's
red jack on a black jack, Whot's Whot card): their `maumau.Effect` has
no draw, and the kernel clears a debt that a card without a draw answers.
The card that made a debt is the top card of the pile, so the rule needs
nothing of its own in the state.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from typing import Any, Literal

from .._actions import Action, PlayCard
from .._cards import Card
from .._select import CardSet, CardSpec, card_text_problems, cards_of, named_cards, unknown_cards
from .._state import GameState
from ..exceptions import PluginError
from ..hookspecs import hookimpl

__all__ = ["Stacking"]


class Stacking:
    """
    Which cards answer a debt (``state.debt``) and owed turns to sit out (``state.skips``).

    Args:
        debts: How a debt is answered: ``"same_rank"``, ``"pools"``, ``"higher"`` or ``"none"``.
        pools: For ``"pools"``: groups of cards that answer each other's debts
            (``[["2", "3"], ["K♥", "K♠"]]``).
        draws: For ``"higher"``: the cards that make debts and what each is
            worth (``{"2": 2, "3": 3, "K": 5}``): a card answers a debt made by
            one worth as much or less.
        cancels: Cards that may be played on a debt and clear it.
        skips: How owed turns to sit out are answered: ``"same_rank"`` (Makao's
            4 on a 4, Prší's ace on an ace) or ``"none"``.

    .. versionadded:: 0.2.0
    """

    def __init__(
        self,
        *,
        debts: Literal["same_rank", "pools", "higher", "none"] = "same_rank",
        pools: Sequence[CardSpec] = (),
        draws: Mapping[str, int] | None = None,
        cancels: CardSpec = None,
        skips: Literal["same_rank", "none"] = "same_rank",
    ) -> None:
        if debts not in ("same_rank", "pools", "higher", "none"):
            raise PluginError(f"debts is 'same_rank', 'pools', 'higher' or 'none', not {debts!r}", plugin="Stacking")
        if skips not in ("same_rank", "none"):
            raise PluginError(f"skips is 'same_rank' or 'none', not {skips!r}", plugin="Stacking")
        if debts == "pools" and not pools:
            raise PluginError("debts='pools' needs the pools", plugin="Stacking")
        if debts == "higher" and not draws:
            raise PluginError("debts='higher' needs what each card draws (draws=)", plugin="Stacking")
        self.debts = debts
        self.pools = tuple(CardSet.of(pool) for pool in pools)
        self.worth = tuple((CardSet.of(spec), amount) for spec, amount in (draws or {}).items())
        self.cancels = CardSet.of(cancels)
        self.skips = skips

    def __repr__(self) -> str:
        cancels = f", cancels={str(self.cancels)!r}" if self.cancels else ""
        return f"Stacking(debts={self.debts!r}, skips={self.skips!r}{cancels})"

    def _worth(self, card: Card) -> int | None:
        for cards, amount in self.worth:
            if card in cards:
                return amount
        return None

    def answers(self, top: Card, card: Card) -> bool:
        """
        Whether *card* answers a debt that *top* made.
        """
        if card in self.cancels:
            return True
        if self.debts == "same_rank":
            return card.rank == top.rank
        if self.debts == "pools":
            return any(top in pool and card in pool for pool in self.pools)
        if self.debts == "higher":
            mine, theirs = self._worth(card), self._worth(top)
            return mine is not None and (theirs is None or mine >= theirs)
        return False

    @hookimpl(wrapper=True)
    def maumau_playable(
        self, state: GameState, cards: tuple[Card, ...]
    ) -> Generator[None, tuple[Card, ...], tuple[Card, ...]]:
        allowed = yield
        if state.debt:
            top = state.discard_pile[-1]
            return tuple(card for card in cards if self.answers(top, card))
        if state.skips:
            if self.skips == "none":
                return ()
            rank = state.discard_pile[-1].rank
            return tuple(card for card in cards if card.rank == rank)
        return allowed

    @hookimpl
    def maumau_refusal(self, state: GameState, action: Action) -> str | None:
        if type(action) is not PlayCard or action.seat != state.to_move or state.pending is not None:
            return None
        assert isinstance(action, PlayCard)
        top = state.discard_pile[-1]
        if state.debt and not self.answers(top, action.card):
            return f"{action.card} does not answer the draw of {state.debt} made by {top} ({self._words()})"
        if state.skips and not (self.skips == "same_rank" and action.card.rank == top.rank):
            answer = f"a {top.rank} answers it" if self.skips == "same_rank" else "nothing answers it"
            return f"{action.card} does not answer the turn to sit out that {top} owes ({answer})"
        return None

    def _words(self) -> str:
        words = {
            "same_rank": "only a card of the same rank answers it",
            "pools": "only a card of the same group answers it",
            "higher": "only a card worth as much or more answers it",
            "none": "nothing answers it",
        }[self.debts]
        return f"{words}, or {self.cancels}" if self.cancels else words


# --- the profile keys that configure it -----------------------------------------------------


@hookimpl
def maumau_profile_mechanics(data: Mapping[str, Any], deck: tuple[Card, ...]) -> tuple[object, ...] | None:
    debts = data.get("debts", {})
    if debts.get("stack") not in ("pools", "higher") and debts.get("cancels") is None:
        return None
    specials = [special for special in data.get("special", {}).values() if special.get("enabled", True)]
    draws = {_text(special["cards"]): special.get("draw", 0) for special in specials}
    return (
        Stacking(
            debts=debts.get("stack", "same_rank"),
            pools=[cards_of(pool) for pool in debts.get("pools", ())],
            draws={text: amount for text, amount in draws.items() if amount} or None,
            cancels=cards_of(debts.get("cancels")),
            skips=debts.get("skips", "same_rank"),
        ),
    )


def _text(spec: object) -> str:
    return ", ".join(spec) if isinstance(spec, list) else str(spec)


@hookimpl
def maumau_profile_problems(data: Mapping[str, Any], deck: tuple[Card, ...]) -> list[tuple[str, str]]:
    debts = data.get("debts", {})
    problems = card_text_problems("debts.cancels", debts.get("cancels"), deck)
    drawing = [special for special in data.get("special", {}).values() if special.get("draw", 0)]
    named = [(special, named_cards("", special["cards"], deck)[0]) for special in drawing]
    dormant = [cards for _, cards in named if cards is not None]  # a rule on debts may wait for an option
    debt = [cards for special, cards in named if cards is not None and special.get("enabled", True)]
    for index, pool in enumerate(debts.get("pools", ())):
        problems += _pool_problems(f"debts.pools[{index}]", pool, deck, debt)
    if debts.get("stack", "same_rank") == "pools" and not debts.get("pools"):
        problems.append(("debts.pools", 'stack = "pools" needs the pools'))
    if "stack" in debts and not any(card in cards for card in deck for cards in dormant):
        problems.append(("debts.stack", "no special card makes a debt (draw), so nothing is stacked"))
    return problems


def _pool_problems(path: str, pool: object, deck: tuple[Card, ...], debt: list[CardSet]) -> list[tuple[str, str]]:
    """
    What is wrong with one pool of cards that answer each other's debts: cards the pack lacks, or no debt.
    """
    chosen, found = named_cards(path, pool, deck)
    problems = [*unknown_cards(path, pool, deck), *found]
    if chosen is not None and not any(card in chosen and any(card in cards for cards in debt) for card in deck):
        problems.append((path, f"{pool!r} makes no debt: no special card with draw is among them"))
    return problems


# --- its profile keys ----------------------------------------------------------------------------------------


@hookimpl
def maumau_profile_sections() -> dict[str, Any]:
    """
    The profile keys this mechanic reads, as JSON Schema: its own sections, or the keys it adds to the kernel's.
    """
    return {
        "debts": {
            "properties": {
                "pools": {
                    "type": "array",
                    "maxItems": 10,
                    "items": {
                        "$ref": "#/$defs/cards",
                    },
                    "description": "For `pools`: groups of cards that answer each other's debts.",
                },
                "cancels": {
                    "$ref": "#/$defs/cards",
                    "description": "Cards that may be played on a debt and clear it.",
                },
            },
        },
    }
