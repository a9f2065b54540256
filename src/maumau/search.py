"""
A bot that searches: determinized Monte Carlo with heuristic rollouts.

`SearchBot` decides from a `PlayerView` alone.  For each decision it draws
determinizations of the hidden cards with `maumau.sample_state`, tries every
candidate action in each of them, plays each on to the end of the round
with the heuristic policy at every seat (its own included), and takes the
action whose rollouts went best for it.  Each determinization is shared by
all candidates (common random numbers), so the comparison between actions
is not drowned by the luck of the deal.

Why flat determinized Monte Carlo rather than information-set MCTS: the
decisions of a Mau-Mau turn are shallow (a play, a call, a suit, a bet, a
challenge), what matters most is what the hidden cards are, and the engine
plays a round in about a millisecond, so a few hundred rollouts of a good
policy per decision fit in the budget; a tree would spend the same budget
on nodes that hidden information makes unreliable.  The known weakness of
determinization (strategy fusion: acting as if one would know the cards
later) matters little where each choice is judged by rollouts of a policy
that does not peek.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable, Sequence

from ._actions import Action, Resign
from ._determinize import Knowledge, sample_state
from ._engine import apply, legal_actions
from ._events import Event
from ._policy import acting_seat, choosable, heuristic_choice, heuristic_reaction
from ._state import GameState
from ._view import PlayerView

__all__ = ["CONFIDENCE", "DEFAULT_BUDGET", "ROLLOUT_LIMIT", "SearchBot", "rollout"]

#: Actions simulated per decision by the ``search`` level; ``nox -s strength`` measures what that costs.
DEFAULT_BUDGET = 3_000
#: Actions after which a rollout that has not reached the end of its round counts as a draw.
ROLLOUT_LIMIT = 2_000


class SearchBot:
    """
    Searches each decision with determinized Monte Carlo rollouts; see the module.

    Args:
        seed: Makes its determinizations and rollouts repeatable.
        budget: The budget of one decision, in actions simulated: determinizations
            are drawn, and each candidate action rolled out once in each, until
            another would pass the budget (at least one is).  Counting actions
            rather than seconds keeps the bot's choices the same on any machine.
        seconds: A budget in CPU seconds (``time.process_time``) instead, or as
            well: the search stops at whichever runs out first.  A time budget
            makes the bot's choices depend on the machine's speed.
        plugins: The game's house-rule plugins, for `maumau.sample_state`.

    It handles every decision the same way, whatever the variant: plays and
    their calls (each card of a play of several cards a decision of its own),
    draws, passes (another turn declined), suits and ranks to wish for,
    challenges of a play, a variant's own choices (pigs, bets), and out of
    turn challenges and jump-ins (`react`), where doing nothing is one more
    candidate.  It keeps a `maumau.Knowledge` of the cards seen going
    into other hands when its runner passes it the events it saw (`observe`).

    .. versionadded:: 0.2.0
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        budget: int = DEFAULT_BUDGET,
        seconds: float | None = None,
        plugins: Iterable[object] = (),
    ) -> None:
        if budget < 1:
            raise ValueError(f"the budget must be at least 1 action, not {budget}")
        self.rng = random.Random(seed)
        self.budget = budget
        self.seconds = seconds
        self.plugins = tuple(plugins)
        self.knowledge: Knowledge | None = None
        #: Whether a runner tells this bot every event (`observe`); if not, it learns from its views' events.
        self.observed = False
        self._last_moment: object = None

    def __repr__(self) -> str:
        seconds = f", seconds={self.seconds}" if self.seconds is not None else ""
        return f"SearchBot(budget={self.budget}{seconds})"

    def observe(self, events: Sequence[Event]) -> None:
        """
        Remember what *events* (as this bot's seat saw them) show of the other hands.
        """
        self.observed = True
        self.knowledge = (self.knowledge or Knowledge()).after(events)

    def choose(self, view: PlayerView) -> Action:
        """
        The candidate whose rollouts went best, among the legal actions other than `Resign`.
        """
        candidates: list[Action | None] = list(choosable(view.legal_actions, view.seat))
        chosen = self._search(view, candidates)
        assert chosen is not None
        return chosen

    def react(self, view: PlayerView) -> Action | None:
        """
        Out of turn: an action whose rollouts went better than letting play go on, or ``None``.
        """
        candidates: list[Action | None] = [None]
        candidates.extend(action for action in view.legal_actions if not isinstance(action, Resign))
        if len(candidates) == 1:
            return None
        return self._search(view, candidates)

    def _search(self, view: PlayerView, candidates: list[Action | None]) -> Action | None:
        if len(candidates) == 1:
            return candidates[0]
        if self.knowledge is None:
            self.knowledge = Knowledge()
        if not self.observed:  # only the views' events: those of the action just before each decision
            moment = (view.round, view.hand_sizes, view.draw_pile_size, view.discard_pile, view.events)
            if moment != self._last_moment:  # asked twice in one position (out of turn, then in turn): once
                self.knowledge = self.knowledge.after(view.events)
                self._last_moment = moment
        known = self.knowledge
        values: list[list[float]] = [[] for _ in candidates]
        deadline = None if self.seconds is None else time.process_time() + self.seconds
        spent = worlds = 0
        # Another determinization only while one more (as costly as the average so far) fits the budget.
        while worlds == 0 or (
            spent + spent / worlds <= self.budget and (deadline is None or time.process_time() < deadline)
        ):
            world = sample_state(view, seed=self.rng, known=known, plugins=self.plugins)
            for index, action in enumerate(candidates):
                start = world if action is None else apply(world, action)
                value, steps = rollout(start, view.seat, self.rng, quiet=view.seat if action is None else None)
                values[index].append(value)
                spent += steps + 1
            worlds += 1
        return candidates[_best(values, candidates.index(self._preferred(view, candidates)))]

    def _preferred(self, view: PlayerView, candidates: list[Action | None]) -> Action | None:
        actions = [action for action in candidates if action is not None]
        if None in candidates:
            return heuristic_reaction(view, view.seat, actions, random.Random(0), extra_chance=0.0, forget=0.0)
        return heuristic_choice(view, view.seat, actions, random.Random(0), extra_chance=0.0, forget=0.0)


