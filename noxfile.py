"""
Development sessions: ``nox`` runs lint, tests, typecheck, docs, web (the web table), peers (the example
packages against OpenSpiel and RLCard), rl and openspiel (the game-AI adapters with their libraries) and package;
``nox -s bench`` measures speed; ``nox -s soak`` searches long for rule bugs; ``nox -s mutants`` checks that the
tests notice rule changes; ``nox -s browser`` plays the web table in Chromium and loads it with many tables;
``nox -s learn`` trains an agent; ``nox -s bench_rl`` compares its environment's speed with RLCard's and
PettingZoo's; ``nox -s strength`` measures the bots against each other; ``nox -s simulate_extras`` and
``nox -s ray`` test ``maumau simulate`` with its optional extras, and ``nox -s ray_cluster`` on a real Ray cluster of
two nodes on this machine.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import nox

#: The development dependencies, as pyproject.toml's [dependency-groups] lists them.
GROUPS: dict[str, list[str]] = tomllib.loads(Path("pyproject.toml").read_text("utf-8"))["dependency-groups"]

nox.options.sessions = ["lint", "tests", "typecheck", "docs", "web", "peers", "rl", "openspiel", "package"]
nox.options.reuse_existing_virtualenvs = True
nox.options.error_on_external_run = True
nox.options.default_venv_backend = "venv"

PYTHON = "3"


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """
    The test suite, doctests in the package included.
    """
    session.install("-e", ".", *GROUPS["tests"])
    session.run("pytest", *session.posargs)


@nox.session(python=PYTHON)
def lint(session: nox.Session) -> None:
    """
    ruff: lint and format check.
    """
    session.install(*GROUPS["lint"])
    session.run("ruff", "check", "src", "tests", "examples", "benchmarks", "noxfile.py", "docs/conf.py")
    session.run("ruff", "format", "--check", "src", "tests", "examples", "benchmarks", "noxfile.py", "docs/conf.py")


@nox.session(python=PYTHON)
def typecheck(session: nox.Session) -> None:
    """
    mypy --strict on the package, the examples and this file.
    """
    session.install("-e", ".[web,rl]", *GROUPS["typecheck"])
    session.run("mypy", *session.posargs)


@nox.session(python=PYTHON)
def docs(session: nox.Session) -> None:
    """
    Sphinx with warnings as errors, a check of the built signatures, then the doctests in the docs.

    The example packages are installed too, so that their pages show their options.
    """
    session.install("-e", ".[web]", "-r", "docs/requirements.txt", "-e", "examples/crazy-eights", "-e", "examples/uno")
    session.run("sphinx-build", "-n", "-W", "--keep-going", "-b", "html", "docs", "docs/_build/html")
    # attrs classes' defaults must read as values, not as the source of the __init__ attrs generated.
    leaked = sorted(
        str(page)
        for page in Path("docs/_build/html").rglob("*.html")
        if '"default_value"><span class="pre">attr_dict[' in page.read_text("utf-8")
    )
    if leaked:
        session.error(f"signatures show attr_dict[...].default instead of values in {', '.join(leaked)}")
    session.run("sphinx-build", "-n", "-W", "--keep-going", "-b", "doctest", "docs", "docs/_build/doctest")


@nox.session(python=PYTHON)
def bench(session: nox.Session) -> None:
    """
    Decisions and rounds per second and peak memory, random legal play, one core.

    ``nox -s bench -- --peers`` compares with RLCard's UNO and OpenSpiel's Crazy Eights instead, and plays the
    same games with the example packages in ``examples/``; only then are those installed (RLCard's UNO game needs
    numpy).  ``nox -s bench -- --throughput`` measures the matches per second of ``maumau simulate`` instead, with
    one job and with all cores; ``nox -s bench -- --several`` what a play of several cards costs next to the same
    cards played on separate turns; ``nox -s bench -- --profiles`` a game profile next to the same game's plugin,
    and what loading a profile costs; ``nox -s bench -- --overhead`` what ``maumau simulate`` costs per match of
    random bots next to the bare engine playing the same matches (CPU seconds, a ratio); ``nox -s bench --
    --adapters`` what the game-AI adapters (OpenSpiel, PettingZoo, Gymnasium) cost per step next to the bare
    engine, beside RLCard's UNO env and OpenSpiel's own Crazy Eights, what the environments cost with observations
    free, the least each could cost whatever it did (the engine, its observations, its library's loop with no
    game), and each adapter's steps per CPU second as a multiple of the two peers' (``--variant uno-rlcard`` and
    ``--variant crazy-eights-openspiel --players 5`` are their games; ``--check`` fails a missed goal);
    ``nox -s bench -- --versions`` every shipped game's decisions per CPU second against maumau 0.2.0, one child
    process per version taking turns, as a table of ratios (with ``--instructions``, machine instructions and Python
    calls per decision under callgrind instead, which a busy machine cannot move; ``--commit REV`` compares with any
    commit); ``nox -s bench -- --floor`` the least a decision of ``classic`` costs behind maumau's public face (the
    caller's loop, a new state, a hand, the pile, the events, the log: no rule worked out), beside the engine and
    OpenSpiel's Crazy Eights, and the same for a compact core (positions as tuples, a listing from a table, or all
    as integers).
    """
    if "--adapters" in session.posargs:
        session.install("-e", ".[rl,openspiel]", "rlcard")
        rest = [arg for arg in session.posargs if arg != "--adapters"]
        session.run("python", "benchmarks/rl_overhead.py", *rest)
        return
    session.install("-e", ".")
    if "--overhead" in session.posargs:
        rest = [arg for arg in session.posargs if arg != "--overhead"]
        session.run("python", "benchmarks/overhead.py", *rest)
        return
    if "--throughput" in session.posargs:
        rest = [arg for arg in session.posargs if arg != "--throughput"]
        session.run("python", "benchmarks/throughput.py", *rest)
        return
    if "--profiles" in session.posargs:  # with the example packages, which two profiles restate
        session.install("-e", "examples/crazy-eights", "-e", "examples/uno")
        rest = [arg for arg in session.posargs if arg != "--profiles"]
        session.run("python", "benchmarks/profiles.py", *rest)
        return
    if "--versions" in session.posargs:  # every shipped game against 0.2.0, a git worktree of it made for the run
        rest = [arg for arg in session.posargs if arg != "--versions"]
        session.run("python", "benchmarks/versions.py", *rest)
        return
    if "--floor" in session.posargs:  # what the public face costs per decision whatever the rules do, beside OpenSpiel
        session.install("open_spiel")
        rest = [arg for arg in session.posargs if arg != "--floor"]
        session.run("python", "benchmarks/floor.py", *rest)
        return
    if "--several" in session.posargs:
        rest = [arg for arg in session.posargs if arg != "--several"]
        session.run("python", "benchmarks/several_cards.py", *rest)
        return
    if "--peers" in session.posargs:
        session.install("rlcard", "open_spiel", "numpy", "-e", "examples/crazy-eights", "-e", "examples/uno")
    session.run("python", "benchmarks/bench.py", *session.posargs)


@nox.session(python=PYTHON)
def soak(session: nox.Session) -> None:
    """
    A long search for rule bugs, not run by default: thousands of checked random matches and damaged saves.

    ``nox -s soak -- --games 500`` plays more matches per variant and player count.
    """
    session.install("-e", ".", *GROUPS["tests"])
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
    session.install("-e", ".", *GROUPS["tests"])
    session.run("python", "tests/mutants.py", *session.posargs)


@nox.session(python=PYTHON)
def web(session: nox.Session) -> None:
    """
    The web table's tests (``maumau[web]``), through Starlette's test client: cheap, so run by default.
    """
    session.install("-e", ".[web]", *GROUPS["web-tests"])
    session.run(
        "pytest",
        "tests/test_web.py",
        "tests/test_web_security.py",
        "tests/test_web_store.py",
        "tests/test_front_kit.py",
        "tests/test_swap_hands.py",
        *session.posargs,
    )


@nox.session(python=PYTHON)
def browser(session: nox.Session) -> None:
    """
    Whole games in headless Chromium by clicking, then a bounded loopback load test and attacks from many loopback
    addresses (``benchmarks/web_attacks.py``); run by CI after the defaults.

    Installs Debian's ``chromium`` with apt-get when it is missing (as root); Playwright downloads no browser.
    Screenshots go to ``build/browser``.  ``nox -s browser -- --tables 80 --seconds 120`` loads harder.
    """
    import shutil

    if shutil.which("chromium") is None:
        quiet = {"DEBIAN_FRONTEND": "noninteractive"}
        session.run("apt-get", "update", "-qq", external=True, env=quiet)
        session.run("apt-get", "install", "-y", "-qq", "chromium", "chromium-driver", external=True, env=quiet)
    session.install("-e", ".[web]", "-e", "tests/swap_hands", *GROUPS["browser"])  # a third party's mechanic too
    session.run("python", "tests/browser.py", "--shots", "build/browser")
    session.run("python", "benchmarks/web_load.py", "--tables", "40", "--seconds", "360", *session.posargs)
    session.run("python", "benchmarks/web_attacks.py", "--seconds", "60")


@nox.session(python=PYTHON)
def peers(session: nox.Session) -> None:
    """
    The two example packages, OpenSpiel's Crazy Eights and RLCard's UNO: their own tests, move-by-move
    differential tests against OpenSpiel and RLCard, which are installed here (with numpy, which RLCard needs), and
    the profiles that restate the packages' games played against the packages.
    """
    examples = ["-e", "examples/crazy-eights", "-e", "examples/uno"]
    session.install("-e", ".", *GROUPS["tests"], *examples, "open_spiel", "rlcard", "numpy")
    session.run(
        "pytest",
        "examples/crazy-eights",
        "examples/uno",
        "tests/test_profile_differential.py",  # the packages' games as profiles, played against the packages
        *session.posargs,
        env={"MAUMAU_REQUIRE_EXTRAS": "1"},
    )


@nox.session(python=PYTHON)
def rl(session: nox.Session) -> None:
    """
    The tests of `maumau.rl` with its extras (numpy, PettingZoo, Gymnasium): they are skipped in ``tests``.

    ``MAUMAU_REQUIRE_EXTRAS`` makes a missing library fail the run rather than skip the tests.
    """
    session.install("-e", ".[rl]", *GROUPS["tests"])
    session.run(
        "pytest",
        "tests/test_rl_encoding.py",
        "tests/test_rl_envs.py",
        *session.posargs,
        env={"MAUMAU_REQUIRE_EXTRAS": "1"},
    )


@nox.session(python=PYTHON)
def openspiel(session: nox.Session) -> None:
    """
    The OpenSpiel games: OpenSpiel's random simulation test, IS-MCTS, then short IS-MCTS matches against bots.

    ``nox -s openspiel -- --versus ismcts`` is the benchmark (100 games against the search bot, about two CPU
    minutes); ``nox -s openspiel -- --games 20 --level search`` plays a longer match (arguments go to the match
    script).  Without arguments, a short match and a short benchmark, its budget calibrated on one-game pilots.
    """
    session.install("-e", ".[openspiel]", *GROUPS["tests"])
    session.run("pytest", "tests/test_rl_openspiel.py", env={"MAUMAU_REQUIRE_EXTRAS": "1"})
    match = "examples/rl/openspiel_match.py"
    if session.posargs:
        session.run("python", match, *session.posargs)
        return
    session.run("python", match, "--games", "2", "--simulations", "30")
    session.run("python", match, "--versus", "ismcts", "--games", "2", "--pilot", "1")


@nox.session(python=PYTHON)
def learn(session: nox.Session) -> None:
    """
    The learning example: OpenSpiel's tabular Q-learner against HeuristicBot, a few CPU minutes, and its curve.

    ``nox -s learn -- --episodes 2000`` trains less; the curve is drawn to ``learning-curve.png``.
    """
    session.install("-e", ".[openspiel]", "matplotlib")
    session.run("python", "examples/rl/learn_qlearning.py", *session.posargs)


@nox.session(python=PYTHON)
def bench_rl(session: nox.Session) -> None:
    """
    Environment steps per CPU second: maumau's PettingZoo environment, RLCard's UNO and PettingZoo's Connect Four.

    What each adapter costs per step beside the bare engine is ``nox -s bench -- --adapters``.
    """
    session.install("-e", ".[rl]", "rlcard", "pygame")
    session.run("python", "benchmarks/rl_speed.py", *session.posargs)


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
    session.install("-e", ".[progress,plot]", *GROUPS["tests"])
    session.run("pytest", "tests/test_simulation.py", *session.posargs, env={"MAUMAU_REQUIRE_EXTRAS": "plot,progress"})


@nox.session(python=PYTHON)
def ray(session: nox.Session) -> None:
    """
    The Ray backend of ``maumau simulate`` on a local Ray instance: the same results as the local backend.
    """
    session.install("-e", ".[ray]", *GROUPS["tests"])
    session.run(
        "pytest", "tests/test_simulation.py", "-k", "Ray", *session.posargs, env={"MAUMAU_REQUIRE_EXTRAS": "ray"}
    )


@nox.session(python=PYTHON)
def ray_cluster(session: nox.Session) -> None:
    """
    ``maumau simulate --address`` against a real Ray cluster of two nodes started on this machine: a head node,
    then a worker node joining it, both on loopback addresses so that no traffic leaves the loopback; the results
    must be those of one process.  Then the scaling table (``benchmarks/scaling.py``) on that cluster.
    """
    import socket

    session.install("-e", ".[ray]", *GROUPS["tests"])
    # Both nodes on the loopback, so that no traffic leaves it: Ray turns 127.0.0.1 into the machine's outward
    # address ("remotely reachable"), but keeps the other loopback addresses, so the head is 127.0.0.2 and the
    # worker 127.0.0.3 (the tests check the nodes' addresses).
    head, worker = "127.0.0.2", "127.0.0.3"
    quiet = ["--disable-usage-stats"]
    # Ray 2.5x asks its nodes and drivers for a token: one is made for this machine, and every command uses it.
    session.env["RAY_AUTH_MODE"] = "token"
    session.run("ray", "get-auth-token", "--generate", silent=True)
    for attempt in range(3):  # a port found free may be taken before Ray binds it: then another one
        with socket.socket() as probe:
            probe.bind((head, 0))
            port = probe.getsockname()[1]
        try:
            session.run(
                "ray", "start", "--head", "--port", str(port), "--num-cpus", "1", "--include-dashboard=false",
                "--node-ip-address", head, *quiet,
            )  # fmt: skip
            break
        except nox.command.CommandFailed:
            session.run("ray", "stop", "--force")
            if attempt == 2:
                raise
    address = f"{head}:{port}"
    try:
        session.run("ray", "start", "--address", address, "--num-cpus", "1", "--node-ip-address", worker, *quiet)
        session.run(
            "pytest",
            "tests/test_simulation.py",
            "-k",
            "RayCluster",
            env={"MAUMAU_REQUIRE_EXTRAS": "ray", "MAUMAU_RAY_ADDRESS": address},
        )
        session.run("python", "benchmarks/scaling.py", "--address", address, *session.posargs)
    finally:
        session.run("ray", "stop", "--force")


@nox.session(python=PYTHON)
def package(session: nox.Session) -> None:
    """
    The release as users get it: build the sdist and the wheel, check them, install the wheel in a fresh
    environment and play from it.
    """
    import shutil
    import tempfile

    session.install("build", "twine", "check-wheel-contents")
    dist = Path(tempfile.mkdtemp(prefix="maumau-dist-"))
    session.run("python", "-m", "build", "--outdir", str(dist), silent=True)
    files = sorted(str(path) for path in dist.iterdir())
    session.run("twine", "check", "--strict", *files)
    wheel = next(path for path in files if path.endswith(".whl"))
    # W009: the two top-level packages are the design's (the kernel and the variants that ship with it).
    session.run("check-wheel-contents", "--ignore", "W009", wheel)
    fresh = dist / "venv"
    session.run("python", "-m", "venv", str(fresh))
    python = str(fresh / "bin" / "python")
    session.run(python, "-m", "pip", "install", "--quiet", wheel, external=True)
    smoke = (
        "import maumau, subprocess, sys\n"
        "state = maumau.new_game('Classic', players=3, seed=1)\n"
        "assert state.variant == 'classic' and maumau.legal_actions(state)\n"
        "assert {'classic', 'switch', 'uno-mattel'} <= set(maumau.variants())\n"
        "done = subprocess.run([sys.executable, '-m', 'maumau', 'play', '--seed', '1'], input='q\\n', text=True,"
        " capture_output=True, check=True)\n"
        "assert 'You left the game.' in done.stdout, done.stdout\n"
        "print('the wheel plays:', maumau.__version__)\n"
    )
    session.run(python, "-c", smoke, external=True)
    shutil.rmtree(dist, ignore_errors=True)
