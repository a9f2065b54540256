"""
Sphinx configuration for the maumau documentation.

The build must pass with ``-n -W`` offline: intersphinx is opt-in
(``MAUMAU_INTERSPHINX=1``), and references into other projects are otherwise
left as plain text.
"""

from __future__ import annotations

import doctest
import importlib
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import attrs
from docutils import nodes
from docutils.statemachine import StringList
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

import maumau
from maumau._state import state_fields

ROOT = Path(__file__).resolve().parent.parent
# The guides import the example plugins, as a reader running them from a checkout would.
sys.path.insert(0, str(ROOT / "examples"))

project = "maumau"
author = "maumau developers"
copyright = "2026, maumau developers"
release = maumau.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.intersphinx",
    "sphinx.ext.napoleon",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]

# `name` in docstrings is a cross-reference, as in attrs.
default_role = "any"
nitpicky = True
nitpick_ignore_regex = [
    # Projects reached through intersphinx only; offline they stay plain text.
    ("py:.*", r"(collections\.abc|typing|enum|random|os|pluggy|attrs|attr|cattrs|starlette|asyncio|_asyncio)\..*"),
    ("py:.*", r"(Sequence|Iterable|Mapping|Iterator|Callable|TypeVar|Enum|T|maumau(\.\w+)*\.(T|_F))"),
    # The same projects named in docstrings, where the default role is `any`.
    ("any", r"(attrs|attr|cattrs|pluggy)\..*"),
    # The action log is a private cons list; `GameState.actions` is its public face.
    ("py:.*", r"ActionLog"),
    # An opponent of maumau.rl's environments: a bot factory or a level's name, as the docstrings say.
    ("py:.*", r"Opponent"),
    # maumau.rl's arrays and environments: numpy and the RL libraries are extras, not installed for the docs.
    ("py:.*", r"(np|npt|numpy)\..*"),
    ("py:.*", r"Maumau(AEC|Gym|Vector)Env|BotFactory"),
    ("any", r"gymnasium\..*"),
]

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 2

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
napoleon_google_docstring = True
napoleon_numpy_docstring = False

doctest_global_setup = "from maumau import *"
# Sphinx ignores what an exception says by default (IGNORE_EXCEPTION_DETAIL): here a doctest's error message is
# compared as it is printed, so that a page never shows a message the library no longer gives.
doctest_default_flags = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1
doctest_test_doctest_blocks = "default"

html_theme = "furo"
html_title = f"maumau {release}"


# Intersphinx is opt-in: the builds in CI and on developers' machines have no network
# but the package registries, and a reproducible build must not depend on one.
# ``MAUMAU_INTERSPHINX=1 sphinx-build ...`` links python, attrs, cattrs and pluggy.
if os.environ.get("MAUMAU_INTERSPHINX") == "1":
    intersphinx_mapping = {
        "python": ("https://docs.python.org/3", None),
        "attrs": ("https://www.attrs.org/en/stable", None),
        "cattrs": ("https://catt.rs/en/stable", None),
        "pluggy": ("https://pluggy.readthedocs.io/en/stable", None),
    }


def _public_alias(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: nodes.TextElement
) -> nodes.Element | None:
    """
    Resolve ``maumau._private.Name`` (how autodoc sees a type) to its public ``maumau.Name``, and the same
    for a public subpackage's private modules (``maumau.web._lobby.Lobby`` to ``maumau.web.Lobby``).
    """
    if node.get("refdomain") != "py":
        return None
    module, _, name = str(node.get("reftarget", "")).rpartition(".")
    parts = module.split(".")
    private = next((number for number, part in enumerate(parts) if part.startswith("_")), None)
    if parts[0] != "maumau" or private is None:
        return None
    public = ".".join(parts[:private])  # maumau._table → maumau; maumau.web._lobby → maumau.web
    if name not in getattr(importlib.import_module(public), "__all__", ()):
        return None
    domain = env.get_domain("py")
    return domain.resolve_xref(env, node["refdoc"], app.builder, node["reftype"], f"{public}.{name}", node, contnode)


