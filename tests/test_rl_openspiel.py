"""
The OpenSpiel games of `maumau.rl` (the ``openspiel`` nox session; skipped without open_spiel).
"""

from __future__ import annotations

import pickle
import subprocess
import sys

import pytest

from rl_extras import guide_loop, need

pyspiel = need("pyspiel")
np = need("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from maumau import new_game  # noqa: E402
from maumau.rl import register_openspiel_games  # noqa: E402
from maumau.rl._openspiel import MaumauGame, game_type  # noqa: E402
from test_rl_envs import FAMILY  # noqa: E402

#: Short matches, so that random simulations and rollouts end quickly.
GAMES = [
    ("maumau_classic", {"players": 2, "options": '{"target": 1}'}),
    ("maumau_penalty_52", {"players": 3}),
    ("maumau_sau_mau_mau", {"players": 3, "options": '{"races": 1}'}),
    ("maumau_ccw_house", {"players": 4}),
]


@pytest.fixture(scope="module", autouse=True)
def registered():
    return register_openspiel_games()


def test_every_installed_variant_is_registered(registered):
    """
    Each variant is an OpenSpiel game named after it.
    """
    assert set(registered) >= {name for name, _ in GAMES}
    assert set(registered) <= set(pyspiel.registered_names())


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_passes_openspiels_random_simulation_test(name, params):
    """
    OpenSpiel's own consistency test of a game passes: random matches, clones, tensors, strings and serialization.
    """
    pyspiel.random_sim_test(pyspiel.load_game(name, params), num_sims=2, serialize=True, verbose=False)


def test_a_game_and_its_state_pickle_and_play_on_alike():
    """
    A state pickles as the seed of its deal and the ids chosen since: restored, it holds the same position, tells
    the same information states, and plays on to the same end.
    """
    game = pyspiel.load_game("maumau_classic", {"players": 3, "deals": 300})
    state = game.new_initial_state()
    state.apply_deal(123)
    rng = np.random.default_rng(5)
    for step in range(40):
        if step % 3 == 0:
            state.information_state_string(0)  # a digest worked out: the state's past is kept another way
        state.apply_action(int(rng.choice(state.legal_actions())))

    for restored in (
        pickle.loads(pickle.dumps(state)),
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
    ):
        assert restored.history() == state.history()
        assert str(restored) == str(state)
        for seat in range(3):
            assert restored.information_state_string(seat) == state.information_state_string(seat)
        assert restored.legal_actions() == state.legal_actions()
    restored, ended = pickle.loads(pickle.dumps(state)), state.clone()
    while not ended.is_terminal():
        action = int(rng.choice(ended.legal_actions()))
        ended.apply_action(action)
        restored.apply_action(action)
    assert restored.returns() == ended.returns()


def test_a_pickled_game_loads_in_a_process_that_registered_nothing():
    """
    Unpickling registers maumau's games first, as a worker process that was handed a state has not.
    """
    game = pyspiel.load_game("maumau_penalty_52", {"players": 3})
    state = game.new_initial_state()
    state.apply_deal(9)
    script = "import pickle, sys; state = pickle.loads(sys.stdin.buffer.read()); print(state.history(), state.game)"
    done = subprocess.run(
        [sys.executable, "-c", script], input=pickle.dumps(state), capture_output=True, check=True, timeout=120
    )
    assert done.stdout.decode().split() == [*str(state.history()).split(), str(game)]


def test_a_game_of_several_options_pickles_though_its_game_string_does_not_load():
    """
    OpenSpiel's game string splits its parameters at commas, so options of several keys (JSON, with commas)
    make a string that does not load again, nor does `serialize_game_and_state`'s text: a state of such a game is
    pickled instead.
    """
    game = pyspiel.load_game("maumau_sau_mau_mau", {"players": 3, "options": '{"races": 1, "mau_calls": true}'})
    state = game.new_initial_state()
    state.apply_deal(4)
    for _ in range(6):
        state.apply_action(state.legal_actions()[0])

    restored = pickle.loads(pickle.dumps(state))
    assert restored.history() == state.history()
    assert restored.information_state_string(0) == state.information_state_string(0)
    assert restored.get_game().get_parameters() == game.get_parameters()
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))


