"""
Classic Mau-Mau: 32 cards, jack wish, stackable 7, skipping 8, winner scores the others' hands.

The table rules of a guide to classic Mau-Mau with its FAQ's
variations as options.  Two to ten players; one 32-card pack (7 to ace) up
to five players, two packs shuffled together from six.  Seat 0 deals the
first round and the deal passes on; the seat after the dealer begins.  Play
a card of the top card's suit or rank, or a jack, which names the suit to
follow (not on a jack, unless ``jack_on_jack``).  Or draw one card, even
holding a playable one, then play that card only or pass.  A 7 makes the
next player draw 2 unless they answer with a 7 (the debt grows by 2); an 8
skips the next player (with ``pass_the_skip`` an 8 answers an 8).  Playing
the second-to-last card without saying "Mau" costs 2 cards at once (1 with
``mau_penalty``; and the last card without "Mau-Mau", with ``mau_mau_call``,
or only a jack as the last card, with ``mau_mau_when="jack"``).  With
``nines_draw_three`` a 9 makes the next player draw 3; with
``ace_with_another`` an ace may only be played with another card after it.
The last card has no effect.  When every player in a row can neither play nor draw, the round is
blocked and the lowest hand wins.  The player who goes out scores the
others' hands (J 20, A 11, K Q 10 10, 9 8 7 face value); the match ends at
the end of a round in which someone reaches 100 points per player.
"""

from __future__ import annotations

from collections.abc import Sequence

from maumau import (
    Action,
    CallRuling,
    Card,
    Effect,
    GameState,
    MatchResult,
    Option,
    Options,
    PlayCard,
    RoundEnd,
    french_deck,
    hookimpl,
)
from maumau.flow import best_seats, card_effects, evolve_state, matching, per_card
from maumau.mechanics import Combinations

#: Ranks of the 32-card pack.
RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")

#: What a card left in hand is worth at the end of a round.
CARD_POINTS = {"J": 20, "A": 11, "K": 10, "Q": 10, "10": 10, "9": 9, "8": 8, "7": 7}

OPTIONS = (
    Option("hand_size", 5, "cards dealt to each player", choices=(5, 6)),
    Option("jack_on_jack", False, "a jack may be played on a jack (and answer a wish)"),
    Option("stack_sevens", True, "a 7 may answer a 7, adding 2 to the debt (and a 9 a 9, with nines_draw_three)"),
    Option("pass_the_skip", False, "a player hit by an 8 may answer with an 8 and pass the skip on"),
    Option("mau_mau_call", False, "the last card needs the call 'Mau-Mau' too"),
    Option(
        "mau_mau_when",
        "any",
        "with mau_mau_call, which last card needs 'Mau-Mau': 'any', or only a 'jack'",
        choices=("any", "jack"),
    ),
    Option("mau_penalty", 2, "penalty cards for a missed call", choices=(1, 2)),
    Option("nines_draw_three", False, "a 9 makes the next player draw 3 (Brazil); only a 9 answers it"),
    Option("ace_with_another", False, "an ace may only be played together with another card after it"),
    Option(
        "scoring",
        "winner",
        "'winner': who goes out scores the others' hands, most points wins; "
        "'holders': hands count against their holders, fewest points wins",
        choices=("winner", "holders"),
    ),
    Option("target", 0, "match target; 0 means 100 points per player", minimum=0),
)


def hand_points(hand: Sequence[Card]) -> int:
    """
    What *hand* is worth at the end of a round.
    """
    return sum(CARD_POINTS[card.rank] for card in hand)


def match_target(options: Options, players: int) -> int:
    """
    The points that end the match: ``target``, or 100 per player.
    """
    target = options["target"]
    assert isinstance(target, int)
    return target or 100 * players


@hookimpl
def maumau_options() -> Sequence[Option]:
    return OPTIONS


class MauMauCall:
    """
    The variation "the last card needs 'Mau-Mau' too" (``mau_mau_call``, any last card), named by the variant only
    when it is played, so that the call due depends on the cards left alone in every game but those of a jack.
    """

    def __repr__(self) -> str:
        return "MauMauCall()"

    @hookimpl
    def maumau_expected_call(self, cards_left: int) -> str | None:
        return "Mau-Mau" if cards_left == 0 else None


class JackMauMau:
    """
    The variation "'Mau-Mau' only when the last card is a jack" (``mau_mau_when="jack"``), named by the variant
    only when it is played, so that the call due depends on the card only in those games.
    """

    def __repr__(self) -> str:
        return "JackMauMau()"

    @hookimpl
    def maumau_expected_call(self, cards_left: int, cards: tuple[Card, ...]) -> str | None:
        return "Mau-Mau" if cards_left == 0 and cards[-1].rank == "J" else None


#: The variation "an ace may only be played together with another card": the card after it matches it or is a
#: jack, and a play may not end on an ace.
ACE_WITH_ANOTHER = Combinations(sets=False, covered="A", wild="J")


@hookimpl
def maumau_mechanics(options: Options) -> tuple[object, ...]:
    # The variations that need hooks of their own come as small plugins, named only in the games that play them.
    mechanics: list[object] = []
    if options["ace_with_another"]:
        mechanics.append(ACE_WITH_ANOTHER)
    if options["mau_mau_call"]:
        mechanics.append(JackMauMau() if options["mau_mau_when"] == "jack" else MauMauCall())
    if options["pass_the_skip"]:
        mechanics.append(PassTheSkip())
    return tuple(mechanics)


