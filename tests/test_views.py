"""
Tests for `maumau.view`: what one seat may see of a game, and nothing more.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import maumau
from helpers import cards, deal, draw, json_cards, play, random_states
from maumau import Card, CardPlayed, GameState, PenaltyDrawn, legal_actions, to_json, view

HANDS = ("Kc Qd 9s 10c As", "7h 8h Jc 9c Kh", "7c 8c 9d Qc 10s")


def public_or_own(state: GameState, seat: int) -> set[Card]:
    """
    The cards *seat* may know of: its hand, the discards, its own drawn cards, played cards, hands shown at round ends.
    """
    known = {*state.players[seat].hand, *state.discard_pile}
    for result in state.rounds:
        known.update(card for hand in result.hands for card in hand)
    for event in state.events:
        if isinstance(event, CardPlayed):
            known.add(event.card)
        if getattr(event, "seat", None) == seat and getattr(event, "cards", None):
            known.update(event.cards)  # type: ignore[attr-defined]
    return known


class TestView:
    """
    A view shows the seat's own hand, public piles and counts.
    """

    def test_view_shows_own_hand_and_counts_the_others(self) -> None:
        """
        Seat 2 sees its five cards, every hand size, and the draw pile as a number.
        """
        state = draw(deal(HANDS, "9h", "Ad"), 1)

        seen = view(state, 2)

        assert seen.hand == cards("7c 8c 9d Qc 10s")
        assert seen.hand_sizes == (5, 6, 5)
        assert seen.draw_pile_size == len(state.draw_pile)
        assert seen.discard_pile == cards("9h")
        assert seen.top == Card.parse("9h")

    def test_view_hides_other_hands_and_the_draw_pile(self) -> None:
        """
        No card of another hand, nor of the draw pile, appears anywhere in the view's JSON.
        """
        state = deal(HANDS, "9h", "Ad Ah")

        shown = set(json_cards(to_json(view(state, 0))))

        assert shown == set(cards("Kc Qd 9s 10c As 9h"))

    def test_drawn_card_is_shown_to_its_drawer_only(self) -> None:
        """
        The card just drawn is ``drawn`` for the drawer and absent for everybody else.
        """
        state = draw(deal(HANDS, "9h", "Ad"), 1)

        assert view(state, 1).drawn == Card.parse("Ad")
        assert view(state, 0).drawn is None
        assert Card.parse("Ad") not in json_cards(to_json(view(state, 0)))
        assert Card.parse("Ad") in json_cards(to_json(view(state, 1)))

    def test_penalty_cards_are_shown_to_the_penalised_player_only(self) -> None:
        """
        The two cards drawn for a missed "Mau" are hidden from the opponent.
        """
        state = deal(("Jc Ac Kc Qc 10c", "8h 8c 8s 8d 9d"), "10h", "Ad Ah")
        for eight in ("8h", "8c", "8s", "8d"):
            state = play(state, 1, eight)

        assert PenaltyDrawn(1, 2, "missed 'Mau'", None) in view(state, 0).events
        assert PenaltyDrawn(1, 2, "missed 'Mau'", cards("Ad Ah")) in view(state, 1).events

    def test_view_carries_the_seat_legal_actions(self) -> None:
        """
        A client can act on the view alone.
        """
        state = deal(HANDS, "9h")

        for seat in range(3):
            assert view(state, seat).legal_actions == legal_actions(state, seat)

    def test_view_shows_public_state(self) -> None:
        """
        Turn, dealer, debt, wish, scores and names are public.
        """
        state = play(deal(HANDS, "9h"), 1, "7h")

        seen = view(state, 0)

        assert (seen.to_move, seen.dealer, seen.debt, seen.wish) == (2, 0, 2, None)
        assert seen.scores == (0, 0, 0)
        assert seen.names == ("Seat 0", "Seat 1", "Seat 2")

    @pytest.mark.parametrize("seat", [-1, 3, True])
    def test_no_such_seat_raises_value_error(self, seat: object) -> None:
        """
        A view for a seat that does not exist is refused.
        """
        with pytest.raises(ValueError, match="there is no seat"):
            view(deal(HANDS, "9h"), seat)  # type: ignore[arg-type]

    @given(st.integers(0, 10_000), st.integers(2, 5))
    def test_views_of_random_games_reveal_nothing_secret(self, seed: int, players: int) -> None:
        """
        Along random games, every card a view's JSON shows is the seat's own, public, or shown at a round end.
        """
        for state in random_states(seed, players=players, steps=40, options={"target": 30}):
            for seat in range(players):
                shown = set(json_cards(to_json(view(state, seat))))
                assert shown <= public_or_own(state, seat), (seed, seat, state.actions)


class TestReadableState:
    """
    A state printed, in a notebook and in a traceback, reads as a table would.
    """

    def test_print_shows_the_top_card_each_hand_and_who_moves(self) -> None:
        state = maumau.new_game("classic", players=["Ann", "Ben"], seed=1)
        text = str(state)

        assert text.splitlines()[0] == f"classic, round 1: top card {state.discard_pile[-1]}"
        mover = state.to_move
        assert mover is not None
        assert f"> {mover} {state.players[mover].name} (0 points): " in text
        assert " ".join(str(card) for card in state.players[0].hand) in text

    def test_repr_is_one_short_line(self) -> None:
        state = maumau.new_game("classic", players=3, seed=1)

        assert repr(state).startswith("<GameState classic, 3 players, round 1, seat ")
        assert len(repr(state)) < 120

    def test_a_notebook_sees_hands_as_counts_with_names_escaped(self) -> None:
        state = maumau.new_game("classic", players=["<b>Ann</b>", "Ben"], seed=1)
        shown = state._repr_html_()

        assert "&lt;b&gt;Ann&lt;/b&gt;" in shown
        assert "<td>5</td>" in shown
        assert str(state.players[0].hand[0]) not in shown.replace(str(state.discard_pile[-1]), "")