def test_a_pickle_loads_only_maumau_games():
    """
    A pickled game names the game it loads again: a name that is no maumau game's is refused, not loaded.
    (The forged name is as long as the true one, so the pickle stays well formed.)
    """
    forged = pickle.dumps(pyspiel.load_game("maumau_classic", {"players": 2})).replace(
        b"maumau_classic", b"dots_and_boxes"
    )
    with pytest.raises(ValueError, match="'dots_and_boxes' is no maumau game"):
        pickle.loads(forged)


def test_a_world_dealt_afresh_and_a_game_with_plugins_are_not_pickled():
    """
    A world of a search holds cards no seed deals, and a game made with plugins is loaded by no parameters: both
    are refused by name rather than restored as something else.
    """
    game = pyspiel.load_game("maumau_classic", {"players": 2})
    state = game.new_initial_state()
    state.apply_deal(3)
    world = state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert str(world) != str(state)  # the unseen cards dealt otherwise
    with pytest.raises(TypeError, match="dealt afresh by resample_from_infostate"):
        pickle.dumps(world)
    world.information_state_string(world.current_player())  # the world becomes its children's anchor
    world.apply_action(world.legal_actions()[0])
    with pytest.raises(TypeError, match="dealt afresh by resample_from_infostate"):
        pickle.dumps(world)  # played on from a world, still no deal of a seed
    assert pickle.loads(pickle.dumps(state)).history() == state.history()  # the true state still pickles
    with pytest.raises(TypeError, match="made with plugins"):
        pickle.dumps(family_game("sets and runs"))


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_a_resampled_state_keeps_the_players_information_state(name, params):
    """
    IS-MCTS samples worlds the player cannot tell apart: the information state and the legal actions stay.
    """
    game = pyspiel.load_game(name, params)
    rng = np.random.default_rng(0)
    state = game.new_initial_state()
    state.apply_deal(7)
    for _ in range(30):
        if state.is_terminal():
            break
        player = state.current_player()
        world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_ismcts_chooses_a_legal_action():
    """
    OpenSpiel's IS-MCTS bot searches a maumau game and picks a legal action.
    """
    game = pyspiel.load_game(*GAMES[0])
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
        uct_c=2.0,
        max_simulations=20,
        random_state=np.random.RandomState(0),
    )
    state = game.new_initial_state()
    state.apply_deal(3)
    assert bot.step(state) in state.legal_actions()


def test_an_unknown_parameter_is_refused():
    """
    OpenSpiel checks the parameters against those the game declares.
    """
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game("maumau_classic", {"seats": 2})


def test_chance_deals_each_seed_alike_and_hands_out_lists_of_its_own():
    """
    The deal is a uniform choice among ``deals`` seeds; changing the lists handed out changes no later answer.
    """
    game = pyspiel.load_game("maumau_classic", {"players": 2, "deals": 3})
    state = game.new_initial_state()
    outcomes, seeds = state.chance_outcomes(), state.legal_actions()
    assert outcomes == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    assert seeds == [0, 1, 2]
    outcomes.clear()
    seeds.append(9)
    assert game.new_initial_state().chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    assert state.legal_actions() == [0, 1, 2]


def test_chance_deals_a_seed_a_digit_at_a_time():
    """
    Past 256 deals the seed is chosen a base-256 digit at a time, the most significant first: no chance node has
    more than 256 outcomes, and the digits of a seed deal the match that seed deals.
    """
    game = pyspiel.load_game("maumau_classic", {"players": 2})  # 65,536 deals: two digits
    state = game.new_initial_state()
    assert game.max_chance_outcomes() == 256
    assert state.chance_outcomes() == [(digit, 1 / 256) for digit in range(256)]
    state.apply_action(3)
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(digit, 1 / 256) for digit in range(256)]
    state.apply_action(17)
    held = game.new_initial_state()
    held.apply_deal(3 * 256 + 17)

    assert not state.is_chance_node()
    assert state.history() == held.history() == [3, 17]
    assert state.position.state == held.position.state == new_game("classic", players=2, seed=3 * 256 + 17)


