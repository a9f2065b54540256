"""
Each hook's chain of implementations, resolved once into one plain Python function.

A game's rules are one plugin manager; pluggy's dispatch costs more than
the rule it calls on every turn.  So when the rules are built, each hook's
chain (first result, new-style wrappers, collected answers or a pipeline,
as the hook's kind says) is written out once as Python source, the way
attrs writes ``__init__``, and the engine calls that function.  A chain
with an old-style ``hookwrapper`` goes through pluggy itself.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Generator, Sequence
from typing import Any

import pluggy

from .defaults import KERNEL_NAME
from .exceptions import PluginError

__all__ = ["asked", "chain", "trusted"]

#: The packages whose plugins are checked with mypy's strict mode here, so that their annotations can be trusted.
_TRUSTED = ("maumau.", "maumau_variants.")


def trusted(impl: pluggy.HookImpl) -> bool:
    """
    Whether *impl* is one of maumau's own implementations (not the kernel's defaults, nor a house rule's).
    """
    module = getattr(impl.function, "__module__", "") or ""
    return module.startswith(_TRUSTED) and not impl.plugin_name.startswith("house:")


def _always_answers(impl: pluggy.HookImpl) -> bool:
    """
    Whether *impl* is one of maumau's own implementations whose return annotation excludes ``None``.

    A first-result chain stops at the first answer that is not ``None``, so
    the implementations below one that always answers are never asked, and
    the chain may end with it (a variant's `maumau_playable` then is the hook
    itself, one call less at every decision).  Only maumau's own plugins are
    taken at their word: they are type-checked with mypy's strict mode; a
    third party's annotation might not hold.
    """
    function = impl.function
    module = getattr(function, "__module__", "") or ""
    if impl.plugin_name == KERNEL_NAME or not module.startswith(_TRUSTED):
        return False
    annotation = getattr(function, "__annotations__", {}).get("return")
    if not isinstance(annotation, str) or not annotation:
        return False
    return "None" not in annotation and "Optional" not in annotation and "Any" not in annotation


def chain(caller: pluggy.HookCaller, kind: str, argnames: Sequence[str] | None = None) -> Callable[..., Any]:
    """
    The chain of *caller*'s implementations as one plain function taking the spec's arguments in order.

    *kind* is ``"first"``, ``"collected"`` or ``"pipeline"``: each
    implementation is called with the arguments it accepts, in pluggy's
    order.  *argnames*, some of the spec's arguments that every
    implementation makes do with, makes a function of those alone.
    """
    assert caller.spec is not None
    if argnames is None:
        argnames = caller.spec.argnames
    impls = caller.get_hookimpls()  # oldest plugin first; pluggy calls them newest first
    if _old_style(impls, kind):
        if kind == "pipeline":
            raise PluginError("a pipeline hook cannot be wrapped", hook=caller.name)
        return _through_pluggy(caller, argnames, kind)
    plain = [impl for impl in reversed(impls) if not impl.wrapper]
    wrappers = [impl for impl in reversed(impls) if impl.wrapper]
    if kind == "first":
        plain = _asked(plain)
    if kind == "first" and not wrappers and _is_the_hook(plain, argnames):
        function: Callable[..., Any] = plain[0].function  # nothing to chain: the one implementation is the hook
    else:
        function = _written_out(caller.name, kind, argnames, plain)
    for wrapper in reversed(wrappers):  # the innermost wrapper first
        function = _wrapped(caller.name, argnames, wrapper, function)
    return function


def _old_style(impls: list[pluggy.HookImpl], kind: str) -> bool:
    """
    Whether a chain of *impls* must go through pluggy: an old-style ``hookwrapper``, or any wrapper of a hook whose
    answers are collected or passed on.
    """
    return any(impl.hookwrapper for impl in impls) or (kind != "first" and any(impl.wrapper for impl in impls))


def _is_the_hook(plain: list[pluggy.HookImpl], argnames: Sequence[str]) -> bool:
    """
    Whether the first-result chain *plain* is one implementation taking the hook's arguments in order.
    """
    return len(plain) == 1 and tuple(plain[0].argnames) == tuple(argnames)


def asked(caller: pluggy.HookCaller) -> list[pluggy.HookImpl]:
    """
    The implementations of the first-result hook *caller* that a call may reach, newest first: its wrappers, then
    its plain implementations down to the first that always answers.
    """
    impls = caller.get_hookimpls()
    wrappers = [impl for impl in reversed(impls) if impl.wrapper or impl.hookwrapper]
    return wrappers + _asked([impl for impl in reversed(impls) if not (impl.wrapper or impl.hookwrapper)])


def _asked(plain: list[pluggy.HookImpl]) -> list[pluggy.HookImpl]:
    """
    The implementations of a first-result chain, newest first, that may be asked: none below one that always
    answers.
    """
    answering = next((index for index, impl in enumerate(plain) if _always_answers(impl)), None)
    return plain if answering is None else plain[: answering + 1]


#: What each kind of chain does with an implementation's answer ``r``, and how it ends.
_STEPS = {
    "first": (["    if r is not None:", "        return r"], "    return None"),
    "collected": (["    if r is not None:", "        results.append(r)"], "    return results"),
    "pipeline": (["    if r is not None:", "        state = r"], "    return state"),
}


def _written_out(name: str, kind: str, argnames: Sequence[str], plain: Sequence[pluggy.HookImpl]) -> Callable[..., Any]:
    """
    The plain implementations *plain* (newest first) called as a hook of *kind* does, as one generated function.
    """
    if kind == "pipeline" and (not argnames or argnames[0] != "state"):
        raise PluginError("a pipeline hook's first argument must be 'state'", hook=name)
    namespace: dict[str, Any] = {}
    lines = [f"def {name}({', '.join(argnames)}):"]
    if kind == "collected":
        lines.append("    results = []")
    order = list(plain) if kind == "first" else list(reversed(plain))  # collected and pipelines: oldest first
    step, end = _STEPS[kind]
    for index, impl in enumerate(order):
        namespace[f"f{index}"] = impl.function
        call = f"f{index}({', '.join(impl.argnames)})"
        if kind == "first" and index == len(order) - 1:  # the last answer is the hook's, None or not
            lines.append(f"    return {call}")
            break
        lines += [f"    r = {call}", *step]
    else:
        lines.append(end)
    exec(compile("\n".join(lines), f"<maumau hook {name}>", "exec"), namespace)
    function: Callable[..., Any] = namespace[name]
    return function


def _wrapped(
    name: str, argnames: Sequence[str], wrapper: pluggy.HookImpl, inner: Callable[..., Any]
) -> Callable[..., Any]:
    """
    *inner* inside a new-style pluggy wrapper: the wrapper's ``yield`` receives *inner*'s answer (or its error).
    """
    picks = [argnames.index(arg) for arg in wrapper.argnames]
    function: Callable[..., Any] = wrapper.function
    if picks == list(range(len(argnames))):  # the hook's arguments, in order: nearly always (passed on as they are)
        started = function
    else:
        chosen = operator.itemgetter(*picks) if picks else None

        def started(*args: Any) -> Any:
            if chosen is None:
                return function()
            return function(*chosen(args)) if len(picks) > 1 else function(chosen(args))

    def call(*args: Any) -> Any:
        # Wrappers run around hooks asked at every action (a mechanic's round_over): the generator is run to its
        # yield by a loop rather than next() and a StopIteration caught, and its arguments passed on as they came.
        generator: Generator[None, Any, Any] = started(*args)
        for _ in generator:
            break
        else:
            raise PluginError("a wrapper must yield once", plugin=wrapper.plugin_name, hook=name)
        try:
            result = inner(*args)
        except BaseException as error:  # the wrapper may handle it, as pluggy lets it
            try:
                generator.throw(error)
            except StopIteration as stop:
                return stop.value
            raise PluginError("a wrapper must return once", plugin=wrapper.plugin_name, hook=name) from error
        try:
            generator.send(result)
        except StopIteration as stop:
            return stop.value
        raise PluginError("a wrapper must yield only once", plugin=wrapper.plugin_name, hook=name)

    return call


def _through_pluggy(caller: pluggy.HookCaller, argnames: Sequence[str], kind: str) -> Callable[..., Any]:
    """
    *caller* itself, for hooks with old-style wrappers: slower, but exactly pluggy's semantics.
    """

    def call(*args: Any) -> Any:
        result = caller(**dict(zip(argnames, args, strict=True)))
        return list(reversed(result)) if kind == "collected" else result

    return call
