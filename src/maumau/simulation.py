"""
Many matches between bots: who wins how often, with what confidence.

`simulate` plays *matches* matches of one variant between bot specs (a bot
level, ``search:2000`` for a search bot with its budget), seats rotating
from match to match so that no bot keeps the best seat, and sums them up
per bot spec: matches, wins, the win rate with its 95 % (Wilson) interval,
the mean final score and placing, and how long matches and rounds last.

Every match is set up from the run's seed and its number alone: its deal
seed and its bots' seeds are drawn from them, and bots decide by their seed
only (a search bot's budget is counted in actions, not in seconds).  The
results are therefore the same however the matches are spread: over one
process, over ``jobs`` processes (``multiprocessing``), or over a Ray cluster
(``backend="ray"``, the optional extra ``maumau[ray]``).  Workers receive a
`MatchPlan` (names and numbers, which pickle), never a game state, and
build the rules themselves.

``maumau simulate`` is the command line of this module.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import contextlib
import importlib
import math
import multiprocessing
import random
import signal
import statistics
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from typing import Any

from attrs import field, frozen

from ._games import new_game
from .bots import LEVELS, Bot, make_bot, play_out
from .search import SearchBot

__all__ = [
    "BotResult",
    "MatchPlan",
    "MatchRecord",
    "Simulation",
    "SimulationInterrupted",
    "parse_bot",
    "play_match",
    "simulate",
    "wilson",
]

#: Matches handed to a worker at a time: large enough to keep the workers busy, small enough for the progress bar.
CHUNK = 4
#: How long the parent waits for a worker's results before it looks whether Ctrl-C was pressed, in seconds.
WAIT = 0.1


def parse_bot(spec: str, seed: int | None = None, plugins: Iterable[object] = ()) -> Bot:
    """
    The bot a spec names: a level of `maumau.bots.LEVELS`, and for ``search`` optionally its budget in actions.

    ``"random"``, ``"heuristic"``, ``"search"`` and ``"search:4000"`` (a
    search bot that simulates about 4,000 actions per decision).  A search
    bot gets the game's house-rule *plugins*, to sample states with.

    Raises:
        ValueError: no level has that name, or the budget is not a positive whole number.

    .. versionadded:: 0.2.0
    """
    level, _, budget = spec.partition(":")
    if level == "search" and not budget:
        return SearchBot(seed, plugins=plugins)
    if not budget:
        return make_bot(level, seed)
    if level != "search":
        raise ValueError(f"only the search level takes a budget, not {spec!r}")
    if not budget.isdigit() or int(budget) < 1:
        raise ValueError(f"a search budget is a positive number of actions, not {budget!r}")
    return SearchBot(seed, budget=int(budget), plugins=plugins)


def _check_spec(spec: str) -> str:
    level = spec.partition(":")[0]
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r} in {spec!r}; known: {', '.join(LEVELS)}")
    parse_bot(spec, 0)
    return spec


def _sorted_items(options: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(dict(options).items()))


def _strings(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


@frozen
class MatchPlan:
    """
    What one run plays, in plain values that pickle: the variant and its options, the bot specs, the seed.

    *house_rules* are import paths (``"package.module:plugin"``) of house-rule
    plugins, loaded again in each worker.

    .. versionadded:: 0.2.0
    """

    variant: str
    bots: tuple[str, ...] = field(converter=_strings)
    seed: int = 0
    options: tuple[tuple[str, Any], ...] = field(default=(), converter=_sorted_items)
    house_rules: tuple[str, ...] = field(default=(), converter=_strings)

    def seats_of(self, number: int) -> tuple[int, ...]:
        """
        The seat of each bot spec in match *number*: rotated by one seat per match.
        """
        count = len(self.bots)
        return tuple((index + number) % count for index in range(count))


@frozen
class MatchRecord:
    """
    How match *number* went for each bot spec of the plan, in the plan's order.

    *seats*, *shares* (1 for a win, 1/k for a win shared by k, else 0),
    *scores* (final totals) and *placings* (1 is best, ties share the better
    place) are by spec; *rounds* and *actions* count the match's rounds and actions.

    .. versionadded:: 0.2.0
    """

    number: int
    seats: tuple[int, ...]
    shares: tuple[float, ...]
    scores: tuple[int, ...]
    placings: tuple[int, ...]
    rounds: int
    actions: int


def _load_plugin(path: str) -> object:
    module, _, name = path.partition(":")
    if not name:
        raise ValueError(f"a house rule is given as 'package.module:object', not {path!r}")
    return getattr(importlib.import_module(module), name)


def play_match(plan: MatchPlan, number: int) -> MatchRecord:
    """
    Play match *number* of *plan*: its deal and its bots seeded from the plan's seed and the number alone.

    .. versionadded:: 0.2.0
    """
    rng = random.Random(f"maumau-simulate/{plan.seed}/{number}")
    seats = plan.seats_of(number)
    plugins = [_load_plugin(path) for path in plan.house_rules]
    bots = {seat: parse_bot(spec, rng.getrandbits(63), plugins) for spec, seat in zip(plan.bots, seats, strict=True)}
    state = new_game(
        plan.variant, players=len(plan.bots), seed=rng.getrandbits(63), options=dict(plan.options), plugins=plugins
    )
    final = play_out(state, bots)
    assert final.result is not None
    winners = final.result.winners
    totals = final.result.totals
    # The winners' totals say which way scores count: the most points (most variants) or the fewest (penalty-52).
    lowest = bool(winners) and totals[winners[0]] == min(totals) and totals[winners[0]] != max(totals)
    placings = []
    for seat in seats:
        better = sum(1 for other in totals if (other < totals[seat] if lowest else other > totals[seat]))
        placings.append(1 + better)
    return MatchRecord(
        number=number,
        seats=seats,
        shares=tuple(1 / len(winners) if seat in winners else 0.0 for seat in seats),
        scores=tuple(totals[seat] for seat in seats),
        placings=tuple(placings),
        rounds=len(final.rounds),
        actions=len(final.actions),
    )


def _play_chunk(plan: MatchPlan, numbers: Sequence[int]) -> list[MatchRecord]:
    return [play_match(plan, number) for number in numbers]


def _play_packed(work: tuple[MatchPlan, Sequence[int]]) -> list[MatchRecord]:
    return _play_chunk(*work)


def wilson(successes: float, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """
    The Wilson score interval of a rate: 95 % by default.

    *successes* may be fractional (shared wins count as fractions); the
    interval then treats the rate as a binomial one, which overstates its
    spread slightly and so errs on the cautious side.

    >>> from maumau.simulation import wilson
    >>> low, high = wilson(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)

    .. versionadded:: 0.2.0
    """
    if trials == 0:
        return (0.0, 1.0)
    rate = successes / trials
    centre = rate + z * z / (2 * trials)
    spread = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


@frozen
class BotResult:
    """
    One bot spec's results over a run: every seat it held in every match counts once.

    .. versionadded:: 0.2.0
    """

    bot: str
    matches: int
    wins: float
    low: float
    high: float
    mean_score: float
    mean_placing: float

    @property
    def win_rate(self) -> float:
        """
        Wins (shared wins as fractions) per match played.
        """
        return self.wins / self.matches if self.matches else 0.0


@frozen
class Simulation:
    """
    The results of `simulate`: per bot spec, the match lengths, and the time it took.

    *seconds* is the wall-clock time of the run, and the only part that
    differs between two runs with the same seed.  *planned* is the number of
    matches asked for; fewer were played (*records*) when the run was
    interrupted (`SimulationInterrupted`).

    .. versionadded:: 0.2.0
    """

    plan: MatchPlan
    records: tuple[MatchRecord, ...]
    results: tuple[BotResult, ...]
    mean_rounds: float
    mean_actions: float
    seconds: float = field(eq=False)
    planned: int | None = None

    @property
    def interrupted(self) -> bool:
        """
        Whether fewer matches were played than planned.
        """
        return self.planned is not None and len(self.records) < self.planned

    @property
    def matches_per_second(self) -> float:
        """
        Matches played per second of wall-clock time.
        """
        return len(self.records) / self.seconds if self.seconds > 0 else math.inf

    def to_dict(self) -> dict[str, Any]:
        """
        The results as plain JSON values.
        """
        return {
            "variant": self.plan.variant,
            "bots": list(self.plan.bots),
            "players": len(self.plan.bots),
            "seed": self.plan.seed,
            "options": dict(self.plan.options),
            "house_rules": list(self.plan.house_rules),
            "matches": len(self.records),
            "matches_planned": len(self.records) if self.planned is None else self.planned,
            "interrupted": self.interrupted,
            "mean_rounds_per_match": self.mean_rounds,
            "mean_actions_per_match": self.mean_actions,
            "mean_actions_per_round": self.mean_actions / self.mean_rounds if self.mean_rounds else 0.0,
            "seconds": self.seconds,
            "matches_per_second": self.matches_per_second,
            "results": [
                {
                    "bot": result.bot,
                    "matches": result.matches,
                    "wins": result.wins,
                    "win_rate": result.win_rate,
                    "win_rate_95": [result.low, result.high],
                    "mean_score": result.mean_score,
                    "mean_placing": result.mean_placing,
                }
                for result in self.results
            ],
        }


def _summarize(plan: MatchPlan, records: Sequence[MatchRecord], seconds: float, planned: int) -> Simulation:
    records = sorted(records, key=lambda record: record.number)  # the same sums in the same order, whatever the jobs
    results = []
    for bot in dict.fromkeys(plan.bots):
        columns = [index for index, spec in enumerate(plan.bots) if spec == bot]
        shares = [record.shares[i] for record in records for i in columns]
        scores = [record.scores[i] for record in records for i in columns]
        placings = [record.placings[i] for record in records for i in columns]
        wins = math.fsum(shares)
        low, high = wilson(wins, len(shares))
        results.append(
            BotResult(
                bot=bot,
                matches=len(shares),
                wins=wins,
                low=low,
                high=high,
                mean_score=statistics.fmean(scores) if scores else 0.0,
                mean_placing=statistics.fmean(placings) if placings else 0.0,
            )
        )
    return Simulation(
        plan=plan,
        records=tuple(records),
        results=tuple(results),
        mean_rounds=statistics.fmean(record.rounds for record in records) if records else 0.0,
        mean_actions=statistics.fmean(record.actions for record in records) if records else 0.0,
        seconds=seconds,
        planned=planned,
    )


def _chunks(matches: int, jobs: int | None = None) -> list[list[int]]:
    """
    The match numbers in chunks, one task each: `CHUNK` matches for local processes (progress and an interrupted
    run go match by match, almost), and for a Ray cluster, given its *jobs*, at least that and about eight tasks
    per job, so that the cluster's cost per task stays small against the matches' own.
    """
    size = CHUNK if jobs is None else max(CHUNK, matches // (8 * max(1, jobs)))
    return [list(range(start, min(start + size, matches))) for start in range(0, matches, size)]


def _ignore_interrupts() -> None:
    """
    In a worker: leave Ctrl-C to the parent, which ends the pool; the terminal sends it to every process.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _local(
    plan: MatchPlan, matches: int, jobs: int, noted: Sequence[int] = ()
) -> Generator[list[MatchRecord], None, None]:
    """
    The chunks' records, played here or by *jobs* worker processes; with workers, Ctrl-C is looked for in *noted*.

    The results of the workers are waited for a slice of time at a time, and
    a Ctrl-C noted meanwhile (`_interrupts_noted`) raises here, in the loop,
    rather than wherever the parent happened to be.
    """
    if jobs == 1:
        for number in range(matches):  # match by match: progress and an interrupted run keep every finished match
            yield [play_match(plan, number)]
        return
    context = multiprocessing.get_context("spawn")  # no fork of a parent's threads or caches
    with context.Pool(jobs, initializer=_ignore_interrupts) as pool:  # leaving the block terminates the workers
        tasks = [(plan, chunk) for chunk in _chunks(matches)]
        results = pool.imap_unordered(_play_packed, tasks)
        for _ in tasks:
            while True:
                try:
                    chunk = results.next(timeout=WAIT)
                    break
                except multiprocessing.TimeoutError:
                    if noted:
                        raise KeyboardInterrupt from None
            yield chunk


