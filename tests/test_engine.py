"""
Tests for the engine: `maumau.apply`, `maumau.legal_actions`, `maumau.is_legal` and the events of an action.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from attrs import evolve, frozen
from hypothesis import given
from hypothesis import strategies as st

import maumau
from family import family_game
from helpers import choose, deal, draw, play, position, random_states
from maumau import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    MAX_CALL_LENGTH,
    SPADES,
    Action,
    Card,
    CardPlayed,
    CardsDrawn,
    Challenge,
    ChooseSuit,
    DrawCards,
    GameState,
    IllegalActionError,
    InvalidActionError,
    MatchEnded,
    Pass,
    Passed,
    PlayCard,
    Reason,
    Resign,
    RoundEnded,
    RoundStarted,
    SuitWished,
    TurnSkipped,
    apply,
    check_action,
    is_legal,
    legal_actions,
    replay,
    to_json,
    view,
)
from maumau.mechanics import Finishing

HANDS = ("Kc Qd 9s 10c As", "7h 8h Jc 9c Kh", "7c 8c 9d Qc 10s")


@frozen
class Wave(Action, kind="test_engine_wave"):
    """
    An action no bundled variant knows.
    """


def start(**options: object) -> GameState:
    """
    Three seats, seat 1 to move on 9♥; the draw pile starts A♦ A♥.
    """
    return deal(HANDS, "9h", "Ad Ah", options=options)


#: (name, how to reach the position, the action, the reason it is refused)
ILLEGAL: list[tuple[str, Callable[[], GameState], Action, Reason]] = [
    ("game over", lambda: apply(start(), Resign(0)), DrawCards(1), Reason.GAME_OVER),
    ("call the variant lacks", start, PlayCard(1, Card.parse("Kh"), "MAU!"), Reason.BAD_CALL),
    ("call with none due", start, PlayCard(1, Card.parse("Kh"), "Mau"), Reason.BAD_CALL),
    ("no such seat", start, DrawCards(3), Reason.NO_SUCH_SEAT),
    ("negative seat", start, DrawCards(-1), Reason.NO_SUCH_SEAT),
    ("draw out of turn", start, DrawCards(2), Reason.NOT_YOUR_TURN),
    ("pass out of turn", start, Pass(0), Reason.NOT_YOUR_TURN),
    ("play out of turn", start, PlayCard(2, Card.parse("9d")), Reason.NOT_YOUR_TURN),
    ("suit named by another seat", lambda: play(start(), 1, "Jc"), ChooseSuit(2, HEARTS), Reason.NOT_YOUR_TURN),
    ("card not in hand", start, PlayCard(1, Card.parse("Ah")), Reason.NOT_IN_HAND),
    ("card matching nothing", lambda: deal(HANDS, "10d"), PlayCard(1, Card.parse("Kh")), Reason.NO_MATCH),
    ("debt owed", lambda: play(start(), 1, "7h"), PlayCard(2, Card.parse("9d")), Reason.DEBT_PENDING),
    (
        "skip owed",
        lambda: play(start(pass_the_skip=True), 1, "8h"),
        PlayCard(2, Card.parse("Qc")),
        Reason.SKIP_PENDING,
    ),
    ("suit to name first", lambda: play(start(), 1, "Jc"), PlayCard(1, Card.parse("9c")), Reason.DECISION_PENDING),
    ("draw before naming", lambda: play(start(), 1, "Jc"), DrawCards(1), Reason.DECISION_PENDING),
    ("other card after drawing", lambda: draw(start(), 1), PlayCard(1, Card.parse("Kh")), Reason.DRAWN_CARD_ONLY),
    ("second draw", lambda: draw(start(), 1), DrawCards(1), Reason.CANNOT_DRAW),
    ("pass without drawing", start, Pass(1), Reason.CANNOT_PASS),
    ("pass with a debt", lambda: play(start(), 1, "7h"), Pass(2), Reason.CANNOT_PASS),
    ("suit with nothing to name", start, ChooseSuit(1, HEARTS), Reason.NO_DECISION),
    ("suit not in the deck", lambda: play(start(), 1, "Jc"), ChooseSuit(1, "green"), Reason.BAD_CHOICE),
    ("challenge in a game without challenges", start, Challenge(0, 1), Reason.NOT_SUPPORTED),
    (
        "challenge without a missed call",
        lambda: maumau.new_game("ccw-house", players=3, seed=1),
        Challenge(0, 1),
        Reason.NO_CHALLENGE,
    ),
    ("action the variant lacks", start, Wave(1), Reason.NOT_SUPPORTED),
    (
        "ace alone where it needs another card",
        lambda: deal(
            ("Kc Qd 9s 10c As", "Ah 8h Jc 9c Kd", "7c 8c 9d Qc 10s"), "9h", options={"ace_with_another": True}
        ),
        PlayCard(1, Card.parse("Ah")),
        Reason.PLAY_OPEN,
    ),
    (
        "going out on a card one may not go out on",
        lambda: position(
            family_game(["9c 5d 7d 6c 7c", "2h 3d 4d 5c 6d"], "9h", mechanics=(Finishing(not_on="2"),)),
            hands=["9c 5d 7d 6c 7c", "2h"],
        ),
        PlayCard(1, Card.parse("2h")),
        Reason.CANNOT_FINISH,
    ),
]


class TestIllegalActions:
    """
    Every kind of illegal action raises `IllegalActionError` with its `Reason` and leaves the state as it was.
    """

    @pytest.mark.parametrize(("name", "reach", "action", "reason"), ILLEGAL, ids=[case[0] for case in ILLEGAL])
    def test_illegal_action_raises_with_reason_and_changes_nothing(
        self, name: str, reach: Callable[[], GameState], action: Action, reason: Reason
    ) -> None:
        """
        The error carries the action and the reason; the state stays equal, JSON and all.
        """
        state, twin = reach(), reach()
        before = to_json(state)

        with pytest.raises(IllegalActionError) as info:
            apply(state, action)

        assert info.value.reason is reason
        assert info.value.action == action
        assert str(info.value).startswith(f"illegal action '{action}': ")
        assert state == twin
        assert to_json(state) == before
        assert not is_legal(state, action)
        assert action not in legal_actions(state, action.seat if 0 <= action.seat < 3 else None)

    def test_every_reason_is_covered(self) -> None:
        """
        The table above reaches every `Reason` code.
        """
        assert {case[3] for case in ILLEGAL} == set(Reason)

    def test_check_action_raises_the_same_error(self) -> None:
        """
        `check_action` raises what `apply` would, and returns nothing for a legal action.
        """
        state = start()

        with pytest.raises(IllegalActionError, match="not in seat 1's hand"):
            check_action(state, PlayCard(1, Card.parse("Ah")))
        check_action(state, DrawCards(1))  # legal: no error

    @pytest.mark.parametrize("action", ["draw", None, Card.parse("7h")])
    def test_something_that_is_no_action_raises_invalid_action_error(self, action: object) -> None:
        """
        Not an action at all is malformed, not illegal.
        """
        state = start()

        with pytest.raises(InvalidActionError):
            apply(state, action)  # type: ignore[arg-type]

    def test_an_action_with_no_card_in_it_cannot_be_made(self) -> None:
        """
        An action whose fields `apply` would refuse as malformed is refused as it is made, in the same words.
        """
        with pytest.raises(InvalidActionError, match="card must be a Card, got '7h'"):
            PlayCard(1, "7h")  # type: ignore[arg-type]

    @pytest.mark.parametrize(
        "make",
        [
            lambda: DrawCards(True),
            lambda: Resign(False),
            lambda: PlayCard(True, Card.parse("7h")),
            lambda: ChooseSuit(True, HEARTS),
            lambda: Challenge(True, 0),
            lambda: DrawCards(1.0),  # type: ignore[arg-type]
            lambda: DrawCards("1"),  # type: ignore[arg-type]
        ],
        ids=["draw", "resign", "play", "suit", "challenge", "float", "text"],
    )
    def test_a_seat_that_is_not_a_whole_number_is_refused_as_the_action_is_made(
        self, make: Callable[[], Action]
    ) -> None:
        """
        ``True`` equals seat 1 to Python, so an action of seat ``True`` would be found among the legal actions
        that `apply` then refuses: no such action can be made, and the error names the seat and its type.
        """
        with pytest.raises(InvalidActionError, match=r"seat must be a whole number, got (True|False|1\.0|'1')$"):
            make()

    def test_a_seat_true_action_is_never_reported_legal(self) -> None:
        """
        The actions seat 1 may take are listed for seat 1, and one made with ``True`` for its seat is refused
        before it could compare equal to them; `apply` and `is_legal` of a forced one agree, naming the seat.
        """
        state = start()
        listed = legal_actions(state)
        assert DrawCards(1) in listed

        with pytest.raises(InvalidActionError, match="seat must be a whole number, got True"):
            DrawCards(True)
        forced = object.__new__(DrawCards)
        object.__setattr__(forced, "seat", True)  # made around the check, as only a careless caller could
        with pytest.raises(InvalidActionError, match="seat must be a whole number, got True"):
            apply(state, forced)
        with pytest.raises(InvalidActionError, match="seat must be a whole number, got True"):
            is_legal(state, forced)
        assert state == start()

    @pytest.mark.parametrize("length", [MAX_CALL_LENGTH + 1, 200, 10_000])
    def test_a_call_longer_than_the_limit_is_refused_as_the_action_is_made(self, length: int) -> None:
        """
        A call of more than ``MAX_CALL_LENGTH`` characters is refused when the `PlayCard` is made, with the
        words `apply` uses; one of the limit's length can be made (and is merely illegal).
        """
        card = Card.parse("7h")

        with pytest.raises(InvalidActionError, match=f"a call has at most 40 characters, got {length:,}$"):
            PlayCard(1, card, "x" * length)
        longest = PlayCard(1, card, "x" * MAX_CALL_LENGTH)
        with pytest.raises(IllegalActionError):
            apply(start(), longest)


class TestValues:
    """
    States and actions are values: equal by content, hashable.
    """

    def test_equal_positions_are_equal_and_hash_alike(self) -> None:
        """
        The same script gives equal states; they work as dict keys and set members.
        """
        first = draw(play(start(), 1, "7h"), 2)
        second = draw(play(start(), 1, "7h"), 2)

        assert first == second
        assert hash(first) == hash(second)
        assert len({first, second, start()}) == 2

    def test_equality_ignores_events_and_log(self) -> None:
        """
        A state equals its replay, and a copy with other events, because only the position counts.
        """
        state = play(start(), 1, "Kh")

        assert state == replay(state.record)
        assert state == evolve(state, events=(), log=None)

    def test_different_positions_differ(self) -> None:
        """
        Another card on the pile is another position.
        """
        assert play(start(), 1, "Kh") != play(start(), 1, "9c")

    def test_actions_are_equal_by_value_and_hashable(self) -> None:
        """
        Actions built from equal parts are equal; the call is part of a play.
        """
        card = Card.parse("7h")

        assert PlayCard(1, card) == PlayCard(1, Card("7", HEARTS))
        assert len({PlayCard(1, card), PlayCard(1, Card("7", HEARTS)), DrawCards(1), DrawCards(1)}) == 2
        assert PlayCard(1, card, "Mau") != PlayCard(1, card)
        draw_one: Action = DrawCards(1)
        assert draw_one != Pass(1)
        assert ChooseSuit(1, HEARTS) == ChooseSuit(1, HEARTS)


def test_a_seat_that_resigned_is_no_longer_among_the_seats_not_resigned() -> None:
    state = apply(start(), Resign(2))

    assert start().seats_not_resigned() == (0, 1, 2)
    assert state.seats_not_resigned() == (0, 1)
    assert apply(start(), Resign(1)).seats_not_resigned() == (0, 2)
    assert state.active_seats() == state.seats_not_resigned()  # the older name of the same


class TestLegalActions:
    """
    Tests for `maumau.legal_actions`.
    """

    def test_default_is_the_seat_to_move(self) -> None:
        """
        Without a seat, the actions are those of the seat to move.
        """
        state = start()

        assert legal_actions(state) == legal_actions(state, 1)
        assert set(legal_actions(state)) == {
            PlayCard(1, Card.parse("Kh")),
            PlayCard(1, Card.parse("7h")),
            PlayCard(1, Card.parse("8h")),
            PlayCard(1, Card.parse("9c")),
            PlayCard(1, Card.parse("Jc")),
            DrawCards(1),
            Resign(1),
        }

    def test_other_seats_may_only_resign_in_classic(self) -> None:
        """
        Classic has no out-of-turn play: the others may resign, nothing else.
        """
        state = start()

        assert legal_actions(state, 0) == (Resign(0),)
        assert legal_actions(state, 2) == (Resign(2),)

    def test_other_seats_cannot_name_the_suit(self) -> None:
        """
        While seat 1 names a suit, only seat 1 may do so.
        """
        state = play(start(), 1, "Jc")

        assert legal_actions(state, 2) == (Resign(2),)
        assert set(legal_actions(state)) == {*(ChooseSuit(1, s) for s in (CLUBS, DIAMONDS, HEARTS, SPADES)), Resign(1)}

    def test_no_such_seat_raises_value_error(self) -> None:
        """
        Asking for a seat that does not exist is a mistake, not an empty answer.
        """
        with pytest.raises(ValueError, match="there is no seat 3; seats are 0 to 2"):
            legal_actions(start(), 3)

    def test_nothing_is_legal_after_the_match(self) -> None:
        """
        A finished match offers no action to anyone.
        """
        state = apply(start(), Resign(1))

        assert legal_actions(state) == ()
        assert legal_actions(state, 0) == ()

    @given(st.integers(0, 10_000), st.integers(2, 5))
    def test_legal_actions_are_exactly_what_apply_accepts(self, seed: int, players: int) -> None:
        """
        In random games every listed action applies, and every candidate not listed raises.
        """
        for state in random_states(seed, players=players, steps=30):
            for seat in range(players):
                listed = set(legal_actions(state, seat))
                for action in _candidates(state, seat):
                    assert (action in listed) == is_legal(state, action), (seed, state.actions, action)
                assert all(is_legal(state, action) for action in listed)

    @given(st.integers(0, 10_000))
    def test_apply_never_changes_its_input(self, seed: int) -> None:
        """
        After trying every legal action, the state's JSON is what it was.
        """
        for state in random_states(seed, steps=30):
            before = to_json(state)
            for action in legal_actions(state):
                apply(state, action)
            assert to_json(state) == before


def _candidates(state: GameState, seat: int) -> list[Action]:
    """
    Actions worth trying for *seat*: every card of every hand, with and without "Mau", and the rest.
    """
    found: list[Action] = [DrawCards(seat), Pass(seat), Challenge(seat, (seat + 1) % len(state.players))]
    found += [ChooseSuit(seat, suit) for suit in (CLUBS, DIAMONDS, HEARTS, SPADES)]
    expected = "Mau" if len(state.players[seat].hand) == 2 else None
    for card in {c for hand in state.hands for c in hand}:
        found.append(PlayCard(seat, card))
        if expected is not None:
            found.append(PlayCard(seat, card, expected))
    return found


class TestEvents:
    """
    ``state.events``: what the last action did.
    """

    def test_new_game_announces_the_round(self) -> None:
        """
        The first state carries `RoundStarted` with dealer, starter and first player.
        """
        assert start().events == (RoundStarted(1, 0, Card.parse("9h"), 1),)

    def test_playing_a_card_emits_card_played(self) -> None:
        """
        `CardPlayed` names the seat, the card and the call; only this action's events are kept.
        """
        state = play(start(), 1, "Kh")

        assert state.events == (CardPlayed(1, Card.parse("Kh"), None, False),)

    def test_drawn_cards_are_shown_to_the_drawer_only(self) -> None:
        """
        `CardsDrawn` holds the card in the state and the drawer's view; the others see only the count.
        """
        state = draw(start(), 1)

        assert state.events == (CardsDrawn(1, 1, (Card.parse("Ad"),)),)
        assert view(state, 1).events == (CardsDrawn(1, 1, (Card.parse("Ad"),)),)
        assert view(state, 0).events == (CardsDrawn(1, 1, None),)
        assert view(state, 2).events == (CardsDrawn(1, 1, None),)

    def test_eight_emits_turn_skipped(self) -> None:
        """
        `TurnSkipped` names the seat that misses its turn.
        """
        state = play(start(), 1, "8h")

        assert state.events == (CardPlayed(1, Card.parse("8h")), TurnSkipped(2))

    def test_naming_a_suit_emits_suit_wished(self) -> None:
        """
        `SuitWished` names the seat and the suit.
        """
        state = choose(play(start(), 1, "Jc"), 1, SPADES)

        assert state.events == (SuitWished(1, SPADES),)

    def test_passing_emits_passed(self) -> None:
        """
        `Passed` after a draw.
        """
        state = apply(draw(start(), 1), Pass(1))

        assert state.events == (Passed(1),)

    def test_round_end_emits_round_ended_then_the_next_round(self) -> None:
        """
        Going out emits the play, `RoundEnded` with the points, and `RoundStarted` of round 2.
        """
        state = deal(("Jc Ac Kc Qc 10c", "8h 8c 8s 8d 9d"), "10h")
        for card, call in (("8h", None), ("8c", None), ("8s", None), ("8d", "Mau")):
            state = play(state, 1, card, call)

        state = play(state, 1, "9d")

        kinds = [type(event) for event in state.events]
        assert kinds == [CardPlayed, RoundEnded, RoundStarted]
        assert state.events[1] == RoundEnded(1, "out", (1,), (0, 61))
        assert state.events[2] == RoundStarted(2, 1, state.top, 0)

    def test_match_end_emits_match_ended(self) -> None:
        """
        The last round's events end with `MatchEnded` naming the winners.
        """
        state = deal(("Jc Ac Kc Qc 10c", "8h 8c 8s 8d 9d"), "10h", options={"target": 50})
        for card, call in (("8h", None), ("8c", None), ("8s", None), ("8d", "Mau")):
            state = play(state, 1, card, call)

        state = play(state, 1, "9d")

        assert state.events[-1] == MatchEnded((1,), "target")
