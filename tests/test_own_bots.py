"""
Bots of one's own at tables, and a game profile's house rules by name at a table.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from maumau import Seat, Table
from maumau._own_bots import register_bot
from maumau._table import BOT_LEVELS
from maumau.cli import main
from maumau.web import Lobby, create_app


@pytest.fixture
def levels() -> Iterator[None]:
    """
    The bot levels as they were before the test registered bots.
    """
    before = dict(BOT_LEVELS)
    yield
    BOT_LEVELS.clear()
    BOT_LEVELS.update(before)


class TestServeBot:
    """
    ``maumau serve --bot NAME=package.module:Class``.
    """

    def test_a_bot_named_on_the_command_line_is_offered_in_the_lobby(
        self, levels: None, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        served: list[Any] = []
        monkeypatch.setattr("maumau.web.serve", lambda *args, **kwargs: served.append(kwargs))
        out = io.StringIO()

        code = main(["serve", "--db", ":memory:", "--bot", "shedder=own_bots:FirstCard"], stdout=out)
        listed = TestClient(create_app(Lobby())).get("/api/variants").json()

        assert (code, len(served)) == (0, 1)
        assert "maumau: bots of your own offered: shedder" in out.getvalue()
        assert "shedder" in listed["levels"]

    def test_a_table_seats_the_bot_by_its_name(self, levels: None) -> None:
        register_bot("shedder", "own_bots:FirstCard")
        table = Table("classic", [Seat("Ann", "shedder"), Seat("Bob", "random")], seed=3, options={"target": 1})

        assert table.state.is_over

    def test_a_bot_entry_that_is_no_import_path_is_a_usage_error(self, levels: None) -> None:
        err = io.StringIO()

        code = main(["serve", "--bot", "shedder=heuristic"], stdout=io.StringIO(), stderr=err)

        assert code == 2
        assert "--bot takes NAME=package.module:Class, not 'shedder=heuristic'" in err.getvalue()

    def test_a_bot_may_not_take_a_levels_name(self, levels: None) -> None:
        err = io.StringIO()

        code = main(["serve", "--bot", "random=own_bots:FirstCard"], stdout=io.StringIO(), stderr=err)

        assert code == 2
        assert "a bot named 'random' is already offered" in err.getvalue()


class TestProfileHouseRulesAtATable:
    """
    A game profile's own house rules are named at a table as a plugin's are.
    """

    def test_a_profiles_house_rule_is_switched_on_by_name(self) -> None:
        table = Table("crazy-eights-pagat", ["Ann", "Bob"], seed=2, house_rules=["queens_skip"])

        assert table.state.options["queens_skip"] is True
        assert table.house_rules == ()

    def test_it_plays_as_the_option_that_switches_it_on(self) -> None:
        named = Table("crazy-eights-pagat", ["Ann", "Bob"], seed=2, house_rules=["queens_skip"])
        as_option = Table("crazy-eights-pagat", ["Ann", "Bob"], seed=2, options={"queens_skip": True})

        assert as_option.state == named.state

    def test_play_takes_it_with_house_rule(self) -> None:
        out = io.StringIO()

        code = main(
            ["play", "--variant", "crazy-eights-pagat", "--house-rule", "queens_skip", "--seed", "1"],
            stdin=io.StringIO("q\n"),
            stdout=out,
        )

        assert code == 0
        assert "You left the game." in out.getvalue()
