"""
Development sessions: ``nox`` runs lint, tests, typecheck and docs; ``nox -s bench`` measures speed;
``nox -s soak`` searches long for rule bugs; ``nox -s mutants`` checks that the tests notice rule changes;
``nox -s strength`` measures the bots against each other; ``nox -s simulate_extras`` and ``nox -s ray`` test
``maumau simulate`` with its optional extras.
"""

from __future__ import annotations

import nox

nox.options.sessions = ["lint", "tests", "typecheck", "docs"]
nox.options.reuse_existing_virtualenvs = True
nox.options.error_on_external_run = True
nox.options.default_venv_backend = "venv"

PYTHON = "3"


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """
    The test suite, doctests in the package included.
    """
    session.install("-e", ".[tests]")
    session.run("pytest", *session.posargs)


@nox.session(python=PYTHON)
def lint(session: nox.Session) -> None:
    """
    ruff: lint and format check.
    """
    session.install("ruff>=0.6")
    session.run("ruff", "check", "src", "tests", "examples", "benchmarks", "noxfile.py", "docs/conf.py")
    session.run("ruff", "format", "--check", "src", "tests", "examples", "benchmarks", "noxfile.py", "docs/conf.py")


@nox.session(python=PYTHON)
def typecheck(session: nox.Session) -> None:
    """
    mypy --strict on the package, the examples and this file.
    """
    session.install("-e", ".[typecheck]")
    session.run("mypy", *session.posargs)


@nox.session(python=PYTHON)
def docs(session: nox.Session) -> None:
    """
    Sphinx with warnings as errors, then the doctests in the docs.
    """
    session.install("-e", ".[docs]")
    session.run("sphinx-build", "-n", "-W", "--keep-going", "-b", "html", "docs", "docs/_build/html")
    session.run("sphinx-build", "-n", "-W", "--keep-going", "-b", "doctest", "docs", "docs/_build/doctest")


@nox.session(python=PYTHON)
def bench(session: nox.Session) -> None:
    """
    Decisions and rounds per second and peak memory, random legal play, one core.

    ``nox -s bench -- --peers`` compares with RLCard's UNO and OpenSpiel's Crazy Eights instead; only then are
    those installed (RLCard's UNO game needs numpy).  ``nox -s bench -- --throughput`` measures the matches per
    second of ``maumau simulate`` instead, with one job and with all cores.
    """
    session.install("-e", ".")
    if "--throughput" in session.posargs:
        rest = [arg for arg in session.posargs if arg != "--throughput"]
        session.run("python", "benchmarks/throughput.py", *rest)
        return
    if "--peers" in session.posargs:
        session.install("rlcard", "open_spiel", "numpy")
    session.run("python", "benchmarks/bench.py", *session.posargs)


@nox.session(python=PYTHON)
def soak(session: nox.Session) -> None:
    """
    A long search for rule bugs, not run by default: thousands of checked random matches and damaged saves.

    ``nox -s soak -- --games 500`` plays more matches per variant and player count.
    """
    session.install("-e", ".[tests]")
    session.run("python", "tests/soak.py", *session.posargs)
    session.run("pytest", "tests/test_json.py", "-k", "Malformed", env={"HYPOTHESIS_PROFILE": "fuzz"})


@nox.session(python=PYTHON)
def mutants(session: nox.Session) -> None:
    """
    Mutation testing of the rule modules, not run by default: it runs the tests once per mutant, minutes per module.

    Every survivor must be killed by a new test or listed in ``tests/mutants-equivalent.txt`` with the reason.
    ``nox -s mutants -- --per-file 20 --jobs 2`` samples fewer mutants and runs two at a time;
    ``-- --module src/maumau/mechanics/x.py --only`` mutates one module.
    """
    session.install("-e", ".[tests]")
    session.run("python", "tests/mutants.py", *session.posargs)


@nox.session(python=PYTHON)
def strength(session: nox.Session) -> None:
    """
    The search bot against the heuristic bot in 2-player matches of every variant, with 95 % intervals.

    Not run by default: thousands of searched decisions, minutes of CPU.
    ``nox -s strength -- --matches 200 --jobs 2 --budget 1500`` sets the size of the run.
    """
    session.install("-e", ".")
    session.run("python", "benchmarks/strength.py", *session.posargs)


@nox.session(python=PYTHON)
def simulate_extras(session: nox.Session) -> None:
    """
    ``maumau simulate`` with its optional extras installed: the rich progress bar and table, the matplotlib plot.
    """
    session.install("-e", ".[tests,progress,plot]")
    session.run("pytest", "tests/test_simulation.py", *session.posargs, env={"MAUMAU_REQUIRE_EXTRAS": "plot,progress"})


@nox.session(python=PYTHON)
def ray(session: nox.Session) -> None:
    """
    The Ray backend of ``maumau simulate`` on a local Ray instance: the same results as the local backend.
    """
    session.install("-e", ".[tests,ray]")
    session.run(
        "pytest", "tests/test_simulation.py", "-k", "Ray", *session.posargs, env={"MAUMAU_REQUIRE_EXTRAS": "ray"}
    )
