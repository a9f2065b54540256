"""
A small mutation tester for the rule modules: does the test suite notice when a rule changes?

Every rule of a variant is a few comparisons, constants and branches.  This
tool changes one of them at a time (a *mutant*: ``<`` made ``<=``, ``and``
made ``or``, 17 made 18, ...), runs the tests that should guard that module
against the changed copy, and reports each mutant the tests let through (a
*survivor*).  A survivor is either a rule no test pins down, which wants a
test, or an *equivalent* mutant that changes nothing observable, which goes
into ``tests/mutants-equivalent.txt`` with the reason.

It is self-contained (``ast`` and ``subprocess`` only) rather than a
third-party mutation library so that it runs wherever the tests run, picks
only the operators that matter for rule code, and keeps its equivalence
list readable and robust to line shifts.

Usage (``nox -s mutants -- ARGS`` runs the same in a fresh environment)::

    nice -n 19 python tests/mutants.py --per-file 20 --jobs 1
    python tests/mutants.py --module src/maumau_variants/penalty52.py --per-file 0 --list
    python tests/mutants.py --module src/maumau/mechanics/stacking.py --only --tests tests/variants
    git archive HEAD src | tar -x -C /tmp/head && python tests/mutants.py --src /tmp/head/src  # a commit's code

How a mutant runs: the whole ``src`` tree is copied to a temporary
directory, the mutated module is written there, and pytest runs with
``PYTHONPATH`` pointing at that copy.  ``PYTHONPATH`` comes before the
editable install's ``.pth`` entry on ``sys.path``, so the copy's modules
win (and the entry points, which name modules rather than files, load the
copy too).  Before the mutants of a module run, a self-check proves this:
the unmutated copy must pass, its module must import from the copy, and a
deliberately broken copy must be killed.

The exit status is 0 when every survivor is listed as equivalent, 1 when
some survivor is not, and 2 when the set-up is wrong (a failing baseline,
a self-check that does not kill the broken copy, a bad argument).
"""

from __future__ import annotations

import argparse
import ast
import copy
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The source tree copied for every mutant; ``--src`` names another (say a ``git archive`` of a commit),
#: for when the working tree is mid-edit.
SRC = ROOT / "src"
EQUIVALENT_FILE = ROOT / "tests" / "mutants-equivalent.txt"

#: Tests every mutant runs besides the module's own: whole recorded games, the conformance kit, and the encoding
#: of each variant's actions and views for game-AI libraries (a variant's own hooks, tested for all variants at once).
SHARED_TESTS = ("tests/test_golden_games.py", "tests/test_conformance.py", "tests/test_rl_encoding.py")

#: Tests a mechanic module runs first, besides every variant's and the shared ones: the engine's and the plugin
#: manager's tests exercise the mechanics' generic behaviour, and take seconds, so they kill many mutants fast.
MECHANIC_TESTS = ("tests/test_engine.py", "tests/test_plugins.py", "tests/test_kernel.py")

#: The per-mutant timeout, unless ``--timeout`` sets one: this many times the unmutated baseline's run, and at
#: least `MIN_TIMEOUT` seconds.  A survivor runs the whole selection, so a fixed timeout near the baseline's
#: duration would report slow survivors as timeouts when two jobs share the machine.
TIMEOUT_FACTOR = 3.0
MIN_TIMEOUT = 60.0
#: The per-mutant timeout when no baseline ran (``--no-self-check``) and ``--timeout`` sets none; also the
#: baseline's own limit.
FALLBACK_TIMEOUT = 600.0

#: A variant module's own test file, where its name does not follow ``test_<stem>.py``.
OWN_TESTS = {
    "counter_clockwise": "tests/variants/test_ccw_house.py",
}

#: Each comparison operator and what it may become: the boundary shifted, and the comparison negated.
COMPARISONS: dict[type[ast.cmpop], tuple[type[ast.cmpop], ...]] = {
    ast.Lt: (ast.LtE, ast.GtE),
    ast.LtE: (ast.Lt, ast.Gt),
    ast.Gt: (ast.GtE, ast.LtE),
    ast.GtE: (ast.Gt, ast.Lt),
    ast.Eq: (ast.NotEq,),
    ast.NotEq: (ast.Eq,),
    ast.In: (ast.NotIn,),
    ast.NotIn: (ast.In,),
    ast.Is: (ast.IsNot,),
    ast.IsNot: (ast.Is,),
}

