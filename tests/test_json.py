"""
Tests for `maumau.to_json`, `maumau.from_json` and `maumau.replay`.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st

from helpers import deal, draw, play, random_states
from maumau import (
    HEARTS,
    MAX_CALL_LENGTH,
    Action,
    Card,
    CardPlayed,
    CardsDrawn,
    Challenge,
    ChooseSuit,
    DrawCards,
    Event,
    GameRecord,
    GameState,
    Pass,
    PenaltyDrawn,
    PlayCard,
    PlayerView,
    RecordError,
    Resign,
    RoundEnded,
    RoundStarted,
    apply,
    from_json,
    hookimpl,
    legal_actions,
    new_game,
    replay,
    to_json,
    view,
)

HANDS = ("Kc Qd 9s 10c As", "7h 8h Jc 9c Kh", "7c 8c 9d Qc 10s")


def scripted() -> GameState:
    """
    A few turns of a stacked three-seat game: a 7, a drawn debt, a draw and a pass, a jack and its suit.
    """
    state = play(deal(HANDS, "9h", "Ad Ah"), 1, "7h")
    state = draw(state, 2)
    state = apply(draw(state, 0), Pass(0))
    return apply(play(state, 1, "Jc"), ChooseSuit(1, HEARTS))


class TestGameState:
    """
    A state survives JSON: position, action log and events.
    """

    def test_state_round_trips(self) -> None:
        """
        Loading a saved state gives an equal state with the same actions and events.
        """
        state = scripted()

        loaded = from_json(to_json(state), GameState)

        assert loaded == state
        assert loaded.actions == state.actions
        assert loaded.events == state.events
        assert to_json(loaded) == to_json(state)

    def test_loaded_state_plays_on(self) -> None:
        """
        The rules are rebuilt on load, so a loaded state takes the same actions to the same states.
        """
        state = scripted()
        loaded = from_json(to_json(state), GameState)

        assert legal_actions(loaded) == legal_actions(state)
        for action in legal_actions(state):
            assert apply(loaded, action) == apply(state, action)

    def test_cards_are_written_as_their_codes(self) -> None:
        """
        JSON holds cards as short ASCII text, hands and piles alike.
        """
        data = json.loads(to_json(deal(HANDS, "9h")))

        assert data["players"][1]["hand"] == ["7h", "8h", "Jc", "9c", "Kh"]
        assert data["discard_pile"] == ["9h"]

    @given(st.integers(0, 10_000), st.integers(2, 7))
    def test_states_of_random_games_round_trip(self, seed: int, players: int) -> None:
        """
        Every state along a random game, rounds and match end included, loads back equal.
        """
        for state in random_states(seed, players=players, steps=40, options={"target": 30}):
            loaded = from_json(to_json(state), GameState)
            assert loaded == state
            assert loaded.actions == state.actions
            assert loaded.events == state.events


class TestActionsAndEvents:
    """
    Actions and events travel as objects tagged with ``"type"``.
    """

    @pytest.mark.parametrize(
        "action",
        [
            PlayCard(1, Card.parse("7h")),
            PlayCard(1, Card.parse("10s"), "Mau"),
            DrawCards(0),
            Pass(2),
            ChooseSuit(1, HEARTS),
            Challenge(0, 1),
            Resign(3),
        ],
        ids=str,
    )
    def test_actions_round_trip(self, action: Action) -> None:
        """
        Read back as the base class, each action comes back as its own class, equal.
        """
        loaded = from_json(to_json(action), Action)

        assert loaded == action
        assert type(loaded) is type(action)

    def test_action_json_is_tagged_with_its_kind(self) -> None:
        """
        The ``type`` tag names the action; cards are codes.
        """
        assert json.loads(to_json(PlayCard(1, Card.parse("10s"), "Mau"))) == {
            "type": "play",
            "seat": 1,
            "card": "10s",
            "call": "Mau",
        }

    @pytest.mark.parametrize(
        "event",
        [
            CardPlayed(1, Card.parse("7h"), "Mau"),
            CardsDrawn(2, 2, (Card.parse("Ad"), Card.parse("Ah"))),
            CardsDrawn(2, 2, None),
            PenaltyDrawn(1, 2, "missed 'Mau'", (Card.parse("Ad"), Card.parse("Ah"))),
            RoundEnded(1, "out", (1,), (0, 61)),
            RoundStarted(2, 1, Card.parse("9h"), 2),
        ],
        ids=lambda e: type(e).__name__,
    )
    def test_events_round_trip(self, event: Event) -> None:
        """
        Events load back as their own class, equal.
        """
        assert from_json(to_json(event), Event) == event


class TestViewAndRecord:
    """
    Views and game records survive JSON.
    """

    @pytest.mark.parametrize("seat", [0, 1, 2])
    def test_view_round_trips(self, seat: int) -> None:
        """
        Each seat's view loads back equal.
        """
        seen = view(scripted(), seat)

        assert from_json(to_json(seen), PlayerView) == seen

    def test_record_round_trips_and_replays(self) -> None:
        """
        A record loads back equal, and replaying it rebuilds the state.
        """
        state = scripted()

        record = from_json(to_json(state.record), GameRecord)

        assert record == state.record
        assert replay(record) == state

    @given(st.integers(0, 10_000))
    def test_replay_of_random_games_rebuilds_the_state(self, seed: int) -> None:
        """
        Shuffled (not stacked) games replay from their seed and actions alone, across rounds.
        """
        *_, state = random_states(seed, players=3, steps=80, options={"target": 40})
        rebuilt = replay(from_json(to_json(state.record), GameRecord))

        assert rebuilt == state
        assert rebuilt.actions == state.actions


class TestTamperedRecords:
    """
    A record whose actions do not replay raises `RecordError` naming the action.
    """

    def test_illegal_action_in_a_record_names_its_number(self) -> None:
        """
        Replacing the third action by a play out of turn fails at action 2.
        """
        state = scripted()
        actions = list(state.actions)
        actions[2] = PlayCard(1, Card.parse("Kh"))

        with pytest.raises(RecordError, match=r"^action 2 \(seat 1 plays K♥\) does not replay: illegal action"):
            replay(evolve(state.record, actions=tuple(actions)))

    def test_edited_card_in_record_json_is_caught(self) -> None:
        """
        Changing the first played card in the JSON to one the seat does not hold fails at action 0.
        """
        text = to_json(scripted().record).replace('"card": "7h"', '"card": "7d"')

        with pytest.raises(RecordError, match=r"action 0 .* is not in seat 1's hand"):
            replay(from_json(text, GameRecord))

    def test_record_error_keeps_the_illegal_action_error_as_cause(self) -> None:
        """
        The original error is chained, so a program can read its reason.
        """
        state = scripted()
        record = evolve(state.record, actions=(DrawCards(2),))

        with pytest.raises(RecordError) as info:
            replay(record)

        assert info.value.__cause__ is not None


class TestMalformedJson:
    """
    Bad JSON, wrong fields and unknown types raise `RecordError` with a message saying what is wrong.
    """

    def test_text_that_is_not_json(self) -> None:
        """
        Broken text is reported as not JSON.
        """
        with pytest.raises(RecordError, match=r"^not valid JSON"):
            from_json("{", GameState)

    def test_state_that_is_not_an_object(self) -> None:
        """
        A list is no state.
        """
        with pytest.raises(RecordError, match="a game state is an object, got an array"):
            from_json("[]", GameState)

    def test_unknown_field_is_named(self) -> None:
        """
        An extra field is refused by name.
        """
        data = json.loads(to_json(scripted()))
        data["bogus"] = 1

        with pytest.raises(RecordError, match="unknown field 'bogus' in GameState"):
            from_json(json.dumps(data), GameState)

    def test_missing_field_is_named(self) -> None:
        """
        A missing required field is refused by name.
        """
        data = json.loads(to_json(scripted()))
        del data["seed"]

        with pytest.raises(RecordError, match="GameState is missing the field 'seed'"):
            from_json(json.dumps(data), GameState)

    @pytest.mark.parametrize(
        ("name", "value"), [("seed", "x"), ("discard_pile", 5), ("players", "abc"), ("to_move", [1])]
    )
    def test_field_of_the_wrong_type_is_named(self, name: str, value: object) -> None:
        """
        A field whose value has the wrong shape is refused, naming the field.
        """
        data = json.loads(to_json(scripted()))
        data[name] = value

        with pytest.raises(RecordError, match=f"cannot read GameState: field '{name}'"):
            from_json(json.dumps(data), GameState)

    def test_unknown_action_type_lists_the_known_ones(self) -> None:
        """
        An action type nobody defines is refused, listing the known types.
        """
        with pytest.raises(RecordError, match=r"unknown action type 'fly'; known: .*draw.*play") as info:
            from_json('{"type": "fly", "seat": 1}', Action)

        assert "choose_suit" in str(info.value)

    def test_action_without_type(self) -> None:
        """
        An action must say its type.
        """
        with pytest.raises(RecordError, match="expected an object with a 'type'"):
            from_json('{"seat": 1}', Action)

    def test_action_with_an_extra_field(self) -> None:
        """
        Extra fields on an action are refused.
        """
        with pytest.raises(RecordError, match="extra"):
            from_json('{"type": "draw", "seat": 1, "cards": 2}', Action)

    def test_bad_card_text_is_named(self) -> None:
        """
        A card that is no card is refused, naming the text and where it was.
        """
        with pytest.raises(RecordError, match=r"no card '7x'.*\$\.card"):
            from_json('{"type": "play", "seat": 1, "card": "7x"}', Action)

    @pytest.mark.parametrize("seat", ['"1"', "1.5", "true"])
    def test_seat_must_be_a_whole_number(self, seat: str) -> None:
        """
        A seat written as text, a fraction or a bool is not silently turned into a number.
        """
        with pytest.raises(RecordError, match=r"\$\.seat"):
            from_json(f'{{"type": "draw", "seat": {seat}}}', Action)

    @pytest.mark.parametrize("cls", [Action, PlayCard])
    @pytest.mark.parametrize("length", [MAX_CALL_LENGTH + 1, 200])
    def test_a_call_longer_than_the_limit_is_refused_on_load(self, cls: type, length: int) -> None:
        """
        A call of more than ``MAX_CALL_LENGTH`` characters is refused as the action is read, in the words
        `maumau.apply` uses, rather than read and refused only when applied; one of the limit's length reads.
        """
        play = {"type": "play", "seat": 1, "card": "7h"}

        with pytest.raises(RecordError, match=f"a call has at most 40 characters, got {length}$"):
            from_json(json.dumps({**play, "call": "x" * length}), cls)
        assert from_json(json.dumps({**play, "call": "x" * MAX_CALL_LENGTH}), cls).call == "x" * MAX_CALL_LENGTH

    @pytest.mark.parametrize("trusted", [False, True])
    def test_a_call_longer_than_the_limit_in_a_saved_state_is_refused_naming_the_action(self, trusted: bool) -> None:
        state = scripted()
        data = json.loads(to_json(state))
        data["actions"][0] = {"type": "play", "seat": 1, "card": "7h", "call": "x" * (MAX_CALL_LENGTH + 1)}

        with pytest.raises(RecordError, match=r"field 'actions': item 0: .*a call has at most 40 characters, got 41$"):
            from_json(json.dumps(data), GameState, trusted=trusted)

    @pytest.mark.parametrize("kind", ["draw", "resign", "play"])
    def test_a_seat_true_is_refused_on_load(self, kind: str) -> None:
        data = {"type": kind, "seat": True, **({"card": "7h"} if kind == "play" else {})}

        with pytest.raises(RecordError, match="expected a whole number, got true"):
            from_json(json.dumps(data), Action)

    def test_unknown_variant_in_a_state(self) -> None:
        """
        A state of a variant that is not installed says so.
        """
        data = json.loads(to_json(scripted()))
        data["variant"] = "no-such-game"

        with pytest.raises(RecordError, match=r"unknown variant 'no-such-game'; known: .*classic"):
            from_json(json.dumps(data), GameState)


class TestImpossibleStates:
    """
    `maumau.from_json` refuses a well-formed state that no game could reach, naming what is wrong.
    """

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            (lambda d: d["players"][0].update(hand=["7h", "7h"]), "the cards are not the 'classic' deck"),
            (lambda d: d.update(to_move=7), "to_move 7 is no seat"),
            (lambda d: d.update(dealer=-3), "dealer -3 is no seat"),
            (lambda d: d.update(wish="pink"), "wished suit 'pink' is not a suit of this deck"),
            (lambda d: d.update(direction=2), "direction must be 1 or -1"),
            (lambda d: d.update(debt=-2), "cannot be negative"),
            (lambda d: d["options"].pop("hand_size"), "the options lack 'hand_size'"),
            (lambda d: d.update(options={**d["options"], "colour": "red"}), "option 'colour': unknown option"),
            (lambda d: d.update(discard_pile=[]), "the discard pile is empty"),
            (lambda d: d.update(players=d["players"][:1]), "is not played by 1 player"),
            (
                lambda d: d.update(pending={"seat": d["to_move"], "kind": "suit", "choices": ["pink"], "amount": 0}),
                "the suits to name, ['pink'], are not suits of this deck",
            ),
            (
                lambda d: d.update(pending={"seat": d["to_move"], "kind": "suit", "choices": ["♥"], "amount": -1}),
                "a pending amount cannot be negative",
            ),
            (
                lambda d: d.update(pending={"seat": d["to_move"] + 1, "kind": "suit", "choices": ["♥"], "amount": 0}),
                "the pending decision is seat 2's, but seat 1 is to move",
            ),
            (
                lambda d: d.update(pending={"seat": d["to_move"], "kind": "fly", "choices": [], "amount": 0}),
                "nobody could do anything but resign, though the match is not over",
            ),
            (lambda d: d["players"][0].update(name=7), "field 'players': item 0: expected a string, got a number 7"),
        ],
    )
    def test_impossible_state_is_refused_by_name(self, change: Callable[[dict[str, Any]], None], message: str) -> None:
        data = json.loads(to_json(new_game("classic", players=3, seed=1)))
        change(data)

        with pytest.raises(RecordError, match=re.escape(message)):
            from_json(json.dumps(data), GameState)

    def test_state_the_rules_fail_on_is_refused_by_name(self) -> None:
        class Broken:
            name = "broken"

            @hookimpl
            def maumau_playable(self) -> tuple[Card, ...]:
                raise KeyError("oops")

        state = new_game("classic", players=2, seed=1, plugins=[Broken()])

        with pytest.raises(
            RecordError,
            match=re.escape(
                "the rules cannot go on from this state "
                "(PluginError: plugin 'house:broken' hook maumau_playable: raised KeyError"
            ),
        ):
            from_json(to_json(state), GameState, plugins=[Broken()])


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """
    Every place in a JSON tree, as the keys and indexes that lead to it.
    """
    found = [path]
    if isinstance(node, dict):
        for key, child in node.items():
            found += _paths(child, (*path, key))
    elif isinstance(node, list):
        for index, child in enumerate(node):
            found += _paths(child, (*path, index))
    return found


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=6) | st.sampled_from(["7h", "pink", "play"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


def _played(variant: str, seed: int, data: st.DataObject) -> GameState:
    """
    A game of *variant* after a few random legal actions (no resignations), or fewer if the match ends.
    """
    state = new_game(variant, players=3, seed=seed)
    for _ in range(data.draw(st.integers(0, 30), label="steps")):
        actions = [action for action in legal_actions(state) if not isinstance(action, Resign)]
        if not actions:
            break
        state = apply(state, data.draw(st.sampled_from(actions), label="action"))
    return state


def _damaged(obj: object, data: st.DataObject) -> str:
    """
    The JSON of *obj* with one place in it deleted or replaced by some other JSON value.
    """
    tree = json.loads(to_json(obj))
    path = data.draw(st.sampled_from(_paths(tree)[1:]), label="path")
    parent = tree
    for key in path[:-1]:
        parent = parent[key]
    if data.draw(st.booleans(), label="delete") and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = data.draw(_JSON_VALUES, label="value")
    return json.dumps(tree)


def _loaded_or_refused(load: Callable[[], object]) -> object:
    """
    What *load* returns, or ``None`` when it raises `RecordError`: any other exception fails the test.
    """
    try:
        return load()
    except RecordError:
        return None


VARIANTS = ["classic", "penalty-52", "sau-mau-mau", "ccw-house"]


class TestMalformedRecords:
    """
    Whatever is wrong with a saved state, view or record, `maumau.from_json` answers with a `RecordError`
    or a valid one.
    """

    @pytest.mark.parametrize("variant", VARIANTS)
    @given(data=st.data())
    def test_a_damaged_state_raises_record_error_or_loads(self, variant: str, data: st.DataObject) -> None:
        text = _damaged(_played(variant, 5, data), data)

        loaded = _loaded_or_refused(lambda: from_json(text, GameState))

        if loaded is not None:  # a state that loads can be played on: its legal actions apply
            assert isinstance(loaded, GameState)
            for seat in range(len(loaded.players)):
                for action in legal_actions(loaded, seat)[:3]:
                    apply(loaded, action)

    @pytest.mark.parametrize("variant", VARIANTS)
    @given(data=st.data())
    def test_a_damaged_view_raises_record_error_or_loads(self, variant: str, data: st.DataObject) -> None:
        seat = data.draw(st.integers(0, 2), label="seat")
        text = _damaged(view(_played(variant, 7, data), seat), data)

        loaded = _loaded_or_refused(lambda: from_json(text, PlayerView))

        assert loaded is None or isinstance(loaded, PlayerView)

    @pytest.mark.parametrize("variant", VARIANTS)
    @given(data=st.data())
    def test_a_damaged_record_raises_record_error_or_replays(self, variant: str, data: st.DataObject) -> None:
        text = _damaged(_played(variant, 9, data).record, data)

        replayed = _loaded_or_refused(lambda: replay(from_json(text, GameRecord)))

        assert replayed is None or isinstance(replayed, GameState)


@pytest.mark.parametrize(("variant", "seed"), [("pesten", 45), ("makao", 37), ("uno-mattel", 100)])
def test_a_game_read_back_plays_on_as_the_game_itself(variant: str, seed: int) -> None:
    # Two packs: a hand may hold two alike, and a play of the card just drawn takes the last copy, not the first.
    # A game saved and read back every few actions must play on exactly as the same game never saved, and each of
    # its saves must be read back (its record replays to it).
    rng = random.Random(seed)
    state = kept = new_game(variant, players=3, seed=seed)
    for step in range(1, 80):
        if state.result is not None:
            break
        seat = state.pending.seat if state.pending is not None else state.to_move
        action = rng.choice([each for each in legal_actions(state, seat) if not isinstance(each, Resign)])
        state, kept = apply(state, action), apply(kept, action)
        assert state.players == kept.players, f"step {step}"
        if step % 3 == 0:
            state = from_json(to_json(state), GameState)
