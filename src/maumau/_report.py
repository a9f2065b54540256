"""
How ``maumau simulate`` shows a `maumau.simulation.Simulation`: a progress bar, a table, JSON, a plot.

The progress bar and the coloured table come from rich, the plot from
matplotlib; both are optional extras (``maumau[progress]``,
``maumau[plot]``).  Without rich the table is plain text and there is no
bar; without matplotlib ``--plot`` says which extra to install.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TextIO

from .simulation import Simulation

__all__ = ["progress_bar", "table_rows", "write_json", "write_plot", "write_table"]

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


@contextlib.contextmanager
def progress_bar(total: int, stream: TextIO | None) -> Iterator[Callable[[int], None]]:
    """
    A function to call with the matches just finished, which advances a rich progress bar on *stream*.

    No bar without a *stream* or without rich.
    """
    bar: Any = None
    if stream is not None:
        try:
            from rich.console import Console
            from rich.progress import Progress
        except ImportError:
            bar = None
        else:
            bar = Progress(console=Console(file=stream), transient=True)
    if bar is None:
        yield lambda done: None
        return
    with bar:
        task = bar.add_task("matches", total=total)
        yield lambda done: bar.advance(task, done)


def write_json(simulation: Simulation, path: Path) -> None:
    """
    Save the results as JSON at *path*.
    """
    path.write_text(json.dumps(simulation.to_dict(), indent=2) + "\n", encoding="utf-8")


def write_plot(simulation: Simulation, path: Path) -> None:
    """
    Save a bar chart of the win rates with their 95 % intervals at *path* (PNG, SVG, PDF: by its suffix).

    Raises:
        ValueError: matplotlib is not installed.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ValueError("--plot needs matplotlib: pip install 'maumau[plot]'") from None
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