#: How sure the search must be before it overrules the heuristic, in standard errors above zero of the
#: paired differences.
CONFIDENCE = 1.0


def _best(values: list[list[float]], preferred: int) -> int:
    """
    The candidate to take: the heuristic's *preferred* one, unless another did clearly better in the same worlds.

    Each determinization was played with every candidate, so candidates are
    compared world by world (paired differences), which cancels the luck of
    the deal; a candidate replaces the heuristic's only when its mean gain is
    more than `CONFIDENCE` standard errors above zero, the largest such gain
    winning.  Noise alone thus rarely makes the search play worse than the
    policy its rollouts use.
    """
    base = values[preferred]
    worlds = len(base)
    best, best_gain = preferred, 0.0
    for index, row in enumerate(values):
        if index == preferred or worlds < 2:
            continue
        diffs = [mine - theirs for mine, theirs in zip(row, base, strict=True)]
        gain = sum(diffs) / worlds
        spread = math.sqrt(sum((diff - gain) ** 2 for diff in diffs) / (worlds - 1) / worlds)
        if gain > CONFIDENCE * spread and gain > best_gain:
            best, best_gain = index, gain
    return best


def rollout(state: GameState, seat: int, rng: random.Random, *, quiet: int | None = None) -> tuple[float, int]:
    """
    Play *state* on to the end of its round with the heuristic policy at every seat: *seat*'s share of the win,
    and the number of actions played.

    The value is 1 when *seat* alone wins the round (or the match, when the
    round ends it), ``1/k`` when it shares the win with others, and 0 when it
    does not; a round not over within `ROLLOUT_LIMIT` actions is worth 0.5.
    Before every move each other seat may act out of turn as the heuristic
    does; *quiet* is a seat that does not do so before the first move (the
    search's own seat, when the candidate it tries is to let play go on).

    .. versionadded:: 0.2.0
    """
    start_round = state.round
    count = len(state.players)
    for step in range(ROLLOUT_LIMIT):
        if state.result is not None or state.round != start_round:
            return _value(state, seat, start_round), step
        actor = _actor(state)
        if actor is None:
            return 0.5, step
        reaction = None
        for other in range(count):
            if other == actor or (step == 0 and other == quiet):
                continue
            listed = legal_actions(state, other)
            if len(listed) > 1:  # something besides resigning
                reaction = heuristic_reaction(state, other, listed, rng, extra_chance=0.0, forget=0.0)
                if reaction is not None:
                    break
        if reaction is None:
            actions = [action for action in legal_actions(state, actor) if type(action) is not Resign]
            action = heuristic_choice(state, actor, actions, rng, extra_chance=0.25, forget=0.0)
        else:
            action = reaction
        state = apply(state, action)
    return 0.5, ROLLOUT_LIMIT


def _actor(state: GameState) -> int | None:
    pending = state.pending
    seat = pending.seat if pending is not None else state.to_move
    if seat is not None and len(legal_actions(state, seat)) > 1:
        return seat
    return acting_seat(state)


def _value(state: GameState, seat: int, start_round: int) -> float:
    if state.result is not None and state.round == start_round:
        winners = state.result.winners  # the match ended within the round: its winners count
    else:
        winners = next((result.winners for result in state.rounds if result.round == start_round), ())
    if seat not in winners:
        return 0.0
    return 1.0 / len(winners)