#: Arithmetic swaps: the sign of a step is the commonest slip in rule code.
ARITHMETIC: dict[type[ast.operator], type[ast.operator]] = {ast.Add: ast.Sub, ast.Sub: ast.Add}

#: Pytest exit codes that mean the tests ran and one failed (1) or collection broke (2: a mutant that does not
#: import is killed too); anything else (usage error, no tests) is a broken set-up, not a verdict.
KILLED_CODES = (1, 2)


# --- finding mutants --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mutant:
    """
    One change to one module: where it is, what it does, and how to make it.

    *index* is the position of the changed node in a fixed walk of the
    module's tree, so the same mutant can be rebuilt from a fresh parse.
    *scope* is the enclosing ``class.function`` and *before*/*after* the
    changed code as text: together with the file they identify the mutant
    in the equivalence list without the line number, which the lead's
    refactorings will shift.
    """

    src: Path
    path: Path
    line: int
    index: int
    kind: str
    scope: str
    before: str
    after: str

    @property
    def relpath(self) -> str:
        """
        The module's path as in the repository (``src/...``), whichever tree it was read from: reports and the
        equivalence list use it.
        """
        return (Path("src") / self.path.relative_to(self.src)).as_posix()

    @property
    def description(self) -> str:
        """
        The mutation in words, without the line: ``in maumau_dealer: compare: state.dealer < 0 -> ...``.
        """
        return f"in {self.scope}: {self.kind}: {self.before} -> {self.after}"

    def __str__(self) -> str:
        return f"{self.relpath}:{self.line}: {self.description}"


#: A mutation of one node: it changes the node in place (in a copy of the tree) and says what it did.
Change = Callable[[ast.AST], None]


def _is_docstring(node: ast.AST, parent: ast.AST | None) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
        and isinstance(parent, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
    )


def _candidates(node: ast.AST) -> Iterator[tuple[str, Change]]:
    """
    The mutations of *node* itself (not of its children), each as a kind and an in-place change.
    """
    if isinstance(node, ast.Compare):
        for position, op in enumerate(node.ops):
            for replacement in COMPARISONS.get(type(op), ()):
                yield "compare", _set_op(position, replacement)
    elif isinstance(node, ast.BoolOp):
        other: type[ast.boolop] = ast.Or if isinstance(node.op, ast.And) else ast.And
        yield "boolean", _set_attr("op", other)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield "negation", _drop_not
    elif isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in ARITHMETIC:
        yield "arithmetic", _set_attr("op", ARITHMETIC[type(node.op)])
    elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
        yield "boolean constant", _set_attr("value", not node.value)
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        yield "number", _set_attr("value", node.value + 1)
        yield "number", _set_attr("value", node.value - 1)
    elif isinstance(node, ast.Return) and node.value is not None:
        if not (isinstance(node.value, ast.Constant) and node.value.value is None):
            yield "return None", _set_attr("value", ast.Constant(None))
    elif isinstance(node, ast.Slice):
        if node.lower is not None:
            yield "slice", _set_attr("lower", None)
        if node.upper is not None:
            yield "slice", _set_attr("upper", None)


def _set_attr(name: str, value: object) -> Change:
    def change(node: ast.AST) -> None:
        setattr(node, name, value() if isinstance(value, type) else value)

    return change


def _set_op(position: int, replacement: type[ast.cmpop]) -> Change:
    def change(node: ast.AST) -> None:
        assert isinstance(node, ast.Compare)
        node.ops[position] = replacement()

    return change


def _drop_not(node: ast.AST) -> None:
    # The parent holds the UnaryOp; turning it into an identity keeps the tree shape: ``not x`` -> ``(x)``.
    assert isinstance(node, ast.UnaryOp)
    node.op = ast.UAdd()
    node.__dict__["_mutants_identity"] = True