def test_a_deal_past_a_power_of_256_keeps_every_seed_as_likely():
    """
    A digit leads to as many seeds as its probability says: with 300 deals, the first digit is 0 for 256 of them.
    """
    game = pyspiel.load_game("maumau_classic", {"players": 2, "deals": 300})
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(0, 256 / 300), (1, 44 / 300)]
    state.apply_action(1)
    assert state.chance_outcomes() == [(digit, 1 / 44) for digit in range(44)]
    assert state.legal_actions() == list(range(44))


def test_a_deal_of_ones_own_is_a_seed_of_the_game_and_starts_a_match():
    """
    `apply_deal` names what is wrong: a seed out of range, or a state already past its first chance node.
    """
    game = pyspiel.load_game("maumau_classic", {"players": 2, "deals": 300})
    for seed in (-1, 300, 2.0, True):
        with pytest.raises(ValueError, match="seed must be a whole number from 0 to 299"):
            game.new_initial_state().apply_deal(seed)
    state = game.new_initial_state()
    state.apply_action(0)
    with pytest.raises(ValueError, match="past the first chance node"):
        state.apply_deal(5)
    assert state.history() == [0]  # the state is as it was


def test_a_deal_of_ones_own_may_be_a_numpy_integer():
    """
    A seed drawn by numpy (``rng.integers(deals)``) is a whole number like any other.
    """
    game = pyspiel.load_game("maumau_classic", {"players": 2, "deals": 300})
    state = game.new_initial_state()
    state.apply_deal(np.int64(299))

    assert state.position.state.seed == 299
    assert state.history() == [1, 43]


@pytest.mark.parametrize(("deals", "digit"), [(65_536, 256), (65_536, 1000), (300, 2), (3, 3)])
def test_a_chance_outcome_that_is_no_digit_of_the_node_is_refused(deals, digit):
    """
    A chance outcome not among the node's is refused, and the state stays as it was: a seed applied with
    ``apply_action`` as before 0.2.0 (``apply_deal`` deals it now) no longer leaves a chance node without outcomes.
    """
    game = pyspiel.load_game("maumau_classic", {"players": 2, "deals": deals})
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    with pytest.raises(ValueError, match=f"{digit} is not an outcome of this chance node of the deal"):
        state.apply_action(digit)

    assert state.history() == []
    assert state.is_chance_node()
    assert state.chance_outcomes() == outcomes


def test_each_chance_node_of_the_deal_is_a_state_of_its_own():
    """
    The state's string tells the seed's digits chosen so far: states keyed by their strings (OpenSpiel's
    ``get_all_states(..., to_string=str)``) keep each chance node.
    """
    game = pyspiel.load_game("maumau_classic", {"players": 2})
    root = game.new_initial_state()
    after = [root.child(digit) for digit in (0, 1)]

    assert len({str(root), *map(str, after)}) == 3
    assert str(root) == "before the deal"


def test_a_match_stops_at_the_decision_limit_and_pays_nobody():
    """
    OpenSpiel needs a bound on a game's length: after ``max_decisions`` decisions the match stops, without returns.
    """
    game = pyspiel.load_game("maumau_classic", {"players": 2, "max_decisions": 5})
    state = game.new_initial_state()
    state.apply_deal(0)
    for _ in range(5):
        assert not state.is_terminal()
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal()
    assert state.returns() == [0.0, 0.0]
    assert game.max_game_length() == 5 + 2  # the deal in two digits of a seed, then the decisions


