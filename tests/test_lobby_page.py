"""
The lobby for players: games by name, options as controls, house rules as check boxes, the rules at the table.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from maumau.web import Lobby, create_app

SEATS = [{"name": "Ann"}, {"name": "Bob", "bot": "random"}]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Lobby()))


@pytest.fixture(scope="module")
def games(client: TestClient) -> dict[str, dict[str, Any]]:
    return {game["name"]: game for game in client.get("/api/variants").json()["variants"]}


def socket_path(link: str) -> str:
    path, _, query = link.partition("?")
    return path.split("testserver", 1)[1].rsplit("/", 1)[0] + "/ws" + (f"?{query}" if query else "")


class TestCatalogue:
    """
    ``GET /api/variants`` describes each game for the create page.
    """

    def test_a_game_is_offered_by_the_name_people_write(self, games: dict[str, dict[str, Any]]) -> None:
        assert games["uno-rlcard"]["title"] != "uno-rlcard"
        assert games["classic"]["title"] == "Classic Mau-Mau"

    def test_an_option_with_choices_is_a_menu_of_its_allowed_values(self, games: dict[str, dict[str, Any]]) -> None:
        hand_size = next(c for c in games["classic"]["controls"] if c["name"] == "hand_size")

        assert (hand_size["kind"], hand_size["default"], hand_size["choices"]) == ("int", 5, [5, 6])

    def test_a_true_or_false_option_is_a_check_box(self, games: dict[str, dict[str, Any]]) -> None:
        jack_on_jack = next(c for c in games["classic"]["controls"] if c["name"] == "jack_on_jack")

        assert (jack_on_jack["kind"], jack_on_jack["default"]) == ("bool", False)

    def test_a_profiles_house_rules_are_check_boxes_not_options(self, games: dict[str, dict[str, Any]]) -> None:
        game = games["crazy-eights-pagat"]

        assert "queens_skip" in {rule["name"] for rule in game["house_rules"]}
        assert "queens_skip" not in {control["name"] for control in game["controls"]}

    def test_what_the_cards_do_is_listed(self, games: dict[str, dict[str, Any]]) -> None:
        assert "8: the next player misses a turn" in games["switch"]["rules"]


class TestCreatingFromControls:
    """
    The page sends the controls' values as an object and the house rules by name.
    """

    def test_a_profiles_house_rule_is_named_in_house_rules(self, client: TestClient) -> None:
        answer = client.post(
            "/api/tables",
            json={"variant": "crazy-eights-pagat", "seats": SEATS, "seed": 1, "house_rules": ["queens_skip"]},
        )

        assert answer.status_code == 201, answer.text

    def test_a_house_rule_of_another_game_is_refused_with_the_games_own(self, client: TestClient) -> None:
        answer = client.post(
            "/api/tables", json={"variant": "classic", "seats": SEATS, "seed": 1, "house_rules": ["queens_skip"]}
        )

        assert answer.status_code == 400
        assert "unknown house rule 'queens_skip'; classic's house rules: none" in answer.json()["error"]

    def test_the_table_shows_the_options_and_what_the_cards_do(self, client: TestClient) -> None:
        links = client.post(
            "/api/tables",
            json={"variant": "classic-profile", "seats": SEATS, "seed": 1, "options": {"nines_draw_three": True}},
        ).json()

        with client.websocket_connect(socket_path(links["seats"][0]["url"])) as socket:
            setup = json.loads(socket.receive_text())["setup"]

        assert setup["options"]["nines_draw_three"] is True
        assert "9: with nines_draw_three: the next player draws 3, unless they answer with a 9" in setup["rules"]
        assert setup["goal"]