class _Walk:
    """
    A fixed, repeatable walk over a module's tree that numbers every mutation it finds.

    Skipped on purpose: docstrings; annotations (not evaluated under
    ``from __future__ import annotations``); ``assert`` statements (type
    narrowing, not rules: a changed assert only crashes); f-strings (message
    and display text, which the rules do not read).
    """

    def __init__(self, tree: ast.Module) -> None:
        #: Per mutation: the node it changes, the node whose code describes it, its kind, the change, the scope.
        self.found: list[tuple[ast.AST, ast.AST, str, Change, str]] = []
        self._visit(tree, None, None, ())

    def _visit(self, node: ast.AST, parent: ast.AST | None, outer: ast.expr | None, scope: tuple[str, ...]) -> None:
        """
        Collect the mutations of *node* and its children; *outer* is the innermost expression around *node*.
        """
        if _is_docstring(node, parent) or isinstance(node, (ast.Assert, ast.JoinedStr)):
            return
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            scope = (*scope, node.name)
        # A bare number or slice says little ("0 -> 1"): it is described by the expression around it.
        context = outer if isinstance(node, (ast.Constant, ast.Slice)) and outer is not None else node
        for kind, change in _candidates(node):
            self.found.append((node, context, kind, change, ".".join(scope) or "<module>"))
        for name, value in ast.iter_fields(node):
            if name in {"annotation", "returns"}:
                continue
            for child in value if isinstance(value, list) else [value]:
                if isinstance(child, ast.AST):
                    self._visit(child, node, node if isinstance(node, ast.expr) else outer, scope)


class _Identity(ast.NodeTransformer):
    """
    Unwraps the ``+x`` placeholder `_drop_not` leaves, so the mutant reads ``x`` and not ``+x``.
    """

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        self.generic_visit(node)
        return node.operand if node.__dict__.get("_mutants_identity") else node


def _snippet(node: ast.AST) -> str:
    """
    The code of *node* on one line, for descriptions; long code is shortened in the middle.
    """
    if isinstance(node, ast.Return):
        text = f"return {ast.unparse(node.value)}" if node.value is not None else "return"
    elif isinstance(node, ast.Slice):
        text = f"[{ast.unparse(_Identity().visit(copy.deepcopy(node)))}]"
    else:
        text = ast.unparse(_Identity().visit(copy.deepcopy(node)))
    return " ".join(text.split())


