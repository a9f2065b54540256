"""
Sau Mau Mau: Ravensburger's pig race with bets; 39 cards, four pigs, four races, victory points.

Ravensburger's rulebook, as its documentation page settles it.  Two to five players
get 5 cards each; the starter card has no follow-up (a +2, X or Schlappi
starter only shows its colour; on a Bauer starter any card may follow).
Play a card of the top card's colour, number or symbol, or a green card
(Schlappi, Bauer) on anything.  A number card moves the pig of its colour
forward by its number; an X skips the next player; a +2 makes the next
player draw 2 unless they extend with a +2 (4, 6, 8), and whoever finally
draws may push pigs back one space per card drawn, never behind the start;
a Schlappi moves the rearmost pig 3 forward (the player picks among tied
pigs) and asks for its colour; a Bauer names a colour.  Not playing means
drawing one card, which ends the turn.  After any draw the drawer may place
or change a bet (face down, one per player; a changed bet goes last).  A
race ends when a pig reaches the finish (the mover scores 3) or when a
player's last card and its follow-up are done (5; both at once 8); winning
bets score 6, 4, 3, 2, 1 from the top.  Four races, the start player passing
left; most victory points wins, ties share.  Option ``mau_calls``: a missed
"Mau"/"Mau Mau" challenged before the next player acts takes the card back
and undoes its follow-up.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from attrs import evolve, frozen

from maumau import (
    Action,
    Card,
    Effect,
    Event,
    Feature,
    GameState,
    MatchResult,
    Option,
    Options,
    Pending,
    PlayerView,
    RoundEnd,
    hookimpl,
)
from maumau.flow import best_seats, card_effects, emit, evolve_player, evolve_state, matching
from maumau.mechanics import Board, Challenges, Choices, Decision
from maumau.mechanics.challenges import PlayTakenBack, window

__all__ = [
    "BET_POINTS",
    "PIGS",
    "BetPlaced",
    "ChoosePig",
    "DeclineBet",
    "EndRace",
    "PigMoved",
    "PlaceBet",
    "PlayTakenBack",
    "PushPigBack",
    "RaceBoard",
    "RaceScored",
    "StopPushingBack",
    "board_of",
    "deck",
]

#: The four pigs, named by their colours, in the order of the board's tuples.
PIGS = ("pink", "brown", "black", "beige")
#: The number cards' ranks.
NUMBERS = ("1", "2", "3", "4", "5", "6")
#: Victory points of the bet spaces, top first; the row has exactly these spaces.
BET_POINTS = (6, 4, 3, 2, 1)
#: Points for moving a pig onto the finish (end A) and for playing the last card (end B).
FINISH_POINTS = 3
OUT_POINTS = 5

SCHLAPPI = "Schlappi"
BAUER = "Bauer"
#: The green special cards, playable on anything.
GREEN = frozenset({SCHLAPPI, BAUER})

# Pending kinds: the decisions this variant adds to the core's "suit".
PUSH_BACK = "push_back"
BET = "bet"
REARMOST = "rearmost_pig"
RACE_END = "race_end"

#: The finish space by player count.  Found with ``benchmarks/finish_calibration.py``:
#: with `maumau.bots.HeuristicBot` at every seat, about half the races end at the finish.
DEFAULT_FINISH = ((2, 13), (3, 15), (4, 17), (5, 19))

OPTIONS = (
    Option(
        "finish",
        DEFAULT_FINISH,
        "the finish space (the laurel wreath) by player count; the start is space 0",
        minimum=1,
        maximum=99,
    ),
    Option("races", 4, "races in a match", minimum=1, maximum=12),
    Option("mau_calls", False, "the rulebook's variant: say 'Mau' and 'Mau Mau', or a challenge takes the card back"),
)


def deck() -> tuple[Card, ...]:
    """
    The 39 playing cards: per colour the numbers 1 to 6, an X, a +2 and a Schlappi; then three Bauer.

    >>> from maumau_variants.sau_mau_mau import deck
    >>> len(deck()), deck()[0], deck()[-1]
    (39, Card(rank='1', suit='pink'), Card(rank='Bauer', suit=None))
    """
    per_colour = (*NUMBERS, "X", "+2", SCHLAPPI)
    return (*(Card(rank, pig) for pig in PIGS for rank in per_colour), Card(BAUER), Card(BAUER), Card(BAUER))


def is_green(card: Card) -> bool:
    """
    Whether *card* is a green special card (Schlappi or Bauer), playable on anything.
    """
    return card.rank in (SCHLAPPI, BAUER)


# --- the board ------------------------------------------------------------------------------------


@frozen
class RaceBoard:
    """
    The race course beside the cards: pig positions, the bet row, the finish.

    *pigs* holds the positions of the pink, brown, black and beige pig (the
    order of ``PIGS``), 0 being the start and *finish* the laurel wreath;
    positions never leave ``0..finish``.  *bets* is the bet row, top first,
    as ``(seat, pig)`` pairs, at most one per seat; a player's view shows
    other seats' pigs as ``None`` until the race is scored.  *arrived* is the
    pig that reached the finish and *mover* the seat that moved it there.

    >>> from maumau_variants.sau_mau_mau import RaceBoard
    >>> board = RaceBoard(10).moved("black", 4, seat=1)
    >>> board.position("black"), board.leaders(), board.rearmost()
    (4, ('black',), ('pink', 'brown', 'beige'))
    """

    finish: int
    pigs: tuple[int, ...] = (0, 0, 0, 0)
    bets: tuple[tuple[int, str | None], ...] = ()
    arrived: str | None = None
    mover: int | None = None

    def position(self, pig: str) -> int:
        """
        The space *pig* stands on.
        """
        return self.pigs[PIGS.index(pig)]

    def moved(self, pig: str, spaces: int, seat: int) -> RaceBoard:
        """
        The board after *seat* moves *pig* by *spaces* (negative: back), kept between start and finish.

        The first pig to reach or pass the finish has arrived.
        """
        index = PIGS.index(pig)
        target = min(max(self.pigs[index] + spaces, 0), self.finish)
        pigs = (*self.pigs[:index], target, *self.pigs[index + 1 :])
        if target >= self.finish and self.arrived is None:
            return evolve(self, pigs=pigs, arrived=pig, mover=seat)
        return evolve(self, pigs=pigs)

    def leaders(self) -> tuple[str, ...]:
        """
        Every pig furthest forward.
        """
        best = max(self.pigs)
        return tuple(pig for pig, at in zip(PIGS, self.pigs, strict=True) if at == best)

    def rearmost(self) -> tuple[str, ...]:
        """
        Every pig furthest back: the Schlappi's candidates.
        """
        last = min(self.pigs)
        return tuple(pig for pig, at in zip(PIGS, self.pigs, strict=True) if at == last)

    def winning_pigs(self) -> tuple[str, ...]:
        """
        The race's winners: the arrived pig (end A), else every pig furthest forward (end B).
        """
        return (self.arrived,) if self.arrived is not None else self.leaders()

    def bet_of(self, seat: int) -> str | None:
        """
        The pig *seat* has bet on, or ``None``.
        """
        return next((pig for bettor, pig in self.bets if bettor == seat), None)

    def with_bet(self, seat: int, pig: str) -> RaceBoard:
        """
        The board after *seat* bets on *pig*.

        An earlier bet of *seat* leaves the row, which closes up; the new bet goes last.
        """
        row = tuple(bet for bet in self.bets if bet[0] != seat)
        return evolve(self, bets=(*row, (seat, pig)))

    def __maumau_board__(self) -> dict[str, object]:
        """
        The board for a page to draw (the web table's board format): a lane per pig, its space marked and the
        finish highlighted, and the bet row with each space's points.
        """
        lanes = [
            {
                "label": pig,
                "colour": pig,
                "cells": ["●" if space == at else "" for space in range(self.finish + 1)],
                "marked": [self.finish],
                "value": str(at),
            }
            for pig, at in zip(PIGS, self.pigs, strict=True)
        ]
        bets: list[dict[str, object]] = []
        for number, points in enumerate(BET_POINTS):
            if number < len(self.bets):
                bettor, pig = self.bets[number]
                bets.append({"text": f"{points} pts: seat {bettor} on {pig or '?'}", "colour": pig})
            else:
                bets.append({"text": f"{points} pts: free", "faded": True})
        arrived = f", the {self.arrived} pig has arrived" if self.arrived else ""
        return {
            "title": f"The race to space {self.finish}{arrived}",
            "rows": lanes,
            "notes_title": "Bets",
            "notes": bets,
        }

    def __str__(self) -> str:
        width = max(len(pig) for pig in PIGS)
        lines = [f"race to space {self.finish}" + (f", {self.arrived} arrived" if self.arrived else "")]
        for pig, at in zip(PIGS, self.pigs, strict=True):
            lines.append(f"  {pig:<{width}} |{'.' * at}@{'.' * (self.finish - at)}| {at}")
        spaces = []
        for number, points in enumerate(BET_POINTS):
            if number < len(self.bets):
                bettor, bet = self.bets[number]
                spaces.append(f"{number + 1}. ({points}) seat {bettor} on {bet or '?'}")
            else:
                spaces.append(f"{number + 1}. ({points}) free")
        lines.append("  bets: " + " · ".join(spaces))
        return "\n".join(lines)


def _view_board(state: GameState, seat: int, board: RaceBoard) -> RaceBoard:
    """
    What *seat* sees of the board: other players' bet pigs stay hidden until the race is scored.
    """
    if len(state.rounds) >= state.round:  # this race is scored: the bets lie open
        return board
    return evolve(board, bets=tuple((bettor, pig if bettor == seat else None) for bettor, pig in board.bets))


def _check_board(state: GameState, board: RaceBoard) -> str | None:
    """
    What is impossible about a loaded race board, or ``None``.
    """
    seats = range(len(state.players))
    finish = finish_space(state.options, len(state.players))
    if board.finish != finish:
        return f"the race is to space {board.finish}, but the option 'finish' sets {finish}"
    if len(board.pigs) != len(PIGS) or any(not 0 <= at <= finish for at in board.pigs):
        return f"pig positions {list(board.pigs)} are not four spaces between 0 and {finish}"
    bettors = [bettor for bettor, _ in board.bets]
    if len(set(bettors)) != len(bettors):
        return f"the bet row {[list(bet) for bet in board.bets]} has more than one bet of a seat"
    if any(bettor not in seats or pig not in PIGS for bettor, pig in board.bets):
        return f"the bet row {[list(bet) for bet in board.bets]} names a seat or pig that does not exist"
    if (board.arrived is None) != (board.mover is None):
        return f"arrived pig {board.arrived!r} and its mover {board.mover!r} must both be set or both be None"
    if board.arrived is not None and (board.arrived not in PIGS or board.mover not in seats):
        return f"{board.arrived!r} moved home by seat {board.mover} names a pig or seat that does not exist"
    return None


def _sample_board(state: GameState, seat: int, board: RaceBoard, rng: random.Random) -> RaceBoard:
    """
    *board* as *seat* saw it, each hidden bet drawn uniformly: any pig may be bet on, at any time.
    """
    bets = tuple((bettor, rng.choice(PIGS) if pig is None else pig) for bettor, pig in board.bets)
    return evolve(board, bets=bets)


#: The race course beside the cards, one per race.
BOARD = Board(RaceBoard, view=_view_board, check=_check_board, sample=_sample_board)


def board_of(holder: object) -> RaceBoard:
    """
    The race board of a state, a view or a finished race.
    """
    return BOARD.get(holder)


def _board(state: GameState) -> RaceBoard:
    return BOARD.get(state)


def _move(state: GameState, seat: int, pig: str, spaces: int) -> GameState:
    board = _board(state)
    start = board.position(pig)
    board = board.moved(pig, spaces, seat)
    return emit(BOARD.put(state, board), PigMoved(seat, pig, start, board.position(pig)))


def finish_space(options: Options, players: int) -> int:
    """
    The finish space for *players* seats, from the option ``finish``.
    """
    finish = options["finish"]
    assert isinstance(finish, tuple)
    return dict(finish)[players]


# --- actions and events -----------------------------------------------------------------------------


@frozen
class PlaceBet(Action, kind="bet"):
    """
    After drawing, bet that *pig* wins this race (or move one's bet there, to the end of the row).

    .. versionadded:: 0.1.0
    """

    pig: str

    def __str__(self) -> str:
        return f"seat {self.seat} bets on the {self.pig} pig"


@frozen
class DeclineBet(Action, kind="decline_bet"):
    """
    After drawing, leave the bet row as it is.

    .. versionadded:: 0.1.0
    """

    def __str__(self) -> str:
        return f"seat {self.seat} places no bet"


@frozen
class PushPigBack(Action, kind="push_pig_back"):
    """
    The consolation for drawing a +2 debt: move *pig* back one space (one of the spaces owed).

    .. versionadded:: 0.1.0
    """

    pig: str

    def __str__(self) -> str:
        return f"seat {self.seat} pushes the {self.pig} pig back one space"


@frozen
class StopPushingBack(Action, kind="stop_pushing_back"):
    """
    Give up the remaining spaces of the consolation.

    .. versionadded:: 0.1.0
    """

    def __str__(self) -> str:
        return f"seat {self.seat} pushes no more pigs back"


@frozen
class ChoosePig(Action, kind="choose_pig"):
    """
    After a Schlappi, pick which of the tied rearmost pigs moves 3 forward.

    .. versionadded:: 0.1.0
    """

    pig: str

    def __str__(self) -> str:
        return f"seat {self.seat} moves the {self.pig} pig"


@frozen
class EndRace(Action, kind="end_race"):
    """
    Let a race end that a play without its due call ended (option ``mau_calls``).

    The race is over only once nobody challenged before the next player
    acted; this is that player's act.

    .. versionadded:: 0.1.0
    """

    def __str__(self) -> str:
        return f"seat {self.seat} lets the race end"


@frozen
class PigMoved(Event, kind="pig_moved"):
    """
    *seat* moved *pig* from space *start* to space *end*.
    """

    seat: int
    pig: str
    start: int
    end: int

    def __str__(self) -> str:
        way = "forward" if self.end >= self.start else "back"
        return f"seat {self.seat} moves the {self.pig} pig {way} from space {self.start} to {self.end}"


@frozen
class BetPlaced(Event, kind="bet_placed"):
    """
    *seat* placed a face-down bet on bet space *space* (1 is the top); *changed* if it replaced one.
    """

    seat: int
    space: int
    changed: bool = False

    def __str__(self) -> str:
        verb = "moves their bet" if self.changed else "places a face-down bet"
        return f"seat {self.seat} {verb} to bet space {self.space}"


@frozen
class RaceScored(Event, kind="race_scored"):
    """
    Race *race* was scored: its *winning_pigs* and the bet row revealed, top first.
    """

    race: int
    winning_pigs: tuple[str, ...]
    bets: tuple[tuple[int, str | None], ...]

    def __str__(self) -> str:
        row = ", ".join(f"seat {bettor} on {pig}" for bettor, pig in self.bets) or "no bets"
        return f"race {self.race} is won by the {' and '.join(self.winning_pigs)} pig; the bets were: {row}"


# --- set-up ---------------------------------------------------------------------------------------


@hookimpl
def maumau_options() -> Sequence[Option]:
    return OPTIONS


@hookimpl
def maumau_mechanics() -> Sequence[object]:
    # mau_calls: a missed call challenged before the next player acts takes the card back.
    return (Challenges(closes="action", take_back=True), BOARD, Choices(*DECISIONS))


@hookimpl
def maumau_seats() -> range:
    return range(2, 6)


@hookimpl
def maumau_deck() -> tuple[Card, ...]:
    return deck()


@hookimpl
def maumau_dealer(state: GameState) -> int:
    # The dealer is the seat before the start player, so race r starts with seat (r - 1) % n.
    return (state.round - 2) % len(state.players)


@hookimpl
def maumau_deal(state: GameState, cards: tuple[Card, ...]) -> GameState:
    # Five cards each, singly, from the start player on; a seat that resigned gets none and is passed over.
    count = len(state.players)
    order = [(state.dealer + 1 + offset) % count for offset in range(count)]
    seated = [seat for seat in order if not state.players[seat].resigned]
    dealt = 5 * len(seated)
    hands = {seat: cards[index : dealt : len(seated)] for index, seat in enumerate(seated)}
    players = tuple(evolve_player(player, hand=hands.get(seat, ())) for seat, player in enumerate(state.players))
    if state.rounds:  # the previous race: its bets are revealed
        old = board_of(state.rounds[-1])
        state = emit(state, RaceScored(state.round - 1, old.winning_pigs(), old.bets))
    state = evolve_state(
        state, players=players, discard_pile=(cards[dealt],), draw_pile=cards[dealt + 1 :], to_move=seated[0]
    )
    return BOARD.put(state, RaceBoard(finish_space(state.options, count)))


@hookimpl
def maumau_starter(state: GameState, card: Card) -> GameState | None:
    # No follow-up; a +2, X or Schlappi starter shows only its colour.
    if card.rank in ("+2", "X", SCHLAPPI):
        return evolve_state(state, wish=card.suit)
    return None


# --- the turn ---------------------------------------------------------------------------------------


@hookimpl
def maumau_playable(state: GameState, seat: int, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    if state.debt:  # only a +2 extends a +2
        return tuple(card for card in cards if card.rank == "+2")
    if state.wish is None and state.top.rank == BAUER:  # a Bauer starter: nobody has named a colour
        return cards
    return matching(state, cards, GREEN)  # the kernel's (the wished colour, else colour or number), green on anything


@hookimpl
def maumau_calls(options: Options) -> tuple[str, ...]:
    return ("Mau", "Mau Mau") if options["mau_calls"] else ()


@hookimpl
def maumau_expected_call(state: GameState, seat: int, cards_left: int) -> str | None:
    if not state.options["mau_calls"]:
        return ""
    return {1: "Mau", 0: "Mau Mau"}.get(cards_left, "")


#: What the cards do, made once (but a Schlappi's, which wishes its own colour): effects are values.
PLAIN, SKIPS, PLUS_TWO, NAMES_A_COLOUR = Effect(), Effect(skip=1), Effect(draw=2), Effect(choose_suit=True)


@hookimpl
@card_effects(last_card=PLAIN)  # each card by itself, the last card none: the game's table answers
def maumau_card_effect(state: GameState, seat: int, card: Card) -> Effect:
    if not state.players[seat].hand:
        # The race ends with this card: a +2 makes nobody draw, an X skips nobody, a Bauer names nothing.
        return PLAIN
    if card.rank == "X":
        return SKIPS
    if card.rank == "+2":
        return PLUS_TWO
    if card.rank == BAUER:
        return NAMES_A_COLOUR
    if card.rank == SCHLAPPI:
        return Effect(wish=card.suit)
    return PLAIN


def _race_end_due(state: GameState) -> bool:
    """
    Whether a race end has happened: a pig arrived or a player has no cards left.
    """
    if _board(state).arrived is not None:
        return True
    return any(not player.hand and not player.resigned for player in state.players)


@hookimpl
def maumau_follow_up(state: GameState, seat: int, card: Card) -> GameState | None:
    if card.rank in NUMBERS:
        assert card.suit is not None
        state = _move(state, seat, card.suit, int(card.rank))
    elif card.rank == SCHLAPPI:
        rearmost = _board(state).rearmost()
        if len(rearmost) > 1:
            return evolve_state(state, pending=Pending(seat, REARMOST, rearmost))
        state = _move(state, seat, rearmost[0], 3)
    return state


@hookimpl
def maumau_turn_ended(state: GameState, seat: int) -> GameState | None:
    # A play that ended the race without its due call: the race is over only once nobody challenged
    # before the next player acted, so that player's first act is to let it end (EndRace).
    current = window(state)
    if current is not None and current.offender == seat and _race_end_due(state) and state.to_move is not None:
        return evolve_state(state, pending=Pending(state.to_move, RACE_END, completes_turn=False))
    return None


def _bet_pending(seat: int) -> Pending:
    return Pending(seat, BET, PIGS)


def _push_back_or_bet(state: GameState, seat: int, spaces: int) -> GameState:
    """
    Ask *seat* to push pigs back *spaces* more spaces, or, when none are left or no pig can go back, to bet.
    """
    movable = tuple(pig for pig, at in zip(PIGS, _board(state).pigs, strict=True) if at > 0)
    if spaces > 0 and movable:
        return evolve_state(state, pending=Pending(seat, PUSH_BACK, movable, spaces))
    return evolve_state(state, pending=_bet_pending(seat))


@hookimpl
def maumau_after_draw(state: GameState, seat: int, cards: tuple[Card, ...], forced: bool) -> GameState:
    if not cards:
        return state  # nothing drawn: no bet, and the turn is over
    if forced:
        return _push_back_or_bet(state, seat, len(cards))
    return evolve_state(
        state, drawn=None, pending=_bet_pending(seat)
    )  # the drawn card is not played: a bet, then the turn ends


def _bet_options(state: GameState, pending: Pending) -> tuple[Action, ...]:
    return _bets_of(pending.seat)


@lru_cache(maxsize=64)
def _bets_of(seat: int) -> tuple[Action, ...]:
    """
    The bets *seat* may place and its refusal, made once per seat: actions are values, and every bet lists them.
    """
    return (*(PlaceBet(seat, pig) for pig in PIGS), DeclineBet(seat))


def _bet(state: GameState, action: Action, pending: Pending) -> GameState:
    state = evolve_state(state, pending=None)
    if not isinstance(action, PlaceBet):
        return state
    seat, board = action.seat, _board(state)
    changed = board.bet_of(seat) is not None
    board = board.with_bet(seat, action.pig)
    return emit(BOARD.put(state, board), BetPlaced(seat, len(board.bets), changed))


def _bet_refusal(state: GameState, action: Action, pending: Pending) -> str | None:
    return f"no pig {action.pig!r}; one of {', '.join(PIGS)}" if isinstance(action, PlaceBet) else None


def _push_options(state: GameState, pending: Pending) -> tuple[Action, ...]:
    return (*(PushPigBack(pending.seat, pig) for pig in pending.choices), StopPushingBack(pending.seat))


def _push(state: GameState, action: Action, pending: Pending) -> GameState:
    if isinstance(action, PushPigBack):
        return _push_back_or_bet(_move(state, action.seat, action.pig, -1), action.seat, pending.amount - 1)
    return evolve_state(state, pending=_bet_pending(action.seat))


def _push_refusal(state: GameState, action: Action, pending: Pending) -> str | None:
    if isinstance(action, PushPigBack):
        return f"the {action.pig} pig cannot go back; one of {', '.join(pending.choices)}"
    return None


def _rearmost_options(state: GameState, pending: Pending) -> tuple[Action, ...]:
    return tuple(ChoosePig(pending.seat, pig) for pig in pending.choices)


def _choose_pig(state: GameState, action: Action, pending: Pending) -> GameState:
    assert isinstance(action, ChoosePig)
    return _move(evolve_state(state, pending=None), action.seat, action.pig, 3)


def _rearmost_refusal(state: GameState, action: Action, pending: Pending) -> str | None:
    assert isinstance(action, ChoosePig)
    return f"the {action.pig} pig is not rearmost; one of {', '.join(pending.choices)}"


def _race_end_options(state: GameState, pending: Pending) -> tuple[Action, ...]:
    return (EndRace(pending.seat),)


def _end_race(state: GameState, action: Action, pending: Pending) -> GameState:
    return evolve_state(state, pending=None)


#: The decisions of a turn, besides the kernel's suit: bets, pushing pigs back, the Schlappi's pig, a race end.
DECISIONS = (
    Decision(BET, (PlaceBet, DeclineBet), _bet_options, _bet, _bet_refusal),
    Decision(PUSH_BACK, (PushPigBack, StopPushingBack), _push_options, _push, _push_refusal),
    Decision(REARMOST, (ChoosePig,), _rearmost_options, _choose_pig, _rearmost_refusal),
    Decision(RACE_END, (EndRace,), _race_end_options, _end_race),
)


# --- encoding, for game-AI libraries ------------------------------------------------------------


@hookimpl
def maumau_action_space() -> tuple[Action, ...]:
    per_pig = (PlaceBet, PushPigBack, ChoosePig)
    return (
        *(kind(0, pig) for kind in per_pig for pig in PIGS),
        DeclineBet(0),
        StopPushingBack(0),
        EndRace(0),
    )


def _pig_features(view: PlayerView) -> list[float]:
    board = board_of(view)
    return [*(float(at) for at in board.pigs), float(board.finish)]


def _own_bet_features(view: PlayerView) -> list[float]:
    bet = board_of(view).bet_of(view.seat)
    return [float(pig == bet) for pig in PIGS]


def _bet_row_features(view: PlayerView, players: int) -> list[float]:
    # Per bet space, top first: who bet there (relative seat) and on which pig, where the view shows it.
    values: list[float] = []
    bets = board_of(view).bets
    for space in range(len(BET_POINTS)):
        bettor, pig = bets[space] if space < len(bets) else (None, None)
        values += [float(bettor is not None and (bettor - view.seat) % players == step) for step in range(players)]
        values += [float(pig == known) for known in PIGS]
    return values


@hookimpl
def maumau_features(players: int) -> tuple[Feature, ...]:
    row = len(BET_POINTS) * (players + len(PIGS))
    return (
        Feature("pigs", len(PIGS) + 1, _pig_features, "space of the pink, brown, black and beige pig, then the finish"),
        Feature("own_bet", len(PIGS), _own_bet_features, "the pig of one's own bet, one-hot (none: no bet)"),
        Feature(
            "bet_row",
            row,
            lambda view: _bet_row_features(view, players),
            "per bet space, top first: the bettor (relative seat one-hot), then the pig where shown (one-hot)",
        ),
    )


# --- races and the match ----------------------------------------------------------------------------


@hookimpl
def maumau_round_over(state: GameState) -> RoundEnd | None:
    if state.pending is not None:
        # A follow-up still waits for its player's choice, or a race end for the next player's EndRace
        # (while a missed call can be challenged).
        return None
    board = _board(state)
    out = next((seat for seat, p in enumerate(state.players) if not p.hand and not p.resigned), None)
    if board.arrived is not None:
        assert board.mover is not None
        return RoundEnd("finish" if out is None else "finish_and_out", (board.mover,))
    if out is not None:
        return RoundEnd("out", (out,))
    if state.passes and state.passes >= len(state.active_seats()):
        return RoundEnd("blocked")
    return None


def bet_points(board: RaceBoard, players: int, resigned: Sequence[int] = ()) -> tuple[int, ...]:
    """
    What the bet row pays each seat: winning bets, top to bottom, 6, 4, 3, 2, 1.
    """
    points = [0] * players
    winners = board.winning_pigs()
    winning = [seat for seat, pig in board.bets if pig in winners and seat not in resigned]
    for seat, value in zip(winning, BET_POINTS, strict=False):
        points[seat] += value
    return tuple(points)


@hookimpl
def maumau_score_round(state: GameState, end: RoundEnd) -> tuple[int, ...]:
    board = _board(state)
    resigned = [seat for seat, player in enumerate(state.players) if player.resigned]
    points = list(bet_points(board, len(state.players), resigned))
    if board.arrived is not None and board.mover is not None:
        points[board.mover] += FINISH_POINTS
    for seat, player in enumerate(state.players):
        if not player.hand and not player.resigned:
            points[seat] += OUT_POINTS
    return tuple(points)


@hookimpl
def maumau_match_over(state: GameState) -> MatchResult | None:
    # Returning None leaves a match with fewer than two players to the core, which ends it.
    races = state.options["races"]
    assert isinstance(races, int)
    if len(state.rounds) >= races:
        return MatchResult(best_seats(state), "races", state.scores)
    return None


# --- views and serialization --------------------------------------------------------------------------


@hookimpl
def maumau_check_state(state: GameState) -> str | None:
    pending = state.pending
    if pending is not None and pending.kind != "suit" and not set(pending.choices) <= set(PIGS):
        return f"the pigs to choose from, {list(pending.choices)}, are not all pigs"
    return None


@hookimpl
def maumau_rules_text() -> str:
    return __doc__ or ""
