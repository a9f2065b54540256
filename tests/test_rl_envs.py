"""
The PettingZoo and Gymnasium environments of `maumau.rl` (the ``rl`` nox session; skipped without the extras).
"""

from __future__ import annotations

import ast
import random
import re

import attrs
import pytest

from rl_extras import guide_loop, need

np = need("numpy")
need("pettingzoo")
need("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from family import family  # noqa: E402
from maumau import (  # noqa: E402
    CardsDrawn,
    Challenge,
    DrawCards,
    GameState,
    PlayCard,
    Resign,
    UnknownBotLevelError,
    apply,
    from_json,
    legal_actions,
    new_game,
    to_json,
    variants,
    view,
)
from maumau.bots import HeuristicBot, RandomBot  # noqa: E402
from maumau.mechanics import Combinations, Stacking  # noqa: E402
from maumau.plugins import variant_names  # noqa: E402
from maumau.rl import (  # noqa: E402
    NO_REACTION,
    Observer,
    StateEncoder,
    gymnasium_env,
    gymnasium_vector_env,
    pettingzoo_env,
    register_gymnasium_envs,
)
from maumau.rl._gymnasium import MaumauGymEnv  # noqa: E402
from test_family import TABLES, TWO  # noqa: E402

OURS = [("classic", 3), ("penalty-52", 3), ("sau-mau-mau", 3), ("ccw-house", 4)]
#: House rules of classic with the family's new vocabulary: sets and runs in one play, and the tables of
#: `test_family` (another turn, turns to sit out, rank wishes, challenges of a play, draw rules...).
FAMILY = {
    "sets and runs": family(
        effects={"2": TWO}, mechanics=(Combinations(sets=True, runs="either", switch=True), Stacking())
    ),
    **{table: family(**spec) for table, spec in TABLES.items()},  # type: ignore[arg-type]
}
#: Every variant installed, maumau's own and any other package's (the peers' games).
VARIANTS = OURS + [(name, info.seats.start) for name, info in sorted(variants().items()) if name not in dict(OURS)]


def random_steps(env, seed: int, steps: int):
    """
    Step a PettingZoo *env* with random legal ids; yield the agent and its observation before each step.
    """
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    for _ in range(steps):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            return
        seen = env.observe(agent)
        yield agent, seen
        env.step(int(rng.choice(np.flatnonzero(seen["action_mask"]))))


def played_states(variant: str, players: int, seed: int, steps: int, plugins=(), resign: float = 0.0):
    """
    The states of random legal play from a deal of *seed*, out-of-turn actions included, to the end or *steps*;
    at each step a seat resigns with the chance *resign*.
    """
    rng = random.Random(seed)
    state = new_game(variant, players=players, seed=seed, plugins=plugins)
    states = [state]
    while not state.is_over and len(states) < steps:
        listed = [a for seat in range(players) for a in legal_actions(state, seat)]
        resigns = [a for a in listed if type(a) is Resign]
        if resign and resigns and rng.random() < resign:
            state = apply(state, rng.choice(resigns))
        else:
            state = apply(state, rng.choice([a for a in listed if type(a) is not Resign]))
        states.append(state)
    return states


class TestStateEncoder:
    """
    The environments read observations from the states, rewriting only what changed: always the observer's vector.
    """

    @staticmethod
    def assert_encodes_as_the_observer(states, players: int, rng: random.Random, encoder=None) -> int:
        observer = Observer.of(states[0])
        encoder = StateEncoder(observer) if encoder is None else encoder
        compared = 0
        for state in states:
            for seat in rng.sample(range(players), rng.randint(0, players)):  # some seats skip states
                fast = encoder.encode(state, seat)
                assert fast.dtype == np.float32
                assert np.array_equal(fast, observer.encode(view(state, seat))), (state.variant, seat)
                compared += 1
        return compared

    @pytest.mark.parametrize(("variant", "players"), VARIANTS)
    def test_every_variant_is_encoded_as_its_views(self, variant, players):
        """
        One encoder per player count, as an environment keeps one: deal after deal in order, then their states
        shuffled (as a search jumps between positions), seats resigning now and then.
        """
        rng = random.Random(7)
        for count in (players, players + 1):
            games = [played_states(variant, count, seed, 400, resign=0.01) for seed in range(3)]
            encoder = StateEncoder(Observer.of(games[0][0]))
            for states in games:
                assert self.assert_encodes_as_the_observer(states, count, rng, encoder) > 0
            mixed = [state for states in games for state in states]
            rng.shuffle(mixed)
            assert self.assert_encodes_as_the_observer(mixed, count, rng, encoder) > 0

    def test_resigned_seats_are_encoded_as_their_views(self):
        rng = random.Random(5)
        games = [played_states("classic", 4, seed, 300, resign=0.05) for seed in range(6)]
        assert any(player.resigned for states in games for player in states[-1].players)
        for states in games:
            assert self.assert_encodes_as_the_observer(states, 4, rng) > 0

    def test_states_of_another_game_are_encoded_as_their_views(self):
        """
        An encoder given states of a game other than its observer's (another deck) encodes them from their views.
        """
        observer = Observer.of(new_game("penalty-52", players=3, seed=0))
        encoder = StateEncoder(observer)
        for state in played_states("classic", 3, 1, 80):
            for seat in range(3):
                assert np.array_equal(encoder.encode(state, seat), observer.encode(view(state, seat)))

    def test_an_observer_made_by_hand_is_encoded_from_views(self):
        """
        An observer built by hand is not the game's own, even with the kernel's feature names: its vectors come
        from its features' reading of the views.
        """
        made = Observer.of(new_game("classic", players=3, seed=0))
        features = [  # a feature named as the kernel's hand, which reads something else
            attrs.evolve(feature, read=lambda seen, size=feature.size: [float(len(seen.hand) % 3)] * size)
            if feature.name == "hand"
            else feature
            for feature in made.features
        ]
        observer = Observer(made.variant, made.players, features, kernel=made.kernel)
        encoder = StateEncoder(observer)
        for state in played_states("classic", 3, 2, 80):
            assert np.array_equal(encoder.encode(state, 1), observer.encode(view(state, 1)))

    @pytest.mark.parametrize("table", sorted(FAMILY))
    def test_the_new_vocabulary_is_encoded_as_its_views(self, table):
        rng = random.Random(8)
        for seed in range(4):
            states = played_states("classic", 3, seed, 600, plugins=(FAMILY[table],))
            assert self.assert_encodes_as_the_observer(states, 3, rng) > 0

    def test_states_in_any_order_and_from_any_deal_are_encoded_as_their_views(self):
        rng = random.Random(9)
        states = [state for seed in range(3) for state in played_states("penalty-52", 3, seed, 300)]
        rng.shuffle(states)  # a search jumps between positions and deals
        assert self.assert_encodes_as_the_observer(states, 3, rng) > 300

    def test_states_read_back_from_json_are_encoded_as_their_views(self):
        """
        A state loaded from a save holds cards of its own, equal to the deck's but other objects: found by value.
        """
        rng = random.Random(10)
        states = [state for seed in range(3) for state in played_states("uno-rlcard", 2, seed, 200)]
        loaded = [from_json(to_json(state), GameState) if rng.random() < 0.4 else state for state in states]
        assert any(
            after.discard_pile[-1] is not before.discard_pile[-1] for before, after in zip(states, loaded, strict=True)
        )
        assert self.assert_encodes_as_the_observer(loaded, 2, rng) > 0

    def test_the_encoded_vector_is_the_callers_own(self):
        state = new_game("classic", players=2, seed=1)
        encoder = StateEncoder(Observer.of(state))
        first = encoder.encode(state, 0)
        first[:] = -1.0
        assert np.array_equal(encoder.encode(state, 0), Observer.of(state).encode(view(state, 0)))

    def test_an_encoded_vector_stays_as_it_was_while_the_encoder_goes_on(self):
        """
        `StateEncoder.encode` hands out a copy: the encoder rewriting its own numbers for later states leaves it be.
        """
        states = played_states("classic", 2, 3, 60)
        observer = Observer.of(states[0])
        encoder = StateEncoder(observer)
        kept = [encoder.encode(state, 0) for state in states]
        assert len({vector.tobytes() for vector in kept}) > 10
        for state, vector in zip(states, kept, strict=True):
            assert np.array_equal(vector, observer.encode(view(state, 0)))


class TestPettingZoo:
    """
    Tests for `maumau.rl.pettingzoo_env`.
    """

    @pytest.mark.parametrize(("variant", "players"), VARIANTS)
    def test_passes_pettingzoos_api_test(self, variant, players):
        """
        PettingZoo's own API test passes for every variant.
        """
        api_test(pettingzoo_env(variant, players=players), num_cycles=200, verbose_progress=False)

    @pytest.mark.parametrize(("variant", "players"), VARIANTS)
    def test_passes_pettingzoos_seed_test(self, variant, players):
        """
        The same seed plays the same match.
        """
        seed_test(lambda: pettingzoo_env(variant, players=players), num_cycles=50)

    @pytest.mark.parametrize(("variant", "players", "kind"), [("penalty-52", 3, Challenge), ("ccw-house", 4, PlayCard)])
    def test_reactions_are_decisions_of_their_own(self, variant, players, kind):
        """
        A seat that may act out of turn is asked as an agent of its own, with "no reaction" (id 0) among
        its choices: challenges in penalty-52, jump-ins in ccw-house.
        """
        env = pettingzoo_env(variant, players=players)
        seen_kinds = set()
        for seed in range(20):
            for agent, seen in random_steps(env, seed, 400):
                if env.infos[agent].get("reacting"):
                    ids = np.flatnonzero(seen["action_mask"])
                    assert ids[0] == NO_REACTION
                    seat = env.possible_agents.index(agent)
                    assert seat != env.position.actor()
                    seen_kinds.update(type(env.space.decode(int(i), seat)) for i in ids[1:])
            if kind in seen_kinds:
                break
        assert kind in seen_kinds

    @pytest.mark.parametrize("table", FAMILY)
    def test_passes_pettingzoos_api_test_with_the_new_vocabulary(self, table):
        """
        PettingZoo's own API test passes where a turn may hold several decisions of one seat.
        """
        api_test(pettingzoo_env("classic", players=3, plugins=[FAMILY[table]]), num_cycles=300, verbose_progress=False)

    def test_each_card_of_an_open_play_is_a_decision_of_the_same_agent(self):
        """
        A card with more to follow keeps the same agent selected, to choose the next card of the play.
        """
        env = pettingzoo_env("classic", players=3, plugins=[FAMILY["sets and runs"]])
        opened = 0
        for seed in range(10):
            for agent, seen in random_steps(env, seed, 300):
                assert env.agent_selection == agent
                if env.position.state.playing and not env.infos[agent].get("reacting"):
                    opened += 1
                    seat = env.possible_agents.index(agent)
                    assert env.position.state.to_move == seat
                    playing = env.position.state.playing
                    legal = [env.space.decode(int(i), seat) for i in np.flatnonzero(seen["action_mask"])]
                    assert all(isinstance(action, PlayCard) for action in legal)
                    assert {action.card for action in legal}.isdisjoint(playing)
        assert opened

    def test_an_illegal_id_is_refused_and_nothing_changes(self):
        """
        An id the mask rules out raises, names the legal ids, and leaves the environment as it was.
        """
        env = pettingzoo_env("classic", players=2)
        env.reset(seed=4)
        agent, before = env.agent_selection, env.position
        illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
        with pytest.raises(ValueError, match=r"not legal for seat .* legal ids"):
            env.step(illegal)
        assert (env.agent_selection, env.position) == (agent, before)

    def test_the_winner_is_paid(self):
        """
        At the end of the match each winner gets 1 and every other seat -1.
        """
        env = pettingzoo_env("classic", players=2, options={"target": 1})
        for _ in random_steps(env, 3, 10_000):
            pass
        assert env.position.over
        winners = env.position.state.result.winners
        assert env._cumulative_rewards == {f"seat_{seat}": (1.0 if seat in winners else -1.0) for seat in range(2)}

    def test_only_the_last_step_pays_and_a_steps_rewards_stay_as_they_were(self):
        """
        Every step's rewards are 0 but the step that ends the match; the rewards a step left are not changed by later
        steps (a caller may keep them).
        """
        env = pettingzoo_env("classic", players=2, options={"target": 1})
        kept = []
        for _ in random_steps(env, 5, 10_000):
            kept.append((env.rewards, dict(env.rewards)))
        kept.append((env.rewards, dict(env.rewards)))
        assert env.position.over
        assert len(kept) > 3
        assert all(rewards == copy for rewards, copy in kept)  # none changed after its step
        assert all(set(copy.values()) == {0.0} for _, copy in kept[:-1])
        assert sorted(kept[-1][1].values()) == [-1.0, 1.0]


class TestGymnasium:
    """
    Tests for `maumau.rl.gymnasium_env`.
    """

    @pytest.mark.parametrize(("variant", "players"), VARIANTS)
    def test_passes_gymnasiums_env_checker(self, variant, players):
        """
        Gymnasium's own environment checker passes for every variant against the heuristic bot.
        """
        check_env(gymnasium_env(variant, players=players, opponents=HeuristicBot), skip_render_check=True)

    @pytest.mark.parametrize("table", FAMILY)
    def test_passes_gymnasiums_env_checker_with_the_new_vocabulary(self, table):
        """
        Gymnasium's environment checker passes where a turn may hold several decisions of one seat.
        """
        env = gymnasium_env("classic", players=3, plugins=[FAMILY[table]], opponents=HeuristicBot)
        check_env(env, skip_render_check=True)

    @pytest.mark.parametrize("table", [table for table in FAMILY if not table.startswith("rank wishes")])
    def test_masked_play_of_the_new_vocabulary_reaches_the_end_of_the_match(self, table):
        """
        The learner plays whole matches among the masked ids against the bots.

        Not at the table of rank wishes: there a random player's hand keeps growing (a wish for a rank makes the
        next player draw until one comes, a challenge costs up to six cards), and a match may take a long time.
        """
        env = gymnasium_env("classic", players=3, plugins=[FAMILY[table]], opponents=[HeuristicBot, RandomBot])
        for seed in range(2):
            env.reset(seed=seed)
            rng = np.random.default_rng(seed)
            for _ in range(20_000):
                _, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
                if terminated or truncated:
                    break
            assert terminated
            assert not info.get("illegal")

    def test_a_reset_without_a_seed_follows_the_last_seeded_one(self):
        """
        ``reset()`` after ``reset(seed=s)`` deals the same match from run to run, from the environment's generator.
        """

        def deals(seed):
            env = gymnasium_env("classic", players=3, opponents="random")
            first, _ = env.reset(seed=seed)
            return np.stack([first, *(env.reset()[0] for _ in range(3))])

        assert np.array_equal(deals(5), deals(5))
        assert not np.array_equal(deals(5)[1:], deals(6)[1:])

    def test_masked_play_reaches_the_end_of_the_match(self):
        """
        Choosing among the masked ids plays a whole match against the bots; the last reward is 1 or -1.
        """
        env = gymnasium_env("penalty-52", players=3, opponents=[HeuristicBot, RandomBot])
        env.reset(seed=8)
        rng = np.random.default_rng(8)
        for _ in range(10_000):
            _, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            if terminated or truncated:
                break
        assert terminated
        assert not info.get("illegal")
        assert reward in (1.0, -1.0)

    def test_an_illegal_id_ends_the_episode_with_a_penalty(self):
        """
        An id outside the mask ends the episode at once with -1, flagged in the info.
        """
        env = gymnasium_env("classic", players=2, opponents=HeuristicBot)
        env.reset(seed=1)
        illegal = int(np.flatnonzero(~env.action_masks())[0])
        _, reward, terminated, _, info = env.step(illegal)
        assert (reward, terminated, info["illegal"]) == (-1.0, True, True)

    def test_too_few_opponents_are_refused(self):
        """
        Every other seat needs a bot.
        """
        with pytest.raises(ValueError, match="3 players need 2 opponents, got 1"):
            gymnasium_env("classic", players=3, opponents=[HeuristicBot])

    @pytest.mark.parametrize("kind", ["resigns", "plays out of turn"])
    def test_a_bot_that_takes_an_action_it_may_not_take_is_refused(self, kind):
        """
        A bot's action is checked against its seat's legal actions: resigning is never one, nor another seat's move.
        """

        class Cheat(RandomBot):
            def choose_from(self, seat, actions):
                if kind == "resigns":
                    return Resign(seat)
                return DrawCards((seat + 1) % 2)

        def play_until_the_bot_moves():
            env = gymnasium_env("classic", players=2, opponents=Cheat, seat=1)
            _, info = env.reset(seed=1)
            for _ in range(10):
                _, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))

        with pytest.raises(ValueError, match="is not an action seat 0 may take now"):
            play_until_the_bot_moves()

    @pytest.mark.parametrize("variant", ["classic", "penalty-52", "ccw-house"])
    def test_bots_that_decide_from_their_actions_play_as_with_their_views(self, variant):
        """
        A bot that decides from its legal actions (`RandomBot`) is spared the view, and plays the same match,
        reactions out of turn included (penalty-52's challenges, ccw-house's jump-ins).
        """
        asked = {"react_from": 0}

        class Counting(RandomBot):
            def react_from(self, seat, actions):
                asked["react_from"] += 1
                return super().react_from(seat, actions)

        class Viewing(RandomBot):  # the same choices, from a view: the environment builds one for it
            choose_from = react_from = None

            def choose(self, view):
                return RandomBot.choose_from(self, view.seat, view.legal_actions)

            def react(self, view):
                return RandomBot.react_from(self, view.seat, view.legal_actions)

        def play(opponents) -> list[int]:
            env = gymnasium_env(variant, players=3, opponents=opponents)
            chosen = []
            for seed in range(3):
                _, info = env.reset(seed=seed)
                for _ in range(300):
                    chosen.append(int(np.flatnonzero(info["action_mask"])[-1]))
                    _, _, terminated, _, info = env.step(chosen[-1])
                    if terminated:
                        break
                chosen.append(len(env.position.state.actions))
            return chosen

        assert play(Counting) == play(Viewing)
        assert (asked["react_from"] > 0) == (variant != "classic")

    @pytest.mark.parametrize("opponents", ["heuristic", ["random", "search:20"], ["heuristic", RandomBot]])
    def test_opponents_by_level_name_play_a_match(self, opponents):
        """
        A level name (or a list of names and factories, one per other seat) is resolved to bots, as ``--bots``.
        """
        env = gymnasium_env("classic", players=3, opponents=opponents)
        _, info = env.reset(seed=4)
        for _ in range(500):
            _, _, terminated, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            if terminated:
                break
        assert terminated
        assert len(env.bots) == 2

    @pytest.mark.parametrize("opponents", ["heuristc", ["random", "expert"], "search:none"])
    def test_an_unknown_level_is_refused_when_the_environment_is_made(self, opponents):
        """
        A level that does not exist is a `UnknownBotLevelError` naming the levels, raised before any reset.
        """
        with pytest.raises(UnknownBotLevelError) as raised:
            gymnasium_env("classic", players=3, opponents=opponents)
        assert isinstance(raised.value, ValueError)
        if "search" not in str(opponents):
            assert "known: random, heuristic, search" in str(raised.value)


