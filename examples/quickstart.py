"""
A tour of the maumau API: start a game, ask what is legal, act, look, save, replay.
"""

import maumau


def main() -> None:
    state = maumau.new_game("classic", players=["Ann", "Ben", "Cid"], seed=7)
    print(f"top card {state.top}; {state.players[state.to_move or 0].name} to move")
    actions = maumau.legal_actions(state)  # what the seat to move may do
    print("legal:", "; ".join(map(str, actions)))
    state = maumau.apply(state, actions[0])  # a new state; the old one is unchanged
    print("events:", state.events)
    ann = maumau.view(state, 0)  # what seat 0 may see: own hand, others' counts
    print("Ann holds", " ".join(map(str, ann.hand)), "| hand sizes", ann.hand_sizes)
    saved = maumau.to_json(state)
    assert maumau.from_json(saved, maumau.GameState) == state
    assert maumau.replay(state.record) == state  # set-up plus actions rebuild the game
    print(f"saved {len(saved)} characters of JSON; the record replays to the same state")


if __name__ == "__main__":
    main()
