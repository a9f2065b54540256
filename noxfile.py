"""
Development sessions: ``nox`` runs lint, tests, typecheck and docs; ``nox -s bench`` measures speed;
``nox -s soak`` searches long for rule bugs.
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
    """
    session.install("-e", ".")
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