class TestGymnasiumRegistry:
    """
    Tests for `maumau.rl.register_gymnasium_envs`: ``gymnasium.make`` and ``gymnasium.make_vec``.
    """

    def test_every_installed_variant_has_an_id(self):
        """
        Each variant, profiles included, is registered as a valid id when `maumau.rl` is imported.
        """
        import gymnasium

        ids = register_gymnasium_envs()
        assert len(ids) == len(variant_names())
        assert "maumau/penalty-52-v0" in ids
        for name in ids:
            assert name in gymnasium.registry
            assert re.fullmatch(r"maumau/[A-Za-z0-9-]+-v0", name)

    @pytest.mark.parametrize("variant", ["classic", "penalty-52", "classic-profile"])
    def test_make_plays_against_heuristic_bots(self, variant):
        """
        ``gymnasium.make`` gives the environment of the variant's default player count, heuristic bots around it.
        """
        import gymnasium

        env = gymnasium.make(f"maumau/{variant}-v0")
        observation, info = env.reset(seed=3)
        inner = env.unwrapped
        assert isinstance(inner, MaumauGymEnv)
        assert observation.shape == (inner.observer.size,)
        assert {type(bot) for bot in inner.bots.values()} == {HeuristicBot}
        _, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        assert info["action_mask"].shape == (len(inner.space),)

    def test_make_passes_keywords_on(self):
        """
        ``gymnasium.make``'s keywords reach `maumau.rl.gymnasium_env`, level names included.
        """
        import gymnasium

        env = gymnasium.make("maumau/classic-v0", players=4, opponents="random", seat=2)
        env.reset(seed=0)
        assert (env.unwrapped.players, env.unwrapped.seat) == (4, 2)
        assert {type(bot) for bot in env.unwrapped.bots.values()} == {RandomBot}
        with pytest.raises(UnknownBotLevelError):
            gymnasium.make("maumau/classic-v0", opponents="nobody")

    @pytest.mark.parametrize("mode", ["sync", "vector"])
    def test_vectorised_environments_play_on(self, mode):
        """
        ``gymnasium.make_vec`` and `gymnasium.vector.SyncVectorEnv` step four matches together past their ends.
        """
        import gymnasium

        if mode == "sync":
            envs = gymnasium.make_vec("maumau/classic-v0", num_envs=4)
        else:
            envs = gymnasium.vector.SyncVectorEnv(
                [lambda: gymnasium_env("classic", players=2, opponents="heuristic") for _ in range(4)]
            )
        observations, infos = envs.reset(seed=5)
        assert observations.shape[0] == 4
        ended = 0
        for _ in range(400):
            masks = infos["action_mask"]
            actions = np.array([int(np.flatnonzero(mask)[0]) if mask.any() else 0 for mask in masks])
            observations, _, terminated, _, infos = envs.step(actions)
            ended += int(terminated.sum())
        envs.close()
        assert observations.shape == (4, envs.single_observation_space.shape[0])
        assert ended >= 4


