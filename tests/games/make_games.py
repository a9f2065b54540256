"""
Write the golden games in this folder: one match per variant and player count, played by
`maumau.bots.HeuristicBot` (which forgets a call now and then, so penalties and challenges happen).

Run it only when a rule changes on purpose, and say so in the changelog:
``python tests/games/make_games.py``.  `tests/test_golden_games.py` replays every file.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from maumau import GameState, new_game, to_json
from maumau.bots import Bot, HeuristicBot, play_out

HERE = Path(__file__).parent

GAMES = [
    ("classic", 2, 101, {}),
    ("classic", 4, 102, {"pass_the_skip": True, "mau_mau_call": True}),
    ("penalty-52", 3, 201, {}),
    ("penalty-52", 5, 202, {"single_round": True}),
    ("sau-mau-mau", 3, 301, {}),
    ("sau-mau-mau", 5, 302, {"mau_calls": True}),
    ("ccw-house", 3, 401, {}),
    ("ccw-house", 6, 402, {"games": 2}),
]


def fingerprint(state: GameState) -> str:
    """
    A stable digest of a final position: every card's place, the totals, each round's result and the match's.

    Written from the rules' point of view rather than from the JSON, so that a change of the save format
    (or of how the engine keeps its bookkeeping) leaves it alone while a changed rule does not.
    """
    position = {
        "players": [[p.name, [c.code for c in p.hand], p.score, p.resigned] for p in state.players],
        "draw_pile": [c.code for c in state.draw_pile],
        "discard_pile": [c.code for c in state.discard_pile],
        "dealer": state.dealer,
        "round": state.round,
        "rounds": [
            [r.round, r.reason, list(r.winners), list(r.points), [[c.code for c in h] for h in r.hands]]
            for r in state.rounds
        ],
        "result": None if state.result is None else [list(state.result.winners), state.result.reason],
    }
    return hashlib.sha256(json.dumps(position, sort_keys=True).encode()).hexdigest()


def main() -> None:
    for variant, players, seed, options in GAMES:
        state = new_game(variant, players=players, seed=seed, options=options)
        bots: dict[int, Bot] = {seat: HeuristicBot(seed + seat, forget=0.15) for seat in range(players)}
        final = play_out(state, bots)
        assert final.result is not None
        golden = {
            "record": json.loads(to_json(final.record)),
            "rounds": len(final.rounds),
            "winners": list(final.result.winners),
            "totals": list(final.result.totals),
            "final_position_sha256": fingerprint(final),
        }
        path = HERE / variant / f"{players}-players-seed-{seed}.json"
        path.parent.mkdir(exist_ok=True)
        path.write_text(json.dumps(golden, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"{path.relative_to(HERE)}: {len(final.actions)} actions, winners {final.result.winners}")


if __name__ == "__main__":
    main()
