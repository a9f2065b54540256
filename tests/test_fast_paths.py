"""
The engine's fast paths give the same answers as the slow ones.

`maumau._state.evolve_state` stands in for `attrs.evolve`, and `Rules`
calls a hook's core default directly when no plugin implements the hook;
both must be invisible except in speed.
"""

from __future__ import annotations

import attrs
import pytest

from helpers import deal
from maumau import HEARTS, Card, DrawCards, GameState, PlayCard, hookimpl, legal_actions, new_game
from maumau._state import PlayerState, evolve_player, evolve_state

CHANGED = object()  # a value no field holds


@pytest.mark.parametrize("field", [a for a in attrs.fields(GameState) if a.init], ids=lambda a: a.name)
def test_evolve_state_changes_exactly_what_attrs_evolve_changes(field: attrs.Attribute[object]) -> None:
    state = new_game("classic", players=3, seed=1)

    fast = evolve_state(state, **{field.alias: CHANGED})
    slow = attrs.evolve(state, **{field.alias: CHANGED})

    assert [getattr(fast, a.name) for a in attrs.fields(GameState)] == [
        getattr(slow, a.name) for a in attrs.fields(GameState)
    ]


def test_evolve_player_changes_exactly_what_attrs_evolve_changes() -> None:
    player = PlayerState("Ann", score=3)

    assert attrs.evolve(player, resigned=True) == evolve_player(player, resigned=True)


def test_evolve_state_rejects_a_field_the_state_does_not_have() -> None:
    state = new_game("classic", players=2, seed=1)

    with pytest.raises(TypeError, match="colour"):
        evolve_state(state, colour="red")


class ForcedPlay:
    """
    A house rule on a hook classic leaves to the core default: a player who can play must.
    """

    @hookimpl
    def maumau_may_decline(self) -> bool:
        return False


def test_house_rule_on_a_hook_only_the_default_implements_is_asked() -> None:
    hands = ["Qd 8d 9d 10d Ad", "9h 8c 9c 10c Qc"]  # seat 1 begins and can play the 9h on the Kh

    free = deal(hands, starter="Kh")
    forced = deal(hands, starter="Kh", plugins=[ForcedPlay()])

    assert DrawCards(1) in legal_actions(free)
    assert DrawCards(1) not in legal_actions(forced)
    assert PlayCard(1, Card("9", HEARTS)) in legal_actions(forced)
