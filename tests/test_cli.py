"""
Tests for the ``maumau`` command: scripted sessions against bots, the variant list, usage errors.
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from family import family, family_game
from helpers import cards, deal
from maumau import (
    Action,
    CallRuling,
    CardPlayed,
    Effect,
    Event,
    GameState,
    HandsPassed,
    Pass,
    PlayCard,
    PlayerView,
    PlaysAgain,
    apply,
    hookimpl,
    new_game,
    parse_card,
    view,
)
from maumau.bots import Bot, HeuristicBot
from maumau.cli import _Leave, _Narrator, _Session, main, parse_option, run_game
from maumau.mechanics import (
    Challenges,
    ChooseRank,
    Combinations,
    HandShown,
    PlayChallenges,
    RankWishes,
    Stacking,
)
from maumau.mechanics.placings import PlayerRevived
from maumau.mechanics.play_challenges import PlayChallenged
from maumau.mechanics.wishes import RankWished

#: A short match: the first round decides it.
SHORT = ["play", "--seed", "3", "--option", "target=1"]


def run(argv: list[str], script: str = "") -> tuple[int, str, str]:
    """
    Run ``maumau`` with *argv*, typing *script*; the exit status, standard output and standard error.
    """
    stdout, stderr = io.StringIO(), io.StringIO()
    code = main(argv, stdin=io.StringIO(script), stdout=stdout, stderr=stderr)
    return code, stdout.getvalue(), stderr.getvalue()


def ones(count: int = 500) -> str:
    """
    Input that always picks move 1.
    """
    return "1\n" * count


class TestPlay:
    """
    ``maumau play``: a human against bots, through text.
    """

    def test_always_choosing_move_one_plays_a_short_match_to_its_end(self) -> None:
        code, out, _ = run(SHORT, ones())

        assert code == 0
        assert "Your moves:\n  1. " in out
        assert "The match is over" in out
        assert out.rstrip().endswith(("won the match.", "You win the match!")) or "share the win" in out

    def test_each_prompt_shows_the_table_and_numbered_moves(self) -> None:
        code, out, _ = run(SHORT, ones())
        first = out.split("Your move [")[0]

        assert code == 0
        for label in ("=== Round 1 · your turn", "Scores:", "Top card:", "Opponents:", "Your hand:", "Your moves:"):
            assert label in first
        assert re.search(r"Bot 1: \d+ cards", first)
        assert re.search(r"^  1\. (play|draw)", first, re.MULTILINE)
        assert "resign (leave the match)" in first

    def test_the_events_since_the_last_move_are_told_in_words(self) -> None:
        code, out, _ = run(["play", "--seed", "3", "--option", "target=1", "--seat", "2"], ones())

        assert code == 0
        assert "Since your last move:" in out
        assert re.search(r"Round 1 begins: Bot 0 deals; the starter card is \S+\. Bot 1 plays first\.", out)
        assert re.search(r"Bot \d plays \S+\.", out)
        assert re.search(r"Round 1 is over \(.*\)\. Won by .*\. Points: Bot 0 \+\d+, Bot 1 \+\d+, You \+\d+\.", out)

    def test_bad_input_is_explained_and_asked_again(self) -> None:
        code, out, _ = run(SHORT, "\nabc\n99\n0\n-1\n" + ones())

        assert code == 0
        assert "Please choose a move: type a number from 1 to" in out
        assert "'abc' is not a move number or name; type a number from 1 to" in out
        assert "There is no move 99; type a number from 1 to" in out
        assert "There is no move 0;" in out
        assert "There is no move -1;" in out
        assert "The match is over" in out

    def test_the_same_seed_and_input_give_the_same_session(self) -> None:
        assert run(SHORT, ones()) == run(SHORT, ones())

    def test_random_bots_and_more_players_also_reach_the_end(self) -> None:
        code, out, _ = run(["play", "--seed", "8", "--players", "5", "--seat", "3", "--bots", "random"], ones(3000))

        assert code == 0
        assert "The match is over" in out

    def test_search_bots_can_be_chosen_by_level(self) -> None:
        argv = ["play", "--seed", "4", "--players", "2", "--bots", "search", "--option", "target=1"]

        code, out, _ = run(argv, ones())

        assert code == 0
        assert "search bots" in out
        assert "The match is over" in out

    def test_an_unknown_bot_level_is_a_usage_error(self) -> None:
        code, _, err = run(["play", "--bots", "genius"])

        assert code == 2
        assert "invalid choice: 'genius'" in err

    def test_q_quits(self) -> None:
        code, out, _ = run(SHORT, "q\n")

        assert code == 0
        assert out.rstrip().endswith("You left the game.")

    def test_end_of_input_leaves_cleanly(self) -> None:
        code, out, _ = run(SHORT, "1\n")

        assert code == 0
        assert out.rstrip().endswith("Input ended; leaving the game.")

    def test_ctrl_c_leaves_cleanly(self) -> None:
        class Interrupting(io.StringIO):
            """
            Standard input on which the user presses Ctrl-C.
            """

            def readline(self, size: int | None = -1, /) -> str:  # type: ignore[override]  # typeshed quirk
                raise KeyboardInterrupt

        stdout = io.StringIO()
        code = main(SHORT, stdin=Interrupting(), stdout=stdout, stderr=io.StringIO())

        assert code == 130
        assert stdout.getvalue().rstrip().endswith("Interrupted; leaving the game.")

    def test_a_challenge_is_offered_out_of_turn_before_the_next_bot_moves(self) -> None:
        state = deal(
            ["9c 8c 9d 10c Qc", "Qd Kh 7h Ah 8s", "9s 10d Qs Ks As"],
            starter="10h",
            plugins=[CALL_ON_EVERY_CARD, CHALLENGEABLE_CALLS],
        )
        stdout = io.StringIO()
        bots: dict[int, Bot] = {1: Forgetful(), 2: HeuristicBot(2)}

        code = run_game(state, human=0, bots=bots, stdin=io.StringIO("1\nq\n"), stdout=stdout)
        out = stdout.getvalue()

        assert code == 0
        assert "=== Round 1 · Seat 2 to move" in out
        offer = "You may act before Seat 2 moves:\n  1. challenge Seat 1 (missed 'Mau')  [challenge]\n  2. do nothing"
        assert offer in out
        assert "You challenge Seat 1 for the missed 'Mau'." in out
        assert "Seat 1 draws 2 penalty cards (missed 'Mau')." in out

    def test_declining_an_out_of_turn_move_lets_play_go_on(self) -> None:
        state = deal(
            ["9c 8c 9d 10c Qc", "Qd Kh 7h Ah 8s", "9s 10d Qs Ks As"],
            starter="10h",
            plugins=[CALL_ON_EVERY_CARD, CHALLENGEABLE_CALLS],
        )
        stdout = io.StringIO()
        bots: dict[int, Bot] = {1: Forgetful(), 2: HeuristicBot(2)}

        run_game(state, human=0, bots=bots, stdin=io.StringIO("2\nq\n"), stdout=stdout)
        out = stdout.getvalue()

        assert "Seat 2 challenges Seat 1 for the missed 'Mau'." in out  # the bot noticed too
        assert "You challenge" not in out

    def test_a_match_started_by_a_program_can_be_played_through_run_game(self) -> None:
        state = new_game("classic", players=["Ann", "Ben"], seed=5, options={"target": 1})
        stdout = io.StringIO()

        code = run_game(state, human=1, bots={0: HeuristicBot(0)}, stdin=io.StringIO(ones()), stdout=stdout)

        assert code == 0
        assert "Ann: " in stdout.getvalue()
        assert "The match is over" in stdout.getvalue()


class Forgetful:
    """
    A bot that never says a call.
    """

    def choose(self, view: PlayerView) -> Action:
        silent = [a for a in view.legal_actions if isinstance(a, PlayCard) and a.call is None]
        return silent[0] if silent else HeuristicBot(0).choose(view)


class CallOnEveryCard:
    """
    House rule for these tests: every play must say "Mau".
    """

    @hookimpl
    def maumau_expected_call(self) -> str:
        return "Mau"


class ChallengeableCalls:
    """
    House rule for these tests: a missed call costs 2 cards only when challenged before the next turn ends.
    """

    @hookimpl
    def maumau_mechanics(self) -> tuple[object, ...]:
        return (Challenges(closes="turn"),)

    @hookimpl
    def maumau_judge_call(self, call: str | None, expected: str | None) -> CallRuling | None:
        if expected and call != expected:
            return CallRuling(missed=expected, penalty=2)
        return None


CALL_ON_EVERY_CARD = CallOnEveryCard()
CHALLENGEABLE_CALLS = ChallengeableCalls()


class TestUsageErrors:
    """
    Bad arguments print a message and exit with status 2.
    """

    def test_a_bad_option_value_prints_the_librarys_message(self) -> None:
        code, _, err = run(["play", "--option", "hand_size=7"])

        assert code == 2
        assert "maumau: error: classic: option 'hand_size': 7 is not allowed; allowed: 5, 6" in err

    def test_an_option_of_the_wrong_type_prints_the_librarys_message(self) -> None:
        code, _, err = run(["play", "--option", "jack_on_jack=maybe"])

        assert code == 2
        assert "option 'jack_on_jack': expected bool, got str 'maybe'" in err

    def test_an_unknown_option_lists_the_known_ones(self) -> None:
        code, _, err = run(["play", "--option", "colour=pink"])

        assert code == 2
        assert "option 'colour': unknown option; allowed: hand_size" in err

    def test_an_option_without_a_value_is_a_usage_error(self) -> None:
        code, _, err = run(["play", "--option", "hand_size"])

        assert code == 2
        assert "expected name=value, got 'hand_size'" in err

    def test_an_unknown_variant_lists_the_installed_ones(self) -> None:
        code, _, err = run(["play", "--variant", "snap"])

        assert code == 2
        assert "unknown variant 'snap'; known: " in err
        assert "classic" in err

    def test_too_many_players_is_refused(self) -> None:
        code, _, err = run(["play", "--players", "11"])

        assert code == 2
        assert "11 players; allowed: 2 to 10" in err

    def test_a_seat_that_does_not_exist_is_refused(self) -> None:
        code, _, err = run(["play", "--players", "3", "--seat", "3"])

        assert code == 2
        assert "there is no seat 3; seats are 0 to 2" in err

    def test_no_command_shows_the_help(self) -> None:
        code, out, _ = run([])

        assert code == 2
        assert "play" in out
        assert "variants" in out


class TestVariants:
    """
    ``maumau variants``.
    """

    def test_variants_lists_classic_with_players_and_options(self) -> None:
        code, out, _ = run(["variants"])

        assert code == 0
        assert "classic: Classic Mau-Mau" in out
        assert "players: 2 to 10" in out
        assert "hand_size (int, default 5, one of 5, 6): cards dealt to each player" in out


class TestParseOption:
    """
    Tests for `maumau.cli.parse_option`.
    """

    @pytest.mark.parametrize(
        ("text", "expected"),
        [
            ("jack_on_jack=true", ("jack_on_jack", True)),
            ("jack_on_jack=False", ("jack_on_jack", False)),
            ("hand_size=6", ("hand_size", 6)),
            ("target=-5", ("target", -5)),
            ("scoring=holders", ("scoring", "holders")),
            ("name=a=b", ("name", "a=b")),
            ("finish=3:24, 4:27", ("finish", ((3, 24), (4, 27)))),
        ],
    )
    def test_values_read_as_bool_int_or_text(self, text: str, expected: tuple[str, object]) -> None:
        assert parse_option(text) == expected

    @pytest.mark.parametrize("text", ["hand_size", "=5", ""])
    def test_text_without_name_and_value_is_refused(self, text: str) -> None:
        with pytest.raises(ValueError, match="expected name=value"):
            parse_option(text)


def test_the_installed_console_script_plays_through_stdin() -> None:
    script = Path(sys.executable).parent / "maumau"
    if not script.exists():
        pytest.skip(f"no console script next to {sys.executable}")

    done = subprocess.run(
        [str(script), *SHORT],
        input="abc\n" + ones(),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )

    assert done.returncode == 0, done.stderr
    assert "'abc' is not a move number" in done.stdout
    assert "Your moves:\n  1. " in done.stdout
    assert "The match is over" in done.stdout


class TestEveryVariantInTheTerminal:
    """
    Tests for `maumau play --variant ...`: each variant's own moves reach the human.
    """

    @pytest.mark.parametrize(
        ("variant", "offered"),
        [
            ("penalty-52", "You may act before"),  # a bot forgot a call: the human may challenge
            ("ccw-house", "jump in with"),  # the human holds the top card's twin
            ("sau-mau-mau", "bet on the"),  # after a draw the human may bet
            ("classic", "penalty cards"),  # a bot forgot 'Mau' and drew at once
        ],
    )
    def test_a_match_is_played_to_its_end_with_the_variants_own_moves(self, variant: str, offered: str) -> None:
        stdout = io.StringIO()
        seed = "1" if variant == "classic" else "0"
        args = ["play", "--variant", variant, "--seed", seed, "--players", "3"]

        code = main(args, stdin=io.StringIO("1\n" * 5000), stdout=stdout, stderr=io.StringIO())

        assert code == 0
        assert offered in stdout.getvalue()
        assert "The match is over" in stdout.getvalue()

    def test_the_race_shows_the_track_the_hidden_bets_and_the_points(self) -> None:
        stdout = io.StringIO()
        args = ["play", "--variant", "sau-mau-mau", "--seed", "4", "--players", "3"]

        main(args, stdin=io.StringIO("1\n" * 4 + "q\n"), stdout=stdout, stderr=io.StringIO())
        out = stdout.getvalue()

        assert "Board:      race to space 15" in out
        assert re.search(r"black \|\.+@\.+\| \d+", out)  # the track
        assert "1. (6) Bot 1 on ?" in out  # a bot's pig stays hidden, and the bot is named, not numbered
        assert "Scores:     You 0 · Bot 1 0 · Bot 2 0" in out
        assert "Bot 1 moves the black pig back from space 12 to 11." in out  # the variant's own sentence


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("You moves the pink pig", "You move the pink pig"),
        ("You is out of cards", "You are out of cards"),
        ("You pushes the pig back", "You push the pig back"),
        ("You places a bet", "You place a bet"),
    ],
)
def test_a_variants_sentence_about_the_human_reads_in_the_second_person(sentence: str, expected: str) -> None:
    from maumau.cli import second_person

    assert expected == second_person(sentence)


#: A house rule for these tests: sets of one rank go down as one play (``--house-rule test_cli:SETS``).
SETS = family(mechanics=(Combinations(),), name="sets")

#: Seat 1 (the human below) plays first, on 9♥: 8♥ alone, or 8♥ and 8♦ as one play.
EIGHTS = ["9c 10d 5c 6c 7c", "8h 8d 5s Kc Qc", "3h 4h 5h 6h 8s"]


def session(state: GameState, script: str, *, human: int = 1) -> tuple[str, list[GameState]]:
    """
    Play *state* as seat *human* against heuristic bots, typing *script*: the transcript and every state saved.
    """
    stdout = io.StringIO()
    states: list[GameState] = []
    bots: dict[int, Bot] = {seat: HeuristicBot(seat) for seat in range(len(state.players)) if seat != human}
    run_game(state, human=human, bots=bots, stdin=io.StringIO(script), stdout=stdout, save=states.append)
    return stdout.getvalue(), states


class TestSeveralCardsAtOnce:
    """
    Tests for typing a play of several cards in ``maumau play``: ``8h 8d``, ``mau 8h 8d``.
    """

    def test_typing_three_cards_in_maumau_play_plays_them_as_one_play(self) -> None:
        """
        With the house rule on the command line, ``5h 5d 5s`` goes down as one play, told in one sentence.
        """
        code, out, _ = run(["play", "--seed", "22", "--house-rule", "test_cli:SETS"], "5h 5d 5s\nq\n")
        first, later = out.split("Your move [", 1)

        assert code == 0
        assert "2. play 5♥, then more cards (a card must follow it)  [5h+]" in first
        assert "You play 5♥, 5♦ and 5♠." in later
        assert re.search(r"Your hand:  10♣  K♠\n", later)

    def test_typed_cards_are_applied_one_action_each(self) -> None:
        out, states = session(family_game(EIGHTS, "9h", plugin=SETS), "8h 8d\nq\n")
        eight, other = parse_card("8h"), parse_card("8d")

        assert states[-1].record.actions[:2] == (PlayCard(1, eight, None, True), PlayCard(1, other))
        assert "You play 8♥ and 8♦." in out

    def test_a_card_that_cannot_follow_is_explained_and_nothing_is_played(self) -> None:
        state = family_game(EIGHTS, "9h", plugin=SETS)

        out, states = session(state, "8h 5s\nq\n")

        assert (
            "'8h 5s' cannot be played: 5♠ does not follow 8♥ in one play (a set of one rank); nothing was played."
            in out
        )
        assert states[-1].record.actions == ()
        assert out.count("Your moves:") == 1  # asked again on the same menu

    def test_a_call_that_is_not_due_is_explained(self) -> None:
        out, states = session(family_game(EIGHTS, "9h", plugin=SETS), "mau 8h 8d\nq\n")

        assert "'mau 8h 8d' cannot be played: 8♦ may end the play only without a call; nothing was played." in out
        assert states[-1].record.actions == ()

    def test_the_call_goes_before_the_cards(self) -> None:
        """
        Four 8s leave one card: ``mau 8h 8d 8s 8c`` says 'Mau' with the play's last card; a call after it is no card.
        """
        state = family_game(["9c 10d 5c 6c 7c", "8h 8d 8s 8c Kc", "3h 4h 5h 6h 7h"], "9h", plugin=SETS)

        wrong, _ = session(state, "8h 8d 8s 8c mau\nq\n")
        out, states = session(state, "mau 8h 8d 8s 8c\nq\n")

        assert "'8h 8d 8s 8c mau' cannot be played: 'mau' is no card (a call goes before the cards: " in wrong
        assert states[-1].record.actions[3] == PlayCard(1, parse_card("8c"), "Mau")
        assert "You play 8♥, 8♦, 8♠ and 8♣ and say 'Mau'." in out

    def test_one_card_with_more_leaves_the_play_open(self) -> None:
        out, _ = session(family_game(EIGHTS, "9h", plugin=SETS), "8h+\nq\n")
        second = out.split("Your move [", 2)[1]

        assert "You play 8♥, more to follow." in second
        assert "Open play:  You have put down 8♥; a card must follow" in second
        assert "1. play 8♦ to end the play  [8d]" in second

    def test_a_planned_card_no_longer_allowed_stops_the_play_with_the_reason(self) -> None:
        """
        Each card of a typed play is checked again when its turn comes; one that is not listed stops the play.
        """
        state = apply(family_game(EIGHTS, "9h", plugin=SETS), PlayCard(1, parse_card("8h"), None, True))
        stdout = io.StringIO()
        typed = _Session(state, 1, {}, io.StringIO("q\n"), stdout)
        typed.planned = [PlayCard(1, parse_card("5s"))]

        with pytest.raises(_Leave, match="You left the game"):
            typed.human_turn()

        assert "Your play stops before 5♠: 5♠ does not follow 8♥ in one play (a set of one rank)." in stdout.getvalue()
        assert typed.planned == []


class TestNewEventsInWords:
    """
    Tests for the narration of the family's events, actions and table in ``maumau play``.
    """

    NAMES = ("Ann", "Bob", "Cleo")

    @pytest.mark.parametrize(
        ("event", "seat", "expected"),
        [
            (PlaysAgain(0, "must"), 0, "You play again."),
            (PlaysAgain(1, "may"), 0, "Bob may play again (or pass)."),
            (CardPlayed(1, parse_card("8h"), None, False, True), 0, "Bob plays 8♥, more to follow."),
            (HandShown(1, 0, cards("2d 3s")), 0, "Bob shows their hand to you: 2♦ 3♠."),
            (HandShown(0, 1, cards("2d 3s")), 0, "You show your hand to Bob: 2♦ 3♠."),
            (HandShown(1, 2, None), 0, "Bob shows their hand to Cleo."),
            (PlayChallenged(0, 1, parse_card("Jc"), True), 0, "You challenge Bob's J♣: it was not allowed."),
            (PlayChallenged(2, 0, parse_card("Jc"), False), 0, "Cleo challenges your J♣: it was allowed."),
            (RankWished(0, "7"), 0, "You wish for 7s."),
            (RankWished(1, "Q"), 0, "Bob wishes for queens."),
            (PlayerRevived(2, 2), 0, "Cleo is brought back into the round with 2 cards."),
            (PlayerRevived(0, 1), 0, "You are brought back into the round with 1 card."),
            (
                HandsPassed((1, 2, 0), 1, (None, None, cards("7h 8h"))),
                0,
                "Bob, Cleo and You pass their hands on to the next; you passed on 7♥ 8♥.",
            ),
            (HandsPassed((0, 1), 2, (None, None)), 2, "Ann and Bob pass their hands on to the next 2 times."),
        ],
    )
    def test_each_event_is_one_sentence(self, event: Event, seat: int, expected: str) -> None:
        assert expected == _Narrator(self.NAMES, seat).event(event)

    def test_the_cards_of_one_play_are_told_together(self) -> None:
        played = [
            CardPlayed(1, parse_card("8h"), None, False, True),
            CardPlayed(1, parse_card("8d"), None, False, True),
            CardPlayed(1, parse_card("8s"), "Mau"),
            PlaysAgain(2, "must"),
            CardPlayed(2, parse_card("9s"), None, False, True),
        ]

        assert _Narrator(self.NAMES, 0).story(played) == [
            "Bob plays 8♥, 8♦ and 8♠ and says 'Mau'.",
            "Cleo plays again.",
            "Cleo plays 9♠, more to follow.",
        ]

    def test_a_wished_rank_is_typed_told_and_shown(self) -> None:
        state = family_game(
            ["9c 10d 5c 6c 7c", "Qh 2d 5s Kc Qc", "3h 4h 5h 6h 8s"],
            "9h",
            mechanics=(RankWishes(cards="Q", ranks=("7", "8")),),
        )

        out, states = session(state, "qh\nrank 8\nq\n")
        wished = out.split("Your move [", 2)[1]
        after = apply(apply(state, PlayCard(1, parse_card("Qh"))), ChooseRank(1, "8"))

        assert "1. wish for 7s  [rank 7]" in wished
        assert "2. wish for 8s  [rank 8]" in wished
        assert "You wish for 8s." in out
        assert states[-1].record.actions[:2] == after.record.actions
        assert "Wished rank: 8" in _Narrator(self.NAMES, 2).table(view(after, 2))

    def test_a_play_is_challenged_by_typing_its_name(self) -> None:
        """
        Bob's only card is a jack open to a challenge; the human challenges it, sees the hand and pays.
        """
        state = family_game(
            ["9c 10d 5c 6c 7c", "Jc 2d 3s Kc Qc", "3h 4h 5h 6h 8h"],
            "9h",
            effects={"J": Effect(choose_suit=True, draw=4)},
            mechanics=(PlayChallenges(cards="J"),),
        )

        out, _ = session(state, "challenge play\nq\n", human=2)
        offer, later = out.split("Your move [", 1)

        assert "Challenge:  Seat 1's J♣ may be challenged by you" in offer
        assert "1. challenge Seat 1's J♣ (their hand is shown to you)  [challenge play]" in offer
        assert re.search(r"Seat 1 shows their hand to you: \S+ \S+ \S+ \S+\.", later)
        assert "You challenge Seat 1's J♣: it was allowed." in later

    def test_another_turn_that_may_be_passed(self) -> None:
        state = family_game(["9c 10d 5c 6c 7c", "Kh 2d 5s Kc Qc", "3h 4h 5h 6h 8s"], "9h", effects={"K": MAY_AGAIN})

        out, _ = session(state, "kh\nq\n")
        again = out.split("Your move [", 2)[1]

        assert "You play K♥." in again
        assert "You may play again (or pass)." in again
        assert "Again:      You may play again (or pass)" in again
        assert "pass (do not play again)  [pass]" in again

    def test_turns_to_sit_out_are_on_the_table(self) -> None:
        state = family_game(
            ["9c 5d 7d 6c 7c", "4h 2c 3s Kc Qc", "4c 4s 5h 6h 8h"],
            "9h",
            "Ad Ah As Ac",
            effects={"4": Effect(sit_out=1)},
            mechanics=(Stacking(),),
        )
        for action in (PlayCard(1, parse_card("4h")), PlayCard(2, parse_card("4c"))):
            state = apply(state, action)

        owed = _Narrator(self.NAMES, 0).table(view(state, 0))
        state = apply(state, Pass(0))
        waiting = _Narrator(self.NAMES, 1).table(view(state, 1))

        assert "Owed:       You miss 2 turns (pass or answer)" in owed
        assert "Sits out:   Ann 1 turn" in waiting


MAY_AGAIN = Effect(again="may")
