"""
Tests for `maumau.simulation` and ``maumau simulate``: many matches, seats rotating, the same results for one seed.

The optional extras (rich, matplotlib, Ray) are tested where they are
installed; the ``simulate_extras`` and ``ray`` nox sessions install them and
set ``MAUMAU_REQUIRE_EXTRAS``, so that a missing extra fails there instead
of skipping.
"""

from __future__ import annotations

import importlib.util
import io
import ipaddress
import json
import os
import re
import signal
import subprocess
import sys
import time
import types
from collections.abc import Iterator, Sequence
from pathlib import Path

import attrs
import pytest

from family import family
from maumau import (
    Action,
    Effect,
    GameState,
    InvalidOptionError,
    MatchResult,
    PluginError,
    SimulationError,
    UnknownVariantError,
    hookimpl,
    simulation,
)
from maumau._report import PlainProgress, check_outputs, duration, write_json
from maumau.bots import HeuristicBot, RandomBot
from maumau.cli import main
from maumau.mechanics import Combinations, Stacking
from maumau.search import SearchBot
from maumau.simulation import MatchPlan, MatchRecord, SimulationInterrupted, parse_bot, play_match, simulate, wilson

REQUIRED = set(filter(None, os.environ.get("MAUMAU_REQUIRE_EXTRAS", "").split(",")))


def needs(extra: str, module: str) -> None:
    """
    Skip unless *module* (of the extra *extra*) is installed; fail instead where the session requires it.
    """
    if importlib.util.find_spec(module) is None:
        if extra in REQUIRED:
            pytest.fail(f"the {extra} extra is required here but {module} is not installed")
        pytest.skip(f"{module} is not installed (the {extra} extra)")


class Terminal(io.StringIO):
    """
    Standard error that says it is a terminal, where the progress bar is drawn.
    """

    def isatty(self) -> bool:
        return True


def run(argv: list[str]) -> tuple[int, str, str]:
    stdout, stderr = io.StringIO(), io.StringIO()
    code = main(argv, stdout=stdout, stderr=stderr)
    return code, stdout.getvalue(), stderr.getvalue()


