"""
The ``maumau`` command: play against bots in a terminal, list the variants.

``maumau play`` seats one human among bots.  The bots get only their own
views (`maumau.view`), never the state, so they play by the same knowledge
as the human.  Every prompt shows the table as the human's view has it, what
happened since the human last acted, and the legal moves as numbered
sentences; out-of-turn moves (a challenge, a jump-in) are offered before
each bot moves whenever the rules allow them.

The command reads and writes through the streams it is given, so tests can
drive a whole game with scripted input.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TextIO

import attrs

from . import __version__
from ._actions import Action, ChooseSuit, DrawCards, Pass, PlayCard, Resign
from ._card_notes import help_text, match_end
from ._cards import FRENCH_RANKS, FRENCH_SUITS, Card
from ._cli_games import add_profile_command, fill_bots, game_of, import_from_here, register_bots, run_profile
from ._engine import apply, check_action, legal_actions
from ._events import Event, RoundEnded
from ._files import write_text_whole
from ._front import menu_place
from ._games import new_game, start_of
from ._games import replay as replay_record
from ._grammar import ordinal
from ._house_rules import load_house_rule
from ._moves import PlayPlan, find_move, move_names, next_card, plan_play
from ._narration import Narrator, cards_word, plural, second_person
from ._options import OptionValue, parse_option
from ._position import from_position, read_position_file, to_position
from ._profile_rules import split_house_rules
from ._report import check_outputs, progress_bar, write_json, write_plot, write_table
from ._rulesheet import rule_sheet
from ._serialize import from_json, parse_json
from ._spectator import SpectatorView, spectate
from ._state import GameRecord, GameState
from ._table import BOT_LEVELS, Seat, Table
from ._table_json import TABLE_FORMAT
from ._view import PlayerView, view
from .bots import Bot, BotTable, acting_seat
from .exceptions import IllegalActionError, MaumauError, TableError
from .flow import read_call
from .plugins import Rules, resolve_variant, variants
from .simulation import Simulation, SimulationInterrupted, simulate
from .testing import check_game, examples_of

__all__ = ["find_move", "main", "move_names", "parse_option", "run_game", "second_person"]

#: Exit status for a usage error (bad arguments, a bad option value).
USAGE_ERROR = 2
#: Exit status after Ctrl-C, as shells report it.
INTERRUPTED = 130
#: Exit status when the output's reader went away, as shells report a SIGPIPE.
BROKEN_PIPE = 141

#: What ``help`` or ``?`` says at the move prompt.
_HELP = (
    "Type the number of a move (1 to {count}) or its name in [brackets]: a card such as 7h or 10s,\n"
    "'mau 7h' to play it with a call, several cards of one play as '8h 8d', 'draw', 'pass',\n"
    "a suit's letter (c, d, h, s) when you name a suit, 'challenge', 'wait' to let a reaction pass;\n"
    "'q' leaves the game (with --save, --load goes on with it later)."
)


class _Leave(Exception):
    """
    The human ends the session: *message* says why.
    """


# --- option parsing ---------------------------------------------------------------


def _option_argument(text: str) -> tuple[str, OptionValue]:
    try:
        return parse_option(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


# --- describing the game in words --------------------------------------------------


class _Narrator(Narrator):
    """
    The shared narration (`maumau.Narrator`) for one human seat, with the table in words.
    """

    def __init__(self, names: Sequence[str], human: int | None) -> None:
        super().__init__(names, human)
        self.human = -1 if human is None else human

    def waiting(self, waits: Sequence[int]) -> str:
        """
        The seats that sit out turns still to come, with how many: "Bob 2 turns · You 1 turn".
        """
        return " · ".join(f"{self.name(seat)} {plural(count, 'turn')}" for seat, count in enumerate(waits) if count > 0)

    def hands_left(self, seen: PlayerView, number: int) -> list[str]:
        """
        The hands as held when round *number* ended, which its points count.
        """
        for result in seen.rounds:
            if result.round == number:
                return [
                    f"    {self.name(seat)} held: {' '.join(str(c) for c in sorted(hand, key=_card_key)) or 'nothing'}"
                    for seat, hand in enumerate(result.hands)
                ]
        return []

    # the table

    def table(self, seen: PlayerView) -> list[str]:
        human = self.human
        status = self.status(seen)
        finished = tuple(seat for record in status for seat in record.finished)
        scores = " · ".join(f"{self.name(seat)} {score}" for seat, score in enumerate(seen.scores))
        lines = [f"Scores:     {scores}"]
        lines.append(f"Top card:   {seen.top}" + (f"    wished suit: {seen.wish}" if seen.wish is not None else ""))
        lines += self.duties(seen, seen.to_move if seen.to_move is not None else human)
        lines += [f"{record.label + ':':<11} {record.text}" for record in status]
        if seen.pending is not None and seen.pending.kind != "suit":
            amount = f" ({seen.pending.amount})" if seen.pending.amount else ""
            lines.append(f"Deciding:   {self.name(seen.pending.seat)}: {seen.pending.kind.replace('_', ' ')}{amount}")
        others = [
            f"{self.name(seat)}: {cards_word(size)}{self.seat_status(seen, seat, finished)}"
            for seat, size in enumerate(seen.hand_sizes)
            if seat != human
        ]
        lines.append(f"Opponents:  {' · '.join(others)}    (draw pile: {seen.draw_pile_size})")
        if not seen.is_over:
            lines.append(f"Play order: {' → '.join(self.name(seat) for seat in _order(seen, finished))}")
        lines += self.variant_slots(seen)
        lines.append(f"Your hand:  {'  '.join(str(card) for card in sorted(seen.hand, key=_card_key)) or '(empty)'}")
        if seen.drawn is not None:
            lines.append(f"You drew:   {seen.drawn} (now only this card may be played, if it fits)")
        return lines

    def duties(self, seen: PlayerView, debtor: int) -> list[str]:
        """
        What *debtor* (the seat to move) owes: an open play to go on with, playing again, a debt, turns to miss.
        """
        lines = []
        if seen.playing:
            cards = " ".join(map(str, seen.playing))
            lines.append(f"Open play:  {self.verb(debtor, 'have', 'has')} put down {cards}; a card must follow")
        if seen.again is not None:
            again = "must play again" if seen.again == "must" else "may play again (or pass)"
            lines.append(f"Again:      {self.name(debtor)} {again}")
        if seen.debt:
            lines.append(f"Owed:       {self.verb(debtor, 'owe', 'owes')} {cards_word(seen.debt)} (draw or answer)")
        if seen.skips:
            turns = "a turn" if seen.skips == 1 else f"{seen.skips} turns"
            lines.append(f"Owed:       {self.verb(debtor, 'miss', 'misses')} {turns} (pass or answer)")
        waiting = self.waiting(seen.waits)
        if waiting:
            lines.append(f"Sits out:   {waiting}")
        return lines

    def seat_status(self, seen: PlayerView, seat: int, finished: Sequence[int]) -> str:
        """
        ", resigned" or ", finished 2nd" after a seat's cards, or nothing.
        """
        if seen.resigned[seat]:
            return ", resigned"
        return f", finished {ordinal(finished.index(seat) + 1)}" if seat in finished else ""

    def variant_slots(self, seen: PlayerView | SpectatorView) -> list[str]:
        """
        A variant's own things on the table (its race board, say): the slots no mechanic shows as a status.

        "seat 1" in their words is the seat's name, as everywhere else.
        """
        return [
            f"{name.replace('_', ' ').capitalize() + ':':<11} {self.of_seats(str(value))}"
            for name, value in self.slots(seen)
        ]


def _card_key(card: Card) -> tuple[int, str, int, str]:
    """
    Sort French cards by suit then rank; other decks by colour then rank text.
    """
    suit = card.suit or ""
    suit_index = FRENCH_SUITS.index(suit) if suit in FRENCH_SUITS else len(FRENCH_SUITS)
    rank_index = FRENCH_RANKS.index(card.rank) if card.rank in FRENCH_RANKS else len(FRENCH_RANKS)
    return (suit_index, suit, rank_index, card.rank)


def _order(seen: PlayerView, finished: Sequence[int]) -> list[int]:
    """
    The seats still in the round, in play order from the seat to move.
    """
    count = len(seen.names)
    start = seen.to_move if seen.to_move is not None else seen.seat
    seats = [(start + step * seen.direction) % count for step in range(count)]
    return [seat for seat in seats if not seen.resigned[seat] and seat not in finished]


#: Where the kernel's actions stand in the menu; a mechanic's action stands where its mechanic says
#: (``maumau_menu_place``: a challenge first, a wished rank beside the suits), a variant's own after passing.
_MENU_PLACES: dict[type[Action], int] = {PlayCard: 20, ChooseSuit: 30, DrawCards: 40, Pass: 50, Resign: 70}


def _menu_order(actions: Sequence[Action]) -> list[Action]:
    """
    The moves as the menu lists them: challenges (of a call, then of a play),
    plays (by card, each ending the play before going on with more), suits,
    ranks, draw, pass, a variant's own actions, resigning last.
    """

    def key(action: Action) -> tuple[int, tuple[int, str, int, str], bool]:
        if isinstance(action, PlayCard):
            return (_MENU_PLACES[PlayCard], _card_key(action.card), action.more)
        place = _MENU_PLACES.get(type(action))
        if place is None:
            place = menu_place(action)
        return (60 if place is None else place, (0, "", 0, ""), False)

    return sorted(actions, key=key)


# --- the session --------------------------------------------------------------------

#: What reads typed text as a play of several cards: its actions, why it cannot be played, or ``None``.
_Planner = Callable[[str], tuple[Action, ...] | str | None]


class _Session:
    """
    One human at a table of bots, talking through *stdin* and *stdout*.
    """

    def __init__(
        self,
        state: GameState,
        human: int,
        bots: Mapping[int, Bot],
        stdin: TextIO,
        stdout: TextIO,
        extras: _Extras | None = None,
    ) -> None:
        self.extras = extras or _Extras()
        self.state = state
        self.human = human
        self.bots = dict(bots)
        self.stdin = stdin
        self.stdout = stdout
        self.interactive = stdin is sys.stdin and stdout is sys.stdout and _isatty(stdin)
        self.narrator = _Narrator(tuple(p.name for p in state.players), human)
        self.news: list[Event | str] = []
        #: The cards still to come of a play of several cards the human typed at once, each checked when it comes.
        self.planned: list[Action] = []
        self.collect()

    def say(self, text: str = "") -> None:
        print(_paint(text) if self.extras.colour else text, file=self.stdout)

    def collect(self, events: Sequence[Event] | None = None) -> None:
        """
        Keep *events* (by default the last action's) as the human saw them, to tell before the next move.
        """
        seen = view(self.state, self.human)
        self.extras.changed(self.state)
        for event in seen.events if events is None else events:
            self.news.append(event)  # told when the human is next asked, a play of several cards as one sentence
            if isinstance(event, RoundEnded):
                self.news.extend(self.narrator.hands_left(seen, event.round))

    def read(self, prompt: str) -> str:
        if self.interactive:
            try:
                return input(prompt)
            except EOFError:
                self.say()
                raise _Leave("Input ended; leaving the game.") from None
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.say()
            raise _Leave("Input ended; leaving the game.")
        self.say(line.rstrip("\r\n"))  # echo, so a piped transcript reads like a session
        return line

    def ask(self, count: int, moves: Sequence[Action] = ()) -> int:
        """
        The index of the move the human picks from *count*, by number or by name (*moves*), asking until it is one.
        """
        choice = self.choose(count, moves)
        assert isinstance(choice, int)  # without a planner, only a move of the menu
        return choice

    def choose(
        self, count: int, moves: Sequence[Action] = (), planner: _Planner | None = None
    ) -> int | tuple[Action, ...]:
        """
        As `ask`; with *planner*, typed text may also name a play of several cards, whose actions come back.

        *planner* returns the actions of the play the text names, a line that
        says why it cannot be played (then the human is asked again), or
        ``None`` when the text names no play at all.
        """
        hint = f"type a number from 1 to {count}, a name in [brackets], or q to quit"
        while True:
            text = self.read(f"Your move [1-{count} or a name, q to quit]: ").strip()
            if text.lower() in ("q", "quit", "exit"):
                raise _Leave("You left the game.")
            if text.lower() in ("?", "help"):
                self.say(_HELP.format(count=count))
                self.say(help_text(self.state.variant, self.state.options, len(self.state.players)))
                continue
            if not text:
                self.say(f"Please choose a move: {hint}.")
                continue
            try:
                number = int(text)
            except ValueError:
                named = _named(text, moves, count)
                if named is not None:
                    return named
                planned = planner(text) if planner is not None else None
                if isinstance(planned, str):
                    self.say(planned)
                    continue
                if planned:
                    return planned
                self.say(f"{text!r} is not a move number or name; {hint}.")
                continue
            if not 1 <= number <= count:
                self.say(f"There is no move {number}; {hint}.")
                continue
            return number - 1

    def show(self, heading: str) -> PlayerView:
        seen = view(self.state, self.human)
        self.say()
        self.say(f"=== Round {seen.round} · {heading} ".ljust(60, "="))
        if self.news:
            self.say("Since your last move:")
            for line in self.narrator.story(self.news):
                self.say(f"  {line}")
            self.news.clear()
        for line in self.narrator.table(seen):
            self.say(line)
        return seen

    def human_turn(self) -> Action:
        if self.planned:  # the next card of a play typed at once: made if it is still listed, else the play stops
            step = self.planned.pop(0)
            if step in legal_actions(self.state, self.human):
                return step
            self.planned.clear()
            self.say(f"Your play stops before {_step_card(step)}: {self.refusal(self.state, step)}.")
        seen = self.show("your turn")
        moves = _menu_order(seen.legal_actions)
        self.say("Your moves:")
        for number, action in enumerate(moves, 1):
            self.say(f"  {number}. {self.narrator.action(action, seen)}  [{move_names(action)[0]}]")
        if any(isinstance(action, PlayCard) and action.more for action in moves):
            self.say("  (Type several cards to play them at once, the call first: 'mau 8h 8d'.)")
        choice = self.choose(len(moves), moves, self.plan)
        if isinstance(choice, int):
            return moves[choice]
        first, *self.planned = choice
        return first

    def plan(self, text: str) -> tuple[Action, ...] | str | None:
        """
        The actions of the play of several cards *text* names (see `maumau._moves.plan_play`), a line saying
        why it cannot be played, or ``None`` when *text* names no play.

        Each card is checked on the state the cards before it would make, so
        a play that would stop halfway is refused before anything is applied.
        """
        start = self.state

        def after(steps: Sequence[Action]) -> tuple[Action, ...]:
            state = start
            for step in steps:
                state = apply(state, step)
            return legal_actions(state, self.human)

        found = plan_play(text, legal_actions(start, self.human), after)
        if found is None:
            return None
        if found.complete:
            return found.steps
        return f"{text.strip()!r} cannot be played: {self.why_not(found, after)}; nothing was played."

    def why_not(self, plan: PlayPlan, after: Callable[[Sequence[Action]], tuple[Action, ...]]) -> str:
        """
        Why *plan* stops where it does, in the rules' words: the card it stops at, and what they say of it.
        """
        state = self.state
        for step in plan.steps:
            state = apply(state, step)
        hand = state.players[self.human].hand
        found = next_card(plan, hand)
        if found is None:
            return f"{plan.rest!r} is no card (a call goes before the cards: 'mau 8h 8d')"
        card, typed_after = found
        more = bool(typed_after)
        if more and typed_after != "+" and next_card(PlayPlan((), None, typed_after), hand) is None:
            return f"{typed_after!r} is no card (a call goes before the cards: 'mau 8h 8d')"
        try:
            call = None if more else read_call(state, plan.call)
        except MaumauError as error:
            return str(error)
        plays = [move for move in legal_actions(state, self.human) if isinstance(move, PlayCard) and move.card == card]
        if not plays:  # the card may not be played at all: the rules say why of the card alone
            return self.refusal(state, PlayCard(self.human, card))
        endings = [move for move in plays if not move.more]
        if not more and endings and all(move.call != call for move in endings):  # the call is what is wrong
            said = " or ".join(f"saying '{move.call}'" if move.call else "without a call" for move in endings)
            return f"{card} may end the play only {said}"
        return self.refusal(state, PlayCard(self.human, card, call, more))

    def refusal(self, state: GameState, action: Action) -> str:
        """
        What the rules say against *action* in *state*, in one line.
        """
        try:
            check_action(state, action)
        except IllegalActionError as error:
            return self.narrator.of_seats(error.detail)
        except MaumauError as error:
            return self.narrator.of_seats(str(error))
        return f"{self.narrator.action(action, view(state, self.human))} is not one of your moves now"

    def offer_out_of_turn(self, actor: int) -> Action | None:
        """
        Offer the human's out-of-turn moves before *actor* moves; ``None`` to let play go on.
        """
        moves = _menu_order([a for a in legal_actions(self.state, self.human) if not isinstance(a, Resign)])
        if not moves:
            return None
        self.planned.clear()  # another seat acts: a play the human typed is over
        seen = self.show(f"{self.narrator.name(actor)} to move")
        self.say(f"You may act before {self.narrator.name(actor)} moves:")
        for number, action in enumerate(moves, 1):
            self.say(f"  {number}. {self.narrator.action(action, seen)}  [{move_names(action)[0]}]")
        self.say(f"  {len(moves) + 1}. do nothing (let {self.narrator.name(actor)} move)  [wait]")
        choice = self.ask(len(moves) + 1, moves)
        return moves[choice] if choice < len(moves) else None

    def step(self, action: Action) -> None:
        self.state = apply(self.state, action)
        self.collect()

    def run(self) -> int:
        try:
            return self._loop()
        except _Leave as leave:
            self.say(str(leave))
            return 0
        except KeyboardInterrupt:
            self.say()
            self.say("Interrupted; leaving the game.")
            return INTERRUPTED

    def _loop(self) -> int:
        table = BotTable(self.bots)
        declined = False
        while True:
            try:
                turns = table.run_until(self.state, self.human, declined=declined)
            except ValueError as error:
                self.say(f"{error}; stopping.")
                return 1
            self.state = turns.state
            self.collect(turns.seen[self.human])
            declined = False
            if turns.waiting is None:
                break
            if turns.out_of_turn:
                actor = acting_seat(self.state)
                assert actor is not None
                chosen = self.offer_out_of_turn(actor)
                if chosen is None:
                    declined = True
                else:
                    self.step(chosen)
                continue
            self.step(self.human_turn())
        self.finish()
        return 0

    def finish(self) -> None:
        seen = self.show("the end")
        result = seen.result
        if result is None:  # pragma: no cover - the loop ends only with a result
            return
        totals = " · ".join(f"{self.narrator.name(seat)} {total}" for seat, total in enumerate(result.totals))
        self.say(f"Final scores: {totals}")
        if self.human in result.winners:
            others = [seat for seat in result.winners if seat != self.human]
            self.say(
                "You win the match!" if not others else f"You share the win with {self.narrator.names_of(others)}."
            )
        else:
            self.say(f"{self.narrator.names_of(result.winners)} won the match.")


def _step_card(action: Action) -> str:
    """
    The card of a step of a typed play, for a message.
    """
    return str(action.card) if isinstance(action, PlayCard) else str(action)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def run_game(
    state: GameState,
    *,
    human: int,
    bots: Mapping[int, Bot],
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    colour: bool = False,
    save: Callable[[GameState], None] | None = None,
) -> int:
    """
    Let the human at seat *human* play *state* against *bots* (by seat) to the end.

    *colour* paints the suits with ANSI colours; *save* is called with every new state.

    Returns the exit status: 0 when the match ended or the human left.

    .. versionchanged:: 0.2.0
       *colour* and *save*.
    """
    session = _Session(state, human, bots, stdin or sys.stdin, stdout or sys.stdout, _Extras(colour, save))
    return session.run()


# --- commands -------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="maumau", description="Play Mau-Mau and its relatives in the terminal, against bots."
    )
    parser.add_argument("--version", action="version", version=f"maumau {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    play = commands.add_parser("play", help="play a match against bots", description="Play a match against bots.")
    play.add_argument(
        "--variant",
        default="classic",
        help="the variant to play, or a game profile's file (.toml) (default: classic)",
    )
    play.add_argument(
        "--players", type=int, default=None, help="number of seats, you included (default: the variant's, 3 for most)"
    )
    play.add_argument("--seat", type=int, default=0, help="your seat number, from 0 (default: 0)")
    play.add_argument("--seed", type=int, default=None, help="seed for shuffles and bots, to replay a match")
    _add_option_argument(play)
    play.add_argument(
        "--bots", choices=sorted(BOT_LEVELS), default="heuristic", help="how the bots play (default: heuristic)"
    )
    _add_play_extras(play)
    commands.add_parser("variants", help="list the installed variants and their options")
    _simulate_parser(
        commands.add_parser(
            "simulate",
            help="play many matches between bots and compare them",
            description="Play many matches between bots, seats rotating, and compare them: win rates with 95 % "
            "intervals, scores, placings, match lengths.",
        )
    )
    _add_table_commands(commands)
    add_profile_command(commands)
    return parser


def _add_option_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--option",
        action="append",
        type=_option_argument,
        default=[],
        metavar="NAME=VALUE",
        help="a variant option (repeatable); see 'maumau variants'",
    )


def _simulate_parser(simulate: argparse.ArgumentParser) -> None:
    simulate.add_argument(
        "--variant",
        default="classic",
        help="the variant to play, or a game profile's file (.toml) (default: classic)",
    )
    simulate.add_argument(
        "--players", type=int, default=None, help="number of seats (default: the number of bot specs, at least 2)"
    )
    simulate.add_argument(
        "--bots",
        default="heuristic,random",
        help="bot specs by seat, comma-separated: random, heuristic, search, search:BUDGET, or a bot of your own "
        "as package.module:Class (fewer specs than seats are repeated in turn; default: heuristic,random)",
    )
    simulate.add_argument("--matches", type=int, default=100, help="matches to play (default: 100)")
    simulate.add_argument("--seed", type=int, default=0, help="the seed of the run (default: 0)")
    simulate.add_argument("--jobs", type=int, default=1, help="worker processes, or Ray CPUs (default: 1)")
    simulate.add_argument("--backend", choices=("local", "ray"), default="local", help="where matches run")
    simulate.add_argument("--address", default=None, help="a Ray cluster to join (with --backend ray)")
    _add_option_argument(simulate)
    simulate.add_argument(
        "--house-rule",
        action="append",
        default=[],
        metavar="NAME",
        help="a house rule (repeatable): the game profile's own by name, an installed one, or module:object",
    )
    simulate.add_argument("--json", type=Path, default=None, metavar="PATH", help="also save the results as JSON")
    simulate.add_argument("--plot", type=Path, default=None, metavar="PATH", help="also save a plot (matplotlib)")
    simulate.add_argument("--no-progress", action="store_true", help="show no progress")


def _list_variants(stdout: TextIO) -> int:
    for name, info in variants().items():
        if not info.available:
            print(f"{name}: unavailable: {info.problem}", file=stdout)
            print(file=stdout)
            continue
        print(f"{name}: {info.summary}", file=stdout)
        print(f"  players: {info.seats.start} to {info.seats.stop - 1} (default {info.default_players})", file=stdout)
        if info.profile is not None:
            print(f"  game profile: {info.profile}", file=stdout)
        for source in info.sources:
            print(f"  source: {source}", file=stdout)
        if info.options:
            print("  options:", file=stdout)
            for option in info.options:
                print(f"    {option.describe()}", file=stdout)
        else:
            print("  options: none", file=stdout)
        print(file=stdout)
    return 0


def _play(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    options = dict(args.option)
    players = args.players
    try:
        game = game_of(args.variant, stderr)
        import_from_here()  # a house rule of one's own, by import path, may sit in the current directory
        if args.load is None:  # a profile's own house rules are its options; a loaded save names plugins only
            switched_on, args.house_rule = split_house_rules(game, args.house_rule)
            options.update(switched_on)
        if players is None:
            players = _default_players(game, options)
        if not 0 <= args.seat < players:
            print(f"maumau: error: there is no seat {args.seat}; seats are 0 to {players - 1}", file=stderr)
            return USAGE_ERROR
        names = ["You" if seat == args.seat else f"Bot {seat}" for seat in range(players)]
        if args.load is not None:
            state, args.seat, args.bots, args.house_rule = _load_game(args.load, args.bots, args.house_rule)
            players = len(state.players)
        elif args.position is not None:
            if args.save is not None:
                raise TableError("--save keeps a match's record, and a position has none: save with --from alone")
            plugins = [load_house_rule(spec) for spec in args.house_rule]
            state = from_position(read_position_file(args.position), plugins=plugins)
            players = len(state.players)
            if not 0 <= args.seat < players:
                raise TableError(f"there is no seat {args.seat}; seats are 0 to {players - 1}")
        else:
            plugins = [load_house_rule(spec) for spec in args.house_rule]
            state = new_game(args.variant, players=names, seed=args.seed, options=options, plugins=plugins)
    except (MaumauError, OSError) as error:
        print(f"maumau: error: {error}", file=stderr)
        return USAGE_ERROR
    make_bot = BOT_LEVELS[args.bots]
    later = len(state.actions)  # a loaded game's bots get new seeds, so they do not replay their first choices
    bots: dict[int, Bot] = {seat: make_bot(state.seed + seat + later) for seat in range(players) if seat != args.seat}
    print(
        f"maumau {state.variant}: {plural(players, 'player')}; you are seat {args.seat}; "
        f"{args.bots} bots; seed {state.seed} (replay with --seed {state.seed}).",
        file=stdout,
    )
    end = match_end(state.variant, state.options, players)
    print(f"{end + ' ' if end else ''}Type help at the prompt for what the cards do.", file=stdout)
    save = _saver(args.save, args.seat, args.bots, tuple(args.house_rule)) if args.save is not None else None
    return run_game(
        state, human=args.seat, bots=bots, stdin=stdin, stdout=stdout, colour=_use_colour(args, stdout), save=save
    )


def _simulate(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    try:
        bots = fill_bots([spec.strip() for spec in args.bots.split(",") if spec.strip()], args.players)
        import_from_here()  # a bot or house rule of one's own, by import path, may sit in the current directory
        game_of(args.variant, stderr)  # a profile's warnings, once
    except (MaumauError, ValueError) as error:
        print(f"maumau: error: {error}", file=stderr)
        return USAGE_ERROR
    try:
        check_outputs(args.json, args.plot)
        with progress_bar(args.matches, None if args.no_progress else stderr, terminal=_isatty(stderr)) as advance:
            result = simulate(
                args.variant,
                bots,
                matches=args.matches,
                seed=args.seed,
                options=dict(args.option),
                house_rules=args.house_rule,
                jobs=args.jobs,
                backend=args.backend,
                address=args.address,
                progress=advance,
            )
        _report(result, args, stdout)
    except SimulationInterrupted as interrupted:
        partial = interrupted.simulation
        print(f"maumau: interrupted after {len(partial.records):,} of {args.matches:,} matches", file=stderr)
        try:
            _report(partial, args, stdout)
        except (MaumauError, ValueError, OSError) as error:
            print(f"maumau: error: {error}", file=stderr)
        except KeyboardInterrupt:  # a second Ctrl-C: a file cut short keeps what it held before
            print("maumau: interrupted again, before the results were all printed and saved", file=stderr)
        return INTERRUPTED
    except KeyboardInterrupt:  # before the first match or while saving: nothing to report
        print("maumau: interrupted", file=stderr)
        return INTERRUPTED
    except (MaumauError, ValueError, OSError) as error:
        print(f"maumau: error: {error}", file=stderr)
        return USAGE_ERROR
    return 0


def _report(result: Simulation, args: argparse.Namespace, stdout: TextIO) -> None:
    """
    Print the table of *result* and save it where *args* ask.
    """
    write_table(result, stdout)
    if args.json is not None:
        write_json(result, args.json)
        print(f"Results saved to {args.json}.", file=stdout)
    if args.plot is not None and result.records:
        write_plot(result, args.plot)
        print(f"Plot saved to {args.plot}.", file=stdout)


def _default_players(variant: str, options: Mapping[str, object]) -> int:
    rules = Rules.build(resolve_variant(variant))
    return rules.default_players(rules.resolve_options(dict(options)))


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """
    Run the ``maumau`` command with *argv* (default: the process arguments).

    Returns the exit status: 0 on success, 2 for a usage error (bad
    arguments, an unknown variant, a bad option value), 130 after Ctrl-C.
    """
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    try:
        return _main(argv, stdin, stdout, stderr)
    except BrokenPipeError:  # the reader went away (`maumau play | head -1`): stop quietly, as shell tools do
        if stdout is sys.__stdout__:
            with contextlib.suppress(OSError, ValueError):  # no flush at exit may raise it again
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.__stdout__.fileno())
        return BROKEN_PIPE


def _main(argv: Sequence[str] | None, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    parser = _parser()
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            args = parser.parse_args(argv)
    except SystemExit as exit:
        return exit.code if isinstance(exit.code, int) else USAGE_ERROR
    if args.command == "variants":
        return _list_variants(stdout)
    if args.command == "play":
        return _play(args, stdin, stdout, stderr)
    if args.command in _TABLE_COMMANDS:
        return _TABLE_COMMANDS[args.command](args, stdin, stdout, stderr)
    if args.command == "simulate":
        return _simulate(args, stdout, stderr)
    if args.command == "profile":
        return run_profile(args, stdout, stderr)
    parser.print_help(stdout)
    return USAGE_ERROR


# --- tables: serve -------------------------------------------------------------------


def _add_table_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """
    The subcommands built on `maumau.Table`.
    """
    serve = commands.add_parser(
        "serve", help="host web tables (needs maumau[web])", description="Host web tables for people and bots."
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="the port to listen on (default: 8000)")
    serve.add_argument(
        "--profile",
        action="append",
        default=[],
        type=Path,
        metavar="PATH",
        help="a game profile (TOML) to offer beside the installed games (repeatable)",
    )
    serve.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="NAME=MODULE:CLASS",
        help="offer a bot of your own at the tables under NAME, beside the bot levels (repeatable)",
    )
    serve.add_argument(
        "--db",
        default="maumau-tables.db",
        metavar="PATH",
        help="the SQLite file that keeps the tables across restarts (default: maumau-tables.db; ':memory:' keeps none)",
    )
    serve.add_argument(
        "--idle-minutes",
        type=float,
        default=360.0,
        metavar="N",
        help="close a table nobody moved in for N minutes, a finished one after N/10 (default: 360)",
    )
    serve.add_argument(
        "--max-tables", type=int, default=1000, metavar="N", help="tables hosted at once (default: 1000)"
    )
    serve.add_argument(
        "--messages-per-second",
        type=float,
        default=10.0,
        metavar="N",
        help="messages a page may send per second, in bursts of 3 N (default: 10)",
    )
    serve.add_argument(
        "--creates-per-minute",
        type=int,
        default=30,
        metavar="N",
        help="tables one client address may create or load per minute (default: 30)",
    )
    serve.add_argument(
        "--tables-per-address",
        type=int,
        default=8,
        metavar="N",
        help="tables made from one client address hosted at once, 3 N from one /24 or /56 network (default: 8)",
    )
    _add_replay_command(commands)
    _add_game_file_commands(commands)


def _serve(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    try:  # read before serving: tables are made by a game's name only, never by a path a request names
        games = [game_of(str(path), stderr) for path in args.profile]  # read, its warnings said
    except MaumauError as error:  # refused as `maumau play` refuses it, with the web extra or without
        print(f"maumau: error: {error}", file=stderr)
        return USAGE_ERROR
    try:
        from .web import serve
    except ImportError as error:
        print(f"maumau: error: the web table needs the extra: pip install 'maumau[web]' ({error})", file=stderr)
        return USAGE_ERROR
    try:
        offered = register_bots(args.bot)  # imported here, from the command line: a request only names them
    except (MaumauError, ValueError) as error:
        print(f"maumau: error: {error}", file=stderr)
        return USAGE_ERROR
    if games:
        print(f"maumau: game profiles offered: {', '.join(games)}", file=stdout)
    if offered:
        print(f"maumau: bots of your own offered: {', '.join(offered)}", file=stdout)
    limits_given = (
        args.idle_minutes,
        args.max_tables,
        args.creates_per_minute,
        args.messages_per_second,
        args.tables_per_address,
    )
    if not all(value > 0 for value in limits_given):
        print(
            "maumau: error: --idle-minutes, --max-tables, --creates-per-minute, --messages-per-second and "
            "--tables-per-address must be more than 0",
            file=stderr,
        )
        return USAGE_ERROR
    from .web import Limits, Store, StoreError

    try:  # written once now: a database the server cannot write is refused before any table is served
        Store(args.db).close()
    except StoreError as error:
        print(f"maumau: error: {error}", file=stderr)
        return USAGE_ERROR
    limits = Limits(
        idle_seconds=args.idle_minutes * 60,
        tables=args.max_tables,
        creates_per_minute=args.creates_per_minute,
        creates_per_network=2 * args.creates_per_minute,
        tables_per_client=args.tables_per_address,
        tables_per_network=3 * args.tables_per_address,
        messages_per_second=args.messages_per_second,
        burst=max(1, round(3 * args.messages_per_second)),
    )
    kept = "kept in memory only" if args.db == ":memory:" else f"kept in {args.db}"
    print(f"maumau: web tables on http://{args.host}:{args.port}/, {kept} (Ctrl-C stops)", file=stdout)
    serve(args.host, args.port, db=args.db, limits=limits)
    return 0


# --- the terminal's extras: moves by name, colour, saving and loading, replays -----------------------


@attrs.define
class _Extras:
    """
    What a terminal session does beyond the rules: paint suits, save after every change.
    """

    colour: bool = False
    save: Callable[[GameState], None] | None = None

    def changed(self, state: GameState) -> None:
        if self.save is not None:
            self.save(state)


#: ANSI colours of suits: a four-colour pack (as the web table draws it), and colour decks by their colour's name.
_ANSI = {
    "♥": "31",
    "♦": "34",
    "♣": "32",
    "♠": "1",
    "red": "31",
    "green": "32",
    "yellow": "33",
    "blue": "34",
    "pink": "35",
    "brown": "33",
    "black": "1",
    "beige": "37",
}
_FRENCH_CARD = re.compile(r"(?:10|[2-9AJQK])[♣♦♥♠]|[♣♦♥♠]")
_COLOUR_CARD = re.compile(r"\b(red|green|yellow|blue|pink|brown|black|beige)(?= (?:\+?\d+|[A-Z][a-z]+|X)\b)( \S+)")


def _paint(text: str) -> str:
    """
    *text* with every card's suit in its ANSI colour.
    """
    text = _FRENCH_CARD.sub(lambda found: f"\033[{_ANSI[found.group(0)[-1]]}m{found.group(0)}\033[0m", text)
    return _COLOUR_CARD.sub(lambda found: f"\033[{_ANSI[found.group(1)]}m{found.group(0)}\033[0m", text)


def _use_colour(args: argparse.Namespace, stdout: TextIO) -> bool:
    """
    ``--color always``/``never``; ``auto`` (the default) colours a terminal, unless ``NO_COLOR`` is set (no-color.org).
    """
    if args.color != "auto":
        return bool(args.color == "always")
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return _isatty(stdout)


def _named(text: str, moves: Sequence[Action], count: int) -> int | None:
    """
    The index of the move *text* names: one of *moves*, or ``wait`` for the "do nothing" entry after them.
    """
    if text.strip().lower() in ("wait", "w") and count == len(moves) + 1:
        return len(moves)
    found = find_move(text, moves)
    return None if found is None else list(moves).index(found)


def _add_play_extras(play: argparse.ArgumentParser) -> None:
    play.add_argument(
        "--house-rule",
        action="append",
        default=[],
        metavar="NAME",
        help="a house rule (repeatable): the game profile's own by name, an installed one, or module:attribute",
    )
    play.add_argument("--save", metavar="FILE", help="save the match to FILE after every move (a table save)")
    play.add_argument("--load", metavar="FILE", help="go on with a match saved with --save")
    play.add_argument(
        "--from", dest="position", metavar="FILE", help="start from the position in FILE (see `maumau position`)"
    )
    play.add_argument("--color", choices=("auto", "always", "never"), default="auto", help="colour the suits")


def _saver(path: str, human: int, level: str, house_rules: tuple[str, ...]) -> Callable[[GameState], None]:
    """
    Save each state to *path* as a `maumau.Table` would (the human's seat a person's, the others bots of *level*).
    """

    def save(state: GameState) -> None:
        seats = [Seat(p.name, None if seat == human else level) for seat, p in enumerate(state.players)]
        text = Table.around(state, seats, house_rules=house_rules).to_json()
        write_text_whole(path, text)  # Ctrl-C while saving leaves the last whole save

    return save


def _load_game(path: str, level: str, trusted: Sequence[str]) -> tuple[GameState, int, str, list[str]]:
    """
    A match saved with ``--save``: its state, the human's seat, the bots' level, the house rules.

    The house rules the save names are installed ones, or import paths given again with ``--house-rule``
    (*trusted*): a save alone never makes the terminal import anything.
    """
    table = Table.from_json(Path(path).read_bytes(), imports=tuple(trusted))
    people = [number for number, seat in enumerate(table.seats) if not seat.is_bot]
    if not people:
        raise TableError(f"{path} has no person's seat to play")
    levels = {seat.bot for seat in table.seats if seat.bot in BOT_LEVELS}
    return table.state, people[0], levels.pop() if len(levels) == 1 else level, list(table.house_rules)


def _replay(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """
    Step through a saved game, showing it as one seat saw it or as a spectator did.
    """
    try:
        record, plugins = _read_saved(Path(args.file).read_bytes())
        state = start_of(record, plugins=plugins)
        if args.seat is not None and not 0 <= args.seat < len(state.players):
            raise TableError(f"there is no seat {args.seat}; seats are 0 to {len(state.players) - 1}")
    except (MaumauError, OSError) as error:
        print(f"maumau: error: {error}", file=stderr)
        return USAGE_ERROR
    seat = args.seat
    narrator = _Narrator(record.players, seat)
    pause = stdin is sys.stdin and _isatty(stdin)
    colour = _use_colour(args, stdout)

    def show(number: int, state: GameState) -> None:
        seen = spectate(state) if seat is None else view(state, seat)
        heading = f"--- move {number} of {len(record.actions)} " if number else "--- the deal "
        lines = [heading.ljust(60, "-")]
        lines += [f"  {line}" for line in narrator.story(seen.events)]
        lines += narrator.table(seen) if isinstance(seen, PlayerView) else _watched(narrator, seen)
        for line in lines:
            print(_paint(line) if colour else line, file=stdout)

    seen_by = "a spectator" if seat is None else f"{record.players[seat]} (seat {seat})"
    setup = f"{record.variant}, {plural(len(record.players), 'player')}, seed {record.seed}"
    print(f"maumau replay: {setup}; seen by {seen_by}", file=stdout)
    show(0, state)
    for number, action in enumerate(record.actions, 1):
        if pause and input("Enter: next move, q: stop ").strip().lower() in ("q", "quit"):
            return 0
        try:
            state = apply(state, action)
        except MaumauError as error:
            print(f"maumau: error: move {number} does not replay: {error}", file=stderr)
            return 1
        show(number, state)
    return 0


def _read_saved(text: bytes) -> tuple[GameRecord, list[object]]:
    """
    The record in a table save, a saved state or a saved record, with the house rules it names.
    """
    document = parse_json(text) if text.strip().startswith(b"{") else None
    if isinstance(document, dict) and document.get("format") == TABLE_FORMAT:
        table = Table.from_json(text)  # installed house rules only: a save is never a reason to import
        return table.state.record, [load_house_rule(rule, imports=False) for rule in table.house_rules]
    if isinstance(document, dict) and "draw_pile" in document:
        state = from_json(text, GameState)
        return state.record, []
    return from_json(text, GameRecord), []


def _watched(narrator: _Narrator, watched: SpectatorView) -> list[str]:
    """
    The table as a spectator sees it: counts, the top card, scores, what the variant puts beside the cards.
    """
    lines = [f"Scores:     {' · '.join(f'{narrator.name(s)} {score}' for s, score in enumerate(watched.scores))}"]
    top = f"Top card:   {watched.top}" + (f"    wished suit: {watched.wish}" if watched.wish else "")
    lines.append(top + (f"    owed: {cards_word(watched.debt)}" if watched.debt else ""))
    if watched.playing and watched.to_move is not None:
        cards = " ".join(map(str, watched.playing))
        lines.append(f"Open play:  {narrator.name(watched.to_move)} has put down {cards}; a card must follow")
    waiting = narrator.waiting(watched.waits)
    if waiting:
        lines.append(f"Sits out:   {waiting}")
    hands = " · ".join(f"{narrator.name(s)}: {cards_word(size)}" for s, size in enumerate(watched.hand_sizes))
    lines += [f"{record.label + ':':<11} {record.text}" for record in narrator.status(watched)]
    lines.append(f"Hands:      {hands}    (draw pile: {watched.draw_pile_size})")
    return lines + narrator.variant_slots(watched)


def _position(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """
    Print the position of a saved game (where it stands) or of a position file, checked and written in full.
    """
    try:
        text = read_position_file(args.file)
        if text.lstrip().startswith("{"):
            record, plugins = _read_saved(text.encode("utf-8"))
            state = replay_record(record, plugins=plugins)
        else:
            state = from_position(text)
    except (MaumauError, OSError) as error:
        print(f"maumau: error: {error}", file=stderr)
        return USAGE_ERROR
    print(to_position(state), end="", file=stdout)
    return 0


def _check(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """
    Check a game: its worked examples, then the conformance kit; each failure in words, exit status 1 if any.
    """
    try:
        game = resolve_variant(game_of(args.game, stderr))
        examples = examples_of(game)
        problems = check_game(game, games=args.games)
    except (MaumauError, OSError) as error:
        print(f"maumau: error: {error}", file=stderr)
        return USAGE_ERROR
    failed = sum(problem.startswith("example ") for problem in problems)
    print(f"{game}: {plural(len(examples), 'worked example')}, {len(examples) - failed} hold", file=stdout)
    for problem in problems:
        print(f"  failed: {problem}", file=stdout)
    print(f"{game}: {'all checks pass' if not problems else plural(len(problems), 'failure')}", file=stdout)
    return 1 if problems else 0


def _rules(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """
    Print a game's rule sheet.
    """
    try:
        game = resolve_variant(game_of(args.game, stderr))
        print(rule_sheet(game, markdown=args.markdown), end="", file=stdout)
    except (MaumauError, OSError) as error:
        print(f"maumau: error: {error}", file=stderr)
        return USAGE_ERROR
    return 0


def _add_replay_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    replay = commands.add_parser(
        "replay", help="step through a saved game", description="Step through a saved game, move by move."
    )
    replay.add_argument("file", metavar="FILE", help="a --save file, a saved state or a saved record")
    replay.add_argument("--seat", type=int, default=None, help="show this seat's view (default: a spectator's)")
    replay.add_argument("--color", choices=("auto", "always", "never"), default="auto", help="colour the suits")


def _add_game_file_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """
    The subcommands of positions, worked examples and rule sheets: ``position``, ``check``, ``rules``.
    """
    position = commands.add_parser(
        "position",
        help="print where a saved game stands, as a position's text",
        description="Print the position of a saved game (a --save file, a saved state or record), or check a "
        "position file and print it in full; `maumau play --from FILE` plays on from it.",
    )
    position.add_argument("file", metavar="FILE", help="a saved game or a position")
    check = commands.add_parser(
        "check",
        help="check a game: its worked examples and the conformance kit",
        description="Play an installed game's worked examples and the conformance kit, and say what failed.",
    )
    check.add_argument("game", metavar="GAME", help="an installed game's name, or a profile's path")
    check.add_argument("--games", type=int, default=None, help="random matches of the conformance kit (default: 10)")
    rules = commands.add_parser(
        "rules",
        help="print the rules of a game in plain words",
        description="Print the rules of an installed game: players, pack, every rule, options, house rules and "
        "worked examples.",
    )
    rules.add_argument("game", metavar="GAME", help="an installed game's name, or a profile's path")
    rules.add_argument("--markdown", action="store_true", help="write Markdown, for docs pages")


_TABLE_COMMANDS: dict[str, Callable[[argparse.Namespace, TextIO, TextIO, TextIO], int]] = {
    "serve": _serve,
    "replay": _replay,
    "position": _position,
    "check": _check,
    "rules": _rules,
}