@contextlib.contextmanager
def _interrupts_noted(*, raise_from: int | None) -> Iterator[list[int]]:
    """
    Note every Ctrl-C in the list given, and raise from the *raise_from* th on (``None``: never).

    While matches are played (from the first): Python drops an exception
    raised while a finalizer runs (it prints "Exception ignored" and goes
    on), and a signal's handler runs wherever the main thread is, so a
    Ctrl-C raised inside some object's finalizer would be lost and the run
    would play on to its end.  Noted, it stops the loop over the matches at
    the next chunk.  Where matches run in worker processes nothing is raised
    at all (``None``): their results are waited for in slices (`_local`),
    and the loop raises.

    While Ray starts or stops (from the second): interrupted, ``ray.init``
    leaves Ray's agent processes running on their own for a minute, and
    ``ray.shutdown`` leaves the instance half stopped and the exit status
    wrong.  So one Ctrl-C is held; a second one goes through, since joining
    a cluster that does not answer may wait long, and a user who presses
    twice means it.

    Only where Ctrl-C raises: in the main thread (the only one Python hands
    signals to) and where a handler is set (not where SIGINT is ignored).
    """
    noted: list[int] = []
    if threading.current_thread() is not threading.main_thread() or not callable(signal.getsignal(signal.SIGINT)):
        yield noted
        return

    def note(number: int, frame: object) -> None:
        noted.append(number)
        if raise_from is not None and len(noted) >= raise_from:
            raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, note)
    try:
        yield noted
    finally:
        signal.signal(signal.SIGINT, previous)