class TestSimulate:
    """
    Tests for `maumau.simulation.simulate`.
    """

    def test_the_same_seed_gives_the_same_results_whatever_the_jobs(self) -> None:
        one = simulate("classic", ["heuristic", "random", "random"], matches=12, seed=3, options={"target": 1})
        two = simulate("classic", ["heuristic", "random", "random"], matches=12, seed=3, options={"target": 1}, jobs=2)

        assert one == two
        assert one.to_dict() | {"seconds": 0, "matches_per_second": 0} == two.to_dict() | {
            "seconds": 0,
            "matches_per_second": 0,
        }

    @pytest.mark.parametrize(
        ("lineup", "expected"),
        [
            (
                ["random"] * 4,
                [
                    (2968, 3, (0, 178, 400, 0)),
                    (2271, 4, (444, 368, 0, 0)),
                    (1619, 6, (89, 481, 159, 251)),
                    (4118, 7, (512, 365, 0, 366)),
                ],
            ),
            (
                ["heuristic", "random", "random"],
                [(171, 3, (355, 0, 0)), (90, 4, (362, 0, 0)), (100, 3, (409, 0, 0)), (276, 4, (387, 0, 0))],
            ),
        ],
    )
    def test_matches_are_those_played_before_views_were_saved(
        self, lineup: list[str], expected: list[tuple[int, int, tuple[int, ...]]]
    ) -> None:
        """
        The matches of a seed, recorded before bots were spared views they do not read: actions, rounds, scores.
        """
        result = simulate("classic", lineup, matches=4, seed=7)

        assert [(record.actions, record.rounds, record.scores) for record in result.records] == expected

    def test_another_seed_gives_other_matches(self) -> None:
        first = simulate("classic", ["heuristic", "random"], matches=6, seed=1, options={"target": 1})
        second = simulate("classic", ["heuristic", "random"], matches=6, seed=2, options={"target": 1})

        assert first.records != second.records

    def test_seats_rotate_so_no_bot_keeps_a_seat(self) -> None:
        result = simulate("penalty-52", ["random", "heuristic", "random"], matches=6, seed=0)

        assert [record.seats for record in result.records[:3]] == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]

    def test_each_spec_is_summed_over_every_seat_it_held(self) -> None:
        result = simulate("classic", ["heuristic", "random", "random"], matches=10, seed=5, options={"target": 1})
        by_bot = {row.bot: row for row in result.results}

        assert by_bot["heuristic"].matches == 10
        assert by_bot["random"].matches == 20
        assert sum(row.wins for row in result.results) == pytest.approx(10)  # one win (or its shares) a match

    def test_the_heuristic_bot_beats_the_random_bot(self) -> None:
        heuristic = simulate("classic", ["heuristic", "random"], matches=30, seed=1, options={"target": 1}).results[0]

        assert heuristic.low > 0.5

    def test_mean_placing_and_score_follow_the_variants_scoring(self) -> None:
        """
        In penalty-52 the fewest points win: the winner's placing is 1 with the lowest total.
        """
        record = play_match(MatchPlan("penalty-52", ("heuristic", "random"), 4, {"single_round": True}), 0)

        winner = record.shares.index(max(record.shares))
        assert record.placings[winner] == 1
        assert record.scores[winner] == min(record.scores)

    def test_bad_requests_are_refused_before_anything_is_played(self) -> None:
        with pytest.raises(ValueError, match="unknown bot level 'genius'"):
            simulate("classic", ["genius", "random"], matches=1)
        with pytest.raises(ValueError, match="matches must be at least 1"):
            simulate("classic", ["random", "random"], matches=0)
        with pytest.raises(ValueError, match="unknown backend 'spark'"):
            simulate("classic", ["random", "random"], matches=1, backend="spark")
        with pytest.raises(UnknownVariantError):
            simulate("snap", ["random", "random"], matches=1)
        with pytest.raises(InvalidOptionError):
            simulate("classic", ["random", "random"], matches=1, options={"colour": 1})

    def test_a_house_rule_is_loaded_by_its_import_path(self) -> None:
        result = simulate(
            "classic", ["heuristic", "random"], matches=4, seed=1, house_rules=["test_simulation:SEAT_ZERO_WINS"]
        )

        for record in result.records:
            assert record.shares[record.seats.index(0)] == 1.0

    def test_search_bots_sample_with_the_runs_house_rules(self) -> None:
        bot = parse_bot("search:100", 1, [SEAT_ZERO_WINS])

        assert isinstance(bot, SearchBot)
        assert bot.plugins == (SEAT_ZERO_WINS,)

    def test_bots_of_every_level_play_the_familys_new_vocabulary(self) -> None:
        """
        Plays of several cards (sets and runs) and another turn, played by every bot level through an import path.
        """
        result = simulate(
            "classic", ["heuristic", "random", "search:50"], matches=3, seed=2, house_rules=["test_simulation:SETS"]
        )

        assert sum(len(record.seats) for record in result.records) == 9
        assert all(sum(record.shares) == pytest.approx(1.0) for record in result.records)

    def test_a_house_rule_that_is_neither_the_games_nor_a_plugin_is_refused(self) -> None:
        with pytest.raises(PluginError, match=r"unknown house rule 'nines'; the game's own: none; .* module:attribute"):
            simulate("classic", ["random", "random"], matches=1, house_rules=["nines"])

    def test_a_profiles_house_rule_is_named_as_a_plugins_is(self) -> None:
        chosen = simulate("crazy-eights-pagat", ["random"] * 2, matches=1, house_rules=["queens_skip"])
        as_option = simulate("crazy-eights-pagat", ["random"] * 2, matches=1, options={"queens_skip": True})

        assert as_option.records == chosen.records
        assert dict(chosen.plan.options) == {"queens_skip": True}

    def test_progress_is_told_as_matches_finish(self) -> None:
        done: list[int] = []

        simulate("classic", ["random", "random"], matches=9, options={"target": 1}, progress=done.append)

        assert sum(done) == 9


class TestParseBot:
    """
    Tests for `maumau.simulation.parse_bot`.
    """

    def test_a_level_names_its_bot(self) -> None:
        assert isinstance(parse_bot("random"), RandomBot)
        assert isinstance(parse_bot("heuristic"), HeuristicBot)

    def test_a_search_spec_may_give_its_budget(self) -> None:
        bot = parse_bot("search:500")

        assert isinstance(bot, SearchBot)
        assert bot.budget == 500

    @pytest.mark.parametrize(("spec", "message"), [("heuristic:5", "only the search level"), ("search:x", "positive")])
    def test_a_wrong_budget_is_refused(self, spec: str, message: str) -> None:
        with pytest.raises(ValueError, match=message):
            parse_bot(spec)


