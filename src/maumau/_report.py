"""
How ``maumau simulate`` shows a `maumau.simulation.Simulation`: a progress bar, a table, JSON, a plot.

The progress bar and the coloured table come from rich, the plot from
matplotlib; both are optional extras (``maumau[progress]``,
``maumau[plot]``).  Without rich the table is plain text and the progress
is a plain line; without matplotlib ``--plot`` says which extra to install,
before any match is played (`check_outputs`).
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TextIO

from ._files import write_text_whole
from .exceptions import SimulationError
from .simulation import Simulation

__all__ = ["check_outputs", "progress_bar", "table_rows", "write_json", "write_plot", "write_table"]

#: Seconds between two redraws of the progress line on a terminal.
REDRAW = 0.25
#: Off a terminal, a whole progress line each time this share of the matches is done.
LINE_STEP = 0.1

_HEADERS = ("bot", "matches", "wins", "win rate", "95 % interval", "mean score", "mean placing")


def table_rows(simulation: Simulation) -> list[tuple[str, ...]]:
    """
    The results table as text cells, one row per bot spec.
    """
    return [
        (
            result.bot,
            f"{result.matches:,}",
            f"{result.wins:,.1f}".removesuffix(".0"),
            f"{result.win_rate:.1%}",
            f"{result.low:.1%} – {result.high:.1%}",
            f"{result.mean_score:.2f}",
            f"{result.mean_placing:.2f}",
        )
        for result in simulation.results
    ]


def _summary(simulation: Simulation) -> str:
    per_round = simulation.mean_actions / simulation.mean_rounds if simulation.mean_rounds else 0.0
    return (
        f"{len(simulation.records):,} matches of {simulation.plan.variant} in {simulation.seconds:.1f} s "
        f"({simulation.matches_per_second:,.1f} matches/s); "
        f"a match lasts {simulation.mean_rounds:.2f} rounds and {simulation.mean_actions:.1f} actions, "
        f"a round {per_round:.1f} actions"
    )


def write_table(simulation: Simulation, stdout: TextIO) -> None:
    """
    Print the results table and a line on match lengths and speed: with rich when it is installed.
    """
    rows = table_rows(simulation)
    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:
        widths = [max(len(cell) for cell in column) for column in zip(_HEADERS, *rows, strict=True)]
        for row in (_HEADERS, *rows):
            print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip(), file=stdout)
    else:
        table = Table(*_HEADERS)
        for row in rows:
            table.add_row(*row)
        Console(file=stdout, width=120).print(table)
    print(_summary(simulation), file=stdout)


def duration(seconds: float) -> str:
    """
    *seconds* for a person: ``"45 s"``, ``"2 min 05 s"``, ``"1 h 02 min"``.
    """
    whole = max(0, round(seconds))
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02d} s"
    return f"{whole // 3600} h {whole % 3600 // 60:02d} min"


class PlainProgress:
    """
    The progress of a run as plain text, for when rich is missing or the stream is no terminal.

    On a terminal one line, redrawn in place (``\\r``) at most every `REDRAW`
    seconds and once at the end, then cleared; elsewhere (a log, a pipe) a
    whole line each time another `LINE_STEP` of the matches is done.  A line
    reads ``matches 120/500 (24 %), 3.2 matches/s, about 2 min 05 s left``.
    """

    def __init__(
        self, total: int, stream: TextIO, *, terminal: bool, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.total = total
        self.stream = stream
        self.terminal = terminal
        self.clock = clock
        self.started = clock()
        self.done = 0
        self.drawn_at: float | None = None
        self.width = 0
        self.step = 0

    def line(self) -> str:
        """
        The progress now, in one line.
        """
        elapsed = self.clock() - self.started
        text = f"matches {self.done:,}/{self.total:,} ({100 * self.done // self.total} %)"
        if self.done and elapsed > 0:
            rate = self.done / elapsed
            text += f", {rate:,.1f} matches/s"
            if self.done < self.total:
                text += f", about {duration((self.total - self.done) / rate)} left"
        return text

    def advance(self, done: int) -> None:
        """
        Count *done* more matches, and show the progress if it is time to.
        """
        self.done += done
        if self.terminal:
            now = self.clock()
            if self.drawn_at is None or now - self.drawn_at >= REDRAW or self.done >= self.total:
                self.drawn_at = now
                text = self.line()
                self.stream.write("\r" + text.ljust(self.width))
                self.stream.flush()
                self.width = len(text)
            return
        step = int(self.done / self.total / LINE_STEP + 1e-9)
        if step > self.step:
            self.step = step
            print(self.line(), file=self.stream, flush=True)

    def close(self) -> None:
        """
        Clear the line on a terminal, so that what follows starts on a fresh one.
        """
        if self.terminal and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()


@contextlib.contextmanager
def progress_bar(total: int, stream: TextIO | None, *, terminal: bool = True) -> Iterator[Callable[[int], None]]:
    """
    A function to call with the matches just finished, which shows the progress on *stream*.

    A rich progress bar on a *terminal* where rich is installed, else a
    `PlainProgress` line; nothing without a *stream*.
    """
    if stream is None:
        yield lambda done: None
        return
    bar: Any = None
    if terminal:
        try:
            from rich.console import Console
            from rich.progress import Progress
        except ImportError:
            bar = None
        else:
            bar = Progress(console=Console(file=stream), transient=True)
    if bar is None:
        plain = PlainProgress(total, stream, terminal=terminal)
        try:
            yield plain.advance
        finally:
            plain.close()
        return
    with bar:
        task = bar.add_task("matches", total=total)
        yield lambda done: bar.advance(task, done)


def _check_target(path: Path, flag: str) -> None:
    where = path.parent
    if path.is_dir():
        raise SimulationError(f"cannot save {flag} to {path}: it is a directory")
    if not where.is_dir():
        raise SimulationError(f"cannot save {flag} to {path}: there is no directory {where}")
    if not os.access(where, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise SimulationError(f"cannot save {flag} to {path}: it is not writable")


def _check_matplotlib() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise SimulationError("--plot needs matplotlib: pip install 'maumau[plot]'") from None


def check_outputs(json_path: Path | None, plot_path: Path | None) -> None:
    """
    Check, before any match is played, that the results can be saved: each path's directory exists and is
    writable, and matplotlib is installed for a plot.

    Raises:
        SimulationError: what cannot be saved, and why.
    """
    if json_path is not None:
        _check_target(json_path, "--json")
    if plot_path is not None:
        _check_matplotlib()
        _check_target(plot_path, "--plot")


def write_json(simulation: Simulation, path: Path) -> None:
    """
    Save the results as JSON at *path*: the whole file or, if cut short, the file as it was.
    """
    write_text_whole(path, json.dumps(simulation.to_dict(), indent=2) + "\n")


def write_plot(simulation: Simulation, path: Path) -> None:
    """
    Save a bar chart of the win rates with their 95 % intervals at *path* (PNG, SVG, PDF: by its suffix).

    Raises:
        SimulationError: matplotlib is not installed.
    """
    _check_matplotlib()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    results = simulation.results
    rates = [result.win_rate for result in results]
    errors = [
        [rate - result.low for rate, result in zip(rates, results, strict=True)],
        [result.high - rate for rate, result in zip(rates, results, strict=True)],
    ]
    figure, axes = plt.subplots(figsize=(max(4.0, 1.4 * len(results) + 2), 4))
    axes.bar([result.bot for result in results], rates, yerr=errors, capsize=6, color="#4c78a8")
    fair = 1 / len(simulation.plan.bots)
    axes.axhline(fair, color="#888888", linestyle="--", linewidth=1, label=f"even share ({fair:.0%})")
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate (95 % interval)")
    axes.set_title(
        f"{simulation.plan.variant}, {len(simulation.plan.bots)} players, {len(simulation.records):,} matches"
    )
    axes.legend(loc="upper right")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
