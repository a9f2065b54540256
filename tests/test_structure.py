"""
Tests for the library's structure: the import graph of ``src/maumau``, the hook contract at its bottom, and the
size of the kernel's functions.

The graph is read from the source with `ast`, so it holds whatever was
imported before the test ran: every ``import`` that runs when a module is
imported or when one of its functions is called is an edge; imports under
``if TYPE_CHECKING:`` are annotations only, and none.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from radon.complexity import cc_visit

import maumau
from maumau import defaults, hookspecs
from maumau.defaults import KERNEL_NAME

SOURCE = Path(maumau.__file__).resolve().parent
ROOT = SOURCE.parent

#: The modules of maumau that need an optional extra (their own imports name it), imported where they are used.
OPTIONAL_MODULES = {
    "maumau.web": "web (starlette)",
    "maumau.rl._pettingzoo": "rl (pettingzoo)",
    "maumau.rl._gymnasium": "rl (gymnasium)",
    "maumau.rl._openspiel": "openspiel",
}


def _modules() -> dict[str, tuple[Path, bool]]:
    """
    Every module of ``maumau`` by dotted name: its file, and whether it is a package.
    """
    found = {}
    for path in SOURCE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if package else parts)] = (path, package)
    return found


MODULES = _modules()


def _targets(module: str, package: bool, node: ast.Import | ast.ImportFrom) -> list[str]:
    """
    The modules *node*, in *module*, imports: a submodule where it names one, else the module it names.
    """
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = module.split(".") if package else module.split(".")[:-1]
    if node.level:
        base = base[: len(base) - node.level + 1]
        target = ".".join([*base, node.module] if node.module else base)
    else:
        target = node.module or ""
    submodules = [f"{target}.{alias.name}" for alias in node.names if f"{target}.{alias.name}" in MODULES]
    return submodules + ([target] if len(submodules) < len(node.names) else [])


def _imports(body: list[ast.stmt], in_function: bool = False) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """
    The imports that run in *body*, each with whether it runs inside a function; ``TYPE_CHECKING`` blocks skipped.
    """
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, in_function
        elif isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            yield from _imports(node.orelse, in_function)
        else:
            inner = in_function or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            yield from _imports([child for child in ast.iter_child_nodes(node) if isinstance(child, ast.stmt)], inner)


def _graph() -> tuple[dict[str, set[str]], list[tuple[str, int, str]]]:
    """
    Every module's run-time imports of other maumau modules, and every import inside a function: module, line, target.
    """
    edges: dict[str, set[str]] = {}
    in_functions = []
    for module, (path, package) in MODULES.items():
        edges[module] = set()
        for node, in_function in _imports(ast.parse(path.read_text(encoding="utf-8")).body):
            for target in _targets(module, package, node):
                if in_function:
                    in_functions.append((module, node.lineno, target))
                if target in MODULES and target != module and not module.startswith(f"{target}."):
                    edges[module].add(target)
    return edges, in_functions


def _cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """
    A cycle of *edges*, as the modules along it, or ``None``.
    """
    state: dict[str, int] = {}  # 1: on the path being walked; 2: done, no cycle through it
    path: list[str] = []

    def walk(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for target in sorted(edges[module]):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (found := walk(target)) is not None:
                return found
        state[module] = 2
        path.pop()
        return None

    for module in sorted(edges):
        if module not in state and (found := walk(module)) is not None:
            return found
    return None


def test_no_import_cycle_at_run_time() -> None:
    """
    No module of maumau imports, through others, a module that imports it back: imports inside functions count.
    """
    edges, _ = _graph()

    assert _cycle(edges) is None


def test_imports_inside_functions_are_optional_extras_only() -> None:
    """
    A function imports only what needs an optional extra (numpy, ray, rich, the web table...), never maumau's own
    modules to dodge a cycle, nor the standard library.
    """
    _, in_functions = _graph()
    stdlib = sys.stdlib_module_names

    dodges = [
        (module, line, target)
        for module, line, target in in_functions
        if (target.startswith("maumau") and target not in OPTIONAL_MODULES) or target.split(".")[0] in stdlib
    ]

    assert dodges == []


def test_hookspecs_import_nothing_of_the_implementation() -> None:
    """
    The hook contract sits at the bottom: at run time ``maumau.hookspecs`` imports pluggy and nothing of maumau.
    """
    edges, _ = _graph()

    assert edges["maumau.hookspecs"] == set()


def _reached(edges: dict[str, set[str]], module: str) -> set[str]:
    """
    Every module that importing *module* imports, through others too.
    """
    reached: set[str] = set()
    todo = [module]
    while todo:
        for target in edges[todo.pop()] - reached:
            reached.add(target)
            todo.append(target)
    return reached


def test_the_kernel_plays_the_rules_it_is_given() -> None:
    """
    The kernel (``maumau._engine``) never finds a game by name: the registry of games, the profiles and the
    mechanics sit above it, and starting a game by name (``maumau._games``) above them.
    """
    edges, _ = _graph()

    reached = _reached(edges, "maumau._engine")

    assert reached.isdisjoint({"maumau._registry", "maumau._rules", "maumau.profiles", "maumau.mechanics"})
    assert {"maumau._registry", "maumau._rules", "maumau._engine"} <= _reached(edges, "maumau._games")


@pytest.mark.parametrize("name", sorted(name for name in vars(hookspecs) if name.startswith("maumau_")))
def test_a_hook_specification_has_an_empty_body(name: str) -> None:
    """
    A specification is its signature and docstring alone; the kernel's answer is `maumau.defaults`'.
    """
    path, _ = MODULES["maumau.hookspecs"]
    function = next(
        node
        for node in ast.parse(path.read_text(encoding="utf-8")).body
        if isinstance(node, ast.FunctionDef) and node.name == name
    )

    assert len(function.body) == 1
    assert ast.get_docstring(function) is not None


def test_the_kernels_defaults_answer_hooks_that_exist() -> None:
    """
    Every function of `maumau.defaults` named like a hook implements a specification.
    """
    hooks = {name for name in vars(defaults) if name.startswith("maumau_")}

    assert hooks
    assert hooks <= {name for name in vars(hookspecs) if name.startswith("maumau_")}


def test_the_kernels_defaults_are_registered_first() -> None:
    """
    A game's rules register the kernel's defaults before every other plugin, so every plugin may answer instead.
    """
    state = maumau.new_game("classic", players=2, seed=1)

    impls = state.rules.plugin_manager.hook.maumau_playable.get_hookimpls()

    assert impls[0].plugin_name == KERNEL_NAME
    assert impls[0].function is defaults.maumau_playable


#: The kernel: the modules one action passes through, and those that build a game's rules and find it by name.
KERNEL_MODULES = (
    "_engine",
    "flow",
    "_table_steps",
    "_state",
    "_actions",
    "_tables",
    "_rules",
    "_hook_chains",
    "_registry",
    "plugins",
    "hookspecs",
)


@pytest.mark.parametrize("module", KERNEL_MODULES)
def test_no_kernel_function_is_over_60_lines_or_above_radon_c(module: str) -> None:
    """
    A kernel function reads as a rule: at most 60 lines, docstring included, and a cyclomatic complexity of at
    most 20 (radon's grade C), so that a step or a phase of the turn fits on a screen.
    """
    source = (SOURCE / f"{module}.py").read_text("utf-8")
    blocks = cc_visit(source)
    functions = [*blocks, *(method for block in blocks for method in getattr(block, "methods", ()))]
    too_complex = [f"{each.name} ({each.complexity})" for each in functions if each.complexity > 20]
    too_long = [
        f"{node.name} ({_lines(node)} lines)"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _lines(node) > 60
    ]

    assert not too_complex, f"above radon C: {too_complex}"
    assert not too_long, f"over 60 lines: {too_long}"


def _lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """
    The lines of the function *node*, from its ``def`` to its last line.
    """
    return (node.end_lineno or node.lineno) - node.lineno + 1