class TestWilson:
    """
    Tests for `maumau.simulation.wilson`.
    """

    def test_the_interval_holds_the_rate_and_narrows_with_more_trials(self) -> None:
        narrow, wide = wilson(600, 1000), wilson(6, 10)

        assert wide[0] < narrow[0] < 0.6 < narrow[1] < wide[1]

    def test_no_trials_say_nothing(self) -> None:
        assert wilson(0, 0) == (0.0, 1.0)

    def test_all_wins_keep_the_interval_within_one(self) -> None:
        low, high = wilson(20, 20)

        assert high == 1.0
        assert 0.8 < low < 1.0


class TestSimulateCommand:
    """
    ``maumau simulate``.
    """

    def test_simulate_prints_a_table_per_bot_spec(self) -> None:
        code, out, _ = run(["simulate", "--bots", "heuristic,random", "--matches", "4", "--option", "target=1"])

        assert code == 0
        assert "95 % interval" in out
        assert "heuristic" in out
        assert "4 matches of classic" in out

    def test_simulate_saves_json(self, tmp_path: Path) -> None:
        path = tmp_path / "results.json"

        code, _, _ = run(["simulate", "--bots", "random", "--players", "3", "--matches", "3", "--json", str(path)])

        saved = json.loads(path.read_text())
        assert code == 0
        assert saved["players"] == 3
        assert saved["results"][0]["bot"] == "random"
        assert saved["results"][0]["matches"] == 9
        assert len(saved["results"][0]["win_rate_95"]) == 2

    def test_fewer_specs_than_seats_are_repeated_in_turn(self, tmp_path: Path) -> None:
        path = tmp_path / "results.json"

        code, _, _ = run(
            [
                "simulate",
                "--players",
                "3",
                "--bots",
                "random,heuristic",
                "--matches",
                "3",
                "--option",
                "target=1",
                "--json",
                str(path),
            ]
        )

        saved = json.loads(path.read_text())
        assert code == 0
        assert {row["bot"]: row["matches"] for row in saved["results"]} == {"random": 6, "heuristic": 3}

    def test_players_without_bots_fills_the_seats_with_the_default_bots(self) -> None:
        code, out, _ = run(["simulate", "--players", "4", "--matches", "2", "--option", "target=1"])

        assert code == 0
        assert "2 matches of classic" in out

    def test_more_specs_than_seats_is_a_usage_error(self) -> None:
        code, _, err = run(["simulate", "--players", "2", "--bots", "random,heuristic,random"])

        assert code == 2
        assert "3 bot specs for 2 players" in err

    def test_a_bot_of_ones_own_takes_a_seat_by_import_path(self) -> None:
        code, out, _ = run(
            ["simulate", "--bots", "own_bots:FirstCard,random", "--matches", "2", "--option", "target=1"]
        )

        assert code == 0
        assert "own_bots:FirstCard" in out

    def test_a_bot_of_ones_own_that_cannot_be_made_is_a_usage_error(self) -> None:
        code, _, err = run(["simulate", "--bots", "own_bots:NOT_A_BOT,random"])

        assert code == 2
        assert "bot 'own_bots:NOT_A_BOT' names 42, not a class whose instances choose" in err

    def test_a_wrong_bot_spec_is_a_usage_error(self) -> None:
        code, _, err = run(["simulate", "--bots", "random,clever"])

        assert code == 2
        assert "unknown bot level 'clever'" in err

    def test_a_plot_is_saved_with_matplotlib(self, tmp_path: Path) -> None:
        needs("plot", "matplotlib")
        path = tmp_path / "results.png"

        code, out, _ = run(["simulate", "--matches", "3", "--option", "target=1", "--plot", str(path)])

        assert code == 0
        assert path.read_bytes().startswith(b"\x89PNG")
        assert f"Plot saved to {path}." in out

    def test_without_matplotlib_a_plot_names_the_extra(self, tmp_path: Path) -> None:
        if importlib.util.find_spec("matplotlib") is not None:
            pytest.skip("matplotlib is installed")

        code, _, err = run(["simulate", "--matches", "1", "--option", "target=1", "--plot", str(tmp_path / "x.png")])

        assert code == 2
        assert "maumau[plot]" in err

    def test_rich_draws_the_table_and_a_progress_bar_on_a_terminal(self) -> None:
        needs("progress", "rich")
        stdout, stderr = io.StringIO(), Terminal()

        code = main(["simulate", "--matches", "8", "--option", "target=1"], stdout=stdout, stderr=stderr)

        assert code == 0
        assert "┃" in stdout.getvalue()  # rich's table border
        assert "matches" in stderr.getvalue()  # the bar's label

    def test_off_a_terminal_progress_is_whole_lines_every_tenth(self) -> None:
        code, _, err = run(["simulate", "--matches", "20", "--option", "target=1"])

        lines = err.splitlines()
        assert code == 0
        assert "\r" not in err
        assert len(lines) == 10
        assert lines[0].startswith("matches 2/20 (10 %), ")
        assert lines[-1].startswith("matches 20/20 (100 %), ")

    def test_no_progress_asked_for_none(self) -> None:
        code, _, err = run(["simulate", "--matches", "2", "--option", "target=1", "--no-progress"])

        assert code == 0
        assert err == ""