def family_game(table: str) -> MaumauGame:
    """
    Classic with a house rule of `test_rl_envs.FAMILY`, as an OpenSpiel game: made, not loaded, to take the plugin.

    Random play at some of these tables takes long to end a match (hands grow), so a match stops after 300
    decisions.
    """
    return MaumauGame("classic", game_type("classic"), {"players": 3, "max_decisions": 300}, plugins=[FAMILY[table]])


@pytest.mark.parametrize("table", FAMILY)
def test_the_new_vocabulary_passes_openspiels_random_simulation_test(table):
    """
    Plays of several cards, another turn, rank wishes, challenges of a play: OpenSpiel's consistency test passes.
    """
    pyspiel.random_sim_test(family_game(table), num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("table", FAMILY)
def test_a_resampled_state_of_the_new_vocabulary_keeps_the_information_state(table):
    """
    In the middle of a play of several cards or of another turn too, IS-MCTS's samples keep what the player knows.
    """
    game = family_game(table)
    rng = np.random.default_rng(1)
    state = game.new_initial_state()
    state.apply_deal(11)
    for _ in range(60):
        if state.is_terminal():
            break
        player = state.current_player()
        world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_the_turn_in_progress_is_in_the_observation_string():
    """
    An open play is told in the strings, so that two moments of one turn are told apart.
    """
    game = family_game("sets and runs")
    state = game.new_initial_state()
    state.apply_deal(0)
    for _ in range(200):
        player = state.current_player()
        more = [a for a in state.legal_actions() if getattr(game.space.decode(a, player), "more", False)]
        if more:
            state.apply_action(more[0])
            assert "playing " in state.observation_string(player)
            return
        state.apply_action(state.legal_actions()[0])
    pytest.fail("no play of several cards came up")


def _recalled(game, seed: int, ids: list[int], seat: int) -> str:
    """
    The digest of everything *seat* saw along *ids* from deal *seed*, worked out step by step from the views.
    """
    import hashlib

    from maumau import new_game, view
    from maumau.rl._openspiel import _view_text
    from maumau.rl._turns import Position

    position = Position(new_game("classic", players=game.players, seed=seed))
    digest = ""
    for index in [None, *ids]:
        if index is not None:
            position = position.after(game.space, position.turn(game.space), index)
        seen = _view_text(view(position.state, seat))
        digest = hashlib.blake2b((digest + seen).encode(), digest_size=16).hexdigest()
    return digest


@pytest.mark.parametrize("asked", ["every step", "at the end"])
def test_the_information_state_recalls_every_observation_however_often_it_is_asked(asked):
    """
    A state keeps no past positions but an anchor and the ids since: the digest is the same whether it was
    asked at every decision (anchors everywhere) or only at the end (every position played again), and the
    same as the digest of the views, one by one; a resampled state's continuation recalls its own past.
    """
    game = pyspiel.load_game("maumau_classic", {"players": 3})
    rng = np.random.default_rng(1)
    state = game.new_initial_state()
    state.apply_deal(11)
    ids: list[int] = []
    for _ in range(25):
        if asked == "every step":
            for seat in range(3):
                state.information_state_string(seat)
        index = int(rng.choice(state.legal_actions()))
        ids.append(index)
        state.apply_action(index)
    for seat in range(3):
        assert state.memory(seat) == _recalled(game, 11, ids, seat)
        assert state.information_state_string(seat).endswith(f"memory {state.memory(seat)}")
    player = state.current_player()
    world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.memory(player) == state.memory(player)
    for _ in range(3):
        if world.is_terminal():
            break
        world.apply_action(world.legal_actions()[0])
    assert len(world.memory(player)) == 32


def test_the_guides_loop_runs(capsys):
    """
    The OpenSpiel loop of the game-AI guide plays a whole match and prints its returns.
    """
    exec(compile(guide_loop("OpenSpiel"), "rl.md (OpenSpiel)", "exec"), {"__name__": "__guide__"})

    assert capsys.readouterr().out.startswith("returns [")
