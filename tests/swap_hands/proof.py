"""
A third party's mechanic, installed, is a mechanic like the built-in ones: run by ``tests/test_swap_hands.py``
in a fresh interpreter where ``swap_hands`` is installed (a bare ``.dist-info`` naming its entry points).

Nothing of maumau was edited for it: it is narrated, shown in the terminal's and the web table's status,
typed, played by the heuristic and search bots, encoded by `maumau.rl`, set from a profile key that the
schema and the reference show, and checked by the conformance kit.
"""

from __future__ import annotations

import random
from types import ModuleType

import pytest

import maumau
from maumau import Narrator, Table, apply, legal_actions, new_game, view
from maumau.bots import HeuristicBot
from maumau.cli import _Narrator
from maumau.profiles import ProfileError, profile_from_text, reference, schema
from maumau.rl import ActionSpace
from maumau.search import SearchBot
from maumau.testing import check_encoding, check_variant, random_game
from swap_hands import SWAPPED, HandsSwapped, SwapHands

GAMES = ("swap-mau", "swap-eights")


def _web_render() -> ModuleType:
    """
    The web table's renderer, which needs the web extra (``nox -s web`` runs these tests with it).
    """
    return pytest.importorskip("maumau.web._render", reason="the web table's extra (starlette) is not installed")


def _swapping_state(variant: str = "swap-mau", options: dict[str, object] | None = None) -> maumau.GameState:
    """
    The first position of a seeded random game where a seat must choose whom to swap hands with.
    """
    for seed in range(200):
        rng = random.Random(seed)
        state = new_game(variant, players=3, seed=seed, options=options)
        for _ in range(400):
            if state.result is not None:
                break
            if any(isinstance(action, SwapHands) for seat in range(3) for action in legal_actions(state, seat)):
                return state
            seat = state.pending.seat if state.pending is not None else state.to_move
            assert seat is not None
            state = apply(state, rng.choice([a for a in legal_actions(state, seat) if a.kind != "resign"]))
    raise AssertionError("no game came to a swap")


def _swapped() -> tuple[maumau.GameState, SwapHands]:
    state = _swapping_state()
    assert state.pending is not None
    swap = next(a for a in legal_actions(state, state.pending.seat) if isinstance(a, SwapHands))
    return apply(state, swap), swap


@pytest.mark.parametrize("variant", GAMES)
def test_the_games_pass_the_conformance_kit(variant: str) -> None:
    check_variant(variant, players=range(2, 5), games=5)


def test_a_swap_swaps_the_hands() -> None:
    state = _swapping_state()
    assert state.pending is not None
    swap = next(a for a in legal_actions(state, state.pending.seat) if isinstance(a, SwapHands))

    after = apply(state, swap)

    assert after.players[swap.seat].hand == state.players[swap.other].hand
    assert after.players[swap.other].hand == state.players[swap.seat].hand
    assert HandsSwapped(swap.seat, swap.other) in after.events
    assert SWAPPED.get(after) == (swap.seat, swap.other)


def test_a_swap_is_narrated() -> None:
    _, swap = _swapped()
    names = ("Ann", "Bob", "Cleo")

    told = Narrator(names, swap.seat).event(HandsSwapped(swap.seat, swap.other))

    assert told == f"You swap hands with {names[swap.other]}."
    assert Narrator(names).action(swap) == f"swap hands with {names[swap.other]}"


def test_a_swap_is_typed_by_its_name() -> None:
    state = _swapping_state()
    assert state.pending is not None
    moves = legal_actions(state, state.pending.seat)
    swap = next(a for a in moves if isinstance(a, SwapHands))

    assert maumau.find_move(f"swap {swap.other}", moves) == swap


def test_the_terminal_and_the_web_table_show_the_swap() -> None:
    after, swap = _swapped()
    names = ("Ann", "Bob", "Cleo")
    seen = view(after, swap.other)
    shown = f"{names[swap.seat]} and you"

    lines = _Narrator(names, swap.other).table(seen)
    table = _web_render().render(seen, waiting=(), actor=None)

    assert f"Hands swapped: {shown}" in lines
    assert {"label": "Hands swapped", "text": f"{seen.names[swap.seat]} and you", "style": ""} in table["status"]
    assert "swapped" not in [name for name, _ in table["slots"]]


def test_the_web_table_shows_the_move_beside_the_seat() -> None:
    _, swap = _swapped()
    narrator = Narrator(("Ann", "Bob", "Cleo"), swap.seat)

    data = _web_render().event_data(HandsSwapped(swap.seat, swap.other), narrator, 1)

    assert data["move"] == {"text": f"swapped with {narrator.name(swap.other)}"}


def test_the_heuristic_bot_takes_the_smallest_hand() -> None:
    state = _swapping_state()
    assert state.pending is not None
    seat = state.pending.seat
    sizes = [len(player.hand) for player in state.players]

    chosen = HeuristicBot(seed=1).choose(view(state, seat))

    assert isinstance(chosen, SwapHands)
    assert sizes[chosen.other] == min(sizes[other] for other in range(3) if other != seat)


@pytest.mark.parametrize("variant", GAMES)
def test_the_bots_play_whole_matches(variant: str) -> None:
    table = Table(
        variant,
        [maumau.Seat(f"Bot {n}", bot=level) for n, level in enumerate(("heuristic", "random", "heuristic"))],
        seed=4,
    )

    assert table.state.result is not None
    assert any(isinstance(event, HandsSwapped) for event in table.history())


def test_the_search_bot_decides_a_swap() -> None:
    state = _swapping_state()
    assert state.pending is not None

    chosen = SearchBot(seed=1, budget=200).choose(view(state, state.pending.seat))

    assert isinstance(chosen, SwapHands)


def test_maumau_rl_encodes_the_swaps() -> None:
    state = _swapping_state()
    space = ActionSpace.of(state)
    assert state.pending is not None

    check_encoding(state, random.Random(1))
    assert all(space.decode(space.encode(a), a.seat) == a for a in legal_actions(state, state.pending.seat))


def test_the_schema_and_the_reference_show_the_key() -> None:
    rows = {path: description for path, description, _ in reference()}

    assert schema()["properties"]["swap_hands"]["required"] == ["cards"]
    assert rows["swap_hands.cards"] == "The cards that swap hands."


def test_an_option_sets_the_key() -> None:
    assert _swapping_state("swap-mau").top.rank == "Q"
    assert _swapping_state("swap-mau", {"swapping_card": "K"}).top.rank == "K"


def test_a_card_the_pack_lacks_is_refused() -> None:
    text = 'format = 1\nbase = "classic-profile"\n[game]\nid = "bad-swap"\nname = "Bad"\n[swap_hands]\ncards = "2"\n'

    with pytest.raises(ProfileError, match=r"swap_hands\.cards: '2' names no card of the pack"):
        profile_from_text(text, register=False)


def test_random_games_swap() -> None:
    swaps = 0
    for seed in range(20):
        final = random_game("swap-eights", players=3, seed=seed, check_every=0)
        swaps += sum(isinstance(action, SwapHands) for action in final.record.actions)

    assert swaps > 0