class TestPlainProgress:
    """
    The progress line without rich: ``maumau.cli`` and `maumau._report.PlainProgress`.
    """

    def test_without_rich_a_terminal_gets_one_line_redrawn(self, monkeypatch: pytest.MonkeyPatch) -> None:
        for name in (
            "rich",
            "rich.console",
            "rich.progress",
            "rich.table",
        ):  # importing rich now fails, installed or not
            monkeypatch.setitem(sys.modules, name, None)
        stdout, stderr = io.StringIO(), Terminal()

        code = main(["simulate", "--matches", "6", "--option", "target=1"], stdout=stdout, stderr=stderr)

        err = stderr.getvalue()
        assert code == 0
        assert "\n" not in err  # drawn in place, never a new line
        assert "\rmatches 6/6 (100 %), " in err
        assert err.endswith("\r")  # cleared at the end, so the table starts on a fresh line
        assert "6 matches of classic" in stdout.getvalue()

    def test_a_terminal_line_is_redrawn_at_most_every_quarter_second(self) -> None:
        now = [0.0]
        stream = io.StringIO()
        progress = PlainProgress(100, stream, terminal=True, clock=lambda: now[0])

        for _ in range(50):  # 50 matches within one instant: drawn once
            progress.advance(1)
        now[0] = 0.3
        progress.advance(1)
        for _ in range(49):  # the last match is always drawn
            progress.advance(1)

        assert stream.getvalue().count("\r") == 3
        assert stream.getvalue().rstrip().endswith("\rmatches 100/100 (100 %), 333.3 matches/s")

    def test_the_line_gives_the_rate_and_the_time_left(self) -> None:
        now = [0.0]
        progress = PlainProgress(500, io.StringIO(), terminal=False, clock=lambda: now[0])
        progress.advance(120)
        now[0] = 40.0

        assert progress.line() == "matches 120/500 (24 %), 3.0 matches/s, about 2 min 07 s left"

    @pytest.mark.parametrize(
        ("seconds", "expected"), [(0.4, "0 s"), (59, "59 s"), (65, "1 min 05 s"), (3725, "1 h 02 min")]
    )
    def test_durations_read_as_people_say_them(self, seconds: float, expected: str) -> None:
        assert expected == duration(seconds)


class Played:
    """
    Counts the matches played in this process, and may raise Ctrl-C instead of playing match *stop*.
    """

    def __init__(self, monkeypatch: pytest.MonkeyPatch, stop: int | None = None) -> None:
        self.numbers: list[int] = []
        self.stop = stop
        self.play = simulation.play_match
        monkeypatch.setattr(simulation, "play_match", self)

    def __call__(self, plan: MatchPlan, number: int) -> MatchRecord:
        if number == self.stop:
            raise KeyboardInterrupt
        self.numbers.append(number)
        return self.play(plan, number)


@pytest.fixture
def ctrl_c_raises() -> Iterator[None]:
    """
    Ctrl-C raises `KeyboardInterrupt` in this process, as in a terminal, even if the tests were started with SIGINT
    ignored, as a shell without job control starts a background job (``(nox &)``).
    """
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