def random_ids(masks, rng):
    """
    A random legal id of each row of *masks* (a row without one: id 0, which its match ignores).
    """
    return np.where(masks, rng.random(masks.shape), -1.0).argmax(axis=1)


def assert_same(ours, theirs):
    """
    *ours* and *theirs* hold the same numbers in the same shapes and types: arrays, dictionaries, tuples, objects.
    """
    assert type(ours) is type(theirs) or (np.isscalar(ours) and np.isscalar(theirs))
    if isinstance(ours, dict):
        assert sorted(ours) == sorted(theirs)
        for key in ours:
            assert_same(ours[key], theirs[key])
    elif isinstance(ours, tuple):
        assert len(ours) == len(theirs)
        for mine, other in zip(ours, theirs, strict=True):
            assert_same(mine, other)
    elif isinstance(ours, np.ndarray) and ours.dtype == object:
        assert ours.shape == theirs.shape
        for mine, other in zip(ours, theirs, strict=True):
            assert_same(mine, other)
    elif isinstance(ours, np.ndarray):
        assert (ours.dtype, ours.shape) == (theirs.dtype, theirs.shape)
        assert np.array_equal(ours, theirs)
    else:
        assert ours == theirs


def play_until_a_match_ends(envs, seed, rng):
    """
    Random legal play from ``reset(seed=seed)`` until a match ends: that match, the last rewards and infos.
    """
    _, infos = envs.reset(seed=seed)
    for _ in range(20_000):
        _, rewards, terminated, _, infos = envs.step(random_ids(infos["action_mask"], rng))
        if terminated.any():
            return int(np.flatnonzero(terminated)[0]), rewards, infos
    raise AssertionError("no match ended")