class VariantTable(SphinxDirective):
    """
    A table of the installed variants, read from `maumau.variants`, linked to their pages.
    """

    has_content = False

    def run(self) -> list[nodes.Node]:
        rows = [
            ".. list-table::",
            "   :header-rows: 1",
            "   :widths: 15 10 75",
            "",
            "   * - variant",
            "     - players",
            "     - summary",
        ]
        for name, info in maumau.variants().items():
            page = f"variants/{name}"
            title = f":doc:`{name}`" if page in self.env.found_docs else f"``{name}``"
            rows += [
                f"   * - {title}",
                f"     - {info.seats.start} to {info.seats.stop - 1}",
                f"     - {info.summary}",
            ]
        container = nodes.container()
        self.state.nested_parse(StringList(rows, source="variant-table"), self.content_offset, container)
        return list(container.children)


def _literal(value: object) -> str:
    if isinstance(value, tuple):  # a mapping option, stored as sorted pairs
        return ", ".join(f"{key}: {number}" for key, number in value)
    return f"``{value!r}``"


def _allowed(option: maumau.Option) -> str:
    if option.choices is not None:
        return ", ".join(_literal(choice) for choice in option.choices)
    if isinstance(option.default, bool):
        return "``True``, ``False``"
    low, high = option.minimum, option.maximum
    what = "a number for each player count" if isinstance(option.default, tuple) else "a whole number"
    if low is not None and high is not None:
        return f"{what} from {low} to {high}"
    if low is not None:
        return f"{what}, at least {low}"
    if high is not None:
        return f"{what}, at most {high}"
    return what if isinstance(option.default, (int, tuple)) else "any text"


class VariantOptions(SphinxDirective):
    """
    A table of one variant's options, as the variant declares them: ``.. variant-options:: classic``.
    """

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        installed = maumau.variants()
        if name not in installed:
            error = self.state.document.reporter.error(
                f"variant-options: no installed variant {name!r}; installed: {', '.join(installed)}",
                line=self.lineno,
            )
            return [error]
        rows = [
            ".. list-table::",
            "   :header-rows: 1",
            "   :widths: 20 15 20 45",
            "",
            "   * - option",
            "     - default",
            "     - allowed",
            "     - meaning",
        ]
        for option in installed[name].options:
            rows += [
                f"   * - ``{option.name}``",
                f"     - {_literal(option.default)}",
                f"     - {_allowed(option)}",
                f"     - {option.doc}",
            ]
        container = nodes.container()
        self.state.nested_parse(StringList(rows, source=f"variant-options {name}"), self.content_offset, container)
        return list(container.children)


class ProfileReference(SphinxDirective):
    """
    Every key a game profile may hold, generated from the schema that ships with maumau: ``.. profile-reference::``.
    """

    has_content = False

    def run(self) -> list[nodes.Node]:
        from maumau.profiles import reference

        rows = [
            ".. list-table::",
            "   :header-rows: 1",
            "   :widths: 30 15 55",
            "",
            "   * - key",
            "     - default",
            "     - meaning",
        ]
        for path, description, default in reference():
            shown = "" if default is None else f"``{json.dumps(default, ensure_ascii=False)}``"
            rows += [f"   * - ``{path}``", f"     - {shown}", f"     - {description.replace('`', '``')}"]
        container = nodes.container()
        self.state.nested_parse(StringList(rows, source="profile-reference"), self.content_offset, container)
        return list(container.children)