class TestInterrupt:
    """
    Ctrl-C during a run: the matches finished so far are summed up, printed and saved.
    """

    def test_simulate_raises_with_the_matches_finished(self, monkeypatch: pytest.MonkeyPatch) -> None:
        Played(monkeypatch, stop=5)

        with pytest.raises(SimulationInterrupted) as raised:
            simulate("classic", ["heuristic", "random"], matches=20, seed=4, options={"target": 1})

        partial = raised.value.simulation
        assert isinstance(raised.value, KeyboardInterrupt)
        assert [record.number for record in partial.records] == [0, 1, 2, 3, 4]
        assert partial.interrupted
        assert partial.planned == 20
        full = simulate("classic", ["heuristic", "random"], matches=5, seed=4, options={"target": 1})
        assert full.records == partial.records

    @pytest.mark.skipif(sys.platform == "win32", reason="SIGINT sent with os.kill is POSIX")
    @pytest.mark.usefixtures("ctrl_c_raises")
    @pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # the dropped exception, one job
    @pytest.mark.parametrize("jobs", [1, 2])
    def test_a_ctrl_c_that_comes_while_a_finalizer_runs_still_stops_the_run(self, jobs: int) -> None:
        """
        Python drops an exception raised inside a finalizer, where a Ctrl-C may land: the run still stops soon after.
        """

        class Finalized:
            def __del__(self) -> None:
                os.kill(os.getpid(), signal.SIGINT)
                for _ in range(10_000):  # the handler runs in here, while the finalizer still does
                    pass

        chunks: list[int] = []

        def progress(done: int) -> None:
            chunks.append(done)
            if len(chunks) == 3:
                Finalized()  # made and dropped at once: its finalizer runs now

        with pytest.raises(SimulationInterrupted) as raised:
            simulate("classic", ["random", "random"], matches=300, jobs=jobs, progress=progress, options={"target": 1})

        assert len(raised.value.simulation.records) == sum(chunks) < 300

    def test_the_command_reports_and_saves_what_was_played(
        self, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
    ) -> None:
        Played(monkeypatch, stop=7)
        path = tmp_path / "partial.json"

        code, out, err = run(["simulate", "--matches", "20", "--option", "target=1", "--json", str(path)])

        saved = json.loads(path.read_text())
        assert code == 130
        assert "maumau: interrupted after 7 of 20 matches" in err.splitlines()
        assert "Traceback" not in err
        assert "7 matches of classic" in out
        assert (saved["matches"], saved["matches_planned"], saved["interrupted"]) == (7, 20, True)

    def test_a_second_ctrl_c_while_saving_keeps_the_last_whole_file(
        self, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
    ) -> None:
        Played(monkeypatch, stop=3)
        path = tmp_path / "partial.json"
        path.write_text('{"matches": 40}\n')

        def interrupted(descriptor: int) -> None:  # Ctrl-C again as the new file is flushed to the disk
            raise KeyboardInterrupt

        monkeypatch.setattr(os, "fsync", interrupted)
        code, out, err = run(["simulate", "--matches", "20", "--option", "target=1", "--json", str(path)])

        assert code == 130
        assert "maumau: interrupted again, before the results were all printed and saved" in err.splitlines()
        assert "Traceback" not in err
        assert "3 matches of classic" in out
        assert path.read_text() == '{"matches": 40}\n'
        assert [file.name for file in tmp_path.iterdir()] == ["partial.json"]  # nothing left half written

    def test_a_save_that_fails_names_the_file_asked_for(self, tmp_path: Path) -> None:
        result = simulate("classic", ["random", "random"], matches=1, seed=0, options={"target": 1})
        folder = tmp_path / "saves"
        folder.mkdir()

        with pytest.raises(OSError, match=re.escape(str(folder / "missing" / "out.json"))):
            write_json(result, folder / "missing" / "out.json")
        with pytest.raises(OSError, match=re.escape(str(folder))):
            write_json(result, folder)  # a directory: the new file, made beside it, is removed
        assert [path.name for path in tmp_path.iterdir()] == ["saves"]

    def test_a_bot_raising_ctrl_c_stops_the_run_cleanly(self, monkeypatch: pytest.MonkeyPatch) -> None:
        calls = [0]
        choose_from = RandomBot.choose_from

        def interrupted(bot: RandomBot, seat: int, actions: Sequence[Action]) -> Action:
            calls[0] += 1
            if calls[0] > 3000:  # within the first few matches of one round each
                raise KeyboardInterrupt
            return choose_from(bot, seat, actions)

        monkeypatch.setattr(RandomBot, "choose_from", interrupted)

        code, out, err = run(["simulate", "--bots", "random", "--matches", "50", "--option", "target=1"])

        assert code == 130
        assert sum(line.startswith("maumau: interrupted after ") for line in err.splitlines()) == 1
        assert "Traceback" not in err
        assert " matches of classic" in out

    def test_nothing_finished_is_reported_as_such(self, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
        Played(monkeypatch, stop=0)
        path = tmp_path / "none.json"

        code, _, err = run(["simulate", "--matches", "5", "--json", str(path)])

        assert code == 130
        assert "maumau: interrupted after 0 of 5 matches" in err
        assert json.loads(path.read_text())["matches"] == 0

    @pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGINT are POSIX")
    def test_ctrl_c_ends_the_worker_processes_without_tracebacks(self, tmp_path: Path) -> None:
        path = tmp_path / "partial.json"
        live = "import signal; signal.signal(signal.SIGINT, signal.default_int_handler)"  # as in a terminal
        command = [sys.executable, "-c", f"{live}; import sys; from maumau.cli import main; sys.exit(main())"]
        arguments = ["simulate", "--bots", "heuristic,random", "--matches", "4000", "--jobs", "2"]
        process = subprocess.Popen(
            [*command, *arguments, "--json", str(path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,  # its own process group, which a terminal's Ctrl-C reaches as a whole
        )
        assert process.stderr is not None
        first = process.stderr.readline()  # the first tenth is done: the workers are busy
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=60)

        assert first.startswith("matches 400/4,000 (10 %)")
        assert process.returncode == 130
        assert "Traceback" not in err
        assert "maumau: interrupted after " in err
        assert json.loads(path.read_text())["interrupted"]
        assert " matches of classic" in out


class TestOutputsChecked:
    """
    ``--plot`` and ``--json`` are checked before the first match.
    """

    def test_a_plot_without_matplotlib_fails_before_any_match(self, monkeypatch: pytest.MonkeyPatch) -> None:
        for name in ("matplotlib", "matplotlib.pyplot"):  # importing matplotlib now fails, installed or not
            monkeypatch.setitem(sys.modules, name, None)
        played = Played(monkeypatch)

        code, out, err = run(["simulate", "--matches", "3", "--plot", "results.png"])

        assert code == 2
        assert err == "maumau: error: --plot needs matplotlib: pip install 'maumau[plot]'\n"
        assert out == ""
        assert played.numbers == []

    @pytest.mark.parametrize("flag", ["--json", "--plot"])
    def test_a_missing_directory_fails_before_any_match(
        self, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, flag: str
    ) -> None:
        monkeypatch.setitem(sys.modules, "matplotlib", types.ModuleType("matplotlib"))  # only imported, not used
        played = Played(monkeypatch)
        target = tmp_path / "missing" / "results.out"

        code, _, err = run(["simulate", "--matches", "3", flag, str(target)])

        assert code == 2
        assert f"maumau: error: cannot save {flag} to {target}: there is no directory {target.parent}\n" == err
        assert played.numbers == []

    def test_a_directory_is_no_file_to_save_to(self, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
        played = Played(monkeypatch)

        code, _, err = run(["simulate", "--matches", "3", "--json", str(tmp_path)])

        assert code == 2
        assert "it is a directory" in err
        assert played.numbers == []

    def test_check_outputs_accepts_writable_targets(self, tmp_path: Path) -> None:
        check_outputs(tmp_path / "results.json", None)

    def test_the_check_raises_a_simulation_error(self, tmp_path: Path) -> None:
        with pytest.raises(SimulationError, match="no directory"):
            check_outputs(tmp_path / "nowhere" / "x.json", None)


#: ``maumau`` that also saves the records of an interrupted run, as `simulate` raised them, to the file named first.
RECORDING_MAUMAU = """
import json, signal, sys
import attrs
from maumau import cli, simulation

def simulate(*args, **kwargs):
    try:
        return simulation.simulate(*args, **kwargs)
    except simulation.SimulationInterrupted as interrupted:
        with open(sys.argv[1], "w") as file:
            json.dump([attrs.asdict(record) for record in interrupted.simulation.records], file)
        raise

signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C raises, as in a terminal, even if SIGINT came ignored
cli.simulate = simulate
sys.exit(cli.main(sys.argv[2:]))
"""


class TestRay:
    """
    The Ray backend on a local Ray instance.
    """

    def test_ray_gives_the_same_results_as_the_local_backend(self) -> None:
        needs("ray", "ray")
        options = {"target": 1}
        local = simulate("classic", ["heuristic", "random"], matches=8, seed=9, options=options)

        remote = simulate("classic", ["heuristic", "random"], matches=8, seed=9, options=options, backend="ray", jobs=2)

        assert remote == local

    def test_the_command_runs_on_ray(self, tmp_path: Path) -> None:
        needs("ray", "ray")
        path = tmp_path / "ray.json"

        code, _, _ = run(
            [
                "simulate",
                "--backend",
                "ray",
                "--jobs",
                "2",
                "--matches",
                "4",
                "--option",
                "target=1",
                "--json",
                str(path),
            ]
        )

        assert code == 0
        assert json.loads(path.read_text())["matches"] == 4

    @pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGINT are POSIX")
    def test_ctrl_c_stops_a_ray_run_as_it_stops_a_local_one(self, tmp_path: Path) -> None:
        needs("ray", "ray")
        saved, records, stderr = tmp_path / "partial.json", tmp_path / "records.json", tmp_path / "stderr"
        arguments = ["simulate", "--backend", "ray", "--jobs", "2", "--bots", "heuristic,random", "--seed", "5"]
        arguments += ["--matches", "1000", "--option", "target=1", "--json", str(saved)]
        with stderr.open("w") as err:  # a file, read while the run goes on: no pipe to fill or to block on
            process = subprocess.Popen(
                [sys.executable, "-c", RECORDING_MAUMAU, str(records), *arguments],
                stdout=subprocess.PIPE,
                stderr=err,
                text=True,
                start_new_session=True,  # its own process group, which a terminal's Ctrl-C reaches as a whole
            )
        try:
            deadline = time.monotonic() + 45  # Ray starts in seconds, more on a busy machine
            while not any(line.startswith("matches ") for line in stderr.read_text().splitlines()):
                assert process.poll() is None, stderr.read_text()
                assert time.monotonic() < deadline, "no progress from the Ray run"
                time.sleep(0.05)
            os.killpg(process.pid, signal.SIGINT)  # the first tenth is done: the workers are busy
            out, _ = process.communicate(timeout=45)
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        err = stderr.read_text()

        assert process.returncode == 130, err
        assert "Traceback" not in err
        assert sum(line.startswith("maumau: interrupted after ") for line in err.splitlines()) == 1
        summary = json.loads(saved.read_text())
        assert summary["interrupted"]
        assert 0 < summary["matches"] < summary["matches_planned"] == 1000
        assert f"{summary['matches']} matches of classic" in out
        played = json.loads(records.read_text())
        plan = MatchPlan("classic", ("heuristic", "random"), 5, {"target": 1})
        one_process = [attrs.asdict(play_match(plan, record["number"])) for record in played]
        assert played == json.loads(json.dumps(one_process))
        assert len(played) == summary["matches"]


class SeatZeroWins:
    """
    A house rule for these tests, loaded by import path: the match ends after its first round, won by seat 0.
    """

    @hookimpl
    def maumau_match_over(self, state: GameState) -> MatchResult | None:
        return MatchResult((0,), "house rule", state.scores) if state.rounds else None


SEAT_ZERO_WINS = SeatZeroWins()
#: A house rule for these tests, loaded by import path: one round of classic on the 52-card pack, with sets and
#: runs in one play, 2s that draw and kings that give another turn.
SETS = family(
    effects={"2": Effect(draw=2), "K": Effect(again="may")},
    mechanics=(Combinations(sets=True, runs="either", switch=True), Stacking()),
)


class TestRayInstance:
    """
    Which Ray instance a simulation runs on, checked against a stand-in for Ray that records how it was started.
    """

    @staticmethod
    def fake_ray(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, object]]:
        started: list[dict[str, object]] = []
        ray = types.ModuleType("ray")
        ray.is_initialized = lambda: False  # type: ignore[attr-defined]
        ray.init = lambda **kwargs: started.append(kwargs)  # type: ignore[attr-defined]
        ray.shutdown = lambda: None  # type: ignore[attr-defined]
        ray.remote = lambda function: types.SimpleNamespace(remote=function)  # type: ignore[attr-defined]
        ray.wait = lambda pending, num_returns: (pending[:1], pending[1:])  # type: ignore[attr-defined]
        ray.get = lambda done: done  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, "ray", ray)
        return started

    def test_without_an_address_a_private_local_instance_is_started(self, monkeypatch: pytest.MonkeyPatch) -> None:
        started = self.fake_ray(monkeypatch)
        simulate("classic", ["random", "random"], matches=2, seed=1, options={"target": 1}, backend="ray", jobs=2)

        assert started[0]["address"] == "local"  # never a cluster that happens to run on the machine
        assert started[0]["num_cpus"] == 2

    def test_with_an_address_that_cluster_is_joined(self, monkeypatch: pytest.MonkeyPatch) -> None:
        started = self.fake_ray(monkeypatch)
        simulate(
            "classic",
            ["random", "random"],
            matches=2,
            seed=1,
            options={"target": 1},
            backend="ray",
            address="ray://x:1",
        )

        assert started[0]["address"] == "ray://x:1"
        assert "num_cpus" not in started[0]

    @pytest.mark.usefixtures("ctrl_c_raises")
    def test_ctrl_c_while_ray_starts_stops_the_run_once_ray_is_up(self, monkeypatch: pytest.MonkeyPatch) -> None:
        started = self.fake_ray(monkeypatch)
        stopped: list[bool] = []

        def init(**kwargs: object) -> None:
            os.kill(os.getpid(), signal.SIGINT)  # interrupted, a real ray.init leaves processes running
            started.append(kwargs)

        monkeypatch.setattr(sys.modules["ray"], "init", init)
        monkeypatch.setattr(sys.modules["ray"], "shutdown", lambda: stopped.append(True))

        with pytest.raises(SimulationInterrupted) as raised:
            simulate("classic", ["random", "random"], matches=2, seed=1, options={"target": 1}, backend="ray")

        assert len(started) == len(stopped) == 1
        assert raised.value.simulation.records == ()

    @pytest.mark.usefixtures("ctrl_c_raises")
    def test_a_second_ctrl_c_while_ray_starts_goes_through(self, monkeypatch: pytest.MonkeyPatch) -> None:
        started = self.fake_ray(monkeypatch)
        handler = signal.getsignal(signal.SIGINT)

        def init(**kwargs: object) -> None:  # a cluster that does not answer, and a user who presses twice
            os.kill(os.getpid(), signal.SIGINT)
            os.kill(os.getpid(), signal.SIGINT)
            started.append(kwargs)

        monkeypatch.setattr(sys.modules["ray"], "init", init)

        with pytest.raises(SimulationInterrupted) as raised:
            simulate("classic", ["random", "random"], matches=2, seed=1, options={"target": 1}, backend="ray")

        assert started == []  # stopped within ray.init
        assert raised.value.simulation.records == ()
        assert signal.getsignal(signal.SIGINT) is handler

    @pytest.mark.usefixtures("ctrl_c_raises")
    def test_ctrl_c_while_ray_stops_is_dropped(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.fake_ray(monkeypatch)
        monkeypatch.setattr(sys.modules["ray"], "shutdown", lambda: os.kill(os.getpid(), signal.SIGINT))
        handler = signal.getsignal(signal.SIGINT)

        result = simulate("classic", ["random", "random"], matches=2, seed=1, options={"target": 1}, backend="ray")

        assert len(result.records) == 2
        assert signal.getsignal(signal.SIGINT) is handler


class TestRayCluster:
    """
    A real Ray cluster, as ``nox -s ray_cluster`` starts one (two nodes on the loopback): the results of one process.
    """

    def test_a_cluster_gives_the_results_of_one_process(self) -> None:
        address = os.environ.get("MAUMAU_RAY_ADDRESS")
        if address is None:
            pytest.skip("no Ray cluster given: nox -s ray_cluster starts one")
        needs("ray", "ray")
        options = {"target": 1}
        local = simulate("classic", ["heuristic", "random"], matches=40, seed=3, options=options)

        remote = simulate(
            "classic", ["heuristic", "random"], matches=40, seed=3, options=options, backend="ray", address=address
        )

        assert remote == local

    def test_the_cluster_is_two_nodes_on_the_loopback(self) -> None:
        address = os.environ.get("MAUMAU_RAY_ADDRESS")
        if address is None:
            pytest.skip("no Ray cluster given: nox -s ray_cluster starts one")
        needs("ray", "ray")
        import ray

        ray.init(address=address, log_to_driver=False)
        try:
            nodes = [node for node in ray.nodes() if node["Alive"]]
        finally:
            ray.shutdown()

        addresses = sorted(node["NodeManagerAddress"] for node in nodes)
        assert len(set(addresses)) == 2
        assert all(ipaddress.ip_address(address).is_loopback for address in addresses), addresses