class TestGymnasiumVector:
    """
    Tests for `maumau.rl.gymnasium_vector_env`: many matches of one seat, stepped together.
    """

    def test_each_match_is_the_single_environment_of_its_seed(self):
        """
        Match *i* of ``reset(seed=s)`` is `gymnasium_env` dealt from ``s + i``: the same observations, masks, rewards.
        """
        envs = gymnasium_vector_env("penalty-52", num_envs=3, players=3, opponents=["heuristic", "random"])
        singles = [gymnasium_env("penalty-52", players=3, opponents=["heuristic", "random"]) for _ in range(3)]
        observations, infos = envs.reset(seed=10)
        pairs = [env.reset(seed=10 + number) for number, env in enumerate(singles)]
        assert observations.dtype == np.float32
        assert observations.shape == (3, envs.observer.size)
        rng = np.random.default_rng(1)
        done = [False] * 3
        for _ in range(300):
            for number, (observation, info) in enumerate(pairs):
                if not done[number]:
                    assert np.array_equal(observations[number], observation)
                    assert np.array_equal(infos["action_mask"][number], info["action_mask"])
                    assert infos["reacting"][number] == info["reacting"]
            actions = random_ids(infos["action_mask"], rng)
            observations, rewards, terminated, truncated, infos = envs.step(actions)
            for number, env in enumerate(singles):
                if done[number]:
                    continue
                observation, reward, ended, cut, info = env.step(int(actions[number]))
                pairs[number] = (observation, info)
                assert (rewards[number], terminated[number], truncated[number]) == (reward, ended, cut)
                done[number] = ended or cut
            if all(done):
                break
        assert all(done)

    @pytest.mark.parametrize("mode", ["NextStep", "SameStep"])
    def test_every_step_is_what_sync_vector_env_gives(self, mode):
        """
        Step by step, matches ending, cut short (``max_steps``) and ended by illegal ids and dealt again, the
        observations, rewards, ends and infos (``final_obs`` and ``final_info`` too) are `SyncVectorEnv`'s.
        """
        import gymnasium

        made = {"players": 2, "opponents": "random", "max_steps": 25}
        envs = gymnasium_vector_env("classic", num_envs=3, autoreset_mode=mode, **made)
        sync = gymnasium.vector.SyncVectorEnv(
            [lambda: gymnasium_env("classic", **made)] * 3, autoreset_mode=gymnasium.vector.AutoresetMode(mode)
        )
        ours, theirs = envs.reset(seed=11), sync.reset(seed=11)
        assert_same(ours, theirs)
        rng = np.random.default_rng(11)
        ends = {"terminated": 0, "truncated": 0, "illegal": 0}
        for _ in range(600):
            actions = random_ids(ours[-1]["action_mask"], rng)
            actions[rng.random(3) < 0.02] = len(envs.space)  # now and then an id of nothing: illegal
            ours, theirs = envs.step(actions), sync.step(actions)
            assert_same(ours, theirs)
            ends["terminated"] += int(ours[2].sum())
            ends["truncated"] += int(ours[3].sum())
            infos = ours[4]
            marked = infos["illegal"] if "illegal" in infos else infos.get("final_info", {}).get("illegal")
            ends["illegal"] += 0 if marked is None else int(marked.sum())
        assert all(ends.values()), ends

    def test_next_step_deals_an_ended_match_again_and_ignores_its_action(self):
        """
        With ``NextStep`` a match that ended is dealt again at the next step: no reward, not ended, action unused.
        """
        envs = gymnasium_vector_env("classic", num_envs=2, players=2, opponents="random")
        rng = np.random.default_rng(0)
        ended, _, infos = play_until_a_match_ends(envs, 0, rng)
        assert not infos["action_mask"][ended].any()  # the match is over: nothing is legal in it
        actions = random_ids(infos["action_mask"], rng)
        actions[ended] = 9999  # no id at all: illegal, were it not ignored
        _, rewards, terminated, truncated, infos = envs.step(actions)
        assert rewards[ended] == 0.0
        assert not terminated[ended]
        assert not truncated[ended]
        assert "illegal" not in infos or not infos["illegal"][ended]
        assert infos["action_mask"][ended].any()  # a new match, its first decision
        assert envs.envs[ended].steps == 0

    def test_same_step_hands_back_the_last_observation(self):
        """
        With ``SameStep`` a match that ends is dealt again at once; its last observation and info are in the infos.
        """
        envs = gymnasium_vector_env("classic", num_envs=2, players=2, opponents="random", autoreset_mode="SameStep")
        ended, rewards, infos = play_until_a_match_ends(envs, 4, np.random.default_rng(4))
        assert rewards[ended] in (1.0, -1.0)
        assert infos["_final_obs"][ended]
        assert infos["final_obs"][ended].shape == (envs.observer.size,)
        assert not infos["final_info"]["action_mask"][ended].any()
        assert infos["action_mask"][ended].any()  # already the next match

    def test_an_illegal_id_ends_that_match_alone(self):
        """
        An illegal id ends its match with -1 and ``infos["illegal"]``; the other matches play on.
        """
        envs = gymnasium_vector_env("classic", num_envs=2, players=2, opponents="heuristic")
        _, infos = envs.reset(seed=2)
        masks = infos["action_mask"]
        legal = int(np.flatnonzero(masks[1])[0])
        illegal = int(np.flatnonzero(masks[0] == 0)[0])
        _, rewards, terminated, _, infos = envs.step([illegal, legal])
        assert rewards[0] == -1.0
        assert terminated[0]
        assert infos["illegal"].tolist() == [True, False]
        assert infos["_illegal"].tolist() == [True, False]
        assert not terminated[1]

    def test_resets_without_a_seed_follow_the_seeded_one(self):
        """
        After ``reset(seed=s)``, the matches dealt without a seed are the same from run to run.
        """

        def play(seed):
            envs = gymnasium_vector_env("classic", num_envs=2, players=2, opponents="random")
            _, infos = envs.reset(seed=seed)
            rng = np.random.default_rng(0)
            seen = []
            for _ in range(3000):
                observations, _, _, _, infos = envs.step(random_ids(infos["action_mask"], rng))
                seen.append(observations)
            observations, _ = envs.reset()
            return np.concatenate([*seen, observations])

        assert np.array_equal(play(3), play(3))
        assert not np.array_equal(play(3), play(4))

    def test_wrong_arguments_say_what_was_wrong(self):
        """
        A bad match count, autoreset mode, seed list or batch of actions is a ValueError naming it.
        """
        with pytest.raises(ValueError, match="num_envs"):
            gymnasium_vector_env("classic", num_envs=0, players=2, opponents="random")
        with pytest.raises(ValueError, match="autoreset_mode"):
            gymnasium_vector_env("classic", num_envs=2, players=2, opponents="random", autoreset_mode="Disabled")
        with pytest.raises(UnknownBotLevelError):
            gymnasium_vector_env("classic", num_envs=2, players=2, opponents="nobody")
        envs = gymnasium_vector_env("classic", num_envs=2, players=2, opponents="random")
        with pytest.raises(ValueError, match="one seed for each of the 2 matches"):
            envs.reset(seed=[1, 2, 3])
        envs.reset(seed=[1, None])
        with pytest.raises(ValueError, match="one action id for each of the 2 matches"):
            envs.step([0])
        observations, _ = envs.reset(seed=np.int64(1))
        envs.step(random_ids(envs.action_masks(), np.random.default_rng(0)))
        moved = [env.position for env in envs.envs]
        for bad in ([1, -1], [1, "x"], [1, 1.5], 2**63 - 1, 1.0, b"ab", {1, 2}, [1, 2, 3]):
            with pytest.raises(ValueError, match="seed"):
                envs.reset(seed=bad)
        with pytest.raises(ValueError, match="reset_mask"):
            envs.reset(options={"reset_mask": [1, 0]})
        assert [env.position for env in envs.envs] == moved  # a bad reset dealt no match again
        observations, _ = envs.reset(seed=np.int64(1))
        for bad in (["a", "b"], [[1], [2]], [0.5, 1.0]):
            with pytest.raises(ValueError, match="action id"):
                envs.step(bad)
        assert [env.steps for env in envs.envs] == [0, 0]  # a bad batch moved no match
        assert np.array_equal(envs.reset(seed=1)[0], observations)

    def test_a_reset_mask_deals_again_only_its_matches(self):
        """
        ``reset(options={"reset_mask": mask})`` deals again the matches of the mask; the others go on.
        """
        envs = gymnasium_vector_env("classic", num_envs=3, players=2, opponents="random")
        envs.reset(seed=0)
        envs.step(random_ids(envs.action_masks(), np.random.default_rng(0)))
        before = [env.position for env in envs.envs]
        observations, _ = envs.reset(seed=20, options={"reset_mask": np.array([False, True, False])})
        assert envs.envs[0].position is before[0]
        assert envs.envs[2].position is before[2]
        assert envs.envs[1].steps == 0
        again = gymnasium_env("classic", players=2, opponents="random").reset(seed=21)[0]
        assert np.array_equal(observations[1], again)

    def test_make_vec_gives_it_and_sync_still_works(self):
        """
        ``gymnasium.make_vec`` makes this vector environment; ``vectorization_mode="sync"`` a SyncVectorEnv of ours.
        """
        import gymnasium

        from maumau.rl._gymnasium import MaumauVectorEnv

        envs = gymnasium.make_vec("maumau/classic-v0", num_envs=3, opponents="random")
        assert isinstance(envs, MaumauVectorEnv)
        assert envs.action_space.shape == (3,)
        assert envs.observation_space.shape == (3, envs.observer.size)
        sync = gymnasium.make_vec("maumau/classic-v0", num_envs=3, opponents="random", vectorization_mode="sync")
        assert isinstance(sync, gymnasium.vector.SyncVectorEnv)
        first, _ = envs.reset(seed=7)
        again, _ = sync.reset(seed=7)
        assert np.array_equal(first, again)


