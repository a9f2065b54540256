"""
Golden games: recorded matches of every variant, replayed move by move.

Like python-chess's perft files and pokerkit's hand histories, they pin the
rules down: a change that alters how any recorded move plays out, or what
the final position holds, fails here.  `tests/games/make_games.py` wrote
them; rewrite them only for a rule changed on purpose.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.make_games import fingerprint
from maumau import GameRecord, from_json, replay

GAMES = sorted((Path(__file__).parent / "games").glob("*/*.json"))


def test_every_variant_has_golden_games() -> None:
    assert {"classic", "penalty-52", "sau-mau-mau", "ccw-house"} <= {path.parent.name for path in GAMES}


@pytest.mark.parametrize("path", GAMES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_recorded_game_replays_to_the_recorded_end(path: Path) -> None:
    golden = json.loads(path.read_text(encoding="utf-8"))
    record = from_json(json.dumps(golden["record"]), GameRecord)

    final = replay(record)

    assert final.result is not None
    assert (golden["rounds"], golden["winners"], golden["totals"]) == (
        len(final.rounds),
        list(final.result.winners),
        list(final.result.totals),
    )
    assert golden["final_position_sha256"] == fingerprint(final)
