"""
The front-end kit: front ends name no mechanic, mechanics show their part of the table, and the chat bot
example plays whole matches.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from types import ModuleType

import pytest

import maumau
from family import family_game
from maumau import CallRuling, Challenge, Narrator, PlayCard, Status, apply, find_move, hookimpl, parse_card, view
from maumau.mechanics import Challenges, ChooseRank, RankWishes
from test_examples import load_example

SRC = Path(maumau.__file__).resolve().parent
#: The front ends: none of them may import a mechanic.
FRONT_ENDS = [
    SRC / "cli.py",
    SRC / "_narration.py",
    SRC / "_policy.py",
    SRC / "_moves.py",
    *sorted((SRC / "web").glob("*.py")),
]


def _web_render() -> ModuleType:
    """
    The web table's renderer, which needs the web extra (``nox -s web`` runs these tests with it).
    """
    return pytest.importorskip("maumau.web._render", reason="the web table's extra (starlette) is not installed")


def _imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            names.update(f"{module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


class TestFrontEndsNameNoMechanic:
    """
    The front ends ask the mechanics through hooks and records; they import none.
    """

    @pytest.mark.parametrize("path", FRONT_ENDS, ids=lambda path: path.name)
    def test_a_front_end_imports_no_mechanic(self, path: Path) -> None:
        mechanic = [name for name in _imported(path) if "mechanics" in name.split(".")]

        assert mechanic == []

    def test_the_web_page_knows_no_mechanics_slot(self) -> None:
        script = (SRC / "web" / "static" / "table.js").read_text("utf-8")

        assert [word for word in ("rank_wish", "open_call", "suspect") if word in script] == []


def _wished() -> maumau.GameState:
    state = family_game(
        ["9c 10d 5c 6c 7c", "Qh 2d 5s Kc Qc", "3h 4h 5h 6h 8s"],
        "9h",
        mechanics=(RankWishes(cards="Q", ranks=("7", "8")),),
    )
    return apply(apply(state, PlayCard(1, parse_card("Qh"))), ChooseRank(1, "8"))


class _CallOnEveryCard:
    """
    House rule for these tests: every card calls for "Mau", and a missed call is open to a challenge.
    """

    @hookimpl
    def maumau_mechanics(self) -> tuple[object, ...]:
        return (Challenges(closes="turn"),)

    @hookimpl
    def maumau_expected_call(self) -> str:
        return "Mau"

    @hookimpl
    def maumau_judge_call(self, call: str | None, expected: str | None) -> CallRuling | None:
        return CallRuling(missed=expected, penalty=2) if expected and call != expected else None


class TestStatus:
    """
    Tests for the mechanics' `maumau.Status` records, as every front end shows them.
    """

    def test_a_wished_rank_is_a_status(self) -> None:
        assert [Status("Wished rank", "8")] == Narrator(("Ann", "Bob", "Cleo"), 2).status(view(_wished(), 2))

    def test_the_web_table_sends_the_status_as_one_list(self) -> None:
        table = _web_render().render(view(_wished(), 2), waiting=(2,), actor=2)

        assert table["status"] == [{"label": "Wished rank", "text": "8", "style": ""}]
        assert "rank_wish" not in json.dumps(table["slots"])

    def test_an_open_call_names_the_seats_for_the_listener(self) -> None:
        state = maumau.new_game("classic", players=3, seed=1, plugins=[_CallOnEveryCard()])
        seat = state.to_move
        assert seat is not None
        silent = next(a for a in maumau.legal_actions(state, seat) if isinstance(a, PlayCard) and a.call is None)
        state = apply(state, silent)
        assert any(isinstance(action, Challenge) for action in maumau.legal_actions(state, (seat + 2) % 3))

        told = Narrator(("Ann", "Bob", "Cleo"), seat).status(view(state, (seat + 2) % 3))

        assert told == [Status("Open call", "You missed 'Mau' and may be challenged", "call")]

    def test_a_mechanics_action_is_named_by_its_mechanic(self) -> None:
        assert find_move("rank 8", [ChooseRank(1, "7"), ChooseRank(1, "8")]) == ChooseRank(1, "8")
        assert maumau.move_names(ChooseRank(1, "8"))[0] == "rank 8"


@pytest.fixture(scope="module")
def chat_bot() -> ModuleType:
    return load_example("chat_bot")


class TestChatBot:
    """
    Tests for ``examples/chat_bot.py``, a front end written with the kit alone.
    """

    @pytest.mark.parametrize(
        ("variant", "options"),
        [
            ("classic", {"target": 50}),
            ("makao", {}),
            ("uno-mattel", {"target": 100}),
            ("ccw-house", {"games": 1}),
            ("sau-mau-mau", {"races": 1}),
        ],
    )
    def test_a_whole_match_is_played_by_messages(
        self, chat_bot: ModuleType, variant: str, options: dict[str, object]
    ) -> None:
        chat = chat_bot.ChatTable(variant, seed=3, options=options)
        messages = chat.news()
        for _ in range(2000):
            if chat.over:
                break
            messages = chat.hear(chat_bot.first_move(messages))

        assert chat.over
        assert messages[-1].startswith("The match is over")

    def test_text_that_names_no_move_is_answered_with_the_moves(self, chat_bot: ModuleType) -> None:
        chat = chat_bot.ChatTable(seed=3)
        chat.news()

        answer = chat.hear("fly to the moon")

        assert answer[0].startswith("Type a move")
        assert "[draw] draw a card" in answer[1]

    def test_the_table_is_one_message(self, chat_bot: ModuleType) -> None:
        chat = chat_bot.ChatTable(seed=3)

        (summary,) = chat.hear("table")

        assert summary.startswith("Top card: ")
        assert "Your hand: " in summary


class TestChallengesOfACallAreAMechanic:
    """
    The missed call's `maumau.Challenge` lives with its rule, in `maumau.mechanics.challenges`, as the Wild
    Draw Four's `maumau.mechanics.ChallengePlay` does.
    """

    def test_the_challenge_and_its_event_live_with_the_mechanic(self) -> None:
        assert (maumau.Challenge.__module__, maumau.ChallengeMade.__module__) == ("maumau.mechanics.challenges",) * 2

    def test_a_challenge_without_an_open_call_is_no_challenge(self) -> None:
        state = maumau.new_game("classic", players=3, seed=1, plugins=[_CallOnEveryCard()])

        with pytest.raises(maumau.IllegalActionError) as refused:
            maumau.check_action(state, Challenge(0, 1))

        assert refused.value.reason is maumau.Reason.NO_CHALLENGE

    def test_a_game_without_challenges_has_no_challenge(self) -> None:
        state = maumau.new_game("classic", players=3, seed=1)

        with pytest.raises(maumau.IllegalActionError) as refused:
            maumau.check_action(state, Challenge(0, 1))

        assert refused.value.reason is maumau.Reason.NOT_SUPPORTED