class Watching(HeuristicBot):
    """
    A heuristic bot that keeps the events it is told.
    """

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.seen: list[object] = []

    def observe(self, events) -> None:
        self.seen.extend(events)


def test_a_bot_that_observes_is_told_every_event_without_hidden_cards():
    """
    A bot with ``observe`` hears of every action, the learner's too, and never of the cards another seat drew.
    """
    env = gymnasium_env("classic", players=2, opponents=Watching)
    env.reset(seed=2)
    draw = env.space.encode(DrawCards(0))
    for _ in range(5):  # the learner draws whenever it may
        legal = np.flatnonzero(env.action_masks())
        _, _, terminated, _, _ = env.step(draw if draw in legal else int(legal[0]))
        if terminated:
            break
    drawn = [event for event in env.bots[1].seen if isinstance(event, CardsDrawn) and event.seat == 0]
    assert drawn
    assert all(event.cards is None for event in drawn)


@pytest.mark.parametrize("library", ["PettingZoo", "Gymnasium", "Gymnasium vector"])
def test_the_guides_loop_runs(library, capsys):
    """
    The runnable loop of the game-AI guide plays a whole match and prints its result.
    """
    exec(compile(guide_loop(library), f"rl.md ({library})", "exec"), {"__name__": "__guide__"})

    assert capsys.readouterr().out.startswith(("rewards", "reward"))