def _trim(before: str, after: str, width: int = 90) -> tuple[str, str]:
    """
    *before* and *after* cut to a window around their first difference when they are long, so the change shows.
    """
    if max(len(before), len(after)) <= width:
        return before, after
    start = next(
        (i for i, (a, b) in enumerate(zip(before, after, strict=False)) if a != b), min(len(before), len(after))
    )
    left = max(0, start - width // 2)

    def cut(text: str) -> str:
        piece = text[left : left + width]
        return ("..." if left else "") + piece + ("..." if left + width < len(text) else "")

    return cut(before), cut(after)


def find_mutants(src: Path, path: Path) -> list[Mutant]:
    """
    Every mutant of the module at *path* (in the tree *src*), in source order.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    mutants: list[Mutant] = []
    for index, (node, context, kind, change, scope) in enumerate(_Walk(tree).found):
        before = _snippet(context)
        saved = {name: list(value) if isinstance(value, list) else value for name, value in vars(node).items()}
        change(node)
        after = _snippet(context)
        vars(node).clear()
        vars(node).update(saved)  # undone, so the next mutation starts from the original tree
        before, after = _trim(before, after)
        mutants.append(Mutant(src, path, getattr(node, "lineno", 0), index, kind, scope, before, after))
    return mutants


def mutated_source(mutant: Mutant) -> str:
    """
    The source of *mutant*'s module with the mutation made (re-parsed, so the original tree is never touched).
    """
    tree = ast.parse(mutant.path.read_text(encoding="utf-8"), filename=str(mutant.path))
    node, _, _, change, _ = _Walk(tree).found[mutant.index]
    change(node)
    tree = _Identity().visit(tree)
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


# --- the equivalence list -----------------------------------------------------------------------------------------


def normalized(description: str) -> str:
    """
    *description* with runs of whitespace made one space: the key a listed survivor is matched on (with its file).
    """
    return " ".join(description.split())


@dataclass
class Equivalents:
    """
    The known equivalent survivors of ``tests/mutants-equivalent.txt``: ``file:line: description  # reason``.

    A survivor matches an entry by file and description; the line is only a
    reading aid, since it shifts whenever code above it changes.  Blank
    lines and lines starting with ``#`` are comments.
    """

    reasons: dict[tuple[str, str], str] = field(default_factory=dict)

    @classmethod
    def read(cls, path: Path) -> Equivalents:
        """
        The entries of *path* (none if it does not exist); a malformed line is an error, not ignored.
        """
        equivalents = cls()
        if not path.exists():
            return equivalents
        pattern = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+): (?P<description>.+?)(?:\s+#\s(?P<reason>.*))?$")
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            text = raw.strip()
            if not text or text.startswith("#"):
                continue
            match = pattern.match(text)
            if match is None or not match["reason"]:
                raise SystemExit(f"{path}:{number}: expected 'file:line: description  # reason', got {raw!r}")
            equivalents.reasons[(match["file"], normalized(match["description"]))] = match["reason"].strip()
        return equivalents

    def reason(self, mutant: Mutant) -> str | None:
        """
        Why *mutant* is equivalent, if it is listed.
        """
        return self.reasons.get((mutant.relpath, normalized(mutant.description)))


# --- running mutants ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """
    What the tests said about one mutant: ``killed``, ``survived`` or ``timeout``, and how long it took.
    """

    mutant: Mutant | None
    verdict: str
    seconds: float
    output: str = ""


def default_modules(src: Path) -> list[Path]:
    """
    The variant modules, and the mechanic modules once ``src/maumau/mechanics`` exists: the code that holds rules.
    """
    modules = sorted(p for p in (src / "maumau_variants").glob("*.py") if p.name != "__init__.py")
    mechanics = src / "maumau" / "mechanics"
    if mechanics.is_dir():
        modules += sorted(p for p in mechanics.glob("*.py") if p.name != "__init__.py")
    return modules


def tests_for(module: Path) -> list[str]:
    """
    The tests that guard *module*: its own test file if it has one (else every variant's), plus the shared tests.

    A mechanic module is shared by several variants, so all variant tests run for it, after the engine's and the
    plugins' tests (cheap, and the ones that test the mechanics' generic behaviour).
    """
    own = OWN_TESTS.get(module.stem, f"tests/variants/test_{module.stem}.py")
    if module.parent.name == "maumau_variants" and (ROOT / own).exists():
        return [own, *SHARED_TESTS]
    # The variants that use the mechanic (name its class) run first: pytest -x then stops sooner on a kill.
    mechanic = "".join(part.title() for part in module.stem.split("_"))
    users = [
        test
        for variant in sorted((module.parents[1].parent / "maumau_variants").glob("*.py"))
        if re.search(rf"\b{mechanic}\b", variant.read_text(encoding="utf-8"))
        and (ROOT / (test := OWN_TESTS.get(variant.stem, f"tests/variants/test_{variant.stem}.py"))).exists()
    ]
    return [*MECHANIC_TESTS, *users, "tests/variants", *SHARED_TESTS]


def run_pytest(src: Path, tests: Sequence[str], timeout: float) -> tuple[int | None, str]:
    """
    Pytest's exit code (None on timeout) and the tail of its output, running *tests* against the *src* copy.

    Runs in a session of its own so that a timeout ends pytest and anything it started, and nothing else.
    """
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(src), *filter(None, [env.get("PYTHONPATH")])])
    env["HYPOTHESIS_PROFILE"] = "ci"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    with subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    ) as process:
        try:
            output, _ = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            return None, ""
    return process.returncode, "\n".join(output.splitlines()[-15:])


class Sandbox:
    """
    A temporary copy of the tree *src* in which each module of *sources* has its source: the tree a mutant's
    tests import.
    """

    def __init__(self, src: Path, sources: dict[Path, str]) -> None:
        self._dir = Path(tempfile.mkdtemp(prefix="maumau-mutant-"))
        self.src = self._dir / "src"
        shutil.copytree(src, self.src, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        for module, source in sources.items():
            (self.src / module.relative_to(src)).write_text(source, encoding="utf-8")

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *_: object) -> None:
        shutil.rmtree(self._dir, ignore_errors=True)


def run_mutant(mutant: Mutant, tests: Sequence[str], timeout: float) -> Outcome:
    """
    Run *tests* against a copy of ``src`` holding *mutant*; a timeout counts as killed (the mutant hangs the game).
    """
    start = time.monotonic()
    with Sandbox(mutant.src, {mutant.path: mutated_source(mutant)}) as sandbox:
        code, output = run_pytest(sandbox.src, tests, timeout)
    seconds = time.monotonic() - start
    if code is None:
        return Outcome(mutant, "timeout", seconds)
    if code in KILLED_CODES:
        return Outcome(mutant, "killed", seconds)
    if code == 0:
        return Outcome(mutant, "survived", seconds)
    return Outcome(mutant, "error", seconds, output)


def baseline(src: Path, modules: Sequence[Path], tests: Sequence[str], timeout: float) -> tuple[str | None, float]:
    """
    What is wrong with the unmutated code (None if nothing), and how long its tests took.

    Every module in *modules* is written as the mutants are, through ``ast.unparse`` (a round trip that changed
    behaviour would fail here rather than make every mutant look killed), and *tests* (the union of all the
    modules' tests) must pass: else every mutant would look killed.  One run for all modules, since the
    modules' test selections overlap.
    """
    sources = {module: ast.unparse(ast.parse(module.read_text(encoding="utf-8"))) + "\n" for module in modules}
    start = time.monotonic()
    with Sandbox(src, sources) as sandbox:
        code, output = run_pytest(sandbox.src, tests, timeout)
    seconds = time.monotonic() - start
    if code != 0:
        return f"the unmutated code fails {' '.join(tests)} (exit {code}):\n{output}", seconds
    return None, seconds


def self_check(src: Path, module: Path, tests: Sequence[str], timeout: float) -> str | None:
    """
    What is wrong with mutating *module* (None if nothing): besides a passing `baseline`, a mutant verdict is
    only worth something if

    - the copy's module is the one imported (else every mutant would look like a survivor),
    - a deliberately broken copy fails *tests* (the same, end to end through pytest and the entry points).
    """
    source = module.read_text(encoding="utf-8")
    with Sandbox(src, {}) as sandbox:
        name = ".".join(module.relative_to(src).with_suffix("").parts)
        probe = f"import importlib, sys; print(importlib.import_module({name!r}).__file__)"
        env = {**os.environ, "PYTHONPATH": str(sandbox.src)}
        found = subprocess.run(
            [sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, check=False
        )
        imported = found.stdout.strip()
        if not imported.startswith(str(sandbox.src)):
            return f"{name} imports from {imported or found.stderr.strip()!r}, not from the copy {sandbox.src}"
    broken = f"{source}\nraise RuntimeError('mutants.py self-check: this copy of {module.name} is broken')\n"
    with Sandbox(src, {module: broken}) as sandbox:
        code, _ = run_pytest(sandbox.src, tests, timeout)
        if code not in KILLED_CODES:
            return f"a deliberately broken {module.name} was not killed (pytest exit {code}): the copy is not tested"
    return None


# --- the command line -----------------------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].strip() if __doc__ else None)
    parser.add_argument(
        "--module",
        action="append",
        default=[],
        type=Path,
        help="a module to mutate besides the default set (repeatable)",
    )
    parser.add_argument(
        "--only", action="store_true", help="mutate only the --module files, not the default set as well"
    )
    parser.add_argument("--per-file", type=int, default=80, help="mutants sampled per module; 0: all (default 80)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the sample (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="mutants run at once (default 1)")
    parser.add_argument(
        "--timeout",
        type=float,
        help=f"seconds per mutant; a timeout kills it (default: {TIMEOUT_FACTOR:g} times the baseline's run, "
        f"at least {MIN_TIMEOUT:g})",
    )
    parser.add_argument("--tests", nargs="+", help="the tests to run instead of each module's own and the shared ones")
    parser.add_argument("--equivalent", type=Path, default=EQUIVALENT_FILE, help="the list of known equivalents")
    parser.add_argument("--src", type=Path, default=SRC, help="the source tree to mutate and copy (default: src)")
    parser.add_argument("--list", action="store_true", help="only list the sampled mutants, run nothing")
    parser.add_argument("--no-self-check", action="store_true", help="skip the baseline and broken-copy checks")
    return parser.parse_args(argv)


def sample(mutants: Sequence[Mutant], count: int, seed: int, path: Path) -> list[Mutant]:
    """
    *count* of *mutants* (all for 0), the same for the same seed and module, in source order.

    Seeded per module, so adding a module leaves the other modules' samples as they were.
    """
    if count <= 0 or count >= len(mutants):
        return list(mutants)
    chosen = random.Random(f"{seed}/{path.name}").sample(range(len(mutants)), count)
    return [mutants[i] for i in sorted(chosen)]


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    src: Path = args.src.resolve()
    modules = [] if args.only else default_modules(src)
    for extra in args.module:
        # "src/maumau/x.py" names the module in whichever tree --src chose.
        parts = extra.parts[1:] if not extra.is_absolute() and extra.parts[:1] == ("src",) else extra.parts
        module = (src / Path(*parts)).resolve() if not extra.is_absolute() else extra.resolve()
        if not module.is_file() or src not in module.parents:
            print(f"--module {extra}: not a file under {src}", file=sys.stderr)
            return 2
        if module not in modules:
            modules.append(module)
    equivalents = Equivalents.read(args.equivalent)

    plan: list[tuple[Mutant, list[str]]] = []
    selections: dict[Path, list[str]] = {}
    for module in modules:
        tests = list(args.tests) if args.tests else tests_for(module)
        everything = find_mutants(src, module)
        chosen = sample(everything, args.per_file, args.seed, module)
        shown = (Path("src") / module.relative_to(src)).as_posix()
        print(f"{shown}: {len(chosen)} of {len(everything)} mutants; tests: {' '.join(tests)}")
        if args.list:
            for mutant in chosen:
                print(f"  {mutant}")
            continue
        plan += [(mutant, tests) for mutant in chosen]
        selections[module] = tests
    if args.list:
        return 0

    timeout: float = args.timeout or FALLBACK_TIMEOUT
    if not args.no_self_check and selections:
        union = list(dict.fromkeys(test for tests in selections.values() for test in tests))
        problem, seconds = baseline(src, list(selections), union, args.timeout or FALLBACK_TIMEOUT)
        if problem:
            print(f"self-check failed: {problem}", file=sys.stderr)
            return 2
        if args.timeout is None:
            timeout = max(MIN_TIMEOUT, TIMEOUT_FACTOR * seconds)
        print(f"baseline passed in {seconds:.0f}s; timeout per mutant {timeout:.0f}s", flush=True)
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            checks = {
                module: pool.submit(self_check, src, module, tests, timeout) for module, tests in selections.items()
            }
            for module, check in checks.items():
                if problem := check.result():
                    print(f"self-check failed for {Path('src') / module.relative_to(src)}: {problem}", file=sys.stderr)
                    return 2

    outcomes: list[Outcome] = []
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(run_mutant, mutant, tests, timeout) for mutant, tests in plan]
        for number, future in enumerate(futures, 1):
            outcome = future.result()
            outcomes.append(outcome)
            print(f"[{number}/{len(plan)}] {outcome.verdict:<8} {outcome.seconds:5.1f}s {outcome.mutant}", flush=True)
            if outcome.verdict == "error":
                print(outcome.output, file=sys.stderr)
    return report(outcomes, equivalents)


def report(outcomes: Sequence[Outcome], equivalents: Equivalents) -> int:
    """
    Print the survivors and the counts; 1 if a survivor is not listed as equivalent (or a run broke), else 0.
    """
    counts = {verdict: sum(o.verdict == verdict for o in outcomes) for verdict in ("killed", "survived", "timeout")}
    errors = [o for o in outcomes if o.verdict == "error"]
    unexplained = 0
    survivors = [o.mutant for o in outcomes if o.verdict == "survived" and o.mutant is not None]
    modules = dict.fromkeys(o.mutant.relpath for o in outcomes if o.mutant is not None)
    if len(modules) > 1:
        print()
    for module in modules:
        mine = [o.verdict for o in outcomes if o.mutant is not None and o.mutant.relpath == module]
        print(
            f"{module}: {len(mine)} mutants: {mine.count('killed')} killed, {mine.count('survived')} survived, "
            f"{mine.count('timeout')} timed out" + (f", {mine.count('error')} errors" if "error" in mine else "")
        )
    if survivors:
        print("\nsurvivors:")
    for mutant in survivors:
        reason = equivalents.reason(mutant)
        if reason is None:
            unexplained += 1
            print(f"{mutant}")
        else:
            print(f"{mutant}  [equivalent (known): {reason}]")
    print(
        f"\n{len(outcomes)} mutants: {counts['killed']} killed, {counts['survived']} survived "
        f"({counts['survived'] - unexplained} equivalent (known), {unexplained} not), {counts['timeout']} timed out"
        + (f", {len(errors)} errors" if errors else "")
    )
    return 1 if unexplained or errors else 0


if __name__ == "__main__":
    sys.exit(main())
