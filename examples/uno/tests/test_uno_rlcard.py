"""
Differential tests: maumau's ``uno`` against RLCard's UNO game, move by move.

Each game is dealt once, from a deck shuffled here: maumau gets it stacked,
and RLCard's dealer gets it through a stand-in for its numpy generator, whose
``shuffle`` puts the deck in maumau's order and whose ``choice`` gives a wild
the colour maumau gave it.  Before every step RLCard's draw pile is set to
the cards maumau hands out in that step followed by maumau's draw pile, so
both draw the same cards.  Both play the same random choices; at every
decision the player to act and the legal actions (mapped to RLCard's action
strings, a maumau wild play standing for the four colours) must be equal,
and so must every hand and the top card after every step; at the end the
payoffs must equal maumau's scores.

A maumau decision that RLCard takes by itself (playing a card just drawn,
which is then the only legal action) is taken here without a choice, and
naming the colour of a wild, which RLCard's action string carries, is
maumau's next decision: both are checked too.

RLCard 1.2 contradicts what it documents in two places, and these tests play
with its behaviour as options (``drawn_card="rlcard"``, ``payoffs="rlcard"``)
to compare, and assert the documented defaults differ where it does:

* "If that card can be played, play it": RLCard plays a drawn card only if it
  is a wild or has the top card's colour (a drawn 5 on a 5 is kept), and
  plays a drawn wild draw four as a plain wild: nobody draws 4.
* "Each player will receive a reward -1 (lose) or 1 (win)": RLCard gives -1
  to the seat numbered one minus the winner's, 0 to the other losers, and for
  three players and seat 2 winning, -1 to the winner.

And one place where it says nothing: when the pile runs out, RLCard
shuffles the top card into the new pile as well, so it can be drawn while it
lies on top; maumau keeps it on the table.

Needs RLCard and numpy (``pip install rlcard numpy``); ``nox -s peers`` installs them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest
from maumau_uno import COLOURS, DRAW_TWO, REVERSE, SKIP, WILD, WILD_DRAW_FOUR, deck
from uno_decks import stacked

from maumau import (
    Action,
    Card,
    CardsDrawn,
    ChooseSuit,
    DrawCards,
    Event,
    GameState,
    PenaltyDrawn,
    PlayCard,
    Resign,
    apply,
    legal_actions,
    new_game,
)
from maumau.flow import evolve_state

uno_game: Any = pytest.importorskip("rlcard.games.uno.game")
uno_card: Any = pytest.importorskip("rlcard.games.uno.card")
uno_round: Any = pytest.importorskip("rlcard.games.uno.round")

#: RLCard's letters for the colours, in the same order.
LETTERS = dict(zip(COLOURS, ("r", "g", "b", "y"), strict=True))
COLOUR_OF = {letter: colour for colour, letter in LETTERS.items()}
TRAITS = {SKIP: "skip", REVERSE: "reverse", DRAW_TWO: "draw_2", WILD: "wild", WILD_DRAW_FOUR: "wild_draw_4"}
RANK_OF = {trait: rank for rank, trait in TRAITS.items()}

RLCARD_OPTIONS = {"drawn_card": "rlcard", "payoffs": "rlcard"}
PLAYERS = (2, 3, 4, 5, 7, 10)
SEEDS = range(80)

#: What the differential tests compared, over the whole run; printed by `test_totals` at the end.
TOTALS: Counter[str] = Counter()


def to_rlcard(card: Card) -> Any:
    """
    A new RLCard card object for *card* (a wild gets red, as RLCard's own deck gives one wild each colour).
    """
    if card.suit is None:
        return uno_card.UnoCard("wild", "r", TRAITS[card.rank])
    if card.rank in TRAITS:
        return uno_card.UnoCard("action", LETTERS[card.suit], TRAITS[card.rank])
    return uno_card.UnoCard("number", LETTERS[card.suit], card.rank)


def key(card: Any) -> str:
    """
    What identifies an RLCard card in a hand: colour and trait, a wild by its trait alone.
    """
    return card.trait if card.type == "wild" else f"{card.color}-{card.trait}"


def maumau_key(card: Card) -> str:
    return key(to_rlcard(card))


def action_strings(action: Action) -> set[str]:
    """
    RLCard's action strings for a maumau action: a wild play stands for the four colours it may name.
    """
    if isinstance(action, DrawCards):
        return {"draw"}
    assert isinstance(action, PlayCard), action
    card = action.card
    if card.suit is None:
        return {f"{letter}-{TRAITS[card.rank]}" for letter in LETTERS.values()}
    return {f"{LETTERS[card.suit]}-{TRAITS.get(card.rank, card.rank)}"}


class Scripted:
    """
    Stands in for RLCard's numpy generator: shuffles give the planned orders, choices the planned colour.
    """

    def __init__(self, orders: Iterable[Iterable[Card]]) -> None:
        self.orders = [list(order) for order in orders]
        self.colour = "r"

    def shuffle(self, cards: list[Any]) -> None:
        if self.orders:  # top first; RLCard pops from the end
            cards[:] = [to_rlcard(card) for card in reversed(self.orders.pop(0))]

    def choice(self, options: list[str]) -> str:
        assert self.colour in options
        return self.colour


def acting(state: GameState) -> int | None:
    return state.pending.seat if state.pending is not None else state.to_move


def turn(state: GameState) -> list[Action]:
    return [action for action in legal_actions(state, acting(state)) if not isinstance(action, Resign)]


def drawn(events: Iterable[Event]) -> list[Card]:
    cards: list[Card] = []
    for event in events:
        if isinstance(event, (CardsDrawn, PenaltyDrawn)) and event.cards is not None:
            cards += event.cards
    return cards


def check_same_table(state: GameState, game: Any) -> None:
    """
    The hands and the top card (with the colour a wild named) are the same in both engines.
    """
    for seat, player in enumerate(game.players):
        assert Counter(map(key, player.hand)) == Counter(map(maumau_key, state.hands[seat])), f"seat {seat}"
    target = game.round.target
    assert key(target) == maumau_key(state.top)
    assert COLOUR_OF[target.color] == (state.wish or state.top.suit)


def play_both(players: int, seed: int) -> tuple[GameState, Any, int]:
    """
    Play one game in both engines; return maumau's final state, RLCard's game, and the decisions compared.
    """
    rng = random.Random(f"{players}/{seed}")
    cards = list(deck())
    rng.shuffle(cards)
    state = new_game("uno", players=players, seed=seed, options=RLCARD_OPTIONS, deck=cards)
    again = [state.top, *drawn(state.events), *state.draw_pile]  # the order after a wild draw four went back
    scripted = Scripted([cards, again])
    scripted.colour = LETTERS.get(state.wish or "", "r")
    game = uno_game.UnoGame(num_players=players)
    game.np_random = scripted  # init_game hands it to the dealer and the round
    game.init_game()
    check_same_table(state, game)
    decisions = 0
    while not game.is_over():
        seat = game.get_player_id()
        assert seat == acting(state), f"decision {decisions}"
        mine = turn(state)
        theirs = set(game.get_legal_actions())
        assert set().union(*map(action_strings, mine)) == theirs, f"decision {decisions}"
        choice = rng.choice(sorted(theirs))
        events: list[Event] = []
        if choice == "draw":
            state = apply(state, DrawCards(seat))
            events += state.events
            if state.drawn is not None:  # RLCard plays it itself: maumau's only legal action
                assert turn(state) == [PlayCard(seat, state.drawn)]
                state = apply(state, PlayCard(seat, state.drawn))
                events += state.events
                TOTALS["drawn cards played at once"] += 1
        else:
            letter, trait = choice.split("-")
            wild = trait in ("wild", "wild_draw_4")
            card = Card(RANK_OF[trait]) if wild else Card(RANK_OF.get(trait, trait), COLOUR_OF[letter])
            state = apply(state, PlayCard(seat, card))
            events += state.events
            if wild and not state.is_over:  # the colour, part of RLCard's action, is maumau's next decision
                assert set(turn(state)) == {ChooseSuit(seat, colour) for colour in COLOURS}
                state = apply(state, ChooseSuit(seat, COLOUR_OF[letter]))
                events += state.events
                TOTALS["colours named"] += 1
        game.dealer.deck = [to_rlcard(card) for card in reversed([*drawn(events), *state.draw_pile])]
        scripted.colour = LETTERS.get(state.wish or "", "r")
        game.step(choice)
        decisions += 1
        if not game.is_over():
            check_same_table(state, game)
    assert state.is_over, f"RLCard ended after {decisions} decisions, maumau goes on"
    return state, game, decisions


@pytest.mark.parametrize("players", PLAYERS)
def test_every_decision_and_the_payoffs_agree_with_rlcard(players: int) -> None:
    for seed in SEEDS:
        state, game, decisions = play_both(players, seed)

        assert tuple(game.get_payoffs()) == state.scores
        TOTALS["games"] += 1
        TOTALS["decisions"] += decisions


#: Seven cards each, none of which fits a red 5 (RLCard always deals seven).
GREENS = "green 1,green 2,green 3,green 4,green 6,green 7,green 8"
YELLOWS = "yellow 1,yellow 2,yellow 3,yellow 4,yellow 6,yellow 7,yellow 8"


def rlcard_game(cards: list[Card], players: int = 2) -> Any:
    """
    RLCard's UNO game dealt from *cards* (top first).
    """
    game = uno_game.UnoGame(num_players=players)
    game.np_random = Scripted([cards])
    game.init_game()
    return game


def test_a_drawn_card_of_the_top_number_is_played_as_documented_but_rlcard_keeps_it() -> None:
    cards, state = stacked([GREENS, YELLOWS], "red 5", ("blue 5",))
    _, peer_rules = stacked([GREENS, YELLOWS], "red 5", ("blue 5",), drawn_card="rlcard")
    game = rlcard_game(cards)
    blue_5 = Card("5", "blue")

    assert turn(apply(state, DrawCards(0))) == [PlayCard(0, blue_5)]
    after = apply(peer_rules, DrawCards(0))
    game.step("draw")
    assert (after.to_move, blue_5 in after.hands[0]) == (1, True)
    assert (game.get_player_id(), "b-5" in map(key, game.players[0].hand)) == (1, True)


def test_a_drawn_wild_draw_four_makes_the_next_player_draw_four_as_documented_but_not_in_rlcard() -> None:
    cards, state = stacked([GREENS, YELLOWS], "red 5", ("+4",))
    _, peer_rules = stacked([GREENS, YELLOWS], "red 5", ("+4",), drawn_card="rlcard")
    game = rlcard_game(cards)

    state = apply(apply(state, DrawCards(0)), PlayCard(0, Card(WILD_DRAW_FOUR)))
    state = apply(state, ChooseSuit(0, "green"))
    assert (len(state.hands[1]), state.to_move) == (11, 0)
    peer_rules = apply(apply(peer_rules, DrawCards(0)), PlayCard(0, Card(WILD_DRAW_FOUR)))
    game.step("draw")
    assert (len(peer_rules.hands[1]), peer_rules.to_move) == (7, 1)
    assert (len(game.players[1].hand), game.get_player_id()) == (7, 1)


def test_every_loser_gets_minus_one_as_documented_but_rlcard_pays_seat_one_minus_the_winner() -> None:
    hands = ["red 1", "red 2", "blue 3"]
    pile = ("green 4", "green 6")
    results = {}
    for payoffs in ("documented", "rlcard"):
        _, state = stacked(hands, "blue 9", pile, payoffs=payoffs)
        for action in (DrawCards(0), DrawCards(1), PlayCard(2, Card("3", "blue"))):
            state = apply(state, action)
        results[payoffs] = state.scores
    game = uno_game.UnoGame(num_players=3)
    game.round = uno_round.UnoRound(None, 3, None)
    game.round.winner = [2]

    assert results == {"documented": (-1, -1, 1), "rlcard": (0, 0, -1)}
    assert tuple(game.get_payoffs()) == results["rlcard"]  # seat 2 won, and RLCard's payoffs[1 - 2] is its own


def test_rlcard_shuffles_the_top_card_into_the_new_pile_maumau_keeps_it_on_the_table() -> None:
    _, state = stacked([GREENS, YELLOWS], "red 0")
    state = evolve_state(state, draw_pile=(), discard_pile=(*state.draw_pile, state.top))
    round_ = uno_round.UnoRound(_Dealer(), 2, None)
    top = uno_card.UnoCard("number", "r", "0")
    round_.played_cards, round_.target = [uno_card.UnoCard("number", "g", "9"), top], top

    round_.replace_deck()
    assert top in round_.dealer.deck
    state = apply(state, DrawCards(0))
    assert state.top == Card("0", "red")
    assert Card("0", "red") not in state.draw_pile  # the only red 0 of the deck stays on top


class _Dealer:
    """
    The part of RLCard's dealer that ``replace_deck`` uses.
    """

    def __init__(self) -> None:
        self.deck: list[Any] = []

    def shuffle(self) -> None:
        return None


def test_totals(capsys: pytest.CaptureFixture[str]) -> None:
    """
    How much was compared (runs last in this module); fails if the differential tests compared nothing.
    """
    with capsys.disabled():
        print(f"\nRLCard UNO vs maumau uno: {dict(TOTALS)}")
    assert TOTALS["games"] == len(PLAYERS) * len(SEEDS)
    assert TOTALS["decisions"] > 0