def test_a_profile_file_registered_with_gymnasium_is_made_by_its_id(tmp_path):
    """
    ``register_gymnasium_envs("bartok.toml")`` lets ``gymnasium.make("maumau/bartok-v0")`` play the file's game.
    """
    gymnasium = pytest.importorskip("gymnasium")
    path = tmp_path / "bartok.toml"
    path.write_text('format = 1\nbase = "classic-profile"\n[game]\nid = "bartok"\nname = "Bartok"\n', "utf-8")

    assert "maumau/bartok-v0" in register_gymnasium_envs(path)
    env = gymnasium.make("maumau/bartok-v0", opponents="random")
    env.reset(seed=1)

    assert env.unwrapped.setup.variant == str(path)
    assert env.unwrapped.players == 3  # classic-profile's default, read from the file


def test_the_guides_pettingzoo_loop_prints_every_agents_reward(capsys):
    """
    The PettingZoo loop of the guide prints the rewards the agents got, a win among them, not an empty dict.
    """
    exec(compile(guide_loop("PettingZoo"), "rl.md (PettingZoo)", "exec"), {"__name__": "__guide__"})

    printed = capsys.readouterr().out
    rewards = ast.literal_eval(printed.removeprefix("rewards "))
    assert sorted(rewards) == ["seat_0", "seat_1", "seat_2"]
    assert max(rewards.values()) > 0