class ProfileGallery(SphinxDirective):
    """
    The mechanics of every installed game profile, one row per game: ``.. profile-gallery::``.
    """

    has_content = False

    #: Columns: a heading, and whether a profile's data plays the mechanic.
    COLUMNS: tuple[tuple[str, Any], ...] = (
        ("several cards", lambda data: "several" in data),
        ("wild", lambda data: "wild" in data.get("play", {})),
        ("draw debt", lambda data: any(s.get("draw") for s in _specials(data))),
        ("skip", lambda data: any(s.get("skip") for s in _specials(data))),
        ("reverse", lambda data: any(s.get("reverse") for s in _specials(data))),
        ("play again", lambda data: any(s.get("again", "none") != "none" for s in _specials(data))),
        ("rank wish", lambda data: any(s.get("wish_rank") for s in _specials(data))),
        ("others draw", lambda data: any(s.get("draw_others") or s.get("draw_previous") for s in _specials(data))),
        ("sit out", lambda data: any(s.get("sit_out") for s in _specials(data))),
        ("debt kinds", lambda data: data.get("debts", {}).get("stack", "same_rank") != "same_rank"),
        ("calls", lambda data: bool(data.get("calls"))),
        ("challenges", lambda data: bool(data.get("challenges"))),
        ("finish rules", lambda data: "finish" in data),
        ("placings", lambda data: data.get("round", {}).get("ends") == "placings"),
    )

    def run(self) -> list[nodes.Node]:
        from maumau.profiles import installed_profiles

        rows = [".. list-table::", "   :header-rows: 1", "", "   * - game"]
        rows += [f"     - {heading}" for heading, _ in self.COLUMNS]
        for name, profile in installed_profiles().items():
            rows.append(f"   * - ``{name}``")
            rows += [f"     - {'✓' if test(profile.data) else ''}" for _, test in self.COLUMNS]
        container = nodes.container()
        self.state.nested_parse(StringList(rows, source="profile-gallery"), self.content_offset, container)
        return list(container.children)


class RuleSheet(SphinxDirective):
    """
    A game's rule sheet, generated from its data with its worked examples: ``.. rule-sheet:: GAME``.
    """

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        game = self.arguments[0]
        if game not in maumau.variants():  # a plugin package's game, not installed where the docs are built
            return [nodes.paragraph(text=f"Install the package of {game} to see its rule sheet: maumau rules {game}.")]
        sheet = maumau.rule_sheet(game)
        return [nodes.literal_block(sheet, sheet, language="text")]


def _specials(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [special for special in data.get("special", {}).values() if special.get("enabled", True)]


_ATTRS_DEFAULT = re.compile(r"attr_dict\['(\w+)'\]\.default")


def _attrs_defaults(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, signature: str | None, annotation: str | None
) -> tuple[str | None, str | None] | None:
    """
    Show an attrs class's defaults as values: with ``autodoc_preserve_defaults``, autodoc shows the source of
    the ``__init__`` that attrs generated, ``attr_dict['draw'].default``.
    """
    if signature is None or not (isinstance(obj, type) and attrs.has(obj)):
        return None
    fields = attrs.fields_dict(obj)

    def value(match: re.Match[str]) -> str:
        default = fields[match.group(1)].default
        if isinstance(default, attrs.Factory):
            return f"{getattr(default.factory, '__name__', 'factory')}()"
        return repr(default)

    return _ATTRS_DEFAULT.sub(value, signature), annotation


def _state_signature(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, signature: str | None, annotation: str | None
) -> tuple[str | None, str | None] | None:
    """
    Show `maumau.GameState`'s signature as its fields are: a field held in the set-up or the standing has its
    own default there or none (the constructor's marker for "not given" is left out), and the keywords that
    `attrs.evolve` hands the set-up and the standing by are not shown.
    """
    if obj is not maumau.GameState or signature is None:
        return None
    for field in state_fields():
        shown = "" if field.default is attrs.NOTHING else f" = {field.default!r}"
        signature = re.sub(rf"\b({field.name}: [^=]*?) = _NOT_GIVEN", rf"\1{shown}", signature)
    return re.sub(r", \*, set_up: .*(?=\)$)", "", signature), annotation


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("autodoc-process-signature", _state_signature)
    app.connect("missing-reference", _public_alias)
    app.connect("autodoc-process-signature", _attrs_defaults)
    app.add_directive("variant-table", VariantTable)
    app.add_directive("variant-options", VariantOptions)
    app.add_directive("profile-reference", ProfileReference)
    app.add_directive("profile-gallery", ProfileGallery)
    app.add_directive("rule-sheet", RuleSheet)
    return {"parallel_read_safe": True}
