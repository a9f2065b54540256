"""
Tests for `maumau.web`: the reference web table, driven through Starlette's test client (``nox -s web``).
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette.testclient", reason="the web table's tests run in `nox -s web`")

from attrs import frozen
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import maumau
from family import family, family_game
from helpers import cards, deal
from maumau import (
    CardPlayed,
    CardsDrawn,
    Event,
    HandsPassed,
    Narrator,
    Passed,
    PenaltyDrawn,
    PlayCard,
    PlaysAgain,
    RoundStarted,
    Seat,
    Slot,
    SuitWished,
    Table,
    TableError,
    apply,
    from_position,
    hookimpl,
    new_game,
    parse_card,
)
from maumau.mechanics import Combinations, HandShown
from maumau.mechanics.placings import PlayerRevived
from maumau.mechanics.play_challenges import PlayChallenged
from maumau.mechanics.wishes import RankWished
from maumau.web import Lobby, Watcher, create_app
from maumau.web._render import board_data, card_data, event_text, events_data, match_goal, render
from test_web_store import move

SEATS = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Bot", "bot": "heuristic"}]


class FakeSocket:
    """
    A page's websocket that keeps what it was sent.
    """

    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send_text(self, data: str) -> None:
        self.sent.append(data)


@pytest.fixture
def client() -> TestClient:
    return TestClient(create_app(Lobby()))


def create(client: TestClient, **spec: Any) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"variant": "classic", "seats": SEATS, "seed": 4, **spec})
    assert answer.status_code == 201, answer.text
    result: dict[str, Any] = answer.json()
    return result


def socket_path(link: str) -> str:
    """
    The websocket address of a join link (``.../play?seat=0&token=...``).
    """
    path, _, query = link.partition("?")
    return path.split("testserver", 1)[1].rsplit("/", 1)[0] + "/ws" + (f"?{query}" if query else "")


class TestCreating:
    """
    Tests for making tables.
    """

    def test_each_person_gets_a_link_and_bots_none(self, client: TestClient) -> None:
        """
        People's seats have join links with different secrets; a bot's seat has no link.
        """
        links = create(client)
        urls = [seat["url"] for seat in links["seats"]]

        assert urls[2] is None
        assert urls[0] != urls[1]
        assert all("token=" in url for url in urls[:2])

    def test_the_variants_and_levels_are_listed(self, client: TestClient) -> None:
        """
        The create page learns the installed variants and the bot levels from the API.
        """
        listed = client.get("/api/variants").json()

        assert {"classic", "sau-mau-mau"} <= {variant["name"] for variant in listed["variants"]}
        assert listed["levels"] == list(Table.levels())

    def test_a_bad_table_is_refused_with_the_reason(self, client: TestClient) -> None:
        """
        The rules' own message comes back: here, an unknown option.
        """
        answer = client.post("/api/tables", json={"variant": "classic", "seats": SEATS, "options": ["wild=true"]})

        assert answer.status_code == 400
        assert "wild" in answer.json()["error"]

    def test_several_tables_at_once(self, client: TestClient) -> None:
        """
        Two tables get different ids and play separately.
        """
        first, second = create(client), create(client, variant="sau-mau-mau")
        assert first["id"] != second["id"]
        with client.websocket_connect(socket_path(second["seats"][0]["url"])) as socket:
            assert json.loads(socket.receive_text())["table"]["variant"] == "sau-mau-mau"

    def test_a_full_server_forgets_finished_tables_first(self) -> None:
        """
        At the limit, a finished table nobody watches makes room; a table in play is never dropped.
        """
        lobby = Lobby(limit=2)
        done = lobby.host(Table("classic", [Seat("B1", "random"), Seat("B2", "random")], seed=1))  # played out
        playing = lobby.create({"variant": "classic", "seats": SEATS, "seed": 1})
        move(lobby, playing)
        move(lobby, lobby.create({"variant": "classic", "seats": SEATS, "seed": 2}))

        assert done.id not in lobby.tables
        assert playing.id in lobby.tables
        with pytest.raises(TableError, match="this server hosts 2 tables already"):
            lobby.create({"variant": "classic", "seats": SEATS, "seed": 3})


class TestPlaying:
    """
    Tests for the websocket of a table page.
    """

    def test_a_wrong_token_is_refused(self, client: TestClient) -> None:
        """
        Nobody plays a seat without its secret.
        """
        links = create(client)
        forged = links["seats"][0]["url"].split("token=")[0] + "token=guess"
        with client.websocket_connect(socket_path(forged)) as socket:
            assert json.loads(socket.receive_text()) == {
                "type": "error",
                "message": "this link is not valid for this table",
            }

    def test_a_seats_link_cannot_act_for_another_seat(self, client: TestClient) -> None:
        """
        An action naming another seat is refused by the table, whatever the page sends.
        """
        links = create(client)
        with client.websocket_connect(socket_path(links["seats"][0]["url"])) as socket:
            json.loads(socket.receive_text())
            socket.send_text(json.dumps({"type": "act", "action": {"type": "resign", "seat": 1}}))
            assert json.loads(socket.receive_text()) == {"type": "error", "message": "seat 0 cannot act for seat 1"}

    def test_a_legal_move_is_applied_and_sent_to_every_page(self) -> None:
        """
        A move from one seat's page reaches every page of the table, with the events each has not had.

        The lobby is driven directly: the test client runs each websocket on its own event loop, a server one.
        """
        lobby = Lobby()
        hosted = lobby.create({"variant": "classic", "seats": SEATS, "seed": 4})
        pages = {seat: Watcher(FakeSocket(), seat) for seat in (0, 1, None)}
        hosted.watchers.extend(pages.values())
        first = {seat: json.loads(lobby.message(hosted, watcher)) for seat, watcher in pages.items()}
        actor = first[None]["table"]["actor"]
        move = next(a for a in first[actor]["table"]["actions"] if a["kind"] != "resign")

        assert lobby.handle(hosted, pages[actor], {"type": "act", "action": move["action"]}) is None
        asyncio.run(lobby.broadcast(hosted))
        sent = {seat: json.loads(watcher.socket.sent[-1]) for seat, watcher in pages.items()}  # type: ignore[attr-defined]

        assert {sent[seat]["version"] for seat in pages} == {hosted.table.version}
        assert hosted.table.version > first[None]["version"]
        assert all(sent[seat]["events"][0]["n"] == len(first[seat]["events"]) for seat in pages)

    def test_a_reload_restores_the_seats_view(self, client: TestClient) -> None:
        """
        A new connection with the same link gets the same hand and the whole event log again.
        """
        links = create(client)
        path = socket_path(links["seats"][0]["url"])
        with client.websocket_connect(path) as first:
            before = json.loads(first.receive_text())
        with client.websocket_connect(path) as second:
            again = json.loads(second.receive_text())

        assert again["table"]["hand"] == before["table"]["hand"]
        assert again["events"] == before["events"]

    def test_a_spectator_sees_no_hand_and_sends_nothing(self, client: TestClient) -> None:
        """
        The watch link shows the public table only; a spectator's page sends nothing, and one that does is closed.
        """
        links = create(client)
        with client.websocket_connect(socket_path(links["watch"])) as socket:
            watched = json.loads(socket.receive_text())
            socket.send_text(json.dumps({"type": "decline"}))
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_text()

        assert watched["table"]["hand"] is None
        assert watched["table"]["actions"] == []
        assert (closed.value.code, closed.value.reason) == (1008, "spectators send nothing")

    def test_the_race_board_is_sent_for_sau_mau_mau(self, client: TestClient) -> None:
        """
        The page gets the track (a lane of finish + 1 spaces for each of the four pigs) and the bet row (five spaces).
        """
        links = create(client, variant="sau-mau-mau")
        with client.websocket_connect(socket_path(links["seats"][0]["url"])) as socket:
            (board,) = json.loads(socket.receive_text())["table"]["boards"]

        assert board["title"] == "The race to space 15"
        assert [lane["label"] for lane in board["rows"]] == ["Pink", "Brown", "Black", "Beige"]
        assert [lane["colour"] for lane in board["rows"]] == ["pink", "brown", "black", "beige"]
        assert all(len(lane["cells"]) == 16 and lane["marked"] == [15] for lane in board["rows"])
        assert all(lane["cells"][0] == "●" and lane["value"] == "0" for lane in board["rows"])
        assert [note["text"] for note in board["notes"]] == [f"{points} pts: free" for points in (6, 4, 3, 2, 1)]


class TestSaving:
    """
    Tests for saving a hosted table and loading it again.
    """

    def test_a_saved_table_loads_with_new_links(self, client: TestClient) -> None:
        """
        The save link needs the table's key; loading it hosts the same match under a new id.
        """
        links = create(client)
        saved = client.get(links["save"])
        wrong = client.get(links["save"].split("key=")[0] + "key=guess")
        loaded = client.post("/api/tables/load", content=saved.content, headers={"content-type": "application/json"})

        assert wrong.status_code == 404
        assert loaded.status_code == 201
        assert loaded.json()["id"] != links["id"]
        assert Table.from_json(saved.content).state == Table.from_json(client.get(loaded.json()["save"]).content).state

    def test_the_save_key_shows_the_tables_position(self, client: TestClient) -> None:
        """
        With the save key, the table's position as text, which reads back to the state the save holds.
        """
        links = create(client)
        position = client.get(links["position"])
        wrong = client.get(links["position"].split("key=")[0] + "key=guess")

        assert position.status_code == 200
        assert wrong.status_code == 404
        assert from_position(position.text) == Table.from_json(client.get(links["save"]).content).state


#: A house rule for these tests: sets of one rank go down as one play.
SETS = family(mechanics=(Combinations(),), name="sets")


class TestTheFamilysMoves:
    """
    Tests for plays of several cards and the family's events on the web table.
    """

    def _hosted(self) -> tuple[Lobby, Any, Watcher]:
        """
        A table where Ben (seat 1, a person) plays first and holds two 8s on 9♥; the others are bots.
        """
        state = family_game(["9c 10d 5c 6c 7c", "8h 8d 5s Kc Qc", "3h 4h 5h 6h 8s"], "9h", plugin=SETS)
        seats = [Seat("Seat 0", "heuristic"), Seat("Seat 1"), Seat("Seat 2", "heuristic")]
        lobby = Lobby()
        hosted = lobby.host(Table.around(state, seats, house_rules=["test_web:SETS"]))
        watcher = Watcher(FakeSocket(), 1)
        hosted.watchers.append(watcher)
        return lobby, hosted, watcher

    def test_a_card_that_more_cards_follow_is_offered_and_accepted(self) -> None:
        lobby, hosted, watcher = self._hosted()
        first = json.loads(lobby.message(hosted, watcher))
        more = next(entry for entry in first["table"]["actions"] if entry["more"])

        assert (more["card"], more["action"]["more"]) == ("8h", True)
        assert more["text"] == "play 8♥, then more cards (a card must follow it)"
        assert lobby.handle(hosted, watcher, {"type": "act", "action": more["action"], "version": 0}) is None
        opened = json.loads(lobby.message(hosted, watcher))

        assert [card["code"] for card in opened["table"]["playing"]] == ["8h"]
        assert [entry["text"] for entry in opened["table"]["actions"]] == [
            "play 8♦ to end the play",
            "resign (leave the match)",
        ]
        assert [event["text"] for event in opened["events"]] == ["You play 8♥, more to follow."]
        last = opened["table"]["actions"][0]
        assert lobby.handle(hosted, watcher, {"type": "act", "action": last["action"]}) is None
        closed = json.loads(lobby.message(hosted, watcher))

        assert closed["table"]["playing"] == []
        assert closed["events"][0]["text"] == "You play 8♦."
        assert hosted.table.state.record.actions[:2] == (
            PlayCard(1, parse_card("8h"), None, True),
            PlayCard(1, parse_card("8d")),
        )

    def test_the_open_play_and_the_turn_state_are_sent(self) -> None:
        lobby, hosted, watcher = self._hosted()
        table = json.loads(lobby.message(hosted, watcher))["table"]

        assert {key: table[key] for key in ("playing", "again", "waits", "status")} == {
            "playing": [],
            "again": None,
            "waits": [],
            "status": [],
        }

    @pytest.mark.parametrize(
        ("event", "expected"),
        [
            (CardPlayed(0, parse_card("8h"), None, False, True), "Ann plays 8♥, more to follow."),
            (PlaysAgain(1, "must"), "Ben plays again."),
            (PlaysAgain(1, "may"), "Ben may play again (or pass)."),
            (
                HandsPassed((0, 1), 1, (cards("7h 8h"), None)),
                "Ann and Ben pass their hands on to the next; Ann passed on 7♥ 8♥.",
            ),
            (HandsPassed((0, 1), 2, (None, None)), "Ann and Ben pass their hands on to the next 2 times."),
            (HandShown(1, 0, cards("2d 3s")), "Ben shows their hand to Ann: 2♦ 3♠."),
            (HandShown(1, 2, None), "Ben shows their hand to Bot."),
            (PlayChallenged(0, 1, parse_card("Jc"), True), "Ann challenges Ben's J♣: it was not allowed."),
            (RankWished(0, "7"), "Ann wishes for 7s."),
            (PlayerRevived(2, 1), "Bot is brought back into the round with 1 card."),
        ],
    )
    def test_the_new_events_are_told(self, event: Event, expected: str) -> None:
        """
        A spectator's log tells the events as the terminal does, by the seats' names.
        """
        assert expected == event_text(event, ("Ann", "Ben", "Bot"))
        assert expected == maumau.narrate(event, ("Ann", "Ben", "Bot"))


class TestProfileGames:
    """
    The games that ship as profiles are played at the web table as any variant is.
    """

    SHIPPED = Path(maumau.__file__).parent.parent / "maumau_variants" / "profiles"

    @pytest.mark.parametrize("name", sorted(path.stem for path in SHIPPED.glob("*.toml")))
    def test_a_table_of_a_profile_game_is_made_and_played(self, name: str) -> None:
        lobby = Lobby()
        hosted = lobby.create({"variant": name, "seats": SEATS, "seed": 4})
        page = Watcher(FakeSocket(), None)
        hosted.watchers.append(page)
        first = json.loads(lobby.message(hosted, page))
        actor = first["table"]["actor"]
        seat_page = Watcher(FakeSocket(), actor)
        shown = json.loads(lobby.message(hosted, seat_page))
        move = next(a for a in shown["table"]["actions"] if a["kind"] != "resign")
        assert lobby.handle(hosted, seat_page, {"type": "act", "action": move["action"]}) is None
        assert hosted.table.version > first["version"]

    def test_a_table_is_never_made_from_a_path(self, client: TestClient) -> None:
        answer = client.post("/api/tables", json={"variant": "pyproject.toml", "seats": SEATS})
        assert answer.status_code == 400
        assert "unknown variant 'pyproject.toml'" in answer.text


@frozen
class ScoreTrack:
    """
    A third party's board: a track of five spaces per seat, drawn by its own ``__maumau_board__``.
    """

    marks: tuple[int, ...] = (0, 0, 0)

    def __maumau_board__(self) -> dict[str, object]:
        rows = [
            {"label": f"seat {seat}", "cells": ["x" if space == at else "" for space in range(5)], "value": str(at)}
            for seat, at in enumerate(self.marks)
        ]
        return {"title": "Score track", "rows": rows, "notes": [{"text": "seat 1 leads", "colour": "gold"}]}


class Broken:
    """
    A board whose drawing fails: it is shown as its text instead.
    """

    def __maumau_board__(self) -> dict[str, object]:
        raise RuntimeError("no board today")

    def __str__(self) -> str:
        return "a broken board of seat 2"


TRACK: Slot[ScoreTrack] = Slot("score_track", ScoreTrack, ScoreTrack())


class TrackRule:
    """
    A third party's house rule that keeps a `ScoreTrack` in a slot of its own.
    """

    @hookimpl
    def maumau_slots(self) -> tuple[Slot[ScoreTrack], ...]:
        return (TRACK,)


class TestBoards:
    """
    Tests for `maumau.web._render.board_data`: a slot's value drawn through its own ``__maumau_board__``.
    """

    def test_a_third_party_slot_is_drawn_as_a_board(self) -> None:
        names = ["Ann", "Ben", "Cleo"]
        state = TRACK.put(new_game("classic", players=names, seed=1, plugins=[TrackRule()]), ScoreTrack((1, 3, 0)))
        seats = [Seat("Ann"), Seat("Ben", "heuristic"), Seat("Cleo", "heuristic")]
        lobby = Lobby()
        hosted = lobby.host(Table.around(state, seats))
        page = Watcher(FakeSocket(), 0)
        table = json.loads(lobby.message(hosted, page))["table"]

        (board,) = table["boards"]
        assert board["title"] == "Score track"
        assert [row["label"] for row in board["rows"]] == ["You", "Ben", "Cleo"]
        assert board["rows"][1] == {
            "label": "Ben",
            "cells": ["", "", "", "x", ""],
            "marked": [],
            "value": "3",
            "colour": None,
        }
        assert board["notes"] == [{"text": "Ben leads", "colour": "gold", "faded": False}]
        assert "score track" not in [name for name, _ in table["slots"]]

    def test_a_board_that_fails_is_shown_as_its_text(self) -> None:
        assert board_data(Broken(), Narrator(("Ann", "Ben", "Cleo"))) is None
        state = new_game("classic", players=["Ann", "Ben", "Cleo"], seed=1)
        broken = Slot("broken", Broken).put(state, Broken())
        table = render(maumau.view(broken, 0), waiting=(), actor=None)

        assert table["boards"] == []
        assert table["slots"] == [["broken", "a broken board of Cleo"]]

    def test_a_board_is_kept_to_plain_values_and_bounded(self) -> None:
        class Wild:
            def __maumau_board__(self) -> dict[str, object]:
                row = {"label": 7, "cells": list(range(500)), "marked": ["x", 2], "colour": "<b>red</b>"}
                return {"title": "t" * 999, "rows": [row, "not a row"], "notes": [{"text": "seat 0"}, 5]}

        board = board_data(Wild(), Narrator(("Ann",), 0))

        assert board is not None
        assert len(board["title"]) == 200
        (row,) = board["rows"]
        assert (row["label"], len(row["cells"]), row["marked"], row["colour"]) == ("7", 120, [2], None)
        assert board["notes"] == [{"text": "you", "colour": None, "faded": False}]

    def test_a_value_without_a_board_is_no_board(self) -> None:
        assert board_data((1, 2), Narrator(("Ann",))) is None


class TestTheTablePage:
    """
    Tests for what a table page is sent beyond the view: each event's move, the setup for a new match, the goal.
    """

    def test_each_event_carries_its_seat_and_the_move_shown_beside_it(self) -> None:
        lobby = Lobby()
        hosted = lobby.create({"variant": "classic", "seats": SEATS, "seed": 4})
        pages = {seat: Watcher(FakeSocket(), seat) for seat in (0, 1)}
        for _ in range(30):  # the people play their first move each time, the bot plays itself
            actor = hosted.table.state.to_move
            if actor not in pages or hosted.table.state.is_over:
                break
            sent = json.loads(lobby.message(hosted, pages[actor]))
            move = next(a for a in sent["table"]["actions"] if a["kind"] != "resign")
            assert lobby.handle(hosted, pages[actor], {"type": "act", "action": move["action"]}) is None
        events = events_data(hosted.table.history(0), ("Ann", "Ben", "Bot"), 0, 0)
        played = [event for event in events if event["kind"] == "card_played"]

        assert [event["n"] for event in events] == list(range(len(events)))
        assert events[0]["kind"] == "round_started"
        assert events[0]["move"] is None
        assert played
        assert all(event["move"]["card"]["code"] and event["move"]["text"].startswith("played") for event in played)
        assert any(event["text"].startswith("You ") for event in events if event["seat"] == 0)

    @pytest.mark.parametrize(
        ("event", "move"),
        [
            (
                CardPlayed(1, parse_card("7h"), "Mau"),
                {"text": "played", "card": card_data(parse_card("7h")), "more": False, "said": "Mau"},
            ),
            (CardsDrawn(1, 2), {"text": "drew 2 cards"}),
            (PenaltyDrawn(1, 1, "missed 'Mau'"), {"text": "drew 1 penalty card"}),
            (Passed(1), {"text": "passed"}),
            (SuitWished(1, "♦"), {"text": "wished", "suit": {"symbol": "♦", "name": "diamonds", "colour": "blue"}}),
            (RoundStarted(1, 0, parse_card("7h"), 1), None),
        ],
    )
    def test_the_move_of_each_event(self, event: Event, move: dict[str, Any] | None) -> None:
        (data,) = events_data([event], ("Ann", "Ben"), None, 7)

        assert (data["n"], data["move"]) == (7, move)

    def test_the_setup_lets_the_page_start_a_new_match_with_the_same_settings(self) -> None:
        lobby = Lobby()
        spec = {"variant": "classic", "seats": SEATS, "seed": 4, "options": ["target=150"], "reaction_seconds": 5}
        hosted = lobby.create(spec)
        setup = json.loads(lobby.message(hosted, Watcher(FakeSocket(), None)))["setup"]

        assert setup["variant"] == "classic"
        assert setup["seats"] == [
            {"name": "Ann", "bot": None},
            {"name": "Ben", "bot": None},
            {"name": "Bot", "bot": "heuristic"},
        ]
        assert setup["options"]["target"] == 150
        assert (setup["reaction_seconds"], setup["goal"]) == (5, "to 150 points")
        again = lobby.create({key: value for key, value in setup.items() if key != "goal"})
        assert again.table.state.options == hosted.table.state.options
        assert again.id != hosted.id

    @pytest.mark.parametrize(
        ("variant", "options", "goal"),
        [
            ("classic", {}, "to 300 points"),
            ("classic", {"target": 50}, "to 50 points"),
            ("sau-mau-mau", {}, "4 races"),
            ("sau-mau-mau", {"races": 1}, "1 race"),
            ("ccw-house", {}, "1 game"),
            ("penalty-52", {"single_round": True}, "one round"),
            ("prsi", {}, "one deal"),
            ("uno-mattel", {}, "to 500 points"),
            ("whot", {}, "one hand"),
            ("penalty-52", {}, None),
        ],
    )
    def test_the_match_goal_as_the_options_say_it(
        self, variant: str, options: dict[str, Any], goal: str | None
    ) -> None:
        state = new_game(variant, players=3, seed=1, options=options)

        assert goal == match_goal(state.options, state.rules.declared_options, 3)

    def test_the_last_finished_round_sends_every_hand_as_it_ended(self) -> None:
        lobby = Lobby()
        hosted = lobby.host(Table("classic", [Seat("B1", "random"), Seat("B2", "random")], seed=1))  # played out
        table = json.loads(lobby.message(hosted, Watcher(FakeSocket(), None)))["table"]
        state = hosted.table.state

        *earlier, last = table["rounds"]
        assert [[card["code"] for card in hand] for hand in last["hands"]] == [
            [card.code for card in hand] for hand in state.rounds[-1].hands
        ]
        assert all(round["hands"] is None for round in earlier)  # the page shows the last round's only

    def test_the_suit_buttons_carry_the_suit_and_its_colour(self) -> None:
        state = deal(["9c 10d 7c 8c Kc", "Jh 8d Ks Ac Qc", "7h 8h 9s 10h Ah"], "9h")
        state = apply(state, PlayCard(1, parse_card("Jh")))
        table = render(maumau.view(state, 1), waiting=(1,), actor=1)
        suits = {entry["suit"]["symbol"]: entry["suit"] for entry in table["actions"] if entry["kind"] == "choose_suit"}

        assert suits["♥"] == {"symbol": "♥", "name": "hearts", "colour": "red"}
        assert suits["♣"]["colour"] == "green"


class TestPages:
    """
    Tests for the static pages: no inline script, handler or style, a favicon, and classic chosen first.
    """

    STATIC = Path(maumau.__file__).parent / "web" / "static"

    @pytest.mark.parametrize("page", ["index.html", "table.html"])
    def test_no_inline_script_handler_or_style(self, page: str) -> None:
        """
        A Content-Security-Policy without 'unsafe-inline' must not break the pages.
        """
        text = (self.STATIC / page).read_text(encoding="utf-8")

        assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", text) == []
        assert re.findall(r"\son[a-z]+\s*=", text) == []
        assert "style=" not in text
        assert '<link rel="icon" href="/static/favicon.svg"' in text

    @pytest.mark.parametrize("script", ["create.js", "links.js", "table.js"])
    def test_no_script_writes_html(self, script: str) -> None:
        text = (self.STATIC / script).read_text(encoding="utf-8")

        assert "innerHTML" not in text
        assert "outerHTML" not in text
        assert "insertAdjacentHTML" not in text
        assert "document.write" not in text

    def test_the_favicon_is_served(self, client: TestClient) -> None:
        answer = client.get("/static/favicon.svg")

        assert answer.status_code == 200
        assert answer.text.startswith("<svg")

    def test_classic_is_chosen_first_on_the_create_page(self, client: TestClient) -> None:
        """
        The variants come in alphabetical order (classic is not the first); the create page picks classic.
        """
        names = [variant["name"] for variant in client.get("/api/variants").json()["variants"]]
        script = (self.STATIC / "create.js").read_text(encoding="utf-8")

        assert "classic" in names
        assert 'const PRESELECTED = "classic";' in script