def test_the_guides_encoder_loop_runs(capsys):
    """
    The guide's `StateEncoder` loop observes every state of a whole match and says how many.
    """
    exec(compile(guide_loop("StateEncoder"), "rl.md (StateEncoder)", "exec"), {"__name__": "__guide__"})

    assert re.fullmatch(r"observations: [1-9]\d* of [1-9]\d* numbers\n", capsys.readouterr().out)


def test_an_environment_without_its_extra_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    """
    Made without the ``rl`` extra, an environment is a `maumau.MissingExtraError` naming the extra to install.
    """
    import sys

    import maumau.rl

    for module in ("maumau.rl._pettingzoo", "maumau.rl._gymnasium"):
        monkeypatch.setitem(sys.modules, module, None)  # as if numpy, PettingZoo and Gymnasium were missing
    with pytest.raises(
        maumau.MissingExtraError, match=r"pettingzoo_env\(\) needs the rl extra: pip install 'maumau\[rl\]'"
    ):
        maumau.rl.pettingzoo_env("classic", players=2)
    with pytest.raises(maumau.MissingExtraError, match="pip install 'maumau"):
        maumau.rl.gymnasium_env("classic", players=2, opponents="random")
    with pytest.raises(maumau.MissingExtraError, match=r"gymnasium_vector_env\(\) needs the rl extra"):
        maumau.rl.gymnasium_vector_env("classic", num_envs=2, players=2, opponents="random")


def test_an_array_without_numpy_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    """
    Ids and layouts need no extra; an array (an observation, a mask, a stream encoder) needs numpy, and says so.
    """
    import sys

    import maumau.rl

    state = new_game("classic", players=2, seed=1)
    observer, space = Observer.of(state), maumau.rl.ActionSpace.of(state)
    assert space.legal_ids(state, state.to_move)
    monkeypatch.setitem(sys.modules, "numpy", None)  # as if numpy were missing
    with pytest.raises(maumau.MissingExtraError, match=r"Observer.encode\(\) needs the rl extra"):
        observer.encode(view(state, 0))
    with pytest.raises(maumau.MissingExtraError, match=r"ActionSpace.mask\(\) needs the rl extra"):
        space.mask(state, 0)
    with pytest.raises(maumau.MissingExtraError, match="StateEncoder needs the rl extra"):
        StateEncoder(observer)