def _ray(plan: MatchPlan, matches: int, jobs: int, address: str | None) -> Generator[list[MatchRecord], None, None]:
    """
    The chunks' records from Ray tasks, as they finish.

    A terminal's Ctrl-C reaches the driver alone: Ray starts its own processes with SIGINT blocked and its workers
    in sessions of their own.  Ray is started and stopped with Ctrl-C held (`_interrupts_noted`): one during the
    start stops the run once Ray is up, and one during the stop is dropped, since the run ends anyway; a second
    one goes through.  Tasks left
    over end with the job (`ray.shutdown`, or the caller's own end of the Ray it started); they are not cancelled,
    since a ``ray.cancel`` racing a task's end can abort the driver (Ray's "Tried to complete task that was not
    pending", ray-project/ray#54846).
    """
    try:
        import ray
    except ImportError:  # pragma: no cover - only without the extra
        raise ValueError("the ray backend needs Ray: pip install 'maumau[ray]'") from None
    started = not ray.is_initialized()
    with _interrupts_noted(raise_from=2) as held:
        if started and address is None:  # a private local instance, whatever else runs there (RAY_ADDRESS too)
            ray.init(address="local", num_cpus=jobs, include_dashboard=False, log_to_driver=False)
        elif started:
            ray.init(address=address, log_to_driver=False)
    try:
        if held:
            raise KeyboardInterrupt
        remote = ray.remote(_play_chunk)
        pending = [remote.remote(plan, chunk) for chunk in _chunks(matches, jobs)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        if started:
            with _interrupts_noted(raise_from=2):
                ray.shutdown()


def simulate(
    variant: str,
    bots: Sequence[str],
    *,
    matches: int,
    seed: int = 0,
    options: Mapping[str, object] | None = None,
    house_rules: Iterable[str] = (),
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> Simulation:
    """
    Play *matches* matches of *variant* between *bots*, one spec per seat, and sum them up per spec.

    Args:
        variant: An installed variant.
        bots: One bot spec per seat (see `parse_bot`); the number of players is their number.
        matches: How many matches to play.
        seed: The same seed gives the same results, whatever *jobs* and *backend*.
        options: The variant's options for every match.
        house_rules: House-rule plugins as import paths, ``"package.module:plugin"``.
        jobs: Worker processes (``"local"``) or Ray CPUs for a local Ray instance (``"ray"``).
        backend: ``"local"`` or ``"ray"`` (needs the ``maumau[ray]`` extra).
        address: The Ray cluster to join (``"auto"``, ``"ray://host:10001"``); ``None`` starts a local one.
        progress: Called with the number of matches just finished, as they finish.

    Raises:
        SimulationInterrupted: Ctrl-C; it holds the matches finished so far, summed up (worker processes end).
        ValueError: a bot spec, the match count, the jobs or the backend is wrong.
        UnknownVariantError, InvalidOptionError: from `maumau.new_game`, before anything is played.

    .. versionadded:: 0.2.0
    """
    plan = MatchPlan(variant, tuple(_check_spec(spec) for spec in bots), seed, dict(options or {}), tuple(house_rules))
    if matches < 1:
        raise ValueError(f"matches must be at least 1, not {matches}")
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    if backend not in ("local", "ray"):
        raise ValueError(f"unknown backend {backend!r}; known: local, ray")
    plugins = [_load_plugin(path) for path in plan.house_rules]
    new_game(variant, players=len(plan.bots), seed=seed, options=dict(plan.options), plugins=plugins)  # fail early
    started = time.perf_counter()
    records: list[MatchRecord] = []
    pooled = backend == "local" and jobs > 1
    with _interrupts_noted(raise_from=None if pooled else 1) as noted:
        chunks = _ray(plan, matches, jobs, address) if backend == "ray" else _local(plan, matches, jobs, noted)
        try:
            for chunk in chunks:
                records.extend(chunk)
                if progress is not None:
                    progress(len(chunk))
                if noted:  # a Ctrl-C whose exception was lost (see `_interrupts_noted`)
                    raise KeyboardInterrupt
        except KeyboardInterrupt:
            chunks.close()  # the workers end here, before the results so far are summed up
            partial = _summarize(plan, records, time.perf_counter() - started, matches)
            raise SimulationInterrupted(partial) from None
    return _summarize(plan, records, time.perf_counter() - started, matches)


class SimulationInterrupted(KeyboardInterrupt):
    """
    Ctrl-C (a ``KeyboardInterrupt``) during `simulate`: *simulation* holds the matches finished until then.

    It is a ``KeyboardInterrupt``, so code that does not look for it stops as before.

    .. versionadded:: 0.2.0
    """

    def __init__(self, simulation: Simulation) -> None:
        super().__init__(f"interrupted after {len(simulation.records)} of {simulation.planned} matches")
        self.simulation = simulation