@hookimpl
def maumau_seats() -> range:
    return range(2, 11)


@hookimpl
def maumau_deck(players: int) -> tuple[Card, ...]:
    return french_deck(RANKS, copies=1 if players <= 5 else 2)


#: The rank that goes on anything (but a jack, without the option ``jack_on_jack``) and names a suit.
WILD = frozenset({"J"})


@hookimpl
@per_card  # each card by itself, the top card, the wish, the debt and the skips owed: the game's table answers
def maumau_playable(state: GameState, seat: int, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    options = state.options
    if state.debt:  # only a 7 answers a 7 (and a 9 a 9, with nines_draw_three): the card that made the debt is on top
        if not options["stack_sevens"]:
            return ()
        rank = state.discard_pile[-1].rank
        return tuple(card for card in cards if card.rank == rank)
    if state.skips:  # pass_the_skip: only an 8 answers an 8
        return tuple(card for card in cards if card.rank == "8")
    # The kernel's matching (the wished suit, else suit or rank), with jacks on anything but a jack.
    return matching(state, cards, WILD, wild_on_wild=bool(options["jack_on_jack"]))


@hookimpl
def maumau_refusal(state: GameState, action: Action) -> str | None:
    if not isinstance(action, PlayCard):
        return None
    card, top = action.card, state.discard_pile[-1]
    if state.options["jack_on_jack"] or (state.drawn is not None and card != state.drawn):
        return None  # allowed, or refused for another reason: after a draw, only the drawn card may be played
    if action.seat == state.to_move and not (state.debt or state.skips) and card.rank == "J" == top.rank:
        return f"a jack may not be played on a jack ({card} on {top}; the option jack_on_jack allows it)"
    return None


@hookimpl
def maumau_calls(options: Options) -> tuple[str, ...]:
    return ("Mau", "Mau-Mau") if options["mau_mau_call"] else ("Mau",)


@hookimpl
def maumau_expected_call(cards_left: int) -> str | None:
    # By the cards left alone: the kernel keeps the answer for each count.  With mau_mau_call, `MauMauCall` or
    # `JackMauMau` answers for the last card.
    return "Mau" if cards_left == 1 else None


@hookimpl
def maumau_judge_call(state: GameState, call: str | None, expected: str | None) -> CallRuling | None:
    if expected and call != expected:
        penalty = state.options["mau_penalty"]
        assert isinstance(penalty, int)
        return CallRuling(missed=expected, penalty=penalty)
    return None


#: What the special cards do, made once: effects are values, shared by every play.
PLAIN, SEVEN, EIGHT, JACK, NINE = Effect(), Effect(draw=2), Effect(skip=1), Effect(choose_suit=True), Effect(draw=3)


@hookimpl
@card_effects(last_card=PLAIN)  # each card by itself and the options, the last card none: the game's table answers
def maumau_card_effect(state: GameState, seat: int, card: Card) -> Effect:
    if not state.players[seat].hand:
        return PLAIN  # the last card has no effect
    rank = card.rank
    if rank == "7":
        return SEVEN
    if rank == "8":
        return PLAIN if state.options["pass_the_skip"] else EIGHT
    if rank == "J":
        return JACK
    if rank == "9" and state.options["nines_draw_three"]:
        return NINE
    return PLAIN


class PassTheSkip:
    """
    The variation "a player hit by an 8 may answer with an 8 and pass the skip on" (``pass_the_skip``), named by
    the variant only when it is played, so that other games ask no follow-up of their plays.
    """

    def __repr__(self) -> str:
        return "PassTheSkip()"

    @hookimpl
    def maumau_follow_up(self, state: GameState, seat: int, card: Card) -> GameState | None:
        if card.rank == "8" and state.players[seat].hand:
            return evolve_state(state, skips=1)  # the next player owes the skip and may pass it on with an 8
        return None


def _play_order(state: GameState) -> list[int]:
    """
    Active seats in the order they would play from the seat to move.
    """
    active = state.active_seats()
    start = state.to_move if state.to_move is not None else active[0]
    count = len(state.players)
    return [s for s in ((start + i * state.direction) % count for i in range(count)) if s in active]


@hookimpl
def maumau_blocked_winners(state: GameState) -> tuple[int, ...]:
    # Going out and blocking are the kernel's; a blocked round's winner is the lowest hand.
    order = _play_order(state)
    winner = min(order, key=lambda s: (hand_points(state.players[s].hand), len(state.players[s].hand), order.index(s)))
    return (winner,)


@hookimpl
def maumau_score_round(state: GameState, end: RoundEnd) -> tuple[int, ...]:
    (winner,) = end.winners
    base = hand_points(state.players[winner].hand)
    owed = [0 if p.resigned else hand_points(p.hand) - base for p in state.players]
    owed[winner] = 0
    if state.options["scoring"] == "holders":
        return tuple(owed)
    points = [0] * len(state.players)
    points[winner] = sum(owed)
    return tuple(points)


@hookimpl
def maumau_match_over(state: GameState) -> MatchResult | None:
    scores = state.scores
    winners = best_seats(state, lowest=state.options["scoring"] == "holders")
    if any(player.resigned for player in state.players):
        return MatchResult(winners, "resignation", scores)
    if max(scores) >= match_target(state.options, len(state.players)):
        return MatchResult(winners, "target", scores)
    return None


@hookimpl
def maumau_rules_text() -> str:
    return __doc__ or ""
